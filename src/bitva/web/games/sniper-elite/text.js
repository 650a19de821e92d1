// The texts of the Sniper Elite module: its own tables first, then the shell's; card names from
// the view's ids; percentages as players read them in each language.
import { lang, translator } from "../../i18n.js";
import { cs } from "./i18n_cs.js";
import { en } from "./i18n_en.js";

export const strings = { en, cs };
export const t = translator(strings);

let lastMap = null; // the static map (a replay sends it once): the log's words and replays use it

/** Keeps the static map a view brings. */
export function remember(view) {
  if (view && view.map) lastMap = view.map;
}

export function rememberedMap() {
  return lastMap;
}

/** An order or equipment card's name in the current language ("Suppressive Fire"). */
export function cardName(id) {
  const key = `card.${id}`;
  const text = t(key);
  if (text !== key) return text;
  const words = String(id).toLowerCase().replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An area's name: "red", "černá". */
export function areaName(area) {
  const key = `area.${area}`;
  const text = t(key);
  return text === key ? String(area) : text;
}

/** A percentage as players read it: "69 %" in Czech, "69%" in English. */
export function percent(p) {
  const value = Math.round(Number(p) * 100);
  return lang() === "cs" ? `${value} %` : `${value}%`;
}
