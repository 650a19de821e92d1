// BattleLore in words: its events and outcomes in the current language, from their codes (event
// kinds and data; the outcome's reason and params). A line about this browser's own seat is said
// to "you" (the key with "_you"); units and cards by their printed names; the rule goes to the
// line's tooltip. An event this module has no words for is left to the generic words.
import { resultLine, seatLabel } from "../../words.js";
import { cardName, refillLabel, rememberedView, sideName, t, unitName } from "./text.js";

function said(key, seat, mySeat, params) {
  return t(mySeat && seat === mySeat ? `${key}_you` : key, params);
}

const EVENT_RULES = {
  played: "BL-2.1", lore: "BL-13", ordered: "BL-2.4", moved: "BL-3", melee: "BL-4.4", ranged: "BL-4.4",
  rolled: "BL-5.1", missed: "BL-5.2", losses: "BL-5.2", eliminated: "BL-16", retreated: "BL-6.5", pursued: "BL-7.3",
  blocked: "BL-6.6", "took-ground": "BL-7.2", rushed: "BL-10.4", web: "BL-11.8", panic: "BL-10.3", ignored: "BL-6.3", banner: "BL-16", discarded: "BL-15.1",
  council: "BL-14.6", councils: "BL-14.6", "kept-lore": "BL-14.3", "discarded-lore": "BL-14.5", landmark: "BL-9.3",
  refill: "BL-15.2", ability: "BL-11.6", stored: "BL-11.7", critical: "BL-11.2",
  trampled: "BL-11.4", freed: "BL-11.9",
};
const KIND_CLASS = { eliminated: "kill", banner: "general", turn: "turn", "game-over": "over" };

export function eventRule(event) {
  return event.rule || EVENT_RULES[event.kind] || null;
}

export function eventClass(event) {
  return KIND_CLASS[event.kind];
}

function councilWords(council) {
  return Object.entries(council || {}).filter(([, level]) => level).map(([seat, level]) => `${t(`council.${seat}`)} ${level}`).join(", ");
}

export function describeEvent(event, ctx) {
  const mySeat = ctx.seat;
  const who = event.player ?? event.side;
  const p = seatLabel(ctx.game, mySeat, who);
  const view = rememberedView();
  switch (event.kind) {
    case "played":
      return event.card ? said("log.played", who, mySeat, { p, card: cardName(view, event.card) }) : null;
    case "lore-roll":
      return said("log.lore_roll", who, mySeat, { p, n: Number(event.dice || 0), hex: event.target });
    case "lore-fizzled":
      return said("log.lore_fizzled", who, mySeat, { p, card: cardName(view, event.card) });
    case "dice-cancelled":
      return said("log.dice_cancelled", who, mySeat, { p, n: (event.kept || []).length });
    case "first-strike": // First Strike: the attacked unit battles first
      return said("log.first_strike", who, mySeat, { p, hex: event.hex, attacker: event.attacker });
    case "attack-cancelled": // after a First Strike the attacker is gone from its hex
      return t(event.why === "eliminated" ? "log.attack_cancelled_eliminated" : "log.attack_cancelled_retreated", { attacker: event.attacker, target: event.target });
    case "sidestepped": // Sidestep: the attacked unit steps aside, the attack is off
      return said("log.sidestepped", who, mySeat, { p, from: event.from, to: event.to });
    case "lore-played":
    case "lore":
      if (event.card) return said("log.lore", who, mySeat, { p, card: cardName(view, event.card) });
      return said("log.tokens", who, mySeat, { p, n: Number(event.tokens || 0) });
    case "council":
      return said("log.council", who, mySeat, { p });
    case "councils":
      return t("log.councils", { south: councilWords(event.south), north: councilWords(event.north) });
    case "drew-lore":
      return null; // a Lore card dealt: the hand shows it
    case "kept-lore":
      return event.card ? said("log.kept_lore", who, mySeat, { p, card: cardName(view, event.card) }) : said("log.kept_lore_hidden", who, mySeat, { p });
    case "discarded-lore":
      return said("log.discarded", who, mySeat, { p, card: cardName(view, event.card) });
    case "landmark":
      return said("log.landmark", who, mySeat, { p, landmark: t(`landmark.${event.landmark}`), hex: event.hex });
    case "refill": {
      const option = refillLabel(view, event.option); // a button's words, here mid-sentence
      return said("log.refill", who, mySeat, { p, option: option.charAt(0).toLowerCase() + option.slice(1) });
    }
    case "window":
      return null; // a reaction window: the prompt asks it, the log need not
    case "ability":
      return t("log.ability", { ability: t(`ability.${event.ability}`) });
    case "stored": // nothing stored is nothing to say
      return Number(event.count || 0) ? t("log.stored", { hex: event.beside, n: Number(event.count) }) : null;
    case "critical":
      return t("log.critical", { hex: event.hex });
    case "trampled":
      return t("log.trampled", { hex: event.hex });
    case "freed":
      return said("log.freed", who, mySeat, { p, hex: event.hex });
    case "ordered":
      return said("log.ordered", who, mySeat, { p, hex: event.hex });
    case "moved":
      return said("log.moved", who, mySeat, { p, from: event.from, to: event.to });
    case "melee":
    case "ranged": {
      const key = event.back ? "log.battle_back" : event.kind === "ranged" ? "log.shot" : "log.battle";
      return t(key, { attacker: event.attacker, target: event.target, n: Number(event.dice || 0) });
    }
    case "rolled":
      return Array.isArray(event.faces) ? t(event.panic ? "log.rolled_panic" : "log.rolled", { faces: event.faces.map((f) => t(`face.${f}`)).join(", ") }) : null;
    case "losses":
      return t("log.lost", { hex: event.hex, n: Number(event.figures || 0) });
    case "eliminated":
      return t("log.eliminated", { unit: unitName(view, event.type), hex: event.hex });
    case "retreated":
      return t("log.retreated", { from: event.from, to: event.to });
    case "pursued":
      return t("log.pursued", { from: event.from, to: event.to });
    case "took-ground":
      return t("log.took_ground", { from: event.from, to: event.to });
    case "rushed":
      return t("log.rushed", { from: event.from, to: event.to, target: event.target });
    case "web":
      return t("log.web", { hex: event.hex });
    case "blocked":
      return t("log.blocked", { hex: event.hex });
    case "missed":
      return t("log.missed", { hex: event.target });
    case "panic":
      return t("log.panic", { hex: event.hex, n: Number(event.figures || 0) });
    case "ignored":
      return t("log.ignored", { n: Number(event.flags || 0) });
    case "banner": {
      const target = (view && view.adventure && view.adventure.victory_banners) || "?";
      return said("log.banner", who, mySeat, { p, banners: event.banners ?? 1, target });
    }
    case "drew":
      return null; // the deal of a card: the hand shows it
    case "discarded":
      return said("log.discarded", who, mySeat, { p, card: cardName(view, event.card) });
    case "reshuffled":
      return t("log.reshuffled", { n: Number(event.deck || 0) });
    case "turn":
      return t("log.turn", { turn: event.turn, p });
    case "game-over": {
      const { result, reason } = describeOutcome(event, ctx);
      return t("log.over", { result: `${result} ${reason || ""}`.trim() });
    }
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

/** The join page's sentence: "You play North." (the page names the adventure just above) */
export function describeSeat(game, seat) {
  return t("join.you_play", { side: sideName(seat) });
}
