// One step of a Lords of War replay: the board with the step's placements, eliminations and
// shots, and both players' strips, as the replay's seat saw them.
import { h, s } from "../../dom.js";
import { seatLabel } from "../../words.js";
import { drawBoard } from "./board.js";
import { playerStrip } from "./panels.js";
import { t } from "./text.js";

export function replayBoard(root, step) {
  const { view, events, game, seat } = step;
  const flip = seat === 2;
  let board = root.querySelector("#replay-board");
  if (!board) {
    board = s("svg", { id: "replay-board", role: "img", "aria-label": "board" });
    root.replaceChildren(
      h("div", { class: "board-head" }, h("div", { class: "turn-line" })),
      h("div", { class: "strip-top" }),
      h("div", { class: "board-wrap" }, board),
      h("div", { class: "strip-bottom" }),
    );
  }
  const anim = {
    appear: events.filter((e) => e.kind === "placed").map((e) => e.square),
    dying: events.filter((e) => e.kind === "eliminated").map((e) => ({ square: e.square, owner: e.owner, card: e.card })),
    shots: events.filter((e) => e.kind === "declared" && e.attack === "ranged").map((e) => ({ from: e.square, to: e.target })),
  };
  drawBoard(board, { view, cards: view.cards, flip, ...anim });
  root.querySelector(".turn-line").textContent = `${t("replay.title")} · ${t("turn.line", { n: Math.max(view.turn, 0), player: seatLabel(game, seat, view.active), phase: t(`phase.${view.phase}`) })}`;
  root.querySelector(".strip-top").replaceChildren(playerStrip(view, game, seat, flip ? 1 : 2));
  root.querySelector(".strip-bottom").replaceChildren(playerStrip(view, game, seat, flip ? 2 : 1));
}
