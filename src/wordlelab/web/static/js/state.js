// What every page shares: the settings form, the variant being played, and the address.
// The address is the truth: #page[/variant][?query]; a link or Back opens what it names.
import { $ } from "./dom.js";

export const PAGES = ["play", "assist", "analyse", "bench"];
// The variants the server offers (/api/options "variants"); a server without them plays classic only.
export const variants = { list: [{ key: "classic", title: "Wordle", variant: "classic", boards: 1, tries: 6 }], server: false };
let current = "classic";
const BOARDS = /^boards-(\d+)(?:-t(\d+))?$/;

export function settings() {
  const o = { lang: $("lang").value, length: Number($("length").value), hard: $("hard").checked, lists: $("lists").value, prove: $("prove").checked };
  if (isMulti()) o.hard = false;  // hard mode is a one-board rule; the server refuses it for several
  return o;
}

export function variantKey() { return current; }
export function variantTitle() { return (variants.list.find((v) => v.key === current) || {}).title || current; }

/** Several boards at once (a named multi game or boards-N). */
export function isMulti(name = current) {
  const known = variants.list.find((v) => v.key === name);
  return known ? known.variant === "multi" : BOARDS.test(name);
}

export function isAbsurdle(name = current) { return name === "absurdle"; }

/** The rules fields of a start request (docs/web-api.md): the server judges any name it is given. */
export function variantFields(name = current) {
  if (!variants.server) return {};
  const m = BOARDS.exec(name);
  if (m) return m[2] ? { variant: "multi", boards: Number(m[1]), tries: Number(m[2]) } : { variant: "multi", boards: Number(m[1]) };
  return { variant: name };
}

export function setVariant(name) {
  current = name;
  if (![...$("variant").options].some((o) => o.value === name)) {
    $("variant").append(new Option(name, name));  // boards-N from an address: shown as asked
  }
  $("variant").value = name;
  $("hard").disabled = isMulti();
  // The adversary draws no answer, so a seed would pick nothing: no seed field for Absurdle.
  $("play-seed").disabled = isAbsurdle();
  $("play-seed").closest("label").hidden = isAbsurdle();
}

/** A name the server refused (an address like #play/nonsense): its option goes, and the game
 * on the board (``fallback``) is named in the select and the address again. */
export function refuseVariant(name, fallback) {
  if (!variants.list.some((v) => v.key === name)) {
    for (const o of [...$("variant").options]) if (o.value === name) o.remove();
  }
  setVariant(fallback);
}

/** The route in the address: {page, variant, params, error}; an unknown page is an error here, an
 * unknown variant is the server's to refuse (a server without variants: here too). */
export function parseRoute(hash = location.hash) {
  const text = hash.replace(/^#\/?/, "");
  const [path, query = ""] = text.split("?");
  const [page = "", name = ""] = path.split("/");
  const route = { page: page || "play", variant: (name || "classic").toLowerCase(), params: new URLSearchParams(query), error: null };
  if (!PAGES.includes(route.page)) {
    route.error = `no page "${route.page}"; the pages are ${PAGES.join(", ")}`;
    route.page = "play";
  }
  if (!variants.server && route.variant !== "classic") {
    route.error = `no game "${route.variant}"; this server plays classic Wordle only`;
    route.variant = "classic";
  }
  return route;
}

export function address(page, name = current) {
  return name === "classic" || page === "analyse" || page === "bench" ? `#${page}` : `#${page}/${name}`;
}

/** Open a route (a new history entry, so Back returns). */
export function go(route) {
  const hash = `#${route}`;
  if (location.hash !== hash) location.hash = hash;
  else window.dispatchEvent(new HashChangeEvent("hashchange"));
}
