// What every page shares: the settings form, the variant being played, and the address.
// The address is the truth: #page[/variant][?query]; a link or Back opens what it names.
import { $ } from "./dom.js";

export const PAGES = ["play", "assist", "analyse", "bench"];
// The variants the server offers (from /api/options); "classic" is always there.
export const variants = { list: [{ name: "classic", label: "Wordle", fields: {} }] };
let current = "classic";

export function settings() {
  return { lang: $("lang").value, length: Number($("length").value), hard: $("hard").checked, lists: $("lists").value };
}

export function variant() { return variants.list.find((v) => v.name === current) || variants.list[0]; }
export function variantKey() { return current; }
export function variantFields() { return { ...variant().fields }; }
export function setVariant(name) { current = name; $("variant").value = name; }

/** The route in the address: {page, variant, params, error}; an unknown page or variant is an error. */
export function parseRoute(hash = location.hash) {
  const text = hash.replace(/^#\/?/, "");
  const [path, query = ""] = text.split("?");
  const [page = "", name = ""] = path.split("/");
  const route = { page: page || "play", variant: name || "classic", params: new URLSearchParams(query), error: null };
  if (!PAGES.includes(route.page)) {
    route.error = `no page "${route.page}"; the pages are ${PAGES.join(", ")}`;
    route.page = "play";
  }
  if (!variants.list.some((v) => v.name === route.variant)) {
    route.error = `no game "${route.variant}"; the games are ${variants.list.map((v) => v.name).join(", ")}`;
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
