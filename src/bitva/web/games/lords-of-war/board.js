// The battle mat in SVG, drawn from a view: the squares (LW-1.6), the units with their arrows,
// and overlays — legal squares, preview badges, the ghost of a card about to be placed, units a
// placement would eliminate, ranged target grids — and the animations of an update.
//
// The squares are built once per mat (its extent and which edge faces the player) and kept:
// a redraw changes their classes and redraws only the layers above them, which never take the
// pointer. So a redraw never replaces the element under the pointer (a click whose press and
// release straddle a redraw still lands), and one listener per board reads the square from the
// event.
import { s } from "../../dom.js";
import { t } from "./text.js";
import { drawCard, parseSquare, squareName, targetSquares } from "./cards.js";

export const CELL = 100;
const MARGIN = 34;
const START = { d3: 1, c5: 2 }; // D-1
// card names are drawn only where they come out at least this big on the screen (CSS px)
const NAME_FONT = 14;
const MIN_TEXT_PX = 11;

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

function squareAt(event) {
  const target = event.target instanceof Element ? event.target.closest("[data-square]") : null;
  return target ? target.dataset.square : null;
}

/** The board's listeners, once per <svg>: they read the latest options of its last drawing. */
function listen(svg, mat) {
  svg.addEventListener("click", (event) => {
    const square = squareAt(event);
    if (square && mat.opts.onSquare) mat.opts.onSquare(square);
  });
  // a touch screen has no pointer to follow: a tap chooses, it does not preview
  svg.addEventListener("pointerover", (event) => {
    if (event.pointerType === "touch" || !mat.opts.onHover) return;
    mat.opts.onHover(squareAt(event));
  });
  svg.addEventListener("pointerleave", (event) => {
    if (event.pointerType !== "touch" && mat.opts.onHover) mat.opts.onHover(null);
  });
  // names only where they are readable: the board's size decides
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(() => fitText(svg)).observe(svg);
  }
}

function fitText(svg) {
  const matrix = svg.isConnected && svg.getScreenCTM ? svg.getScreenCTM() : null;
  if (!matrix || !matrix.a) return; // not laid out yet: the observer comes back
  svg.classList.toggle("no-names", matrix.a * NAME_FONT < MIN_TEXT_PX);
}

/** The mat's fixed parts: the background, the coordinates and one <g> per square. */
function buildMat(svg, mat, view, box, flip) {
  const cols = box.maxX - box.minX + 1;
  const rows = box.maxY - box.minY + 1;
  mat.width = cols * CELL + MARGIN;
  mat.height = rows * CELL + MARGIN;
  svg.setAttribute("viewBox", `0 0 ${mat.width} ${mat.height}`);
  svg.classList.add("board");
  mat.pos = (square) => {
    const { x, y } = parseSquare(square);
    const col = flip ? box.maxX - x : x - box.minX;
    const row = flip ? y - box.minY : box.maxY - y;
    return { px: MARGIN + col * CELL, py: row * CELL };
  };
  mat.layers = {
    squares: s("g", { class: "layer-squares" }),
    units: s("g", { class: "layer-units" }),
    over: s("g", { class: "layer-over" }),
    labels: s("g", { class: "layer-labels" }),
  };
  svg.replaceChildren(
    s("rect", { class: "mat", x: MARGIN, y: 0, width: cols * CELL, height: rows * CELL, rx: 6 }),
    mat.layers.squares, mat.layers.units, mat.layers.over, mat.layers.labels,
  );
  for (let x = box.minX; x <= box.maxX; x++) {
    const { px } = mat.pos(squareName(x, box.minY));
    const inside = x >= 0 && x < 6;
    const label = inside ? "abcdef"[x] : String(x); // off the mat, squares are named "x,y"
    mat.layers.labels.append(s("text", { class: ["coord", !inside && "off"], x: px + CELL / 2, y: rows * CELL + 25, text: label }));
  }
  for (let y = box.minY; y <= box.maxY; y++) {
    const { py } = mat.pos(squareName(box.minX, y));
    const inside = y >= 0 && y < 7;
    const label = inside ? String(y + 1) : String(y);
    mat.layers.labels.append(s("text", { class: ["coord", !inside && "off"], x: MARGIN / 2, y: py + CELL / 2 + 7, text: label }));
  }
  mat.squares = new Map();
  for (let y = box.minY; y <= box.maxY; y++) {
    for (let x = box.minX; x <= box.maxX; x++) {
      const name = squareName(x, y);
      const { px, py } = mat.pos(name);
      const onMat = view.options.borderless || (x >= 0 && x < 6 && y >= 0 && y < 7);
      const cell = s("g", { class: ["square", !onMat && "off"], transform: `translate(${px} ${py})`, dataset: { square: name } });
      const start = START[name] && !view.options.borderless
        ? s("text", { class: "start-label", x: CELL / 2, y: CELL / 2 + 7 })
        : null;
      cell.append(
        s("rect", { class: "square-bg", x: 2, y: 2, width: CELL - 4, height: CELL - 4, rx: 8 }),
        s("rect", { class: "square-hl", x: 4, y: 4, width: CELL - 8, height: CELL - 8, rx: 7 }),
      );
      if (start) cell.append(start);
      mat.layers.squares.append(cell);
      mat.squares.set(name, { cell, start, base: ["square", !onMat && "off"].filter(Boolean).join(" ") });
    }
  }
  fitText(svg);
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
  const box = extent(view, Object.keys(opts.highlights || {}));
  const key = `${box.minX} ${box.maxX} ${box.minY} ${box.maxY} ${flip} ${Boolean(view.options.borderless)}`;
  let mat = svg.__mat;
  if (!mat) {
    mat = svg.__mat = { key: null, opts };
    listen(svg, mat);
  }
  mat.opts = opts;
  if (mat.key !== key) {
    buildMat(svg, mat, view, box, flip);
    mat.key = key;
  }
  const { pos, layers } = mat;
  const center = (square) => {
    const { px, py } = pos(square);
    return [px + CELL / 2, py + CELL / 2];
  };

  const highlights = opts.highlights || {};
  for (const [name, { cell, start, base }] of mat.squares) {
    const kind = highlights[name];
    const wanted = [base, kind, opts.selected === name && "selected"].filter(Boolean).join(" ");
    if (cell.getAttribute("class") !== wanted) cell.setAttribute("class", wanted);
    if (start) {
      const text = view.turn < 1 ? t("start.square", { seat: START[name] }) : "";
      if (start.textContent !== text) start.textContent = text;
    }
  }

  layers.units.replaceChildren();
  layers.over.replaceChildren();
  const badges = opts.badges || {};
  for (const [name, badge] of Object.entries(badges)) {
    if (!mat.squares.has(name)) continue;
    const { px, py } = pos(name);
    const g = s("g", { class: ["badge", badge.kind], transform: `translate(${px + CELL - 6} ${py + 6})`, dataset: { badgeFor: name } });
    g.append(s("rect", { x: -64, y: 0, width: 64, height: 26, rx: 13 }), s("text", { x: -32, y: 20, text: badge.text }));
    layers.over.append(g);
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
