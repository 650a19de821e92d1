// The Age of Sigmar game screen (issue 22, point 4 "Play"): the table (table.js) with zoom
// buttons, the wheel and a two-finger pinch; the prompt with the decision point's buttons (the
// adapter's `choices`) and the exact odds beside each attack (the calculator) and charge (the
// game's `reach` analysis); the dragged or tapped move previewed by the engine before it is
// played; a text field for any action; the latest dice; the selected unit; the log.
//
// A drag translates every model by the drag vector along a straight path (the text the engine
// reads: `move A1 m1 x,y x,y; m2 ...`), front models first so that none walks through another;
// the engine's preview colours it green or red with the violation's words (its rule in the
// tooltip); released while legal, it is played. On a touch screen a tap on the table after
// selecting the unit is the destination of its centre, confirmed with a button.
import { h, s } from "../../dom.js";
import { renderLog, resultBox } from "../../log.js";
import { waitingPrompt } from "../../parts.js";
import { centroid, createTable, onTable, pathsOf } from "./table.js";
import { decimal, percent, sideOfSeat, sideWord, t } from "./text.js";
import { DICE_KINDS, actionLabel, attackOdds, describeEvent, learnNames, stepWord, violationWords } from "./words.js";

const PREVIEW_MS = 90; // a drag asks the engine at most this often
const PATH_STEPS = new Set(["movement", "run-move", "charge-move", "pile-in"]);
const PATH_VERBS = new Set(["move", "retreat", "pile-in"]);
const RULES = { "first-turn": "AOS-4.1", hero: "AOS-5.3", movement: "AOS-6", "run-move": "AOS-6.5", "charge-move": "AOS-8.3", shooting: "AOS-7", charge: "AOS-8", combat: "AOS-9.2", "pile-in": "AOS-9.3", attack: "AOS-9.3" };

const fmt = (x) => Number(x).toFixed(3);

/** The action text of `unit` translated by `vector` (inches), each model along a straight
 * path, the models furthest along the vector first (GEO-10: one at a time). */
export function translation(verb, unit, vector) {
  const [vx, vy] = vector;
  const models = unit.models.map((m, i) => ({ m, n: i + 1 })).filter(({ m }) => m.status === "table" && m.at);
  models.sort((a, b) => (b.m.at[0] * vx + b.m.at[1] * vy) - (a.m.at[0] * vx + a.m.at[1] * vy) || a.n - b.n);
  const body = models.map(({ m, n }) => `m${n} ${fmt(m.at[0])},${fmt(m.at[1])} ${fmt(m.at[0] + vx)},${fmt(m.at[1] + vy)}`).join("; ");
  return `${verb} ${unit.id} ${body}`;
}

export function mountAgeOfSigmar(root, session, ctx) {
  const live = session.st;
  const st = { selected: null, drag: null, verdict: null, gone: false, touch: false, pointers: new Map(), pinch: null, reach: null, animated: -1, timer: null };
  const svg = s("svg", { id: "aos-table", role: "img", "aria-label": "table" });
  const table = createTable(svg);
  const els = {
    turnLine: h("div", { class: "turn-line", id: "turn-line" }),
    zoom: h("div", { class: "zoom-buttons" }),
    prompt: h("div", { id: "prompt", class: "prompt", "aria-live": "polite" }),
    move: h("div", { id: "move-line", class: "move-line", "aria-live": "polite" }),
    dice: h("div", { id: "dice", class: "dice-box" }),
    unit: h("div", { id: "unit-box", class: "unit-box" }),
    text: h("div", { id: "text-box", class: "text-box" }),
    legend: h("div", { class: "legend-box", id: "legend" }),
    logTitle: h("h3"),
    log: h("ol", { id: "log", class: "log" }),
  };
  const screen = h("section", { class: "game aos", id: "game", dataset: { game: live.id } },
    h("div", { class: "board-col" }, h("div", { class: "board-head" }, els.turnLine, els.zoom), h("div", { class: "table-wrap" }, svg), els.move, els.legend),
    h("aside", { class: "side" }, els.prompt, els.dice, els.unit, els.text, h("div", { class: "log-box" }, els.logTitle, els.log)));
  root.append(screen);

  const view = () => live.view;
  const over = () => Boolean(live.game && live.game.outcome);
  const myTurn = () => Boolean(live.view && live.seat && live.game && live.game.to_move === live.seat && !over());
  const canAct = () => myTurn() && !live.busy && live.connected !== false;
  const mySide = () => sideOfSeat(live.seat);
  const unitById = (id) => (view().units || []).find((u) => u.id === id) || null;
  const play = (action) => {
    if (!canAct()) return null;
    st.drag = null;
    st.verdict = null;
    return session.play(action);
  };

  /** The unit that may be moved now, if it is `id` (AOS-6.1, AOS-6.5, AOS-8.3, AOS-9.3). */
  function movable(id) {
    const v = view();
    if (!canAct() || !PATH_STEPS.has(v.step)) return false;
    const unit = unitById(id);
    if (!unit || unit.side !== v.active && v.step !== "pile-in") return false;
    if (v.step === "movement") return unit.side === mySide() && !unit.moved && onTable(unit).length > 0;
    return v.unit === id;
  }

  /** The verb of a path action for the unit now: a retreat from within 3" (AOS-6.4). */
  function pathVerb(id) {
    const v = view();
    if (v.step === "pile-in") return "pile-in";
    if (v.step !== "movement" && v.step !== "run-move") return "move";
    const near = (v.sight || []).some((p) => p.unit === id && p.distance <= 3);
    return near ? "retreat" : "move";
  }

  // -- the dragged or tapped move ------------------------------------------------------------
  function askPreview() {
    clearTimeout(st.timer);
    st.timer = setTimeout(async () => {
      const drag = st.drag;
      if (!drag) return;
      const text = translation(pathVerb(drag.unit), unitById(drag.unit), drag.vector);
      if (drag.text === text && st.verdict && st.verdict.text === text) return;
      drag.text = text;
      st.verdict = { text, state: "checking" };
      drawMove();
      const answer = await session.preview(text);
      if (!answer || st.gone || !st.drag || st.drag.text !== text) return;
      if (answer.error) st.verdict = { text, state: "illegal", message: answer.error, rule: answer.rule };
      else if (answer.legal) st.verdict = { text, state: "legal" };
      else st.verdict = { text, state: "illegal", message: violationWords(answer.violation, unitById), rule: answer.violation.rule, code: answer.violation.code };
      drawMove();
      if (st.verdict.state === "legal" && drag.released && !drag.tapped) play(text);
    }, PREVIEW_MS);
  }

  function drawMove() {
    const drag = st.drag;
    const unit = drag && unitById(drag.unit);
    const state = st.verdict && drag && st.verdict.text === drag.text ? st.verdict.state : "checking";
    table.drawGhost(unit, drag && drag.vector, state);
    const box = els.move;
    box.replaceChildren();
    box.dataset.state = drag ? state : "";
    if (!drag) {
      const id = st.selected;
      if (id && movable(id)) box.append(h("span", { class: "muted", text: t("drag.hint", { unit: id }) }));
      return;
    }
    const distance = Math.hypot(...drag.vector);
    if (state === "checking") box.append(h("span", { text: t("drag.checking") }));
    else if (state === "legal") box.append(h("span", { class: "verdict legal", text: t("drag.legal", { distance: decimal(distance) }) }));
    else box.append(h("span", { class: "verdict illegal", title: st.verdict.rule ? t("result.rule", { rule: st.verdict.rule }) : null, dataset: { rule: st.verdict.rule || "", code: st.verdict.code || "" }, text: t("drag.illegal", { message: st.verdict.message }) }));
    if (drag.tapped || (drag.released && state !== "checking")) {
      if (state === "legal") box.append(h("button", { type: "button", class: "primary", id: "confirm-move", disabled: !canAct(), onClick: () => play(drag.text), text: t("button.confirm_move") }));
      box.append(h("button", { type: "button", id: "cancel-move", onClick: () => { st.drag = null; st.verdict = null; drawMove(); }, text: t("button.cancel") }));
    }
  }

  /** The unit with a model whose base is within `limit` inches of `point`, the nearest. */
  function nearestUnit(point, limit) {
    let best = null;
    let gap = limit;
    for (const unit of view().units || []) {
      for (const m of onTable(unit)) {
        const d = Math.hypot(m.at[0] - point[0], m.at[1] - point[1]) - m.r;
        if (d <= gap) [best, gap] = [unit.id, d];
      }
    }
    return best;
  }

  // -- pointers: select, drag, tap, pinch -------------------------------------------------------
  svg.addEventListener("pointerdown", (e) => {
    st.touch = e.pointerType === "touch";
    st.pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (st.pointers.size === 2) { // a pinch: no drag
      const [a, b] = [...st.pointers.values()];
      st.pinch = { distance: Math.hypot(a[0] - b[0], a[1] - b[1]) };
      if (st.drag && !st.drag.released) st.drag = null;
      drawMove();
      return;
    }
    const point = table.toTable(e.clientX, e.clientY);
    const hit = e.target.closest && e.target.closest("[data-unit]");
    const id = hit ? hit.dataset.unit : null;
    if (id && movable(id) && !st.touch) { // a mouse drags a unit it may move at once
      svg.setPointerCapture(e.pointerId);
      if (st.selected !== id) {
        st.selected = id;
        render();
      }
      st.drag = { unit: id, start: point, vector: [0, 0], released: false, moved: false, text: null };
      e.preventDefault();
      return;
    }
    if (!id && !st.touch) svg.setPointerCapture(e.pointerId); // a drag on the table pans it
    st.down = { id, point, x: e.clientX, y: e.clientY, panned: false };
  });
  svg.addEventListener("pointermove", (e) => {
    if (st.pointers.has(e.pointerId)) st.pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (st.pinch && st.pointers.size === 2) {
      const [a, b] = [...st.pointers.values()];
      const distance = Math.hypot(a[0] - b[0], a[1] - b[1]);
      const middle = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      if (st.pinch.middle) table.panBy(middle[0] - st.pinch.middle[0], middle[1] - st.pinch.middle[1]);
      if (st.pinch.distance > 0) table.zoomBy(distance / st.pinch.distance, middle[0], middle[1]);
      Object.assign(st.pinch, { distance, middle });
      return;
    }
    const down = st.down;
    if (down && !down.id && !st.touch && (down.panned || Math.hypot(e.clientX - down.x, e.clientY - down.y) > 4)) {
      table.panBy(e.clientX - (down.lastX ?? down.x), e.clientY - (down.lastY ?? down.y));
      Object.assign(down, { panned: true, lastX: e.clientX, lastY: e.clientY });
      return;
    }
    const drag = st.drag;
    if (!drag || drag.released || drag.tapped) return;
    const point = table.toTable(e.clientX, e.clientY);
    if (!point) return;
    drag.vector = [point[0] - drag.start[0], point[1] - drag.start[1]];
    drag.moved = drag.moved || Math.hypot(...drag.vector) > 0.05;
    if (drag.moved) {
      drawMove();
      askPreview();
    }
  });
  const release = (e) => {
    st.pointers.delete(e.pointerId);
    if (st.pinch) {
      if (st.pointers.size < 2) st.pinch = null;
      st.down = null;
      return;
    }
    const drag = st.drag;
    if (drag && !drag.released && !drag.tapped) {
      if (!drag.moved) { // a click on the selected unit: nothing to move
        st.drag = null;
        return render();
      }
      drag.released = true;
      if (st.verdict && st.verdict.text === drag.text && st.verdict.state === "legal") return play(drag.text);
      drawMove();
      return;
    }
    const down = st.down;
    st.down = null;
    if (!down || down.panned || e.type === "pointercancel") return;
    // a finger is wider than a small base: a tap within 1.5" of a model selects its unit
    // (unless it gives the selected unit a destination)
    if (!down.id && down.point && !(st.selected && movable(st.selected))) down.id = nearestUnit(down.point, 1.5);
    if (down.id) { // a unit: select it (again: let go)
      st.selected = st.selected === down.id && !movable(down.id) ? null : down.id; // tap again: let go
      st.drag = null;
      st.verdict = null;
      return render();
    }
    // the table: where the selected unit should go (its centre), to be confirmed
    if (st.selected && movable(st.selected) && down.point) {
      const unit = unitById(st.selected);
      const [cx, cy] = centroid(unit);
      st.drag = { unit: unit.id, start: [cx, cy], vector: [down.point[0] - cx, down.point[1] - cy], released: true, tapped: true, moved: true, text: null };
      drawMove();
      askPreview();
    }
  };
  svg.addEventListener("pointerup", release);
  svg.addEventListener("pointercancel", release);
  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    table.zoomBy(e.deltaY < 0 ? 1.25 : 0.8, e.clientX, e.clientY);
  }, { passive: false });

  // -- drawing ---------------------------------------------------------------------------------
  /** The rings of the selected unit and the looks of the enemy units it sees or reaches. */
  function tableOptions() {
    const v = view();
    const looks = {};
    const unit = st.selected ? unitById(st.selected) : null;
    const rings = [];
    if (unit) {
      const stats = (v.unit_stats || {})[unit.id] || {};
      // how far it may go now: Move, Move + the run roll (AOS-6.5), the charge roll (AOS-8.2),
      // 3" for a pile-in (AOS-9.3)
      const reach = { "run-move": stats.move + (unit.run_roll || 0), "charge-move": unit.charge_roll || 0, "pile-in": 3 }[v.step] ?? stats.move;
      if (stats.move !== undefined && movable(unit.id)) rings.push({ radius: reach, kind: "move" });
      rings.push({ radius: 3, kind: "three" }, { radius: 12, kind: "twelve" });
      for (const w of stats.missile || []) if (w.range !== 12 && w.range !== 3) rings.push({ radius: w.range, kind: "range" });
      for (const pair of v.sight || []) {
        if (pair.unit !== unit.id) continue;
        looks[pair.target] = pair.in_range.length ? "in-range" : pair.visible ? "visible" : "";
      }
    }
    return { flip: live.seat === 1, selected: st.selected, movable: st.selected && movable(st.selected) ? st.selected : null, looks, ringUnit: unit, rings };
  }

  function drawZoom() {
    if (els.zoom.childElementCount) return;
    const button = (label, text, go) => h("button", { type: "button", class: "small zoom", title: text, "aria-label": text, dataset: { zoom: label }, onClick: go, text: label });
    els.zoom.append(button("+", t("button.zoom_in"), () => table.zoomBy(1.5)), button("−", t("button.zoom_out"), () => table.zoomBy(1 / 1.5)), button("⤢", t("button.zoom_reset"), () => table.resetZoom()));
  }

  /** The charge odds of the game's `reach` analysis (AOS-8.2), asked once a version. */
  function chargeOdds() {
    const v = view();
    if (v.step !== "charge" || !myTurn() || !(live.analyses || []).includes("reach")) return null;
    if (!st.reach || st.reach.version !== live.version) {
      const version = live.version;
      st.reach = { version, pairs: null };
      session.analysis("reach").then((data) => {
        if (st.reach && st.reach.version === version) {
          st.reach.pairs = ((data && data.result) || {}).pairs || [];
          render();
        }
      }, () => { if (st.reach && st.reach.version === version) st.reach.pairs = []; });
    }
    return st.reach.pairs;
  }

  function promptWords(v) {
    const unit = v.unit ? unitById(v.unit) : null;
    const roll = unit ? (v.step === "run-move" ? unit.run_roll : unit.charge_roll) : null;
    const key = `prompt.${v.step}`;
    const held = v.allocation || {}; // the owner's casualties (AOS-10.2, AOS-12.2)
    const text = t(key, { unit: held.unit || v.unit || "", roll: roll ?? "?", n: held.pool ?? held.count ?? 0 });
    return text === key ? t("prompt.other") : text;
  }

  function drawPrompt() {
    const v = view();
    const box = els.prompt;
    box.replaceChildren();
    let mode;
    if (over()) {
      mode = "over";
      box.append(...resultBox(ctx.mod, live.game.outcome, { ...ctx, game: live.game, seat: live.seat }),
        h("div", { class: "buttons" },
          h("a", { class: "button primary", href: `#/replay/${live.id}`, dataset: { action: "replay" }, text: t("button.replay") }),
          h("a", { class: "button", href: "#/", text: t("button.new_game") })));
    } else if ((mode = waitingPrompt(box, session, t))) {
      // watching, the other side deciding, or the dice rolling
    } else {
      mode = "mine";
      const rule = RULES[v.step];
      box.append(h("p", { class: "strong", title: rule ? t("result.rule", { rule }) : null, text: promptWords(v) }));
      const list = h("div", { class: "choices" });
      const charges = chargeOdds();
      for (const action of v.choices || []) {
        const verb = action.split(" ")[0];
        const button = h("button", { type: "button", class: ["action", verb === "done" ? "" : "primary"], dataset: { action }, disabled: !canAct(), onClick: () => play(action), text: actionLabel(action) });
        let odds = "";
        if (verb === "shoot" || verb === "attack") odds = attackOdds((v.odds || {})[action], percent);
        if (verb === "charge") {
          const unit = action.split(" ")[1];
          if (charges === null) odds = (live.analyses || []).includes("reach") ? t("odds.asking") : "";
          else {
            const best = charges.filter((p) => p.unit === unit && p.charge_probability > 0).sort((a, b) => b.charge_probability - a.charge_probability);
            odds = best.length ? best.slice(0, 2).map((p) => t("odds.charge", { p: percent(p.charge_probability), target: p.target })).join(" · ") : t("odds.charge_none");
          }
        }
        const target = verb === "shoot" || verb === "attack" ? action.split(" ")[3] : null;
        // a suggested way (a move, retreat, charge move or pile-in) is drawn before it is chosen
        const way = PATH_VERBS.has(verb) && pathsOf(action).length ? unitById(action.split(" ")[1]) : null;
        const show = (on) => {
          if (target) highlight(target, on);
          if (way && !st.drag) on ? table.drawPath(way, action) : table.drawGhost(null);
        };
        if (way) {
          button.addEventListener("focus", () => show(true));
          button.addEventListener("blur", () => show(false));
        }
        list.append(h("div", { class: ["choice", odds ? "with-odds" : ""], dataset: { target: target || "" },
          onMouseenter: () => show(true), onMouseleave: () => show(false) },
        button, odds ? h("span", { class: "odds muted small", dataset: { odds: action }, text: odds }) : null));
      }
      box.append(list);
    }
    box.dataset.mode = mode;
    box.dataset.step = v.step;
    box.dataset.version = String(live.version);
    box.classList.toggle("mine", mode === "mine");
  }

  function highlight(target, on) {
    for (const g of svg.querySelectorAll(`g.unit[data-unit="${target}"]`)) g.classList.toggle("aimed", on);
  }

  /** The latest dice of the log, the newest rolling in once. */
  function drawDice() {
    const box = els.dice;
    const rolls = [];
    for (const entry of live.log) {
      if (!entry) continue;
      for (const event of entry.events) if (DICE_KINDS.has(event.kind)) rolls.push({ event, index: entry.index });
    }
    const last = rolls.slice(-4);
    box.replaceChildren(h("h3", { text: t("dice.title") }));
    if (!last.length) return box.append(h("p", { class: "muted small", text: t("dice.none") }));
    const newest = last[last.length - 1].index;
    const row = h("div", { class: "dice-row" });
    for (const { event, index } of last) {
      const faces = event.kind === "roll-off" ? [event.a, event.b] : ["charge-roll", "cast-roll", "unbind-roll", "scenery-roll"].includes(event.kind) ? [event.dice] : event.kind === "attack-roll" ? [] : [event.die];
      const fresh = index === newest && index > st.animated;
      const purpose = event.kind === "roll-off" && event.for ? `dice.roll-off.${event.for}` : null; // territory, landscapes, scenery
      const key = purpose && t(purpose) !== purpose ? purpose : `dice.${event.kind}`;
      const words = event.kind === "attack-roll" ? t("dice.attack-roll", { step: stepWord(event.step), counts: (event.counts || []).join("/") }) : t(key, event);
      row.append(h("div", { class: ["roll", fresh ? "rolling" : ""], dataset: { kind: event.kind, index }, title: event.kind === "attack-roll" ? t("dice.attack-roll.title") : null },
        ...faces.map((f) => h("span", { class: "die", text: String(f) })), h("span", { class: "small", text: words })));
    }
    st.animated = Math.max(st.animated, newest);
    box.append(row);
  }

  function drawUnit() {
    const box = els.unit;
    const unit = st.selected ? unitById(st.selected) : null;
    if (!unit) return box.replaceChildren(h("p", { class: "muted small", text: t("unit.none") }));
    const stats = (view().unit_stats || {})[unit.id] || {};
    const models = onTable(unit);
    const flags = ["moved", "ran", "retreated", "charged", "shot", "fought"].filter((f) => unit[f]).map((f) => t(`flag.${f}`));
    const wounds = models.reduce((a, m) => a + m.wounds_left, 0);
    box.replaceChildren(...[
      h("p", { class: ["strong", `side-${unit.side}`], text: t("unit.line", { name: unit.name, id: unit.id, models: t("unit.models", { n: models.length }), move: decimal(stats.move ?? 0) }) }),
      h("p", { class: "small", text: [t("unit.wounds", { n: wounds }), ...(stats.missile || []).map((w) => t("unit.missile", { weapon: w.name, range: decimal(w.range) }))].join(" · ") }),
      flags.length ? h("p", { class: "muted small", text: t("unit.flags", { flags: flags.join(", ") }) }) : null,
    ].filter(Boolean));
  }

  /** Any action as text, previewed as it is typed (the fallback for everything). */
  const typing = { input: null, verdict: h("span", { class: "text-verdict small" }), timer: null };
  function drawText() {
    if (!typing.input) {
      typing.input = h("input", { type: "text", id: "action-text", maxLength: 8000, autocomplete: "off", spellcheck: false });
      typing.input.addEventListener("input", () => {
        clearTimeout(typing.timer);
        typing.timer = setTimeout(async () => {
          const text = typing.input.value.trim();
          typing.verdict.textContent = "";
          if (!text || !myTurn()) return;
          const answer = await session.preview(text);
          if (!answer || typing.input.value.trim() !== text) return;
          const bad = answer.error ? { message: answer.error, rule: answer.rule } : answer.legal ? null : answer.violation;
          typing.verdict.dataset.state = bad ? "illegal" : "legal";
          typing.verdict.title = bad && bad.rule ? t("result.rule", { rule: bad.rule }) : "";
          typing.verdict.dataset.code = (bad && bad.code) || "";
          typing.verdict.textContent = bad ? t("text.illegal", { message: violationWords(bad, unitById) }) : t("text.legal");
        }, 200);
      });
      const form = h("form", { class: "text-form", onSubmit: (e) => {
        e.preventDefault();
        const text = typing.input.value.trim();
        if (text && canAct()) { play(text); typing.input.value = ""; typing.verdict.textContent = ""; }
      } }, h("label", { for: "action-text", class: "small muted", text: t("text.label") }), h("div", { class: "text-row" }, typing.input, h("button", { type: "submit", id: "play-text", text: t("button.play_text") })), typing.verdict);
      els.text.append(form);
    }
    typing.input.placeholder = t("text.hint");
    typing.input.disabled = !myTurn();
  }

  function drawLegend() {
    const item = (cls, text) => h("span", { class: "legend-item" }, h("span", { class: `key ${cls}` }), h("span", { text }));
    els.legend.replaceChildren(item("k-A", sideWord("A")), item("k-B", sideWord("B")), item("k-move", t("legend.move")), item("k-three", t("legend.three")), item("k-twelve", t("legend.twelve")), item("k-range", t("legend.range")), item("k-visible", t("legend.visible")), item("k-in-range", t("legend.in_range")));
  }

  function render() {
    if (!live.view || st.gone) return;
    const v = view();
    if (st.selected && !unitById(st.selected)) st.selected = null;
    learnNames(v.units);
    screen.dataset.version = String(live.version);
    screen.dataset.seat = live.seat ? String(live.seat) : "";
    screen.dataset.step = v.step || "";
    screen.dataset.status = over() ? "over" : live.game.status;
    screen.classList.toggle("offline", live.connected === false);
    els.turnLine.textContent = over() ? t("turn.over", { round: v.round }) : v.phase === "set-up" ? t("turn.setup")
      : v.phase === "priority" || v.step === "first-turn" ? t("turn.priority", { round: v.round, max: v.max_rounds })
      : t("turn.line", { round: v.round, max: v.max_rounds, side: sideWord(v.active), phase: t(`phase.${v.phase}`) });
    drawZoom();
    table.draw(v, tableOptions());
    svg.dataset.selected = st.selected || "";
    drawMove();
    drawPrompt();
    drawDice();
    drawUnit();
    drawText();
    drawLegend();
    els.logTitle.textContent = t("panel.log");
    renderLog(els.log, live.log.filter(Boolean), ctx.mod, { ...ctx, game: live.game, seat: live.seat });
    document.title = `${myTurn() ? "● " : ""}${t("app.title")} — bitva`;
  }

  return {
    render,
    onUpdate() {
      st.drag = null;
      st.verdict = null;
      return null;
    },
    unmount() {
      st.gone = true;
      clearTimeout(st.timer);
    },
  };
}
