// The Lords of War new-game form (nicer than the generic one): your army and the opponent's, basic
// or advanced rules (LW-11), a borderless battle (LW-10.1) and the victory thresholds (LW-3.3,
// LW-10.2), with the limits of the options' JSON Schema. And the words for a game's options and
// seats in the lobby's lists and on the join page.
import { h } from "../../dom.js";
import { t, term } from "./text.js";

function radio(name, value, label, checked, rule) {
  const id = `${name}-${value}`;
  return h("label", { class: "radio", for: id, title: rule ? t("result.rule", { rule }) : null },
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

function ruled(element, rule) {
  element.title = t("result.rule", { rule });
  return element;
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
      radio("rules", "advanced", t("lobby.advanced"), Boolean(saved.advanced), "LW-11"),
    ),
    field("", h("label", { class: "check", for: "borderless", title: t("result.rule", { rule: "LW-10.1" }) }, borderless, h("span", { text: t("lobby.borderless") }))),
    ruled(field(t("lobby.victory"),
      h("label", { class: "inline" }, units, h("span", { text: t("lobby.units_to_win") })),
      h("label", { class: "inline" }, commands, h("span", { text: t("lobby.commands_to_win") })),
    ), "LW-3.3, LW-10.2"),
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

/** One line for the lobby: "Orcs against Dwarves · basic rules · to win: 20 units or 4
 * command units eliminated". */
export function describeOptions(o) {
  const [first, second] = o.armies;
  const armies = t("lobby.armies", { first: term("army", first), second: term("army_against", second) });
  const rules = o.advanced || o.cavalry || o.berserkers ? t("lobby.advanced_short") : t("lobby.basic_short");
  const win = t("lobby.thresholds", {
    units: t("lobby.win_units", { n: o.units_to_win }),
    commands: t("lobby.win_commands", { n: o.commands_to_win }),
  });
  return [armies, rules, o.borderless ? t("lobby.borderless_short") : null, win].filter(Boolean).join(" · ");
}

/** The join page: "You play the Dwarves and move second." */
export function describeSeat(game, seat) {
  const army = term("army_play", game.options.armies[seat - 1]);
  return t(seat === 1 ? "join.you_play_first" : "join.you_play_second", { army });
}

/** What a seat plays, for the lobby's lists: its army. */
export function seatSide(game, seat) {
  const army = game.options && game.options.armies ? game.options.armies[seat - 1] : null;
  return army ? term("army", army) : null;
}
