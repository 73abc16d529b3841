// The Assist page: the player reports what another Wordle showed; the server suggests the next
// guess. Only the newest answer is drawn, and the buttons rest while a request runs.
import { $, el, rowOf, colourName, PATTERN_CHARS, parseColours } from "./dom.js";
import { api, Latest } from "./api.js";
import { t } from "./i18n.js";
import { fmt, range, perAnswer } from "./format.js";
import { settings, variantFields } from "./state.js";

const FEW = 10;  // at most this many words left: possible answers lead the best-guess table
export const assist = { state: null, colours: [], latest: new Latest() };

function setBusy(on) {
  $("assist").setAttribute("aria-busy", String(on));
  for (const id of ["assist-new", "assist-record", "assist-skip", "assist-undo", "assist-top-n"]) {
    $(id).disabled = on || (id === "assist-undo" && !(assist.state && assist.state.can_undo));
  }
  const solvedUndo = $("assist-undo-solved");
  if (solvedUndo) solvedUndo.disabled = on;
}

async function call(path, body = {}) {
  const busy = setTimeout(() => { $("assist-busy").textContent = t("working"); }, 300);
  setBusy(true);
  try {
    const r = await assist.latest.run(() => api(path, { ...body, top: Number($("assist-top-n").value) }));
    if (r === null) return;  // a newer request was made meanwhile: its answer is the one to draw
    assist.state = r.value;
    $("assist-error").textContent = "";
    draw();
  } catch (err) {
    $("assist-error").textContent = err.message;
  } finally {
    if (!assist.latest.busy) {
      clearTimeout(busy);
      $("assist-busy").textContent = "";
      setBusy(false);
    } else {
      clearTimeout(busy);
    }
  }
}

function exactLine(x) {
  // Totals are over the answers left; per answer they are expected guesses, this one included.
  const what = x.exact ? `${fmt(perAnswer(x.total, x.answers), 3)} guesses on average, proven`
    : `${range(perAnswer(x.lower, x.answers), perAnswer(x.upper, x.answers))} guesses on average (proven bounds; the search ran out of time)`;
  return el("p", { id: "assist-exact" }, "Perfect play from here: ", el("strong", { text: (x.best || "–").toUpperCase() }), `, ${what}`);
}

function drawExactTop(x) {
  const table = $("assist-exact-top");
  table.replaceChildren();
  const rows = x && x.top_complete ? x.top : [];
  $("assist-exact-head").hidden = rows.length === 0;
  if (!rows.length) return;
  table.append(el("tr", {}, ...["#", "guess", "expected guesses"].map((h) => el("th", { scope: "col", text: h }))));
  rows.forEach((g, i) => table.append(el("tr", {}, el("td", { text: String(i + 1) }), el("td", { text: g.word.toUpperCase() }),
    el("td", { text: g.exact ? fmt(perAnswer(g.total, x.answers), 3) : range(perAnswer(g.lower, x.answers), perAnswer(g.upper, x.answers)) }))));
}

function drawTop(s) {
  const table = $("assist-top");
  table.replaceChildren(el("tr", {}, ...["#", "guess", "bits", "expected left", "P(answer)", "worst case"]
    .map((h) => el("th", { scope: "col", text: h }))));
  let rows = s.top.map((r, i) => ({ ...r, rank: i + 1 }));
  const few = s.remaining <= FEW;
  if (few) rows = [...rows.filter((r) => r.p_answer > 0), ...rows.filter((r) => !(r.p_answer > 0))];
  $("assist-top").dataset.possibleFirst = few ? "1" : "";
  for (const r of rows) {
    const tr = el("tr", r.p_answer > 0 ? { class: "possible" } : {},
      el("td", { text: String(r.rank) }), el("td", { text: r.word.toUpperCase() + (r.p_answer > 0 ? " ✓" : "") }),
      el("td", { text: r.bits.toFixed(3) }), el("td", { text: r.expected.toFixed(2) }),
      el("td", { text: r.p_answer ? `${(100 * r.p_answer).toFixed(1)}%` : "–" }),
      el("td", { text: String(r.largest) }));
    table.append(tr);
  }
  if (few) table.append(el("caption", { text: t("possibleFirst") }));
}

function draw() {
  const s = assist.state;
  $("assist-main").hidden = false;
  const board = $("assist-board");
  board.replaceChildren(...s.rows.map(rowOf));
  board.style.setProperty("--cols", s.length);
  const box = $("assist-suggest");
  box.replaceChildren();
  $("assist-form").hidden = s.solved;
  $("assist-tiles-hint").hidden = s.solved;
  $("assist-tables").hidden = s.solved;  // nothing left to choose
  if (s.solved) {
    box.append(el("p", { class: "big", text: t("solvedIn", { n: s.rows.length, word: s.rows[s.rows.length - 1].word.toUpperCase() }) }),
      el("button", { type: "button", id: "assist-undo-solved" }, t("undo")));
    $("assist-undo-solved").addEventListener("click", () => call(`/api/assist/${s.id}/undo`));
  } else {
    const g = s.suggestion;
    box.append(el("p", {}, t("playWord"), el("strong", { class: "big", id: "assist-suggestion", text: g.word.toUpperCase() }),
      t("suggestionLine", { bits: g.bits.toFixed(2), expected: g.expected.toFixed(1), possible: t("possibleNow", { n: s.remaining }) })));
    if (s.exact) box.append(exactLine(s.exact));
    $("assist-word").value = g.word;
  }
  $("assist-pattern").value = "";
  assist.colours = [];
  drawTiles();
  drawTop(s);
  if (s.widened) box.append(el("p", { class: "note", id: "assist-widened", text: s.widened }));
  drawExactTop(s.exact);
  $("assist-words-head").textContent = t("wordsLeftHead", { n: s.remaining });
  $("assist-words").textContent = s.words.join(" ") + (s.remaining > s.words.length ? " …" : "");
  $("assist-undo").disabled = !s.can_undo;
}

function tileLabel(i, letter, c) { return t("tileAria", { i: i + 1, letter: letter.toUpperCase(), colour: colourName(c) }); }

/** The colour tiles under the word: the word's letters, the colours clicked or typed. */
function drawTiles() {
  const word = $("assist-word").value.trim().toLowerCase();
  const n = assist.state ? assist.state.length : 5;
  if (assist.colours.length !== n) assist.colours = Array(n).fill(0);
  const box = $("assist-tiles");
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const b = el("button", { type: "button", class: `tile c${assist.colours[i]} clickable`, "data-index": String(i),
      title: t("tileTitle"), "aria-label": tileLabel(i, word[i] || "", assist.colours[i]) }, (word[i] || "").toUpperCase());
    b.addEventListener("click", () => {
      assist.colours[i] = (assist.colours[i] + 1) % 3;
      $("assist-pattern").value = "";  // the clicks are the colours now
      drawTiles();
      $("assist-tiles").querySelector(`[data-index="${i}"]`).focus();
    });
    box.append(b);
  }
}

export function setupAssist() {
  $("assist-new").addEventListener("click", () =>
    call("/api/assist", { ...settings(), ...variantFields(), strategy: $("assist-strategy").value }));
  $("assist-word").addEventListener("input", drawTiles);
  $("assist-pattern").addEventListener("input", () => {
    // Typed colours show on the tiles at once; a character that is no colour leaves its tile grey
    // and the server's message says what is wrong on Record.
    const typed = parseColours($("assist-pattern").value);
    const n = assist.state ? assist.state.length : 5;
    assist.colours = Array.from({ length: n }, (_, i) => typed[i] ?? 0);
    drawTiles();
  });
  $("assist-form").addEventListener("submit", (e) => {
    e.preventDefault();
    if (assist.latest.busy || !assist.state) return;  // no double Enter
    const typed = $("assist-pattern").value.trim();
    const pattern = typed || assist.colours.map((c) => PATTERN_CHARS[c]).join("");
    call(`/api/assist/${assist.state.id}/play`, { word: $("assist-word").value.trim(), pattern });
  });
  $("assist-top-n").addEventListener("change", () => { if (assist.state) call(`/api/assist/${assist.state.id}/top`); });
  $("assist-skip").addEventListener("click", () => { if (!assist.latest.busy) call(`/api/assist/${assist.state.id}/skip`); });
  $("assist-undo").addEventListener("click", () => { if (!assist.latest.busy) call(`/api/assist/${assist.state.id}/undo`); });
}
