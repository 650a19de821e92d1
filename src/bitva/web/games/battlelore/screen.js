// The BattleLore game screen: the SVG board, the players' strips, the battle box (the attack, its
// odds before the roll, the dice as rolled), the prompt with the question of the decision and its
// buttons, the hand, the details of what the pointer is on, and the log.
//
// Click a unit, then a highlighted hex (a move, a retreat step) or a red target (an attack, with
// its odds on the target before anything is rolled); cards of the hand are chosen, then played.
// Nothing the pointer does moves the board: the battle box and the prompt have fixed heights, the
// hexes are kept across redraws, and on a narrow screen the prompt and the hand sit in a dock
// fixed to the bottom of the screen. A touch screen never previews: a tap chooses.
import { h, sleep } from "../../dom.js";
import { renderLog, resultBox } from "../../log.js";
import { waitingPrompt } from "../../parts.js";
import { seatLabel } from "../../words.js";
import { drawBoard } from "./board.js";
import { actionLabel, legalMoves } from "./moves.js";
import { battleBox, details, handView, legend, oddsText, playerStrip } from "./panels.js";
import { cardName, cardText, percent, remember, t, unitName } from "./text.js";

const ROLL_MS = 900;
// the decisions before the first turn, each asked of one seat (BL-14.6, BL-14.3, BL-9.3)
const SETUP = new Set(["council", "keep-lore", "landmark"]);
const HEX_WORD = /\b[A-M][1-9]\b/g;

/** The hexes a text names ("Attack from K3 to K7" -> ["K3", "K7"]), each once. */
export function hexesIn(text) {
  return [...new Set(String(text || "").match(HEX_WORD) || [])];
}

const sameFaces = (a, b) => Array.isArray(a) && Array.isArray(b) && a.length > 0 && a.join() === b.join();
const ANIM_MS = 500; // a move slides, an eliminated unit fades
// the rule of each decision, for the prompt's tooltip (docs/battlelore.md)
const RULES = {
  council: "BL-14.6", "keep-lore": "BL-14.3", command: "BL-2.1", react: "BL-13.3", order: "BL-2.2",
  move: "BL-3", battle: "BL-4", spider: "BL-11.6", flags: "BL-6.3", retreat: "BL-6.5",
  "battle-back": "BL-7.1", "take-ground": "BL-7.2", pursue: "BL-7.3", bonus: "BL-7.4",
  "draw-keep": "BL-15.1", refill: "BL-15.2", discard: "BL-14.5", "lore-units": "BL-13.4",
};

export function mountBattleLore(root, session, ctx) {
  const live = session.st;
  const st = { anim: null, selected: null, aim: null, card: null, council: null, hover: null, hoverCard: null, dice: null, flip: null, gone: false, passed: -1, spoken: null, spokenBy: null };

  const hand = handView({ onPick: pickCard, onHover: (card) => { st.hoverCard = card; drawInfo(); } });
  const els = {
    turnLine: h("div", { class: "turn-line", id: "turn-line" }),
    piles: h("div", { class: "piles muted small", id: "piles" }),
    flip: h("button", { type: "button", class: "ghost small", id: "flip", onClick: () => { st.flip = !flipped(); render(); } }),
    board: document.createElementNS("http://www.w3.org/2000/svg", "svg"),
    top: h("div", { class: "strip-top" }),
    bottom: h("div", { class: "strip-bottom" }),
    battle: h("div", { class: "battle-box", id: "battle-box", "aria-live": "polite" }),
    prompt: h("div", { id: "prompt", class: "prompt", "aria-live": "polite" }),
    handBox: null,
    handTitle: h("h3", { class: "hand-title" }),
    info: h("div", { id: "unit-info", class: "card-info" }),
    legend: h("div", { class: "legend-box" }),
    logTitle: h("h3"),
    log: h("ol", { id: "log", class: "log" }),
  };
  els.board.id = "board";
  // a log line or the prompt, pointed at or tapped, shows on the board the hexes it names (a
  // second tap hides them); a phone's board is small and every line speaks in hexes
  const lineOf = (event) => (event.target.closest ? event.target.closest("li, p") : null);
  const speak = (line, how) => {
    const key = (line ? hexesIn(line.textContent) : []).join(" ") || null;
    if (how === "tap" && key && key === st.spoken && st.spokenBy === "tap") st.spoken = null;
    else [st.spoken, st.spokenBy] = [key, how];
    drawTheBoard();
  };
  for (const box of [els.log, els.prompt]) {
    box.addEventListener("click", (event) => speak(lineOf(event), "tap"));
    box.addEventListener("pointerover", (event) => { if (event.pointerType !== "touch") speak(lineOf(event), "point"); });
    box.addEventListener("pointerleave", (event) => {
      if (event.pointerType === "touch" || st.spokenBy !== "point") return;
      st.spoken = null;
      drawTheBoard();
    });
  }
  els.board.setAttribute("role", "img");
  els.board.setAttribute("aria-label", "board");
  els.handBox = h("div", { class: "hand-box", id: "hand-box" }, els.handTitle, hand.element);
  const dock = h("div", { class: "dock", id: "dock" }, els.battle, els.prompt, els.handBox);
  const screen = h("section", { class: "game bl", id: "game", dataset: { game: live.id } },
    h("div", { class: "board-col" },
      h("div", { class: "board-head" }, els.turnLine, els.piles, els.flip),
      els.top, h("div", { class: "board-wrap" }, els.board), els.bottom, els.legend),
    h("aside", { class: "side" }, dock, els.info, h("div", { class: "log-box" }, els.logTitle, els.log)),
  );
  root.append(screen);
  const docked = typeof ResizeObserver === "function"
    ? new ResizeObserver(() => screen.style.setProperty("--dock-height", `${dock.offsetHeight}px`))
    : null;
  if (docked) docked.observe(dock);

  const flipped = () => (st.flip === null ? live.seat === 2 : st.flip);
  const over = () => Boolean(live.view && (live.view.winner || (live.game && live.game.outcome)));
  const myTurn = () => Boolean(live.view && live.seat && live.game && live.game.to_move === live.seat && !over());
  const canAct = () => myTurn() && !live.busy && live.connected !== false;
  const moves = () => legalMoves(myTurn() ? live.legal : []);
  const units = () => new Map((live.view.units || []).map((u) => [u.hex, u]));
  const play = (action) => (canAct() ? session.play(action) : null);

  /** A new version: its dice roll before the next one is shown. */
  function onUpdate(message, { before, fast }) {
    st.selected = null;
    st.aim = null;
    st.card = null;
    st.council = null;
    st.spoken = null;
    const events = message.steps.flatMap((step) => step.events);
    st.anim = fast ? null : animationOf(events, before);
    const at = events.findLastIndex((e) => e.kind === "rolled" && Array.isArray(e.faces) && e.faces.length);
    if (fast || at < 0) return st.anim ? sleep(ANIM_MS).then(() => { st.anim = null; }) : null;
    // the attack the dice were rolled for: the last declared before them (BL-4.4)
    const declared = events.slice(0, at).findLast((e) => e.kind === "melee" || e.kind === "ranged");
    const battle = declared ? { attacker: declared.attacker, target: declared.target, kind: declared.kind } : null;
    st.dice = { faces: events[at].faces, rolling: true, battle };
    return sleep(ROLL_MS).then(() => {
      st.dice = { ...st.dice, rolling: false };
      render();
      return sleep(ROLL_MS / 2);
    }).then(() => { st.dice = null; st.anim = null; });
  }

  /** What the last update did on the board: the units that moved (moves, retreats, pursuits,
   * ground taken) and the units eliminated, as they stood before it. */
  let animations = 0;
  function animationOf(events, before) {
    const moves = events.filter((e) => ["moved", "retreated", "pursued", "took-ground"].includes(e.kind) && e.from && e.to).map((e) => ({ from: e.from, to: e.to }));
    const gone = new Set(events.filter((e) => e.kind === "eliminated" || e.kind === "critical").map((e) => e.hex));
    const dying = ((before && before.units) || []).filter((u) => gone.has(u.hex));
    if (!moves.length && !dying.length) return null;
    animations += 1;
    return { id: animations, moves, dying };
  }

  /** The odds of an attack before it is rolled: the server sends them with the view of the
   * seat about to battle (the game's "odds" analysis: dice, hit_chance, p_eliminated). */
  function oddsOf(attacker, target) {
    const odds = live.view && live.view.odds;
    return (odds || []).find((b) => b.attacker === attacker && b.target === target) || null;
  }

  // -- what a click does ---------------------------------------------------------------------
  /** A click on a hex; `touch`: by a finger, where a first tap on a target shows its odds
   * (a pointer shows them on hover) and a second tap, or the prompt's button, attacks. */
  function clickHex(hex, touch = false) {
    if (!canAct()) return;
    const m = moves();
    const decision = live.view.decision;
    const aimed = st.card && (m.lore.get(st.card) || []).find((a) => a.split(" ")[2] === hex);
    if (aimed) return play(aimed); // a Lore card aimed at a hex or a unit (BL-13.4)
    if (m.order.has(hex)) {
      const actions = m.order.get(hex);
      if (actions.length === 1) return play(actions[0]);
      st.selected = hex;
    } else if (m.steps.has(hex)) {
      return play(m.steps.get(hex));
    } else if (decision === "move" || decision === "battle" || decision === "bonus") {
      const choices = decision === "move" ? m.move : m.battle;
      const from = st.selected || (choices.size === 1 ? [...choices.keys()][0] : null);
      const chosen = from && (choices.get(from) || []).find((c) => c.to === hex);
      if (chosen && touch && decision !== "move" && st.aim !== hex) {
        st.aim = hex;
        return render();
      }
      if (chosen) return play(chosen.action);
      st.selected = choices.has(hex) && st.selected !== hex ? hex : null;
      st.aim = null;
    }
    render();
  }

  function hoverHex(hex) {
    if (hex === st.hover) return;
    st.hover = hex;
    drawTheBoard();
    drawBattle();
    drawInfo();
  }

  function pickCard(card) {
    if (!canAct()) return;
    const m = moves();
    if (!m.play.has(card) && !m.lore.has(card)) return;
    st.card = st.card === card ? null : card;
    render();
  }

  // -- drawing -------------------------------------------------------------------------------
  function boardOptions() {
    const view = live.view;
    const viewerSide = live.seat || 1;
    const opts = { view, flip: flipped(), viewerSide, highlights: {}, badges: {}, selected: st.selected, onHex: clickHex, onHover: hoverHex };
    const m = moves();
    for (const hex of m.order.keys()) opts.highlights[hex] = "orderable";
    for (const hex of m.steps.keys()) opts.highlights[hex] = "dest";
    // a Lore card's units chosen so far (BL-13.4), shown to both sides while it is chosen
    if (view.choosing) for (const hex of view.choosing.hexes || []) opts.highlights[hex] = "actor";
    const decision = view.decision;
    if (decision === "move" || decision === "battle" || decision === "bonus") {
      const choices = decision === "move" ? m.move : m.battle;
      for (const hex of choices.keys()) opts.highlights[hex] = "actor";
      const from = st.selected || (choices.size === 1 ? [...choices.keys()][0] : null);
      if (from) {
        opts.selected = from;
        for (const { to } of choices.get(from) || []) {
          opts.highlights[to] = decision === "move" ? "dest" : "target";
          const odds = decision !== "move" ? oddsOf(from, to) : null;
          if (odds) opts.badges[to] = { text: percent(odds.p_eliminated), kind: odds.p_eliminated >= 0.5 ? "good" : "even" };
        }
      }
    }
    if (st.card) for (const action of m.lore.get(st.card) || []) {
      const target = action.split(" ")[2];
      if (/^[A-M][1-9]$/.test(target || "")) opts.highlights[target] = "target";
    }
    const battle = shownBattle().battle;
    if (battle && battle.attacker) opts.battle = battle;
    if (st.spoken) opts.spoken = st.spoken.split(" ");
    if (st.anim) Object.assign(opts, { anim: st.anim, dying: st.anim.dying });
    return opts;
  }

  function drawTheBoard() {
    if (live.view) drawBoard(els.board, boardOptions());
  }

  /** The attack the battle box shows, and the dice rolled for it: the dice of the last roll
   * only while the view is still at that roll (the same faces), never under an attack declared
   * since (its reaction window); at a battle-back decision (BL-7.1) the battle back that may
   * come, with its odds, not the dice of the attack it answers. */
  function shownBattle() {
    const view = live.view;
    const current = view.battle || null;
    const rolled = st.dice && (!current || sameFaces(current.faces, st.dice.faces));
    if (rolled) return { battle: current || st.dice.battle, dice: st.dice };
    if (current && view.decision === "battle-back" && !over()) {
      const back = { attacker: current.target, target: current.attacker, kind: "melee", back: true, maybe: true };
      return { battle: back, odds: oddsOf(back.attacker, back.target) };
    }
    return { battle: current, dice: null };
  }

  /** The attack being resolved; else the one the pointer is on, with its odds. */
  function drawBattle() {
    const view = live.view;
    const shown = shownBattle();
    let battle = shown.battle;
    let odds = shown.odds || (battle ? oddsOf(battle.attacker, battle.target) : null);
    if (!battle && shown.dice) battle = { attacker: "", target: "", faces: shown.dice.faces, unknown: true };
    // choosing an attack (a bonus attack too, while the battle it follows is still in the view)
    if (!shown.dice && myTurn() && (view.decision === "battle" || view.decision === "bonus")) {
      const m = moves();
      const from = st.selected || (m.battle.size === 1 ? [...m.battle.keys()][0] : null);
      const looking = st.hover || st.aim; // the pointer's target, or the one a finger tapped once
      const target = looking && from && (m.battle.get(from) || []).find((c) => c.to === looking);
      if (target) {
        odds = oddsOf(from, target.to);
        battle = { attacker: from, target: target.to, kind: odds ? odds.kind : "melee" };
      }
    }
    const rolled = shown.dice ? shown.dice.faces : (battle && battle.faces) || [];
    battleBox(els.battle, view, { battle, odds: odds && battle && !rolled.length ? odds : null, dice: shown.dice });
  }

  function button(label, action, kind = "") {
    return h("button", { type: "button", class: ["action", kind], dataset: { action }, disabled: live.busy || live.connected === false, onClick: () => play(action), text: label });
  }

  /** A War Council chosen seat by seat (BL-14.6): a level for each, the total shown, and the
   * button once the levels make a legal council (one of the `council ...` actions). */
  function councilBuilder(view, actions) {
    const SEATS = ["commander", "cleric", "wizard", "rogue", "warrior"];
    const legal = new Map(actions.map((a) => [a, a]));
    const first = actions[0] ? Object.fromEntries(actions[0].split(" ").slice(1).map((p) => p.split("="))) : {};
    st.council = st.council || Object.fromEntries(SEATS.map((seat) => [seat, Number(first[seat] || 0)]));
    const text = () => `council ${SEATS.filter((seat) => st.council[seat]).map((seat) => `${seat}=${st.council[seat]}`).join(" ")}`;
    const go = h("button", { type: "button", class: ["action", "primary"], id: "council-go", text: t("action.council_seat"), onClick: () => play(text()) });
    const total = h("span", { class: "muted small" });
    const sync = () => {
      const action = text();
      go.disabled = !legal.has(action) || live.busy || live.connected === false;
      go.dataset.action = action;
      total.textContent = t("prompt.council_total", { n: SEATS.reduce((sum, seat) => sum + st.council[seat], 0) });
    };
    const rows = SEATS.map((seat) => h("label", { class: "council-seat" }, h("span", { text: t(`council.${seat}`) }),
      h("select", { dataset: { seat }, onChange: (e) => { st.council[seat] = Number(e.target.value); sync(); } },
        ...[0, 1, 2, 3].map((level) => h("option", { value: level, selected: st.council[seat] === level, text: level ? String(level) : "–" })))));
    sync();
    return h("div", { class: "council" }, h("div", { class: "council-seats" }, ...rows), h("div", { class: "council-go" }, go, total));
  }

  function promptWords(view) {
    const u = units();
    const battle = view.battle || {};
    const unitOf = (hex) => (u.get(hex) ? unitName(view, u.get(hex).type) : hex);
    const decision = view.decision;
    const m = moves();
    if ((decision === "move" || decision === "battle" || decision === "bonus") && st.selected) {
      return t(decision === "move" ? "prompt.move_from" : "prompt.battle_from", { unit: unitOf(st.selected), hex: st.selected });
    }
    const defender = ["flags", "retreat", "battle-back"].includes(decision);
    const hex = defender ? battle.target : battle.attacker;
    const stepFrom = decision === "retreat" && m.steps.size ? battle.target : hex;
    if (decision === "keep-lore" && view.keep_lore) { // how many to keep, how many still (BL-14.3)
      return `${t("prompt.keep_lore_n", { n: view.keep_lore.keep })} ${t("prompt.keep_lore_left", { n: view.keep_lore.left })}`;
    }
    if (decision === "lore-units" && view.choosing) { // the units chosen so far (BL-13.4)
      const chosen = view.choosing.hexes.map((at) => `${unitOf(at)} ${at}`).join(", ");
      return t("prompt.lore-units", { card: cardName(view, view.choosing.card), units: chosen });
    }
    if (decision === "react" && view.window) { // what the reaction answers (D-43)
      const said = t(`prompt.react_${view.window}`);
      if (!said.startsWith("prompt.")) return said;
    }
    return t(`prompt.${decision}`, {
      card: view.played && view.played.command ? cardName(view, view.played.command) : "",
      unit: stepFrom ? unitOf(stepFrom) : "", hex: stepFrom || "",
    });
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
    } else if ((mode = waitingPrompt(box, session, t))) {
      // waiting for a friend, watching, or the other side decides
    } else {
      mode = "mine";
      const m = moves();
      const rule = RULES[view.decision];
      box.append(h("p", { class: "strong", title: rule ? t("result.rule", { rule }) : null, text: promptWords(view) }));
      const back = view.decision === "battle-back" && view.battle ? oddsOf(view.battle.target, view.battle.attacker) : null;
      if (back) box.append(h("p", { class: "odds", id: "odds-back", text: oddsText(back) })); // BL-7.1: its odds before the roll
      const buttons = h("div", { class: "buttons" });
      if (st.card) {
        const actions = m.play.has(st.card) ? [m.play.get(st.card)] : m.lore.get(st.card) || [];
        for (const action of actions) buttons.append(button(actionLabel(view, action), action, "primary"));
      }
      const attacker = st.selected || (m.battle.size === 1 ? [...m.battle.keys()][0] : null);
      const aimed = st.aim && attacker && (m.battle.get(attacker) || []).find((c) => c.to === st.aim);
      if (aimed) buttons.append(button(actionLabel(view, aimed.action), aimed.action, "primary"));
      if (st.selected && m.order.has(st.selected)) for (const action of m.order.get(st.selected)) buttons.append(button(actionLabel(view, action), action, "primary"));
      if (view.decision === "council") buttons.append(councilBuilder(view, m.buttons));
      else for (const action of m.buttons) buttons.append(button(actionLabel(view, action), action, action === "done" || action === "pass" ? "" : "primary"));
      box.append(buttons);
      // what the chosen card does, after its buttons: on a phone's short prompt the buttons
      // stay in sight
      if (st.card) box.append(h("p", { class: "muted small card-text", text: cardText(view, st.card) }));
      if (view.decision === "react" && onlyPass() && st.passed !== live.version) {
        st.passed = live.version; // no Lore card of this seat can answer: pass for it (docs/battlelore.md)
        passFor(live.version, 12);
      }
    }
    box.dataset.mode = mode;
    // the game over, the dock no longer floats over the page: the result stands in the page,
    // above the log, and covers none of it (issue 21, the phone)
    const dock = box.closest(".dock");
    if (dock) dock.classList.toggle("ended", mode === "over");
    box.dataset.decision = view.decision;
    box.dataset.version = String(live.version);
    box.classList.toggle("mine", mode === "mine");
  }

  const onlyPass = () => Boolean(live.legal && live.legal.length === 1 && live.legal[0] === "pass");

  /** Pass for this seat at `version` as soon as it can act (the page may still be busy with
   * its last answer), and once more if the game is still there 3 s after a pass was sent. */
  function passFor(version, tries, sentAt = 0) {
    setTimeout(() => {
      if (st.gone || live.version !== version || !onlyPass() || tries <= 0) return;
      if (canAct() && (!sentAt || Date.now() - sentAt > 3000)) {
        play("pass");
        sentAt = Date.now();
      }
      passFor(version, tries - 1, sentAt);
    }, 400);
  }

  function drawInfo() {
    const view = live.view;
    const unit = st.hover ? units().get(st.hover) : st.selected ? units().get(st.selected) : null;
    els.info.replaceChildren(details(view, { unit, card: st.hoverCard || st.card }));
  }

  /** "Turn 3 · You · movement"; the seat asked named where it is not the one whose turn it
   * is ("Turn 3 · Computer (hard) · you decide: reaction"); before the first turn (the
   * War Councils, the starting Lore cards, the landmarks) the seat asked. */
  function turnLine(view, game) {
    if (over()) return t("turn.over", { turn: view.turn });
    const word = t(`step.${view.decision}`);
    const step = word.startsWith("step.") ? view.decision : word;
    const asked = view.to_act || null;
    if (asked && SETUP.has(view.decision)) return t("turn.setup", { player: seatLabel(game, live.seat, asked), step });
    if (!asked || asked === view.active) return t("turn.line", { turn: view.turn, player: seatLabel(game, live.seat, view.active), step });
    const key = asked === live.seat ? "turn.asked_you" : "turn.asked";
    return t(key, { turn: view.turn, player: seatLabel(game, live.seat, view.active), who: seatLabel(game, live.seat, asked), step });
  }

  function render() {
    if (!live.view || st.gone) return;
    const view = live.view;
    const game = live.game;
    remember(view);
    screen.dataset.version = String(live.version);
    screen.dataset.seat = live.seat ? String(live.seat) : "";
    screen.dataset.status = over() ? "over" : game.status;
    screen.dataset.odds = live.view.odds ? "ready" : "";
    screen.classList.toggle("offline", live.connected === false);
    els.turnLine.textContent = turnLine(view, game);
    // the Lore pool (BL-12) and the Command deck, beside the turn line
    const piles = [t("panel.deck", { n: Number(view.command_deck || 0) })];
    if (view.adventure && view.adventure.lore) piles.unshift(t("panel.pool", { n: Number(view.pool || 0) }));
    els.piles.textContent = piles.join(" · ");
    els.flip.replaceChildren(h("span", { text: "⟲" }), h("span", { class: "flip-text", text: ` ${t("panel.flip")}` }));
    els.top.replaceChildren(playerStrip(view, game, live.seat, flipped() ? 1 : 2, live.thinking === (flipped() ? 1 : 2)));
    els.bottom.replaceChildren(playerStrip(view, game, live.seat, flipped() ? 2 : 1, live.thinking === (flipped() ? 2 : 1)));
    drawTheBoard();
    drawBattle();
    drawPrompt();
    els.handBox.hidden = !live.seat;
    if (live.seat) {
      const m = moves();
      const playable = new Set([...m.play.keys(), ...m.lore.keys()]);
      const mine = view.played && view.played.command && view.active === live.seat; // the other side's card is in the log
      els.handTitle.textContent = mine ? `${t("panel.your_hand")} · ${t("panel.played", { card: cardName(view, view.played.command) })}` : t("panel.your_hand");
      els.handBox.classList.toggle("choosing", playable.size > 0);
      hand.update(view, live.seat, { playable, selected: st.card });
    }
    drawInfo();
    if (els.legend.dataset.lang !== t("legend.title")) {
      els.legend.replaceChildren(legend());
      els.legend.dataset.lang = t("legend.title");
    }
    els.logTitle.textContent = t("panel.log");
    renderLog(els.log, live.log.filter(Boolean), ctx.mod, { ...ctx, game, seat: live.seat });
    // the lines that name hexes show them on the board when pointed at or tapped
    for (const line of [...els.log.children, ...els.prompt.querySelectorAll("p")]) line.classList.toggle("speaks", hexesIn(line.textContent).length > 0);
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
