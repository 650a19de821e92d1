// One step of an Age of Sigmar replay: the table as it stood, the step's events told under it.
import { h, s } from "../../dom.js";
import { createTable } from "./table.js";
import { sideWord, t } from "./text.js";
import { describeEvent } from "./words.js";

export function replayBoard(root, step, ctx) {
  let svg = root.querySelector("#aos-replay");
  if (!svg) {
    root.classList.add("aos-replay");
    svg = s("svg", { id: "aos-replay", role: "img", "aria-label": "table" });
    svg.table = createTable(svg);
    root.replaceChildren(h("div", { class: "turn-line" }), h("div", { class: "table-wrap" }, svg), h("ul", { class: "replay-events small" }));
  }
  const view = step.view;
  svg.table.draw(view, { flip: (ctx && ctx.seat) === 1, looks: {}, selected: null, movable: null, ringUnit: null, rings: [] });
  root.querySelector(".turn-line").textContent = view.phase === "set-up" ? t("turn.setup")
    : t("turn.line", { round: view.round, max: view.max_rounds, side: sideWord(view.active), phase: t(`phase.${view.phase}`) });
  root.querySelector(".replay-events").replaceChildren(...(step.events || []).map((e) => describeEvent(e)).filter(Boolean).map((text) => h("li", { text })));
}
