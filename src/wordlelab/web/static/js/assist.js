// The Assist page: the player reports what another game showed; the server suggests the next
// guess. One board, N boards or Absurdle. Only the newest answer is drawn, and the buttons rest
// while a request runs. What was entered is kept in this browser (the start request and the
// state's actions), so a reload or a server restart rebuilds the assistant (/api/assist/resume).
import { $, el, rowOf, mini, colourName, PATTERN_CHARS, parseColours, holdFocus } from "./dom.js";
import { api, ApiError, Latest, saidOr, withProgress } from "./api.js";
import { t, metricName } from "./i18n.js";
import { fmt, pct, range, perAnswer } from "./format.js";
import { settings, variantFields, variantKey, isMulti as multiVariant, isAbsurdle as absurdleVariant } from "./state.js";

const FEW = 10;  // at most this many words left: possible answers lead the best-guess table
const STORE = "wordlelab-assist";
// colours: one array of tile colours per board still open (one board: one array). kept: how to
// rebuild the assistant on screen, {key, id, start, actions}, as it is in localStorage.
export const assist = { state: null, colours: [], touched: false, latest: new Latest(), kept: null };

// One kept assistant per variant (as Play keeps one game per variant), filed under the variant
// it was started in.
const storeName = (key) => `${STORE}-${key}`;

function keep(state, start, key) {
  assist.kept = { key, id: state.id, start, actions: state.actions || [] };
  try { localStorage.setItem(storeName(key), JSON.stringify(assist.kept)); } catch { /* storage off or full: kept until the page closes */ }
}

function readKept(key) {
  try { return JSON.parse(localStorage.getItem(storeName(key)) || "null"); } catch { return undefined; }
}

/** Drop ``kept`` (it no longer replays); an assistant started meanwhile in its place stays. */
function forget(kept) {
  const now = readKept(kept.key);
  if (!now || now.id === kept.id) localStorage.removeItem(storeName(kept.key));
  if (assist.kept && assist.kept.id === kept.id) assist.kept = null;
}

const topN = () => Number($("assist-top-n").value);

const isMulti = (s) => (s.rules ? s.rules.variant === "multi" : Array.isArray(s.boards));
const isAbsurdle = (s) => Boolean(s.rules && s.rules.variant === "absurdle");
const isCandidate = (g) => g.is_candidate ?? g.p_answer > 0;

/** The buttons rest while a request runs; ``startFree``: Start stays, so a slow restore never
 * holds the page (a new assistant's answer is the newer one, and the one drawn). */
function setBusy(on, startFree = false) {
  $("assist").setAttribute("aria-busy", String(on));
  for (const id of ["assist-new", "assist-record", "assist-skip", "assist-undo", "assist-top-n"]) {
    $(id).disabled = (on && !(startFree && id === "assist-new")) || (id === "assist-undo" && !(assist.state && assist.state.can_undo));
  }
  const solvedUndo = $("assist-undo-solved");
  if (solvedUndo) solvedUndo.disabled = on;
}

/** Run ``work``, which resolves to {state, start, key} (the new state, the start request it
 * comes from and the variant it is filed under), with the buttons resting and ``busyText``
 * after a moment; the newest answer is drawn and kept. */
async function request(work, { busyText = "working", startFree = false } = {}) {
  const busy = setTimeout(() => { $("assist-busy").textContent = t(busyText); }, 300);
  const refocus = holdFocus();
  setBusy(true, startFree);
  try {
    const r = await assist.latest.run(work);
    if (r === null) return;  // a newer request was made meanwhile: its answer is the one to draw
    assist.state = r.value.state;
    assist.key = r.value.key;
    keep(r.value.state, r.value.start, r.value.key);
    $("assist-error").textContent = "";
    if (r.value.key !== variantKey()) { $("assist-main").hidden = true; return; }  // the address moved to another game meanwhile: kept, not drawn
    draw();
  } catch (err) {
    $("assist-error").textContent = err.message;
  } finally {
    clearTimeout(busy);
    if (!assist.latest.busy) {
      $("assist-busy").textContent = "";
      setBusy(false);
      // Solved: Undo is all there is to do; else the colours of the next row.
      refocus(() => $("assist-undo-solved") || $("assist-pattern"));
    }
  }
}

/** The kept assistant again under a new id (the server lost it: restarted, or it expired). One
 * that no longer replays (other lists, say) is dropped, and the error says so; one the server
 * could not rebuild just now stays kept. Either way in the page's language, reason included. */
async function resume(kept) {
  try {
    return await api("/api/assist/resume", { ...kept.start, actions: kept.actions, top: topN() });
  } catch (err) {
    if (err.status !== 400) throw restoreFailed(err);
    forget(kept);
    throw new ApiError(t("assistNotRestored", { error: saidOr(err, "rowsRefused") }), err.status, true);
  }
}

const restoreFailed = (err) => new ApiError(t("assistRestoreFailed", { error: saidOr(err, "serverFailed") }), err.status, true);

/** An action on the assistant on screen ("play", "undo", "skip", "top"). A server that no
 * longer knows it gets it back from what is kept, and the action again. */
function call(action, body = {}) {
  const s = assist.state;
  const kept = assist.kept;
  return request(async () => {
    // The first guess recorded on one board: with "Exact after any opener", the server proves
    // the opener's tree first where none is kept, and the wait says how far it is.
    const first = action === "play" && settings().prove && !isMulti(s) && !isAbsurdle(s) && (s.rows || []).length === 0;
    const proving = (p) => { $("assist-busy").textContent = t("proving", { word: p.opener.toUpperCase(), done: p.done, total: p.total }); };
    const send = (id) => (first
      ? withProgress((progress) => api(`/api/assist/${id}/${action}`, { ...body, top: topN(), prove: true, progress }), proving)
      : api(`/api/assist/${id}/${action}`, { ...body, top: topN() }));
    try {
      return { state: await send(s.id), start: kept && kept.start, key: assist.key };
    } catch (err) {
      if (err.status !== 404 || !kept || kept.id !== s.id) throw err;
      const again = await resume(kept);
      try {
        return { state: await send(again.id), start: kept.start, key: kept.key };
      } catch (err2) {
        // Refused (bad colours, say): the board is the same, under its new id; what was typed stays.
        assist.state = again;
        keep(again, kept.start, kept.key);
        throw err2;
      }
    }
  });
}

/** The assistant on screen is the one for the variant in the address. */
export function assistShown() {
  return Boolean(assist.state) && assist.key === variantKey() && !$("assist-main").hidden;
}

/** The assistant kept for the variant in the address: by its id while the server has it, else
 * rebuilt from its start request and actions. False when none is kept. */
export async function restoreAssist(applySettings) {
  const key = variantKey();
  const kept = readKept(key);
  const usable = kept && typeof kept.id === "string" && kept.start && typeof kept.start === "object" && Array.isArray(kept.actions);
  if (!usable) {
    if (kept !== null) localStorage.removeItem(storeName(key));  // not what this page writes: nothing to rebuild from
    return false;
  }
  kept.key = key;
  const o = kept.start;
  applySettings({ lang: o.lang, length: o.length, hard: o.hard, lists: o.lists });
  updateStrategies();
  if (o.strategy && [...$("assist-strategy").options].some((x) => x.value === o.strategy)) $("assist-strategy").value = o.strategy;
  await request(async () => {
    try {
      const state = await api(`/api/assist/${encodeURIComponent(kept.id)}?top=${topN()}`);
      return { state, start: o, key };
    } catch (err) {
      if (err.status !== 404) throw restoreFailed(err);
      return { state: await resume(kept), start: o, key };
    }
  }, { busyText: "assistRestoring", startFree: true });
  return true;
}

/** A word as the exact figures name it, marked when the game refused it ('skip'). */
function exactWord(word, refused) { return word.toUpperCase() + (refused.includes(word) ? t("refusedMark") : ""); }

/** Proven bounds per answer as the server rounded them for display ([low, high], outwards, the
 * figures the terminal shows); null: no win within the guesses left is proven possible. */
function shownBounds(b) { return b ? range(b[0], b[1]) : range(null, null); }

function exactLine(x, refused = []) {
  // Totals are over the answers left; per answer they are expected guesses, this one included.
  const what = x.exact ? t("provenAvg", { v: fmt(perAnswer(x.total, x.answers), 3) })
    : t("boundsAvg", { v: shownBounds(x.expected_shown) });
  return el("p", { id: "assist-exact" }, t("perfectFrom"), el("strong", { text: x.best ? exactWord(x.best, refused) : "–" }), `, ${what}`);
}

function drawExactTop(x, refused = []) {
  const table = $("assist-exact-top");
  table.replaceChildren();
  const rows = x && x.top_complete ? x.top : [];
  $("assist-exact-head").hidden = rows.length === 0;
  if (!rows.length) return;
  // The best's expected guesses are in the line above, and each word's in the best-guesses table:
  // this table gives what those do not, each guess's cost against the best (guesses per answer).
  table.append(el("tr", {}, ...["#", t("hGuess"), t("hCostVsBest")].map((h) => el("th", { scope: "col", text: h }))));
  const best = perAnswer(rows[0].total, x.answers);
  rows.forEach((g, i) => table.append(el("tr", {}, el("td", { text: String(i + 1) }), el("td", { text: exactWord(g.word, refused) }),
    el("td", { text: g.exact ? costVsBest(perAnswer(g.total, x.answers) - best) : shownBounds(g.expected_shown) }))));
}

/** A proven value against the best: "0" for the best, else "+0.030". */
function costVsBest(d) { return d < 5e-4 ? "0" : `+${fmt(d, 3)}`; }

/** A chance as the CLI writes it: two decimals under 10% (1 in 2315 is 0.04%, not 0.0%). */
function percent(p) { return pct(p, p < 0.1 ? 2 : 1); }

function exactCell(x) {
  if (!x) return "–";
  if (x.kind === "exact") return fmt(x.shown ?? x.expected, 3);
  if (x.kind === "can fail") return t("canFail");
  // Hard mode's objective: the best play after it loses answers (their number, then guesses).
  if (x.kind === "loses" && x.expected === null) return t("loses", { n: `≥${x.lost}` });
  if (x.kind === "loses") return `${fmt(x.shown ?? x.expected, 3)} (${t("loses", { n: x.lost })})`;
  if (x.kind === "at least") return `≥${fmt(x.shown ?? x.expected, 3)}`;  // rounded down: still a bound
  return "–";
}

/** The best-guess table; its columns are the figures the server sent (one board or several). */
function drawTop(s) {
  const table = $("assist-top");
  const sample = s.top[0] || {};
  const cols = [["#", (r) => String(r.rank)], [t("hGuess"), (r) => r.word.toUpperCase() + (isCandidate(r) ? " ✓" : "")]];
  if ("bits" in sample) cols.push([t("hBits"), (r) => fmt(r.bits, 3)]);
  if ("expected" in sample) cols.push([t("hExpectedLeft"), (r) => fmt(r.expected, 2)]);
  if (!("bits" in sample) && "value" in sample) cols.push([metricName(sample.metric || "value"), (r) => fmt(r.value, 3)]);
  if ("p_answer" in sample) cols.push([t("hPAnswer"), (r) => (r.p_answer ? percent(r.p_answer) : "–")]);
  if ("largest" in sample) cols.push([t("hWorst"), (r) => String(r.largest)]);
  // Each row's exact expected guesses, as the server's library gives them (proven, a bound, or none).
  if (s.top.some((r) => r.exact && r.exact.kind !== "unknown")) cols.push([t("hExact"), (r) => exactCell(r.exact)]);
  table.replaceChildren(el("tr", {}, ...cols.map(([h]) => el("th", { scope: "col", text: h }))));
  let rows = s.top.map((r, i) => ({ ...r, rank: i + 1 }));
  const left = isMulti(s) ? Math.max(0, ...s.boards.filter((b) => !b.solved).map((b) => b.remaining)) : s.remaining;
  const few = left <= FEW;
  if (few) rows = [...rows.filter(isCandidate), ...rows.filter((r) => !isCandidate(r))];
  table.dataset.possibleFirst = few ? "1" : "";
  for (const r of rows) {
    table.append(el("tr", isCandidate(r) ? { class: "possible", title: t("possibleAnswer") } : {},
      ...cols.map(([, f]) => el("td", { text: f(r) }))));
  }
  if (few && rows.length) table.append(el("caption", { text: t("possibleFirst") }));
  $("assist-top-key").hidden = !rows.some(isCandidate);  // what the ✓ says, where there is one
}

function drawBoards(s) {
  const board = $("assist-board");
  board.style.setProperty("--cols", s.length);
  if (isMulti(s)) {
    board.classList.add("multi");
    board.style.setProperty("--per-row-wide", String(Math.min(s.boards.length, 4)));
    board.style.setProperty("--per-row-narrow", String(Math.min(s.boards.length, s.boards.length >= 16 ? 4 : 2)));
    board.replaceChildren(...s.boards.map((b, i) => el("div", {
      class: "subboard" + (b.solved ? " solved" : ""), role: "group",
      "aria-label": t(b.solved ? "solvedBoard" : "board", { i: i + 1 }) }, ...b.rows.map(rowOf))));
  } else {
    board.classList.remove("multi");
    board.replaceChildren(el("div", { class: "subboard" }, ...s.rows.map(rowOf)));
  }
  // No blank band above the first suggestion: on several boards too, whose empty boards (and the
  // gaps between them) took room before any row was played.
  board.hidden = isMulti(s) ? s.boards.every((b) => b.rows.length === 0) : s.rows.length === 0;
}

function draw() {
  const s = assist.state;
  $("assist-main").hidden = false;
  drawBoards(s);
  const box = $("assist-suggest");
  box.replaceChildren();
  // A solved game has nothing left to enter or choose: the form and the tables go.
  for (const id of ["assist-form", "assist-tiles-hint", "assist-tables"]) $(id).hidden = s.solved;
  if (isAbsurdle(s)) $("assist-tables").hidden = true;  // its "top" is the forced line, said above
  $("assist-tiles-hint").textContent = t("tilesHint") + (isAbsurdle(s) ? ` ${t("absurdleHint")}` : "");
  $("assist-skip").hidden = isAbsurdle(s);
  const turns = isMulti(s) ? s.guesses.length : s.rows.length;
  if (s.solved) {
    const last = isMulti(s) ? "" : s.rows[s.rows.length - 1].word.toUpperCase();
    box.append(el("p", { class: "big", text: isMulti(s) ? t("allSolved", { n: turns }) : t("solvedIn", { n: turns, word: last }) }),
      el("button", { type: "button", id: "assist-undo-solved" }, t("undo")));
    $("assist-undo-solved").addEventListener("click", () => call("undo"));
  } else {
    const g = s.suggestion;
    const line = el("p", {}, t("playWord"), el("strong", { class: "big", id: "assist-suggestion", text: g.word.toUpperCase() }));
    if (isAbsurdle(s)) {
      line.append(` — ${t("adversary", { emoji: "" })}`);
      if (Array.isArray(g.colors)) line.append(mini(g.colors));  // drawn, not left to an emoji font
      else line.append(g.emoji || g.pattern || "");
    }
    else if ("bits" in g) {
      line.append(t("suggestionLine", { bits: fmt(g.bits, 2), expected: fmt(g.expected, 1), possible: t("possibleNow", { n: s.remaining }) }));
    } else if ("value" in g) line.append(` — ${metricName(g.metric || "value")} ${fmt(g.value, 3)}`);
    box.append(line);
    if (isAbsurdle(s) && s.plan && s.plan.length) {
      box.append(el("p", { id: "assist-plan", text: t("forcedWin", { words: s.plan.map((w) => w.toUpperCase()).join(" → ") }) }));
    }
    if (s.exact) box.append(exactLine(s.exact, s.skipped || []));
    $("assist-word").value = g.word;
  }
  $("assist-pattern").value = "";
  assist.colours = [];
  assist.touched = false;
  drawTiles();
  if (!s.solved) drawTop(s);
  if (s.widened) {
    const note = s.list_note_kind ? t(s.list_note_kind === "offList" ? "offListNote" : "widenedNote") : s.widened;
    box.append(el("p", { class: "note", id: "assist-widened", text: note }));
  }
  drawExactTop(s.exact, s.skipped || []);
  drawWordsLeft(s);
  $("assist-undo").disabled = !s.can_undo;
}

/** The assistant on screen again, in the page's language now; what is being entered (word,
 * colours clicked or typed) stays as it is. */
export function redrawAssist() {
  if (!assist.state || $("assist-main").hidden) return;  // none, or one for another game
  const kept = { word: $("assist-word").value, pattern: $("assist-pattern").value, colours: assist.colours, touched: assist.touched };
  draw();
  $("assist-word").value = kept.word;
  $("assist-pattern").value = kept.pattern;
  assist.colours = kept.colours;
  assist.touched = kept.touched;
  drawTiles();
}

function drawWordsLeft(s) {
  const head = $("assist-words-head");
  const words = $("assist-words");
  if (isMulti(s)) {
    // Each board's own count is on its line: a sum over the boards would count a word once per board.
    head.textContent = t("wordsLeftBoards");
    words.replaceChildren(...s.boards.map((b, i) => el("span", { class: "boardwords" },
      b.solved ? t("boardSolved", { i: i + 1 })
        : `${t("boardLeft", { i: i + 1, n: b.remaining })}: ${b.words.join(" ")}${b.remaining > b.words.length ? " …" : ""}`)));
    return;
  }
  head.textContent = t("wordsLeftHead", { n: s.remaining });
  words.textContent = (s.words || []).join(" ") + (s.remaining > (s.words || []).length ? " …" : "");
}

/** The boards whose colours are asked for: every open board (one board: that one). */
function openBoards() {
  const s = assist.state;
  if (!s || !isMulti(s)) return [0];
  return s.boards.map((b, i) => (b.solved ? null : i)).filter((i) => i !== null);
}

function tileLabel(i, letter, c) { return t("tileAria", { i: i + 1, letter: letter.toUpperCase(), colour: colourName(c) }); }

/** The colour tiles under the word: the word's letters, the colours clicked or typed. */
function drawTiles() {
  const word = $("assist-word").value.trim().toLowerCase();
  const n = assist.state ? assist.state.length : 5;
  const boards = openBoards();
  const multi = assist.state && isMulti(assist.state);
  if (assist.colours.length !== boards.length || assist.colours.some((c) => c.length !== n)) {
    assist.colours = boards.map(() => Array(n).fill(0));
  }
  const box = $("assist-tiles");
  box.replaceChildren();
  boards.forEach((boardIndex, j) => {
    const row = el("div", { class: "tilerow", "data-board": String(boardIndex) });
    if (multi) row.append(el("span", { class: "small boardname", text: String(boardIndex + 1) }));
    for (let i = 0; i < n; i++) {
      const c = assist.colours[j][i];
      const b = el("button", { type: "button", class: `tile c${c} clickable`, "data-index": String(i),
        title: t("tileTitle"), "aria-label": tileLabel(i, word[i] || "", c) }, (word[i] || "").toUpperCase());
      b.addEventListener("click", () => {
        assist.colours[j][i] = (assist.colours[j][i] + 1) % 3;
        assist.touched = true;
        $("assist-pattern").value = "";  // the clicks are the colours now
        drawTiles();
        box.querySelector(`[data-board="${boardIndex}"] [data-index="${i}"]`).focus();
      });
      row.append(b);
    }
    box.append(row);
  });
}

function patternFor(colours) { return colours.map((c) => PATTERN_CHARS[c]).join(""); }

function recordBody() {
  const s = assist.state;
  const word = $("assist-word").value.trim();
  const typed = $("assist-pattern").value.trim();
  if (typed) return { word, pattern: typed };  // as typed (several boards: as the CLI reads them)
  if (isMulti(s)) {
    const open = openBoards();
    return { word, patterns: s.boards.map((_, i) => (open.includes(i) ? patternFor(assist.colours[open.indexOf(i)]) : null)) };
  }
  if (isAbsurdle(s) && !assist.touched) return { word };  // the adversary answers
  return { word, pattern: patternFor(assist.colours[0]) };
}

// The strategies on offer: one board's, several boards' (/api/options "multi_strategies"), and
// none for Absurdle (its suggestions come from its own search).
const strategies = { classic: [], multi: [], defaultClassic: "entropy" };

export function setStrategies(options) {
  strategies.classic = options.strategies || [];
  strategies.multi = options.multi_strategies || [];
  strategies.defaultClassic = options.default_strategy || "entropy";
  updateStrategies();
}

/** The strategy choice for the variant now shown (called when the variant changes). */
export function updateStrategies() {
  const select = $("assist-strategy");
  const names = absurdleVariant() ? [] : multiVariant() ? strategies.multi : strategies.classic;
  const keep = select.value;
  select.replaceChildren(...names.map((name) => new Option(name, name)));
  select.value = names.includes(keep) ? keep : (multiVariant() ? names[0] : strategies.defaultClassic) || "";
  select.closest("label").hidden = names.length === 0;
}

export function setupAssist() {
  $("assist-new").addEventListener("click", () => {
    // A new assistant: the one kept for this variant is replaced by it (its rows are gone).
    const start = { ...settings(), ...variantFields() };
    if (!absurdleVariant()) start.strategy = $("assist-strategy").value;
    const key = variantKey();
    request(async () => ({ state: await api("/api/assist", { ...start, top: topN() }), start, key }));
  });
  $("assist-word").addEventListener("input", drawTiles);
  $("assist-pattern").addEventListener("input", () => {
    // Typed colours show on the tiles at once (boards separated by spaces); a character that is
    // no colour leaves its tile grey, and the server's message says what is wrong on Record.
    const text = $("assist-pattern").value.trim();
    const boards = openBoards();
    const n = assist.state ? assist.state.length : 5;
    const parts = boards.length > 1 ? text.split(/\s+/).filter((p) => p !== "-") : [text];
    assist.colours = boards.map((_, j) => { const typed = parseColours(parts[j] || ""); return Array.from({ length: n }, (_, i) => typed[i] ?? 0); });
    assist.touched = text !== "";
    drawTiles();
  });
  $("assist-form").addEventListener("submit", (e) => {
    e.preventDefault();
    if (assist.latest.busy || !assist.state) return;  // no double Enter
    if (!$("assist-word").value.trim()) {
      // An empty field would record the suggestion, which the tiles no longer show: ask instead.
      $("assist-error").textContent = t("typeFirst");
      $("assist-word").focus();
      return;
    }
    call("play", recordBody());
  });
  $("assist-top-n").addEventListener("change", () => { if (assist.state) call("top"); });
  $("assist-skip").addEventListener("click", () => { if (!assist.latest.busy && assist.state) call("skip"); });
  $("assist-undo").addEventListener("click", () => { if (!assist.latest.busy && assist.state) call("undo"); });
}
