// Lords of War in words: its events and outcomes in the current language, from their codes
// (event kinds and data; the outcome's reason, params and rule).
import { resultLine, seatLabel } from "../../words.js";
import { t } from "./text.js";

/** The reason of an outcome (LW-8.1, LW-8.3, D-4), from its code and parameters. */
export function describeOutcome(outcome, ctx) {
  const params = outcome.params || {};
  let reason;
  if (outcome.reason === "units") reason = t("reason.units", { n: params.units });
  else if (outcome.reason === "commands") reason = t("reason.commands", { n: params.commands });
  else if (outcome.reason === "both-thresholds") reason = t("reason.both");
  else if (outcome.reason === "no-placements") {
    const [a, b] = params.units || [0, 0];
    reason = t("reason.idle", { a, b });
  }
  const out = { result: resultLine(outcome, ctx.game, ctx.seat) };
  if (reason) out.reason = reason;
  return out;
}

const KIND_CLASS = { turn: "turn", eliminated: "kill", "game-over": "over", "extra-turn-earned": "general", revealed: "reveal" };

/** The look of an event's log line (app.css: .log-line.kill, .general, ...). */
export function eventClass(event) {
  return KIND_CLASS[event.kind];
}

export function describeEvent(event, ctx) {
  const { game, seat: mySeat } = ctx;
  const p = seatLabel(game, mySeat, event.player);
  switch (event.kind) {
    case "placed":
      return t("log.placed", { p, card: event.card, square: event.square }) + (event.forced ? t("log.forced") : "");
    case "revealed":
      return t("log.revealed", { p, cards: event.cards.join(", ") });
    case "declared":
      return event.attack === "ranged"
        ? t("log.shoots", { p, card: event.card, square: event.square, target: event.target })
        : t("log.arrows", { p, card: event.card, square: event.square });
    case "eliminated":
      return t("log.eliminated", {
        card: event.card,
        owner: seatLabel(game, mySeat, event.owner),
        square: event.square,
        by: event.by.join(", "),
      });
    case "moved":
      return t("log.moved", { p, card: event.card, from: event.from, to: event.to });
    case "drew":
      if (event.cards && event.cards.length) return t("log.drew_cards", { p, cards: event.cards.join(", ") });
      return event.count ? t("log.drew", { p, n: event.count }) : null;
    case "recalled":
      return t("log.recalled", { p, card: event.card, square: event.square });
    case "extra-turn-earned":
      return t("log.extra_earned", { p });
    case "extra-turn":
      return t("log.extra_turn", { p });
    case "skipped":
      return t("log.skipped", { p, rule: event.rule });
    case "turn":
      return t("log.turn", { n: event.number, p });
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
 * its own: LW-9.1a).
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
