// A server started on a machine that has not compiled its numeric kernels yet compiles them in
// the background (/api/warmup); until it is done the page says so, and what it is preparing.

import { api } from "./api.js";
import { $ } from "./dom.js";
import { t } from "./i18n.js";

export async function watchWarmup() {
  const line = $("warmup");
  if (!line) return;
  for (;;) {
    let state;
    try { state = await api("/api/warmup"); } catch { return; }  // an older server: nothing to say
    if (!state.running) { line.hidden = true; line.textContent = ""; return; }
    line.textContent = t("warmingUp", { done: state.done + 1, total: state.total, what: state.what ?? "" });
    line.hidden = false;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
