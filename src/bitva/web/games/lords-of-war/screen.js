// The Lords of War game screen: the board, the hand, the prompt with what to do now, previews of
// a placement (the game's "placements" analysis), the players and the log. The session
// (../../session.js) brings every change; updates are animated one after the other
// (eliminations, shots, berserker moves, new cards).
//
// Nothing the pointer does moves the board: the prompt has a fixed height (a preview fills a
// slot reserved in it), on a narrow screen the prompt and the hand sit in a dock fixed to the
// bottom of the screen, the board's squares and the hand's buttons are kept across redraws, and
// a touch screen never previews (a tap chooses).
import { h, s, sleep, toast } from "../../dom.js";
import { renderLog, resultBox } from "../../log.js";
import { waitingPrompt } from "../../parts.js";
import { seatLabel } from "../../words.js";
import { drawBoard } from "./board.js";
import { targetSquares } from "./cards.js";
import { bestLine, legalMoves } from "./moves.js";
import { cardDetails, handView, legend, playerStrip } from "./panels.js";
import { cardName, t } from "./text.js";

const ANIMATION_MS = 950;
// the rule of each decision, for the prompt's tooltip
const PHASE_RULES = { challenge: "LW-4.1", deploy: "LW-6.2", shoot: "LW-7.3", berserk: "LW-11.2", reinforce: "LW-9.1" };

export function mountLordsOfWar(root, session, ctx) {
  const live = session.st; // seat, view, game, version, log, thinking, busy: kept by the session
  const gameId = live.id;
  const st = {
    anim: null,
    animating: false,
    selected: null, // the index in the hand of the chosen card
    selectedSquare: null,
    hoverSquare: null,
    hoverCard: null,
    berserkFrom: null,
    recallSquare: null,
    previews: null,
    previewVersion: -1,
    flip: null,
    gone: false,
    slot: null, // the preview slot of the prompt, while a square is being chosen
  };

  const hand = handView({ onPick: pickCard, onHover: hoverCard });
  const els = {
    turnLine: h("div", { class: "turn-line", id: "turn-line" }),
    board: s("svg", { id: "board", role: "img", "aria-label": "board" }),
    top: h("div", { class: "strip-top" }),
    bottom: h("div", { class: "strip-bottom" }),
    prompt: h("div", { id: "prompt", class: "prompt", "aria-live": "polite" }),
    handTitle: h("h3", { class: "hand-title" }),
    handBox: null,
    info: h("div", { id: "card-info", class: "card-info empty" }),
    legend: h("div", { class: "legend-box" }),
    logTitle: h("h3"),
    log: h("ol", { id: "log", class: "log" }),
    flip: h("button", { type: "button", class: "ghost small", id: "flip", onClick: () => { st.flip = !flipped(); render(); } }),
  };
  els.handBox = h("div", { class: "hand-box", id: "hand-box" }, els.handTitle, hand.element);
  const dock = h("div", { class: "dock", id: "dock" }, els.prompt, els.handBox);
  const screen = h("section", { class: "game low", id: "game", dataset: { game: gameId } },
    h("div", { class: "board-col" },
      h("div", { class: "board-head" }, els.turnLine, els.flip),
      els.top,
      h("div", { class: "board-wrap" }, els.board),
      els.bottom,
      els.legend,
    ),
    h("aside", { class: "side" }, dock, els.info, h("div", { class: "log-box" }, els.logTitle, els.log)),
  );
  root.append(screen);
  // on a narrow screen the dock covers the bottom of the page: keep that much room below
  const docked = typeof ResizeObserver === "function"
    ? new ResizeObserver(() => screen.style.setProperty("--dock-height", `${dock.offsetHeight}px`))
    : null;
  if (docked) docked.observe(dock);

  const flipped = () => (st.flip === null ? live.seat === 2 : st.flip);
  const myTurn = () => live.view && live.seat && live.view.to_move === live.seat && live.view.outcome === null;
  const canAct = () => myTurn() && !live.busy && live.connected !== false;
  const myHand = () => (live.seat && live.view.players[String(live.seat)].hand) || [];
  const selectedRef = () => (st.selected === null ? null : myHand()[st.selected] ?? null);

  /** A new version arrived: its events are animated before the next one is shown. */
  function onUpdate(message, { before, fast }) {
    resetChoice();
    const events = message.steps.flatMap((step) => step.events);
    st.anim = fast ? null : animationOf(events, before);
    st.animating = Boolean(st.anim);
    if (!st.anim) return null;
    return sleep(ANIMATION_MS).then(() => {
      st.anim = null;
      st.animating = false;
    });
  }

  function animationOf(events, before) {
    const anim = { dying: [], appear: [], shots: [], moved: [] };
    const known = new Map((before ? before.board : []).map((u) => [u.square, u]));
    for (const event of events) {
      if (event.kind === "placed") anim.appear.push(event.square);
      else if (event.kind === "eliminated") {
        anim.dying.push({ square: event.square, owner: event.owner, card: event.card });
        const unit = known.get(event.square);
        if (unit) known.delete(event.square);
      } else if (event.kind === "declared" && event.attack === "ranged") anim.shots.push({ from: event.square, to: event.target });
      else if (event.kind === "moved") anim.moved.push({ from: event.from, to: event.to });
    }
    const any = anim.dying.length || anim.appear.length || anim.shots.length || anim.moved.length;
    return any ? anim : null;
  }

  const play = (action) => (canAct() ? session.play(action) : null);

  async function ensurePreviews() {
    if (!myTurn() || !live.analyses.includes("placements")) return;
    if (st.previewVersion === live.version) return;
    const version = live.version;
    st.previewVersion = version;
    try {
      const data = await session.analysis("placements");
      if (data.version !== live.version) return;
      const previews = new Map();
      for (const entry of data.result.cards) {
        previews.set(entry.card, new Map(entry.squares.map((sq) => [sq.square, sq.lines])));
      }
      st.previews = previews;
      render();
    } catch (_) {
      st.previewVersion = -1;
    }
  }

  function resetChoice() {
    st.selected = null;
    st.selectedSquare = null;
    st.berserkFrom = null;
    st.recallSquare = null;
    st.previews = null;
  }

  // -- what a click does ---------------------------------------------------------------------
  function pickCard(index, ref) {
    if (!myTurn()) return;
    const moves = legalMoves(live.view);
    if (!moves.place.has(ref)) {
      if (["challenge", "deploy"].includes(live.view.phase)) toast(t("prompt.card_unplayable", { card: cardName(ref) }), "warn", 2500);
      return;
    }
    st.selected = st.selected === index ? null : index;
    st.selectedSquare = null;
    render();
  }

  function clickSquare(square) {
    if (!canAct()) return;
    st.anim = null; // a click ends the animation of the last update
    const moves = legalMoves(live.view);
    const phase = live.view.phase;
    const card = selectedRef();
    if ((phase === "deploy" || phase === "challenge") && card) {
      const squares = moves.place.get(card) || [];
      if (!squares.includes(square)) return;
      if (st.selectedSquare === square) return play(`${card}@${square}`);
      st.selectedSquare = square;
    } else if (phase === "shoot") {
      if (moves.shoot.includes(square)) return play(`shoot ${square}`);
    } else if (phase === "berserk") {
      if (moves.berserk.has(square)) st.berserkFrom = square;
      else {
        const from = st.berserkFrom || (moves.berserk.size === 1 ? [...moves.berserk.keys()][0] : null);
        if (from && moves.berserk.get(from).includes(square)) return play(`berserk ${from}-${square}`);
      }
    } else if (phase === "reinforce") {
      if (!moves.recall.includes(square)) return;
      if (st.recallSquare === square) return play(`recall ${square}`);
      st.recallSquare = square;
    }
    render();
  }

  function hoverSquare(square) {
    if (square === st.hoverSquare) return;
    st.hoverSquare = square;
    if (!st.animating) {
      drawTheBoard();
      drawPreviewSlot();
      drawInfo();
    }
  }

  function hoverCard(ref) {
    st.hoverCard = ref;
    drawInfo();
  }

  // -- drawing -------------------------------------------------------------------------------
  function boardOptions() {
    const view = live.view;
    const moves = legalMoves(view);
    const opts = { view, flip: flipped(), highlights: {}, badges: {}, marks: {}, targets: [], onSquare: clickSquare, onHover: hoverSquare };
    const mine = myTurn();
    const card = selectedRef();
    if (mine && (view.phase === "deploy" || view.phase === "challenge") && card) {
      const squares = moves.place.get(card) || [];
      const previews = st.previews ? st.previews.get(card) : null;
      for (const square of squares) {
        opts.highlights[square] = "legal";
        const lines = previews ? previews.get(square) : null;
        if (lines && lines.length) {
          const best = bestLine(lines, live.seat);
          const kills = best.eliminated.filter((e) => e.owner !== live.seat).length;
          const losses = best.eliminated.filter((e) => e.owner === live.seat).length;
          const win = best.result && best.result.winner === live.seat;
          if (kills || losses || win) opts.badges[square] = { text: win ? "★" : `+${kills} −${losses}`, kind: win ? "win" : kills > losses ? "good" : kills === losses ? "even" : "bad" };
        }
      }
      const focus = st.hoverSquare && squares.includes(st.hoverSquare) ? st.hoverSquare : st.selectedSquare;
      if (focus) {
        opts.ghost = { square: focus, card, owner: live.seat };
        const lines = previews ? previews.get(focus) : null;
        if (lines && lines.length) {
          const best = bestLine(lines, live.seat);
          for (const e of best.eliminated) opts.marks[e.square] = e.owner === live.seat ? "loss" : "kill";
          opts.shots = Object.entries(best.shots).map(([from, to]) => ({ from, to }));
        }
        opts.targets = targetSquares(view.cards[card], live.seat, focus);
      }
      opts.selected = st.selectedSquare;
    } else if (mine && view.phase === "shoot") {
      const shooter = view.pending && view.pending.shooter;
      if (shooter) {
        opts.highlights[shooter] = "shooter";
        const unit = view.board.find((u) => u.square === shooter);
        if (unit) opts.targets = targetSquares(view.cards[unit.card], unit.owner, shooter);
      }
      for (const square of moves.shoot) opts.highlights[square] = "target";
    } else if (mine && view.phase === "berserk") {
      for (const from of moves.berserk.keys()) opts.highlights[from] = "berserker";
      const from = st.berserkFrom || (moves.berserk.size === 1 ? [...moves.berserk.keys()][0] : null);
      if (from) for (const to of moves.berserk.get(from)) opts.highlights[to] = "dest";
      opts.selected = st.berserkFrom;
    } else if (mine && view.phase === "reinforce") {
      for (const square of moves.recall) opts.highlights[square] = "recall";
      opts.selected = st.recallSquare;
    }
    // a ranged unit under the pointer shows its target grid
    if (!opts.ghost && st.hoverSquare) {
      const unit = view.board.find((u) => u.square === st.hoverSquare);
      if (unit && view.cards[unit.card] && view.cards[unit.card].ranged) {
        opts.targets = targetSquares(view.cards[unit.card], unit.owner, unit.square);
      }
    }
    if (st.anim) Object.assign(opts, st.anim);
    const shots = view.shots || {};
    if (!st.anim && view.phase !== "over" && Object.keys(shots).length && !opts.shots) {
      opts.shots = Object.entries(shots).map(([from, to]) => ({ from, to }));
    }
    return opts;
  }

  function drawTheBoard() {
    if (!live.view) return;
    drawBoard(els.board, boardOptions());
  }

  function previewBox(lines) {
    const box = h("div", { class: "preview", id: "preview" });
    if (!lines) {
      box.append(h("div", { class: "muted", text: t("preview.loading") }));
      return box;
    }
    const best = bestLine(lines, live.seat);
    const kills = best.eliminated.filter((e) => e.owner !== live.seat);
    const losses = best.eliminated.filter((e) => e.owner === live.seat);
    const list = (items) => items.map((e) => `${cardName(e.card)} (${e.square})`).join(", ");
    if (!kills.length && !losses.length) box.append(h("div", { class: "muted", text: t("preview.nothing") }));
    if (kills.length) box.append(h("div", { class: "kills" }, h("strong", { text: `${t("preview.kills")}: ` }), list(kills)));
    if (losses.length) box.append(h("div", { class: "losses" }, h("strong", { text: `${t("preview.losses")}: ` }), list(losses)));
    const shots = Object.entries(best.shots);
    if (shots.length) box.append(h("div", { class: "muted", text: `${t("preview.shots")}: ${shots.map(([a, b]) => `${a} → ${b}`).join(", ")}` }));
    if (best.result) {
      const key = best.result.winner === live.seat ? "preview.wins" : best.result.draw ? "preview.draw" : "preview.loses";
      box.append(h("div", { class: ["result-line", best.result.winner === live.seat ? "good" : "bad"], text: t(key) }));
    }
    if (lines.length > 1) box.append(h("div", { class: "muted small", text: t("preview.ways", { n: lines.length }) }));
    return box;
  }

  const previewOf = (card, square) => (st.previews && st.previews.get(card) ? st.previews.get(card).get(square) : null);

  /** The preview slot while a square is being chosen: what the square under the pointer does. */
  function drawPreviewSlot() {
    const slot = st.slot;
    if (!slot || !slot.isConnected) return;
    const card = selectedRef();
    const squares = card ? legalMoves(live.view).place.get(card) || [] : [];
    if (card && st.hoverSquare && squares.includes(st.hoverSquare)) {
      slot.replaceChildren(
        h("div", { class: "muted small", text: `${cardName(card)} → ${st.hoverSquare}` }),
        previewBox(previewOf(card, st.hoverSquare)),
      );
    } else slot.replaceChildren();
  }

  function button(label, action, onClick, kind = "") {
    const disabled = live.busy || live.connected === false;
    return h("button", { type: "button", class: ["action", kind], dataset: { action }, disabled, onClick, text: label });
  }

  function line(text, rule, strong = true) {
    return h("p", { class: strong ? "strong" : "", title: rule ? t("result.rule", { rule }) : null, text });
  }

  function drawPrompt() {
    const view = live.view;
    const box = els.prompt;
    box.replaceChildren();
    st.slot = null;
    const game = live.game;
    let mode;
    if (view.outcome) {
      mode = "over";
      box.append(
        ...resultBox(ctx.mod, game.outcome || view.outcome, { ...ctx, game, seat: live.seat }),
        h("div", { class: "buttons" },
          h("a", { class: "button primary", href: `#/replay/${gameId}`, dataset: { action: "replay" }, text: t("button.replay") }),
          h("a", { class: "button", href: "#/", text: t("button.new_game") }),
        ),
      );
    } else if ((mode = waitingPrompt(box, session, t))) {
      // waiting for friends, watching, or another seat decides
    } else {
      mode = "mine";
      const moves = legalMoves(view);
      const phase = view.phase;
      const rule = PHASE_RULES[phase];
      if (phase === "challenge" || phase === "deploy") {
        const start = [...moves.place.values()][0];
        const forced = phase === "deploy" && view.forced_placement === true;
        const card = selectedRef();
        if (card && st.selectedSquare) {
          box.append(line(t("prompt.confirm", { card: cardName(card), square: st.selectedSquare }), rule));
          box.append(h("div", { class: "preview-slot" }, previewBox(previewOf(card, st.selectedSquare))));
          box.append(h("div", { class: "buttons" },
            button(t("button.place"), "place", () => play(`${card}@${st.selectedSquare}`), "primary"),
            button(t("button.cancel"), "cancel", () => { st.selectedSquare = null; render(); }),
          ));
        } else if (card) {
          box.append(line(t("prompt.pick_square", { card: cardName(card) }), rule, false));
          st.slot = h("div", { class: "preview-slot" });
          box.append(st.slot, h("div", { class: "buttons" }, button(t("button.cancel"), "cancel", () => { st.selected = null; render(); })));
          drawPreviewSlot();
        } else if (forced) {
          box.append(line(t("prompt.forced"), "LW-6.5"));
        } else if (phase === "challenge") {
          box.append(line(t("prompt.challenge", { square: start ? start[0] : "" }), rule));
        } else {
          box.append(line(t("prompt.deploy"), rule));
        }
      } else if (phase === "shoot") {
        const shooter = view.pending.shooter;
        const unit = view.board.find((u) => u.square === shooter);
        box.append(line(t("prompt.shoot", { card: unit ? cardName(unit.card) : "", square: shooter }), rule));
        if (moves.arrows) box.append(h("div", { class: "buttons" }, button(t("button.arrows"), "arrows", () => play("arrows"), "primary")));
      } else if (phase === "berserk") {
        box.append(line(st.berserkFrom ? t("prompt.berserk_to", { square: st.berserkFrom }) : t("prompt.berserk"), rule));
      } else if (phase === "reinforce") {
        const me = view.players[String(live.seat)];
        const count = Math.min(6 - me.hand_size, me.deck_size);
        if (st.recallSquare) {
          const unit = view.board.find((u) => u.square === st.recallSquare);
          box.append(line(t("prompt.recall", { card: unit ? cardName(unit.card) : "", square: st.recallSquare }), "LW-9.2"));
          box.append(h("div", { class: "buttons" },
            button(t("button.recall"), "recall", () => play(`recall ${st.recallSquare}`), "primary"),
            button(t("button.cancel"), "cancel", () => { st.recallSquare = null; render(); }),
          ));
        } else {
          box.append(line(t("prompt.reinforce"), rule));
          box.append(h("div", { class: "buttons" },
            button(count > 0 ? t("button.draw", { n: count }) : t("button.pass"), "draw", () => play("draw"), "primary"),
          ));
        }
      }
    }
    box.dataset.mode = mode;
    box.dataset.phase = view.phase;
    box.dataset.version = String(live.version);
    box.classList.toggle("mine", mode === "mine");
  }

  function drawInfo() {
    const view = live.view;
    els.info.replaceChildren();
    let ref = st.hoverCard || selectedRef();
    let owner = live.seat || 1;
    if (!st.hoverCard && st.hoverSquare) {
      const unit = view.board.find((u) => u.square === st.hoverSquare);
      if (unit) [ref, owner] = [unit.card, unit.owner];
    }
    if (ref && view.cards[ref]) {
      els.info.append(cardDetails(view.cards[ref], owner, flipped()));
      els.info.classList.remove("empty");
    } else {
      els.info.append(h("p", { class: "muted small", text: t("panel.card_hint") }));
      els.info.classList.add("empty");
    }
  }

  function drawStrip(box, seat) {
    const open = box.querySelector("details.pile");
    box.replaceChildren(playerStrip(live.view, live.game, live.seat, seat, {
      thinking: live.thinking === seat,
      pileOpen: Boolean(open && open.open),
    }));
  }

  function render() {
    if (!live.view || st.gone) return;
    const view = live.view;
    const game = live.game;
    screen.dataset.version = String(live.version);
    screen.dataset.seat = live.seat ? String(live.seat) : "";
    screen.dataset.status = view.outcome ? "over" : game.status;
    screen.dataset.previews = st.previews && st.previewVersion === live.version ? "ready" : "";
    screen.classList.toggle("offline", live.connected === false);
    const active = view.phase === "berserk" && view.to_move ? view.to_move : view.active;
    const phase = t(`phase.${view.phase}`);
    els.turnLine.textContent = t("turn.line", { turn: Math.max(view.turn, 0), player: seatLabel(game, live.seat, active), phase });
    els.flip.replaceChildren(h("span", { text: "⟲" }), h("span", { class: "flip-text", text: ` ${t("panel.flip")}` }));
    els.flip.title = t("panel.flip");
    drawStrip(els.top, flipped() ? 1 : 2);
    drawStrip(els.bottom, flipped() ? 2 : 1);
    drawTheBoard();
    drawPrompt();
    // a spectator has no hand: no empty box for one
    els.handBox.hidden = !live.seat;
    if (live.seat) {
      const moves = legalMoves(view);
      const playable = myTurn() && ["challenge", "deploy"].includes(view.phase) ? new Set(moves.place.keys()) : new Set();
      els.handTitle.textContent = t("panel.your_hand");
      els.handBox.classList.toggle("choosing", playable.size > 0);
      hand.update(view, live.seat, { playable, selected: st.selected, flip: flipped() });
    }
    drawInfo();
    if (!els.legend.firstChild || els.legend.dataset.lang !== t("legend.title")) {
      els.legend.replaceChildren(legend());
      els.legend.dataset.lang = t("legend.title");
    }
    els.logTitle.textContent = t("panel.log");
    renderLog(els.log, live.log.filter(Boolean), ctx.mod, { ...ctx, game, seat: live.seat });
    document.title = `${myTurn() ? "● " : ""}${t("app.title")} — bitva`;
    ensurePreviews();
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
