// The side panels of a game: the players' counts and piles, the hand, and the card details.
import { h, s } from "../../dom.js";
import { cardName, t, term } from "./text.js";
import {
  DIRECTIONS, classIcon, describeCard, drawBack, drawCard, drawTargetGrid, iconSvg, rankIcon, shortName,
} from "./cards.js";
import { seatLabel } from "../../words.js";

function cardSvg(card, owner, size, flip) {
  const svg = s("svg", { viewBox: "0 0 100 100", width: size, height: size, class: "card-svg", "aria-hidden": "true" });
  svg.append(drawCard(card, owner, { flip }));
  return svg;
}

/**
 * One player's strip: name, the enemy units it has eliminated against the thresholds (LW-3.3),
 * hand, deck, and its pile of eliminated enemies (`pileOpen`: keep that list open).
 */
export function playerStrip(view, game, mySeat, seat, { thinking = false, pileOpen = false } = {}) {
  const info = view.players[String(seat)];
  const options = view.options;
  const active = view.to_move === seat;
  const strip = h("div", { class: ["player", `p${seat}`, active && "to-move", thinking && "thinking"], dataset: { seat } });
  const seatInfo = game.seats.find((x) => x.seat === seat);
  const name = h("div", { class: "player-name" },
    h("span", { class: ["chip", `p${seat}`], text: `P${seat}` }),
    h("strong", { text: seatLabel(game, mySeat, seat) }),
    seatInfo && !seatInfo.joined ? h("span", { class: "muted", text: ` ${t("seat.waiting")}` }) : null,
    active && view.outcome === null ? h("span", { class: "turn-dot", title: t("prompt.other", { player: seatLabel(game, mySeat, seat) }) }) : null,
    h("span", { class: "army", text: term("army", options.armies[seat - 1]) }),
  );
  const mine = seat === mySeat;
  // what the bars count: the enemy units this player eliminated (its pile, LW-7.6), against
  // the thresholds that win (LW-3.3); the title opens the list of those cards over the page,
  // so that opening it never moves the board
  const pile = info.eliminated;
  const pileBox = h("details", { class: "pile", open: pileOpen },
    h("summary", { class: "score-title", text: t(mine ? "panel.kills_you" : "panel.kills") }),
    h("div", { class: "pile-list" },
      h("strong", { text: `${t("panel.pile", { n: pile.length })}: ` }),
      pile.length ? pile.map(cardName).join(", ") : t("panel.pile_empty")),
  );
  const score = h("div", { class: "score", title: t("panel.score_rule") },
    pileBox,
    meter(t("panel.units"), info.eliminated_units, options.units_to_win, "units"),
    meter(t("panel.commands"), info.eliminated_commands, options.commands_to_win, "commands"),
  );
  const counts = h("div", { class: "counts" },
    h("span", { text: t("panel.hand_n", { n: info.hand_size }) }),
    h("span", { text: t("panel.deck_n", { n: info.deck_size }) }),
    info.owed_extra_turn ? h("span", { class: "extra", title: t("result.rule", { rule: "LW-8.4" }), text: t("panel.extra_turn") }) : null,
  );
  // the opponent's hand: backs, and face up the cards this seat knows (LW-6.5, LW-9.1)
  const known = [...(info.known_hand || [])];
  const backs = h("div", { class: "backs", title: known.length ? `${t("panel.known")}: ${known.map(cardName).join(", ")}` : t("panel.hand_n", { n: info.hand_size }) });
  if (!mine) {
    for (let i = 0; i < info.hand_size; i++) {
      const ref = known.shift();
      const svg = s("svg", { viewBox: "0 0 100 100", width: 30, height: 30 });
      if (ref && view.cards[ref]) {
        svg.append(drawCard(view.cards[ref], seat, {}));
        svg.append(s("title", { text: describeCard(view.cards[ref]) }));
      } else svg.append(drawBack(seat));
      backs.append(svg);
    }
  }
  strip.append(name, backs, counts, score);
  return strip;
}

function meter(label, value, max, kind) {
  const pct = Math.min(100, Math.round((100 * value) / Math.max(1, max)));
  const bar = h("div", { class: "meter-bar" }, h("div", { class: "meter-fill" }));
  bar.firstChild.style.width = `${pct}%`;
  return h("div", { class: "meter", dataset: { meter: kind } },
    h("span", { class: "meter-label", text: label }),
    bar,
    h("span", { class: "meter-value", text: `${value}/${max}` }),
  );
}

/**
 * The hand: one button per card, kept across redraws (a click never straddles a replaced
 * button). Cards are told apart by their place in the hand, not by name: a hand may hold two
 * copies of one card. `update(view, seat, {playable, selected, flip})`: `playable` refs
 * may be chosen, `selected` is the index of the chosen card; `onPick(index, ref)`.
 */
export function handView({ onPick, onHover }) {
  const row = h("div", { class: "hand", role: "list" });
  let shown = null; // the refs the buttons show, and how they were drawn
  function build(view, seat, flip) {
    const hand = view.players[String(seat)].hand || [];
    row.replaceChildren();
    hand.forEach((ref, index) => {
      const card = view.cards[ref];
      if (!card) return;
      const button = h("button", {
        class: "hand-card",
        type: "button",
        role: "listitem",
        title: describeCard(card),
        dataset: { card: ref, index },
        onClick: () => onPick(index, ref),
        onPointerenter: (e) => e.pointerType !== "touch" && onHover(ref),
        onPointerleave: (e) => e.pointerType !== "touch" && onHover(null),
        onFocus: () => onHover(ref),
        onBlur: () => onHover(null),
      });
      button.append(cardSvg(card, seat, 92, flip), h("span", { class: "hand-name", text: shortName(card) }));
      row.append(button);
    });
    shown = `${seat} ${flip} ${hand.join("|")}`;
  }
  function update(view, seat, { playable, selected, flip }) {
    const hand = view.players[String(seat)].hand || [];
    if (shown !== `${seat} ${flip} ${hand.join("|")}`) build(view, seat, flip);
    for (const button of row.children) {
      const index = Number(button.dataset.index);
      const canPlay = playable.has(button.dataset.card);
      button.classList.toggle("playable", canPlay);
      button.classList.toggle("selected", selected === index);
      button.setAttribute("aria-pressed", selected === index ? "true" : "false");
    }
  }
  return { element: row, update };
}

/** The details of one card: its picture, name, rank and class (with their symbols), defence,
 * arrows and target grid. */
export function cardDetails(card, owner, flip) {
  const box = h("div", { class: "card-details" });
  box.append(cardSvg(card, owner, 112, flip));
  const arrows = DIRECTIONS.filter(([d]) => card.arrows[d]).map(([d]) => `${term("dir", d)} ${card.arrows[d]}`);
  const facts = h("div", { class: "facts" },
    h("div", { class: "facts-name", text: card.name }),
    h("div", { class: "facts-kind" },
      iconSvg(rankIcon(card.rank), 18), h("span", { text: term("rank", card.rank) }),
      iconSvg(classIcon(card.class), 18), h("span", { text: term("class", card.class) }),
      card.command ? h("span", { class: "muted", text: `· ${t("card.command")}` }) : null,
    ),
    h("div", { text: `${t("card.defence")}: ${card.defence}` }),
    h("div", { text: `${t("card.arrows")}: ${arrows.join(", ") || "—"}` }),
    card.ranged ? h("div", { text: `${t("card.ranged")}: ${card.ranged.value}` }) : null,
  );
  box.append(facts);
  if (card.ranged) {
    box.append(h("div", { class: "grid-box" }, h("div", { class: "muted small", text: t("card.targets") }), drawTargetGrid(card)));
  }
  return box;
}

const RANKS = ["general", "command", "special", "elite", "veteran", "regular", "recruit"];
const CLASSES = ["infantry", "cavalry", "spear", "ranged", "berserk"];

/** What the symbols on the cards mean: every rank and class with its name, and the numbers. */
export function legend() {
  const item = (icon, text) => h("li", {}, iconSvg(icon, 20), h("span", { text }));
  return h("details", { class: "legend", id: "legend" },
    h("summary", { text: t("legend.title") }),
    h("div", { class: "legend-body" },
      h("div", {}, h("h4", { text: t("legend.ranks") }), h("ul", {}, ...RANKS.map((r) => item(rankIcon(r), term("rank", r))))),
      h("div", {}, h("h4", { text: t("legend.classes") }), h("ul", {}, ...CLASSES.map((c) => item(classIcon(c), term("class", c))))),
      h("div", {}, h("h4", { text: t("legend.numbers") }),
        h("ul", {},
          h("li", { text: t("legend.arrows") }),
          h("li", { text: t("legend.defence") }),
          h("li", { text: t("legend.ranged") }),
          h("li", { text: t("legend.crown") }),
        )),
    ),
  );
}
