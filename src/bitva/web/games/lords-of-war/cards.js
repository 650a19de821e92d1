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

function nameLines(text, max = 11) {
  if (text.length <= max) return [text];
  const words = text.split(" ");
  const lines = [""];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (!last) lines[lines.length - 1] = word;
    else if ((last + " " + word).length <= max) lines[lines.length - 1] = last + " " + word;
    else lines.push(word);
  }
  const out = lines.slice(0, 2);
  if (lines.length > 2 || out.some((l) => l.length > max + 2)) {
    return out.map((l) => (l.length > max + 1 ? l.slice(0, max) + "…" : l));
  }
  return out;
}

/**
 * A card as a <g> in a 100x100 box. `owner` picks the colours and the facing; `flip` is whether
 * the board is seen from player 2's edge (so that each player's own cards face up for them).
 */
export function drawCard(card, owner, { flip = false, extra = "" } = {}) {
  const g = s("g", { class: ["card", `p${owner}`, card.command && "command", card.rank === "general" && "general", extra] });
  g.append(s("rect", { class: "card-face", x: 5, y: 5, width: 90, height: 90, rx: 9 }));
  if (card.command) g.append(s("rect", { class: "card-crown", x: 9, y: 9, width: 82, height: 82, rx: 6 }));
  for (const [direction, dx, dy] of DIRECTIONS) {
    const value = card.arrows[direction];
    if (!value) continue;
    let [bx, by] = boardOffset(owner, dx, dy);
    if (flip) [bx, by] = [-bx, -by];
    const sx = bx;
    const sy = -by; // screen y grows downwards
    const cx = 50 + sx * 38;
    const cy = 50 + sy * 38;
    const angle = (Math.atan2(sy, sx) * 180) / Math.PI;
    const arrow = s("g", { class: "arrow", transform: `translate(${cx} ${cy})` });
    arrow.append(
      s("path", { class: "arrow-tip", d: "M 5 -5.5 L 12.5 0 L 5 5.5 Z", transform: `rotate(${angle})` }),
      s("circle", { class: "arrow-badge", r: 8.2 }),
      s("text", { class: "arrow-value", y: 4.2, text: value }),
    );
    g.append(arrow);
  }
  const lines = nameLines(shortName(card));
  const top = lines.length === 1 ? 37 : 32;
  const long = lines.some((line) => line.length > 9);
  lines.forEach((line, i) =>
    g.append(s("text", { class: ["card-name", long && "long"], x: 50, y: top + i * 10, text: line })),
  );
  // the defence, in a shield
  g.append(
    s("path", {
      class: "shield",
      d: "M 50 46 L 61 50 L 60 60 Q 58 66 50 70 Q 42 66 40 60 L 39 50 Z",
    }),
    s("text", { class: "defence", x: 50, y: 63, text: card.defence }),
  );
  if (card.ranged) {
    // the ranged value, in a target
    const target = s("g", { class: "ranged", transform: "translate(72 58)" });
    target.append(
      s("circle", { r: 8.5 }),
      s("path", { d: "M -11 0 L -8 0 M 8 0 L 11 0 M 0 -11 L 0 -8 M 0 8 L 0 11" }),
      s("text", { y: 4, text: card.ranged.value }),
    );
    g.append(target);
  }
  const facts = `${card.command ? "★" : ""}${term("short", card.rank)} ${term("short", card.class)}`;
  g.append(s("text", { class: "card-facts", x: 50, y: 80, text: facts }));
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
