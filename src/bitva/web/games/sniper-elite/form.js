// The Sniper Elite new-game form: an officer challenge (its name, level and what it changes, in
// the current language, from the lobby extras of the server adapter) and single modifiers for a
// free difficulty setting (SE-10.1); and the words for a game's options in the lobby's lists.
import { h } from "../../dom.js";
import { lang } from "../../i18n.js";
import { t } from "./text.js";

const local = (item, key) => (lang() === "cs" && item[`${key}_cs`]) || item[key] || "";

function field(label, ...control) {
  return h("div", { class: "field" }, h("div", { class: "field-label", text: label }), h("div", { class: "field-control" }, ...control));
}

function challengesOf(ctx) {
  const lobby = (ctx && (ctx.lobby || (ctx.meta && ctx.meta.lobby))) || {};
  return lobby.challenges || [];
}

/** The form: {element, values(seat), saved()}. */
export function optionsForm(ctx, saved = {}, changed = () => {}) {
  const challenges = challengesOf(ctx);
  const chosen = challenges.some((c) => c.id === saved.challenge) ? saved.challenge : "none";
  const select = h("select", { id: "challenge", name: "challenge", title: t("result.rule", { rule: "SE-10.1" }), onChange: () => { describe(); changed(); } },
    h("option", { value: "none", selected: chosen === "none", text: t("lobby.challenge_none") }),
    ...challenges.map((c) => h("option", { value: c.id, selected: c.id === chosen, text: `${local(c, "name")} (${t(`lobby.level.${c.level}`)})` })));
  const about = h("p", { class: "muted small", id: "challenge-about" });
  const all = challenges.flatMap((c) => c.modifiers.map((id) => ({ id, challenge: c })));
  const picked = new Set(saved.modifiers || []);
  // the tooltip names the challenge and whether it is its advantage (an id ending "+") or not
  const kindOf = (id, c) => t(id.endsWith("+") ? "lobby.advantage" : "lobby.disadvantage", { challenge: local(c, "name") });
  const boxes = all.map(({ id, challenge }) => h("label", { class: "inline modifier" },
    h("input", { type: "checkbox", value: id, checked: picked.has(id), dataset: { modifier: id }, onChange: changed }),
    h("span", { text: ` ${t(`mod.${id}`)}`, title: kindOf(id, challenge) })));
  const modifiers = h("details", { class: "modifiers", id: "modifiers" }, h("summary", { text: t("lobby.modifiers") }), h("div", { class: "modifier-list" }, ...boxes));
  function describe() {
    const item = challenges.find((c) => c.id === select.value);
    about.textContent = item ? local(item, "description") : "";
  }
  describe();
  const element = h("div", { class: "options-form", id: "options-form" }, field(t("lobby.challenge"), select, about), modifiers);
  const chosenModifiers = () => boxes.map((b) => b.querySelector("input")).filter((i) => i.checked).map((i) => i.value);
  function values() {
    const options = {};
    if (select.value !== "none") options.challenge = select.value;
    const mods = chosenModifiers();
    if (mods.length) options.modifiers = mods;
    return options;
  }
  return { element, values, saved: () => ({ challenge: select.value, modifiers: chosenModifiers() }) };
}

/** One line for the lobby's lists: "Challenge: Marksman · 2 modifiers". */
export function describeOptions(options, ctx) {
  const id = (options && options.challenge) || "none";
  const item = challengesOf(ctx).find((c) => c.id === id);
  const mods = (options && options.modifiers) || [];
  const head = item ? t("lobby.options_line", { challenge: local(item, "name") }) : t("lobby.options_plain");
  return mods.length ? `${head} · ${t("lobby.modifier_count", { n: mods.length })}` : head;
}
