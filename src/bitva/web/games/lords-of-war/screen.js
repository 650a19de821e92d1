// The Lords of War game screen: the board, the hand, the prompt with what to do now, previews of
// a placement (the game's "placements" analysis), the players and the log. The session
// (../../session.js) brings every change; updates are animated one after the other
// (eliminations, shots, berserker moves, new cards).
import { h, s, sleep, toast } from "../../dom.js";
import { renderLog, resultBox } from "../../log.js";
import { waitingPrompt } from "../../parts.js";
import { seatLabel } from "../../words.js";
import { drawBoard } from "./board.js";
import { targetSquares } from "./cards.js";
import { bestLine, legalMoves } from "./moves.js";
import { cardDetails, handRow, playerStrip } from "./panels.js";
import { t } from "./text.js";

const ANIMATION_MS = 950;

export function mountLordsOfWar(root, session, ctx) {
  const live = session.st; // seat, view, game, version, log, thinking, busy: kept by the session
  const gameId = live.id;
  const st = {
    anim: null,
    animating: false,
    thinking: null,
    selectedCard: null,
    selectedSquare: null,
    hoverSquare: null,
    hoverCard: null,
    berserkFrom: null,
    recallSquare: null,
    previews: null,
    previewVersion: -1,
    flip: null,
    gone: false,
  };

  const els = {
    turnLine: h("div", { class: "turn-line", id: "turn-line" }),
    board: s("svg", { id: "board", role: "img", "aria-label": "board" }),
    top: h("div", { class: "strip-top" }),
    bottom: h("div", { class: "strip-bottom" }),
    prompt: h("div", { id: "prompt", class: "prompt", "aria-live": "polite" }),
    handTitle: h("h3", { class: "hand-title" }),
    hand: h("div", { id: "hand-box" }),
    handBox: null,
    info: h("div", { id: "card-info", class: "card-info" }),
    logTitle: h("h3"),
    log: h("ol", { id: "log", class: "log" }),
    flip: h("button", { type: "button", class: "ghost small", id: "flip", onClick: () => { st.flip = !flipped(); render(); } }),
  };
  els.handBox = h("div", { class: "hand-box" }, els.handTitle, els.hand);
  const screen = h("section", { class: "game", id: "game", dataset: { game: gameId } },
    h("div", { class: "board-col" },
      h("div", { class: "board-head" }, els.turnLine, els.flip),
      els.top,
      h("div", { class: "board-wrap" }, els.board),
      els.bottom,
    ),
    h("aside", { class: "side" },
      els.prompt,
      els.handBox,
      els.info,
      h("div", { class: "log-box" }, els.logTitle, els.log),
    ),
  );
  root.append(screen);

  const flipped = () => (st.flip === null ? live.seat === 2 : st.flip);
  const myTurn = () => live.view && live.seat && live.view.to_move === live.seat && live.view.outcome === null;

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

  const play = (action) => session.play(action);

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
    st.selectedCard = null;
    st.selectedSquare = null;
    st.berserkFrom = null;
    st.recallSquare = null;
    st.previews = null;
  }

  // -- what a click does ---------------------------------------------------------------------
  function pickCard(ref) {
    if (!myTurn()) return;
    const moves = legalMoves(live.view);
    if (!moves.place.has(ref)) {
      if (["challenge", "deploy"].includes(live.view.phase)) toast(t("prompt.card_unplayable", { card: ref }), "warn", 2500);
      return;
    }
    st.selectedCard = st.selectedCard === ref ? null : ref;
    st.selectedSquare = null;
    render();
  }

  function clickSquare(square) {
    if (!myTurn() || live.busy) return;
    st.anim = null; // a click ends the animation of the last update
    const moves = legalMoves(live.view);
    const phase = live.view.phase;
    if ((phase === "deploy" || phase === "challenge") && st.selectedCard) {
      const squares = moves.place.get(st.selectedCard) || [];
      if (!squares.includes(square)) return;
      if (st.selectedSquare === square) return play(`${st.selectedCard}@${square}`);
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
      drawPrompt();
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
    if (mine && (view.phase === "deploy" || view.phase === "challenge") && st.selectedCard) {
      const squares = moves.place.get(st.selectedCard) || [];
      const previews = st.previews ? st.previews.get(st.selectedCard) : null;
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
        opts.ghost = { square: focus, card: st.selectedCard, owner: live.seat };
        const lines = previews ? previews.get(focus) : null;
        if (lines && lines.length) {
          const best = bestLine(lines, live.seat);
          for (const e of best.eliminated) opts.marks[e.square] = e.owner === live.seat ? "loss" : "kill";
          opts.shots = Object.entries(best.shots).map(([from, to]) => ({ from, to }));
        }
        opts.targets = targetSquares(view.cards[st.selectedCard], live.seat, focus);
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
    const list = (items) => items.map((e) => `${e.card} (${e.square})`).join(", ");
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

  function button(label, action, onClick, kind = "") {
    return h("button", { type: "button", class: ["action", kind], dataset: { action }, disabled: live.busy, onClick, text: label });
  }

  function drawPrompt() {
    const view = live.view;
    const box = els.prompt;
    box.replaceChildren();
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
      if (phase === "challenge" || phase === "deploy") {
        const start = [...moves.place.values()][0];
        const forced = phase === "deploy" && view.forced_placement === true;
        let text = phase === "challenge" ? t("prompt.challenge", { square: start ? start[0] : "" }) : t("prompt.deploy");
        if (forced) text = t("prompt.forced");
        if (st.selectedCard && st.selectedSquare) {
          box.append(h("p", { class: "strong", text: t("prompt.confirm", { card: st.selectedCard, square: st.selectedSquare }) }));
          const lines = st.previews && st.previews.get(st.selectedCard) ? st.previews.get(st.selectedCard).get(st.selectedSquare) : null;
          box.append(previewBox(lines));
          box.append(h("div", { class: "buttons" },
            button(t("button.place"), "place", () => play(`${st.selectedCard}@${st.selectedSquare}`), "primary"),
            button(t("button.cancel"), "cancel", () => { st.selectedSquare = null; render(); }),
          ));
        } else if (st.selectedCard) {
          box.append(h("p", { text: t("prompt.pick_square", { card: st.selectedCard }) }));
          const squares = moves.place.get(st.selectedCard) || [];
          if (st.hoverSquare && squares.includes(st.hoverSquare)) {
            const lines = st.previews && st.previews.get(st.selectedCard) ? st.previews.get(st.selectedCard).get(st.hoverSquare) : null;
            box.append(h("div", { class: "muted small", text: `${st.selectedCard} → ${st.hoverSquare}` }), previewBox(lines));
          }
          box.append(h("div", { class: "buttons" }, button(t("button.cancel"), "cancel", () => { st.selectedCard = null; render(); })));
        } else {
          box.append(h("p", { class: "strong", text }));
        }
      } else if (phase === "shoot") {
        const shooter = view.pending.shooter;
        const unit = view.board.find((u) => u.square === shooter);
        box.append(h("p", { class: "strong", text: t("prompt.shoot", { card: unit ? unit.card : "", square: shooter }) }));
        if (moves.arrows) box.append(h("div", { class: "buttons" }, button(t("button.arrows"), "arrows", () => play("arrows"), "primary")));
      } else if (phase === "berserk") {
        const text = st.berserkFrom ? t("prompt.berserk_to", { square: st.berserkFrom }) : t("prompt.berserk");
        box.append(h("p", { class: "strong", text }));
      } else if (phase === "reinforce") {
        const me = view.players[String(live.seat)];
        const count = Math.min(6 - me.hand_size, me.deck_size);
        if (st.recallSquare) {
          const unit = view.board.find((u) => u.square === st.recallSquare);
          box.append(h("p", { class: "strong", text: t("prompt.recall", { card: unit ? unit.card : "", square: st.recallSquare }) }));
          box.append(h("div", { class: "buttons" },
            button(t("button.recall"), "recall", () => play(`recall ${st.recallSquare}`), "primary"),
            button(t("button.cancel"), "cancel", () => { st.recallSquare = null; render(); }),
          ));
        } else {
          box.append(h("p", { class: "strong", text: t("prompt.reinforce") }));
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
    let ref = st.hoverCard || st.selectedCard;
    let owner = live.seat || 1;
    if (!st.hoverCard && st.hoverSquare) {
      const unit = view.board.find((u) => u.square === st.hoverSquare);
      if (unit) [ref, owner] = [unit.card, unit.owner];
    }
    if (ref && view.cards[ref]) {
      els.info.append(cardDetails(view.cards[ref], owner, flipped()));
      els.info.classList.remove("empty");
    } else {
      els.info.classList.add("empty");
    }
  }

  function render() {
    if (!live.view || st.gone) return;
    const view = live.view;
    const game = live.game;
    screen.dataset.version = String(live.version);
    screen.dataset.seat = live.seat ? String(live.seat) : "";
    screen.dataset.status = view.outcome ? "over" : game.status;
    screen.dataset.previews = st.previews && st.previewVersion === live.version ? "ready" : "";
    const active = view.phase === "berserk" && view.to_move ? view.to_move : view.active;
    const phase = t(`phase.${view.phase}`);
    els.turnLine.textContent = t("turn.line", { n: Math.max(view.turn, 0), player: seatLabel(game, live.seat, active), phase });
    els.flip.textContent = `⟲ ${t("panel.flip")}`;
    const thinking = (seat) => live.thinking === seat;
    els.top.replaceChildren(playerStrip(view, game, live.seat, flipped() ? 1 : 2, { thinking: thinking(flipped() ? 1 : 2) }));
    els.bottom.replaceChildren(playerStrip(view, game, live.seat, flipped() ? 2 : 1, { thinking: thinking(flipped() ? 2 : 1) }));
    drawTheBoard();
    drawPrompt();
    if (live.seat) {
      const moves = legalMoves(view);
      const playable = myTurn() && ["challenge", "deploy"].includes(view.phase) ? new Set(moves.place.keys()) : new Set();
      els.handTitle.textContent = t("panel.your_hand");
      els.handBox.classList.toggle("choosing", playable.size > 0);
      els.hand.replaceChildren(handRow(view, live.seat, { playable, selected: st.selectedCard, onPick: pickCard, onHover: hoverCard, flip: flipped() }));
    } else {
      els.handTitle.textContent = "";
      els.hand.replaceChildren();
    }
    drawInfo();
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
    },
  };
}
