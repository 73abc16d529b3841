// The Play page: one game (any variant the server plays) on the board, typed from the keyboard or
// the on-screen keys, kept across a reload, and a results dialog at the end.
import { $, el, tile, rowOf, colourName } from "./dom.js";
import { api, Latest } from "./api.js";
import { t, praise } from "./i18n.js";
import { drawStats } from "./stats.js";
import { settings, variantFields, variantKey, go } from "./state.js";

const STORE = "wordlelab-play";
const SEEDS = "wordlelab-seeds";
export const play = { state: null, typed: "", latest: new Latest(), guessing: false, practice: false, announced: false, notice: "" };

function save() {
  const s = play.state;
  if (!s) return;
  localStorage.setItem(`${STORE}-${variantKey()}`, JSON.stringify({ id: s.id, typed: play.typed, practice: play.practice }));
}

function seedKey(seed) {
  const o = settings();
  return [variantKey(), o.lang, o.length, o.lists, o.hard, seed].join("|");
}

/** A seed played before in this browser is practice: the server is told not to count it. */
function isReplay(seed) {
  if (seed === "") return false;
  const seen = new Set(JSON.parse(localStorage.getItem(SEEDS) || "[]"));
  const key = seedKey(seed);
  const replay = seen.has(key);
  seen.add(key);
  localStorage.setItem(SEEDS, JSON.stringify([...seen].slice(-500)));
  return replay;
}

function focusBoard() {
  // Keys go to the game, not to the button just clicked; never take the focus from wherever the
  // user has moved it meanwhile (a tab, another page's field).
  const active = document.activeElement;
  if (!active || active === document.body || $("play").contains(active) || $("settings").contains(active)) {
    $("play-board").focus();
  }
}

function intro(s) {
  if (s.absurdle) return t("guessAbsurdle");
  if (s.boards && s.boards.length > 1) return t("guessBoards", { boards: s.boards.length, n: s.length, tries: s.tries });
  return t("guessWord", { n: s.length, tries: s.tries });
}

export async function newGame() {
  const seed = $("play-seed").value.trim();
  const practice = isReplay(seed);
  try {
    const r = await play.latest.run(() => api("/api/play", {
      ...settings(), ...variantFields(), seed: seed === "" ? null : seed, no_stats: practice,
    }));
    if (r === null) return;  // a newer request took over
    play.state = r.value;
    play.typed = "";
    play.practice = practice;
    play.announced = false;
    $("play-practice").hidden = !practice;
    closeResult();
    $("play-msg").textContent = (play.notice ? `${play.notice} ` : "") + intro(play.state);
    play.notice = "";
    save();
    drawGame();
    focusBoard();
  } catch (err) {
    $("play-msg").textContent = err.message;
  }
}

/** The game kept from before a reload, if the server still has it; true when one was restored. */
export async function restoreGame(applySettings) {
  let stored;
  const name = `${STORE}-${variantKey()}`;
  try { stored = JSON.parse(localStorage.getItem(name) || "null"); } catch { stored = null; }
  if (!stored || typeof stored.id !== "string") return false;
  try {
    const r = await play.latest.run(() => api(`/api/play/${encodeURIComponent(stored.id)}`));
    if (r === null) return true;
    play.state = r.value;
  } catch (err) {
    localStorage.removeItem(name);
    play.notice = t("restoreLost");
    return false;
  }
  const s = play.state;
  applySettings({ lang: s.lang, length: s.length, hard: s.hard });
  play.typed = typeof stored.typed === "string" ? stored.typed.slice(0, s.length) : "";
  play.practice = Boolean(stored.practice);
  play.announced = s.over;  // a finished game shows its results on request, not again on reload
  $("play-practice").hidden = !play.practice;
  $("play-msg").textContent = s.over ? endLine(s) : intro(s);
  drawGame();
  focusBoard();
  return true;
}

function endLine(s) {
  if (s.won) return `${praise(s.praise)}! ${s.rows.length}/${s.tries}`;
  if (s.answers) return t("wordsWere", { words: s.answers.map((w) => w.toUpperCase()).join(", ") });
  return t("wordWas", { word: (s.answer || "").toUpperCase() });
}

function boardRows(box, rows, s, typing) {
  box.style.setProperty("--cols", s.length);
  for (let r = 0; r < s.tries; r++) {
    if (r < rows.length) { box.append(rowOf(rows[r])); continue; }
    const div = el("div", { class: "row" });
    const letters = r === rows.length && typing ? play.typed : "";
    for (let i = 0; i < s.length; i++) div.append(tile(letters[i] || "", null));
    box.append(div);
  }
}

export function drawGame() {
  const s = play.state;
  const board = $("play-board");
  board.replaceChildren();
  board.style.setProperty("--cols", s.length);
  board.dataset.seed = s.seed === null || s.seed === undefined ? "" : String(s.seed);  // which game is on the board
  board.dataset.over = s.over ? "1" : "";
  if (s.boards && s.boards.length > 1) {
    board.classList.add("multi");
    board.style.setProperty("--per-row", String(s.boards.length >= 4 ? (s.boards.length >= 8 ? 4 : 2) : s.boards.length));
    board.style.setProperty("--boards", String(s.boards.length));
    s.boards.forEach((b, i) => {
      const box = el("div", { class: "subboard" + (b.solved ? " solved" : ""), role: "group", "aria-label": `${i + 1}` });
      boardRows(box, b.rows, s, !s.over && !b.solved);
      board.append(box);
    });
  } else {
    board.classList.remove("multi");
    board.style.removeProperty("--per-row");
    const box = el("div", { class: "subboard" });
    boardRows(box, s.rows, s, !s.over);
    board.append(box);
  }
  drawKeyboard(s);
  $("play-show-result").hidden = !s.over;
  if (s.over) {
    $("play-msg").textContent = endLine(s);
    fillResult(s);
    if (!play.announced) { play.announced = true; openResult(); }
  }
}

function drawKeyboard(s) {
  const keyboard = $("play-keyboard");
  keyboard.replaceChildren();
  const rows = s.keyboard.length ? s.keyboard.map((r) => [...r]) : [[...s.letters]];
  rows.forEach((keys, i) => {
    const div = el("div", { class: "keys" });
    const last = i === rows.length - 1;
    if (last) div.append(key(t("enter"), "enter", t("enter"), "wide"));
    for (const ch of keys) {
      const state = s.keys[ch];
      const b = key(ch.toUpperCase(), ch, state === undefined || state === null ? ch : `${ch} ${colourName(state)}`);
      if (state !== undefined && state !== null) b.classList.add(`c${state}`);
      div.append(b);
    }
    if (last) div.append(key("⌫", "backspace", t("deleteLetter"), "wide"));
    keyboard.append(div);
  });
}

function key(label, value, name, extra = "") {
  const b = el("button", { type: "button", class: `key ${extra}`.trim(), "data-key": value, "aria-label": name }, label);
  b.addEventListener("click", () => press(value));
  return b;
}

function fillResult(s) {
  $("play-result-head").textContent = endLine(s);
  $("play-share").textContent = s.share;
  $("play-result-practice").hidden = !play.practice && s.stats !== null && s.stats !== undefined;
  if (s.stats) drawStats($("play-stats"), s.stats, s.won ? s.rows.length : null);
  else {  // not counted: show the statistics as they stand, nothing highlighted
    const box = $("play-stats");
    api(`/api/stats?lang=${encodeURIComponent(s.lang)}&length=${s.length}`)
      .then((summary) => drawStats(box, { summary }))
      .catch((err) => drawStats(box, { error: err.message }));
  }
}

function openResult() {
  const dialog = $("play-result");
  $("play-copied").textContent = "";
  if (!dialog.open) dialog.showModal();
}

function closeResult() {
  const dialog = $("play-result");
  if (dialog.open) dialog.close();
}

export async function press(value) {
  const s = play.state;
  if (!s || s.over) return;
  if (value === "enter") {
    if (play.guessing) return;  // one guess at a time: a second Enter waits for the first answer
    play.guessing = true;
    try {
      play.state = await api(`/api/play/${s.id}/guess`, { word: play.typed });
      play.typed = "";
      const left = play.state.turns_left;
      if (!play.state.over) $("play-msg").textContent = t("triesLeft", { n: left });
    } catch (err) {
      $("play-msg").textContent = err.message;
    } finally {
      play.guessing = false;
    }
  } else if (value === "backspace") {
    play.typed = play.typed.slice(0, -1);
  } else if (play.typed.length < s.length) {
    play.typed += value;
  }
  save();
  drawGame();
}

export function setupPlay() {
  $("play-new").addEventListener("click", newGame);
  $("play-again").addEventListener("click", () => { closeResult(); newGame(); });
  $("play-close").addEventListener("click", () => { closeResult(); focusBoard(); });
  $("play-result").addEventListener("close", () => $("play-board").focus());
  $("play-show-result").addEventListener("click", () => { if (play.state && play.state.over) openResult(); });
  $("play-show-stats").addEventListener("click", async () => {
    const box = $("play-stats-now");
    if (!box.hidden) { box.hidden = true; return; }
    try {
      const o = settings();
      const summary = await api(`/api/stats?lang=${o.lang}&length=${o.length}`);
      drawStats(box, { summary });
      box.hidden = false;
    } catch (err) {
      $("play-msg").textContent = err.message;
    }
  });
  $("play-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("play-share").textContent);
      $("play-copied").textContent = t("copied");
    } catch (err) {
      $("play-copied").textContent = t("copyFailed");
    }
  });
  $("play-analyse").addEventListener("click", () => {
    const s = play.state;
    if (!s || !s.over) return;
    closeResult();
    const params = new URLSearchParams({ grid: s.share, words: s.rows.map((r) => r.word).join(" "), answer: s.answer || "",
      lang: s.lang, hard: s.hard ? "1" : "" });
    go(`analyse?${params}`);
  });
  document.addEventListener("keydown", (e) => {
    if ($("play").hidden || !play.state || e.ctrlKey || e.metaKey || e.altKey || $("play-result").open) return;
    const target = e.target;
    const tag = target.tagName;
    const texty = tag === "TEXTAREA" || tag === "SELECT" || (tag === "INPUT" && target.type !== "checkbox");
    if (texty) return;
    if (e.key === "Enter" && (tag === "BUTTON" || tag === "A")) return;  // a focused control handles its own Enter
    const k = e.key.toLowerCase();
    if (k === "enter" || k === "backspace") { e.preventDefault(); press(k); }
    else if (k.length === 1 && play.state.letters.includes(k)) { e.preventDefault(); press(k); }
  });
}

export { focusBoard };
