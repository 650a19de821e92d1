// English and Czech: t(key, params) reads the current language's table; the choice is kept in
// localStorage ("bitva.lang"), first guessed from the browser. A game module brings its own
// tables and gets its own `t` from translator(tables): its keys first, then the shell's.
import { en } from "./i18n_en.js";
import { cs } from "./i18n_cs.js";

const TABLES = { en, cs };
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

function lookup(tables, key) {
  const here = tables[current] && tables[current][key];
  return here !== undefined ? here : tables.en && tables.en[key];
}

/** The text of `key` with {name} placeholders filled; plural forms by Intl.PluralRules. */
export function t(key, params = {}) {
  const entry = lookup(TABLES, key);
  return entry === undefined ? key : format(entry, params);
}

/** A `t` for a game module: its own tables ({en: {...}, cs: {...}}) first, then the shell's. */
export function translator(tables) {
  return (key, params = {}) => {
    const entry = lookup(tables, key);
    return entry === undefined ? t(key, params) : format(entry, params);
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
