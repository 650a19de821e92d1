// The replay viewer: every move of a game as this browser's seat saw it (or a spectator's), with
// the game's board (its module's, or the generic view), the events of the move and the log so
// far; step, jump or play it back. The server sends a replay in pages (a long game is megabytes):
// the first is shown at once, the others are fetched one after another behind it, and a page
// refused for the rate (429) is asked again after a pause.
import { api, seatFor } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { gameModule } from "./games.js";
import { setHeaderGame } from "./header.js";
import { describeEvent, renderLog, resultBox } from "./log.js";

const PAGE_RETRY_MS = 2000; // after a 429: the replay rate allows a page or two a second

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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

  // the last step of the whole replay (some may not have arrived yet)
  const lastStep = () => st.data.total - 1;

  function go(index) {
    if (!st.data) return;
    st.index = Math.max(0, Math.min(lastStep(), index));
    render();
  }

  function togglePlay() {
    if (st.timer) {
      clearInterval(st.timer);
      st.timer = null;
    } else {
      if (st.index >= lastStep()) st.index = 0;
      st.timer = setInterval(() => {
        if (st.index >= lastStep()) {
          clearInterval(st.timer);
          st.timer = null;
          render();
          return;
        }
        if (st.index + 1 < st.data.steps.length) go(st.index + 1); // else: its page is on its way
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
    const last = lastStep();
    const events = !step || st.index === 0 ? [] : step.events || [];
    if (step) mod.replayBoard(boardCol, { view: { ...step.view, ...shared }, events, game, seat, index: st.index }, ctx);
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
    if (!step) { // its page has not arrived yet: render() runs again when it does
      stepBox.replaceChildren(h("p", { class: "muted", text: t("lobby.loading") }));
      return;
    }
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

  async function loadPages() {
    let from = 0;
    while (from !== null && !st.gone) {
      let page;
      try {
        page = await api.replay(gameId, token, from);
      } catch (error) {
        if (error.status !== 429) throw error;
        await pause(PAGE_RETRY_MS);
        continue;
      }
      if (st.gone) return;
      if (!st.data) {
        st.mod = await gameModule(page.game.game);
        st.data = { game: page.game, seat: page.seat, total: page.total, shared: {}, steps: [] };
        st.index = 0;
        setHeaderGame(st.mod.t("app.title") === "app.title" ? page.game.title : st.mod.t("app.title"));
      }
      for (const [key, table] of Object.entries(page.shared || {})) {
        st.data.shared[key] = { ...(st.data.shared[key] || {}), ...table };
      }
      st.data.steps.push(...page.steps);
      from = page.next;
      render();
    }
  }

  loadPages().catch((error) => { st.error = error.status === 404 ? t("error.no_game") : t("error.generic", { message: error.message }); render(); });
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
