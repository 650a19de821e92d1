// The texts of the BattleLore module: its own tables first, then the shell's; and the printed
// names of units and cards, in the current language, from the catalogue the server sends with the
// view (`view.catalogue`: {units: {id: {name, name_cs}}, cards: {id: {name, name_cs, text,
// text_cs, cost}}}; a name the catalogue lacks reads as its id, so nothing ever breaks on one).
import { vocalize } from "../../czech.js";
import { lang, translator } from "../../i18n.js";
import { cs } from "./i18n_cs.js";
import { en } from "./i18n_en.js";

export const strings = { en, cs };
const translate = translator(strings);

/** A text of the module in the current language, finished as a sentence is read: a card name
 * that ends in "!" or "?" takes no full stop after it ("Rampage!", not "Rampage!."), and in
 * Czech "z" is said "ze" where the next word needs it ("ze 4", `czech.js`; issue 21.7). */
export function t(key, params = {}) {
  const text = translate(key, params).replace(/([!?])\./g, "$1");
  return lang() === "cs" ? vocalize(text) : text;
}

// section cards name the flank they order, seen from the player who plays them (rules 5.1)
const FLANKS = { en: { L: "left", C: "centre", R: "right" }, cs: { L: "levé křídlo", C: "střed", R: "pravé křídlo" } };

let remembered = {}; // the last catalogue seen: the log's words have no view of their own
let lastView = null;

/** Keeps the latest view and the catalogue it brings (sent once by a replay; it never
 * changes): the log's words name units and cards from them. */
export function remember(view) {
  if (!view) return;
  lastView = view;
  if (view.catalogue) remembered = view.catalogue;
}

export function rememberedView() {
  return lastView;
}

function entry(view, table, id) {
  const catalogue = (view && view.catalogue) || remembered;
  return (catalogue[table] || {})[id] || null;
}

function localised(item, key) {
  if (!item) return null;
  return (lang() === "cs" && item[`${key}_cs`]) || item[key] || null;
}

/** "Footmen" for "h_bf_sword". */
export function unitName(view, type) {
  return localised(entry(view, "units", type), "name") || String(type);
}

/** A Command or Lore card's printed name ("Patrol Centre"); without the catalogue, the id's
 * words and the flank: "Patrol (centre)". */
export function cardName(view, id) {
  const name = localised(entry(view, "cards", id), "name");
  if (name) return name;
  const match = /^(.*)_([LCR])$/.exec(String(id));
  if (!match) return String(id);
  const base = match[1].charAt(0) + match[1].slice(1).toLowerCase().replace(/_/g, " ");
  return `${base} (${(FLANKS[lang()] || FLANKS.en)[match[2]]})`;
}

/** A Lore refill option's words ("Draw 2 Lore cards, keep 1"): the engine's own table
 * (`lore.REFILL_CHOICES`) as the catalogue brings it, so that a button and the log always say
 * what the option does (BL-15.2); without the catalogue, the option's letter. */
export function refillLabel(view, option) {
  return localised(entry(view, "refill", option), "label") || String(option);
}

/** A unit type's catalogue entry (weapon, move, move_battle, melee, range), or {}. */
export function unitInfo(view, type) {
  const item = entry(view, "units", type) || {};
  return { ...item, weapon: localised(item, "weapon") };
}

/** What a card does, in words (the catalogue's text), or "". */
export function cardText(view, id) {
  return localised(entry(view, "cards", id), "text") || "";
}

/** A card's catalogue entry (cost, kind, schools), or {}. */
export function cardInfo(view, id) {
  return entry(view, "cards", id) || {};
}

export function sideName(side) {
  return t(`side.${side}`);
}

/** A percentage as players read it: "69 %" in Czech, "69%" in English. */
export function percent(p) {
  const value = Math.round(Number(p) * 100);
  return lang() === "cs" ? `${value} %` : `${value}%`;
}
