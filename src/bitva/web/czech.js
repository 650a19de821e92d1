// Czech grammar the tables cannot write by hand: the preposition "z" becomes "ze" before a word
// that is hard to say after a bare "z" (issue 21.7: "4 figurky ze 4", not "z 4"). The rule
// (Ústav pro jazyk český, "Vokalizace předložek"): "ze" before a word beginning with s, z, š or
// ž ("ze sta", "ze země", "ze šesti", "ze žita") and before the clusters of "ze dvou", "ze tří",
// "ze čtyř", "ze mne", "ze všech". A number is said as its Czech words, so its first word
// decides: 2, 3, 4, 6, 7, 12-14, 16, 17, 20-49, 60-79, 100-499, 600-799 and so on take "ze";
// 1, 5, 8, 9, 10, 11, 15, 18, 19, 50-59, 80-99 and 1000 ("z tisíce") take "z".

// the first sounds of a word after which "z" is said "ze"
const HARD_START = /^(?:[szšž]|dv|tř|čt|vš|mne$|mně$)/iu; // "z mnoha", but "ze mne"
// the units 0-9 whose genitive begins with a hard sound: dvou, tří, čtyř, šesti, sedmi
const HARD_DIGITS = new Set([2, 3, 4, 6, 7]);
// the teens said with a hard start: dvanácti, třinácti, čtrnácti, šestnácti, sedmnácti
const HARD_TEENS = new Set([12, 13, 14, 16, 17]);

/** Whether a whole number (said in Czech words) takes "ze": its first spoken word decides. */
export function numberTakesZe(n) {
  n = Math.abs(Math.trunc(Number(n)));
  if (!Number.isFinite(n)) return false;
  if (n < 10) return HARD_DIGITS.has(n); // "z nuly", "z jedné", "z pěti", "z osmi"
  if (n < 20) return HARD_TEENS.has(n); // "z deseti", "z jedenácti", "z patnácti"
  if (n < 100) return HARD_DIGITS.has(Math.floor(n / 10)); // dvaceti, třiceti, ..., sedmdesáti
  if (n < 1000) {
    const hundreds = Math.floor(n / 100);
    return hundreds === 1 || HARD_DIGITS.has(hundreds); // "ze sta", "ze dvou set", "z pěti set"
  }
  for (const [size, word] of [[1e9, "miliardy"], [1e6, "milionu"], [1e3, "tisíce"]]) {
    if (n >= size) {
      const lead = Math.floor(n / size);
      return lead === 1 ? HARD_START.test(word) : numberTakesZe(lead);
    }
  }
  return false;
}

/** Whether the preposition "z" before `next` (a word or a number) is said "ze". */
export function takesZe(next) {
  const word = String(next ?? "").trim();
  const number = /^\d+/.exec(word);
  if (number) return numberTakesZe(Number(number[0]));
  if (/^\p{L}\d/u.test(word)) return false; // a hex or a space ("z F4", "z s3"): said as letters
  return HARD_START.test(word);
}

/** "z" or "ze", as said before `next`. */
export function zOrZe(next) {
  return takesZe(next) ? "ze" : "z";
}

/** A Czech text with each preposition "z" ("Z" at a sentence start) said right before the
 * word that follows it: "4 figurky z 4" -> "4 figurky ze 4". */
export function vocalize(text) {
  if (typeof text !== "string") return text;
  return text.replace(/(?<![\p{L}\p{N}])([zZ]) (?=([\p{L}\p{N}]+))/gu, (whole, z, next) =>
    takesZe(next) ? `${z}e ` : whole);
}
