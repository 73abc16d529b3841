// The Play page: one game of any variant the server plays (one board, N boards, Absurdle) on the
// board, typed from the keyboard or the on-screen keys, kept across a reload, and a results
// dialog at the end.
import { $, el, tile, rowOf, colourName } from "./dom.js";
import { api, ApiError, Latest, saidOr } from "./api.js";
import { t, praise } from "./i18n.js";
import { drawStats } from "./stats.js";
import { settings, variantFields, variantKey, isAbsurdle, go } from "./state.js";

const STORE = "wordlelab-play";
const SEEDS = "wordlelab-seeds";
export const play = { state: null, typed: "", latest: new Latest(), guessing: false, practice: false, announced: false, notice: "",
  enterQueued: false };

// One kept game per variant; a game is filed under its own variant whatever the address says now.
const storeName = (s = null) => `${STORE}-${s && s.rules ? s.rules.key : variantKey()}`;

function save() {
  const s = play.state;
  if (!s) return;
  // The settings too, in the clear: a game that cannot be restored leaves its language behind.
  localStorage.setItem(storeName(s), JSON.stringify({ id: s.id, saved: s.saved ?? null, typed: play.typed, practice: play.practice,
    lang: s.lang, length: s.length, hard: s.hard }));
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

export function focusBoard() {
  // Keys go to the game, not to the control just used; never take the focus from wherever the
  // user has moved it meanwhile (a tab, another page's field).
  const active = document.activeElement;
  if (!active || active === document.body || $("play").contains(active) || $("settings").contains(active)) {
    $("play-board").focus();
  }
}

const guessesOf = (s) => s.guesses || s.rows.map((r) => r.word);
// Every state of a server with variants has "boards" (one for classic); the rules say which game it is.
const isMultiState = (s) => (s.rules ? s.rules.variant === "multi" : Array.isArray(s.boards) && s.boards.length > 1);
const isAbsurdleState = (s) => s.rules ? s.rules.variant === "absurdle" : false;
const practiceOf = (s) => (s.practice === undefined ? play.practice : s.practice || play.practice);

function intro(s) {
  if (isAbsurdleState(s)) return t("guessAbsurdle");
  if (isMultiState(s)) return t("guessBoards", { boards: s.boards.length, n: s.length, tries: s.tries });
  return t("guessWord", { n: s.length, tries: s.tries });
}

function progressLine(s) {
  if (isAbsurdleState(s)) return t("absurdleLeft", { n: s.remaining });
  return t("triesLeft", { n: s.turns_left });
}

function endLine(s) {
  const n = guessesOf(s).length;
  if (isAbsurdleState(s)) return t("absurdleWon", { word: (s.answer || "").toUpperCase(), n });
  if (isMultiState(s)) {
    return s.won ? t("boardsWon", { boards: s.boards.length, n, tries: s.tries })
      : t("wordsWere", { words: (s.answers || []).map((w) => w.toUpperCase()).join(", ") });
  }
  if (s.won) return `${praise(s.praise)}! ${n}/${s.tries}`;
  return t("wordWas", { word: (s.answer || "").toUpperCase() });
}

function show(state, message) {
  play.state = state;
  $("play-practice").hidden = !practiceOf(state);
  $("play-msg").textContent = message;
  save();
  drawGame();
  focusBoard();
  refreshStats();
}

/** A new game for the settings and variant shown. ``keepTyped``: letters typed into a game not yet
 * begun carry over to the new one (a setting changed mid-word loses nothing). False when the
 * server refused it (its message is shown; the game on the board, if any, stays). */
export async function newGame(keepTyped = false) {
  const seed = isAbsurdle() ? "" : $("play-seed").value.trim();  // (Absurdle has no seed field)
  const practice = isReplay(seed);
  try {
    const r = await play.latest.run(() => api("/api/play", {
      ...settings(), ...variantFields(), seed: seed === "" ? null : seed, no_stats: practice,
    }));
    if (r === null) return true;  // a newer request took over
    const typed = keepTyped === true ? play.typed : "";  // as it is now, keys pressed meanwhile included
    play.typed = [...typed].filter((ch) => r.value.letters.includes(ch)).slice(0, r.value.length).join("");
    play.practice = practice;
    play.announced = false;
    closeResult();
    const notice = play.notice ? `${play.notice.replace(/[^.!?…]$/, "$&.")} ` : "";  // a server line ends with no stop
    play.notice = "";
    show(r.value, notice + intro(r.value));
    return true;
  } catch (err) {
    $("play-msg").textContent = err.message;  // the server's one line (an unknown variant, say)
    return false;
  }
}

/** The game kept from before a reload: by its id while the server has it, else resumed from its
 * saved string (after a server restart). True when a game is on the board. */
export async function restoreGame(applySettings) {
  let stored;
  try { stored = JSON.parse(localStorage.getItem(storeName()) || "null"); } catch { stored = null; }
  if (!stored || typeof stored.id !== "string") return false;
  // Its language (and length) from the start: a game that cannot be restored is said so in it,
  // and the new game in its place is one of the same kind.
  applySettings({ lang: stored.lang, length: stored.length, hard: typeof stored.hard === "boolean" ? stored.hard : undefined });
  let state = null;
  try {
    const r = await play.latest.run(() => api(`/api/play/${encodeURIComponent(stored.id)}`));
    if (r === null) return true;
    state = r.value;
  } catch (err) {
    if (err.status === 404 && typeof stored.saved === "string") {
      try {
        const r = await play.latest.run(() => api("/api/play/resume", { saved: stored.saved }));
        if (r === null) return true;
        state = r.value;
      } catch (err2) {
        play.notice = saidOr(err2, "restoreRefused");  // a changed saved game: the server says so in one line
      }
    } else {
      play.notice = t("restoreLost");
    }
  }
  if (state === null) {
    localStorage.removeItem(storeName());
    return false;
  }
  applySettings({ lang: state.lang, length: state.length, hard: state.hard });
  // The seed field as it was: the restored game's seed (empty for a random game).
  $("play-seed").value = String(state.seed ?? "");
  play.typed = typeof stored.typed === "string" ? stored.typed.slice(0, state.length) : "";
  play.practice = Boolean(stored.practice);
  play.announced = state.over;  // a finished game shows its results on request, not again on reload
  show(state, state.over ? endLine(state) : guessesOf(state).length ? progressLine(state) : intro(state));
  return true;
}

function boardRows(box, rows, s, typing) {
  // Absurdle has no limit of tries: the rows played and the one being typed.
  const tries = s.tries ?? rows.length + (typing ? 1 : 0);
  for (let r = 0; r < Math.max(tries, rows.length); r++) {
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
  board.dataset.seed = String(s.seed ?? "");  // which game is on the board
  board.dataset.over = s.over ? "1" : "";
  board.dataset.guesses = String(guessesOf(s).length);
  board.dataset.variant = s.rules ? s.rules.key : "classic";
  const option = s.rules && [...$("variant").options].find((o) => o.value === s.rules.key);
  if (option && option.text === s.rules.key) option.text = s.rules.title;  // "boards-7" → "7 boards"
  board.style.setProperty("--rows-tall", String(s.tries || Math.max(6, s.rows.length + 1)));
  if (isMultiState(s)) {
    board.classList.add("multi");
    s.boards.forEach((b, i) => {
      const solved = b.solved_at !== null && b.solved_at !== undefined;
      const box = el("div", { class: "subboard" + (solved ? " solved" : ""), role: "group",
        "aria-label": t(solved ? "solvedBoard" : "board", { i: i + 1 }) });
      boardRows(box, b.rows, s, !s.over && !solved);
      board.append(box);
    });
  } else {
    board.classList.remove("multi");
    const box = el("div", { class: "subboard" });
    boardRows(box, s.rows, s, !s.over);
    board.append(box);
  }
  drawKeyboard(s);
  fitBoards();
  $("play-show-result").hidden = !s.over;
  if (s.over) {
    $("play-msg").textContent = endLine(s);
    fillResult(s);
    if (!play.announced) { play.announced = true; openResult(); }
  }
}

// Several boards: below this many pixels a tile's letter is too small to read, and the boards
// scroll instead of all sharing the screen.
const MIN_TILE = 18;
const MAX_TILE = 50;  // the single board's largest tile (3.1rem)
const COMFORTABLE_TILE = 24;

/** Several boards sized to the screen: as many side by side as give the largest tiles with every
 * board, the message and the keyboard on one screen. Where no arrangement gives readable tiles
 * (eight boards on a phone) the boards take the full width, as many abreast as leave comfortable
 * tiles, as tall as lets one board sit above the keyboard, and the page scrolls
 * (keepPlayedInView). */
export function fitBoards() {
  const s = play.state;
  const board = $("play-board");
  const props = ["--tile", "--gap", "--per-row", "gap"];
  if (!s || !isMultiState(s)) { for (const p of props) board.style.removeProperty(p); return; }
  if ($("play").hidden) return;  // nothing to measure; drawn again when the page shows
  const n = s.boards.length;
  const cols = s.length;
  const tries = s.tries || Math.max(6, ...s.boards.map((b) => b.rows.length + 1));
  const narrow = document.documentElement.clientWidth <= 640;
  const gap = narrow ? 2 : 3;  // between tiles
  const apart = narrow ? 8 : 12;  // between boards
  const width = board.parentElement.clientWidth;
  // Everything on the page but the board (its margins included) stays as it is.
  const rest = document.body.offsetHeight - board.offsetHeight;
  const height = document.documentElement.clientHeight - rest;
  const across = (per) => (width - per * (cols - 1) * gap - (per - 1) * apart) / (per * cols);
  let best = { per: 1, tile: 0 };
  for (let per = 1; per <= n; per++) {
    const bands = Math.ceil(n / per);
    const down = (height - bands * (tries - 1) * gap - (bands - 1) * apart) / (bands * tries);
    const tile = Math.floor(Math.min(across(per), down, MAX_TILE));
    if (tile > best.tile) best = { per, tile };
  }
  board.classList.toggle("scrolls", best.tile < MIN_TILE);
  if (best.tile < MIN_TILE) {
    let per = 1;  // as many abreast as the width gives comfortable tiles
    while (per < n && across(per + 1) >= COMFORTABLE_TILE) per++;
    const dock = $("play-dock").offsetHeight + 16;  // the board's margins
    const oneBoard = (document.documentElement.clientHeight - dock - (tries - 1) * gap) / tries;
    best = { per, tile: Math.max(8, Math.floor(Math.min(across(per), oneBoard, MAX_TILE))) };
  }
  board.style.setProperty("--per-row", String(best.per));
  board.style.setProperty("--tile", `${best.tile}px`);
  board.style.setProperty("--gap", `${gap}px`);
  board.style.gap = `${apart}px`;
}

/** Boards that scroll: the board being played (the first unsolved one) is kept whole between
 * the top of the screen and the keyboard. */
function keepPlayedInView() {
  const board = $("play-board");
  if (!board.classList.contains("scrolls") || $("play").hidden) return;
  const played = board.querySelector(".subboard:not(.solved)");
  if (!played) return;
  const box = played.getBoundingClientRect();
  const bottom = $("play-dock").getBoundingClientRect().top;
  if (box.bottom > bottom) window.scrollBy(0, box.bottom - bottom + 4);
  else if (box.top < 0) window.scrollBy(0, box.top - 4);
}

function drawKeyboard(s) {
  const keyboard = $("play-keyboard");
  keyboard.replaceChildren();
  const rows = s.keyboard.length ? s.keyboard.map((r) => [...r]) : [[...s.letters]];
  rows.forEach((keys, i) => {
    const div = el("div", { class: "keys" });
    const last = i === rows.length - 1;
    if (last) div.append(key(t("enter"), "enter", t("enter"), "wide"));
    for (const ch of keys) div.append(letterKey(ch, s.keys[ch]));
    if (last) div.append(key("⌫", "backspace", t("deleteLetter"), "wide"));
    keyboard.append(div);
  });
}

function letterKey(ch, state) {
  if (Array.isArray(state)) {  // several boards: one cell per board, as the multi-board games draw it
    const named = state.map((c, i) => `${i + 1} ${c === null ? "–" : colourName(c)}`).join(", ");
    const b = key("", ch, `${ch}: ${named}`, "split");
    const cells = el("span", { class: "kcells", "aria-hidden": "true" });
    cells.style.setProperty("--kc", String(Math.ceil(Math.sqrt(state.length))));
    for (const c of state) cells.append(el("span", { class: c === null ? "" : `c${c}` }));
    b.append(cells, el("span", { class: "klabel", text: ch.toUpperCase() }));
    if (state.every((c) => c === 0)) b.classList.add("c0");
    return b;
  }
  const b = key(ch.toUpperCase(), ch, state === undefined || state === null ? ch : `${ch} ${colourName(state)}`);
  if (state !== undefined && state !== null) b.classList.add(`c${state}`);
  return b;
}

function key(label, value, name, extra = "") {
  const b = el("button", { type: "button", class: `key ${extra}`.trim(), "data-key": value, "aria-label": name }, label);
  b.addEventListener("click", () => press(value));
  return b;
}

/** The share text as the NYT writes it in the theme shown: dark mode's grey square is ⬛. */
function shareText(s) {
  return document.documentElement.dataset.theme === "dark" ? s.share.replaceAll("⬜", "⬛") : s.share;
}

function fillResult(s) {
  $("play-result-head").textContent = endLine(s);
  $("play-share").textContent = shareText(s);
  const counted = s.stats !== null && s.stats !== undefined && !practiceOf(s);
  $("play-result-practice").hidden = counted;
  // Analyse reads one Wordle board with its answer; Absurdle's answer is the adversary's choice, not
  // a random word, so a review would call its every move bad luck.
  $("play-analyse").hidden = isMultiState(s) || isAbsurdleState(s) || !s.answer;
  if (counted) drawStats($("play-stats"), s.stats, s.won ? guessesOf(s).length : null);
  else {  // not counted: the statistics as they stand, nothing marked
    const box = $("play-stats");
    statsFor(s.lang, s.length, s.rules ? s.rules.key : variantKey())
      .then((summary) => drawStats(box, { summary }))
      .catch((err) => drawStats(box, { error: err.message }));
  }
}

let statsAsked = 0;

async function drawStatsNow() {
  const asked = ++statsAsked;
  const o = settings();
  const summary = await statsFor(o.lang, o.length, variantKey());
  if (asked === statsAsked) drawStats($("play-stats-now"), { summary });  // a later ask draws its own
}

/** The open statistics box drawn again: for the settings as they are now, in the page's language,
 * with a game just ended counted (it kept the figures and words it was opened with). */
export async function refreshStats() {
  if ($("play-stats-now").hidden) return;
  try {
    await drawStatsNow();
  } catch (err) {
    drawStats($("play-stats-now"), { error: err.message });
  }
}

export function statsFor(lang, length, key) {
  const q = new URLSearchParams({ lang, length: String(length) });
  if (key && key !== "classic") q.set("variant", key);
  return api(`/api/stats?${q}`);
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

/** The guess, to the game on the board. A server that no longer knows the game (restarted, or
 * it expired) gets it back from its saved string, as a reload would, and the guess again. */
async function sendGuess(s, word) {
  try {
    return await api(`/api/play/${s.id}/guess`, { word });
  } catch (err) {
    if (err.status !== 404 || typeof s.saved !== "string") throw err;
    try {
      play.state = await api("/api/play/resume", { saved: s.saved });
    } catch (err2) {  // a changed one: its own error, in the page's language
      throw new ApiError(saidOr(err2, "restoreRefusedNow"), err2.status, true);
    }
    save();  // the new id, so a reload finds the game too
    return api(`/api/play/${play.state.id}/guess`, { word });
  }
}

export async function press(value) {
  const s = play.state;
  if (!s || s.over) return;
  if (value === "enter") {
    // One guess at a time. The word leaves the typing row at once, so letters typed while it is
    // judged start the next word; an Enter meanwhile waits its turn (never the same word twice).
    if (play.guessing) { play.enterQueued = true; return; }
    const word = play.typed;
    if (!word) { $("play-msg").textContent = t("typeFirst"); return; }
    play.guessing = true;
    play.typed = "";
    try {
      play.state = await sendGuess(s, word);
      if (!play.state.over) $("play-msg").textContent = progressLine(play.state);
      else refreshStats();  // the game just ended counts in the figures shown
    } catch (err) {
      play.typed = (word + play.typed).slice(0, s.length);  // a refused word costs nothing: it is back
      play.enterQueued = false;
      $("play-msg").textContent = err.message;
    } finally {
      play.guessing = false;
    }
    save();
    drawGame();
    keepPlayedInView();
    if (play.enterQueued) { play.enterQueued = false; if (play.typed) press("enter"); }
    return;
  } else if (value === "backspace") {
    play.typed = play.typed.slice(0, -1);
  } else if (play.typed.length < s.length) {
    play.typed += value;
  }
  save();
  drawGame();
  keepPlayedInView();
}

export function setupPlay() {
  window.addEventListener("resize", fitBoards);
  $("play-new").addEventListener("click", () => newGame());
  // "New game" after a game: a fresh random one (the seed field would replay the same game, as practice).
  $("play-again").addEventListener("click", () => { closeResult(); $("play-seed").value = ""; newGame(); });
  $("play-close").addEventListener("click", () => { closeResult(); focusBoard(); });
  $("play-result").addEventListener("close", () => $("play-board").focus());
  $("play-show-result").addEventListener("click", () => { if (play.state && play.state.over) openResult(); });
  $("play-show-stats").addEventListener("click", async () => {
    // The keys go back to the board, as after New game: a word typed next and its Enter are a
    // guess, not a press of this button again (which closed the box and played nothing).
    const box = $("play-stats-now");
    if (!box.hidden) { box.hidden = true; focusBoard(); return; }
    try {
      await drawStatsNow();
      box.hidden = false;
    } catch (err) {
      $("play-msg").textContent = err.message;
    }
    focusBoard();
  });
  $("play-copy").addEventListener("click", async () => {
    try {
      if (play.state && play.state.over) $("play-share").textContent = shareText(play.state);  // the theme now
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
    const params = new URLSearchParams({ grid: s.share, words: guessesOf(s).join(" "), answer: s.answer || "" });
    go(`analyse?${params}`);
  });
  document.addEventListener("keydown", (e) => {
    if ($("play").hidden || !play.state || e.ctrlKey || e.metaKey || e.altKey || $("play-result").open) return;
    const target = e.target;
    const tag = target.tagName;
    const texty = tag === "TEXTAREA" || tag === "SELECT" || (tag === "INPUT" && target.type !== "checkbox");
    if (texty) return;
    if (e.key === "Enter" && (tag === "BUTTON" || tag === "A")) return;  // a focused control handles its own Enter
    // A key the game folds into one of its letters (ё on a Russian keyboard) types that letter.
    const k = (play.state.folds ?? {})[e.key.toLowerCase()] ?? e.key.toLowerCase();
    if (k === "enter" || k === "backspace") { e.preventDefault(); press(k); }
    else if (k.length === 1 && play.state.letters.includes(k)) { e.preventDefault(); press(k); }
    else if (k.length === 1 && /\p{L}/u.test(k) && !play.state.over) {
      // A letter of another alphabet (a Latin keyboard layout in a Russian game): say so rather
      // than drop the keys without a word.
      $("play-msg").textContent = t("otherLayout", { key: k.toUpperCase() });
    }
  });
}
