// The Bench page: strategies compared over every answer, with progress and one histogram each.
import { $, el } from "./dom.js";
import { api } from "./api.js";
import { barChart } from "./charts.js";
import { settings } from "./state.js";

const bench = { id: null };

async function runBench(e) {
  e.preventDefault();
  if ($("bench-run").disabled) return;
  $("bench-error").textContent = "";
  let job;
  $("bench-run").disabled = true;
  try {
    job = await api("/api/bench", { ...settings(), strategies: $("bench-strategies").value });
  } catch (err) {
    $("bench-error").textContent = err.message;
    $("bench-run").disabled = false;
    return;
  }
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
    // The count of lost games: "failures" in SimulationResult.to_dict (then "failed" lists them).
    const lost = typeof r.failures === "number" ? r.failures : Array.isArray(r.failed) ? r.failed.length : r.failed;
    const labels = r.distribution.map((_, i) => String(i + 1)).concat(["X"]);
    const counts = r.distribution.concat([lost]);
    out.append(el("h2", { text: `${r.strategy} (opens ${r.opener.toUpperCase()}): mean ${r.mean.toFixed(4)}, worst ${r.worst}, ${lost} failed` }));
    out.append(barChart({ title: `${r.strategy}: games won in N guesses`, labels, log: true,
      caption: `On a log scale, so that rare results still show. Games won ${labels.slice(0, -1)
        .map((l, i) => `in ${l}: ${counts[i]}`).join(", ")}; lost: ${lost}.`,
      series: [{ name: "games", values: counts, cls: "s1" }] }));
  }
}

export function setupBench() {
  $("bench-form").addEventListener("submit", runBench);
  $("bench-stop").addEventListener("click", () => api(`/api/bench/${bench.id}/stop`, {}).catch(() => {}));
}
