// The Sniper Elite map as SVG, drawn from the view (SE-2, 11.1): areas as tints, space types
// (buildings, high ground, water, walls, difficult terrain dotted), doors and ladders on their
// edges, objectives (gold ring: the sniper's own; a cube: probable), iron crosses, the entry
// arrows outside the edge, the defenders and the sniper; the spaces the sniper cannot see are
// shaded (fog), so what is lit is in his sight. A space whose move costs a hit (SE-6.4) is
// marked "!" with the reason as its tooltip. Marks sit in a space's corners (objective top left,
// trace cube top right, iron cross bottom left, "!" bottom right), so that a figure standing on
// the space never hides them, nor they its label. A figure appearing (the sniper's first
// placement, a defender coming back) appears in place; one already on the map glides. Spaces and figures are built once and kept:
// a redraw changes their classes and positions, so a click never lands on a replaced node.
import { s } from "../../dom.js";

export const CELL = 40;
export const MARGIN = 34; // room for the letters, the numbers and, nearer the map, the entry arrows
const ARROW = 11; // how far outside the edge an entry arrow sits
const AREA_FILL = { red: "#c98f83", black: "#9a9a9a", yellow: "#d9c27a", white: "#d8dcd6" };
const SQUAD = { R: "#b3261e", K: "#222", Y: "#e0b000" };
const SQUAD_TEXT = { R: "#fff", K: "#fff", Y: "#222" };

export function spaceName(row, col) {
  return `${String.fromCharCode(97 + col)}${row + 1}`;
}

export function parseSpace(name) {
  const col = name.charCodeAt(0) - 97;
  const row = Number(name.slice(1)) - 1;
  return { row, col };
}

/** The centre of a space in the SVG's coordinates. */
export function centre(name) {
  const { row, col } = parseSpace(name);
  return { x: MARGIN + col * CELL + CELL / 2, y: MARGIN + row * CELL + CELL / 2 };
}

/** Where an entry's arrow points from: just outside the edge by its target space. */
export function entryPoint(map, id) {
  const [, space] = map.entries[id];
  const { row, col } = parseSpace(space);
  const c = centre(space);
  if (col === 0) return { x: MARGIN - ARROW, y: c.y, dir: "e" };
  if (col === map.width - 1) return { x: MARGIN + map.width * CELL + ARROW, y: c.y, dir: "w" };
  if (row === 0) return { x: c.x, y: MARGIN - ARROW, dir: "s" };
  return { x: c.x, y: MARGIN + map.height * CELL + ARROW, dir: "n" };
}

function cells(map) {
  const out = [];
  map.grid.forEach((line, row) => line.split(/\s+/).forEach((token, col) => out.push({ token, row, col, name: spaceName(row, col) })));
  return out;
}

const AREA = { R: "red", K: "black", Y: "yellow", W: "white" };

/** Builds the static layers once per map: spaces, edges, labels, marks, entries. */
function build(svg, map, onSpace, onHover) {
  svg.replaceChildren();
  const width = MARGIN * 2 + map.width * CELL;
  const height = MARGIN * 2 + map.height * CELL;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.dataset.map = map.id;
  const ground = s("g", { class: "ground" });
  const fog = s("g", { class: "fog" });
  const marks = s("g", { class: "marks" });
  const edges = s("g", { class: "edges" });
  const hot = s("g", { class: "hot" });
  const figures = s("g", { class: "figures" });
  const hits = s("g", { class: "hits" });
  for (const { token, row, col, name } of cells(map)) {
    const x = MARGIN + col * CELL;
    const y = MARGIN + row * CELL;
    const area = AREA[token[0]] || "white";
    const type = token[1];
    ground.append(s("rect", { x, y, width: CELL, height: CELL, fill: AREA_FILL[area], class: "space-bg" }));
    if (type === "I") ground.append(s("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, class: "t-building" }));
    if (type === "^") ground.append(s("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, class: "t-high" }));
    if (type === "~") ground.append(s("rect", { x, y, width: CELL, height: CELL, class: "t-water" }));
    if (type === "#") ground.append(s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, class: "t-wall" }));
    if (type === ":") for (const [dx, dy] of [[10, 10], [30, 10], [20, 20], [10, 30], [30, 30]]) ground.append(s("circle", { cx: x + dx, cy: y + dy, r: 1.8, class: "t-difficult" }));
    fog.append(s("rect", { x, y, width: CELL, height: CELL, class: "fog-cell", dataset: { space: name } }));
    hot.append(s("rect", { x, y, width: CELL, height: CELL, class: "space", dataset: { space: name, area, type } }));
  }
  for (const [number, space] of Object.entries(map.objectives || {})) {
    // in the space's corner, so that a figure standing on it never hides it (a defender
    // there stands aside, toward the opposite corner: drawMap)
    const c = centre(space);
    const x = c.x - CELL / 2 + 8;
    const y = c.y - CELL / 2 + 8;
    marks.append(s("g", { class: "objective", dataset: { objective: number, space } },
      s("circle", { cx: x, cy: y, r: 7, class: "objective-ring" }),
      s("text", { x, y: y + 5, class: "objective-number", text: number }),
      s("rect", { x: c.x + CELL / 2 - 12, y: c.y - CELL / 2 + 3, width: 9, height: 9, class: "trace-cube" })));
  }
  for (const [colour, space] of Object.entries(map.crosses || {})) {
    // in the bottom-left corner: a defender standing on its cross keeps its label readable
    const c = centre(space);
    marks.append(s("text", { x: c.x - CELL / 2 + 6, y: c.y + CELL / 2, class: `cross cross-${colour}`, dataset: { space }, text: "✠" }));
  }
  const edge = (a, b, kind) => {
    const p = parseSpace(a);
    const q = parseSpace(b);
    const horizontal = p.row === q.row; // neighbours in a row: the edge is vertical
    const x = MARGIN + Math.max(p.col, q.col) * CELL;
    const y = MARGIN + Math.max(p.row, q.row) * CELL;
    const cx = horizontal ? x : MARGIN + p.col * CELL + CELL / 2;
    const cy = horizontal ? MARGIN + p.row * CELL + CELL / 2 : y;
    const along = horizontal ? { x1: cx, y1: cy - 12, x2: cx, y2: cy + 12 } : { x1: cx - 12, y1: cy, x2: cx + 12, y2: cy };
    if (kind === "door") return s("line", { ...along, class: "door", dataset: { edge: `${a}-${b}` } });
    const g = s("g", { class: "ladder", dataset: { edge: `${a}-${b}` } });
    for (const off of [-5, 5]) {
      g.append(horizontal
        ? s("line", { x1: cx - 9, y1: cy + off, x2: cx + 9, y2: cy + off })
        : s("line", { x1: cx + off, y1: cy - 9, x2: cx + off, y2: cy + 9 }));
    }
    for (const off of [-6, 0, 6]) {
      g.append(horizontal
        ? s("line", { x1: cx + off, y1: cy - 5, x2: cx + off, y2: cy + 5 })
        : s("line", { x1: cx - 5, y1: cy + off, x2: cx + 5, y2: cy + off }));
    }
    return g;
  };
  for (const [a, b] of map.doors || []) edges.append(edge(a, b, "door"));
  for (const [a, b] of map.ladders || []) edges.append(edge(a, b, "ladder"));
  const labels = s("g", { class: "labels" });
  for (let col = 0; col < map.width; col += 1) labels.append(s("text", { x: MARGIN + col * CELL + CELL / 2, y: 16, text: String.fromCharCode(97 + col) }));
  for (let row = 0; row < map.height; row += 1) labels.append(s("text", { x: 11, y: MARGIN + row * CELL + CELL / 2 + 6, text: String(row + 1) }));
  const entries = s("g", { class: "entries" });
  for (const id of Object.keys(map.entries || {})) {
    const p = entryPoint(map, id);
    const rot = { e: 0, w: 180, s: 90, n: 270 }[p.dir];
    entries.append(s("g", { class: "entry", dataset: { entry: id, area: map.entries[id][0] }, transform: `translate(${p.x} ${p.y}) rotate(${rot})` },
      s("rect", { x: -11, y: -11, width: 22, height: 22, class: "entry-hit" }),
      s("path", { d: "M -8 -7 L 8 0 L -8 7 Z", class: `entry-arrow area-${map.entries[id][0]}` })));
  }
  svg.append(ground, fog, edges, labels, entries, hot, figures, marks, hits);
  // one listener per map reads the space or entry under the pointer
  const target = (event) => {
    const el = event.target.closest("[data-space], [data-entry], [data-figure]");
    if (!el) return null;
    return el.dataset.figure ? { figure: el.dataset.figure, space: el.dataset.at } : { space: el.dataset.space || null, entry: el.dataset.entry || null };
  };
  svg.addEventListener("click", (event) => { const hit = target(event); if (hit) svg.__onSpace(hit); });
  svg.addEventListener("pointerover", (event) => svg.__onHover(target(event)));
  svg.addEventListener("pointerleave", () => svg.__onHover(null));
  svg.__layers = { fog, marks, hot, figures, hits, entries };
  svg.__figures = new Map();
  svg.__onSpace = onSpace;
  svg.__onHover = onHover;
}

/** Puts a figure at `transform`: one that was hidden (or never placed) appears there at once,
 * with no slide from where it was (or from the map's corner); one on the map glides. */
function place(g, transform, appearing) {
  if (!appearing) {
    g.setAttribute("transform", transform);
    return;
  }
  g.style.transition = "opacity 0.35s"; // the fade in stays, the move is not animated
  g.setAttribute("transform", transform);
  g.getBoundingClientRect(); // the new place takes effect before the transition returns
  g.style.transition = "";
}

function figure(svg, id) {
  let g = svg.__figures.get(id);
  if (!g) {
    const squad = id[0];
    g = id === "sniper"
      ? s("g", { class: "figure sniper", dataset: { figure: "sniper" } },
        s("circle", { r: 14, class: "sniper-body" }),
        s("circle", { r: 8, class: "sniper-ring" }),
        s("line", { x1: -17, y1: 0, x2: 17, y2: 0, class: "sniper-cross" }),
        s("line", { x1: 0, y1: -17, x2: 0, y2: 17, class: "sniper-cross" }))
      : s("g", { class: `figure defender squad-${squad}`, dataset: { figure: id } },
        s("circle", { r: 17, fill: SQUAD[squad], class: "defender-body" }),
        s("text", { y: 7, fill: SQUAD_TEXT[squad], class: "defender-id", text: id }));
    svg.__layers.figures.append(g);
    svg.__figures.set(id, g);
  }
  return g;
}

/**
 * Draws the map for a view. opts: {defenders (id -> space, overriding the view's, for an
 * animation step), sniper, highlights: {space: "move" | "move-hit" | "target" | "place" | "use"},
 * costs: {space: why its move costs a hit (the tooltip)}, entries:
 * Set of entry ids to offer, selected (a defender id), badges: {space: text}, flash: space,
 * onSpace({space, entry, figure}), onHover(same | null)}.
 */
export function drawMap(svg, view, opts = {}) {
  const map = view.map;
  if (!map) return;
  if (svg.dataset.map !== map.id || !svg.__layers) build(svg, map, opts.onSpace || (() => {}), opts.onHover || (() => {}));
  svg.__onSpace = opts.onSpace || (() => {});
  svg.__onHover = opts.onHover || (() => {});
  const { fog, marks, hot, hits, entries } = svg.__layers;
  const seen = new Set(view.visible || []);
  const sniper = opts.sniper !== undefined ? opts.sniper : view.sniper;
  const onBoard = sniper && !(map.entries || {})[sniper];
  for (const cell of fog.children) cell.classList.toggle("lit", !onBoard || seen.has(cell.dataset.space));
  const mine = new Map((view.objectives || []).map((o) => [o.space, o]));
  const probable = new Set((view.probable || []).map(String));
  for (const g of marks.querySelectorAll(".objective")) {
    const own = mine.get(g.dataset.space);
    g.classList.toggle("mine", Boolean(own && !own.completed));
    g.classList.toggle("completed", Boolean(own && own.completed));
    g.classList.toggle("probable", probable.has(g.dataset.objective));
  }
  const highlights = opts.highlights || {};
  const costs = opts.costs || {};
  for (const cell of hot.children) {
    const kind = highlights[cell.dataset.space] || "";
    const classes = kind === "move-hit" ? ["hl-move", "hl-hit"] : kind ? [`hl-${kind}`] : [];
    cell.setAttribute("class", ["space", ...classes].join(" "));
    const why = kind === "move-hit" ? costs[cell.dataset.space] || "" : "";
    let title = cell.querySelector("title");
    if (why && !title) title = cell.appendChild(s("title", {}));
    if (title && title.textContent !== why) title.textContent = why;
    if (title && !why) title.remove();
  }
  for (const g of entries.children) {
    g.classList.toggle("offered", Boolean(opts.entries && opts.entries.has(g.dataset.entry)));
    g.classList.toggle("at", sniper === g.dataset.entry);
  }
  const defenders = opts.defenders || view.defenders || {};
  const inSight = new Set((view.in_sight || []).map((e) => e.defender));
  const objectives = new Set(Object.values(map.objectives || {}));
  for (const [id, space] of Object.entries(defenders)) {
    const g = figure(svg, id);
    const appearing = g.classList.contains("gone") || !g.hasAttribute("transform");
    g.dataset.at = space || "";
    g.classList.toggle("gone", !space);
    g.classList.toggle("in-sight", inSight.has(id) && Boolean(opts.targets && opts.targets.has(id)));
    g.classList.toggle("selected", opts.selected === id);
    if (space) {
      const c = centre(space);
      // aside from the sniper's figure, or from an objective's ring (its number and the
      // defender's label both read whole on a phone: issue 21)
      const aside = (space === sniper && onBoard) || objectives.has(space);
      place(g, `translate(${c.x + (aside ? 8 : 0)} ${c.y + (aside ? 8 : 0)})`, appearing);
    }
  }
  const me = figure(svg, "sniper");
  const appearing = me.classList.contains("gone") || !me.hasAttribute("transform");
  me.classList.toggle("gone", !sniper);
  if (sniper) {
    const at = onBoard ? centre(sniper) : entryPoint(map, sniper);
    const shared = onBoard && Object.values(defenders).includes(sniper);
    place(me, `translate(${at.x - (shared ? 8 : 0)} ${at.y - (shared ? 8 : 0)})${onBoard ? "" : " scale(0.7)"}`, appearing);
    me.dataset.at = onBoard ? sniper : "";
  }
  hits.replaceChildren();
  // the "!" first: a shot's odds badge above a space stays readable over it
  for (const [space, why] of Object.entries(opts.costs || {})) {
    if (highlights[space] !== "move-hit") continue;
    const c = centre(space);
    const x = c.x + CELL / 2 - 8;
    const y = c.y + CELL / 2 - 8;
    hits.append(s("g", { class: "cost-mark", dataset: { space } }, s("title", { text: why }),
      s("circle", { cx: x, cy: y, r: 7 }), s("text", { x, y: y + 4.5, text: "!" })));
  }
  for (const [space, text] of Object.entries(opts.badges || {})) {
    const c = centre(space);
    hits.append(s("g", { class: "badge" }, s("rect", { x: c.x - 23, y: c.y - 40, width: 46, height: 21, rx: 5 }), s("text", { x: c.x, y: c.y - 24, text })));
  }
  if (opts.flash) {
    const c = centre(opts.flash);
    hits.append(s("circle", { cx: c.x, cy: c.y, r: 18, class: "flash" }));
  }
}
