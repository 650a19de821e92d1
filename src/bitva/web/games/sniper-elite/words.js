// Sniper Elite in words: its events and outcomes in the current language, from their codes
// (event kinds and data, the outcome's reason and score); the rule goes to the line's tooltip.
// The defenders are the rules, not a seat: every line is said to the player ("you").
import { areaName, cardName, cardSteps, entryWords, playsWith, rememberCards, roundOf, t } from "./text.js";

const KIND_CLASS = {
  hit: "kill", wounded: "kill", "defenders-turn": "turn", "sniper-turn": "turn", "game-over": "over",
  "objective-completed": "general",
};

export function eventRule(event) {
  return event.rule || null;
}

export function eventClass(event) {
  return KIND_CLASS[event.kind];
}

/** "3 accuracy, 1 noise" for the tokens drawn. */
export function tokensWords(tokens) {
  return ["A", "N", "R", "S"].filter((k) => tokens && tokens[k]).map((k) => t(`token.${k}`, { n: tokens[k] })).join(", ");
}

/** A reward's words: "noise", "recoil 2", "accuracy". */
export function rewardWords(reward) {
  const [kind, count] = String(reward).split(" ");
  return t(`button.reward.${kind}`, { n: Number(count || 1) });
}

/** A card used with a parameter: "Field Dressing: 2 recoil into your health", "False Report:
 * to the black area", "Thrown Stone: e5". */
export function useWords(card, param) {
  if (/^\d+$/.test(param)) return t("button.param_recoil", { card: cardName(card), n: Number(param) });
  if (/^[a-n]\d+$/.test(param)) return t("button.param", { card: cardName(card), param });
  return t("button.param_area", { card: cardName(card), area: t(`area_of.${param}`) });
}

/** What a step of an order card does, in a few words (from the engine's op). */
export function opWords(op) {
  const key = `op.${op}`;
  const text = t(key);
  return text === key ? String(op) : text;
}

/** One step of an order card in words (SE-8.13): who acts, then what they do ("every defender:
 * move 2 toward the last known area"); the bare op where the card's steps are unknown. */
export function stepWords(card, index, op) {
  const step = cardSteps(card)[index];
  if (!step) return opWords(op);
  // a recon reaches 2 spaces unless the card says otherwise; the Sniper challenge adds 1 (E-4)
  const n = step.op === "recon" ? Number(step.range || 2) + (playsWith("sniper-recon") ? 1 : 0) : Number(step.n || 0);
  const to = String(step.to || "");
  const kind = to.startsWith("po_access:") ? to.split(":")[1] : null;
  let who = "";
  if (step.per_po) who = t(step.unguarded ? "who.per_po_unguarded" : "who.per_po");
  else if (step.who) who = t(`who.${step.who}`) + (step.los_within ? t("who.los_within", { n: Number(step.los_within) }) : "");
  const target = kind ? t(kind === "any" ? "to.access" : "to.access_kind", { kind: t(`access.${kind}`) }) : t(`to.${step.per_po ? "it" : to}`);
  const what = step.op === "move" ? t("op.move_n", { n, to: target })
    : step.op === "summon" ? t("op.summon_to", { to: t(`summon_to.${step.per_po ? "it" : to}`) })
      : step.op === "recon" ? t("op.recon_n", { n })
        : opWords(step.op);
  return who ? t("step.who_what", { who, what }) : what;
}

// A summon or regroup places defenders (SE-6.7, SE-8.8, SE-8.12), which the engine's events
// report like moves: the order step before them says which.
const SUMMONS = new Set(["SE-6.7", "SE-8.8", "SE-8.12"]);
const STEP_ENDS = new Set(["order-resolved", "defenders-turn", "sniper-turn", "order-discarded"]);

/** The events with each summoned defender's move marked `summoned` (in order, as told). */
export function markSummons(events) {
  let placing = false;
  return events.map((e) => {
    if (e.kind === "order-step") placing = e.op === "summon" || e.op === "regroup";
    else if (STEP_ENDS.has(e.kind)) placing = false;
    return e.kind === "defender-moved" && (placing || SUMMONS.has(e.rule)) ? { ...e, summoned: true } : e;
  });
}

// SE-6.4: a move's hit right after the same move's update of the last known area can only be
// the Sniper challenge's loud 3-step move (it hits even outside the area)
const MOVE_NOTICED = "SE-6.4";

/** The events with a loud move's hit marked `loud` (in order, as told). */
export function markLoud(events) {
  return events.map((e, i) => {
    const before = events[i - 1];
    const loud = e.kind === "hit" && e.rule === MOVE_NOTICED && before && before.kind === "lka" && before.rule === MOVE_NOTICED;
    return loud ? { ...e, loud: true } : e;
  });
}

/** The events marked for telling: summons and loud moves. */
export function markEvents(events) {
  return markLoud(markSummons(events));
}

/** The log's events ({event, seat}), summons and loud moves marked. */
export function logEvents(entries) {
  const items = entries.flatMap((entry) => entry.events.map((event) => ({ event, seat: entry.seat })));
  const marked = markEvents(items.map((item) => item.event));
  return items.map((item, i) => ({ event: marked[i], seat: item.seat }));
}

/** One log line for an event ({kind, ...data}); null to show nothing, undefined for generic. */
export function describeEvent(event, ctx) {
  const e = event;
  if (ctx) rememberCards(ctx);
  switch (e.kind) {
    case "sniper-moved": {
      const entry = entryWords(e.from);
      return entry ? t("ev.stepped-in", { ...entry, to: e.to, n: e.steps }) : t("ev.sniper-moved", { from: e.from, to: e.to, n: e.steps });
    }
    case "entered": return t("ev.entered", entryWords(e.entry) || { area: t(`area_of.${e.area}`), edge: "?", space: "?" });
    case "shot": return t("ev.shot", { target: e.target, range: e.range, n: e.tokens });
    case "tokens-drawn": return t(e.hit ? "ev.drawn_hit" : "ev.drawn_miss", { tokens: tokensWords(e.tokens) });
    case "reward": {
      const [kind, count] = String(e.reward).split(" ");
      return t(`ev.reward_${kind}`, { n: Number(count || 1) });
    }
    case "loot": return t("ev.loot", { n: e.cards });
    case "loot-drawn": return t("ev.loot_drawn", { card: cardName(e.card) });
    case "equipment-drawn": return t("ev.equipment", { card: cardName(e.card) });
    case "equipment-kept": return t("ev.kept", { card: cardName(e.card) });
    case "equipment-duplicate": return t("ev.duplicate", { card: cardName(e.card) });
    case "equipment-used": {
      const param = (e.param || []).join(" ");
      return param ? t("ev.used_on", { what: useWords(e.card, param) }) : t("ev.used", { card: cardName(e.card) });
    }
    case "objective-completed": return t("ev.completed", { objective: e.objective, count: e.count });
    case "objective-bottomed": return t("ev.bottomed");
    case "objective-drawn": return t("ev.objective");
    case "sniper-turn-end": return t("ev.turn-end");
    case "defenders-turn": return t("ev.defenders");
    case "sniper-turn": return t("ev.sniper-turn", { turn: roundOf(e.turn) });
    case "order-die": return t("ev.die", { chevrons: e.chevrons, n: Number(e.chevrons), slot: t(`ev.slot.${e.chevrons}`) });
    case "order-flipped": return t("ev.flipped", { card: cardName(e.card) });
    case "order-resolved": return t("ev.order", { card: cardName(e.card) });
    case "order-step": return t("ev.step", { step: Number(e.step) + 1, words: stepWords(e.card, Number(e.step), e.op) });
    case "found": return t(e.how === "search" ? "ev.found_search" : "ev.found_recon", { defender: e.defender });
    case "attack": return t("ev.attack", { defender: e.defender });
    case "defender-moved": return t(e.summoned || SUMMONS.has(e.rule) ? "ev.summoned" : "ev.moved", { defender: e.defender, from: e.from, to: e.to });
    case "defender-placed": return t("ev.placed", { defender: e.defender, to: e.to });
    case "defender-removed": return t("ev.removed", { defender: e.defender });
    case "defender-returns": return t("ev.returns", { defender: e.defender, cross: e.cross });
    case "lka": return t("ev.lka", { area: areaName(e.area) });
    case "hit": {
      // the reason of a move's hit (SE-6.4): seen in the last known area, or heard (Sniper)
      if (e.rule === MOVE_NOTICED) return t(e.loud ? "ev.hit_loud" : "ev.hit_seen", { n: e.count });
      return t("ev.hit", { n: e.count });
    }
    case "wounded": return t("ev.wounded");
    case "ruled-out": return t("ev.ruled-out", { objective: e.objective });
    case "order-discarded": return t("ev.discarded", { card: cardName(e.card) });
    case "order-drawn": return e.face === "down" ? t("ev.drawn_down") : t("ev.drawn_up", { card: cardName(e.card) });
    case "order-deck-shuffled": return t("ev.shuffled", { n: e.cards });
    case "order-deck":
    case "order-boxed": return null; // the set-up's unseen cards say nothing to the player
    case "tie": return t("ev.tie");
    case "game-over": {
      const said = describeOutcome(e);
      return said.result ? `${said.result} ${said.reason}` : undefined;
    }
    default: return undefined;
  }
}

/** {result, reason, rule} from the outcome's codes. */
export function describeOutcome(outcome) {
  if (!outcome) return {};
  const won = outcome.result === "win";
  const done = outcome.scores && (outcome.scores["1"] ?? outcome.scores[1]);
  let reason = t(`reason.${outcome.reason}`);
  if (!won && done !== undefined && done !== null) reason += ` ${t("reason.objectives_done", { n: Number(done) })}`;
  return { result: t(won ? "result.win" : "result.loss"), reason, rule: outcome.rule };
}
