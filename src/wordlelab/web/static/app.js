// wordlelab in the browser. Every rule, suggestion and judgement comes from the server (the
// library); this file only draws tiles, keeps the letters being typed and sends requests.
"use strict";

const $ = (id) => document.getElementById(id);
const PAGES = ["play", "assist", "analyse", "bench"];
const COLOUR_NAMES = ["grey", "yellow", "green"];
const PATTERN_CHARS = [".", "y", "g"];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

function settings() {
  return { lang: $("lang").value, length: Number($("length").value), hard: $("hard").checked,
    lists: $("lists").value };
}

function showLists() {
  // Only the English five-letter game has several list sets; the server ignores the field elsewhere.
  $("lists-label").hidden = !($("lang").value === "en" && $("length").value === "5");
}

function tile(letter, colour, extra = "") {
  const cls = "tile" + (colour === undefined || colour === null ? " empty" : ` c${colour}`) + extra;
  const label = colour === undefined || colour === null ? (letter || "empty")
    : `${letter} ${COLOUR_NAMES[colour]}`;
  return el("span", { class: cls, "aria-label": label, role: "img" }, (letter || "").toUpperCase());
}

function mini(colors) {
  const span = el("span", { class: "mini", role: "img", "aria-label": colors.map((c) => COLOUR_NAMES[c]).join(" ") });
  for (const c of colors) span.append(el("span", { class: `c${c}` }));
  return span;
}

function rowOf(row) {
  const div = el("div", { class: "row" });
  [...row.word].forEach((ch, i) => div.append(tile(ch, row.colors[i])));
  return div;
}

// -- pages -----------------------------------------------------------------------------------------

function show(page) {
  for (const name of PAGES) {
    const on = name === page;
    $(name).hidden = !on;
    $(`tab-${name}`).setAttribute("aria-selected", String(on));
    $(`tab-${name}`).tabIndex = on ? 0 : -1;
  }
  location.hash = page;
}

function setupTabs() {
  PAGES.forEach((name, i) => {
    const tab = $(`tab-${name}`);
    tab.addEventListener("click", () => show(name));
    tab.addEventListener("keydown", (e) => {
      const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      const next = PAGES[(i + step + PAGES.length) % PAGES.length];
      show(next);
      $(`tab-${next}`).focus();
    });
  });
  const start = location.hash.slice(1);
  show(PAGES.includes(start) ? start : "play");
}

// -- play ------------------------------------------------------------------------------------------

const play = { state: null, typed: "", ticket: 0 };

async function newGame() {
  const seed = $("play-seed").value.trim();
  const ticket = ++play.ticket;  // only the newest request may set the game
  try {
    const state = await api("/api/play", { ...settings(), seed: seed === "" ? null : seed });
    if (ticket !== play.ticket) return;
    play.state = state;
    play.typed = "";
    $("play-msg").textContent = `Guess the ${play.state.length}-letter word in ${play.state.tries} tries.`;
    drawGame();
    // So Enter goes to the game, not to the button just clicked; but never take the focus from
    // wherever the user has moved it meanwhile (a tab, another page's field).
    const active = document.activeElement;
    if (!active || active === document.body || $("play").contains(active)) $("play-board").focus();
  } catch (err) {
    $("play-msg").textContent = err.message;
  }
}

function drawGame() {
  const s = play.state;
  const board = $("play-board");
  board.replaceChildren();
  board.style.setProperty("--cols", s.length);
  board.dataset.seed = s.seed === null ? "" : String(s.seed);  // which game is on the board
  for (let r = 0; r < s.tries; r++) {
    if (r < s.rows.length) { board.append(rowOf(s.rows[r])); continue; }
    const div = el("div", { class: "row" });
    const letters = r === s.rows.length && !s.over ? play.typed : "";
    for (let i = 0; i < s.length; i++) div.append(tile(letters[i] || "", null));
    board.append(div);
  }
  const keyboard = $("play-keyboard");
  keyboard.replaceChildren();
  const rows = s.keyboard.length ? s.keyboard.map((r) => [...r]) : [[...s.letters]];
  rows.forEach((keys, i) => {
    const div = el("div", { class: "keys" });
    if (i === rows.length - 1) div.append(key("Enter", "enter", "Enter"));
    for (const ch of keys) {
      const state = s.keys[ch];
      const b = key(ch.toUpperCase(), ch, state === undefined ? ch : `${ch} ${COLOUR_NAMES[state]}`);
      if (state !== undefined) b.classList.add(`c${state}`);
      div.append(b);
    }
    if (i === rows.length - 1) div.append(key("⌫", "backspace", "Delete letter"));
    keyboard.append(div);
  });
  $("play-end").hidden = !s.over;
  if (s.over) {
    $("play-msg").textContent = s.won ? `${s.praise}! ${s.rows.length}/${s.tries}`
      : `The word was ${s.answer.toUpperCase()}.`;
    $("play-share").textContent = s.share;
    drawStats(s.stats);
  }
}

function key(label, value, name) {
  const b = el("button", { type: "button", class: "key", "data-key": value, "aria-label": name }, label);
  b.addEventListener("click", () => press(value));
  return b;
}

function drawStats(stats, box = $("play-stats")) {
  box.replaceChildren();
  if (!stats) return;
  if (stats.error) { box.append(el("p", { class: "error", text: stats.error })); return; }
  const s = stats.summary;
  box.append(el("p", { text: `Played ${s.played} · Win % ${s.win_percent} · Current streak ${s.current_streak} · Max streak ${s.max_streak}` }));
  const top = Math.max(1, ...Object.values(s.distribution));
  const list = el("div", { class: "bars", "aria-label": "Guess distribution" });
  for (const [n, count] of Object.entries(s.distribution)) {
    const bar = el("span", { class: "bar", text: String(count) });
    bar.style.width = `${Math.max(8, 100 * count / top)}%`;
    list.append(el("div", { class: "barrow" }, el("span", { class: "label", text: n }), bar));
  }
  box.append(list);
}

async function press(value) {
  const s = play.state;
  if (!s || s.over) return;
  if (value === "enter") {
    try {
      play.state = await api(`/api/play/${s.id}/guess`, { word: play.typed });
      play.typed = "";
      const left = play.state.turns_left;
      if (!play.state.over) $("play-msg").textContent = `${left} ${left === 1 ? "try" : "tries"} left`;
    } catch (err) {
      $("play-msg").textContent = err.message;
    }
  } else if (value === "backspace") {
    play.typed = play.typed.slice(0, -1);
  } else if (play.typed.length < s.length) {
    play.typed += value;
  }
  drawGame();
}

function setupPlay() {
  $("play-new").addEventListener("click", newGame);
  $("play-show-stats").addEventListener("click", async () => {
    const box = $("play-stats-now");
    if (!box.hidden) { box.hidden = true; return; }
    try {
      const summary = await api(`/api/stats?lang=${$("lang").value}&length=${$("length").value}`);
      drawStats({ summary }, box);
      box.hidden = false;
    } catch (err) {
      $("play-msg").textContent = err.message;
    }
  });
  $("play-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("play-share").textContent);
      $("play-msg").textContent = "Copied.";
    } catch (err) {
      $("play-msg").textContent = "Copy is not allowed here; select the grid and copy it by hand.";
    }
  });
  document.addEventListener("keydown", (e) => {
    if ($("play").hidden || !play.state || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target.tagName;
    if (target === "INPUT" || target === "TEXTAREA" || target === "SELECT") return;
    if (e.key === "Enter" && target === "BUTTON") return;  // a focused button handles its own Enter
    const k = e.key.toLowerCase();
    if (k === "enter" || k === "backspace") { e.preventDefault(); press(k); }
    else if (k.length === 1 && play.state.letters.includes(k)) { e.preventDefault(); press(k); }
  });
}

// -- assist ----------------------------------------------------------------------------------------

const assist = { state: null, colours: [] };

function assistError(err) { $("assist-error").textContent = err ? err.message : ""; }

async function assistCall(path, body = {}) {
  // A strategy's first opener can take seconds to compute (then it is cached): say so meanwhile.
  const busy = setTimeout(() => { $("assist-busy").textContent = "Working…"; }, 300);
  $("assist").setAttribute("aria-busy", "true");
  try {
    assist.state = await api(path, { ...body, top: Number($("assist-top-n").value) });
    assistError(null);
    drawAssist();
  } catch (err) {
    assistError(err);
  } finally {
    clearTimeout(busy);
    $("assist-busy").textContent = "";
    $("assist").removeAttribute("aria-busy");
  }
}

function drawAssist() {
  const s = assist.state;
  $("assist-main").hidden = false;
  const board = $("assist-board");
  board.replaceChildren(...s.rows.map(rowOf));
  board.style.setProperty("--cols", s.length);
  const box = $("assist-suggest");
  box.replaceChildren();
  $("assist-form").hidden = s.solved;
  $("assist-undo").disabled = !s.can_undo;
  if (s.solved) {
    box.append(el("p", { class: "big", text: `Solved in ${s.rows.length}: ${s.rows[s.rows.length - 1].word.toUpperCase()}` }),
      el("button", { type: "button", id: "assist-undo-solved" }, "Undo"));
    $("assist-undo-solved").addEventListener("click", () => assistCall(`/api/assist/${s.id}/undo`));
  } else {
    const g = s.suggestion;
    box.append(el("p", {}, "Play ", el("strong", { class: "big", id: "assist-suggestion", text: g.word.toUpperCase() }),
      ` — ${g.bits.toFixed(2)} bits, ${g.expected.toFixed(1)} words expected to be left, ${s.remaining} possible now`));
    if (s.exact) box.append(exactLine(s.exact));
    $("assist-word").value = g.word;
  }
  $("assist-pattern").value = "";
  resetTiles();
  const table = $("assist-top");
  table.replaceChildren(el("tr", {}, ...["#", "guess", "bits", "expected left", "P(answer)", "worst case"]
    .map((h) => el("th", { scope: "col", text: h }))));
  s.top.forEach((r, i) => table.append(el("tr", {},
    el("td", { text: String(i + 1) }), el("td", { text: r.word.toUpperCase() }),
    el("td", { text: r.bits.toFixed(3) }), el("td", { text: r.expected.toFixed(2) }),
    el("td", { text: r.p_answer ? `${(100 * r.p_answer).toFixed(1)}%` : "–" }),
    el("td", { text: String(r.largest) }))));
  if (s.widened) box.append(el("p", { class: "note", id: "assist-widened", text: s.widened }));
  drawExactTop(s.exact);
  $("assist-words-head").textContent = `Words left: ${s.remaining} (most common first)`;
  $("assist-words").textContent = s.words.join(" ") + (s.remaining > s.words.length ? " …" : "");
}

function perAnswer(total, n) { return total === null ? "∞" : (total / n).toFixed(3); }

function exactLine(x) {
  // Totals are over the answers left; per answer they are expected guesses, this one included.
  const what = x.exact ? `${perAnswer(x.total, x.answers)} guesses on average, proven`
    : `between ${perAnswer(x.lower, x.answers)} and ${perAnswer(x.upper, x.answers)} guesses on average (proven bounds; the search ran out of time)`;
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
    el("td", { text: g.exact ? perAnswer(g.total, x.answers) : `${perAnswer(g.lower, x.answers)}…${perAnswer(g.upper, x.answers)}` }))));
}

function resetTiles(keep = false) {
  const word = $("assist-word").value.trim().toLowerCase();
  const n = assist.state ? assist.state.length : 5;
  if (!keep || assist.colours.length !== n) assist.colours = Array(n).fill(0);
  const box = $("assist-tiles");
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const b = el("button", { type: "button", class: `tile c${assist.colours[i]}`, "data-index": String(i) },
      (word[i] || "").toUpperCase());
    b.setAttribute("aria-label", `letter ${i + 1} ${word[i] || ""} ${COLOUR_NAMES[assist.colours[i]]}`);
    b.addEventListener("click", () => {
      assist.colours[i] = (assist.colours[i] + 1) % 3;
      b.className = `tile c${assist.colours[i]}`;
      b.setAttribute("aria-label", `letter ${i + 1} ${word[i] || ""} ${COLOUR_NAMES[assist.colours[i]]}`);
    });
    box.append(b);
  }
}

function setupAssist() {
  $("assist-new").addEventListener("click", () =>
    assistCall("/api/assist", { ...settings(), strategy: $("assist-strategy").value }));
  $("assist-word").addEventListener("input", () => resetTiles(true));
  $("assist-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const typed = $("assist-pattern").value.trim();
    const pattern = typed || assist.colours.map((c) => PATTERN_CHARS[c]).join("");
    assistCall(`/api/assist/${assist.state.id}/play`, { word: $("assist-word").value.trim(), pattern });
  });
  $("assist-top-n").addEventListener("change", () => { if (assist.state) assistCall(`/api/assist/${assist.state.id}/top`); });
  $("assist-skip").addEventListener("click", () => assistCall(`/api/assist/${assist.state.id}/skip`));
  $("assist-undo").addEventListener("click", () => assistCall(`/api/assist/${assist.state.id}/undo`));
}

// -- analyse ---------------------------------------------------------------------------------------

function fmt(x, digits = 2) { return x === null || x === undefined ? "–" : Number(x).toFixed(digits); }

function barChart(title, labels, series) {
  // A small SVG bar chart: one group per label, one bar per series ({name, values, cls}).
  const w = 320, h = 140, pad = 24;
  const top = Math.max(1, ...series.flatMap((s) => s.values.filter((v) => v !== null)));
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", title);
  svg.classList.add("chart");
  const group = (w - pad) / labels.length;
  const barW = (group * 0.8) / series.length;
  labels.forEach((label, i) => {
    series.forEach((s, j) => {
      const v = s.values[i] || 0;
      const bh = (h - 2 * pad) * v / top;
      const rect = document.createElementNS(svg.namespaceURI, "rect");
      rect.setAttribute("x", pad + i * group + j * barW);
      rect.setAttribute("y", h - pad - bh);
      rect.setAttribute("width", barW - 1);
      rect.setAttribute("height", bh);
      rect.setAttribute("class", s.cls);
      const tip = document.createElementNS(svg.namespaceURI, "title");
      tip.textContent = `${label}: ${s.name} ${fmt(v)}`;
      rect.append(tip);
      svg.append(rect);
      const value = document.createElementNS(svg.namespaceURI, "text");
      value.setAttribute("x", pad + i * group + j * barW + barW / 2);
      value.setAttribute("y", h - pad - bh - 2);
      value.setAttribute("text-anchor", "middle");
      value.textContent = Number.isInteger(v) ? String(v) : fmt(v, 1);
      svg.append(value);
    });
    const text = document.createElementNS(svg.namespaceURI, "text");
    text.setAttribute("x", pad + i * group + group * 0.4);
    text.setAttribute("y", h - 6);
    text.textContent = label;
    svg.append(text);
  });
  const caption = el("figcaption", { text: `${title}: ` + series.map((s) => s.name).join(" vs ") });
  return el("figure", {}, svg, caption);
}

function costText(low, high) {
  if (low === null || low === undefined) return "∞ (can fail)";  // no win within the guess limit is guaranteed
  if (high === null || high === undefined) return `≥${fmt(low, 3)}`;
  return Math.abs(high - low) < 1e-9 ? fmt(low, 3) : `${fmt(low, 3)}…${fmt(high, 3)}`;
}

function reviewTable(review) {
  const table = el("table", { class: "numbers", id: "analyse-review" });
  table.append(el("tr", {}, ...["#", "guess", "tiles", "words left", "played", "best", "cost", "luck"]
    .map((h) => el("th", { scope: "col", text: h }))));
  for (const s of review.steps) {
    table.append(el("tr", {},
      el("td", { text: String(s.turn) }), el("td", { text: s.guess.toUpperCase() }), el("td", {}, mini(s.colors)),
      el("td", { text: `${s.before} → ${s.after}` }), el("td", { text: fmt(s.played_expected, 3) }),
      el("td", { text: `${(s.best || "–").toUpperCase()} ${fmt(s.best_expected, 3)}` }),
      el("td", { text: costText(s.cost_low, s.cost_high) + (s.exact ? "" : " (bounds)") }),
      el("td", { text: s.luck === null ? "–" : String(s.luck) })));
  }
  return table;
}

function reportTable(r) {
  const table = el("table", { class: "numbers", id: "analyse-table" });
  table.append(el("tr", {}, ...["row", "guess", "tiles", "before", "after", "chance", "expected left", "best guess", "best expected", "skill", "luck"]
    .map((h) => el("th", { scope: "col", text: h }))));
  for (const row of r.rows) {
    table.append(el("tr", {},
      el("td", { text: String(row.row) }), el("td", { text: (row.guess || "?").toUpperCase() }),
      el("td", {}, mini(row.colors)), el("td", { text: String(row.before) }), el("td", { text: String(row.after) }),
      el("td", { text: row.probability === null ? "–" : `${(100 * row.probability).toFixed(1)}%` }),
      el("td", { text: fmt(row.expected) }), el("td", { text: (row.best_guess || "–").toUpperCase() }),
      el("td", { text: fmt(row.best_expected) }), el("td", { text: row.skill === null ? "–" : String(row.skill) }),
      el("td", { text: row.luck === null ? "–" : String(row.luck) })));
  }
  return table;
}

async function runAnalyse(e) {
  e.preventDefault();
  const out = $("analyse-out");
  try {
    const r = await api("/api/analyse", {
      lang: $("lang").value, lists: $("lists").value, hard: $("hard").checked, grid: $("analyse-grid").value,
      words: $("analyse-words").value, answer: $("analyse-answer").value, position: $("analyse-position").value,
    });
    $("analyse-error").textContent = "";
    out.replaceChildren();
    if (r.review) {
      const v = r.review;
      const mode = v.hard ? " (hard mode)" : "";
      out.append(el("h2", { text: `Exact review${mode}: expected guesses from each position, this guess included` }));
      out.append(el("div", { class: "scroll" }, reviewTable(v)));
      const proof = v.exact ? "exact" : "proven bounds: some steps ran out of time";
      out.append(el("p", { id: "analyse-total", text: `Total cost against perfect play: ${costText(v.cost_low, v.exact ? v.cost_low : v.cost_high)} guesses (${proof}).` }));
      if (v.opener && v.opener.solvable) out.append(el("p", { id: "analyse-opener", text: `Opener ${v.opener.verdict} (${v.opener.source}'s table).` }));
      const labels = v.steps.map((s) => String(s.turn));
      out.append(el("div", { class: "charts" },
        barChart("Words left after each guess", labels, [{ name: "words left", values: v.steps.map((s) => s.after), cls: "s1" }]),
        barChart("Cost of each move in guesses", labels, [{ name: "cost (at least)", values: v.steps.map((s) => s.cost_low), cls: "s2" }])));
      for (const note of v.notes) out.append(el("p", { class: "note", text: note }));
    }
    if (r.report) {
      const p = r.report;
      if (!r.review) {
        out.append(el("h2", { text: `Report: ${p.score}${p.number ? ` (Wordle ${p.number})` : ""}` }));
        out.append(el("div", { class: "scroll" }, reportTable(p)));
        const labels = p.rows.map((row) => String(row.row));
        out.append(el("div", { class: "charts" },
          barChart("Words left after each guess", labels, [{ name: "words left", values: p.rows.map((x) => x.after), cls: "s1" }])));
      }
      for (const note of p.notes) out.append(el("p", { class: "note", text: note }));
      const shown = p.answers.slice(0, 30).join(" ");
      out.append(el("p", { text: `${p.answers.length} answers fit the whole game: ${shown}${p.answers.length > 30 ? " …" : ""}` }));
    }
  } catch (err) {
    $("analyse-error").textContent = err.message;
  }
}

// -- bench -----------------------------------------------------------------------------------------

const bench = { id: null };

async function runBench(e) {
  e.preventDefault();
  $("bench-error").textContent = "";
  let job;
  try {
    job = await api("/api/bench", { ...settings(), strategies: $("bench-strategies").value });
  } catch (err) {
    $("bench-error").textContent = err.message;
    return;
  }
  $("bench-run").disabled = true;
  $("bench-stop").disabled = false;
  bench.id = job.id;
  $("bench-progress-label").hidden = false;
  while (true) {
    $("bench-progress").max = job.total;
    $("bench-progress").value = job.done;
    $("bench-count").textContent = `${job.done} / ${job.total} games (${job.current})`;
    if (job.finished) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
    try { job = await api(`/api/bench/${job.id}`); } catch (err) { $("bench-error").textContent = err.message; break; }
  }
  $("bench-run").disabled = false;
  $("bench-stop").disabled = true;
  if (job.error) $("bench-error").textContent = job.error;
  const out = $("bench-out");
  out.replaceChildren();
  for (const r of job.results) {
    const labels = r.distribution.map((_, i) => String(i + 1)).concat(["X"]);
    out.append(el("h2", { text: `${r.strategy} (opens ${r.opener.toUpperCase()}): mean ${r.mean.toFixed(4)}, worst ${r.worst}, ${r.failed} failed` }));
    out.append(barChart(`${r.strategy}: games won in N guesses`, labels,
      [{ name: "games", values: r.distribution.concat([r.failed]), cls: "s1" }]));
  }
}

// -- start -----------------------------------------------------------------------------------------

async function start() {
  setupTabs();
  setupPlay();
  setupAssist();
  $("analyse-form").addEventListener("submit", runAnalyse);
  $("bench-form").addEventListener("submit", runBench);
  $("bench-stop").addEventListener("click", () => api(`/api/bench/${bench.id}/stop`, {}).catch(() => {}));
  $("contrast").addEventListener("change", () => {
    document.body.classList.toggle("contrast", $("contrast").checked);
    localStorage.setItem("wordlelab-contrast", $("contrast").checked ? "1" : "");
  });
  $("contrast").checked = localStorage.getItem("wordlelab-contrast") === "1";
  document.body.classList.toggle("contrast", $("contrast").checked);
  const options = await api("/api/options");
  for (const n of options.lengths) $("length").append(el("option", { value: String(n) }, String(n)));
  $("length").value = "5";
  for (const name of options.lists) $("lists").append(el("option", { value: name }, name));
  $("lists").value = options.default_lists;
  $("lang").addEventListener("change", showLists);
  $("length").addEventListener("change", showLists);
  showLists();
  if (!$("play").hidden) newGame();  // a game is ready to type into as soon as the page opens
  for (const id of ["lang", "length", "lists", "hard"]) {
    $(id).addEventListener("change", () => {
      // A game not yet begun follows the settings; one under way keeps its own.
      const s = play.state;
      if (!s || s.rows.length === 0 || s.over) newGame();
      else $("play-msg").textContent = "The new settings apply from the next game.";
    });
  }
  for (const name of options.strategies) $("assist-strategy").append(el("option", { value: name }, name));
  $("assist-strategy").value = options.default_strategy;
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", start);
