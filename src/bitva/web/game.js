// The game screen: the board, the hand, the prompt with what to do now, previews of a placement,
// the players and the log. The server pushes every change over the WebSocket; updates are
// animated one after the other (eliminations, shots, berserker moves, new cards).
import { api, ApiError, connect, saveSeat, seatFor } from "./api.js";
import { h, s, sleep, toast } from "./dom.js";
import { t } from "./i18n.js";
import { drawBoard } from "./board.js";
import { targetSquares } from "./cards.js";
import { describeOutcome, renderLog, seatLabel } from "./log.js";
import { bestLine, legalMoves } from "./moves.js";
import { cardDetails, handRow, playerStrip } from "./panels.js";

const ANIMATION_MS = 950;

export function gameScreen(root, gameId) {
  const held = seatFor(gameId);
  const st = {
    token: held ? held.token : null,
    code: held ? held.code : null,
    seat: null,
    view: null,
    game: null,
    version: -1,
    inviteOpen: false,
    log: [],
    queue: [],
    pumping: false,
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
    busy: false,
    flip: null,
    connected: true,
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

  const flipped = () => (st.flip === null ? st.seat === 2 : st.flip);
  const myTurn = () => st.view && st.seat && st.view.to_move === st.seat && st.view.outcome === null;
  const other = () => (st.seat ? 3 - st.seat : 2);

  // -- talking to the server ---------------------------------------------------------------
  async function load() {
    try {
      const data = await api.game(gameId, st.token);
      accept({ type: "welcome", ...data, version: data.game.version });
      await reloadLog();
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        st.token = null; // a token from another server or a forgotten game
        return load();
      }
      showFatal(error);
      return;
    }
    socket = connect(gameId, st.token, onMessage, (connected) => {
      st.connected = connected;
      if (!connected) toast(t("error.connection"), "warn", 2500);
    });
  }

  async function reloadLog() {
    const data = await api.log(gameId, st.token, 0);
    st.log = [];
    for (const entry of data.entries) st.log[entry.index] = entry;
    render();
  }

  function showFatal(error) {
    screen.replaceChildren(
      h("div", { class: "panel fatal" },
        h("p", { text: error.status === 404 ? t("error.no_game") : t("error.generic", { message: error.message }) }),
        h("a", { href: "#/", class: "button", text: t("button.lobby") }),
      ),
    );
  }

  function onMessage(message) {
    if (st.gone) return;
    if (message.type === "welcome" || message.type === "game") {
      accept(message);
      if (message.version > st.log.length) reloadLog();
      render();
    } else if (message.type === "update") {
      st.queue.push(message);
      pump();
    } else if (message.type === "thinking") {
      st.thinking = message.seat;
      render();
    } else if (message.type === "error") {
      toast(t("error.generic", { message: message.error }), "error");
    }
  }

  function accept(message) {
    if (message.seat !== undefined && message.seat !== null) st.seat = message.seat;
    else if (message.type === "welcome") st.seat = message.seat ?? null;
    st.view = message.view;
    st.game = message.game;
    st.version = message.version ?? message.game.version;
    if (message.invite_open !== undefined) st.inviteOpen = message.invite_open;
    if (st.game.status !== "waiting") st.inviteOpen = false;
  }

  async function pump() {
    if (st.pumping) return;
    st.pumping = true;
    try {
      while (st.queue.length) {
        const message = st.queue.shift();
        if (message.version <= st.version) continue;
        const missed = message.version > st.version + 1;
        const fast = st.queue.length > 2 || document.hidden;
        const before = st.view;
        st.view = message.view;
        st.game = message.game;
        st.version = message.version;
        st.thinking = null;
        st.log[message.version - 1] = { index: message.version - 1, seat: message.seat, events: message.events };
        resetChoice();
        if (missed) reloadLog();
        st.anim = fast ? null : animationOf(message.events, before);
        st.animating = Boolean(st.anim);
        render();
        if (st.anim) await sleep(ANIMATION_MS);
        st.anim = null;
        st.animating = false;
      }
    } finally {
      st.pumping = false;
    }
    render();
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

  async function play(action) {
    if (st.busy || !st.token) return;
    st.busy = true;
    render();
    try {
      const result = await api.act(gameId, st.token, action, st.version);
      st.queue.push({ type: "update", seat: st.seat, ...result });
      pump();
    } catch (error) {
      if (error instanceof ApiError && error.rule) {
        toast(t("error.illegal", { rule: error.rule, message: error.message }), "error");
      } else {
        toast(t("error.generic", { message: error.message }), "error");
      }
      try {
        const data = await api.game(gameId, st.token);
        accept({ type: "game", ...data, version: data.game.version });
      } catch (_) { /* the socket will bring it */ }
    } finally {
      st.busy = false;
      render();
    }
  }

  async function ensurePreviews() {
    if (!myTurn() || !["challenge", "deploy"].includes(st.view.phase)) return;
    if (st.previewVersion === st.version) return;
    const version = st.version;
    st.previewVersion = version;
    try {
      const data = await api.preview(gameId, st.token);
      if (data.version !== st.version) return;
      const previews = new Map();
      for (const entry of data.cards) {
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
    const moves = legalMoves(st.view);
    if (!moves.place.has(ref)) {
      if (["challenge", "deploy"].includes(st.view.phase)) toast(t("prompt.card_unplayable", { card: ref }), "warn", 2500);
      return;
    }
    st.selectedCard = st.selectedCard === ref ? null : ref;
    st.selectedSquare = null;
    render();
  }

  function clickSquare(square) {
    if (!myTurn() || st.busy) return;
    st.anim = null; // a click ends the animation of the last update
    const moves = legalMoves(st.view);
    const phase = st.view.phase;
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
    const view = st.view;
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
          const best = bestLine(lines, st.seat);
          const kills = best.eliminated.filter((e) => e.owner !== st.seat).length;
          const losses = best.eliminated.filter((e) => e.owner === st.seat).length;
          const win = best.result && best.result.winner === st.seat;
          if (kills || losses || win) opts.badges[square] = { text: win ? "★" : `+${kills} −${losses}`, kind: win ? "win" : kills > losses ? "good" : kills === losses ? "even" : "bad" };
        }
      }
      const focus = st.hoverSquare && squares.includes(st.hoverSquare) ? st.hoverSquare : st.selectedSquare;
      if (focus) {
        opts.ghost = { square: focus, card: st.selectedCard, owner: st.seat };
        const lines = previews ? previews.get(focus) : null;
        if (lines && lines.length) {
          const best = bestLine(lines, st.seat);
          for (const e of best.eliminated) opts.marks[e.square] = e.owner === st.seat ? "loss" : "kill";
          opts.shots = Object.entries(best.shots).map(([from, to]) => ({ from, to }));
        }
        opts.targets = targetSquares(view.cards[st.selectedCard], st.seat, focus);
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
    if (!st.view) return;
    drawBoard(els.board, boardOptions());
  }

  function previewBox(lines) {
    const box = h("div", { class: "preview", id: "preview" });
    if (!lines) {
      box.append(h("div", { class: "muted", text: t("preview.loading") }));
      return box;
    }
    const best = bestLine(lines, st.seat);
    const kills = best.eliminated.filter((e) => e.owner !== st.seat);
    const losses = best.eliminated.filter((e) => e.owner === st.seat);
    const list = (items) => items.map((e) => `${e.card} (${e.square})`).join(", ");
    if (!kills.length && !losses.length) box.append(h("div", { class: "muted", text: t("preview.nothing") }));
    if (kills.length) box.append(h("div", { class: "kills" }, h("strong", { text: `${t("preview.kills")}: ` }), list(kills)));
    if (losses.length) box.append(h("div", { class: "losses" }, h("strong", { text: `${t("preview.losses")}: ` }), list(losses)));
    const shots = Object.entries(best.shots);
    if (shots.length) box.append(h("div", { class: "muted", text: `${t("preview.shots")}: ${shots.map(([a, b]) => `${a} → ${b}`).join(", ")}` }));
    if (best.result) {
      const key = best.result.winner === st.seat ? "preview.wins" : best.result.draw ? "preview.draw" : "preview.loses";
      box.append(h("div", { class: ["result-line", best.result.winner === st.seat ? "good" : "bad"], text: t(key) }));
    }
    if (lines.length > 1) box.append(h("div", { class: "muted small", text: t("preview.ways", { n: lines.length }) }));
    return box;
  }

  function button(label, action, onClick, kind = "") {
    return h("button", { type: "button", class: ["action", kind], dataset: { action }, disabled: st.busy, onClick, text: label });
  }

  function drawPrompt() {
    const view = st.view;
    const box = els.prompt;
    box.replaceChildren();
    const game = st.game;
    let mode = "watch";
    if (view.outcome) {
      mode = "over";
      const { result, reason } = describeOutcome(view.outcome, st.seat);
      box.append(
        h("div", { class: "result", id: "result", text: result }),
        h("div", { class: "muted", text: reason }),
        h("div", { class: "buttons" },
          h("a", { class: "button primary", href: `#/replay/${gameId}`, dataset: { action: "replay" }, text: t("button.replay") }),
          h("a", { class: "button", href: "#/", text: t("button.new_game") }),
        ),
      );
    } else if (game.status === "waiting") {
      mode = "waiting";
      if (!st.seat) box.append(h("p", { text: t("prompt.not_seated") }));
      else box.append(h("p", { text: t("prompt.waiting_friend") }), shareBox());
    } else if (!st.seat) {
      box.append(h("p", { text: t("prompt.spectator") }));
      if (view.to_move) box.append(h("p", { class: "muted", text: t("prompt.other", { player: seatLabel(game, null, view.to_move) }) }));
    } else if (!myTurn()) {
      mode = "other";
      const who = seatLabel(game, st.seat, view.to_move);
      box.append(h("p", { class: "waiting-line" }, h("span", { class: "spinner" }), st.thinking === view.to_move ? t("prompt.thinking", { player: who }) : t("prompt.other", { player: who })));
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
        const me = view.players[String(st.seat)];
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
    box.dataset.version = String(st.version);
    box.classList.toggle("mine", mode === "mine");
  }

  function shareBox() {
    const box = h("div", { class: "share" });
    if (st.code) {
      const url = `${location.origin}/#/join/${gameId}/${st.code}`;
      const input = h("input", { type: "text", readOnly: true, value: url, id: "join-link", "aria-label": "join link", onFocus: (e) => e.target.select() });
      box.append(input, h("button", {
        type: "button", class: "primary", dataset: { action: "copy" }, text: t("button.copy"),
        onClick: async () => {
          try { await navigator.clipboard.writeText(url); } catch (_) { input.select(); document.execCommand && document.execCommand("copy"); }
          toast(t("button.copied"), "info", 2000);
        },
      }));
    } else {
      box.append(h("button", {
        type: "button", class: "primary", dataset: { action: "new-link" }, text: t("button.new_link"),
        onClick: async () => {
          try {
            const data = await api.invite(gameId, st.token);
            st.code = data.join_code;
            saveSeat(gameId, { code: data.join_code });
            render();
          } catch (error) { toast(t("error.generic", { message: error.message }), "error"); }
        },
      }));
    }
    return box;
  }

  function drawInfo() {
    const view = st.view;
    els.info.replaceChildren();
    let ref = st.hoverCard || st.selectedCard;
    let owner = st.seat || 1;
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
    if (!st.view || st.gone) return;
    const view = st.view;
    const game = st.game;
    screen.dataset.version = String(st.version);
    screen.dataset.seat = st.seat ? String(st.seat) : "";
    screen.dataset.status = view.outcome ? "over" : game.status;
    screen.dataset.previews = st.previews && st.previewVersion === st.version ? "ready" : "";
    const active = view.phase === "berserk" && view.to_move ? view.to_move : view.active;
    const phase = t(`phase.${view.phase}`);
    els.turnLine.textContent = t("turn.line", { n: Math.max(view.turn, 0), player: seatLabel(game, st.seat, active), phase });
    els.flip.textContent = `⟲ ${t("panel.flip")}`;
    const thinking = (seat) => st.thinking === seat;
    els.top.replaceChildren(playerStrip(view, game, st.seat, flipped() ? 1 : 2, { thinking: thinking(flipped() ? 1 : 2) }));
    els.bottom.replaceChildren(playerStrip(view, game, st.seat, flipped() ? 2 : 1, { thinking: thinking(flipped() ? 2 : 1) }));
    drawTheBoard();
    drawPrompt();
    if (st.seat) {
      const moves = legalMoves(view);
      const playable = myTurn() && ["challenge", "deploy"].includes(view.phase) ? new Set(moves.place.keys()) : new Set();
      els.handTitle.textContent = t("panel.your_hand");
      els.handBox.classList.toggle("choosing", playable.size > 0);
      els.hand.replaceChildren(handRow(view, st.seat, { playable, selected: st.selectedCard, onPick: pickCard, onHover: hoverCard, flip: flipped() }));
    } else {
      els.handTitle.textContent = "";
      els.hand.replaceChildren();
    }
    drawInfo();
    els.logTitle.textContent = t("panel.log");
    renderLog(els.log, st.log.filter(Boolean), game, st.seat);
    document.title = `${myTurn() ? "● " : ""}${t("app.title")} — bitva`;
    ensurePreviews();
  }

  let socket = null;
  load();
  return {
    rerender: render,
    unmount() {
      st.gone = true;
      if (socket) socket.close();
      document.title = "bitva";
    },
  };
}
