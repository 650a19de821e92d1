// Words any game needs: how a seat is called, AI levels, and the generic descriptions of an
// outcome and of an event, built from codes (Outcome.to_json(): result, winners, reason, params,
// rule; an event's kind and data) and never from prose. A game module may describe them better.
import { humanise, t } from "./i18n.js";

/** How a seat is called: "You", the friend's name, "Computer (hard)", or "Player 2". */
export function seatLabel(game, mySeat, seat) {
  if (seat === null || seat === undefined) return "";
  if (seat === -1) return t("seat.chance");
  if (seat === mySeat) return t("seat.you");
  const info = game && game.seats ? game.seats.find((x) => x.seat === seat) : null;
  if (info && info.kind === "ai") return t("seat.ai", { level: levelName(info.level) });
  if (info && info.name) return info.name;
  return t("seat.player", { seat });
}

/** A seat after "against" (in Czech the dative: "proti počítači (těžký)", "proti hráči 2"); a
 * friend's name as given. */
export function seatAgainst(game, seat) {
  const info = game && game.seats ? game.seats.find((x) => x.seat === seat) : null;
  if (info && info.kind === "ai") return t("seat.against_ai", { level: levelName(info.level) });
  if (info && info.name) return info.name;
  return t("seat.against_player", { seat });
}

// a rule number as the rules write it: "DC-5", "LW-11.2", "LW-9.1b"
const RULE_REF = /\b[A-Z]{1,4}-\d+(?:\.\d+)*[a-z]?\b/;

/** A text and the rules it names in brackets, apart: "the score that wins (DC-5)" ->
 * {text: "the score that wins", rules: "DC-5"}: the rules go to a tooltip, not into the words. */
export function splitRules(value) {
  const rules = [];
  const text = String(value || "")
    .replace(/\s*\(([^()]*)\)/g, (whole, inside) => {
      if (!RULE_REF.test(inside)) return whole;
      rules.push(inside.trim());
      return "";
    })
    .trim();
  return { text, rules: rules.join(", ") };
}

/** The text with its first letter in capitals ("out of rounds" -> "Out of rounds"). */
export function capital(text) {
  const value = String(text);
  return value.charAt(0).toLocaleUpperCase() + value.slice(1);
}

export function levelName(level) {
  const text = t(`level.${level}`);
  return text.startsWith("level.") ? level : text.split(" — ")[0];
}

/** "first" / "second" / "third" / "seat 4". */
export function seatOrder(seat) {
  const key = `lobby.seat_${seat}`;
  const text = t(key);
  return text === key ? t("lobby.seat_n", { seat }) : text;
}

/** A value of an event or a view as short text: lists joined, booleans as yes/no. */
export function shortValue(value) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? t("board.yes") : t("board.no");
  if (Array.isArray(value)) return value.map(shortValue).join(", ");
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${humanise(k)} ${shortValue(v)}`).join(", ");
  }
  return String(value);
}

/** The parameters of a reason or an event as "target 20, rounds 8". */
export function describeParams(params, skip = []) {
  return Object.entries(params || {})
    .filter(([key]) => !skip.includes(key))
    .map(([key, value]) => `${humanise(key)} ${shortValue(value)}`)
    .join(", ");
}

/** The result line: "You win!", "Player 2 wins.", "Players 1 and 3 win.", "A draw." */
export function resultLine(outcome, game, mySeat) {
  const winners = outcome.winners || (outcome.winner ? [outcome.winner] : []);
  if (outcome.result === "draw") return t("result.draw");
  if (!winners.length) {
    return mySeat ? t("result.lose") : t("result.nobody");
  }
  if (winners.length === 1) {
    if (mySeat) return winners[0] === mySeat ? t("result.win") : t("result.lose");
    return t("result.player", { player: seatLabel(game, null, winners[0]) });
  }
  if (mySeat && winners.includes(mySeat)) {
    const others = winners.filter((s) => s !== mySeat).map((s) => seatLabel(game, mySeat, s));
    return t("result.you_share", { list: others.join(", ") });
  }
  if (mySeat) return t("result.lose");
  return t("result.players", { list: winners.map((s) => seatLabel(game, null, s)).join(", ") });
}

/** The generic description of an outcome: {result, reason, rule}; the reason is the code
 * humanised with its parameters ("Out of rounds (target 20, rounds 8)"). */
export function genericOutcome(outcome, game, mySeat) {
  if (!outcome) return { result: "", reason: "", rule: null };
  const params = describeParams(outcome.params);
  const reason = capital(humanise(outcome.reason || "")) + (params ? ` (${params})` : "");
  return { result: resultLine(outcome, game, mySeat), reason, rule: outcome.rule || null };
}

/** The generic description of an event: "{who} · {kind}: {data}" ("You · rolled: faces 2,
 * 6"); its rule goes to the line's tooltip (log.js). */
export function genericEvent(event, game, mySeat) {
  if (event.kind === "game-over") {
    const { result, reason } = genericOutcome(event, game, mySeat);
    return t("log.over", { result: `${result} ${reason}`.trim() });
  }
  const who = event.player !== undefined ? seatLabel(game, mySeat, event.player) : "";
  const data = describeParams(event, ["kind", "player", "rule"]);
  const text = `${who ? humanise(event.kind) : capital(humanise(event.kind))}${data ? `: ${data}` : ""}`;
  return who ? `${who} · ${text}` : text;
}
