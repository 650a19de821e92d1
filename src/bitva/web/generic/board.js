// The generic board: how a game without a module of its own is played in the browser on its
// first day. It shows what this seat sees (the view, as readable tables), its legal actions as
// buttons (and a text field where a game's actions cannot be listed), the analyses the game
// offers now, the players, and the log.
import { showError } from "../connection.js";
import { h } from "../dom.js";
import { humanise, t } from "../i18n.js";
import { renderLog, resultBox } from "../log.js";
import { waitingPrompt } from "../parts.js";
import { seatLabel } from "../words.js";
import { renderValue } from "./view.js";

function seatsLine(game, mySeat) {
  return h("ul", { class: "seat-list", id: "seats" }, ...game.seats.map((x) => h("li", {
    class: ["seat-chip", `p${x.seat}`, game.to_move === x.seat && !game.outcome && "to-move", x.result],
    dataset: { seat: x.seat },
  },
  h("span", { class: ["chip", `p${x.seat}`], text: `P${x.seat}` }),
  h("span", { text: seatLabel(game, mySeat, x.seat) }),
  x.joined ? null : h("span", { class: "muted", text: ` ${t("seat.waiting")}` }),
  x.result ? h("span", { class: "seat-result", text: ` · ${t(`seat.result_${x.result}`)}` }) : null,
  x.score !== null && x.score !== undefined ? h("span", { class: "seat-score", text: ` (${x.score})` }) : null,
  )));
}

export function mountGeneric(root, session, ctx) {
  const { st } = session;
  const mod = ctx.mod;
  const els = {
    turnLine: h("div", { class: "turn-line", id: "turn-line" }),
    seats: h("div", { class: "seats-box" }),
    view: h("div", { class: "panel generic-view", id: "view" }),
    prompt: h("div", { id: "prompt", class: "prompt", "aria-live": "polite" }),
    analyses: h("div", { class: "panel analyses", id: "analyses" }),
    logTitle: h("h3"),
    log: h("ol", { id: "log", class: "log" }),
  };
  const results = new Map(); // analysis name -> {version, result}
  const screen = h("section", { class: "game generic", id: "game", dataset: { game: st.id } },
    h("div", { class: "board-col" },
      h("div", { class: "board-head" }, els.turnLine),
      els.seats,
      els.view,
    ),
    h("aside", { class: "side" }, els.prompt, els.analyses, h("div", { class: "log-box" }, els.logTitle, els.log)),
  );
  root.append(screen);

  function actionButtons() {
    const box = h("div", { class: "actions", id: "actions" });
    for (const action of st.legal || []) {
      box.append(h("button", {
        type: "button", class: "action-button", dataset: { action }, disabled: st.busy || !st.connected,
        onClick: () => session.play(action), text: action,
      }));
    }
    return box;
  }

  function textAction() {
    const input = h("input", { type: "text", id: "action-text", maxLength: 200, "aria-label": t("board.type"), placeholder: t("board.type") });
    return h("form", {
      class: "action-form", onSubmit: (e) => {
        e.preventDefault();
        if (input.value.trim()) session.play(input.value.trim());
      },
    }, input, h("button", { type: "submit", class: "primary", dataset: { action: "play-text" }, disabled: st.busy || !st.connected, text: t("board.play") }));
  }

  function drawPrompt() {
    const box = els.prompt;
    box.replaceChildren();
    const game = st.game;
    let mode;
    if (game.outcome) {
      mode = "over";
      box.append(...resultBox(mod, game.outcome, { ...ctx, game, seat: st.seat }),
        h("div", { class: "buttons" },
          h("a", { class: "button primary", href: `#/replay/${st.id}`, dataset: { action: "replay" }, text: t("button.replay") }),
          h("a", { class: "button", href: "#/", text: t("button.new_game") }),
        ));
    } else {
      mode = waitingPrompt(box, session);
      if (!mode) {
        mode = "mine";
        box.append(h("p", { class: "strong", text: t("prompt.mine") }));
        if (st.legal) box.append(actionButtons());
        if (!ctx.meta || ctx.meta.traits.actions !== "enumerable" || !st.legal) box.append(textAction());
      }
    }
    box.dataset.mode = mode;
    box.dataset.version = String(st.version);
    box.classList.toggle("mine", mode === "mine");
  }

  function drawAnalyses() {
    const box = els.analyses;
    box.replaceChildren();
    const known = ctx.meta ? ctx.meta.analyses : [];
    const offered = known.filter((a) => st.analyses.includes(a.name));
    box.classList.toggle("empty", offered.length === 0);
    if (!offered.length) return;
    box.append(h("h3", { text: t("board.analyses") }));
    for (const item of offered) {
      const shown = results.get(item.name);
      box.append(h("button", {
        type: "button", class: "small", dataset: { analysis: item.name }, title: item.description, disabled: !st.connected,
        onClick: async () => {
          try {
            const data = await session.analysis(item.name);
            results.set(item.name, data);
            render();
          } catch (error) { showError(error); }
        },
        text: item.title,
      }));
      if (shown && shown.version === st.version) {
        box.append(h("div", { class: "analysis-result", dataset: { analysis: item.name } }, renderValue(shown.result, st.seat)));
      }
    }
  }

  function render() {
    if (!st.view || st.gone) return;
    const game = st.game;
    screen.dataset.version = String(st.version);
    screen.dataset.seat = st.seat ? String(st.seat) : "";
    screen.dataset.status = game.outcome ? "over" : game.status;
    els.turnLine.textContent = game.outcome
      ? `${game.title} · ${t("board.over")}`
      : t("board.turn", { turn: game.turn, player: seatLabel(game, st.seat, game.to_move), phase: humanise(game.phase) });
    els.seats.replaceChildren(seatsLine(game, st.seat));
    els.view.replaceChildren(h("h3", { text: t("board.view") }), renderValue(st.view, st.seat));
    drawPrompt();
    drawAnalyses();
    els.logTitle.textContent = t("panel.log");
    renderLog(els.log, st.log.filter(Boolean), mod, { ...ctx, game, seat: st.seat });
    document.title = `${session.myTurn() ? "● " : ""}${game.title} — bitva`;
  }

  return { render, unmount() {} };
}

/** A replay step of a game without a module: its view. */
export function genericReplayBoard(root, step) {
  root.replaceChildren(
    h("div", { class: "board-head" }, h("div", { class: "turn-line", text: `${t("replay.title")} · ${step.game.title}` })),
    h("div", { class: "panel generic-view", id: "replay-view" }, renderValue(step.view, step.seat)),
  );
}
