// A wide table on a narrow screen scrolls sideways in its box, and nothing else would tell that
// columns lie out of sight. So the box (.scroll, around the scrolling .scroll-area) is marked on
// each side with more beyond it, more-left / more-right, only while its table overflows:
// style.css fades that edge with a shadow and an arrow. While it overflows, the area can also be
// reached with Tab and scrolled with the arrow keys, and a screen reader hears what it is.
import { el } from "./dom.js";
import { t } from "./i18n.js";

const observer = new ResizeObserver((entries) => {
  for (const entry of entries) {
    const box = entry.target.closest(".scroll");
    if (box && box.isConnected) update(box);
    else if (!entry.target.isConnected) observer.unobserve(entry.target);  // drawn over (a new analysis)
  }
});

/** Mark ``box`` for what its area holds out of sight now (1 px of slack: widths are fractional). */
export function update(box) {
  const area = box.firstElementChild;
  const room = area.scrollWidth - area.clientWidth;
  const over = room > 1;
  box.classList.toggle("more-left", over && area.scrollLeft > 1);
  box.classList.toggle("more-right", over && area.scrollLeft < room - 1);
  if (over && !area.hasAttribute("tabindex")) {
    area.tabIndex = 0;
    area.setAttribute("role", "region");
    area.dataset.i18nAria = "scrollsSideways";  // said again when the language changes
    area.setAttribute("aria-label", t("scrollsSideways"));
  } else if (!over && area.hasAttribute("tabindex")) {
    for (const name of ["tabindex", "role", "data-i18n-aria", "aria-label"]) area.removeAttribute(name);
  }
}

/** Keep ``box``'s marks right as its area scrolls, as the screen turns, and as its table is
 * redrawn (a new size either way). */
export function watchScroll(box) {
  const area = box.firstElementChild;
  area.addEventListener("scroll", () => update(box), { passive: true });
  observer.observe(area);
  if (area.firstElementChild) observer.observe(area.firstElementChild);
  update(box);
}

/** ``child`` (a table) in a box that scrolls sideways when it must, and says so. */
export function scrollBox(child) {
  const box = el("div", { class: "scroll" }, el("div", { class: "scroll-area" }, child));
  watchScroll(box);
  return box;
}
