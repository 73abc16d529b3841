// The Analyse page: a share grid (and the words, if known) judged by the server. An exact review
// can take a while on a fresh server: the button rests and says so meanwhile.
import { $, el, mini, holdFocus } from "./dom.js";
import { api, Latest, withProgress } from "./api.js";
import { lang, t, errorText } from "./i18n.js";
import { barChart } from "./charts.js";
import { fmt, num, pct, upTo, range } from "./format.js";
import { settings } from "./state.js";
import { scrollBox } from "./scroll.js";

const latest = new Latest();

/** Skill 0-99 as 'check' and 'analyse' give it; a star where it comes from exact values. */
function skillText(x) {
  if (x.skill === null || x.skill === undefined) return "–";
  return `${x.skill}${x.skill_source === "exact" ? "*" : ""}`;
}

/** A cost's proven range as the server rounded it for display (outwards: it contains the range
 * proven), the figures the terminal shows too; null: the move can fail. */
function shownRange(x) {
  return x.cost_shown ? range(x.cost_shown[0], x.cost_shown[1]) : range(null, null);
}

/** Hard mode's objective: the answers a move (or the game's moves) can lose beyond perfect play,
 * "+1 lost" ("" when none, or not valued so); high null: no upper bound proven. */
function lostText(x) {
  if (x.lost_high === undefined || x.lost_high === 0) return "";
  const n = x.lost_high === null ? `≥+${x.lost_low}` : x.lost_low === x.lost_high ? `+${x.lost_low}` : `+${x.lost_low}–${x.lost_high}`;
  return t("lostAnswers", { n });
}

/** A move's cost: the answers it can lose, then its guesses (the guesses alone when the losses
 * are not known: nothing is known of them then). */
function costText(x) {
  const lost = lostText(x);
  if (!lost) return shownRange(x);
  if (x.lost_high === null && x.cost_shown && x.cost_shown[0] === 0 && x.cost_shown[1] === null) return lost;
  return `${lost} ${shownRange(x)}`;
}

function reviewTable(review) {
  const table = el("table", { class: "numbers", id: "analyse-review" });
  table.append(el("tr", {}, ...["#", t("hGuess"), t("hTiles"), t("hWordsLeft"), t("hPlayed"), t("hBest"), t("hCost"), t("hSkill"), t("hLuck")]
    .map((h) => el("th", { scope: "col", text: h }))));
  for (const s of review.steps) {
    table.append(el("tr", {},
      el("td", { text: String(s.turn) }), el("td", { text: s.guess.toUpperCase() }), el("td", {}, mini(s.colors)),
      el("td", { text: `${s.before} → ${s.after}` }), el("td", { text: upTo(s.played_expected, s.played_exact) }),
      el("td", { text: `${(s.best || "–").toUpperCase()} ${upTo(s.best_expected, s.best_exact)}` }),
      el("td", { text: costText(s) + (s.limit_lifted ? "‡" : "") }),
      el("td", { text: skillText(s) }),
      el("td", { text: s.luck === null || s.luck === undefined ? "–" : String(s.luck) })));
  }
  return table;
}

const NONE = "–";

/** The report's table: what the grid (and the words, the answer, if given) tell, row by row. A
 * column with nothing in any row is left out: tiles alone have no guess, chance, skill or luck,
 * and a table of dashes told nothing. */
function reportTable(r) {
  const table = el("table", { class: "numbers", id: "analyse-table" });
  const dash = (x, f) => (x === null || x === undefined ? NONE : f(x));
  const cols = [
    [t("hRow"), (row) => String(row.row)],
    [t("hGuess"), (row) => (row.guess ? row.guess.toUpperCase() : NONE)],
    [t("hTiles"), (row) => mini(row.colors)],
    [t("hBefore"), (row) => String(row.before)],
    [t("hAfter"), (row) => String(row.after)],
    [t("hChance"), (row) => dash(row.probability, pct)],
    [t("hExpectedLeft"), (row) => dash(row.expected, fmt)],
    [t("hBestGuess"), (row) => dash(row.best_guess, (w) => w.toUpperCase())],
    [t("hBestExpected"), (row) => dash(row.best_expected, fmt)],
    [t("hSkill"), (row) => skillText(row)],
    [t("hLuck"), (row) => dash(row.luck, String)],
    [t("hPStrong"), (row) => dash(row.p_strong, pct)],
    // With the answer known, tiles alone still tell which guesses could have given each row.
    [t("hGuessesGive"), (row) => dash(row.guesses_possible, (n) => `${n}: ${(row.guess_examples || []).join(", ")}${n > (row.guess_examples || []).length ? " …" : ""}`)],
  ].filter(([, f]) => r.rows.some((row) => { const v = f(row); return typeof v !== "string" || v !== NONE; }));
  table.dataset.columns = String(cols.length);
  const listed = (h) => (h === t("hGuessesGive") ? { class: "wordlist" } : {});
  table.append(el("tr", {}, ...cols.map(([h]) => el("th", { scope: "col", ...listed(h), text: h }))));
  for (const row of r.rows) {
    table.append(el("tr", {}, ...cols.map(([h, f]) => {
      const v = f(row);
      const cls = listed(h);
      return typeof v === "string" ? el("td", { ...cls, text: v }) : el("td", cls, v);
    })));
  }
  return table;
}

function wordsLeftChart(labels, counts) {
  const said = labels.map((l, i) => t("leftAfter", { n: counts[i], g: l })).join(", ");
  return barChart({ title: t("chartLeft"), labels, log: true, id: "chart-left",
    caption: t("chartLeftCaption", { said }),
    series: [{ name: t("seriesLeft"), values: counts, cls: "s1" }] });
}

/** How often, for the detector's reasons (the library's wording, said in the page's language). */
function share(p) {
  if (p >= 0.1) return t("dShare", { pct: `${Math.round(p * 100)}%` });
  if (p >= 0.001) return t("dShareOnly", { pct: pct(p) });
  return t("dShareRare", { k: Math.round(1 / p).toLocaleString(lang()) });
}

function odds(p) {
  if (p === 0) return t("dNoChance");
  return p < 0.5 ? t("dOneIn", { k: Math.round(1 / p).toLocaleString(lang()) }) : t("dChance", { pct: `${Math.round(p * 100)}%` });
}

// The judged report's note parts, for the detector's "inconsistent" reason (its problem is the
// report's first note, in English): set by show() before the verdict is written.
let reportNotes = [];
function problemText(problem) {
  const part = reportNotes.find((p) => p.text === problem);
  return part ? noteText(part) : problem;
}

/** One reason from the detector's ``parts`` (detector.Detection), in the page's language. */
function reason(part) {
  switch (part.kind) {
    case "inconsistent": return t("dInconsistent") + (part.problem ? `: ${problemText(part.problem)}` : "");
    case "solves": {
      const who = (part.even ? t("dEven") : "") + t(part.who === "perfect" ? "dPerfect" : "dAssistant");
      if (part.p === 0) return t("dNever", { who, n: part.n });
      return t(part.n === 1 ? "dSolvesIn1" : "dSolvesWithin", { who, n: part.n, share: share(part.p) });
    }
    case "first_guess": return t("dFirstGuess", { share: share(part.p) });
    case "unsolved": return t("dUnsolved");
    case "own": return t("dOwn", { row: part.row, odds: odds(part.p) });
    case "widened": return t("dWidened", { words: part.words.join(", ") });
    default: return t("dNone");
  }
}

/** A note under the review or the report (notes.Note: kind, English text, parameters) in the
 * page's language: the server's text in English, or for a kind the page does not know. */
function noteText(part) {
  if (typeof part === "string") return part;
  if (lang() === "en") return part.text;
  const key = `note_${part.kind}`;
  const list = (xs) => (xs || []).join(", ");
  const vars = { ...part };
  for (const name of ["words", "turns", "rows", "positions"]) if (Array.isArray(part[name])) vars[name] = list(part[name]);
  if (part.kind === "lifted") Object.assign(vars, { n: part.turns.length, g: part.n });
  // A plural form by how many steps, rows or positions the note names.
  if (part.kind === "safety_net") Object.assign(vars, { n: part.turns.length, budget: part.budget ? ` (${part.budget})` : "" });
  if (part.kind === "safety_net_rows") vars.n = part.rows.length;
  if (part.kind === "hard_green_lost") vars.n = part.positions.length;
  if (part.kind === "breaks_hard") {
    const rule = part.position ? "hardKeep" : part.times > 1 ? "hardTimes" : "hardContain";
    vars.need = t(rule, part);
  }
  let which = key;
  if (part.kind === "opener_can_fail") {
    vars.best_mean = fmt(part.best_mean, 4);
    // Hard mode's fewest losses after the opener, where its tree ships (the server's figures).
    if (part.lost != null) {
      vars.mean_with_losses = fmt(part.mean_with_losses, 4);
      which = `${key}_losses`;
    }
  }
  if (part.kind === "opener_proof") vars.why = t(`proofWhy_${part.status.replaceAll(" ", "_")}`, part);
  const text = t(which, vars);
  return text === which ? part.text : text;
}

/** The opener's row of the shipped table in one sentence (opener_values.OpenerValue). */
function openerText(o) {
  if (lang() === "en") return `Opener ${o.verdict} (${o.source}'s table).`;
  const tied = o.ties && o.rank_exact ? t("openerTied", { ties: o.ties }) : "";
  const rank = t(o.exact && o.rank_exact ? "openerRank" : "openerRankOrLower", { rank: o.rank, of: o.openers });
  const vars = { word: o.word.toUpperCase(), total: o.total, answers: o.answers, mean: fmt(o.mean, 4),
    gap: fmt(o.gap, 4), best: o.best.toUpperCase(), source: o.source, rank, tied };
  if (!o.exact) return t("openerBound", vars);
  return t(o.gap === 0 ? "openerBest" : "openerLine", vars);
}

/** The review's first line: the server's English text, another language composed from its figures. */
function headlineText(h) {
  if (lang() === "en") return h.text;
  const figures = [[t("hlSkill"), h.skill], [t("hlLuck"), h.luck]].filter(([, v]) => v !== null && v !== undefined)
    .map(([name, v]) => `${name} ${v}`).join(" · ");
  let move;
  if (h.word === null) move = t("hlPerfect");
  else {
    const word = h.word.toUpperCase();
    const c = h.cost;
    move = c === null ? t("hlFail", { word })
      : c[1] === null ? t("hlCostAtLeast", { word, v: num(c[0].toFixed(2)) })
        : c[1] - c[0] < 0.005 ? t("hlCost", { word, v: num(c[0].toFixed(2)) })
          : t("hlCostRange", { word, low: num(c[0].toFixed(2)), high: num(c[1].toFixed(2)) });
    if (h.lost) move += t("hlLost", { lost: lostText({ lost_low: h.lost[0], lost_high: h.lost[1] }) });
    if (h.best && h.best !== h.word) move += t("hlBest", { best: h.best.toUpperCase() });
  }
  return figures ? `${figures} — ${move}` : move[0].toUpperCase() + move.slice(1);
}

/** The verdict in a strong word and the rest of its line: the server's English line as it is,
 * another language composed from the detector's parts. */
function verdictParts(d) {
  if (lang() === "en" || !d.parts) return [d.verdict, d.line.slice(d.verdict.length)];
  const consistent = !d.parts.some((x) => x.kind === "inconsistent");
  const shown = d.p_value !== null && consistent ? ` (p = ${num(Number(d.p_value.toPrecision(3)))})` : "";
  return [t(`verdict_${d.verdict}`), `${shown}: ${d.parts.map(reason).join("; ")}`];
}

// The result on screen (null when none): drawn again in another language on a switch.
let shown = null;

/** The result on screen again, in the page's language now. */
export function redrawAnalyse() {
  if (shown) show(shown);
}

function show(r) {
  shown = r;
  const out = $("analyse-out");
  out.replaceChildren();
  reportNotes = (r.report && r.report.note_parts) || [];
  // The review and the report may say the same thing (e.g. the answer is off the list): once.
  const said = new Set();
  const addNote = (text) => {
    if (!said.has(text)) out.append(el("p", { class: "note", text }));
    said.add(text);
  };
  if (r.review && r.review.headline) {
    // The line a player reads first: skill, luck and the costliest move (review.Headline).
    out.append(el("p", { id: "analyse-headline", class: "headline" }, el("strong", { text: headlineText(r.review.headline) })));
  }
  if (r.detection && (r.report || (r.review && r.review.solved))) {
    // The detector's verdict next: plausible, unusual or suspicious, and why (not for a game
    // still under way).
    const [word, rest] = verdictParts(r.detection);
    out.append(el("p", { id: "analyse-verdict", class: `verdict ${r.detection.verdict}` },
      el("strong", { text: word }), rest));
  }
  if (r.review_error) {
    // Words were given but could not be reviewed (they break hard mode): say why there is none.
    const why = errorText({ error: r.review_error, parts: r.review_error_parts });
    out.append(el("p", { id: "analyse-review-error", class: "note", text: t("noReview", { why }) }));
  }
  if (r.review) {
    const v = r.review;
    out.append(el("h2", { text: t("reviewHead", { mode: v.hard ? t("hardSuffix") : "" }) }));
    out.append(scrollBox(reviewTable(v)));
    out.append(el("p", { class: "table-key", id: "analyse-skill-key", text: t("skillKey") }));
    const proof = t(v.exact ? "proofExact" : "proofBounds");
    out.append(el("p", { id: "analyse-total", text: t("totalCost", { v: costText(v), proof }) }));
    if (v.opener && v.opener.solvable) out.append(el("p", { id: "analyse-opener", text: openerText(v.opener) }));
    const labels = v.steps.map((s) => String(s.turn));
    const costs = v.steps.map((s) => (s.exact ? s.cost_low : { low: s.cost_low, high: s.cost_high }));
    const bounded = v.steps.filter((s) => !s.exact).map((s) => s.turn);
    const lost = v.steps.filter((s) => (s.exact && s.cost_low > 1e-9) || lostText(s)).map((s) => `${s.turn}: ${costText(s)}`);
    out.append(el("div", { class: "charts" },
      wordsLeftChart(labels, v.steps.map((s) => s.after)),
      barChart({ title: t("chartCost"), labels, id: "chart-cost",
        caption: (lost.length ? t("costMoves", { list: lost.join(", ") }) : t("costNone"))
          + (bounded.length ? t("costHatched", { list: bounded.join(", ") }) : ""),
        series: [{ name: t("seriesLost"), values: costs, cls: "s2" }] })));
    for (const note of v.note_parts || v.notes) addNote(noteText(note));
  }
  if (r.report) {
    const p = r.report;
    if (!r.review) {
      out.append(el("h2", { text: t("reportHead", { score: p.score, number: p.number ? ` (Wordle ${p.number})` : "" }) }));
      out.append(scrollBox(reportTable(p)));
      if (p.rows.some((row) => row.p_strong !== null && row.p_strong !== undefined)) {
        out.append(el("p", { class: "table-key", id: "analyse-report-key", text: t("pStrongKey") }));
      }
      const labels = p.rows.map((row) => String(row.row));
      // A row of all greens found the answer: one word, whatever else fitted the tiles before it.
      const after = p.rows.map((row) => (row.colors.every((c) => c === 2) ? 1 : row.after));
      out.append(el("div", { class: "charts" }, wordsLeftChart(labels, after)));
    }
    for (const note of p.note_parts || p.notes) addNote(noteText(note));
    const shown = p.answers.slice(0, 30).join(" ") + (p.answers.length > 30 ? " …" : "");
    out.append(el("p", { id: "analyse-answers", text: t("answersFit", { n: p.answers.length, words: shown }) }));
  }
}

export async function runAnalyse(e) {
  if (e) e.preventDefault();
  const button = $("analyse-run");
  const busy = setTimeout(() => { $("analyse-busy").textContent = t("analysing"); }, 200);
  const refocus = holdFocus();
  button.disabled = true;
  $("analyse").setAttribute("aria-busy", "true");
  try {
    const o = settings();
    const body = {
      lang: o.lang, lists: o.lists, hard: o.hard, grid: $("analyse-grid").value,
      words: $("analyse-words").value, answer: $("analyse-answer").value, position: $("analyse-position").value,
    };
    // With "Exact after any opener": the server proves the opener's tree first where none is
    // kept, and the wait says how far it is.
    const proving = (p) => { clearTimeout(busy); $("analyse-busy").textContent = t("proving", { word: p.opener.toUpperCase(), done: p.done, total: p.total }); };
    const r = await latest.run(() => (o.prove
      ? withProgress((id) => api("/api/analyse", { ...body, prove: true, progress: id }), proving)
      : api("/api/analyse", body)));
    if (r === null) return;
    $("analyse-error").textContent = "";
    show(r.value);
  } catch (err) {
    // The form keeps what was typed; the result of other input must not stand under it.
    $("analyse-out").replaceChildren();
    shown = null;
    $("analyse-error").textContent = err.message;
  } finally {
    clearTimeout(busy);
    if (!latest.busy) {
      $("analyse-busy").textContent = "";
      button.disabled = false;
      $("analyse").removeAttribute("aria-busy");
      refocus();
    }
  }
}

/** A game handed over in the address (#analyse?grid=…&words=…&answer=…): fill the form and run. */
export function analyseFromRoute(params) {
  if (!params.has("grid") && !params.has("words") && !params.has("position")) return;
  $("analyse-grid").value = params.get("grid") || "";
  $("analyse-words").value = params.get("words") || "";
  $("analyse-answer").value = params.get("answer") || "";
  $("analyse-position").value = params.get("position") || "";
  runAnalyse();
}

export function setupAnalyse() {
  $("analyse-form").addEventListener("submit", runAnalyse);
}
