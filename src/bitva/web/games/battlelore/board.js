// The BattleLore board in SVG (rules section 2.1): 9 rows of pointy-topped hexes, 13 in odd rows
// and 12 in even rows shifted half a hex east, drawn from South's edge or, turned half round,
// from North's. Terrain is drawn as art (forest, hill, river, ford, bridge; landmarks), units as
// tokens in their banner's colour with a dot per figure and a ring of their side's colour.
//
// The hexes are built once per <svg> and kept across redraws (a click whose press and release
// straddle a redraw still lands; one listener reads the hex under the pointer); the units, the
// highlights and the badges are redrawn in layers that take no pointer events.
import { s } from "../../dom.js";
import { t, unitName } from "./text.js";

export const R = 30; // a hex's radius in board units
const W = Math.sqrt(3) * R; // a hex's width
const LETTERS = "ABCDEFGHIJKLM";
const MARGIN = 22; // room for the row numbers and the column letters
export const WIDTH = 13 * W + 2 * MARGIN;
export const HEIGHT = 8 * 1.5 * R + 2 * R + 2 * MARGIN;
const BANNER = { green: "#3f8f3a", blue: "#2e64b7", red: "#c0392b" };
const SIDE_RING = { 1: "#f2c14e", 2: "#2b2326" };

/** Every hex name, row by row from the South edge. */
export const HEXES = (() => {
  const out = [];
  for (let y = 1; y <= 9; y += 1) for (let x = 1; x <= (y % 2 ? 13 : 12); x += 1) out.push(`${LETTERS[x - 1]}${y}`);
  return out;
})();

/** The centre of a hex on the board, from South's edge or (flip) from North's. */
export function centre(hex, flip) {
  const x = LETTERS.indexOf(hex[0]) + 1;
  const y = Number(hex.slice(1));
  let cx = (x - 1) * W + (y % 2 ? W / 2 : W);
  let cy = (9 - y) * 1.5 * R + R;
  if (flip) {
    cx = 13 * W - cx;
    cy = 8 * 1.5 * R + 2 * R - cy;
  }
  return [cx + MARGIN, cy + MARGIN];
}

function hexPoints(cx, cy, r = R) {
  const pts = [];
  for (let i = 0; i < 6; i += 1) {
    const a = (Math.PI / 180) * (60 * i - 90);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

// -- terrain art ---------------------------------------------------------------------------------
function tree(x, y, k = 1) {
  return s("g", { class: "tree" },
    s("rect", { x: x - 1.6 * k, y: y + 4 * k, width: 3.2 * k, height: 5 * k, class: "trunk" }),
    s("path", { d: `M${x} ${y - 11 * k} L${x + 8 * k} ${y + 5 * k} L${x - 8 * k} ${y + 5 * k} Z`, class: "crown" }),
  );
}

function terrainArt(kind, cx, cy) {
  switch (kind) {
    case "forest":
      return [tree(cx - 10, cy + 2), tree(cx + 10, cy + 3), tree(cx, cy - 9, 0.9)];
    case "hill":
      return [
        s("path", { class: "hill-back", d: `M${cx - 24} ${cy + 10} Q${cx - 6} ${cy - 20} ${cx + 14} ${cy + 10} Z` }),
        s("path", { class: "hill-front", d: `M${cx - 10} ${cy + 12} Q${cx + 8} ${cy - 10} ${cx + 25} ${cy + 12} Z` }),
      ];
    case "river":
      return [-8, 4].map((dy) => s("path", { class: "wave", d: `M${cx - 20} ${cy + dy} q5 -5 10 0 t10 0 t10 0 t10 0` }));
    case "ford":
      return [
        s("path", { class: "wave", d: `M${cx - 20} ${cy - 9} q5 -5 10 0 t10 0 t10 0 t10 0` }),
        ...[[-12, 5], [0, 8], [12, 4], [-4, -1], [8, -3]].map(([dx, dy]) => s("ellipse", { class: "stone", cx: cx + dx, cy: cy + dy, rx: 4.5, ry: 3 })),
      ];
    case "bridge":
      return [
        s("rect", { class: "bridge-deck", x: cx - 9, y: cy - 24, width: 18, height: 48, rx: 2 }),
        ...[-16, -8, 0, 8, 16].map((dy) => s("line", { class: "plank", x1: cx - 9, x2: cx + 9, y1: cy + dy, y2: cy + dy })),
      ];
    default:
      return [s("circle", { class: "grass", cx: cx - 9, cy: cy + 8, r: 1.6 }), s("circle", { class: "grass", cx: cx + 10, cy: cy - 6, r: 1.6 })];
  }
}

function landmarkArt(kind, cx, cy) {
  const x = cx;
  const y = cy - 14;
  switch (kind) {
    case "fortification":
      return s("path", { class: "landmark fort", d: `M${x - 16} ${y + 8} v-10 h5 v4 h4 v-4 h5 v4 h4 v-4 h5 v10 Z` });
    case "wizard_tower":
      return s("path", { class: "landmark tower", d: `M${x - 5} ${y + 9} v-12 l5 -9 l5 9 v12 Z` });
    case "cleric_shrine":
      return s("path", { class: "landmark shrine", d: `M${x - 10} ${y + 8} v-8 l10 -7 l10 7 v8 Z M${x - 1.5} ${y - 14} h3 v6 h-3 Z` });
    case "warrior_camp":
      return s("path", { class: "landmark camp", d: `M${x - 12} ${y + 8} L${x} ${y - 9} L${x + 12} ${y + 8} Z M${x - 3} ${y + 8} L${x} ${y} L${x + 3} ${y + 8} Z` });
    default:
      return s("path", { class: "landmark den", d: `M${x - 12} ${y + 8} Q${x} ${y - 14} ${x + 12} ${y + 8} Z` });
  }
}

// -- units -----------------------------------------------------------------------------------------
const WEAPON_ICON = {
  sword: "M-6 6 L6 -6 M-6 -6 L6 6",
  spear: "M-7 7 L6 -6 M6 -6 l-5 1 M6 -6 l-1 5",
  lance: "M-7 7 L6 -6 M6 -6 l-5 1 M6 -6 l-1 5",
  bow: "M-4 -8 Q8 0 -4 8 M-4 -8 L-4 8",
  longbow: "M-4 -9 Q9 0 -4 9 M-4 -9 L-4 9",
  crossbow: "M-8 -3 Q0 6 8 -3 M0 -6 L0 8",
  brawler: "M-5 5 L5 -5 M3 -7 l4 4",
  natural: "M-8 -6 l5 4 M8 -6 l-5 4 M-8 6 l5 -4 M8 6 l-5 -4",
};

function weaponOf(type) {
  const tail = String(type).split("_").pop();
  return { bow: "bow", longbow: "longbow", crossbow: "crossbow", lance: "lance", spear: "spear", brawler: "brawler", rider: "spear", spider: "natural" }[tail] || "sword";
}

function unitToken(unit, cx, cy, viewerSide) {
  const colour = BANNER[unit.banner] || "#777";
  const g = s("g", { class: ["unit", `side-${unit.side}`, unit.ordered && "ordered", unit.webbed && "webbed"], transform: `translate(${cx.toFixed(1)} ${cy.toFixed(1)})`, dataset: { hex: unit.hex } });
  const ring = SIDE_RING[unit.side] || "#888";
  if (unit.status === "creature") {
    const star = [];
    for (let i = 0; i < 16; i += 1) {
      const r = i % 2 ? 12 : 21;
      const a = (Math.PI / 8) * i - Math.PI / 2;
      star.push(`${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`);
    }
    g.append(s("polygon", { class: "token", points: star.join(" "), fill: colour, stroke: ring }));
  } else if (unit.status === "mounted") {
    g.append(s("rect", { class: "token", x: -17, y: -17, width: 34, height: 34, rx: 7, fill: colour, stroke: ring }));
  } else {
    g.append(s("circle", { class: "token", r: 18, fill: colour, stroke: ring }));
  }
  g.append(s("path", { class: "weapon", d: WEAPON_ICON[weaponOf(unit.type)] }));
  // a dot per figure, hollow for the figures lost
  const max = Math.max(unit.max_figures || unit.figures, unit.figures);
  for (let i = 0; i < max; i += 1) {
    const x = (i - (max - 1) / 2) * 9;
    g.append(s("circle", { class: ["figure", i >= unit.figures && "lost"], cx: x, cy: 23, r: 3.6 }));
  }
  // a pennant toward the enemy: up for the viewer's own side
  const up = unit.side === viewerSide;
  g.append(s("path", { class: "pennant", fill: ring, d: up ? "M-4 -20 L4 -20 L0 -27 Z" : "M-4 -20 L4 -20 L0 -13 Z" }));
  if (unit.ordered) g.append(s("circle", { class: "order-ring", r: 25 }));
  if (unit.webbed) g.append(s("path", { class: "web", d: "M-18 -18 L18 18 M18 -18 L-18 18 M0 -22 L0 22 M-22 0 L22 0 M-10 -4 Q0 -12 10 -4 Q14 4 4 10 Q-6 14 -10 4 Z" }));
  if (unit.poisoned) g.append(s("path", { class: "poison", d: "M16 -20 q5 7 0 10 q-5 -3 0 -10 Z" }));
  if (unit.stored_lore) {
    g.append(s("circle", { class: "lore-badge", cx: -17, cy: -17, r: 7 }));
    g.append(s("text", { class: "lore-count", x: -17, y: -13.5, text: String(unit.stored_lore) }));
  }
  g.append(s("title", { text: unitName(unit.__view, unit.type) }));
  return g;
}

// -- the board -----------------------------------------------------------------------------------
function build(svg, opts) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${WIDTH.toFixed(0)} ${HEIGHT.toFixed(0)}`);
  svg.classList.add("bl-board");
  const layers = {
    hexes: s("g", { class: "layer-hexes" }),
    hl: s("g", { class: "layer-hl" }),
    units: s("g", { class: "layer-units" }),
    badges: s("g", { class: "layer-badges" }),
    labels: s("g", { class: "layer-labels" }),
  };
  svg.append(layers.hexes, layers.hl, layers.units, layers.badges, layers.labels);
  const hexes = new Map();
  for (const hex of HEXES) {
    const g = s("g", { class: "hex", dataset: { hex } });
    layers.hexes.append(g);
    hexes.set(hex, g);
  }
  svg.__bl = { layers, hexes, key: null, flip: null };
  // a finger or a pointer: a touch screen has no hover, so its first tap on a target previews
  svg.addEventListener("pointerdown", (event) => { svg.__bl.touch = event.pointerType === "touch"; });
  svg.addEventListener("click", (event) => {
    const el = event.target.closest("[data-hex]");
    if (el && svg.__bl.onHex) svg.__bl.onHex(el.dataset.hex, Boolean(svg.__bl.touch));
  });
  svg.addEventListener("pointerover", (event) => {
    if (event.pointerType === "touch") return; // a touch screen never previews
    const el = event.target.closest("[data-hex]");
    if (svg.__bl.onHover) svg.__bl.onHover(el ? el.dataset.hex : null);
  });
  svg.addEventListener("pointerleave", () => svg.__bl.onHover && svg.__bl.onHover(null));
  return svg.__bl;
}

function drawTerrain(bl, view, flip, narrow) {
  const terrain = view.terrain || {};
  const landmarks = view.landmarks || {};
  const key = JSON.stringify([terrain, landmarks, flip, narrow]);
  if (bl.key === key) return;
  bl.key = key;
  bl.flip = flip;
  bl.layers.labels.replaceChildren();
  for (const [hex, g] of bl.hexes) {
    const [cx, cy] = centre(hex, flip);
    const kind = terrain[hex] || "plain";
    g.setAttribute("class", `hex terrain-${kind}`);
    const named = [kind === "plain" ? null : t(`terrain.${kind}`), landmarks[hex] ? t(`landmark.${landmarks[hex]}`) : null].filter(Boolean);
    g.replaceChildren(
      s("polygon", { class: "hex-bg", points: hexPoints(cx, cy) }),
      ...terrainArt(kind, cx, cy),
      landmarks[hex] ? landmarkArt(landmarks[hex], cx, cy) : null,
      s("text", { class: ["hex-name", narrow && "big"], x: cx, y: cy + R - 5, text: hex }),
      s("title", { text: named.length ? `${hex}: ${named.join(", ")}` : hex }),
    );
  }
  // row numbers on both sides, column letters under the board (on a phone larger, in the
  // room kept for them below: every prompt and log line names hexes)
  const lift = narrow ? 7 : 5;
  for (let y = 1; y <= 9; y += 1) {
    const [, cy] = centre(`A${y}`, flip);
    bl.layers.labels.append(s("text", { class: ["coord", narrow && "big"], x: MARGIN / 2, y: cy + lift, text: String(y) }));
    bl.layers.labels.append(s("text", { class: ["coord", narrow && "big"], x: WIDTH - MARGIN / 2, y: cy + lift, text: String(y) }));
  }
  for (const letter of LETTERS) {
    const [cx] = centre(`${letter}1`, flip);
    const [, top] = centre("A9", flip);
    const [, bottom] = centre("A1", flip);
    const y = Math.max(top, bottom) + R + (narrow ? 20 : 14);
    bl.layers.labels.append(s("text", { class: ["coord", narrow && "big"], x: cx, y, text: letter }));
  }
}

/**
 * Draws the board: opts = {view, flip, viewerSide, highlights: {hex: kind}, badges: {hex: text},
 * selected, battle: {attacker, target}, spoken: [hex] (named by the line pointed at), onHex(hex),
 * onHover(hex)}.
 */
export function drawBoard(svg, opts) {
  const bl = svg.__bl || build(svg, opts);
  const { view, flip } = opts;
  bl.onHex = opts.onHex;
  bl.onHover = opts.onHover;
  // on a phone (under 600 px) the row and column labels and the names of the empty hexes are
  // drawn larger (their `big` class), the letters a little lower, in room added under the board
  const narrow = svg.clientWidth > 0 && svg.clientWidth < 600;
  drawTerrain(bl, view, flip, narrow);
  const box = `0 0 ${WIDTH.toFixed(0)} ${(HEIGHT + (narrow ? 6 : 0)).toFixed(0)}`;
  if (svg.getAttribute("viewBox") !== box) svg.setAttribute("viewBox", box);
  const highlights = opts.highlights || {};
  bl.layers.hl.replaceChildren();
  for (const [hex, kind] of Object.entries(highlights)) {
    const [cx, cy] = centre(hex, flip);
    bl.layers.hl.append(s("polygon", { class: ["hl", kind, opts.selected === hex && "selected"], points: hexPoints(cx, cy, R - 3) }));
  }
  for (const [hex, g] of bl.hexes) g.classList.toggle("clickable", Boolean(highlights[hex]));
  if (opts.selected && !highlights[opts.selected]) {
    const [cx, cy] = centre(opts.selected, flip);
    bl.layers.hl.append(s("polygon", { class: "hl selected", points: hexPoints(cx, cy, R - 3) }));
  }
  for (const hex of opts.spoken || []) { // the hexes of the log line or prompt pointed at
    if (!HEXES.includes(hex)) continue;
    const [cx, cy] = centre(hex, flip);
    bl.layers.hl.append(s("polygon", { class: "hl spoken", dataset: { hex }, points: hexPoints(cx, cy, R - 1) }));
  }
  if (opts.battle && opts.battle.attacker && opts.battle.target) {
    const [x1, y1] = centre(opts.battle.attacker, flip);
    const [x2, y2] = centre(opts.battle.target, flip);
    bl.layers.hl.append(s("line", { class: ["battle-line", opts.battle.kind], x1, y1, x2, y2 }));
  }
  bl.layers.units.replaceChildren();
  const occupied = new Set((view.units || []).map((u) => u.hex));
  for (const [hex, g] of bl.hexes) g.classList.toggle("occupied", occupied.has(hex)); // its name under the unit would be unreadable
  for (const unit of view.units || []) {
    const [cx, cy] = centre(unit.hex, flip);
    bl.layers.units.append(unitToken({ ...unit, __view: view }, cx, cy, opts.viewerSide || 1));
  }
  for (const unit of opts.dying || []) { // eliminated in the last move: fading out where they stood
    const [cx, cy] = centre(unit.hex, flip);
    const ghost = unitToken({ ...unit, __view: view }, cx, cy, opts.viewerSide || 1);
    ghost.classList.add("dying");
    const running = opts.anim && bl.animated === opts.anim.id ? performance.now() - bl.animStart : 0;
    ghost.style.animationDelay = `-${Math.round(running)}ms`; // a redraw goes on with the fade
    bl.layers.units.append(ghost);
  }
  animateMoves(bl, opts, flip);
  bl.layers.badges.replaceChildren();
  for (const [hex, badge] of Object.entries(opts.badges || {})) {
    const [cx, cy] = centre(hex, flip);
    // above the token, across the hex's top corner, between the target's pennant (its tip at
    // R - 3 above the centre) and the figures of the units in the row above (their dots' tops
    // at R - 4.4 above it): no icon of either is under it (issue 21: on a phone it covered them)
    const width = 6 + 6.6 * badge.text.length;
    bl.layers.badges.append(s("g", { class: ["badge", badge.kind] },
      s("rect", { x: cx - width / 2, y: cy - R - 10, width, height: 13, rx: 6.5 }),
      s("text", { x: cx, y: cy - R + 0.5, text: badge.text }),
    ));
  }
}

const SLIDE_MS = 450;

/** Units that moved in the last update slide from where they were. The units are drawn anew
 * at every redraw (a click, the pointer), so each redraw while the slide runs takes it up where
 * it is. */
function animateMoves(bl, opts, flip) {
  const anim = opts.anim;
  if (!anim || typeof Element.prototype.animate !== "function") return;
  if (bl.animated !== anim.id) {
    bl.animated = anim.id;
    bl.animStart = performance.now();
  }
  const elapsed = performance.now() - bl.animStart;
  if (elapsed >= SLIDE_MS) return;
  for (const { from, to } of anim.moves || []) {
    const token = bl.layers.units.querySelector(`.unit[data-hex="${to}"]`);
    if (!token) continue;
    const [x1, y1] = centre(from, flip);
    const [x2, y2] = centre(to, flip);
    const slide = token.animate(
      [{ transform: `translate(${x1}px, ${y1}px)` }, { transform: `translate(${x2}px, ${y2}px)` }],
      { duration: SLIDE_MS, easing: "ease-in-out" },
    );
    slide.currentTime = elapsed;
  }
}
