// The legal actions of the seat to decide (their engine text, docs/battlelore.md "Decision
// points") sorted by what a click does: a hex on the board, a card of the hand, or a button.
import { t, cardName, refillLabel } from "./text.js";

/** {order, move, battle: Map(hex -> [{to, action}]), steps: Map(hex -> action) (retreat,
 * pursue, place, add: a click on the hex plays it), play: Map(card -> action), lore: Map(card -> [action]), buttons: [action]}. */
export function legalMoves(legal) {
  const out = { order: new Map(), move: new Map(), battle: new Map(), steps: new Map(), play: new Map(), lore: new Map(), buttons: [] };
  const add = (map, key, value) => map.set(key, [...(map.get(key) || []), value]);
  for (const action of legal || []) {
    const words = action.split(" ");
    const [verb, a, b] = words;
    if ((verb === "order" || verb === "free") && a) add(out.order, a, action);
    else if (verb === "move" && a && b) add(out.move, a, { to: b, action });
    else if (verb === "battle" && a && b) add(out.battle, a, { to: b, action });
    else if ((verb === "retreat" || verb === "pursue" || verb === "place" || verb === "add") && a) out.steps.set(a, action);
    else if (verb === "play" && a) out.play.set(a, action);
    else if (verb === "lore" && a) add(out.lore, a, action);
    else out.buttons.push(action);
  }
  return out;
}

// the Lore windows of the active side's own steps (D-43): the others answer the opponent
const OWN_WINDOWS = new Set(["ORD_OWN", "MOV_OWN", "BAT_MELEE", "BAT_RANGED"]);

/** How a button's action reads: "Done", "Ignore 2 flags", "Keep Patrol (centre)". */
export function actionLabel(view, action) {
  const [verb, ...rest] = action.split(" ");
  switch (verb) {
    case "pass": // in a Lore window of one's own step, passing is going on with it
      return t(view && view.decision === "react" && OWN_WINDOWS.has(view.window) ? "action.go_on" : "action.pass");
    case "done": // ending the choice of a Lore card's units plays the card (BL-13.4)
      return t(view && view.decision === "lore-units" ? "action.lore_units_done" : "action.done");
    case "add":
      return t("action.add", { hex: rest[0] });
    case "battle-back": case "take-ground":
      return t(`action.${verb}`);
    case "ability":
      return t("action.ability", { ability: t(`ability.${rest[0]}`) });
    case "ignore":
      return t("action.ignore", { n: Number(rest[0]) });
    case "refill":
      return refillLabel(view, rest[0]);
    case "keep":
      return t("action.keep", { cards: rest.map((card) => cardName(view, card)).join(", ") });
    case "discard":
    case "discard-lore":
      return t("action.discard", { card: cardName(view, rest[0]) });
    case "store":
      return t("action.store_n", { n: Number(rest[0]) });
    case "council":
      return t("action.council", { list: rest.map((part) => { const [seat, level] = part.split("="); return `${t(`council.${seat}`)} ${level}`; }).join(", ") });
    case "lore":
      // a card among the targets (Dispel's, Foil's) by its name, never its id (issue 21.7)
      return rest.length > 1 ? t("action.lore_on", { card: cardName(view, rest[0]), args: rest.slice(1).map((arg) => cardName(view, arg)).join(" ") }) : t("action.lore", { card: cardName(view, rest[0]) });
    case "battle":
      return t("action.battle", { from: rest[0], to: rest[1] });
    case "rush":
      return t("action.rush", { from: rest[0], to: rest[1] });
    case "free":
      return t("action.free", { hex: rest[0] });
    case "order":
      return rest[1] === "pay" ? t("action.order_pay", { hex: rest[0] }) : action;
    default:
      return action;
  }
}
