// The texts of the Age of Sigmar module: its own tables first, then the shell's; numbers and
// chances as players read them in each language.
import { lang, translator } from "../../i18n.js";
import { cs } from "./i18n_cs.js";
import { en } from "./i18n_en.js";

export const strings = { en, cs };
export const t = translator(strings);

/** A chance (0..1) as a whole percent, "<1 %" for a small one that is not nil. */
export function percent(p) {
  const value = Number(p) || 0;
  const space = lang() === "cs" ? "\u00a0" : "";
  if (value > 0 && value < 0.01) return `<1${space}%`;
  if (value < 1 && value > 0.99) return `>99${space}%`;
  return `${Math.round(value * 100)}${space}%`;
}

/** A number of inches or wounds with at most one decimal, the language's decimal mark. */
export function decimal(x, digits = 1) {
  return new Intl.NumberFormat(lang(), { maximumFractionDigits: digits }).format(Number(x) || 0);
}

/** The side a seat commands (A is seat 1). */
export function sideOfSeat(seat) {
  return seat === 1 ? "A" : seat === 2 ? "B" : null;
}

export function sideWord(side) {
  return t(`side.${side}`);
}
