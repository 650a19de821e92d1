// One step of a Lords of War replay: the board with the step's placements, eliminations and
// shots, both players' strips and the hand of the replay's seat, as that seat saw them (a
// spectator's replay has no hand to show, and no box for one).
import { h, s } from "../../dom.js";
import { seatLabel } from "../../words.js";
import { drawBoard } from "./board.js";
import { handView, playerStrip } from "./panels.js";
import { t } from "./text.js";

export function replayBoard(root, step) {
  const { view, events, game, seat } = step;
  const flip = seat === 2;
  let board = root.querySelector("#replay-board");
  if (!board) {
    board = s("svg", { id: "replay-board", role: "img", "aria-label": "board" });
    const hand = handView({ onPick: () => {}, onHover: () => {} });
    root.__hand = hand;
    root.replaceChildren(
      h("div", { class: "board-head" }, h("div", { class: "turn-line" })),
      h("div", { class: "strip-top" }),
      h("div", { class: "board-wrap" }, board),
      h("div", { class: "strip-bottom" }),
      h("div", { class: "hand-box replay-hand", id: "replay-hand", hidden: !seat },
        h("h3", { class: "hand-title" }), hand.element),
    );
  }
  const anim = {
    appear: events.filter((e) => e.kind === "placed").map((e) => e.square),
    dying: events.filter((e) => e.kind === "eliminated").map((e) => ({ square: e.square, owner: e.owner, card: e.card })),
    shots: events.filter((e) => e.kind === "declared" && e.attack === "ranged").map((e) => ({ from: e.square, to: e.target })),
  };
  drawBoard(board, { view, cards: view.cards, flip, ...anim });
  root.querySelector(".turn-line").textContent = `${t("replay.title")} · ${t("turn.line", { turn: Math.max(view.turn, 0), player: seatLabel(game, seat, view.active), phase: t(`phase.${view.phase}`) })}`;
  root.querySelector(".strip-top").replaceChildren(playerStrip(view, game, seat, flip ? 1 : 2));
  root.querySelector(".strip-bottom").replaceChildren(playerStrip(view, game, seat, flip ? 2 : 1));
  if (seat && view.players[String(seat)].hand) {
    root.querySelector("#replay-hand .hand-title").textContent = t("replay.your_hand");
    root.__hand.update(view, seat, { playable: new Set(), selected: null, flip });
  }
}
