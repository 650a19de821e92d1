// A live game as this browser's seat sees it: loads the game and its log, keeps the WebSocket
// open, queues the updates the server pushes (so that a game module may animate them one after
// the other), plays actions, previews them and asks for analyses. Game modules and the generic
// board draw from `session.st` and never talk to the server themselves.
import { api, ApiError, connect, saveSeat, seatFor } from "./api.js";
import { isOnline, onConnection, reportOffline, reportOnline, showError } from "./connection.js";
import { toast } from "./dom.js";
import { t } from "./i18n.js";

/**
 * hooks: onChange() — something changed, draw again; onUpdate(message, {before, fast}) — a new
 * version arrived (an action and the chance after it), may return a promise (an animation) that
 * the next update waits for; onUndo() — a step was taken back (a version number comes again for
 * another position: drop whatever was kept by version); onFatal(error) — the game cannot be
 * shown.
 */
const POLL_MS = 3000; // how often a page without its socket asks for news

export function openSession(gameId, hooks = {}) {
  const held = seatFor(gameId);
  const st = {
    id: gameId,
    token: held ? held.token : null,
    invites: (held && held.invites) || {}, // seat -> join code, for the seats still open
    seat: null,
    view: null,
    game: null,
    version: -1,
    legal: null, // this seat's legal actions as text, when it is to move
    analyses: [], // the analyses it may ask for now
    undo: null, // null: no undo at this table (or a spectator); false: not now; true: now
    undoRefusal: null, // why not now, as a code (undo.why.* in i18n)
    inviteOpen: false,
    log: [], // by step index: {index, seat, events}
    thinking: null,
    connected: true, // the game's socket is open and the server answers: actions are allowed
    busy: false,
    gone: false,
  };
  const queue = [];
  let pumping = false;
  let socket = null;
  const analyses = new Map(); // name -> {version, result | promise}
  const previews = new Map(); // id of a preview message -> its promise's resolve
  let previewId = 0;
  const changed = () => { if (!st.gone && hooks.onChange) hooks.onChange(); };
  let socketUp = false;
  let poller = null; // polls the game while the server refuses its socket (over a limit)
  let etag = null;
  const connection = () => {
    const now = (socketUp || poller !== null) && isOnline();
    if (now !== st.connected) {
      st.connected = now;
      changed();
    }
  };
  const stopListening = onConnection((online) => {
    if (online && socket) socket.retry(); // the server is back: reconnect now, not after a pause
    connection();
  });

  function accept(message) {
    if (message.seat !== undefined) st.seat = message.seat ?? null;
    st.view = message.view;
    st.game = message.game;
    st.version = message.version ?? message.game.version;
    st.legal = message.legal_actions ?? null;
    st.analyses = message.analyses || [];
    st.undo = message.undo ?? null;
    st.undoRefusal = message.undo_refusal ?? null;
    if (message.invite_open !== undefined) st.inviteOpen = message.invite_open;
    if (st.game.status !== "waiting") st.inviteOpen = false;
  }

  function remember(steps) {
    for (const step of steps || []) st.log[step.index] = step;
  }

  async function load() {
    try {
      const data = await api.game(gameId, st.token);
      accept({ ...data, version: data.game.version });
      await reloadLog();
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && st.token) {
        st.token = null; // a token from another server or a forgotten game
        return load();
      }
      if (error instanceof ApiError && error.status === 0) {
        // the server is out of reach (the banner says so): load again when it answers
        const stop = onConnection((online) => {
          if (!online || st.gone) return;
          stop();
          load();
        });
        return;
      }
      if (hooks.onFatal) hooks.onFatal(error);
      return;
    }
    changed();
    socketUp = true;
    socket = connect(gameId, st.token, onMessage, (connected, code) => {
      socketUp = connected;
      if (connected) {
        reportOnline();
        stopPolling();
      } else if (code === 4429 || code === 4409) {
        // over a limit, or this seat's newer socket in another tab: keep up by polling
        if (code === 4409) toast(t("error.other_tab"), "warn", 6000);
        startPolling();
      } else if (code === 4401 || code === 4403) {
        st.token = null; // the seat is not ours (any more): watch instead
        if (socket) socket.close();
        load();
      } else if (code === 4404) {
        if (hooks.onFatal) hooks.onFatal(new ApiError("no such game", 404, null));
      } else if (code !== 4400 && code !== 1003 && code !== 1008) {
        reportOffline(); // not a refusal: the server is gone (or going)
      }
      connection();
    });
  }

  function startPolling() {
    if (poller !== null || st.gone) return;
    poller = setInterval(async () => {
      if (st.gone) return stopPolling();
      try {
        const answer = await api.poll(gameId, st.token, etag);
        if (!answer.changed) return;
        etag = answer.etag;
        const data = answer.data.game; // after an undo a version comes again: updated_at tells
        if (data.version !== st.version || data.status !== st.game.status || data.updated_at !== st.game.updated_at) {
          accept({ ...answer.data, version: answer.data.game.version });
          await reloadLog();
          changed();
        }
      } catch (_) { /* the banner says when the server is out of reach */ }
    }, POLL_MS);
  }

  function stopPolling() {
    clearInterval(poller);
    poller = null;
  }

  async function reloadLog() {
    const data = await api.log(gameId, st.token, 0);
    st.log = [];
    remember(data.entries);
    changed();
  }

  function onMessage(message) {
    if (st.gone) return;
    if (message.type === "welcome" || message.type === "game") {
      accept(message);
      if (message.version > st.log.length) reloadLog();
      changed();
    } else if (message.type === "update" || message.type === "undo") {
      queue.push(message); // in order: an undo never overtakes the update it takes back
      pump();
    } else if (message.type === "preview_result") {
      const resolve = previews.get(message.id);
      previews.delete(message.id);
      if (resolve) resolve(message);
    } else if (message.type === "thinking") {
      st.thinking = message.seat;
      changed();
    } else if (message.type === "error") {
      // the reason of a refusal, or of a message the server did not understand: the close
      // code that follows says what to do (onStatus), so the player gets no message for it
      console.warn(`bitva server: ${message.error}`);
    }
  }

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length && !st.gone) {
        const message = queue.shift();
        if (message.type === "undo") {
          takenBack(message);
          continue;
        }
        if (message.version <= st.version) continue;
        const first = message.steps && message.steps.length ? message.steps[0].index : st.log.length;
        const missed = first > st.log.length;
        const fast = queue.length > 2 || document.hidden;
        const before = st.view;
        accept(message);
        st.thinking = null;
        remember(message.steps);
        if (missed) reloadLog();
        const waiting = hooks.onUpdate ? hooks.onUpdate(message, { before, fast }) : null;
        changed();
        if (waiting) await waiting;
      }
    } finally {
      pumping = false;
    }
    changed();
  }

  /** A step was taken back (issue 21 point 11): the game as it was before it, its log entry
   * gone. The same message may come twice (the answer to this seat's own undo and its socket's
   * push): the second changes nothing. */
  function takenBack(message) {
    if (message.version >= st.version) return;
    accept(message);
    st.thinking = null;
    st.log.length = Math.min(st.log.length, message.undone);
    analyses.clear(); // the next version is a new position: nothing asked before fits it
    if (hooks.onUndo) hooks.onUndo();
    const who = message.game.seats.find((s) => s.seat === message.actor);
    if (who && message.actor !== st.seat) {
      toast(t("undo.other", { player: who.name || t("seat.player", { seat: who.seat }) }), "info", 4000);
    }
    changed();
  }

  /** Take back this seat's last decision (refused with a reason, shown as a toast). */
  async function undo() {
    if (st.busy || !st.token || !st.connected || st.undo !== true) return;
    st.busy = true;
    changed();
    try {
      const result = await api.undo(gameId, st.token, st.version);
      queue.push(result); // {type: "undo", actor, undone, version, view, ...}
      pump();
      toast(t("undo.done"), "info", 2500);
    } catch (error) {
      if (error instanceof ApiError && error.rule) {
        toast(t("error.illegal", { message: error.message }), "error", 4200, t("result.rule", { rule: error.rule }));
      } else {
        showError(error);
      }
    } finally {
      st.busy = false;
      changed();
    }
  }

  async function play(action) {
    if (st.busy || !st.token || !st.connected) return;
    st.busy = true;
    changed();
    try {
      const result = await api.act(gameId, st.token, action, st.version);
      queue.push({ type: "update", actor: st.seat, ...result });
      pump();
    } catch (error) {
      if (error instanceof ApiError && error.rule) {
        toast(t("error.illegal", { message: error.message }), "error", 4200, t("result.rule", { rule: error.rule }));
      } else {
        showError(error);
      }
      try {
        const data = await api.game(gameId, st.token);
        accept({ ...data, version: data.game.version });
      } catch (_) { /* the socket will bring it */ }
    } finally {
      st.busy = false;
      changed();
    }
  }

  /**
   * What `action` (text) would do, before it is played (issue 22): resolves with
   * {version, legal, violation: {message, rule} | null, facts} or, where the server refuses the
   * preview (text it cannot read, not this seat's turn), {error, rule, status}. Asked on the
   * game's socket (`preview` / `preview_result`), or by REST while the socket is down; an
   * answer that was overtaken by a newer question resolves null.
   */
  function preview(action) {
    previewId = (previewId + 1) % 2147483647;
    const id = previewId;
    for (const [old, resolve] of previews) { // only the newest question matters
      previews.delete(old);
      resolve(null);
    }
    return new Promise((resolve) => {
      previews.set(id, resolve);
      const message = { type: "preview", action, version: st.version, id };
      if (socket && socketUp && socket.send(message)) return;
      api.preview(gameId, st.token, action, st.version).then(
        (answer) => ({ ...answer, id }),
        (error) => ({ id, error: error.message, rule: error.rule, status: error.status }),
      ).then((answer) => onMessage({ type: "preview_result", ...answer }));
    });
  }

  /** An analysis for this seat at the current version ({version, result}), asked once (an
   * analysis that takes parameters: once for each set of them). */
  function analysis(name, parameters = null) {
    const key = parameters ? `${name} ${JSON.stringify(parameters)}` : name;
    const cached = analyses.get(key);
    if (cached && cached.version === st.version) return cached.promise;
    const version = st.version;
    const promise = api.analysis(gameId, st.token, name, parameters).catch((error) => {
      analyses.delete(key);
      throw error;
    });
    analyses.set(key, { version, promise });
    return promise;
  }

  /** A new join link for an open seat (its old link stops working). */
  async function newInvite(seat) {
    const data = await api.invite(gameId, st.token, seat);
    st.invites = { ...st.invites, [data.seat]: data.join_code };
    saveSeat(gameId, { invites: st.invites });
    changed();
  }

  load();
  return {
    st,
    play,
    undo,
    analysis,
    preview,
    newInvite,
    myTurn: () => Boolean(st.view && st.seat && st.game && st.game.to_move === st.seat && !st.game.outcome),
    close() {
      st.gone = true;
      stopListening();
      stopPolling();
      if (socket) socket.close();
    },
  };
}
