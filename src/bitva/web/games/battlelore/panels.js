// The parts of the BattleLore screen beside the board: each side's strip (banners toward the
// target, goblet, hands as counts), the hand of the seat, the battle box (the attack, its odds
// before the roll, the dice as rolled, animated), the details of a unit or a card, the legend.
import { h, s } from "../../dom.js";
import { seatLabel } from "../../words.js";
import { cardInfo, cardName, cardText, percent, sideName, t, unitInfo, unitName } from "./text.js";

const FACE_ART = {
  helmet: "M-9 4 Q-9 -9 0 -9 Q9 -9 9 4 L5 4 L5 0 L-5 0 L-5 4 Z",
  flag: "M-6 9 L-6 -9 M-6 -9 L8 -5 L-6 0",
  swords: "M-8 8 L8 -8 M-8 -8 L8 8 M-9 4 L-4 9 M9 4 L4 9",
  lore: "M0 -9 L2.6 -2.6 L9 0 L2.6 2.6 L0 9 L-2.6 2.6 L-9 0 L-2.6 -2.6 Z",
};
const FACE = { G: "helmet", B: "helmet", R: "helmet", F: "flag", S: "swords", L: "lore" };

/** A die showing `face` (G B R helmets, F flag, S swords, L Lore); `rolling` tumbles. */
export function die(face, rolling = false) {
  return h("span", { class: ["die", `face-${face}`, rolling && "rolling"], title: t(`face.${face}`), dataset: { face } },
    s("svg", { viewBox: "-12 -12 24 24", class: "die-art", "aria-hidden": "true" }, s("path", { d: FACE_ART[FACE[face]] || "" })));
}

/** The odds of an attack in words: "3 dice · a die hits 33% · eliminates 70%". */
export function oddsText(entry) {
  const parts = [t("odds.dice", { n: Number(entry.dice) })];
  if (entry.hit_chance !== undefined) parts.push(t("odds.hit", { p: percent(entry.hit_chance) }));
  if (entry.p_eliminated !== undefined) parts.push(t("odds.eliminate", { p: percent(entry.p_eliminated) }));
  return parts.join(" · ");
}

/** The battle box, a fixed height: the attack in progress (or the one under the pointer), its
 * odds before the roll, the dice once rolled. */
export function battleBox(box, view, { battle, odds, dice }) {
  box.replaceChildren();
  if (!battle) return;
  const units = new Map((view.units || []).map((u) => [u.hex, u]));
  const name = (hex) => (units.get(hex) ? `${unitName(view, units.get(hex).type)} ${hex}` : hex);
  // a battle back still to be chosen (BL-7.1) is "possible"; one declared is an attack
  const key = battle.maybe ? "battle.may_back" : battle.kind === "ranged" ? "battle.shoots" : "battle.attacks";
  if (!battle.unknown) box.append(h("div", { class: "battle-title", text: t(key, { attacker: name(battle.attacker), target: name(battle.target) }) }));
  const faces = dice ? dice.faces : battle.faces || [];
  if (faces.length) {
    box.append(h("div", { class: "dice-row", id: "dice" }, h("span", { class: "muted small", text: t("dice.rolled") }),
      ...faces.map((face) => die(face, Boolean(dice && dice.rolling)))));
  } else {
    const entry = odds || (battle.dice !== undefined ? { dice: battle.dice } : null);
    if (entry) box.append(h("div", { class: "odds", id: "odds", title: t("odds.title"), text: oddsText(entry) }));
  }
}

function banners(count, target, side) {
  const out = h("span", { class: "banners", title: `${t("panel.banners")}: ${count} / ${target}` });
  for (let i = 0; i < target; i += 1) {
    out.append(s("svg", { viewBox: "0 0 12 16", class: ["banner-icon", i < count && "won", `side-${side}`] },
      s("path", { d: "M2 15 L2 1 M2 1 L11 3.5 L2 7" })));
  }
  return out;
}

/** One side's strip, one line a row, so that its height never changes during a game. */
export function playerStrip(view, game, mySeat, side, thinking) {
  const data = view.sides[String(side)];
  const target = (view.adventure && view.adventure.victory_banners) || 0;
  const lore = Boolean(view.adventure && view.adventure.lore);
  const who = seatLabel(game, mySeat, side);
  const counts = [];
  const cards = Array.isArray(data.command_hand) ? data.command_hand.length : Number(data.command_hand);
  counts.push(t("panel.cards", { n: cards }));
  if (lore) {
    const loreCards = Array.isArray(data.lore_hand) ? data.lore_hand.length : Number(data.lore_hand);
    counts.push(t("panel.lore_cards", { n: loreCards }), t("panel.goblet", { n: Number(data.goblet || 0) }));
  }
  const toAct = view.to_act === side && !view.winner;
  return h("div", { class: ["player", `p${side}`, toAct && "to-move"], dataset: { side } },
    h("div", { class: "player-name" },
      toAct ? h("span", { class: ["turn-dot", thinking && "thinking"] }) : null,
      h("strong", { text: who }), h("span", { class: "army", text: sideName(side) })),
    banners(Number(data.banners || 0), target, side),
    h("div", { class: "counts", text: counts.join(" · ") }),
  );
}

/** What a Lore card costs this seat (BL-13.5): the server's `lore_costs` (with the 3 more for
 * a school not in the War Council, BL-14.4), else the printed cost. {text, title, extra}. */
export function loreCost(view, id) {
  const info = cardInfo(view, id);
  const printed = info.cost === undefined || info.cost === null ? "?" : String(info.cost);
  const real = (view.lore_costs && view.lore_costs[id]) || printed;
  const extra = real !== printed;
  const any = real.startsWith("?");
  let title = any ? t("panel.cost_any") : t("panel.cost", { n: Number(real) });
  if (extra) title = `${title} ${t("panel.cost_no_master", { n: printed })}`;
  return { text: real, title, extra };
}

/** The seat's hand: its Command cards and Lore cards as buttons, kept across redraws. */
export function handView({ onPick, onHover }) {
  const element = h("div", { class: "hand", id: "hand" });
  const buttons = new Map();
  function update(view, seat, { playable, selected }) {
    const data = view.sides[String(seat)];
    const list = (ids, kind) => (Array.isArray(ids) ? ids.map((id) => ({ id, kind })) : []);
    // the cards just drawn and still to choose from (Scout BL-15.1, the first Lore cards
    // BL-14.3, a refill BL-15.2) are shown apart: the prompt's buttons keep or discard them
    const cards = [
      ...list(data.command_hand, "command"), ...list(data.lore_hand, "lore"),
      ...list(data.drawn, "command drawn"), ...list(data.lore_drawn, "lore drawn"),
    ];
    const keys = cards.map((card, i) => `${card.kind}:${card.id}:${i}`);
    for (const [key, button] of buttons) if (!keys.includes(key)) { button.remove(); buttons.delete(key); }
    cards.forEach((card, i) => {
      const key = keys[i];
      let button = buttons.get(key);
      if (!button) {
        button = h("button", { type: "button", class: ["hand-card", ...card.kind.split(" ")], dataset: { card: card.id, kind: card.kind },
          onClick: () => onPick(card.id, card.kind), onPointerenter: (e) => e.pointerType !== "touch" && onHover(card.id), onPointerleave: () => onHover(null) });
        buttons.set(key, button);
      }
      const cost = card.kind.startsWith("lore") ? loreCost(view, card.id) : null;
      const parts = [h("span", { class: "card-name", text: cardName(view, card.id) })];
      if (cost !== null) parts.push(h("span", { class: ["card-cost", cost.extra && "surcharge"], title: cost.title, text: cost.text }));
      button.replaceChildren(...parts);
      button.classList.toggle("playable", playable.has(card.id));
      button.classList.toggle("selected", selected === card.id);
      element.append(button); // in the hand's order
    });
  }
  return { element, update };
}

/** The details of a unit (under the pointer or chosen) or of a card. */
export function details(view, { unit, card }) {
  if (unit) {
    const facts = [t("panel.of", { now: t("panel.figures", { n: unit.figures }), max: unit.max_figures })];
    if (unit.ordered) facts.push(t("panel.ordered"));
    if (unit.webbed) facts.push(t("panel.webbed"));
    if (unit.poisoned) facts.push(t("panel.poisoned"));
    if (unit.stored_lore) facts.push(t("panel.stored", { n: unit.stored_lore }));
    const terrain = (view.terrain || {})[unit.hex];
    const landmark = (view.landmarks || {})[unit.hex];
    const where = [unit.hex, terrain && t(`terrain.${terrain}`), landmark && t(`landmark.${landmark}`)].filter(Boolean).join(", ");
    const info = unitInfo(view, unit.type);
    const arms = [];
    if (info.weapon) arms.push(info.weapon);
    if (info.move !== undefined) arms.push(t("panel.moves", { n: info.move, battle: info.move_battle }));
    if (info.melee) arms.push(t("panel.melee", { n: info.melee }));
    if (info.range) arms.push(t("panel.range", { n: info.range }));
    return h("div", { class: "details" },
      h("div", { class: "facts-name", text: `${unitName(view, unit.type)} · ${sideName(unit.side)}` }),
      h("div", { class: "muted small", text: where }),
      h("div", { text: facts.join(" · ") }),
      arms.length ? h("div", { class: "muted small", text: arms.join(" · ") }) : null);
  }
  if (card) {
    const lore = cardInfo(view, card).kind === "lore";
    return h("div", { class: "details" },
      h("div", { class: "facts-name", text: cardName(view, card) }),
      lore ? h("div", { class: "muted small card-cost-line", text: loreCost(view, card).title }) : null,
      h("div", { text: cardText(view, card) }));
  }
  return h("p", { class: "muted small", text: t("panel.unit_hint") });
}

/** The legend of the board's signs. */
export function legend() {
  return h("details", { class: "legend" }, h("summary", { text: t("legend.title") }),
    h("ul", {}, h("li", { text: t("legend.sides") }), h("li", { text: t("legend.units") }), h("li", { text: t("legend.marks") }), h("li", { text: t("legend.lines") })));
}
