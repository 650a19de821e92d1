// BattleLore in words: its events and outcomes in the current language, from their codes (event
// kinds and data; the outcome's reason and params). A line about this browser's own seat is said
// to "you" (the key with "_you"); units and cards by their printed names; the rule goes to the
// line's tooltip. An event this module has no words for is left to the generic words.
import { resultLine, seatLabel } from "../../words.js";
import { cardName, sideName, t, unitName } from "./text.js";

function said(key, seat, mySeat, params) {
  return t(mySeat && seat === mySeat ? `${key}_you` : key, params);
}

const EVENT_RULES = {
  played: "BL-2.1", lore: "BL-13", ordered: "BL-2.4", moved: "BL-3", battle: "BL-4", rolled: "BL-5.1",
  lost: "BL-5", eliminated: "BL-16", retreated: "BL-6.5", banner: "BL-16", drew: "BL-15.1",
};
const KIND_CLASS = { eliminated: "kill", banner: "general", turn: "turn", "game-over": "over" };

export function eventRule(event) {
  return event.rule || EVENT_RULES[event.kind] || null;
}

export function eventClass(event) {
  return KIND_CLASS[event.kind];
}

/** The view the log's names come from: the game's latest (names never change). */
function viewOf(ctx) {
  return (ctx.view) || (ctx.session && ctx.session.st && ctx.session.st.view) || null;
}

export function describeEvent(event, ctx) {
  const mySeat = ctx.seat;
  const who = event.player;
  const p = seatLabel(ctx.game, mySeat, who);
  const view = viewOf(ctx);
  const unit = event.unit ? unitName(view, event.unit) : event.type ? unitName(view, event.type) : "";
  switch (event.kind) {
    case "played":
      return event.card ? said("log.played", who, mySeat, { p, card: cardName(view, event.card) }) : null;
    case "lore":
      return event.card ? said("log.lore", who, mySeat, { p, card: cardName(view, event.card) }) : null;
    case "ordered":
      return said("log.ordered", who, mySeat, { p, unit, hex: event.hex });
    case "moved":
      return said("log.moved", who, mySeat, { p, unit, from: event.from, to: event.to });
    case "battle":
      return said("log.battle", who, mySeat, { p, unit, from: event.attacker || event.from, hex: event.target || event.hex });
    case "rolled":
    case "roll":
      return Array.isArray(event.faces) ? t("log.rolled", { faces: event.faces.map((f) => t(`face.${f}`)).join(", ") }) : null;
    case "lost":
      return t("log.lost", { unit, hex: event.hex, n: Number(event.figures ?? event.count ?? 1) });
    case "eliminated":
      return t("log.eliminated", { unit, hex: event.hex });
    case "retreated":
      return t("log.retreated", { unit, from: event.from, to: event.to });
    case "banner":
      return said("log.banner", who, mySeat, { p, n: event.banners ?? event.count ?? 1, target: (view && view.adventure && view.adventure.victory_banners) || "?" });
    case "drew":
      return event.count !== undefined ? said("log.drew", who, mySeat, { p, n: Number(event.count) }) : null;
    case "passed":
      return said("log.passed", who, mySeat, { p });
    case "done":
      return said("log.done", who, mySeat, { p });
    case "turn":
      return t("log.turn", { turn: event.turn, p });
    default:
      return undefined;
  }
}

/** The reason of an outcome (BL-16): whose banners, from this browser's seat. */
export function describeOutcome(outcome, ctx) {
  const params = outcome.params || {};
  const mySeat = ctx.seat;
  const winner = outcome.winner ?? (outcome.winners && outcome.winners.length === 1 ? outcome.winners[0] : null);
  const out = { result: resultLine(outcome, ctx.game, mySeat) };
  if (params.banners !== undefined && winner) {
    const view = !mySeat ? "watch" : winner === mySeat ? "you" : "them";
    out.reason = t(`reason.banners_${view}`, { n: Number(params.banners), player: seatLabel(ctx.game, mySeat, winner) });
  }
  return out;
}

/** The lobby's word for what a seat plays: its side ("South", "North"). */
export function seatSide(game, seat) {
  return seat === 1 || seat === 2 ? sideName(seat) : null;
}

/** The join page's sentence: "You play North in A02 Web over the Dwarf Hold." */
export function describeSeat(game, seat) {
  const options = (game && game.options) || {};
  return t("join.you_play", { side: sideName(seat), adventure: options.adventure || "A01" });
}
