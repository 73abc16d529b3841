// Small SVG bar charts. Small values stay visible: a count chart can use a log scale, and any
// value above zero gets a bar of at least MIN_BAR. A bound is drawn as a range, never as a value.
import { el, svg } from "./dom.js";
import { fmt } from "./format.js";

const W = 320, H = 150, PAD = 26, MIN_BAR = 3;

function fmtValue(v) { return Number.isInteger(v) ? String(v) : fmt(v, 2); }

/**
 * ``series``: [{name, cls, values}] where a value is a number, null (none), or {low, high} for
 * proven bounds (high null: no upper bound found). ``log``: scale heights by log(1 + v).
 */
export function barChart({ title, caption, labels, series, log = false, id = null }) {
  const highs = series.flatMap((s) => s.values.map((v) => (v !== null && typeof v === "object" ? (v.high ?? v.low) : v)))
    .filter((v) => v !== null && v !== undefined);
  const top = Math.max(log ? 1 : 1e-9, ...highs);
  const scale = (v) => (log ? Math.log1p(v) / Math.log1p(top) : v / top);
  const room = H - 2 * PAD;
  const height = (v) => (v <= 0 ? 0 : Math.max(MIN_BAR, room * scale(v)));
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `${title}. ${caption}`, class: "chart" });
  chart.append(svg("line", { x1: PAD, x2: W - 4, y1: H - PAD, y2: H - PAD, class: "axis" }));
  const group = (W - PAD) / Math.max(1, labels.length);
  const barW = (group * 0.8) / series.length;
  labels.forEach((label, i) => {
    series.forEach((s, j) => {
      const v = s.values[i];
      if (v === null || v === undefined) return;
      const x = PAD + i * group + j * barW;
      let text;
      if (typeof v === "object") {  // proven bounds: solid to the lower bound, hatched up to the upper
        const low = height(v.low);
        const high = v.high === null ? room : height(v.high);
        chart.append(svg("rect", { x, y: H - PAD - high, width: barW - 1, height: Math.max(0, high - low), class: `${s.cls} range` },
          null));
        if (low > 0) chart.append(svg("rect", { x, y: H - PAD - low, width: barW - 1, height: low, class: s.cls }));
        text = v.high === null ? `≥${fmtValue(v.low)}` : `${fmtValue(v.low)}–≤${fmtValue(v.high)}`;
        chart.lastChild.append(svg("title", {}, `${label}: ${s.name} ${text}`));
        chart.append(svg("text", { x: x + barW / 2, y: H - PAD - high - 3, "text-anchor": "middle" }, text));
      } else {
        const h = height(v);
        const rect = svg("rect", { x, y: H - PAD - h, width: barW - 1, height: h, class: s.cls });
        text = fmtValue(v);
        rect.append(svg("title", {}, `${label}: ${s.name} ${text}`));
        chart.append(rect);
        chart.append(svg("text", { x: x + barW / 2, y: H - PAD - h - 3, "text-anchor": "middle" }, text));
      }
    });
    chart.append(svg("text", { x: PAD + i * group + group * 0.4, y: H - 8, "text-anchor": "middle" }, label));
  });
  const attrs = id ? { id } : {};
  return el("figure", attrs, el("h3", { text: title }), chart, el("figcaption", { text: caption }));
}
