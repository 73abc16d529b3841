// Numbers as the pages write them: proven values plainly, bounds always with ≥ / ≤.

import { t } from "./i18n.js";

export function fmt(x, digits = 2) { return x === null || x === undefined ? "–" : Number(x).toFixed(digits); }

/** A value that may only be an upper bound (a tree found, not proven best): "≤x" then. */
export function upTo(x, exact, digits = 3) { return x === null || x === undefined ? "–" : (exact ? "" : "≤") + fmt(x, digits); }

/** A proven range [low, high] (high null: none found); one number when the two meet. */
export function range(low, high, digits = 3) {
  if (low === null || low === undefined) return t("canFail");  // no win within the guess limit is guaranteed
  if (high === null || high === undefined) return `≥${fmt(low, digits)}`;
  return Math.abs(high - low) < 1e-9 ? fmt(low, digits) : `≥${fmt(low, digits)} ≤${fmt(high, digits)}`;
}

export function perAnswer(total, n) { return total === null || total === undefined ? null : total / n; }
