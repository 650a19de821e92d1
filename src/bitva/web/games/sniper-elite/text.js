// The texts of the Sniper Elite module: its own tables first, then the shell's; card names from
// the view's ids; percentages as players read them in each language.
import { lang, translator } from "../../i18n.js";
import { cs } from "./i18n_cs.js";
import { en } from "./i18n_en.js";

export const strings = { en, cs };
export const t = translator(strings);

let lastMap = null; // the static map (a replay sends it once): the log's words and replays use it
let lastModifiers = []; // the game's modifiers (SE-10)
let cards = {}; // every card's names and texts in both languages (the server's lobby extras)

/** Keeps the cards' names and texts of the game's /api/meta entry (its lobby extras). */
export function rememberCards(ctx) {
  const lobby = (ctx && (ctx.lobby || (ctx.meta && ctx.meta.lobby))) || {};
  if (lobby.cards) cards = lobby.cards;
}

/** A card's field in the current language (`name`, `text`, `short`), English where Czech lacks. */
function cardField(id, key) {
  const card = cards[id];
  if (!card) return "";
  return (lang() === "cs" && card[`${key}_cs`]) || card[key] || "";
}

/** Keeps the static map a view brings. */
export function remember(view) {
  if (view && view.map) lastMap = view.map;
  if (view && view.modifiers) lastModifiers = view.modifiers;
}

/** Whether the game being shown plays with a modifier (SE-10.1): the narration's recon range. */
export function playsWith(modifier) {
  return lastModifiers.includes(modifier);
}

export function rememberedMap() {
  return lastMap;
}

/** An order or equipment card's name in the current language ("Suppressive Fire", "Krycí palba"). */
export function cardName(id) {
  const name = cardField(id, "name");
  if (name) return name;
  const words = String(id).toLowerCase().replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a card does (and an equipment card's timing), in the current language; "" if unknown. */
export function cardText(id) {
  return cardField(id, "text");
}

/** An equipment card's few words for the hand ("climb without a ladder"). */
export function cardShort(id) {
  return cardField(id, "short");
}

/** An order card's steps as the content writes them ({op, who, n, to, ...}, SE-8.13). */
export function cardSteps(id) {
  return (cards[id] && cards[id].steps) || [];
}

/** A card's tooltip: its text and the rule behind it. */
export function cardTitle(id) {
  const text = cardText(id);
  const rule = cards[id] && cards[id].rule;
  return [text, rule ? t("result.rule", { rule }) : ""].filter(Boolean).join(" ");
}

/** The board edge an entry point's target space lies on (SE-2.10): north, south, west, east. */
export function entryEdge(space, map) {
  const col = String(space).charCodeAt(0) - 97;
  const row = Number(String(space).slice(1)) - 1;
  const width = (map && map.width) || 14;
  if (col === 0) return "west";
  if (col === width - 1) return "east";
  return row === 0 ? "north" : "south";
}

/** An entry point's words ({area, edge, space}) for EK, or null for a space: the log and the
 * buttons name it as a player reads the map ("the black entry point, north edge"), never by id. */
export function entryWords(place, map = lastMap) {
  const entry = map && map.entries && map.entries[place];
  if (!entry) return null;
  return { area: t(`area_of.${entry[0]}`), edge: t(`edge.${entryEdge(entry[1], map)}`), space: entry[1] };
}

/** The round a turn of the engine belongs to: the sniper's turn and the defenders' turn after
 * it are two turns of the rules (SE-5.2, each with its own hit cap) but one round for the player. */
export function roundOf(turn) {
  return Math.floor((Number(turn) + 1) / 2);
}

/** An area's name: "red", "černá". */
export function areaName(area) {
  const key = `area.${area}`;
  const text = t(key);
  return text === key ? String(area) : text;
}

/** A percentage as players read it: "69 %" in Czech (a no-break space: the sign never wraps
 * away from its number), "69%" in English. */
export function percent(p) {
  const value = Math.round(Number(p) * 100);
  const shown = value === 0 && Number(p) > 0 ? "<1" : String(value); // some chance is not none
  return lang() === "cs" ? `${shown}\u00a0%` : `${shown}%`;
}
