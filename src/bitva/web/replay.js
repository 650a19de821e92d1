// The replay viewer: every move of a game as this browser's seat saw it (or a spectator's), with
// the game's board (its module's, or the generic view), the events of the move and the log so
// far; step, jump or play it back.
import { api, seatFor } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { gameModule } from "./games.js";
import { setHeaderGame } from "./header.js";
import { describeEvent, renderLog, resultBox } from "./log.js";

export function replayScreen(root, gameId) {
  const held = seatFor(gameId);
  const token = held ? held.token : null;
  const st = { data: null, mod: null, index: 0, timer: null, error: null, gone: false };
  const boardCol = h("div", { class: "board-col" });
  const controls = h("div", { class: "replay-controls", id: "replay-controls" });
  const stepBox = h("div", { class: "prompt", id: "replay-step" });
  const log = h("ol", { class: "log", id: "replay-log" });
  const logTitle = h("h3");
  const page = h("section", { class: "game replay", id: "replay" },
    boardCol,
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
    if (!st.data || !st.mod) {
      stepBox.replaceChildren(h("p", { class: "muted", text: t("lobby.loading") }));
      return;
    }
    const mod = st.mod;
    logTitle.textContent = t("panel.log");
    const { steps, shared, game, seat } = st.data;
    const ctx = { t: mod.t, meta: mod.meta, mod, game, seat };
    const step = steps[st.index];
    const view = { ...step.view, ...shared };
    const last = steps.length - 1;
    const events = st.index === 0 ? [] : step.events || [];
    mod.replayBoard(boardCol, { view, events, game, seat, index: st.index }, ctx);
    const slider = h("input", { type: "range", min: 0, max: last, value: st.index, id: "replay-slider", "aria-label": t("replay.step", { step: st.index, steps: last }), onInput: (e) => go(Number(e.target.value)) });
    const b = (label, action, onClick, disabled) => h("button", { type: "button", class: "small", dataset: { action }, disabled, onClick, text: label });
    controls.replaceChildren(
      h("div", { class: "replay-title", text: t("replay.step", { step: st.index, steps: last }) }),
      slider,
      h("div", { class: "buttons" },
        b("«", "first", () => go(0), st.index === 0),
        b(`◀ ${t("replay.prev")}`, "prev", () => go(st.index - 1), st.index === 0),
        b(st.timer ? `‖ ${t("replay.pause")}` : `▶ ${t("replay.play")}`, "play", togglePlay, false),
        b(`${t("replay.next")} ▶`, "next", () => go(st.index + 1), st.index === last),
        b("»", "last", () => go(last), st.index === last),
      ),
    );
    const entries = [{ seat: step.seat, events }];
    const items = mod.own && mod.logEvents ? mod.logEvents(entries, ctx) : entries[0].events.map((event) => ({ event }));
    const lines = items.map(({ event }) => describeEvent(mod, event, ctx)).filter(Boolean);
    stepBox.replaceChildren(
      ...(st.index === 0 ? [h("p", { class: "muted", text: mod.t("replay.start") })] : lines.map((line) => h("p", { class: "step-line", text: line }))),
    );
    if (st.index === last && game.outcome) stepBox.append(...resultBox(mod, game.outcome, ctx));
    renderLog(log, steps.slice(0, st.index + 1).map((x) => ({ seat: x.seat ?? -1, events: x.events })), mod, ctx);
  }

  function onKey(event) {
    if (event.target && ["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName) && event.target.type !== "range") return;
    if (event.key === "ArrowRight") go(st.index + 1);
    else if (event.key === "ArrowLeft") go(st.index - 1);
    else if (event.key === " ") { event.preventDefault(); togglePlay(); }
  }
  document.addEventListener("keydown", onKey);

  api.replay(gameId, token)
    .then(async (data) => {
      st.mod = await gameModule(data.game.game);
      st.data = data;
      st.index = 0;
      setHeaderGame(st.mod.t("app.title") === "app.title" ? data.game.title : st.mod.t("app.title"));
      render();
    })
    .catch((error) => { st.error = error.status === 404 ? t("error.no_game") : t("error.generic", { message: error.message }); render(); });
  render();
  return {
    rerender: render,
    unmount() {
      st.gone = true;
      if (st.timer) clearInterval(st.timer);
      document.removeEventListener("keydown", onKey);
      setHeaderGame(null);
    },
  };
}
