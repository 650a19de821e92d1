// The side panels of a game: the players' counts and piles, the hand, and the card details.
import { h, s } from "../../dom.js";
import { t, term } from "./text.js";
import { DIRECTIONS, describeCard, drawBack, drawCard, drawTargetGrid, shortName } from "./cards.js";
import { seatLabel } from "../../words.js";

function cardSvg(card, owner, size, flip) {
  const svg = s("svg", { viewBox: "0 0 100 100", width: size, height: size, class: "card-svg", "aria-hidden": "true" });
  svg.append(drawCard(card, owner, { flip }));
  return svg;
}

/** One player's strip: name, kills against the thresholds, hand, deck, pile. */
export function playerStrip(view, game, mySeat, seat, { thinking = false } = {}) {
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
  );
  const army = options.armies[seat - 1];
  const score = h("div", { class: "score" },
    meter(t("panel.units"), info.eliminated_units, options.units_to_win),
    meter(t("panel.commands"), info.eliminated_commands, options.commands_to_win),
  );
  const counts = h("div", { class: "counts" },
    h("span", { class: "army", text: term("army", army) }),
    h("span", { text: `${t("panel.hand")} ${info.hand_size}` }),
    h("span", { text: `${t("panel.deck")} ${info.deck_size}` }),
    info.owed_extra_turn ? h("span", { class: "extra", text: t("panel.extra_turn") }) : null,
  );
  strip.append(name, score, counts);
  if (seat !== mySeat) {
    const backs = h("div", { class: "backs", title: `${info.hand_size} ${t("panel.their_hand")}` });
    const known = [...(info.known_hand || [])];
    for (let i = 0; i < info.hand_size; i++) {
      const ref = known.shift();
      const svg = s("svg", { viewBox: "0 0 100 100", width: 30, height: 30 });
      if (ref && view.cards[ref]) {
        svg.append(drawCard(view.cards[ref], seat, {}));
        svg.append(s("title", { text: describeCard(view.cards[ref]) }));
      } else svg.append(drawBack(seat));
      backs.append(svg);
    }
    strip.append(backs);
  }
  const knownNow = info.known_hand || [];
  if (seat !== mySeat && knownNow.length) {
    strip.append(h("div", { class: "known", text: `${t("panel.known")}: ${knownNow.join(", ")}` }));
  }
  const pile = info.eliminated;
  strip.append(
    h("details", { class: "pile" },
      h("summary", { text: `${t("panel.pile")}: ${pile.length}` }),
      h("div", { class: "pile-list", text: pile.length ? pile.join(", ") : t("panel.pile_empty") }),
    ),
  );
  return strip;
}

function meter(label, value, max) {
  const pct = Math.min(100, Math.round((100 * value) / Math.max(1, max)));
  const bar = h("div", { class: "meter-bar" }, h("div", { class: "meter-fill" }));
  bar.firstChild.style.width = `${pct}%`;
  return h("div", { class: "meter", title: `${label}: ${value} / ${max}` },
    h("span", { class: "meter-label", text: label }),
    bar,
    h("span", { class: "meter-value", text: `${value}/${max}` }),
  );
}

/** The hand: one button per card; `playable` refs may be chosen, `selected` is the choice. */
export function handRow(view, seat, { playable, selected, onPick, onHover, flip }) {
  const row = h("div", { class: "hand", role: "list" });
  const hand = view.players[String(seat)].hand || [];
  hand.forEach((ref, index) => {
    const card = view.cards[ref];
    if (!card) return;
    const canPlay = playable.has(ref);
    const button = h("button", {
      class: ["hand-card", canPlay && "playable", selected === ref && "selected"],
      type: "button",
      role: "listitem",
      title: describeCard(card),
      dataset: { card: ref, index },
      "aria-pressed": selected === ref ? "true" : "false",
      onClick: () => onPick(ref),
      onPointerenter: () => onHover(ref),
      onPointerleave: () => onHover(null),
      onFocus: () => onHover(ref),
    });
    button.append(cardSvg(card, seat, 92, flip), h("span", { class: "hand-name", text: shortName(card) }));
    row.append(button);
  });
  return row;
}

/** The details of one card: its picture, rank, class, defence, arrows and target grid. */
export function cardDetails(card, owner, flip) {
  const box = h("div", { class: "card-details" });
  box.append(cardSvg(card, owner, 112, flip));
  const arrows = DIRECTIONS.filter(([d]) => card.arrows[d]).map(([d]) => `${term("dir", d)} ${card.arrows[d]}`);
  const facts = h("div", { class: "facts" },
    h("div", { class: "facts-name", text: card.ref }),
    h("div", { text: `${term("rank", card.rank)} · ${term("class", card.class)}${card.command ? ` · ★ ${t("card.command")}` : ""}` }),
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
