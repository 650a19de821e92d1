// The Sniper Elite game screen: the SVG map (map.js), the "now" line that narrates the
// defenders' turn step by step while their figures move, the shot box (the chance to hit for
// each number of tokens, shown before anything is drawn), the prompt with the question and its
// buttons, the panel (health, bag, last known area, objectives, order board, equipment) and the
// log.
//
// Click a green space to move there, a ringed defender to aim at it (then a number of tokens),
// an arrow at the edge to enter. Nothing the pointer does moves the map: the head line, the now
// line and the shot box have fixed heights, the map's nodes are kept across redraws, and on a
// narrow screen everything else sits below the map. A touch screen never previews: a tap aims.
import { h, sleep } from "../../dom.js";
import { renderLog, resultBox } from "../../log.js";
import { waitingPrompt } from "../../parts.js";
import { drawMap } from "./map.js";
import { areaName, cardName, cardShort, cardText, cardTitle, entryWords, percent, remember, rememberCards, roundOf, t } from "./text.js";
import { describeEvent, markEvents, rewardWords, useWords } from "./words.js";

const STEP_MS = 420; // one narrated step of an animated turn
const TURN_MS = 3200; // at most this long for one update's steps
const RULES = { bottom: "SE-4.9", entry: "SE-4.10", turn: "SE-6.1", reward: "SE-6.5", keep: "SE-6.6", place: "SE-7.8" };
const SHOWN = new Set(["sniper-moved", "sniper-turn", "shot", "tokens-drawn", "defenders-turn", "order-die", "order-resolved", "order-step", "found", "attack", "defender-moved", "defender-placed", "defender-removed", "defender-returns", "hit", "wounded", "lka", "objective-completed"]);

/** The legal actions (their texts) sorted by what a click does. */
export function legalMoves(legal) {
  const m = { move: new Map(), shoot: new Map(), enter: new Map(), place: new Map(), use: new Map(), buttons: [] };
  for (const action of legal || []) {
    const [verb, a, b] = action.split(" ");
    if (verb === "move") {
      const best = m.move.get(a);
      if (!best || Number(b) < Number(best.split(" ")[2])) m.move.set(a, action);
    } else if (verb === "shoot") {
      if (!m.shoot.has(a)) m.shoot.set(a, []);
      m.shoot.get(a).push({ k: Number(b), action });
    } else if (verb === "enter") m.enter.set(a, action);
    else if (verb === "place") m.place.set(a, action);
    else if (verb === "use") {
      if (!m.use.has(a)) m.use.set(a, []);
      m.use.get(a).push({ param: action.split(" ").slice(2).join(" "), action });
    } else m.buttons.push(action);
  }
  return m;
}

/** SE-6.4: the spaces whose move (the fewest steps, as a click plays it) costs a hit, each with
 * why in words ({space: "c7: 2 steps inside the last known area are seen: you take a hit."}). */
export function costlyMoves(view, m) {
  const out = {};
  for (const move of view.moves || []) {
    const action = m.move.get(move.to);
    if (!move.hits || action !== `move ${move.to} ${move.steps}`) continue;
    out[move.to] = t(move.lka ? "cost.loud" : "cost.seen", { space: move.to, n: Number(move.steps) });
  }
  return out;
}

/** A button's words for an action text. */
export function actionLabel(view, action) {
  const [verb, ...rest] = action.split(" ");
  switch (verb) {
    case "end": return t("button.end");
    case "loot": return t("button.loot");
    case "complete": return t("button.complete");
    case "reward": return rewardWords(rest.join(" "));
    case "keep": return t("button.keep", { card: cardName(rest[0]), short: cardShort(rest[0]) });
    case "bottom": return t("button.bottom", { number: rest[0] });
    case "enter": return t("button.enter", entryWords(rest[0], view.map) || { area: rest[0], edge: "?", space: "?" });
    case "place": return t("button.place", { space: rest[0] });
    case "use": return rest.length > 1 ? useWords(rest[0], rest.slice(1).join(" ")) : t("button.use", { card: cardName(rest[0]) });
    default: return action;
  }
}

function hitOf(view, defender) {
  return ((view.in_sight || []).find((e) => e.defender === defender) || {});
}

export function mountSniperElite(root, session, ctx) {
  const live = session.st;
  rememberCards(ctx);
  const st = { selected: null, card: null, hover: null, anim: null, gone: false, touch: false };
  const els = {
    turnLine: h("div", { class: "turn-line", id: "turn-line" }),
    map: document.createElementNS("http://www.w3.org/2000/svg", "svg"),
    now: h("div", { class: "now-line", id: "now-line", "aria-live": "polite" }),
    shot: h("div", { class: "shot-box", id: "shot-box" }),
    prompt: h("div", { id: "prompt", class: "prompt", "aria-live": "polite" }),
    panel: h("div", { class: "se-panel", id: "se-panel" }),
    legend: h("div", { class: "legend-box", id: "legend" }),
    logTitle: h("h3"),
    log: h("ol", { id: "log", class: "log" }),
  };
  els.map.id = "se-map";
  els.map.setAttribute("role", "img");
  els.map.setAttribute("aria-label", "map");
  els.map.addEventListener("pointerdown", (e) => { st.touch = e.pointerType === "touch"; });
  const dock = h("div", { class: "dock", id: "dock" }, els.shot, els.prompt);
  const screen = h("section", { class: "game se", id: "game", dataset: { game: live.id } },
    h("div", { class: "map-col" }, h("div", { class: "map-head" }, els.turnLine), els.now, h("div", { class: "map-wrap" }, els.map), els.legend),
    h("aside", { class: "side" }, dock, els.panel, h("div", { class: "log-box" }, els.logTitle, els.log)));
  root.append(screen);
  const docked = typeof ResizeObserver === "function"
    ? new ResizeObserver(() => screen.style.setProperty("--dock-height", `${dock.offsetHeight}px`))
    : null;
  if (docked) docked.observe(dock);

  const over = () => Boolean(live.game && live.game.outcome);
  const myTurn = () => Boolean(live.view && live.seat && live.game && live.game.to_move === live.seat && !over());
  const canAct = () => myTurn() && !live.busy && live.connected !== false && !st.anim;
  const moves = () => legalMoves(myTurn() ? live.legal : []);
  const play = (action) => { if (!canAct()) return null; st.selected = null; st.card = null; return session.play(action); };

  /** A new version: its steps told one by one on the map (the defenders' turn, a shot's
   * noise), the figures moving as the events say, before the next version is shown. */
  function onUpdate(message, { before, fast }) {
    st.selected = null;
    st.card = null;
    const events = markEvents(message.steps.flatMap((step) => step.events)).filter((e) => SHOWN.has(e.kind));
    if (fast || !before || !before.defenders || !events.length) return null;
    const frame = { defenders: { ...before.defenders }, sniper: before.sniper, caption: "", flash: null, view: before, turn: before.turn, phase: before.phase };
    st.anim = frame;
    const pause = Math.max(140, Math.min(STEP_MS, TURN_MS / events.length)); // a long turn goes faster
    let chain = Promise.resolve();
    for (const event of events) {
      chain = chain.then(() => {
        if (st.gone) return null;
        if (event.kind === "defender-moved" || event.kind === "defender-placed") frame.defenders = { ...frame.defenders, [event.defender]: event.to };
        if (event.kind === "defender-removed") frame.defenders = { ...frame.defenders, [event.defender]: null };
        if (event.kind === "sniper-moved") frame.sniper = event.to;
        // the head line follows the story: the defenders' turn while it is told, then the next
        if (event.kind === "defenders-turn") frame.phase = "defenders";
        if (event.kind === "sniper-turn") Object.assign(frame, { phase: "sniper", turn: event.turn });
        const onSniper = ["hit", "found", "attack", "wounded"].includes(event.kind);
        frame.flash = onSniper && frame.sniper && !(before.map.entries || {})[frame.sniper] ? frame.sniper : null;
        frame.caption = describeEvent(event) || "";
        frame.kind = event.kind;
        render();
        return sleep(pause);
      });
    }
    return chain.then(() => { st.anim = null; });
  }

  // -- clicks ----------------------------------------------------------------------------------
  function clickMap(hit) {
    if (!canAct() || !hit) return;
    const m = moves();
    if (hit.entry && m.enter.has(hit.entry)) return play(m.enter.get(hit.entry));
    if (hit.figure && m.shoot.has(hit.figure)) {
      st.selected = st.selected === hit.figure ? null : hit.figure;
      return render();
    }
    const space = hit.space;
    if (!space) return;
    if (st.card) {
      const use = (m.use.get(st.card) || []).find((u) => u.param === space);
      if (use) return play(use.action);
    }
    if (m.place.has(space)) return play(m.place.get(space));
    if (m.move.has(space)) return play(m.move.get(space));
    const standing = Object.entries(live.view.defenders || {}).find(([id, at]) => at === space && m.shoot.has(id));
    if (standing) {
      st.selected = st.selected === standing[0] ? null : standing[0];
      render();
    }
  }

  function hoverMap(hit) {
    if (st.touch) return;
    const id = hit && (hit.figure || null);
    if (id === st.hover) return;
    st.hover = id;
    drawShot();
  }

  // -- drawing ---------------------------------------------------------------------------------
  function drawTheMap() {
    const view = st.anim ? { ...live.view, ...st.anim.view, defenders: st.anim.defenders } : live.view;
    const m = st.anim ? legalMoves([]) : moves();
    const highlights = {};
    const costs = st.anim ? {} : costlyMoves(view, m);
    for (const space of m.move.keys()) highlights[space] = costs[space] ? "move-hit" : "move";
    for (const space of m.place.keys()) highlights[space] = "place";
    if (st.card) for (const { param } of m.use.get(st.card) || []) if (/^[a-n]\d+$/.test(param)) highlights[param] = "use";
    const targets = new Set(m.shoot.keys());
    const badges = {};
    for (const id of targets) {
      const space = (view.defenders || {})[id];
      const odds = (hitOf(view, id).hit || []);
      if (space && odds.length) badges[space] = percent(Math.max(...odds));
    }
    drawMap(els.map, view, {
      defenders: view.defenders, sniper: st.anim ? st.anim.sniper : view.sniper, highlights, targets,
      entries: new Set(m.enter.keys()), selected: st.selected, badges, costs, flash: st.anim ? st.anim.flash : null,
      onSpace: clickMap, onHover: hoverMap,
    });
    els.map.dataset.targets = [...targets].join(" ");
  }

  function drawNow() {
    const text = st.anim ? st.anim.caption : "";
    els.now.textContent = text || "\u00a0";
    els.now.classList.toggle("active", Boolean(text));
    els.now.dataset.kind = st.anim ? st.anim.kind || "" : "";
  }

  /** The shot being aimed (or pointed at): the chance to hit for each number of tokens, as
   * buttons; the tokens drawn by the last shot while it is resolved. */
  function drawShot() {
    const view = live.view;
    const box = els.shot;
    box.replaceChildren();
    const m = moves();
    const id = st.selected || (st.hover && m.shoot.has(st.hover) ? st.hover : null);
    box.dataset.target = st.selected || "";
    if (!id || st.anim) {
      if (m.shoot.size && !st.anim && !st.touch) box.append(h("p", { class: "muted small", text: t("prompt.shoot_hint") }));
      // the box keeps its place on a wide screen: say why it is empty rather than leave a blank
      else if (!st.anim && !st.touch && myTurn() && live.view.decision === "turn" && !(view.in_sight || []).length) box.append(h("p", { class: "muted small", text: t("prompt.no_target") }));
      return;
    }
    const entry = hitOf(view, id);
    const odds = entry.hit || [];
    box.append(h("p", { class: "strong", title: t("result.rule", { rule: "SE-6.5" }), text: t("prompt.shoot", { target: id, range: entry.range ?? "?" }) }));
    const options = (m.shoot.get(id) || []).filter(({ k }) => (odds[k - 1] || 0) > 0);
    if (!options.length) box.append(h("p", { class: "muted small", text: t("prompt.no_chance") }));
    const shown = options.length ? options : (m.shoot.get(id) || []).slice(0, 1);
    const best = Math.max(0, ...odds);
    const row = h("div", { class: "tokens" });
    for (const { k, action } of shown) {
      const p = odds[k - 1] || 0;
      row.append(h("button", {
        type: "button", class: ["action", "token-button", p === best && p > 0 ? "best" : ""], dataset: { action, tokens: k },
        title: t("button.tokens", { n: k, p: percent(p) }), "aria-label": t("button.tokens", { n: k, p: percent(p) }),
        disabled: !st.selected || !canAct(), onClick: () => play(action),
      }, h("span", { class: "count", text: t("button.tokens_n", { n: k }) }), h("span", { class: "chance", text: percent(p) })));
    }
    box.append(row);
  }

  function promptWords(view) {
    const entries = (view.map && view.map.entries) || {};
    if (view.decision === "turn" && entries[view.sniper]) return t("prompt.turn_first");
    // SE-7.8: the returning defender by name, and the iron cross a figure stands on
    const returning = view.decision === "place" && view.pending && view.pending.defender;
    const cross = returning && ((view.map && view.map.crosses) || {})[{ R: "red", K: "black", Y: "yellow" }[returning[0]]];
    if (returning && cross) return t("prompt.place_named", { defender: returning, cross });
    const key = `prompt.${view.decision}`;
    const text = t(key);
    return text === key ? view.decision : text;
  }

  function button(label, action, kind = "", title = null) {
    return h("button", { type: "button", class: ["action", kind], dataset: { action }, title, disabled: !canAct(), onClick: () => play(action), text: label });
  }

  function drawPrompt() {
    const view = live.view;
    const box = els.prompt;
    box.replaceChildren();
    let mode;
    if (over()) {
      mode = "over";
      box.append(...resultBox(ctx.mod, live.game.outcome, { ...ctx, game: live.game, seat: live.seat }),
        h("div", { class: "buttons" },
          h("a", { class: "button primary", href: `#/replay/${live.id}`, dataset: { action: "replay" }, text: t("button.replay") }),
          h("a", { class: "button", href: "#/", text: t("button.new_game") })));
    } else if (st.anim) {
      mode = "animating";
      box.append(h("p", { class: "waiting-line" }, h("span", { class: "spinner" }), t("prompt.defenders")));
    } else if ((mode = waitingPrompt(box, session, t))) {
      // watching, or the rules are resolving chance
    } else {
      mode = "mine";
      const m = moves();
      const rule = RULES[view.decision];
      box.append(h("p", { class: "strong", title: rule ? t("result.rule", { rule }) : null, text: promptWords(view) }));
      const buttons = h("div", { class: "buttons" });
      if (view.decision === "entry") for (const [, action] of m.enter) buttons.append(button(actionLabel(view, action), action, "primary"));
      if (view.decision === "place") for (const [, action] of m.place) buttons.append(button(actionLabel(view, action), action, "primary"));
      for (const [card, uses] of m.use) {
        if (uses.length === 1 && !uses[0].param) buttons.append(button(actionLabel(view, uses[0].action), uses[0].action, "", cardTitle(card)));
        else buttons.append(h("button", { type: "button", class: ["action", st.card === card ? "primary" : ""], dataset: { card }, title: cardTitle(card), disabled: !canAct(), onClick: () => { st.card = st.card === card ? null : card; render(); }, text: t("button.use", { card: cardName(card) }) }));
      }
      if (st.card) for (const { param, action } of m.use.get(st.card) || []) if (!/^[a-n]\d+$/.test(param)) buttons.append(button(actionLabel(view, action), action, "primary"));
      for (const action of m.buttons) {
        const [verb, card] = action.split(" ");
        buttons.append(button(actionLabel(view, action), action, action === "end" ? "" : "primary", verb === "keep" ? cardTitle(card) : null));
      }
      // a card in use (its spaces lit on the map) says what it does
      if (st.card) {
        const onMap = (m.use.get(st.card) || []).some(({ param }) => /^[a-n]\d+$/.test(param));
        box.append(h("p", { class: "muted small card-help", text: `${cardText(st.card)}${onMap ? ` ${t("prompt.card_space")}` : ""}` }));
      }
      box.append(buttons);
    }
    box.dataset.mode = mode;
    box.dataset.decision = view.decision;
    box.dataset.version = String(live.version);
    box.classList.toggle("mine", mode === "mine");
  }

  function drawPanel() {
    const view = st.anim ? { ...live.view, ...st.anim.view } : live.view;
    const health = String(view.health || "");
    const chips = h("span", { class: "chips", id: "health" }, ...[...health].map((k) => h("span", { class: `chip tok-${k}`, dataset: { token: k }, title: t(`token.${k}`, { n: 1 }), text: t(`chip.${k}`) })));
    const bag = view.bag || {};
    const bagText = ["A", "N", "R", "S"].filter((k) => bag[k] || k !== "S").map((k) => t(`bag.${k}`, { n: bag[k] || 0, count: bag[k] || 0 })).join(" · ");
    const objectives = (view.objectives || []).map((o) => `${t("panel.objective", { number: o.number, space: o.space })}${o.completed ? ` (${t("panel.done")})` : ""}`).join(", ");
    const up = (slot) => slot && slot.face !== "down" && slot.card;
    const slots = (view.order_board || []).map((slot, i) => h("li", { class: ["slot", slot && slot.face === "down" ? "down" : ""], dataset: { slot: i + 1, card: up(slot) || "" }, title: up(slot) ? cardTitle(slot.card) : null },
      h("span", { class: "chevrons", text: "›".repeat(i + 1) }),
      h("span", { class: "card-name", text: !slot ? t("panel.empty") : slot.face === "down" ? t("panel.face_down") : cardName(slot.card) }),
      up(slot) ? h("span", { class: "card-text muted small", text: cardText(slot.card) }) : null));
    const available = (view.equipment || {}).available || [];
    const kit = available.length
      ? h("ul", { class: "kit", id: "equipment" }, ...available.map((card) => h("li", { class: "kit-card", dataset: { card }, title: cardTitle(card) },
        h("span", { class: "card-name", text: cardName(card) }), h("span", { class: "card-short muted small", text: cardShort(card) }))))
      : h("span", { id: "equipment", text: t("panel.none") });
    const row = (label, ...value) => h("div", { class: "row" }, h("span", { class: "label", text: label }), h("span", { class: "value" }, ...value));
    els.panel.replaceChildren(
      row(t("panel.health"), chips, h("span", { class: "muted small", text: ` ${t("panel.health_count", { n: health.length })} · ${t(view.wounded ? "panel.wounded" : "panel.unwounded")}` })),
      row(t("panel.bag"), h("span", { id: "bag", text: bagText })),
      row("", h("span", { class: "muted small", text: t("panel.hits", { n: Number(view.hits_this_turn || 0), cap: view.hit_cap || 3 }) })),
      // SE-4.10: the entry sets the first last known area; during the set-up there is none
      row(t("panel.lka"), view.turn ? h("span", { id: "lka", class: `area-word area-${view.lka}`, text: areaName(view.lka) }) : h("span", { id: "lka", class: "muted", text: t("panel.lka_none") })),
      row(t("panel.probable"), h("span", { id: "probable", text: (view.probable || []).join(" ") || t("panel.none") })),
      view.objectives ? row(t("panel.objectives"), h("span", { id: "objectives", text: objectives })) : null,
      row(t("panel.orders"), h("ol", { class: "order-board", id: "order-board" }, ...slots), h("span", { class: "muted small", text: t("panel.deck", { n: Number(view.order_deck || 0) }) })),
      row(t("panel.equipment"), kit),
    );
  }

  function drawLegend() {
    if (els.legend.dataset.lang === t("legend.sniper")) return;
    els.legend.dataset.lang = t("legend.sniper");
    const item = (cls, text) => h("span", { class: "legend-item" }, h("span", { class: `key ${cls}` }), h("span", { text }));
    // the health chips as the panel draws them (their letters differ by language)
    const chip = (k) => h("span", { class: "legend-item" }, h("span", { class: `chip tok-${k}`, text: t(`chip.${k}`) }), h("span", { text: t(`legend.chip_${k}`) }));
    els.legend.replaceChildren(item("k-sniper", t("legend.sniper")), item("k-defender", t("legend.defender")), item("k-seen", t("legend.seen")),
      item("k-move", t("legend.move")), item("k-move-hit", t("legend.move_hit")),
      item("k-objective", t("legend.objective")), item("k-probable", t("legend.probable")), item("k-cross", t("legend.cross")),
      item("k-door", t("legend.door")), item("k-ladder", t("legend.ladder")), chip("N"), chip("R"), chip("S"),
      h("span", { class: "legend-item muted", text: t("legend.types") }));
  }

  function render() {
    if (!live.view || st.gone) return;
    const view = live.view;
    remember(view);
    screen.dataset.version = String(live.version);
    screen.dataset.seat = live.seat ? String(live.seat) : "";
    screen.dataset.decision = view.decision || "";
    screen.dataset.status = over() ? "over" : st.anim ? "animating" : live.game.status;
    screen.classList.toggle("offline", live.connected === false);
    const told = st.anim || view; // while a turn is told, the head line says whose it is
    const step = t(`step.${told.phase === "defenders" ? "defenders" : "sniper"}`);
    const round = roundOf(told.turn);
    els.turnLine.textContent = over() ? t("turn.over", { turn: round }) : view.turn ? t("turn.line", { turn: round, step }) : t("turn.setup", { step });
    drawTheMap();
    drawNow();
    drawShot();
    drawPrompt();
    drawPanel();
    drawLegend();
    els.logTitle.textContent = t("panel.log");
    renderLog(els.log, live.log.filter(Boolean), ctx.mod, { ...ctx, game: live.game, seat: live.seat });
    document.title = `${myTurn() ? "● " : ""}${t("app.title")} — bitva`;
  }

  return {
    render,
    onUpdate,
    unmount() {
      st.gone = true;
      if (docked) docked.disconnect();
    },
  };
}
