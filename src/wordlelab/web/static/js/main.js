// wordlelab in the browser. Every rule, suggestion and judgement comes from the server (the
// library); these modules only draw, keep the letters being typed and send requests.
import { $, el } from "./dom.js";
import { api } from "./api.js";
import { setLang, t } from "./i18n.js";
import { PAGES, variants, parseRoute, address, go, setVariant, refuseVariant, variantKey, variantTitle } from "./state.js";
import { play, setupPlay, newGame, restoreGame, focusBoard, drawGame, refreshStats, fitBoards } from "./play.js";
import { setupAssist, assist, setStrategies, updateStrategies, redrawAssist, assistShown, restoreAssist } from "./assist.js";
import { setupAnalyse, analyseFromRoute, redrawAnalyse } from "./analyse.js";
import { setupBench, restoreBench } from "./bench.js";
import { watchScroll } from "./scroll.js";
import { watchWarmup } from "./warmup.js";

const THEME = "wordlelab-theme";
const SETTINGS = "wordlelab-settings";

/** The settings as last shown, so that a reload of any page opens with them (not only Play's
 * and Assist's, whose kept game or assistant brings its own). */
function keepSettings() {
  const shown = { lang: $("lang").value, length: Number($("length").value), hard: $("hard").checked, lists: $("lists").value };
  try { localStorage.setItem(SETTINGS, JSON.stringify(shown)); } catch { /* storage off or full: kept until the page closes */ }
}

function keptSettings() {
  let kept;
  try { kept = JSON.parse(localStorage.getItem(SETTINGS) || "null"); } catch { kept = null; }
  if (!kept || typeof kept !== "object") return {};
  return { lang: kept.lang, length: kept.length, lists: kept.lists, hard: typeof kept.hard === "boolean" ? kept.hard : undefined };
}

function showLists() {
  // Only the English five-letter game has several list sets; the server ignores the field elsewhere.
  $("lists-label").hidden = !($("lang").value === "en" && $("length").value === "5");
}

/** Dark mode follows the system until the toggle is pressed; then the choice is kept. */
function setupTheme() {
  const system = window.matchMedia("(prefers-color-scheme: dark)");
  const apply = () => {
    const chosen = localStorage.getItem(THEME);
    const dark = chosen ? chosen === "dark" : system.matches;
    document.documentElement.dataset.theme = dark ? "dark" : "light";
    $("theme").setAttribute("aria-pressed", String(dark));
  };
  $("theme").addEventListener("click", () => {
    const dark = document.documentElement.dataset.theme === "dark";
    localStorage.setItem(THEME, dark ? "light" : "dark");
    apply();
    // As after a setting changed: the next keys go to the game, so Enter guesses the word typed
    // rather than pressing this button again.
    if (currentPage() === "play") focusBoard();
  });
  system.addEventListener("change", apply);
  apply();
}

/** "Exact after any opener" stays as the player left it (on unless turned off). */
function setupProve() {
  $("prove").addEventListener("change", () => localStorage.setItem("wordlelab-prove", $("prove").checked ? "" : "0"));
  $("prove").checked = localStorage.getItem("wordlelab-prove") !== "0";
}

function setupContrast() {
  $("contrast").addEventListener("change", () => {
    document.body.classList.toggle("contrast", $("contrast").checked);
    localStorage.setItem("wordlelab-contrast", $("contrast").checked ? "1" : "");
  });
  $("contrast").checked = localStorage.getItem("wordlelab-contrast") === "1";
  document.body.classList.toggle("contrast", $("contrast").checked);
}

const offered = (select, value) => value !== undefined && value !== null && [...$(select).options].some((o) => o.value === String(value));

/** Show these settings (those given and offered here), and the page in the language chosen. */
function applySettings({ lang, length, hard, lists }) {
  if (offered("lang", lang)) $("lang").value = lang;
  if (offered("length", length)) $("length").value = String(length);
  if (hard !== undefined) $("hard").checked = hard;
  if (offered("lists", lists)) $("lists").value = lists;
  showLists();
  setLang($("lang").value);
  keepSettings();
}

function currentPage() { return PAGES.find((name) => !$(name).hidden) || "play"; }

function showPage(page) {
  for (const name of PAGES) {
    const on = name === page;
    $(name).hidden = !on;
    $(`tab-${name}`).setAttribute("aria-selected", String(on));
    $(`tab-${name}`).tabIndex = on ? 0 : -1;
    $(`tab-${name}`).href = address(name);
  }
  $("variant-label").hidden = variants.list.length < 2 || !(page === "play" || page === "assist");
}

/** The title names the page (and the game), so the browser's history tells its entries apart. */
function setTitle(page) {
  const game = page === "play" || page === "assist" ? ` · ${variantTitle()}` : "";
  document.title = `${$(`tab-${page}`).textContent}${game} · wordlelab`;
}

/** Draw what the address names: the page, the variant, a game handed to Analyse. */
async function render() {
  const route = parseRoute();
  $("route-error").textContent = route.error || "";
  const changed = route.variant !== variantKey();
  if (changed) {
    setVariant(route.variant);
    updateStrategies();
    if (assist.state) $("assist-main").hidden = true;  // that assistant plays another game
  }
  showPage(route.page);
  setTitle(route.page);
  if (route.page === "play" && (changed || !play.state)) {
    const said = $("play-msg").textContent;  // the line of the game on the board, if any
    const shown = (await restoreGame(applySettings)) || (await newGame());
    if (!shown && changed) await refused(route.variant, said);
  } else if (route.page === "play") {
    fitBoards();  // the screen may have changed while another page showed
    focusBoard();
  }
  if (route.page === "assist" && !assistShown()) await restoreAssist(applySettings);  // kept from before a reload
  if (route.page === "analyse") analyseFromRoute(route.params);
}

/** The server refused the game the address names: its line goes where address errors go, and
 * the select and the address name the game on the board again (classic when there is none, then
 * started). ``said``: that game's own line, back under it. */
async function refused(name, said) {
  $("route-error").textContent = $("play-msg").textContent;
  const fallback = play.state && play.state.rules ? play.state.rules.key : "classic";
  refuseVariant(name, fallback);
  updateStrategies();
  history.replaceState(null, "", address("play", fallback));
  setTitle("play");
  if (play.state) {
    $("play-msg").textContent = said;
    focusBoard();
  } else if (!(await restoreGame(applySettings))) {
    await newGame();
  }
}

function setupTabs() {
  PAGES.forEach((name, i) => {
    const tab = $(`tab-${name}`);
    tab.addEventListener("keydown", (e) => {
      const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      e.preventDefault();
      const next = PAGES[(i + step + PAGES.length) % PAGES.length];
      go(address(next).slice(1));
      $(`tab-${next}`).focus();
    });
  });
  window.addEventListener("hashchange", render);
}

function setupSettings() {
  $("variant").addEventListener("change", () => go(address(currentPage(), $("variant").value).slice(1)));
  $("lang").addEventListener("change", () => {
    // What is on screen, said again in the new language: the data is all in the page.
    setLang($("lang").value);
    setTitle(currentPage());
    if (play.state) drawGame();
    refreshStats();
    redrawAssist();
    redrawAnalyse();
  });
  for (const id of ["lang", "length", "lists", "hard"]) {
    $(id).addEventListener("change", () => {
      showLists();
      keepSettings();
      if (currentPage() !== "play") return;
      // The settings shown are always those of the game on screen: a change starts a new game
      // at once, as the Game menu does (a game under way is left, not counted; a word typed into
      // a game not yet begun carries over). The next keystrokes go to the board either way.
      const s = play.state;
      const underWay = s && (s.guesses || s.rows).length > 0 && !s.over;
      if (underWay) play.notice = t("settingsNewGame");
      newGame(!underWay);
    });
  }
}

async function start() {
  setupTheme();
  setupContrast();
  setupProve();
  setupPlay();
  setupAssist();
  setupAnalyse();
  setupBench();
  for (const box of document.querySelectorAll(".scroll")) watchScroll(box);  // the tables in the page itself
  watchWarmup();  // not awaited: it polls while the server warms up
  const options = await api("/api/options");
  for (const n of options.lengths) $("length").append(el("option", { value: String(n) }, String(n)));
  $("length").value = "5";
  for (const name of options.lists) $("lists").append(el("option", { value: name }, name));
  $("lists").value = options.default_lists;
  if (Array.isArray(options.variants) && options.variants.length) {
    variants.list = options.variants;
    variants.server = true;
  }
  for (const v of variants.list) $("variant").append(el("option", { value: v.key }, v.title));
  setStrategies(options);
  if (options.prove_openers === false) {  // the server does not prove openers' trees (WORDLELAB_PROVE=off)
    $("prove").checked = false;
    $("prove").closest("label").hidden = true;
  }
  applySettings(keptSettings());
  setupTabs();
  setupSettings();
  await render();
  restoreBench();  // a comparison under way before a reload: its progress and Stop again
  document.body.dataset.ready = "1";
}

start().catch((err) => { $("route-error").textContent = err.message; });
