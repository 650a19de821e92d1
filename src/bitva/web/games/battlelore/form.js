// The BattleLore new-game form: the adventure (its name and what it is about, in the current
// language, from the lobby extras of the server adapter) and the War Councils (as the adventure
// sets them, the intro variant BL-14.1, or custom councils chosen in secret BL-14.6, with the
// levels of each side). And the words for a game's options and seats in the lobby's lists.
import { h } from "../../dom.js";
import { lang } from "../../i18n.js";
import { sideName, t } from "./text.js";

function field(label, ...control) {
  return h("div", { class: "field" }, h("div", { class: "field-label", text: label }), h("div", { class: "field-control" }, ...control));
}

const local = (item, key) => (lang() === "cs" && item[`${key}_cs`]) || item[key] || "";

/** The form: {element, values(seat), saved()}; `saved` is what this browser chose last time. */
export function optionsForm(ctx, saved = {}, changed = () => {}) {
  const adventures = (ctx.lobby && ctx.lobby.adventures) || [];
  const chosen = adventures.some((a) => a.id === saved.adventure) ? saved.adventure : (adventures[0] || {}).id;
  const adventure = h("select", { id: "adventure", name: "adventure", onChange: () => { describe(); changed(); } },
    ...adventures.map((a) => h("option", { value: a.id, selected: a.id === chosen, text: `${a.id} · ${local(a, "name")}` })));
  const about = h("p", { class: "muted small", id: "adventure-about" });
  const councils = h("select", { id: "councils", name: "councils", title: t("result.rule", { rule: "BL-14.1, BL-14.6" }), onChange: () => { describe(); changed(); } },
    ...["adventure", "intro", "custom"].map((value) => h("option", { value, selected: value === (saved.councils || "adventure"), text: t(`lobby.councils_${value}`) })));
  const level = (value) => h("input", { type: "number", min: 1, max: 10, value: value || 6, required: true, class: "level" });
  const south = level(saved.south);
  const north = level(saved.north);
  const custom = h("div", { class: "custom-levels", id: "custom-levels" },
    h("label", { class: "inline" }, h("span", { text: `${sideName(1)} ` }), south),
    h("label", { class: "inline" }, h("span", { text: ` ${sideName(2)} ` }), north));
  function describe() {
    const item = adventures.find((a) => a.id === adventure.value);
    about.textContent = item ? `${local(item, "description")} ${t("lobby.banners", { n: item.victory_banners })}` : "";
    const lore = Boolean(item && item.lore);
    councils.disabled = !lore;
    custom.hidden = !lore || councils.value !== "custom";
  }
  describe();
  const element = h("div", { class: "options-form", id: "options-form" },
    field(t("lobby.adventure"), adventure, about),
    field(t("lobby.councils"), councils, custom));
  const saved_ = () => ({ adventure: adventure.value, councils: councils.value, south: Number(south.value), north: Number(north.value) });
  function values() {
    const options = { adventure: adventure.value };
    if (!councils.disabled && councils.value !== "adventure") options.councils = councils.value;
    if (options.councils === "custom") {
      if (!south.reportValidity() || !north.reportValidity()) return null;
      options.custom_levels = [Number(south.value), Number(north.value)];
    }
    return options;
  }
  return { element, values, saved: saved_ };
}

/** The new-game form's words for a seat: its side and whether it moves first in the adventure
 * chosen (section 5.5: each adventure names its first player; A02 North, A04 South). */
export function seatChoice(seat, form, ctx) {
  const adventures = (ctx && ctx.lobby && ctx.lobby.adventures) || [];
  const id = form && form.saved ? form.saved().adventure : null;
  const item = adventures.find((a) => a.id === id);
  if (!item || (seat !== 1 && seat !== 2)) return null;
  return t(seat === (item.first || 1) ? "lobby.seat_first" : "lobby.seat_second", { side: sideName(seat) });
}

/** One line for the lobby's lists: "A02 · Web over the Dwarf Hold". */
export function describeOptions(options, ctx) {
  const id = (options && options.adventure) || "A01";
  const lobby = (ctx && (ctx.lobby || (ctx.meta && ctx.meta.lobby))) || {};
  const item = (lobby.adventures || []).find((a) => a.id === id);
  return item ? `${id} · ${local(item, "name")}` : id;
}
