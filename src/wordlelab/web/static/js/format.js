// Numbers as the pages write them: proven values plainly, bounds always with ≥ / ≤.

import { lang, t } from "./i18n.js";

/** A number as the page's language writes it: a decimal comma on the Russian page (3,421). */
export function fmt(x, digits = 2) {
  if (x === null || x === undefined) return "–";
  const text = Number(x).toFixed(digits);
  return lang() === "ru" ? text.replace(".", ",") : text;
}

/** A number written in full (String(x)) with the page's decimal mark. */
export function num(x) { return lang() === "ru" ? String(x).replace(".", ",") : String(x); }

/** A percentage of ``p`` (0-1) with ``digits`` decimals, as ``fmt`` writes numbers. */
export function pct(p, digits = 1) { return `${fmt(100 * p, digits)}%`; }

/** A value that may only be an upper bound (a tree found, not proven best): "≤x" then. */
export function upTo(x, exact, digits = 3) { return x === null || x === undefined ? "–" : (exact ? "" : "≤") + fmt(x, digits); }

/** A proven range [low, high] (high null: none found); one number when the two meet. */
export function range(low, high, digits = 3) {
  if (low === null || low === undefined) return t("canFail");  // no win within the guess limit is guaranteed
  if (high === null || high === undefined) return `≥${fmt(low, digits)}`;
  return Math.abs(high - low) < 1e-9 ? fmt(low, digits) : `≥${fmt(low, digits)} ≤${fmt(high, digits)}`;
}

export function perAnswer(total, n) { return total === null || total === undefined ? null : total / n; }
