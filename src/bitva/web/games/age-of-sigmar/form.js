// The Age of Sigmar new-game form: the shipped battle setup (rules section 6.2) by its name in
// the current language, what each seat commands, and the words for a game's options in the
// lobby's lists.
import { h } from "../../dom.js";
import { t } from "./text.js";

const SETUPS = ["starter_clash", "scenery_and_sorcery", "open_deployment", "rolled_battlefield"];

/** The form: {element, values(seat), saved()}. */
export function optionsForm(ctx, saved = {}, changed = () => {}) {
  const chosen = SETUPS.includes(saved.battle) ? saved.battle : SETUPS[0];
  const about = h("p", { class: "muted small", id: "setup-about" });
  const select = h("select", { id: "battle", name: "battle", title: t("result.rule", { rule: "6.2" }), onChange: () => { describe(); changed(); } },
    ...SETUPS.map((id) => h("option", { value: id, selected: id === chosen, text: t(`setup.${id}`) })));
  function describe() {
    about.textContent = t(`setup.${select.value}.about`);
  }
  describe();
  const element = h("div", { class: "options-form", id: "options-form" },
    h("div", { class: "field" }, h("div", { class: "field-label", text: t("lobby.setup") }), h("div", { class: "field-control" }, select, about)));
  return { element, values: () => ({ battle: select.value }), saved: () => ({ battle: select.value }) };
}

/** One line for the lobby's lists: the setup's name. */
export function describeOptions(options) {
  const id = (options && options.battle) || SETUPS[0];
  const key = `setup.${id}`;
  const name = t(key);
  return name === key ? String(id) : name;
}

/** What taking a seat means: seat 1 commands army A, seat 2 army B. */
export function seatChoice(seat) {
  return t("lobby.seat_side", { side: t(`side.${seat === 1 ? "A" : "B"}`) });
}

export function seatSide(game, seat) {
  return t(`side.${seat === 1 ? "A" : "B"}`);
}

/** The join page: what taking `seat` means, as a sentence. */
export function describeSeat(game, seat) {
  return t("lobby.describe_seat", { side: seat === 1 ? "A" : "B" });
}
