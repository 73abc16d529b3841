// Small helpers to build the page: elements, tiles, rows of tiles.
import { t } from "./i18n.js";

export const $ = (id) => document.getElementById(id);
export const COLOURS = ["grey", "yellow", "green"];
export const PATTERN_CHARS = [".", "y", "g"];

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

export function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

export function colourName(c) { return t(COLOURS[c]); }

export function tile(letter, colour) {
  const blank = colour === undefined || colour === null;
  const cls = "tile" + (blank ? (letter ? " empty filled" : " empty") : ` c${colour}`);
  const label = blank ? (letter || t("empty")) : `${letter} ${colourName(colour)}`;
  return el("span", { class: cls, "aria-label": label, role: "img" }, (letter || "").toUpperCase());
}

export function mini(colors) {
  const span = el("span", { class: "mini", role: "img", "aria-label": colors.map(colourName).join(" ") });
  for (const c of colors) span.append(el("span", { class: `c${c}` }));
  return span;
}

export function rowOf(row) {
  const div = el("div", { class: "row" });
  [...row.word].forEach((ch, i) => div.append(tile(ch, row.colors[i])));
  return div;
}

/** Colours typed as . y g, B Y G, 0 1 2 or the share squares; null where a character is not one. */
export function parseColours(text) {
  const out = [];
  for (const ch of text.replace(/\s+/g, "")) {
    if (".bx0⬜⬛-_".includes(ch.toLowerCase())) out.push(0);
    else if ("y1🟨🟦".includes(ch.toLowerCase())) out.push(1);
    else if ("g2🟩🟧".includes(ch.toLowerCase())) out.push(2);
    else out.push(null);
  }
  return out;
}

/** Call before a request disables the control in use; the returned function, called once it is
 * over, puts the keyboard focus back: a disabled control drops the focus to the page, and a
 * keyboard user would start again from the top. The control gets it again, or, where it is gone,
 * hidden or still disabled, ``fallback()`` (the next place to type). A focus the user has moved
 * meanwhile stays where it is. */
export function holdFocus() {
  const had = document.activeElement;
  if (!had || had === document.body) return () => {};  // the focus was nowhere (a restore on load): nothing to keep
  const usable = (x) => Boolean(x) && x.isConnected && !x.disabled && !x.closest("[hidden]");
  return (fallback = () => null) => {
    const now = document.activeElement;
    if (now && now !== document.body) return;
    const target = usable(had) ? had : fallback();
    if (usable(target)) target.focus();
  };
}
