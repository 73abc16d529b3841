// The Bench page: strategies compared over every answer, with progress and one histogram each.
import { $, el, holdFocus } from "./dom.js";
import { api } from "./api.js";
import { barChart } from "./charts.js";
import { settings } from "./state.js";
import { fmt } from "./format.js";
import { t, lang } from "./i18n.js";

const bench = { id: null, strategies: "" };
// The comparison under way (its id), so that a reload finds it: its progress, Stop, its results
// (the page forgot it, and Compare said one was running with nothing on screen to stop it).
const KEPT = "wordlelab-bench";

function keep(id) {
  try {
    if (id) localStorage.setItem(KEPT, JSON.stringify({ id, strategies: bench.strategies }));
    else localStorage.removeItem(KEPT);
  } catch { /* storage off or full: kept until the page closes */ }
}

async function runBench(e) {
  e.preventDefault();
  if ($("bench-run").disabled) return;
  $("bench-error").textContent = "";
  let job;
  const refocus = holdFocus();
  $("bench-run").disabled = true;
  try {
    bench.strategies = $("bench-strategies").value;
    job = await api("/api/bench", { ...settings(), strategies: bench.strategies });
  } catch (err) {
    $("bench-error").textContent = err.message;
    $("bench-run").disabled = false;
    refocus();
    return;
  }
  await follow(job, refocus);
}

/** The comparison kept from before a reload, followed to its end as if never left (nothing when
 * the server no longer has it). */
export async function restoreBench() {
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(KEPT) || "null"); } catch { kept = {}; }  // not ours: dropped below
  const id = kept && typeof kept.id === "string" ? kept.id : null;
  if (!id || bench.id) { if (kept !== null && !id) keep(null); return; }
  let job;
  try {
    job = await api(`/api/bench/${encodeURIComponent(id)}`);
  } catch {
    keep(null);  // expired, or a server restarted since: nothing to show
    return;
  }
  if (bench.id) return;  // a comparison started meanwhile
  if (typeof kept.strategies === "string") {
    bench.strategies = kept.strategies;
    $("bench-strategies").value = kept.strategies;  // the strategies being compared, as typed
  }
  $("bench-run").disabled = true;
  await follow(job, holdFocus());
}

async function follow(job, refocus) {
  $("bench-run").disabled = true;
  $("bench-stop").disabled = false;
  bench.id = job.id;
  keep(job.finished ? null : job.id);
  $("bench-progress-label").hidden = false;
  while (true) {
    $("bench-progress").max = job.total;
    $("bench-progress").value = job.done;
    $("bench-count").textContent = t("benchCount", { done: job.done, n: job.total, current: job.current });
    if (job.finished) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
    try { job = await api(`/api/bench/${job.id}`); } catch (err) { $("bench-error").textContent = err.message; break; }
  }
  keep(null);
  $("bench-run").disabled = false;
  $("bench-stop").disabled = true;
  refocus(() => $("bench-run"));  // Stop, if it had the focus, rests now
  if (job.stopped) {
    const st = job.stopped;
    $("bench-error").textContent = st.by === "budget" ? t("benchStoppedBudget", { s: Math.round(st.seconds) })
      : t(st.finished ? "benchStoppedSome" : "benchStoppedNone");
  } else if (job.error) $("bench-error").textContent = job.error;
  const out = $("bench-out");
  out.replaceChildren();
  for (const r of job.results) {
    // The count of lost games: "failures" in SimulationResult.to_dict (then "failed" lists them).
    const lost = typeof r.failures === "number" ? r.failures : Array.isArray(r.failed) ? r.failed.length : r.failed;
    const labels = r.distribution.map((_, i) => String(i + 1)).concat(["X"]);
    const counts = r.distribution.concat([lost]);
    out.append(el("h2", { text: t("benchHead", { strategy: r.strategy, opener: r.opener.toUpperCase(),
      mean: fmt(r.mean, 4), worst: r.worst, n: lost }) }));
    const won = labels.slice(0, -1).map((l, i) => t("benchWonIn", { g: l, n: counts[i] })).join(", ");
    // A linear scale, so each bar's height is its share of the games (on a log scale 57 losses
    // looked half as tall as 1,343 wins in 4), and the counts in a table beside it, as the CLI
    // prints them.
    const chart = barChart({ title: t("benchChart", { strategy: r.strategy }), labels,
      caption: t("benchCaption", { won, n: lost }),
      series: [{ name: t("benchGames"), values: counts, cls: "s1" }] });
    const table = el("table", { class: "numbers bench-table" },
      el("tr", {}, el("th", { text: t("benchGuesses") }), el("th", { text: t("benchGamesHead") })),
      ...labels.map((l, i) => el("tr", {}, el("td", { text: l }), el("td", { text: counts[i].toLocaleString(lang()) }))));
    out.append(el("div", { class: "charts" }, chart, table));
  }
}

export function setupBench() {
  $("bench-form").addEventListener("submit", runBench);
  $("bench-stop").addEventListener("click", () => api(`/api/bench/${bench.id}/stop`, {}).catch(() => {}));
}
