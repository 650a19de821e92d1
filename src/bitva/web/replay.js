// The replay viewer: every step of a game as this browser's seat saw it (or a spectator), with
// the board, the events of the step and the log so far; step, jump or play it back.
import { api, seatFor } from "./api.js";
import { h, s } from "./dom.js";
import { t } from "./i18n.js";
import { drawBoard } from "./board.js";
import { describeEvent, describeOutcome, renderLog, seatLabel } from "./log.js";
import { playerStrip } from "./panels.js";

export function replayScreen(root, gameId) {
  const held = seatFor(gameId);
  const token = held ? held.token : null;
  const st = { data: null, index: 0, timer: null, error: null, gone: false, flip: null };
  const board = s("svg", { id: "replay-board", role: "img", "aria-label": "board" });
  const top = h("div", { class: "strip-top" });
  const bottom = h("div", { class: "strip-bottom" });
  const controls = h("div", { class: "replay-controls", id: "replay-controls" });
  const stepBox = h("div", { class: "prompt", id: "replay-step" });
  const log = h("ol", { class: "log", id: "replay-log" });
  const logTitle = h("h3");
  const head = h("div", { class: "turn-line" });
  const page = h("section", { class: "game replay", id: "replay" },
    h("div", { class: "board-col" }, h("div", { class: "board-head" }, head), top, h("div", { class: "board-wrap" }, board), bottom),
    h("aside", { class: "side" }, controls, stepBox, h("div", { class: "log-box" }, logTitle, log)),
  );
  root.append(page);

  function go(index) {
    if (!st.data) return;
    st.index = Math.max(0, Math.min(st.data.steps.length - 1, index));
    render();
  }

  function togglePlay() {
    if (st.timer) {
      clearInterval(st.timer);
      st.timer = null;
    } else {
      if (st.index >= st.data.steps.length - 1) st.index = 0;
      st.timer = setInterval(() => {
        if (st.index >= st.data.steps.length - 1) {
          clearInterval(st.timer);
          st.timer = null;
          render();
          return;
        }
        go(st.index + 1);
      }, 900);
    }
    render();
  }

  function render() {
    if (st.gone) return;
    if (st.error) {
      page.replaceChildren(h("div", { class: "panel fatal" }, h("p", { text: st.error }), h("a", { class: "button", href: "#/", text: t("button.lobby") })));
      return;
    }
    if (!st.data) {
      stepBox.replaceChildren(h("p", { class: "muted", text: t("lobby.loading") }));
      return;
    }
    logTitle.textContent = t("panel.log");
    const { steps, cards, game, seat } = st.data;
    const step = steps[st.index];
    const view = { ...step.view, cards };
    const flip = st.flip === null ? seat === 2 : st.flip;
    const last = steps.length - 1;
    const events = step.events || [];
    const anim = {
      appear: events.filter((e) => e.kind === "placed").map((e) => e.square),
      dying: events.filter((e) => e.kind === "eliminated").map((e) => ({ square: e.square, owner: e.owner, card: e.card })),
      shots: events.filter((e) => e.kind === "declared" && e.attack === "ranged").map((e) => ({ from: e.square, to: e.target })),
    };
    drawBoard(board, { view, cards, flip, ...anim });
    head.textContent = `${t("replay.title")} · ${t("turn.line", { n: Math.max(view.turn, 0), player: seatLabel(game, seat, view.active), phase: t(`phase.${view.phase}`) })}`;
    top.replaceChildren(playerStrip(view, game, seat, flip ? 1 : 2));
    bottom.replaceChildren(playerStrip(view, game, seat, flip ? 2 : 1));
    const slider = h("input", { type: "range", min: 0, max: last, value: st.index, id: "replay-slider", "aria-label": t("replay.step", { i: st.index, n: last }), onInput: (e) => go(Number(e.target.value)) });
    const b = (label, action, onClick, disabled) => h("button", { type: "button", class: "small", dataset: { action }, disabled, onClick, text: label });
    controls.replaceChildren(
      h("div", { class: "replay-title", text: t("replay.step", { i: st.index, n: last }) }),
      slider,
      h("div", { class: "buttons" },
        b("«", "first", () => go(0), st.index === 0),
        b(`◀ ${t("replay.prev")}`, "prev", () => go(st.index - 1), st.index === 0),
        b(st.timer ? `‖ ${t("replay.pause")}` : `▶ ${t("replay.play")}`, "play", togglePlay, false),
        b(`${t("replay.next")} ▶`, "next", () => go(st.index + 1), st.index === last),
        b("»", "last", () => go(last), st.index === last),
      ),
    );
    const lines = events.map((e) => describeEvent(e, game, seat)).filter(Boolean);
    stepBox.replaceChildren(
      ...(st.index === 0 ? [h("p", { class: "muted", text: t("replay.start") })] : lines.map((line) => h("p", { class: "step-line", text: line }))),
    );
    if (st.index === last && game.outcome) {
      const { result, reason } = describeOutcome(game.outcome, seat);
      stepBox.append(h("div", { class: "result", text: result }), h("div", { class: "muted", text: reason }));
    }
    renderLog(log, steps.slice(1, st.index + 1).map((x) => ({ seat: x.seat, events: x.events })), game, seat);
  }

  function onKey(event) {
    if (event.target && ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName) && event.target.type !== "range") return;
    if (event.key === "ArrowRight") go(st.index + 1);
    else if (event.key === "ArrowLeft") go(st.index - 1);
    else if (event.key === " ") { event.preventDefault(); togglePlay(); }
  }
  document.addEventListener("keydown", onKey);

  api.replay(gameId, token)
    .then((data) => { st.data = data; st.index = 0; render(); })
    .catch((error) => { st.error = error.status === 404 ? t("error.no_game") : t("error.generic", { message: error.message }); render(); });
  render();
  return {
    rerender: render,
    unmount() {
      st.gone = true;
      if (st.timer) clearInterval(st.timer);
      document.removeEventListener("keydown", onKey);
    },
  };
}
