// The generic board: how a game without a module of its own is played in the browser on its
// first day. It shows what this seat sees (the view, as readable tables), its legal actions as
// buttons (and a text field where a game's actions cannot be listed, which previews what is
// typed), the analyses the game offers now, the players, and the log.
import { showError } from "../connection.js";
import { h } from "../dom.js";
import { humanise, t } from "../i18n.js";
import { renderLog, resultBox } from "../log.js";
import { waitingPrompt } from "../parts.js";
import { schemaForm } from "../schema_form.js";
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

const PREVIEW_DELAY_MS = 250; // a preview once the player pauses typing
const ACTION_LENGTH = 8000; // the server's cap on an action's text (/api/meta limits)

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
  const forms = new Map(); // analysis name -> the form of its parameters, kept across renders
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

  // The text field of a game whose actions are typed. It lives across renders (a render while
  // the player types keeps what they typed) and is emptied when a new version arrives. In a
  // parametric game it previews what it holds as the player types (issue 22): once they pause,
  // the server says "legal" or why not (the rule in a tooltip), before anything is played.
  const typing = { input: null, verdict: null, version: null, timer: null };
  const previews = () => Boolean(ctx.meta && ctx.meta.traits.actions === "parametric");

  function showVerdict(answer) {
    const box = typing.verdict;
    box.replaceChildren();
    box.removeAttribute("title");
    delete box.dataset.rule;
    if (!answer) {
      box.dataset.state = "";
      return;
    }
    let line;
    if (answer.error) {
      box.dataset.state = "error";
      line = t("board.preview_error", { message: answer.error });
    } else if (answer.legal) {
      box.dataset.state = "legal";
      line = t("board.preview_legal");
    } else {
      box.dataset.state = "illegal";
      line = t("board.preview_illegal", { message: answer.violation.message });
    }
    const rule = answer.error ? answer.rule : answer.violation && answer.violation.rule;
    if (rule) {
      box.title = t("result.rule", { rule });
      box.dataset.rule = rule;
    }
    box.append(h("span", { class: "preview-verdict", text: line }));
    const facts = Object.entries(answer.facts || {});
    if (facts.length) {
      box.append(h("dl", { class: "preview-facts" }, ...facts.flatMap(([key, value]) => [
        h("dt", { text: humanise(key) }), h("dd", { dataset: { key } }, renderValue(value, st.seat, 1)),
      ])));
    }
  }

  function askPreview() {
    clearTimeout(typing.timer);
    const text = typing.input.value.trim();
    if (!text || !previews()) {
      showVerdict(null);
      return;
    }
    typing.timer = setTimeout(async () => {
      typing.verdict.dataset.state = "checking";
      const answer = await session.preview(text);
      if (!answer || typing.input.value.trim() !== text || st.gone) return; // overtaken
      showVerdict(answer.version === undefined || answer.version === st.version ? answer : null);
    }, PREVIEW_DELAY_MS);
  }

  function textAction() {
    if (!typing.input) {
      typing.input = h("input", {
        type: "text", id: "action-text", maxLength: ACTION_LENGTH,
        autocomplete: "off", "aria-describedby": "action-preview", onInput: askPreview,
      });
      typing.verdict = h("div", { id: "action-preview", class: "action-preview", "aria-live": "polite" });
    }
    if (typing.version !== st.version) { // a new position: what was typed was for the last one
      typing.version = st.version;
      typing.input.value = "";
      clearTimeout(typing.timer);
      showVerdict(null);
    }
    typing.input.setAttribute("aria-label", t("board.type"));
    typing.input.placeholder = t("board.type");
    const input = typing.input;
    const form = h("form", {
      class: "action-form", onSubmit: (e) => {
        e.preventDefault();
        if (input.value.trim()) session.play(input.value.trim());
      },
    }, input, h("button", { type: "submit", class: "primary", dataset: { action: "play-text" }, disabled: st.busy || !st.connected, text: t("board.play") }));
    return previews() ? h("div", { class: "typed-action" }, form, typing.verdict) : form;
  }

  function drawPrompt() {
    const box = els.prompt;
    const focused = typing.input !== null && document.activeElement === typing.input;
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
    if (focused && typing.input.isConnected) typing.input.focus(); // moved, not retyped
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
      let form = null; // an analysis that takes parameters asks for them (issue 22)
      if (item.parameters) {
        form = forms.get(item.name) || schemaForm(item.parameters);
        form.element.id = `analysis-form-${item.name}`;
        forms.set(item.name, form);
        box.append(form.element);
      }
      box.append(h("button", {
        type: "button", class: "small", dataset: { analysis: item.name }, title: item.description, disabled: !st.connected,
        onClick: async () => {
          try {
            const data = await session.analysis(item.name, form ? form.values() : null);
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
