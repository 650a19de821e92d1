// The log's lines, the result's reason and the buttons' words of Age of Sigmar: the engine's
// events (battle/engine.py, battle/resolution.py) and actions (battle/actions.py) in words.
import { decimal, sideWord, t } from "./text.js";

const RULES = {
  "roll-off": "AOS-1.7", "first-turn": "AOS-4.1", inspired: "AOS-5.3", run: "AOS-6.5",
  "run-roll": "AOS-6.5", moved: "AOS-6.2", charge: "AOS-8.1", "charge-roll": "AOS-8.2",
  "charge-failed": "AOS-8.3", shoot: "AOS-7", attack: "AOS-9.3", damage: "AOS-12.1",
  battleshock: "AOS-10", fight: "AOS-9.2", cast: "AOS-14.2", "cast-roll": "AOS-14.2",
  unbind: "AOS-14.3", "unbind-roll": "AOS-14.3", deadly: "AOS-2.5", mystical: "AOS-2.5",
  sacrifice: "AOS-2.5", ability: "3.2", command: "AOS-5.3", healed: "AOS-12.5", "no-respite": "3.2",
  "scenery-roll": "AOS-2.3", "scenery-choice": "AOS-2.3", landscape: "AOS-2.5", territory: "AOS-3.1",
  deployed: "AOS-3.2", "set-up-done": "AOS-3.3", general: "AOS-3.5", objective: "AOS-3.6",
  named: "AOS-3.6", triumph: "AOS-3.7",
};

export const DICE_KINDS = new Set(["roll-off", "run-roll", "charge-roll", "battleshock", "attack-roll", "cast-roll", "unbind-roll", "deadly", "mystical", "scenery-roll"]);

/** A spell's or ability's name: the table's, else its id in words ("portal-of-skulls"). */
export function named(id) {
  const key = `name.${id}`;
  const text = t(key);
  return text === key ? String(id || "").replaceAll("-", " ") : text;
}

const NAMES = new Map(); // unit id -> its warscroll name, from the latest view

/** Remember the units' names of a view (the log says "Liberators (A1)", not "A1"). */
export function learnNames(units) {
  for (const unit of units || []) if (unit && unit.id && unit.name) NAMES.set(unit.id, unit.name);
}

/** A unit as the log names it: its name and id, or the id alone when the name is unknown. */
export function unitLabel(id) {
  const name = NAMES.get(id);
  return name ? `${name} (${id})` : String(id ?? "");
}

/** A model as the log names it: its unit's name and the model's id ("Liberators (A2.3)"). */
export function modelLabel(id) {
  const name = NAMES.get(String(id ?? "").split(".")[0]);
  return name ? `${name} (${id})` : String(id ?? "");
}

/** An attack step's name in the player's language ("hit_reroll": "hit re-roll"). */
export function stepWord(step) {
  const key = `step.${step}`;
  const text = t(key);
  return text === key ? String(step || "").replaceAll("_", " ") : text;
}

/** One log line for an engine event, or null for one the log leaves out. */
export function describeEvent(event) {
  const raw = event || {};
  const e = { ...raw };
  if (raw.unit !== undefined && typeof raw.unit === "string") e.unit = unitLabel(raw.unit);
  if (raw.target !== undefined && typeof raw.target === "string") e.target = unitLabel(raw.target);
  switch (e.kind) {
    case "first-turn": return t("log.first-turn", { side: sideWord(e.side), round: e.round });
    case "phase-done": return t("log.phase-done", { side: sideWord(e.side), phase: t(`phase.${e.phase}`) });
    // the engine's "moved" event names its verb (move, retreat, pile-in) as `verb`
    case "moved": {
      const verb = e.verb || "move";
      if (!(e.models || []).length) return t("log.stayed", e); // a pile-in that stays
      return t("log.moved", { unit: e.unit, kind: t(`move.${verb}`), models: t("unit.models", { n: (e.models || []).length }) });
    }
    case "attack-roll": return t("log.attack-roll", { step: stepWord(e.step), counts: (e.counts || []).join("/") });
    case "battleshock": return t("log.battleshock", { ...e, fled: Array.isArray(e.fled) ? e.fled.length : Number(e.fled || 0) });
    case "blessed": return t("log.blessed", { side: sideWord(e.side), roll: e.roll, now: e.now });
    case "damage":
    case "retaliation": return t(`log.${e.kind}`, { ...e, slain: Array.isArray(e.slain) ? e.slain.length : Number(e.slain || 0) });
    case "cast": case "spell-target": return t(`log.${e.kind}`, { ...e, spell: named(e.spell) });
    case "ability": return t("log.ability", { ...e, ability: named(e.ability) });
    case "command": return t("log.command", { ...e, ability: named(e.ability) });
    case "abilities-done": return t("log.abilities-done", { side: sideWord(e.side) });
    case "no-respite": return t("log.no-respite", { ...e, n: (e.models || []).length });
    case "healed": return t("log.healed", { ...e, n: Number(e.wounds || 0) });
    case "mortal-wounds": return t("log.mortal-wounds", { ...e, slain: Array.isArray(e.slain) ? e.slain.length : Number(e.slain || 0) });
    case "no-target": return e.unit ? t("log.no-target", e) : t("log.no-target-none");
    case "game-over": return t("log.game-over");
    // before the battle (battle/pre_battle.py)
    case "roll-off": return e.for ? t(`log.roll-off.${e.for}`, e) : t("log.roll-off", e);
    // a cell's scenery roll or chosen count (AOS-2.3, D-35), and the features it placed
    case "scenery-roll": case "scenery-choice": {
      if (e.count === undefined) return t("log.scenery-roll.choose", e);
      const placed = (e.features || []).length ? ` (${e.features.join(", ")})` : "";
      return t(`log.${e.kind}`, { ...e, side: e.side ? sideWord(e.side) : "", n: Number(e.count), placed });
    }
    case "landscape": return t("log.landscape", { feature: e.feature, rule: t(`landscape.${e.rule}`) });
    case "territory": return t("log.territory", { side: sideWord(e.side), half: t(`half.${e.half}`) });
    case "deployed": case "set-up-done": return t(`log.${e.kind}`, { ...e, side: sideWord(e.side) });
    case "general": return t("log.general", { ...e, side: sideWord(e.side), model: modelLabel(e.model) });
    case "objective": return t("log.objective", { side: sideWord(e.side), objective: t(`objective.${e.objective}`) + (e.feature ? ` (${e.feature})` : "") });
    case "triumph": return t("log.triumph", { side: sideWord(e.side), die: e.die, triumph: t(`triumph.${e.triumph}`) });
    default: {
      const key = `log.${e.kind}`;
      const text = t(key, e);
      return text === key ? null : text;
    }
  }
}

export function eventRule(event) {
  return RULES[event && event.kind] || null;
}

export function eventClass(event) {
  if (!event) return "";
  if (event.kind === "damage" || event.kind === "retaliation") return "kill";
  if (DICE_KINDS.has(event.kind)) return "dice";
  return "";
}

export function describeOutcome(outcome) {
  const key = `reason.${outcome.reason}`;
  const reason = t(key);
  return { reason: reason === key ? outcome.reason : reason, rule: outcome.rule || null };
}

/** A button's words for an action text of the view's `choices`. */
export function actionLabel(action) {
  const words = action.split(" ");
  const [verb, unit] = words;
  switch (verb) {
    case "first": return t("button.first", { side: sideWord(unit) });
    case "done": return t("button.done");
    case "cast": return t("button.cast", { unit, spell: named(words[2]) });
    case "use": case "command": return words[3]
      ? t(`button.${verb}_on`, { unit, ability: named(words[2]), target: words[3] })
      : t(`button.${verb}`, { unit, ability: named(words[2]) });
    case "sacrifice": return t("button.sacrifice", { unit });
    case "inspire": case "run": case "hold": case "charge": case "fight": case "unbind": case "target":
      return t(`button.${verb}`, { unit });
    case "shoot": case "attack": { // "attack A1 at B1; m3 at B2": a split (AOS-11.3)
      const [head, ...splits] = action.split(";").map((part) => part.trim());
      const plain = t(`button.${verb}`, { unit, target: head.split(" ")[3] });
      return splits.length ? t("button.split", { action: plain, splits: splits.map((part) => part.replace(" at ", " → ")).join(", ") }) : plain;
    }
    case "allocate": case "flee": return t(`button.${verb}`, { unit, models: words.slice(2).join(", ") });
    case "bless": return t("button.bless", { change: words[2] ? `${unit} → ${words[2]}` : unit });
    case "move": return t("button.suggested_move", { unit });
    case "retreat": return t("button.suggested_retreat", { unit });
    case "deploy": { // "deploy A1 m1 x,y; m2 x,y": the button names the formation's centre
      const points = action.split(";").map((part) => part.trim().split(" ").pop().split(",").map(Number));
      const mean = (i) => decimal(points.reduce((a, p) => a + p[i], 0) / points.length);
      return t("button.deploy", { unit: unitLabel(unit), x: mean(0), y: mean(1) });
    }
    case "territory": return t("button.territory", { half: t(`half.${unit}`) });
    case "general": return t("button.general", { model: modelLabel(unit) });
    case "objective": return words[2] ? t("button.objective_feature", { feature: words[2] }) : t("button.objective", { objective: t(`objective.${unit.replace("-", "_")}`) });
    case "name": return t("button.name", { unit: unitLabel(unit) });
    case "landscape": return t("button.landscape", { feature: unit, rule: t(`landscape.${words[2]}`) });
    case "scenery": return t("button.scenery", { n: Number(unit) });
    case "pile-in": return words.length > 2 ? t("button.suggested_pile", { unit }) : t("button.stay", { unit });
    default: return action;
  }
}

/** The odds line of an attack (the adapter's `odds`: the calculator's outcome, section 5). */
export function attackOdds(odds, percent) {
  if (!odds) return "";
  return t("odds.attack", { damage: decimal(odds.mean_damage), slain: decimal(odds.mean_slain), wipe: percent(odds.wipe) });
}

/** A refusal in the player's words (issue 22 point 4): the engine's violation `code` and its
 * `params` (battle/engine.py, geometry/paths.py) said with the units' names and the models'
 * numbers, not the engine's coordinates; the engine's English sentence where it gives no code.
 * `unitOf(id)` finds a unit of the view. */
export function violationWords(violation, unitOf) {
  const v = violation || {};
  const key = v.code === "enemy_within_3" && v.rule === "AOS-6.4" ? "violation.retreat_within_3" : `violation.${v.code}`;
  if (!v.code || t(key) === key) return v.message || "";
  const p = v.params || {};
  const nameOf = (id) => { const unit = unitOf(id); return unit && unit.name ? unit.name : id; };
  const model = (id) => {
    const [unit, n] = String(id || "").split(".");
    return t("violation.model", { name: nameOf(unit), n });
  };
  const unit = p.unit ? t("violation.unit", { name: nameOf(p.unit), unit: p.unit }) : "";
  const words = t(key, {
    ...p,
    unit: v.code === "no_unit" ? p.unit : unit,
    model: p.model ? model(p.model) : unit,
    other: p.other ? t("violation.other", { name: nameOf(String(p.other).split(".")[0]) }) : t("violation.other_none"),
    length: decimal(p.length), allowance: decimal(p.allowance), gap: decimal(p.gap),
  });
  return words.charAt(0).toUpperCase() + words.slice(1);
}
