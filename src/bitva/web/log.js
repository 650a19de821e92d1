// The game log: one line per event, as this seat sees it, in the current language; the game's
// module describes its events (and may merge them), the generic words describe the rest.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { genericEvent, genericOutcome } from "./words.js";

/** The events of log entries ({index, seat, events}) as [{event, seat}], in order. */
export function allEvents(entries) {
  return entries.flatMap((entry) => entry.events.map((event) => ({ event, seat: entry.seat })));
}

/** A module's description of an event, else the generic one. */
export function describeEvent(mod, event, ctx) {
  const own = mod.own && mod.describeEvent ? mod.describeEvent(event, ctx) : undefined;
  if (own !== undefined) return own;
  return genericEvent(event, ctx.game, ctx.seat);
}

/** {result, reason, rule} of an outcome: the module's words where it has them. */
export function describeOutcome(mod, outcome, ctx) {
  const base = genericOutcome(outcome, ctx.game, ctx.seat);
  if (!outcome || !mod.own || !mod.describeOutcome) return base;
  return { ...base, ...mod.describeOutcome(outcome, ctx) };
}

// a line's look: a new turn, the end; a module may mark its own kinds (eventClass)
const KIND_CLASS = { turn: "turn", "game-over": "over" };

/** The log entries as list items, the newest last. `ctx` = {game, seat, t, meta}. */
export function renderLog(list, entries, mod, ctx) {
  while (list.firstChild) list.firstChild.remove();
  const items = mod.own && mod.logEvents ? mod.logEvents(entries, ctx) : allEvents(entries);
  let any = false;
  for (const { event, seat: actor } of items) {
    const text = describeEvent(mod, event, ctx);
    if (!text) continue;
    any = true;
    const seat = event.player ?? event.owner ?? (actor > 0 ? actor : null);
    const look = (mod.own && mod.eventClass && mod.eventClass(event)) || KIND_CLASS[event.kind];
    const line = h("li", { class: ["log-line", look, seat && `p${seat}`], dataset: { kind: event.kind }, text });
    const rule = (mod.own && mod.eventRule && mod.eventRule(event)) || event.rule;
    if (rule) line.title = t("result.rule", { rule });
    list.append(line);
  }
  if (!any) list.append(h("li", { class: "log-line empty", text: t("log.empty") }));
  list.scrollTop = list.scrollHeight;
}

/** The end of a game: the result in big letters, the reason, the rule in a tooltip. */
export function resultBox(mod, outcome, ctx) {
  const { result, reason, rule } = describeOutcome(mod, outcome, ctx);
  const line = h("div", { class: "muted", id: "result-reason", text: reason });
  if (rule) line.title = t("result.rule", { rule });
  return [h("div", { class: "result", id: "result", text: result }), line];
}
