// One step of a Sniper Elite replay: the map as the sniper saw it, the step's events told under
// it, and the panel's numbers (health, bag, last known area, the order board).
import { h } from "../../dom.js";
import { drawMap } from "./map.js";
import { areaName, cardName, remember, rememberCards, rememberedMap, roundOf, t } from "./text.js";
import { describeEvent, markEvents, tokensWords } from "./words.js";

/** The health stack in words ("2 noise tokens, 4 recoil tokens"), never its tokens' letters. */
function healthWords(health) {
  const counts = {};
  for (const k of health || "") counts[k] = (counts[k] || 0) + 1;
  return tokensWords(counts) || t("panel.health_count", { n: 0 });
}

export function replayBoard(root, step, ctx) {
  rememberCards(ctx);
  const { events } = step;
  const view = { ...step.view, map: step.view.map || rememberedMap() };
  remember(view);
  let map = root.querySelector("#replay-map");
  if (!map) {
    root.classList.add("se-replay");
    map = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    map.id = "replay-map";
    root.replaceChildren(h("div", { class: "turn-line" }), h("div", { class: "map-wrap" }, map), h("p", { class: "replay-panel muted small" }), h("ul", { class: "replay-events small" }));
  }
  drawMap(map, view, {});
  root.querySelector(".turn-line").textContent = `${t("replay.title")} · ${view.turn ? t("turn.line", { turn: roundOf(view.turn), step: t(`step.${view.phase === "defenders" ? "defenders" : "sniper"}`) }) : t("replay.setup")}`;
  const board = (view.order_board || []).map((slot) => (!slot ? t("panel.empty") : slot.face === "down" ? t("panel.face_down") : cardName(slot.card))).join(" | ");
  root.querySelector(".replay-panel").textContent = `${t("panel.health")}: ${healthWords(view.health)} · ${t("panel.lka")}: ${areaName(view.lka)} · ${t("panel.orders")}: ${board}`;
  root.querySelector(".replay-events").replaceChildren(...markEvents(events || []).map((e) => describeEvent(e)).filter(Boolean).map((text) => h("li", { text })));
}
