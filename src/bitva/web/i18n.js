// English and Czech: t(key, params) reads the current language's table; the choice is kept in
// localStorage ("bitva.lang"), first guessed from the browser.
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

/** The text of `key` with {name} placeholders filled; plural forms by Intl.PluralRules. */
export function t(key, params = {}) {
  let entry = TABLES[current][key];
  if (entry === undefined) entry = en[key];
  if (entry === undefined) return key;
  if (typeof entry === "function") return entry(params);
  if (typeof entry === "object") {
    const rule = new Intl.PluralRules(current).select(Number(params.n ?? 0));
    entry = entry[rule] ?? entry.other;
  }
  return entry.replace(/\{(\w+)\}/g, (_, name) => (params[name] ?? `{${name}}`));
}

/** A rank or class name: t("rank.veteran"). */
export function term(kind, value) {
  const key = `${kind}.${value}`;
  const text = t(key);
  return text === key ? value : text;
}
