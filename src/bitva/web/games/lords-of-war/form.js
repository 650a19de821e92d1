// The Lords of War new-game form (nicer than the generic one): your army and the opponent's, basic
// or advanced rules (LW-11), a borderless battle (LW-10.1) and the victory thresholds (LW-3.3,
// LW-10.2), with the limits of the options' JSON Schema. And the words for a game's options and
// seats in the lobby's lists and on the join page.
import { h } from "../../dom.js";
import { t, term } from "./text.js";

function radio(name, value, label, checked) {
  const id = `${name}-${value}`;
  return h("label", { class: "radio", for: id },
    h("input", { type: "radio", name, value, id, checked }),
    h("span", { text: label }),
  );
}

function select(name, options, chosen) {
  const el = h("select", { name, id: name });
  for (const { value, label } of options) el.append(h("option", { value, selected: value === chosen, text: label }));
  return el;
}

function field(label, ...control) {
  return h("div", { class: "field" }, h("div", { class: "field-label", text: label }), h("div", { class: "field-control" }, ...control));
}

/** The form: {element, values(seat), saved()}; `saved` is what this browser chose last time. */
export function optionsForm(ctx, saved = {}) {
  const schema = ctx.meta.options_schema.properties;
  const defaults = ctx.meta.defaults;
  const armies = ctx.lobby.armies.map((a) => ({ value: a.name, label: term("army", a.name) }));
  const number = (name, id, spec, value) => h("input", {
    type: "number", name, id, min: spec.minimum, max: spec.maximum, value: value || spec.default, required: true,
  });
  const mine = select("mine", armies, saved.mine || defaults.armies[0]);
  const theirs = select("theirs", armies, saved.theirs || defaults.armies[1]);
  const units = number("units", "units", schema.units_to_win, saved.units);
  const commands = number("commands", "commands", schema.commands_to_win, saved.commands);
  const borderless = h("input", { type: "checkbox", name: "borderless", id: "borderless", checked: Boolean(saved.borderless) });
  const element = h("div", { class: "options-form", id: "options-form" },
    field(t("lobby.your_army"), mine),
    field(t("lobby.their_army"), theirs),
    field(t("lobby.rules"),
      radio("rules", "basic", t("lobby.basic"), !saved.advanced),
      radio("rules", "advanced", t("lobby.advanced"), Boolean(saved.advanced)),
    ),
    field("", h("label", { class: "check", for: "borderless" }, borderless, h("span", { text: t("lobby.borderless") }))),
    field(t("lobby.victory"),
      h("label", { class: "inline" }, units, h("span", { text: t("lobby.units_to_win") })),
      h("label", { class: "inline" }, commands, h("span", { text: t("lobby.commands_to_win") })),
    ),
  );
  const advanced = () => element.querySelector('input[name="rules"]:checked').value === "advanced";
  function saved_() {
    return { mine: mine.value, theirs: theirs.value, advanced: advanced(), borderless: borderless.checked, units: Number(units.value), commands: Number(commands.value) };
  }
  function values(seat) {
    const u = Number(units.value);
    const c = Number(commands.value);
    if (!Number.isInteger(u) || !Number.isInteger(c)) {
      units.reportValidity();
      return null;
    }
    return {
      armies: seat === 1 ? [mine.value, theirs.value] : [theirs.value, mine.value],
      advanced: advanced(),
      borderless: borderless.checked,
      units_to_win: u,
      commands_to_win: c,
    };
  }
  return { element, values, saved: saved_ };
}

/** One line for the lobby: "Orcs vs Dwarves · Basic · to win: 20 units or 4 command". */
export function describeOptions(o) {
  const armies = o.armies.map((a) => term("army", a)).join(` ${t("lobby.vs")} `);
  const rules = o.advanced || o.cavalry || o.berserkers ? t("lobby.advanced").split(" (")[0] : t("lobby.basic");
  const extra = [o.borderless ? t("lobby.borderless").split(" (")[0] : null, t("lobby.thresholds", { u: o.units_to_win, c: o.commands_to_win })].filter(Boolean);
  return `${armies} · ${rules} · ${extra.join(" · ")}`;
}

/** The join page: "You play the Dwarves, moving second." */
export function describeSeat(game, seat) {
  const army = term("army", game.options.armies[seat - 1]);
  return t("join.you_play", { army, order: t(seat === 1 ? "join.first" : "join.second") });
}
