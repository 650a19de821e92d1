// Lords of War in words: its events and outcomes in the current language, from their codes
// (event kinds and data; the outcome's reason, params and rule). A line about this browser's own
// seat is said to "you" ("You placed ..."; the key with "_you"), one about another seat names
// it; cards by their printed names; the rule goes to the line's tooltip, never into its words.
import { resultLine, seatLabel } from "../../words.js";
import { cardName, t } from "./text.js";

/** `key`, or `key_you` when `seat` is this browser's own seat. */
function said(key, seat, mySeat, params) {
  return t(mySeat && seat === mySeat ? `${key}_you` : key, params);
}

/** The reason of an outcome (LW-8.1, LW-8.3, D-4), from its code and parameters, told from
 * the point of view of this browser's seat: your kills, your losses, or the winner's. */
export function describeOutcome(outcome, ctx) {
  const params = outcome.params || {};
  const mySeat = ctx.seat;
  const winner = outcome.winner ?? (outcome.winners && outcome.winners.length === 1 ? outcome.winners[0] : null);
  const view = !mySeat ? "watch" : winner === mySeat ? "you" : "them";
  let reason;
  if (outcome.reason === "units" || outcome.reason === "commands") {
    const n = outcome.reason === "units" ? params.units : params.commands;
    reason = t(`reason.${outcome.reason}_${view}`, { n, player: seatLabel(ctx.game, mySeat, winner) });
  } else if (outcome.reason === "both-thresholds") reason = t("reason.both");
  else if (outcome.reason === "no-placements") {
    const [a, b] = params.units || [0, 0];
    const [mine, theirs] = mySeat === 2 ? [b, a] : [a, b];
    reason = mySeat ? t("reason.idle_you", { mine, theirs }) : t("reason.idle", { a, b });
  }
  const out = { result: resultLine(outcome, ctx.game, mySeat) };
  if (reason) out.reason = reason;
  return out;
}

const KIND_CLASS = { turn: "turn", eliminated: "kill", "game-over": "over", "extra-turn-earned": "general", revealed: "reveal" };
// the rules of events that carry none of their own, for the log's tooltips
const EVENT_RULES = {
  placed: "LW-6.1", revealed: "LW-6.5", declared: "LW-7.3", eliminated: "LW-7.4", moved: "LW-11.2",
  drew: "LW-9.1", recalled: "LW-9.1", "extra-turn-earned": "LW-8.4", "extra-turn": "LW-8.4",
};

/** The look of an event's log line (app.css: .log-line.kill, .general, ...). */
export function eventClass(event) {
  return KIND_CLASS[event.kind];
}

/** The rule behind an event, for its tooltip. */
export function eventRule(event) {
  if (event.kind === "placed" && event.forced) return "LW-6.5";
  return event.rule || EVENT_RULES[event.kind] || null;
}

export function describeEvent(event, ctx) {
  const { game, seat: mySeat } = ctx;
  const who = event.player;
  const p = seatLabel(game, mySeat, who);
  const card = cardName(event.card);
  switch (event.kind) {
    case "placed":
      return said(event.forced ? "log.placed_forced" : "log.placed", who, mySeat, { p, card, square: event.square });
    case "revealed":
      return said("log.revealed", who, mySeat, { p, cards: event.cards.map(cardName).join(", ") });
    case "declared":
      return event.attack === "ranged"
        ? said("log.shoots", who, mySeat, { p, card, square: event.square, target: event.target })
        : said("log.arrows", who, mySeat, { p, card, square: event.square });
    case "eliminated":
      return said("log.eliminated", event.owner, mySeat, {
        owner: seatLabel(game, mySeat, event.owner), card, square: event.square, by: event.by.join(", "),
      });
    case "moved":
      return said("log.moved", who, mySeat, { p, card, from: event.from, to: event.to });
    case "drew":
      if (event.cards && event.cards.length) return said("log.drew_cards", who, mySeat, { p, cards: event.cards.map(cardName).join(", ") });
      return event.count ? said("log.drew", who, mySeat, { p, n: event.count }) : null;
    case "recalled":
      return said("log.recalled", who, mySeat, { p, card, square: event.square });
    case "extra-turn-earned":
      return said("log.extra_earned", who, mySeat, { p });
    case "extra-turn":
      return said("log.extra_turn", who, mySeat, { p });
    case "skipped":
      return said("log.skipped", who, mySeat, { p });
    case "turn":
      return t("log.turn", { turn: event.number, p });
    case "game-over": {
      const { result, reason } = describeOutcome(event, ctx);
      return t("log.over", { result: `${result} ${reason || ""}`.trim() });
    }
    default:
      return null;
  }
}

/**
 * The events the log shows: not the opening deal (the set-up, before the first card is
 * placed), and the cards a player draws in one go as one line (each card is a chance step of
 * its own: LW-9.1).
 */
export function logEvents(entries) {
  const out = [];
  const start = entries.findIndex((entry) => entry.seat > 0);
  if (start < 0) return out;
  for (const entry of entries.slice(start)) {
    for (const event of entry.events) {
      const last = out[out.length - 1];
      if (event.kind === "drew" && last && last.event.kind === "drew" && last.event.player === event.player && last.merge) {
        const cards = last.event.cards || event.cards ? [...(last.event.cards || []), ...(event.cards || [])] : undefined;
        last.event = { ...last.event, count: last.event.count + event.count, deck: event.deck, ...(cards ? { cards } : {}) };
        continue;
      }
      out.push({ event, seat: entry.seat, merge: event.kind === "drew" });
    }
  }
  return out;
}
