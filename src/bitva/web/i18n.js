// English and Czech: t(key, params) reads the current language's table; the choice is kept in
// localStorage ("bitva.lang"), first guessed from the browser. A game module brings its own
// tables and gets its own `t` from translator(tables): its keys first, then the shell's.
// On a touch screen (a coarse pointer) a text says "tap" where it says "click": a key's own
// touch wording ("key@touch") where a table has one, else the shell's touch words of the
// language (i18n_cs.js `csTouch`: "Klikněte" -> "Klepněte").
import { en, enTouch } from "./i18n_en.js";
import { cs, csTouch } from "./i18n_cs.js";

const TABLES = { en, cs };
const TOUCH_WORDS = { en: enTouch, cs: csTouch };
export const LANGUAGES = [
  { code: "en", label: "EN", title: "English" },
  { code: "cs", label: "CS", title: "Čeština" },
];
const KEY = "bitva.lang";
const listeners = new Set();

function initial() {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved && TABLES[saved]) return saved;
  } catch (_) { /* storage off */ }
  return (navigator.language || "en").toLowerCase().startsWith("cs") ? "cs" : "en";
}

let current = initial();
document.documentElement.lang = current;

export function lang() {
  return current;
}

export function setLang(code) {
  if (!TABLES[code] || code === current) return;
  current = code;
  document.documentElement.lang = code;
  try { localStorage.setItem(KEY, code); } catch (_) { /* storage off */ }
  for (const listener of listeners) listener(code);
}

export function onLangChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function format(entry, params) {
  if (typeof entry === "function") return entry(params);
  if (typeof entry === "object") {
    const rule = new Intl.PluralRules(current).select(Number(params.n ?? 0));
    entry = entry[rule] ?? entry.other;
  }
  return entry.replace(/\{(\w+)\}/g, (_, name) => (params[name] ?? `{${name}}`));
}

/** Whether this screen is touched rather than pointed at (no hover, a finger). */
export function touchScreen() {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

function lookup(tables, key) {
  if (touchScreen()) {
    const touched = `${key}@touch`;
    const own = tables[current] && tables[current][touched];
    if (own !== undefined) return own;
  }
  const here = tables[current] && tables[current][key];
  return here !== undefined ? here : tables.en && tables.en[key];
}

/** The language's touch words ([[from, to], ...]) said in `text` on a touch screen. */
function touchWords(text) {
  const words = touchScreen() && TOUCH_WORDS[current];
  if (!words || typeof text !== "string") return text;
  return words.reduce((out, [from, to]) => out.replace(new RegExp(`(?<![\\p{L}])${from}(?![\\p{L}])`, "gu"), to), text);
}

/** The text of `key` with {name} placeholders filled; plural forms by Intl.PluralRules. */
export function t(key, params = {}) {
  const entry = lookup(TABLES, key);
  return entry === undefined ? key : touchWords(format(entry, params));
}

/** A `t` for a game module: its own tables ({en: {...}, cs: {...}}) first, then the shell's. */
export function translator(tables) {
  return (key, params = {}) => {
    const entry = lookup(tables, key);
    return entry === undefined ? t(key, params) : touchWords(format(entry, params));
  };
}

/** A term of a module's tables, or the value itself: term(t, "rank", "veteran"). */
export function term(tr, kind, value) {
  const key = `${kind}.${value}`;
  const text = tr(key);
  return text === key ? value : text;
}

/** A code as words: "most-points" -> "most points", "turn_total" -> "turn total". */
export function humanise(code) {
  return String(code).replace(/[-_]+/g, " ").trim();
}
