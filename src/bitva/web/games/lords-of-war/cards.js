// Drawing a card in SVG from its data (view.cards[ref]): the eight arrows with their values as
// they point on the board, the defence, rank, class and ranged value. Directions: LW-1.3 / LW-2.3.
import { s } from "../../dom.js";
import { t, term } from "./text.js";

// LW-1.3 order; card-frame offsets (dx to the card's right, dy ahead).
export const DIRECTIONS = [
  ["front", 0, 1],
  ["front-right", 1, 1],
  ["right", 1, 0],
  ["back-right", 1, -1],
  ["back", 0, -1],
  ["back-left", -1, -1],
  ["left", -1, 0],
  ["front-left", -1, 1],
];

const RACE_WORDS = new Set(["Orc", "Goblin", "Dwarf", "Elven", "Lizardman", "Skink"]);

/** Squares: "d4" <-> {x: 3, y: 3}; off the mat (borderless) "x,y". */
export function parseSquare(name) {
  const m = /^([a-f])([1-7])$/.exec(name);
  if (m) return { x: m[1].charCodeAt(0) - 97, y: Number(m[2]) - 1 };
  const [x, y] = name.split(",").map(Number);
  return { x, y };
}

export function squareName(x, y) {
  if (x >= 0 && x < 6 && y >= 0 && y < 7) return `${"abcdef"[x]}${y + 1}`;
  return `${x},${y}`;
}

/** LW-2.3: a card-frame offset of `owner`'s card as a board offset. */
export function boardOffset(owner, dx, dy) {
  return owner === 2 ? [-dx, -dy] : [dx, dy];
}

/** The board squares a ranged unit of `owner` on `square` may shoot at (LW-1.4). */
export function targetSquares(card, owner, square) {
  if (!card || !card.ranged) return [];
  const { x, y } = parseSquare(square);
  return card.ranged.targets.map(([dx, dy]) => {
    const [bx, by] = boardOffset(owner, dx, dy);
    return squareName(x + bx, y + by);
  });
}

export function shortName(card) {
  const words = card.name.split(" ");
  const kept = words.filter((w) => !RACE_WORDS.has(w));
  return (kept.length ? kept : words).join(" ");
}

// The symbols of a card's rank and class (a legend names them: rankIcon/classIcon below).
const RANK_PATHS = {
  general: "M -7 5 L -7 -3 L -3.5 0.5 L 0 -6 L 3.5 0.5 L 7 -3 L 7 5 Z",
  command: "M 0 -7 L 2 -2.2 L 7 -2.2 L 3 1 L 4.5 6.5 L 0 3.3 L -4.5 6.5 L -3 1 L -7 -2.2 L -2 -2.2 Z",
  special: "M 0 -7 L 6 0 L 0 7 L -6 0 Z",
  elite: "M -6 -2 L 0 -6 L 6 -2 M -6 2.5 L 0 -1.5 L 6 2.5 M -6 7 L 0 3 L 6 7",
  veteran: "M -6 0 L 0 -4 L 6 0 M -6 4.5 L 0 0.5 L 6 4.5",
  regular: "M -6 2.5 L 0 -1.5 L 6 2.5",
  recruit: "M -2.5 0 A 2.5 2.5 0 1 0 2.5 0 A 2.5 2.5 0 1 0 -2.5 0",
};
const FILLED_RANKS = new Set(["general", "command", "special"]);
const CLASS_PATHS = {
  infantry: "M 0 -8 L 0 4 M -4.5 3 L 4.5 3 M 0 4 L 0 8",
  cavalry: "M -5 7 L -5 -1 A 5 5 0 0 1 5 -1 L 5 7",
  spear: "M 0 8 L 0 -2 M -3.5 -1.5 L 0 -8 L 3.5 -1.5 Z",
  berserk: "M -1.5 8 L -1.5 -8 M -1.5 -6.5 Q 7 -7 7 -1 Q 6.5 2 -1.5 1.5",
  ranged: "M -7 0 A 7 7 0 1 0 7 0 A 7 7 0 1 0 -7 0 M -2.5 0 A 2.5 2.5 0 1 0 2.5 0 A 2.5 2.5 0 1 0 -2.5 0",
};

/** A rank's symbol as a <g> centred on 0,0 (about 14 units across). */
export function rankIcon(rank) {
  const filled = FILLED_RANKS.has(rank);
  return s("g", { class: ["rank-icon", filled ? "filled" : "stroked", `rank-${rank}`] },
    s("path", { d: RANK_PATHS[rank] || RANK_PATHS.regular }));
}

/** A class's symbol as a <g> centred on 0,0 (about 16 units high). */
export function classIcon(unitClass) {
  return s("g", { class: ["class-icon", `class-${unitClass}`] }, s("path", { d: CLASS_PATHS[unitClass] || CLASS_PATHS.infantry }));
}

/** A small stand-alone picture of a symbol, for the legend and the card details. */
export function iconSvg(icon, size = 22) {
  const svg = s("svg", { class: "icon-svg", viewBox: "-10 -10 20 20", width: size, height: size, "aria-hidden": "true" });
  svg.append(icon);
  return svg;
}

const NAME_WIDTH = 66; // the room between the corner arrows, in card units

/**
 * A card as a <g> in a 100x100 box. `owner` picks the colours and the facing; `flip` is whether
 * the board is seen from player 2's edge (so that each player's own cards face up for them).
 * Its name on top (hidden where the board is too small to read it), the defence in the shield,
 * the rank's symbol on the left, the class's on the right (a ranged unit: its ranged value in
 * a target), and the arrows with their values.
 */
export function drawCard(card, owner, { flip = false, extra = "" } = {}) {
  const g = s("g", { class: ["card", `p${owner}`, card.command && "command", card.rank === "general" && "general", extra] });
  g.append(s("rect", { class: "card-face", x: 5, y: 5, width: 90, height: 90, rx: 9 }));
  if (card.command) g.append(s("rect", { class: "card-crown", x: 9, y: 9, width: 82, height: 82, rx: 6 }));
  const name = shortName(card);
  const long = name.length * 8.4 > NAME_WIDTH;
  g.append(s("text", {
    class: "card-name", x: 50, y: 38, text: name,
    textLength: long ? NAME_WIDTH : null, lengthAdjust: long ? "spacingAndGlyphs" : null,
  }));
  g.append(
    s("path", { class: "shield", d: "M 50 42 L 63 46 L 62 58 Q 60 66 50 71 Q 40 66 38 58 L 37 46 Z" }),
    s("text", { class: "defence", x: 50, y: 63, text: card.defence }),
  );
  const rank = rankIcon(card.rank);
  rank.setAttribute("transform", "translate(28 73)");
  g.append(rank);
  if (card.ranged) {
    // the ranged value, in a target
    const target = s("g", { class: "ranged", transform: "translate(71 73)" });
    target.append(
      s("circle", { r: 10.5 }),
      s("path", { d: "M -14 0 L -10.5 0 M 10.5 0 L 14 0 M 0 -14 L 0 -10.5 M 0 10.5 L 0 14" }),
      s("text", { y: 6.5, text: card.ranged.value }),
    );
    g.append(target);
  } else {
    const icon = classIcon(card.class);
    icon.setAttribute("transform", "translate(72 73)");
    g.append(icon);
  }
  for (const [direction, dx, dy] of DIRECTIONS) {
    const value = card.arrows[direction];
    if (!value) continue;
    let [bx, by] = boardOffset(owner, dx, dy);
    if (flip) [bx, by] = [-bx, -by];
    const sx = bx;
    const sy = -by; // screen y grows downwards
    const cx = 50 + sx * 36;
    const cy = 50 + sy * 36;
    const angle = (Math.atan2(sy, sx) * 180) / Math.PI;
    const arrow = s("g", { class: "arrow", transform: `translate(${cx} ${cy})` });
    arrow.append(
      s("path", { class: "arrow-tip", d: "M 10 -6 L 17 0 L 10 6 Z", transform: `rotate(${angle})` }),
      s("circle", { class: "arrow-badge", r: 11 }),
      s("text", { class: "arrow-value", y: 6.5, text: value }),
    );
    g.append(arrow);
  }
  g.append(s("title", { text: describeCard(card) }));
  return g;
}

export function describeCard(card) {
  const arrows = DIRECTIONS.filter(([d]) => card.arrows[d])
    .map(([d]) => `${term("dir", d)} ${card.arrows[d]}`)
    .join(", ");
  const ranged = card.ranged ? ` · ${t("card.ranged")} ${card.ranged.value}` : "";
  return `${card.name} — ${term("rank", card.rank)}, ${term("class", card.class)} · ${t("card.defence")} ${card.defence} · ${t("card.arrows")}: ${arrows || "—"}${ranged}`;
}

/** A card back (the opponent's hand). */
export function drawBack(owner) {
  const g = s("g", { class: ["card-back", `p${owner}`] });
  g.append(
    s("rect", { x: 5, y: 5, width: 90, height: 90, rx: 9 }),
    s("path", { d: "M 50 22 L 72 50 L 50 78 L 28 50 Z" }),
  );
  return g;
}

/** A small picture of a ranged unit's target grid, the unit at the bottom facing up. */
export function drawTargetGrid(card) {
  const targets = card.ranged ? card.ranged.targets : [];
  const xs = targets.map(([dx]) => dx).concat([0]);
  const ys = targets.map(([, dy]) => dy).concat([0]);
  const minX = Math.min(...xs), maxX = Math.max(...xs), minY = Math.min(...ys), maxY = Math.max(...ys);
  const size = 16;
  const width = (maxX - minX + 1) * size, height = (maxY - minY + 1) * size;
  const svg = s("svg", { class: "target-grid", viewBox: `0 0 ${width} ${height}`, width: width * 1.5, height: height * 1.5, role: "img", "aria-label": t("card.targets") });
  const set = new Set(targets.map(([dx, dy]) => `${dx},${dy}`));
  for (let dy = maxY; dy >= minY; dy--) {
    for (let dx = minX; dx <= maxX; dx++) {
      const here = dx === 0 && dy === 0;
      svg.append(s("rect", {
        x: (dx - minX) * size + 1, y: (maxY - dy) * size + 1, width: size - 2, height: size - 2, rx: 2,
        class: here ? "grid-self" : set.has(`${dx},${dy}`) ? "grid-target" : "grid-empty",
      }));
    }
  }
  return svg;
}
