// The battle mat in SVG, drawn from a view: the squares (LW-1.6), the units with their arrows,
// and overlays — legal squares, preview badges, the ghost of a card about to be placed, units a
// placement would eliminate, ranged target grids — and the animations of an update.
import { s } from "../../dom.js";
import { t } from "./text.js";
import { drawCard, parseSquare, squareName, targetSquares } from "./cards.js";

export const CELL = 100;
const MARGIN = 26;
const START = { d3: 1, c5: 2 }; // D-1

/** The squares to draw: the 6x7 mat, or on a borderless mat every unit with a ring around. */
export function extent(view, extra = []) {
  const bounded = !view.options.borderless;
  let minX = 0, maxX = 5, minY = 0, maxY = 6;
  if (!bounded) {
    // LW-10.1: no edges; a ring around the usual mat shows it
    minX = -1; maxX = 6; minY = -1; maxY = 7;
    const squares = view.board.map((u) => u.square).concat(extra);
    for (const name of squares) {
      const { x, y } = parseSquare(name);
      minX = Math.min(minX, x - 1); maxX = Math.max(maxX, x + 1);
      minY = Math.min(minY, y - 1); maxY = Math.max(maxY, y + 1);
    }
  }
  return { minX, maxX, minY, maxY };
}

/**
 * Draw the board into `svg`. opts: view, flip, highlights {square: "legal"|"target"|...},
 * badges {square: text}, ghost {square, card, owner}, marks {square: "kill"|"loss"},
 * targets [squares], dying [{square, owner, card}], appear [squares], shots [{from, to}],
 * moved [{from, to}], selected square, onSquare(square), onHover(square | null).
 */
export function drawBoard(svg, opts) {
  const { view, flip = false } = opts;
  const cards = opts.cards || view.cards;
  const extraSquares = Object.keys(opts.highlights || {});
  const box = extent(view, extraSquares);
  const cols = box.maxX - box.minX + 1;
  const rows = box.maxY - box.minY + 1;
  const width = cols * CELL + MARGIN;
  const height = rows * CELL + MARGIN;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.classList.add("board");
  while (svg.firstChild) svg.firstChild.remove();

  const pos = (square) => {
    const { x, y } = parseSquare(square);
    const col = flip ? box.maxX - x : x - box.minX;
    const row = flip ? y - box.minY : box.maxY - y;
    return { px: MARGIN + col * CELL, py: row * CELL };
  };
  const center = (square) => {
    const { px, py } = pos(square);
    return [px + CELL / 2, py + CELL / 2];
  };

  const layers = {
    squares: s("g", { class: "layer-squares" }),
    units: s("g", { class: "layer-units" }),
    over: s("g", { class: "layer-over" }),
    labels: s("g", { class: "layer-labels" }),
  };
  svg.append(s("rect", { class: "mat", x: MARGIN, y: 0, width: cols * CELL, height: rows * CELL, rx: 6 }));
  svg.append(layers.squares, layers.units, layers.over, layers.labels);

  // coordinates along the edges
  for (let x = box.minX; x <= box.maxX; x++) {
    const { px } = pos(squareName(x, box.minY));
    const inside = x >= 0 && x < 6;
    const label = inside ? "abcdef"[x] : `(${x})`; // off the mat, squares are named "x,y"
    layers.labels.append(s("text", { class: ["coord", !inside && "off"], x: px + CELL / 2, y: rows * CELL + 18, text: label }));
  }
  for (let y = box.minY; y <= box.maxY; y++) {
    const { py } = pos(squareName(box.minX, y));
    const inside = y >= 0 && y < 7;
    const label = inside ? String(y + 1) : `(${y})`;
    layers.labels.append(s("text", { class: ["coord", !inside && "off"], x: MARGIN / 2, y: py + CELL / 2 + 5, text: label }));
  }

  const highlights = opts.highlights || {};
  const badges = opts.badges || {};
  const onMat = (x, y) => view.options.borderless || (x >= 0 && x < 6 && y >= 0 && y < 7);
  for (let y = box.minY; y <= box.maxY; y++) {
    for (let x = box.minX; x <= box.maxX; x++) {
      const name = squareName(x, y);
      const { px, py } = pos(name);
      const kind = highlights[name];
      const cell = s("g", {
        class: ["square", kind, opts.selected === name && "selected", !onMat(x, y) && "off"],
        transform: `translate(${px} ${py})`,
        dataset: { square: name },
      });
      cell.append(s("rect", { class: "square-bg", x: 2, y: 2, width: CELL - 4, height: CELL - 4, rx: 8 }));
      if (view.turn < 1 && START[name] && !view.options.borderless) {
        cell.append(s("text", { class: "start-label", x: CELL / 2, y: CELL - 12, text: t("start.square", { n: START[name] }) }));
      }
      if (kind) cell.append(s("rect", { class: "square-hl", x: 4, y: 4, width: CELL - 8, height: CELL - 8, rx: 7 }));
      layers.squares.append(cell);
      if (badges[name]) {
        const badge = s("g", { class: ["badge", badges[name].kind], transform: `translate(${px + CELL - 8} ${py + 8})`, dataset: { badgeFor: name } });
        badge.append(s("rect", { x: -44, y: 0, width: 44, height: 19, rx: 9.5 }), s("text", { x: -22, y: 14, text: badges[name].text }));
        layers.over.append(badge);
      }
      if (opts.onSquare) {
        cell.addEventListener("click", () => opts.onSquare(name));
        cell.addEventListener("pointerenter", () => opts.onHover && opts.onHover(name));
        cell.addEventListener("pointerleave", () => opts.onHover && opts.onHover(null));
      }
    }
  }

  const unitAt = {};
  const placeUnit = (unit, extraClass) => {
    const card = cards[unit.card];
    if (!card) return null;
    const { px, py } = pos(unit.square);
    const outer = s("g", { class: ["unit", extraClass], transform: `translate(${px} ${py})`, dataset: { unit: unit.square, owner: unit.owner } });
    const inner = s("g", { class: "unit-inner" });
    inner.append(drawCard(card, unit.owner, { flip }));
    outer.append(inner);
    layers.units.append(outer);
    return outer;
  };
  for (const unit of opts.dying || []) placeUnit(unit, "dying");
  for (const unit of view.board) {
    const appear = (opts.appear || []).includes(unit.square);
    const el = placeUnit(unit, [appear && "appear", unit.placed_this_turn && "fresh"].filter(Boolean).join(" "));
    unitAt[unit.square] = el;
  }
  if (opts.ghost && cards[opts.ghost.card]) {
    placeUnit({ square: opts.ghost.square, owner: opts.ghost.owner, card: opts.ghost.card }, "ghost");
  }
  for (const [square, mark] of Object.entries(opts.marks || {})) {
    const [cx, cy] = center(square);
    const g = s("g", { class: ["mark", mark], transform: `translate(${cx} ${cy})` });
    g.append(s("circle", { r: 30 }), s("path", { d: "M -15 -15 L 15 15 M 15 -15 L -15 15" }));
    layers.over.append(g);
  }
  for (const square of opts.targets || []) {
    const { x, y } = parseSquare(square);
    if (x < box.minX || x > box.maxX || y < box.minY || y > box.maxY) continue;
    const [cx, cy] = center(square);
    const g = s("g", { class: "grid-mark", transform: `translate(${cx} ${cy})` });
    g.append(s("circle", { r: 16 }), s("path", { d: "M -24 0 L -8 0 M 8 0 L 24 0 M 0 -24 L 0 -8 M 0 8 L 0 24" }));
    layers.over.append(g);
  }
  for (const shot of opts.shots || []) {
    const [x1, y1] = center(shot.from);
    const [x2, y2] = center(shot.to);
    layers.over.append(s("line", { class: "shot", x1, y1, x2, y2 }));
  }
  for (const move of opts.moved || []) {
    const el = unitAt[move.to];
    if (!el || typeof el.animate !== "function") continue;
    const a = pos(move.from), b = pos(move.to);
    el.querySelector(".unit-inner").animate(
      [{ transform: `translate(${a.px - b.px}px, ${a.py - b.py}px)` }, { transform: "translate(0, 0)" }],
      { duration: 450, easing: "ease-out" },
    );
  }
  return { pos, center, box, targetSquaresOf: (unit) => targetSquares(cards[unit.card], unit.owner, unit.square) };
}
