// The battlefield as SVG, in inches (viewBox): the table, its scenery with names, every model's
// base coloured by side with its unit's id, wounds left on a wounded model, and for a selected
// unit its rings (Move, 3", 12", missile ranges, GEO-3: measured from the base's edge), the enemy
// units it sees or has in range, and the ghost of a dragged move. The viewer's own side is at the
// bottom (side A stands at low y: the table is flipped for seat 1).
import { s } from "../../dom.js";

const MARGIN = 1; // inches round the table, so that a base on the edge is whole

/** The models of a unit on the table. */
export function onTable(unit) {
  return unit.models.filter((m) => m.status === "table" && m.at);
}

/** The centre of a unit's models on the table. */
export function centroid(unit) {
  const models = onTable(unit);
  const n = Math.max(1, models.length);
  return [models.reduce((a, m) => a + m.at[0], 0) / n, models.reduce((a, m) => a + m.at[1], 0) / n];
}

/** The models' ways in a path action ("charge-move" suggestions and the like: `move B1 m1 x,y
 * x,y x,y; m2 x,y x,y`, geometry/paths.py): [{ n, points }] with each model's number in its
 * unit (m1 is the first) and the points of its way, start first. */
export function pathsOf(action) {
  const out = [];
  for (const part of action.split(";")) {
    const words = part.trim().split(/\s+/);
    const at = words.findIndex((w) => /^m\d+$/.test(w));
    if (at < 0) continue;
    const points = words.slice(at + 1).map((w) => w.split(",").map(Number)).filter((p) => p.length === 2 && p.every(Number.isFinite));
    if (points.length) out.push({ n: Number(words[at].slice(1)), points });
  }
  return out;
}

export function createTable(svg) {
  const zoom = { k: 1, cx: null, cy: null };
  let size = [48, 48];
  let flip = false;
  const layers = {};
  for (const name of ["ground", "scenery", "rings", "units", "ghost"]) {
    layers[name] = s("g", { class: `layer-${name}` });
    svg.append(layers[name]);
  }
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");

  const fy = (y) => (flip ? size[1] - y : y); // table y to drawn y (and back: it is its own inverse)

  function viewBox() {
    const [w, d] = size;
    const fullW = w + 2 * MARGIN, fullH = d + 2 * MARGIN;
    const vw = fullW / zoom.k, vh = fullH / zoom.k;
    const cx = Math.min(Math.max(zoom.cx ?? w / 2, vw / 2 - MARGIN), w + MARGIN - vw / 2);
    const cy = Math.min(Math.max(zoom.cy ?? d / 2, vh / 2 - MARGIN), d + MARGIN - vh / 2);
    zoom.cx = cx;
    zoom.cy = cy;
    svg.setAttribute("viewBox", `${cx - vw / 2} ${cy - vh / 2} ${vw} ${vh}`);
    svg.dataset.zoom = String(zoom.k);
  }

  /** A point of the screen (client pixels) as a table point in inches. */
  function toTable(clientX, clientY) {
    const matrix = svg.getScreenCTM();
    if (!matrix) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
    return [p.x, fy(p.y)];
  }

  /** Zoom by `factor` keeping the table point under (clientX, clientY) where it is. */
  function zoomBy(factor, clientX = null, clientY = null) {
    const before = clientX === null ? null : toTable(clientX, clientY);
    zoom.k = Math.min(8, Math.max(1, zoom.k * factor));
    if (before) {
      viewBox();
      const after = toTable(clientX, clientY);
      zoom.cx += before[0] - after[0];
      zoom.cy += fy(before[1]) - fy(after[1]);
    }
    viewBox();
  }

  /** Move the view by a drag of (dx, dy) screen pixels (the table follows the pointer). */
  function panBy(dx, dy) {
    const matrix = svg.getScreenCTM();
    if (!matrix || zoom.k === 1) return;
    zoom.cx -= dx / matrix.a;
    zoom.cy -= dy / matrix.d;
    viewBox();
  }

  function resetZoom() {
    zoom.k = 1;
    zoom.cx = null;
    zoom.cy = null;
    viewBox();
  }

  function drawGround(view) {
    const [w, d] = size;
    // each side's territory faintly (GEO-12: the adapter's polygons)
    const halves = Object.entries(view.territories || {}).map(([side, polygon]) =>
      s("polygon", { class: `aos-half half-${side}`, dataset: { territory: side }, points: polygon.map(([x, y]) => `${x},${fy(y)}`).join(" ") }));
    layers.ground.replaceChildren(s("rect", { class: "aos-table", x: 0, y: 0, width: w, height: d, rx: 0.3 }), ...halves);
    layers.scenery.replaceChildren(...(view.features || []).map((f) => {
      const points = f.polygon.map(([x, y]) => `${x},${fy(y)}`).join(" ");
      const [cx, cy] = f.polygon.reduce(([a, b], [x, y]) => [a + x / f.polygon.length, b + y / f.polygon.length], [0, 0]);
      return s("g", { class: "feature", dataset: { feature: f.id } },
        s("polygon", { points }), s("text", { x: cx, y: fy(cy), class: "feature-name", text: f.name }), s("title", { text: f.name }));
    }));
  }

  function drawUnits(view, opts) {
    const stats = view.unit_stats || {};
    const groups = [];
    for (const unit of view.units) {
      const models = onTable(unit);
      if (!models.length) continue;
      const look = opts.looks[unit.id] || "";
      const most = (stats[unit.id] || {}).wounds || 0;
      const g = s("g", { class: ["unit", `side-${unit.side}`, look, opts.selected === unit.id ? "selected" : "", opts.movable === unit.id ? "movable" : ""], dataset: { unit: unit.id } });
      models.forEach((m) => {
        const number = unit.models.indexOf(m) + 1;
        const wounded = most && m.wounds_left < most;
        g.append(s("circle", { class: ["base", wounded ? "wounded" : "", m.general ? "general" : ""], cx: m.at[0], cy: fy(m.at[1]), r: m.r, dataset: { unit: unit.id, model: m.id, n: number } }));
        if (wounded) g.append(s("text", { class: "wounds-left", x: m.at[0], y: fy(m.at[1]) + m.r * 0.35, text: String(m.wounds_left) }));
      });
      const [cx, cy] = centroid(unit);
      const top = Math.min(...models.map((m) => fy(m.at[1]) - m.r));
      g.append(s("text", { class: "unit-label", x: cx, y: top - 0.25, text: unit.id }), s("title", { text: `${unit.name} (${unit.id})` }));
      groups.push(g);
    }
    layers.units.replaceChildren(...groups);
  }

  /** Rings round every model of the selected unit: `rings` = [{radius, kind}] from the edge. */
  function drawRings(unit, rings) {
    if (!unit) return layers.rings.replaceChildren();
    const out = [];
    for (const { radius, kind } of rings) {
      const g = s("g", { class: `ring ring-${kind}`, dataset: { ring: kind, radius } });
      for (const m of onTable(unit)) g.append(s("circle", { cx: m.at[0], cy: fy(m.at[1]), r: m.r + radius }));
      out.push(g);
    }
    layers.rings.replaceChildren(...out);
  }

  /** A dragged move: each model's path and where its base would end; `state` is checking,
   * legal or illegal. */
  function drawGhost(unit, vector, state) {
    if (!unit || !vector) return layers.ghost.replaceChildren();
    const g = s("g", { class: ["ghost", state], dataset: { state } });
    for (const m of onTable(unit)) {
      const [x, y] = m.at;
      const [tx, ty] = [x + vector[0], y + vector[1]];
      g.append(s("line", { x1: x, y1: fy(y), x2: tx, y2: fy(ty) }), s("circle", { cx: tx, cy: fy(ty), r: m.r }));
    }
    layers.ghost.replaceChildren(g);
  }

  /** The engine's suggested path for a unit (a choice's action), shown before it is chosen:
   * each model's way as a line through its points and its base where the way ends. */
  function drawPath(unit, action) {
    if (!unit || !action) return layers.ghost.replaceChildren();
    const g = s("g", { class: ["ghost", "suggested"], dataset: { state: "suggested", action } });
    for (const { n, points } of pathsOf(action)) {
      const model = unit.models[n - 1];
      if (!model) continue;
      const [x, y] = points[points.length - 1];
      g.append(s("polyline", { points: points.map(([px, py]) => `${px},${fy(py)}`).join(" ") }), s("circle", { cx: x, cy: fy(y), r: model.r }));
    }
    layers.ghost.replaceChildren(g);
  }

  return {
    zoomBy,
    panBy,
    resetZoom,
    toTable,
    drawGhost,
    drawPath,
    zoom,
    draw(view, opts) {
      const changed = size[0] !== view.table[0] || size[1] !== view.table[1] || flip !== Boolean(opts.flip);
      size = view.table;
      flip = Boolean(opts.flip);
      if (changed || !svg.getAttribute("viewBox")) {
        svg.style.aspectRatio = `${size[0] + 2 * MARGIN} / ${size[1] + 2 * MARGIN}`; // no empty bands
        viewBox();
      }
      drawGround(view);
      drawUnits(view, opts);
      drawRings(opts.ringUnit, opts.rings || []);
    },
  };
}
