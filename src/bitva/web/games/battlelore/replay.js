// One step of a BattleLore replay: the board as the replay's seat saw it, the dice of the step,
// both sides' strips and that seat's hand (a spectator's replay has no hand, and no box for one).
import { h } from "../../dom.js";
import { seatLabel } from "../../words.js";
import { drawBoard } from "./board.js";
import { battleBox, handView, playerStrip } from "./panels.js";
import { remember, t } from "./text.js";

export function replayBoard(root, step) {
  const { view, events, game, seat } = step;
  const flip = seat === 2;
  remember(view);
  let board = root.querySelector("#replay-board");
  if (!board) {
    root.classList.add("bl-replay");
    board = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    board.id = "replay-board";
    const hand = handView({ onPick: () => {}, onHover: () => {} });
    root.__hand = hand;
    root.replaceChildren(
      h("div", { class: "board-head" }, h("div", { class: "turn-line" }), h("div", { class: "piles muted small" })),
      h("div", { class: "strip-top" }),
      h("div", { class: "board-wrap" }, board),
      h("div", { class: "strip-bottom" }),
      h("div", { class: "battle-box", id: "replay-battle" }),
      h("div", { class: "hand-box replay-hand", id: "replay-hand", hidden: !seat }, h("h3", { class: "hand-title" }), hand.element),
    );
  }
  const rolled = (events || []).filter((e) => Array.isArray(e.faces) && e.faces.length).pop();
  drawBoard(board, { view, flip, viewerSide: seat || 1, battle: view.battle || null });
  root.querySelector(".turn-line").textContent = `${t("replay.title")} · ${t("turn.line", { turn: view.turn, player: seatLabel(game, seat, view.active), step: t(`step.${view.decision}`) })}`;
  const piles = [t("panel.deck", { n: Number(view.command_deck || 0) })];
  if (view.adventure && view.adventure.lore) piles.unshift(t("panel.pool", { n: Number(view.pool || 0) }));
  root.querySelector(".piles").textContent = piles.join(" · ");
  root.querySelector(".strip-top").replaceChildren(playerStrip(view, game, seat, flip ? 1 : 2, false));
  root.querySelector(".strip-bottom").replaceChildren(playerStrip(view, game, seat, flip ? 2 : 1, false));
  const declared = (events || []).filter((e) => e.kind === "melee" || e.kind === "ranged").pop();
  const battle = view.battle || (rolled ? { attacker: declared ? declared.attacker : "", target: declared ? declared.target : "", kind: declared ? declared.kind : "melee", faces: rolled.faces, unknown: !declared } : null);
  battleBox(root.querySelector("#replay-battle"), view, { battle, odds: null, dice: rolled ? { faces: rolled.faces, rolling: false } : null });
  if (seat && view.sides[String(seat)]) {
    root.querySelector("#replay-hand .hand-title").textContent = t("replay.your_hand");
    root.__hand.update(view, seat, { playable: new Set(), selected: null });
  }
}
