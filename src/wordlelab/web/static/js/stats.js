// The statistics box: totals and the guess distribution, with this game's bar marked.
import { el } from "./dom.js";
import { t } from "./i18n.js";

export function drawStats(box, stats, highlight = null) {
  box.replaceChildren();
  if (!stats) return;
  if (stats.error) { box.append(el("p", { class: "error", text: stats.error })); return; }
  const s = stats.summary;
  const figure = (value, label) => el("div", { class: "figure" }, el("strong", { text: String(value) }), el("span", { text: label }));
  box.append(el("div", { class: "figures", "aria-label": `${t("played")} ${s.played} · ${t("winPercent")} ${s.win_percent} · `
      + `${t("currentStreak")} ${s.current_streak} · ${t("maxStreak")} ${s.max_streak}` },
    figure(s.played, t("played")), figure(s.win_percent, t("winPercent")),
    figure(s.current_streak, t("currentStreak")), figure(s.max_streak, t("maxStreak"))));
  const counts = Object.values(s.distribution);
  const top = Math.max(1, ...counts);
  const list = el("div", { class: "bars", role: "list", "aria-label": t("distribution") });
  for (const [n, count] of Object.entries(s.distribution)) {
    const mine = highlight !== null && String(highlight) === n;
    const bar = el("span", { class: mine ? "bar mine" : "bar", text: String(count) });
    bar.style.width = `${Math.max(8, 100 * count / top)}%`;
    const row = el("div", { class: "barrow", role: "listitem" }, el("span", { class: "label", text: n }), bar);
    if (mine) { row.dataset.mine = "1"; bar.title = t("thisGame"); }
    list.append(row);
  }
  box.append(el("h3", { text: t("distribution") }), list);
}
