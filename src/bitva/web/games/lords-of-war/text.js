// The texts of the Lords of War module: its own tables first, then the shell's.
import { term as termOf, translator } from "../../i18n.js";
import { cs } from "./i18n_cs.js";
import { en } from "./i18n_en.js";

export const strings = { en, cs };
export const t = translator(strings);

/** A rank, class, army or direction name: term("rank", "veteran"). */
export function term(kind, value) {
  return termOf(t, kind, value);
}

/** A card as a player reads it: its printed name, without the "#2" that tells the catalogue's
 * variants of one card apart ("Goblin Shanker#2" -> "Goblin Shanker"). */
export function cardName(ref) {
  return String(ref || "").replace(/#\d+$/, "");
}
