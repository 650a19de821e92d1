// The game log: one line per event, as this seat sees it, in the current language.
import { h } from "./dom.js";
import { t, term } from "./i18n.js";

/** How a seat is called: "You", the friend's name, "Computer (hard)", or "Player 2". */
export function seatLabel(game, mySeat, seat) {
  if (seat === null || seat === undefined) return "";
  if (seat === mySeat) return t("seat.you");
  const info = game && game.seats ? game.seats.find((x) => x.seat === seat) : null;
  if (info && info.kind === "ai") return t("seat.ai", { level: levelName(info.level) });
  if (info && info.name) return info.name;
  return t("seat.player", { n: seat });
}

export function levelName(level) {
  const text = t(`level.${level}`);
  return text.startsWith("level.") ? level : text.split(" — ")[0];
}

/** "You win!" / "Player 2 wins." / "A draw." and the reason, in the current language. */
export function describeOutcome(outcome, mySeat) {
  if (!outcome) return { result: "", reason: "" };
  let result;
  if (outcome.winner === null || outcome.winner === undefined) result = t("result.draw");
  else if (mySeat) result = outcome.winner === mySeat ? t("result.win") : t("result.lose");
  else result = t("result.player", { n: outcome.winner });
  const text = outcome.reason || "";
  let reason = text;
  let m;
  if ((m = /eliminated (\d+) command units/.exec(text))) reason = t("reason.commands", { n: m[1] });
  else if ((m = /eliminated (\d+) units/.exec(text))) reason = t("reason.units", { n: m[1] });
  else if ((m = /eliminated units (\d+)-(\d+)/.exec(text))) reason = t("reason.idle", { a: m[1], b: m[2] });
  else if (text.includes("(D-4)")) reason = t("reason.both");
  return { result, reason };
}

export function describeEvent(event, game, mySeat) {
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
      const { result, reason } = describeOutcome(event, mySeat);
      return t("log.over", { result: `${result} ${reason}` });
    }
    default:
      return null;
  }
}

const KIND_CLASS = { turn: "turn", eliminated: "kill", "game-over": "over", "extra-turn-earned": "general", revealed: "reveal" };

/** The log entries ({seat, events}) as list items, the newest last. */
export function renderLog(list, entries, game, mySeat) {
  while (list.firstChild) list.firstChild.remove();
  let any = false;
  for (const entry of entries) {
    for (const event of entry.events) {
      const text = describeEvent(event, game, mySeat);
      if (!text) continue;
      any = true;
      const seat = event.player ?? event.owner ?? entry.seat;
      list.append(h("li", { class: ["log-line", KIND_CLASS[event.kind], seat && `p${seat}`], text }));
    }
  }
  if (!any) list.append(h("li", { class: "log-line empty", text: t("log.empty") }));
  list.scrollTop = list.scrollHeight;
}

export { term };
