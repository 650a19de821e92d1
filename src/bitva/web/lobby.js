// The lobby: a new game (the game, its options, your seat and who plays each other seat: the AI
// at a level or a friend), the games this browser holds a seat in, and the games on the server.
import { api, ApiError, forgetSeat, heldSeats, saveSeat } from "./api.js";
import { isOnline, onConnection, showError } from "./connection.js";
import { h } from "./dom.js";
import { lang, t } from "./i18n.js";
import { gameModule, meta as loadMeta } from "./games.js";
import { schemaForm } from "./schema_form.js";
import { seatAgainst, seatLabel, seatOrder } from "./words.js";

const GAME_KEY = "bitva.lastGame";
const PAGE = 12; // games per page of each list
const formKey = (name) => `bitva.form.${name}`;

function stored(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null") ?? fallback;
  } catch (_) {
    return fallback;
  }
}

function store(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch (_) { /* storage off */ }
}

function radio(name, value, label, checked, extra = {}) {
  const id = `${name}-${value}`;
  return h("label", { class: "radio", for: id },
    h("input", { type: "radio", name, value, id, checked, ...extra }),
    h("span", { text: label }),
  );
}

function field(label, ...control) {
  return h("div", { class: "field" }, h("div", { class: "field-label", text: label }), h("div", { class: "field-control" }, ...control));
}

/** How a finished game ended, from this browser's seat (or for anybody): "You won", "Won by
 * Ann", "A draw". */
function outcomeText(game, seat) {
  const outcome = game.outcome;
  if (!outcome) return "";
  const me = seat ? game.seats.find((x) => x.seat === seat) : null;
  if (me && me.result) return t(me.result === "win" ? "lobby.won_you" : me.result === "loss" ? "lobby.lost_you" : "lobby.draw");
  if (outcome.result === "draw") return t("lobby.draw");
  const winners = outcome.winners || game.seats.filter((x) => x.result === "win").map((x) => x.seat);
  // a solo game has nobody else to win it: its one player lost
  if (!winners.length && game.seats.length === 1) return t("lobby.lost_by", { who: seatLabel(game, null, game.seats[0].seat) });
  if (!winners.length) return t("lobby.nobody");
  return t("lobby.winner", { n: winners.length, list: winners.map((w) => seatLabel(game, null, w)).join(", ") });
}

/** Who played what: "You: Orcs · against the computer (hard): Dwarves" for this browser's seat,
 * "Ann: Orcs · Computer (hard): Dwarves" for a game it only watches. What a seat plays comes
 * from the game's module (`seatSide`); the shell knows no game. */
function seatsText(game, seat, gmod) {
  const side = (s) => (gmod && gmod.seatSide ? gmod.seatSide(game, s, { t: gmod.t, meta: gmod.meta, game }) : null);
  const named = (label, s) => (side(s) ? `${label}: ${side(s)}` : label);
  if (!seat) return game.seats.map((x) => named(seatLabel(game, null, x.seat), x.seat)).join(" · ");
  const mine = side(seat) ? t("lobby.you_side", { side: side(seat) }) : t("lobby.you");
  const others = game.seats.filter((x) => x.seat !== seat).map((x) => named(seatAgainst(game, x.seat), x.seat));
  return others.length ? `${mine} · ${t("lobby.against", { who: others.join(", ") })}` : mine;
}

/** "Newer" and "Older" buttons under a list, when there is more to see. */
function pager(id, page, more, go) {
  if (page === 0 && !more) return ""; // nothing to page (append() would write a null as "null")
  return h("div", { class: "pager", id },
    h("button", { type: "button", class: "small", dataset: { page: "newer" }, disabled: page === 0, onClick: () => go(page - 1), text: `← ${t("lobby.newer")}` }),
    h("span", { class: "muted small", text: t("lobby.page", { page: page + 1 }) }),
    h("button", { type: "button", class: "small", dataset: { page: "older" }, disabled: !more, onClick: () => go(page + 1), text: `${t("lobby.older")} →` }),
  );
}

export function lobbyScreen(root) {
  let meta = null;
  let gone = false;
  let chosen = null; // the game of the form
  let mod = null; // its module
  let options = null; // its options form: {element, values(seat)}
  let seats = 2;
  let checking = null;
  const formBox = h("div", { class: "panel new-game" });
  const mineBox = h("div", { class: "panel" });
  const recentBox = h("div", { class: "panel" });
  const howBox = h("div", { class: "panel how" });
  const page = h("section", { class: "lobby", id: "lobby" },
    h("div", { class: "lobby-main" }, formBox),
    h("div", { class: "lobby-side" }, howBox, mineBox, recentBox),
  );
  root.append(page);
  let mine = [];
  let minePage = 0;
  let mineMore = false;
  let recent = [];
  let recentPage = 0;
  let recentMore = false;
  const modules = new Map(); // game name -> its module, for the lists

  function seatsBox(saved) {
    const box = h("div", { id: "seats-box" });
    if (seats === 1) {
      box.append(field(t("lobby.seat"), h("p", { class: "muted", id: "solo", text: t("lobby.solo") })));
      return box;
    }
    const seatChoice = String(saved.seat || "1");
    box.append(field(t("lobby.seat"),
      ...Array.from({ length: seats }, (_, i) => radio("seat", String(i + 1), seatName(i + 1), seatChoice === String(i + 1))),
      radio("seat", "random", t("lobby.seat_random"), seatChoice === "random" || Number(seatChoice) > seats),
    ));
    // only the levels that can play this game (a game's own scripted opponent plays only it)
    const playable = meta.levels.filter((l) => !chosen.levels || chosen.levels.includes(l.name));
    const fallback = chosen.default_level || meta.default_level;
    const levels = playable.map((l) => ({
      value: l.name,
      label: `${t(`level.${l.name}`).startsWith("level.") ? l.name : t(`level.${l.name}`)}${l.name === fallback ? ` ${t("level.default")}` : ""}`,
    }));
    const before = saved.opponents || [];
    for (let k = 1; k < seats; k++) {
      const was = before[k - 1] || {};
      const kind = was.kind || "ai";
      const level = h("select", { name: `level-${k}`, id: `level-${k}`, disabled: kind !== "ai" });
      const wanted = was.level && playable.some((l) => l.name === was.level) ? was.level : fallback;
      for (const { value, label } of levels) level.append(h("option", { value, selected: value === wanted, text: label }));
      const sync = () => { level.disabled = box.querySelector(`input[name="opponent-${k}"]:checked`).value !== "ai"; };
      box.append(field(seats === 2 ? t("lobby.opponent") : t("lobby.opponent_n", { seat: k }),
        h("div", { class: "opponent-choice", dataset: { opponent: k } },
          radio(`opponent-${k}`, "ai", t("lobby.ai"), kind === "ai", { onChange: sync }),
          h("div", { class: "level-line" }, level),
          radio(`opponent-${k}`, "friend", t("lobby.friend"), kind === "friend", { onChange: sync }),
        ),
      ));
    }
    // the table's undo option (issue 21 point 11): against the computer a player may always take
    // back a decision it has not answered yet; friends are shown every move, so only if they agree
    const undo = h("input", { type: "checkbox", id: "undo-option", name: "undo", checked: Boolean(saved.undo) });
    box.append(field(t("lobby.undo"),
      h("label", { class: "radio", for: "undo-option" }, undo, h("span", { text: t("lobby.undo_friends") })),
    ));
    return box;
  }

  /** What the new-game form calls a seat: the game module's words for these options ("South
   * (moves second)"), else "first", "second". */
  function seatName(seat) {
    const ctx = { t: mod && mod.t, meta: chosen, lobby: chosen && chosen.lobby };
    const own = mod && mod.own && mod.seatChoice && options ? mod.seatChoice(seat, options, ctx) : null;
    return own || seatOrder(seat);
  }

  function readSeats(form) {
    const box = form.querySelector("#seats-box");
    if (seats === 1) return { seat: 1, choice: "1", opponents: [] };
    const choice = box.querySelector('input[name="seat"]:checked').value;
    const seat = choice === "random" ? 1 + Math.floor(Math.random() * seats) : Number(choice);
    const opponents = [];
    for (let k = 1; k < seats; k++) {
      const kind = box.querySelector(`input[name="opponent-${k}"]:checked`).value;
      opponents.push(kind === "ai" ? { kind, level: box.querySelector(`#level-${k}`).value } : { kind });
    }
    const undo = Boolean(box.querySelector("#undo-option")?.checked);
    return { seat, choice, opponents, undo };
  }

  /** Ask the server how many seats these options make (a game with a seat range). */
  function optionsChanged() {
    for (const input of formBox.querySelectorAll('#seats-box input[name="seat"]')) { // the options may change what a seat is
      if (input.value !== "random" && input.nextElementSibling) input.nextElementSibling.textContent = seatName(Number(input.value));
    }
    if (!chosen || chosen.seats.min === chosen.seats.max || !options) return;
    clearTimeout(checking);
    checking = setTimeout(async () => {
      const error = formBox.querySelector("#options-error");
      try {
        const data = await api.options(chosen.name, options.values(1));
        if (error) error.textContent = "";
        if (data.seats !== seats) {
          seats = data.seats;
          const form = formBox.querySelector("form");
          const saved = stored(formKey(chosen.name), {});
          form.querySelector("#seats-box").replaceWith(seatsBox(saved));
        }
      } catch (err) {
        if (error) error.textContent = err.message;
      }
    }, 200);
  }

  function drawForm() {
    formBox.replaceChildren(h("h2", { text: t("lobby.new") }));
    if (!meta || !mod) {
      formBox.append(h("p", { class: "muted", text: t("lobby.loading") }));
      return;
    }
    const saved = stored(formKey(chosen.name), {});
    const ctx = { t: mod.t, meta: chosen, lobby: chosen.lobby };
    options = mod.own && mod.optionsForm ? mod.optionsForm(ctx, saved.options || {}, optionsChanged) : schemaForm(chosen.options_schema, chosen.defaults, saved.options || {}, optionsChanged);
    if (chosen.seats.min === chosen.seats.max) seats = chosen.seats.min;
    const gameSelect = h("select", { id: "game-select", name: "game", onChange: (e) => choose(e.target.value) });
    for (const game of meta.games) gameSelect.append(h("option", { value: game.name, selected: game.name === chosen.name, text: game.title }));
    const form = h("form", { id: "new-game", class: "form", novalidate: true, dataset: { game: chosen.name }, onSubmit: (e) => { e.preventDefault(); start(form); } });
    form.append(
      field(t("lobby.game"), gameSelect),
      options.element,
      h("div", { class: "error small", id: "options-error" }),
      seatsBox(saved),
      field(t("lobby.name"), h("input", { type: "text", name: "name", id: "name", maxLength: meta.limits.name_length || 40, placeholder: t("lobby.name_placeholder"), value: saved.name || "" })),
      h("div", { class: "buttons" }, h("button", { type: "submit", class: "primary big", id: "start", text: t("lobby.start") })),
    );
    formBox.append(form);
    syncStart();
    optionsChanged();
  }

  async function choose(name) {
    chosen = meta.games.find((g) => g.name === name) || meta.games[0];
    store(GAME_KEY, chosen.name);
    mod = null;
    drawForm();
    try {
      mod = await gameModule(chosen.name);
    } catch (error) {
      showError(error);
      return;
    }
    // a game with a seat range: last time's count until the server says (optionsChanged)
    if (chosen.seats.min !== chosen.seats.max) seats = stored(formKey(chosen.name), {}).seats || chosen.seats.min;
    render();
  }

  async function start(form) {
    if (!form.checkValidity()) {
      form.reportValidity();
      return;
    }
    const { seat, choice, opponents, undo } = readSeats(form);
    const values = options.values(seat);
    if (!values) return; // the module's form said why
    const name = form.elements.name.value.trim();
    const saved = stored(formKey(chosen.name), {});
    store(formKey(chosen.name), { ...saved, options: options.saved ? options.saved() : values, seat: choice, opponents, name, seats, undo });
    const body = { game: chosen.name, options: values, seat, opponents, name };
    if (undo && opponents.some((o) => o.kind === "friend")) body.undo = true; // else the default
    const button = form.querySelector("#start");
    button.disabled = true;
    try {
      const data = await api.create(body);
      const invites = Object.fromEntries(data.invites.map((i) => [i.seat, i.join_code]));
      saveSeat(data.game.id, { seat: data.seat, token: data.token, invites });
      location.hash = `#/game/${data.game.id}`;
    } catch (error) {
      showError(error);
      button.disabled = !isOnline();
    }
  }

  function drawHow() {
    const text = mod && mod.own && mod.howToPlay ? mod.howToPlay({ t: mod.t }) : t("lobby.how_text");
    howBox.replaceChildren(h("h2", { text: t("lobby.how") }), h("p", { text }));
  }

  function gameRow(game, seat, actions) {
    const status = game.outcome ? "over" : game.status;
    const gmod = modules.get(game.game);
    const ctx = gmod ? { t: gmod.t, meta: gmod.meta, game, seat } : null;
    const about = gmod ? gmod.describeOptions(game.options, ctx) : "";
    const ended = outcomeText(game, seat);
    const me = seat ? game.seats.find((x) => x.seat === seat) : null;
    return h("li", { class: "game-row", dataset: { game: game.id } },
      h("div", { class: "game-row-main" },
        h("div", { class: "game-row-title" },
          h("span", { class: ["status", status], text: t(`status.${status}`) }),
          h("span", { class: "game-title", text: game.title }),
          ended ? h("span", { class: ["game-result", me && me.result], dataset: { result: (me && me.result) || "" }, text: ended }) : null,
        ),
        h("div", { class: "game-row-seats", text: seatsText(game, seat, gmod) }),
        h("div", { class: "muted small", text: `${about}${about ? " · " : ""}${new Date(game.updated_at).toLocaleString(lang())}` }),
      ),
      h("div", { class: "game-row-actions" }, ...actions),
    );
  }

  function drawMine() {
    mineBox.replaceChildren(h("h2", { text: t("lobby.mine") }));
    if (!mine.length) {
      mineBox.append(h("p", { class: "muted", text: t("lobby.mine_empty") }));
      return;
    }
    const list = h("ul", { class: "game-list", id: "my-games" });
    for (const { id, game, seat } of mine) {
      const forget = h("button", { type: "button", class: "ghost small", text: t("lobby.forget"), onClick: () => { forgetSeat(id); loadMine(minePage); } });
      if (!game) {
        list.append(h("li", { class: "game-row" },
          h("div", { class: "game-row-main muted", text: `${id}: ${t("lobby.unavailable")}` }),
          h("div", { class: "game-row-actions" }, forget),
        ));
        continue;
      }
      const over = Boolean(game.outcome);
      list.append(gameRow(game, seat, [
        h("a", { class: "button small primary", href: over ? `#/replay/${id}` : `#/game/${id}`, text: over ? t("lobby.replay") : t("lobby.continue") }),
        forget,
      ]));
    }
    mineBox.append(list, pager("my-pages", minePage, mineMore, loadMine));
  }

  function drawRecent() {
    recentBox.replaceChildren(h("h2", { text: t("lobby.recent") }));
    if (!recent.length) {
      recentBox.append(h("p", { class: "muted", text: t("lobby.recent_empty") }));
      return;
    }
    const held = heldSeats();
    const list = h("ul", { class: "game-list", id: "recent-games" });
    for (const game of recent) {
      const over = Boolean(game.outcome);
      const seat = held[game.id] ? held[game.id].seat : null; // a game of this browser: its seat
      list.append(gameRow(game, seat, [
        h("a", { class: "button small", href: over ? `#/replay/${game.id}` : `#/game/${game.id}`, text: over ? t("lobby.replay") : seat ? t("lobby.continue") : t("lobby.watch") }),
      ]));
    }
    recentBox.append(list, pager("recent-pages", recentPage, recentMore, loadRecent));
  }

  function syncStart() {
    const button = formBox.querySelector("#start");
    if (button) button.disabled = !isOnline();
  }

  function render() {
    if (gone) return;
    drawForm();
    syncStart();
    drawHow();
    drawMine();
    drawRecent();
  }

  async function loadModules(games) {
    const names = [...new Set(games.map((g) => g.game))].filter((n) => !modules.has(n));
    await Promise.all(names.map(async (name) => {
      try { modules.set(name, await gameModule(name)); } catch (_) { /* a game this server lost */ }
    }));
  }

  /** One page of the games this browser holds a seat in, newest first. */
  async function loadMine(page = 0) {
    const held = heldSeats();
    const ids = Object.keys(held).sort((a, b) => (held[b].at || 0) - (held[a].at || 0));
    minePage = Math.max(0, Math.min(page, Math.ceil(ids.length / PAGE) - 1));
    mineMore = ids.length > (minePage + 1) * PAGE;
    const found = await Promise.all(
      ids.slice(minePage * PAGE, (minePage + 1) * PAGE).map(async (id) => {
        try {
          const data = await api.game(id, held[id].token);
          return { id, game: data.game, seat: data.seat };
        } catch (error) {
          if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return { id, game: null, seat: null };
          return null;
        }
      }),
    );
    const games = found.filter(Boolean);
    await loadModules(games.filter((m) => m.game).map((m) => m.game));
    if (gone) return;
    mine = games;
    drawMine();
  }

  /** One page of the games on the server, most recently active first (one more than a page is
   * asked for, to know whether there are older ones). */
  async function loadRecent(page = 0) {
    try {
      const games = (await api.list(PAGE + 1, page * PAGE)).games;
      await loadModules(games);
      if (gone) return;
      recentPage = page;
      recentMore = games.length > PAGE;
      recent = games.slice(0, PAGE);
    } catch (_) {
      if (gone) return;
      recent = [];
    }
    drawRecent();
  }

  function refresh() {
    loadMine(minePage);
    loadRecent(recentPage);
  }

  render();
  loadMeta()
    .then((data) => {
      meta = data;
      const last = stored(GAME_KEY, null);
      const first = data.games.find((g) => g.name === last) || data.games.find((g) => g.module) || data.games[0];
      return choose(first.name);
    })
    .catch((error) => {
      showError(error);
      // the server was out of reach: try again when it answers
      const stop = onConnection((online) => {
        if (!online || gone) return;
        stop();
        if (!meta) loadMeta().then((data) => { meta = data; return choose((data.games.find((g) => g.module) || data.games[0]).name); }).catch(showError);
      });
    });
  refresh();
  const stopListening = onConnection((online) => {
    syncStart();
    if (online) refresh();
  });
  return { rerender: render, unmount() { gone = true; stopListening(); } };
}
