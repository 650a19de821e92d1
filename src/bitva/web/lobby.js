// The lobby: a new game (armies, rules, variants, thresholds, the AI or a friend), the games this
// browser holds a seat in, and the games on the server; and the page a join link opens.
import { api, ApiError, forgetSeat, heldSeats, saveSeat, seatFor } from "./api.js";
import { h, toast } from "./dom.js";
import { t, term } from "./i18n.js";
import { levelName } from "./log.js";

const FORM_KEY = "bitva.lastForm";

function lastForm() {
  try {
    return JSON.parse(localStorage.getItem(FORM_KEY) || "{}") || {};
  } catch (_) {
    return {};
  }
}

function radio(name, value, label, checked, extra = {}) {
  const id = `${name}-${value}`;
  return h("label", { class: "radio", for: id },
    h("input", { type: "radio", name, value, id, checked, ...extra }),
    h("span", { text: label }),
  );
}

function select(name, options, chosen) {
  const el = h("select", { name, id: name });
  for (const { value, label } of options) el.append(h("option", { value, selected: value === chosen, text: label }));
  return el;
}

function describeGame(game) {
  const o = game.options;
  const armies = o.armies.map((a) => term("army", a)).join(` ${t("lobby.vs")} `);
  const rules = o.advanced || o.cavalry || o.berserkers ? t("lobby.advanced").split(" (")[0] : t("lobby.basic");
  const extra = [o.borderless ? t("lobby.borderless").split(" (")[0] : null, t("lobby.thresholds", { u: o.units_to_win, c: o.commands_to_win })].filter(Boolean);
  return `${armies} · ${rules} · ${extra.join(" · ")}`;
}

function opponentText(game, seat) {
  const other = game.seats.find((x) => x.seat !== seat);
  if (!other) return "";
  if (other.kind === "ai") return t("seat.ai", { level: levelName(other.level) });
  return other.name || t("seat.friend");
}

export function lobbyScreen(root) {
  let meta = null;
  let gone = false;
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
  let recent = [];

  function drawForm() {
    formBox.replaceChildren(h("h2", { text: t("lobby.new") }));
    if (!meta) {
      formBox.append(h("p", { class: "muted", text: t("lobby.loading") }));
      return;
    }
    const saved = lastForm();
    const armyOptions = meta.armies.map((a) => ({ value: a.name, label: term("army", a.name) }));
    const levels = meta.levels.map((l) => ({
      value: l.name,
      label: `${t(`level.${l.name}`).startsWith("level.") ? l.name : t(`level.${l.name}`)}${l.default ? ` ${t("level.default")}` : ""}`,
    }));
    const limits = meta.limits;
    const form = h("form", { id: "new-game", class: "form", novalidate: true, onSubmit: (e) => { e.preventDefault(); start(form); } });
    const field = (label, ...control) => h("div", { class: "field" }, h("div", { class: "field-label", text: label }), h("div", { class: "field-control" }, ...control));
    const opponent = saved.opponent || "ai";
    form.append(
      field(t("lobby.your_army"), select("mine", armyOptions, saved.mine || "orcs")),
      field(t("lobby.their_army"), select("theirs", armyOptions, saved.theirs || "dwarves")),
      field(t("lobby.rules"),
        radio("rules", "basic", t("lobby.basic"), !saved.advanced),
        radio("rules", "advanced", t("lobby.advanced"), Boolean(saved.advanced)),
      ),
      field("",
        h("label", { class: "check", for: "borderless" },
          h("input", { type: "checkbox", name: "borderless", id: "borderless", checked: Boolean(saved.borderless) }),
          h("span", { text: t("lobby.borderless") })),
      ),
      field(t("lobby.victory"),
        h("label", { class: "inline" },
          h("input", { type: "number", name: "units", id: "units", min: limits.units_to_win.ge, max: limits.units_to_win.le, value: saved.units || limits.units_to_win.default, required: true }),
          h("span", { text: t("lobby.units_to_win") })),
        h("label", { class: "inline" },
          h("input", { type: "number", name: "commands", id: "commands", min: limits.commands_to_win.ge, max: limits.commands_to_win.le, value: saved.commands || limits.commands_to_win.default, required: true }),
          h("span", { text: t("lobby.commands_to_win") })),
      ),
      field(t("lobby.opponent"),
        h("div", { class: "opponent-choice" },
          radio("opponent", "ai", t("lobby.ai"), opponent === "ai", { onChange: () => sync(form) }),
          h("div", { class: "level-line" }, select("level", levels, saved.level && meta.levels.some((l) => l.name === saved.level) ? saved.level : meta.default_level)),
          radio("opponent", "friend", t("lobby.friend"), opponent === "friend", { onChange: () => sync(form) }),
        ),
      ),
      field(t("lobby.seat"),
        radio("seat", "1", t("lobby.seat_1"), (saved.seat || "1") === "1"),
        radio("seat", "2", t("lobby.seat_2"), saved.seat === "2"),
        radio("seat", "random", t("lobby.seat_random"), saved.seat === "random"),
      ),
      field(t("lobby.name"), h("input", { type: "text", name: "name", id: "name", maxLength: 40, placeholder: t("lobby.name_placeholder"), value: saved.name || "" })),
      h("div", { class: "buttons" }, h("button", { type: "submit", class: "primary big", id: "start", text: t("lobby.start") })),
    );
    formBox.append(form);
    sync(form);
  }

  function sync(form) {
    const ai = form.elements.opponent.value === "ai";
    form.elements.level.disabled = !ai;
  }

  async function start(form) {
    const f = form.elements;
    const units = Number(f.units.value);
    const commands = Number(f.commands.value);
    if (!form.checkValidity() || !Number.isInteger(units) || !Number.isInteger(commands)) {
      form.reportValidity();
      return;
    }
    const values = {
      mine: f.mine.value,
      theirs: f.theirs.value,
      advanced: f.rules.value === "advanced",
      borderless: f.borderless.checked,
      units,
      commands,
      opponent: f.opponent.value,
      level: f.level.value,
      seat: f.seat.value,
      name: f.name.value.trim(),
    };
    localStorage.setItem(FORM_KEY, JSON.stringify(values));
    const seat = values.seat === "random" ? (Math.random() < 0.5 ? 1 : 2) : Number(values.seat);
    const armies = seat === 1 ? [values.mine, values.theirs] : [values.theirs, values.mine];
    const body = {
      options: { armies, advanced: values.advanced, borderless: values.borderless, units_to_win: units, commands_to_win: commands },
      opponent: values.opponent === "ai" ? { kind: "ai", level: values.level } : { kind: "friend" },
      seat,
      name: values.name,
    };
    const button = form.querySelector("#start");
    button.disabled = true;
    try {
      const data = await api.create(body);
      saveSeat(data.game.id, { seat: data.seat, token: data.token, code: data.join_code || undefined });
      location.hash = `#/game/${data.game.id}`;
    } catch (error) {
      toast(t("error.generic", { message: error.message }), "error");
      button.disabled = false;
    }
  }

  function drawHow() {
    howBox.replaceChildren(h("h2", { text: t("lobby.how") }), h("p", { text: t("lobby.how_text") }));
  }

  function gameRow(game, seat, actions) {
    const status = game.outcome ? "over" : game.status;
    return h("li", { class: "game-row", dataset: { game: game.id } },
      h("div", { class: "game-row-main" },
        h("div", { class: "game-row-title" },
          h("span", { class: ["status", status], text: t(`status.${status}`) }),
          h("span", { text: seat ? ` ${t("lobby.vs")} ${opponentText(game, seat)}` : ` ${game.seats.map((x) => (x.kind === "ai" ? t("seat.ai", { level: levelName(x.level) }) : x.name || t("seat.player", { n: x.seat }))).join(` ${t("lobby.vs")} `)}` }),
        ),
        h("div", { class: "muted small", text: `${describeGame(game)} · ${new Date(game.updated_at).toLocaleString()}` }),
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
      if (!game) {
        list.append(h("li", { class: "game-row" },
          h("div", { class: "game-row-main muted", text: `${id}: ${t("lobby.unavailable")}` }),
          h("div", { class: "game-row-actions" }, h("button", { type: "button", class: "ghost small", text: t("lobby.forget"), onClick: () => { forgetSeat(id); refresh(); } })),
        ));
        continue;
      }
      const over = Boolean(game.outcome);
      list.append(gameRow(game, seat, [
        h("a", { class: "button small primary", href: over ? `#/replay/${id}` : `#/game/${id}`, text: over ? t("lobby.replay") : t("lobby.continue") }),
        h("button", { type: "button", class: "ghost small", text: t("lobby.forget"), onClick: () => { forgetSeat(id); refresh(); } }),
      ]));
    }
    mineBox.append(list);
  }

  function drawRecent() {
    recentBox.replaceChildren(h("h2", { text: t("lobby.recent") }));
    const held = heldSeats();
    const others = recent.filter((g) => !held[g.id]);
    if (!others.length) {
      recentBox.append(h("p", { class: "muted", text: t("lobby.recent_empty") }));
      return;
    }
    const list = h("ul", { class: "game-list", id: "recent-games" });
    for (const game of others.slice(0, 12)) {
      const over = Boolean(game.outcome);
      list.append(gameRow(game, null, [
        h("a", { class: "button small", href: over ? `#/replay/${game.id}` : `#/game/${game.id}`, text: over ? t("lobby.replay") : t("lobby.watch") }),
      ]));
    }
    recentBox.append(list);
  }

  function render() {
    if (gone) return;
    drawForm();
    drawHow();
    drawMine();
    drawRecent();
  }

  async function refresh() {
    const held = heldSeats();
    const ids = Object.keys(held).sort((a, b) => (held[b].at || 0) - (held[a].at || 0)).slice(0, 20);
    const found = await Promise.all(
      ids.map(async (id) => {
        try {
          const data = await api.game(id, held[id].token);
          return { id, game: data.game, seat: data.seat };
        } catch (error) {
          if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return { id, game: null, seat: null };
          return null;
        }
      }),
    );
    mine = found.filter(Boolean);
    try {
      recent = (await api.list(30)).games;
    } catch (_) {
      recent = [];
    }
    render();
  }

  render();
  api.meta().then((data) => { meta = data; render(); }).catch((error) => toast(t("error.generic", { message: error.message }), "error"));
  refresh();
  return { rerender: render, unmount() { gone = true; } };
}

export function joinScreen(root, gameId, code) {
  let gone = false;
  const box = h("div", { class: "panel join", id: "join" });
  root.append(h("section", { class: "narrow" }, box));
  let game = null;
  let error = null;

  function render() {
    if (gone) return;
    box.replaceChildren(h("h2", { text: t("join.title") }));
    if (error) {
      box.append(h("p", { class: "error", text: error }), h("a", { class: "button", href: "#/", text: t("button.lobby") }));
      return;
    }
    if (!game) {
      box.append(h("p", { class: "muted", text: t("lobby.loading") }));
      return;
    }
    const held = seatFor(gameId);
    const host = game.seats.find((x) => x.joined && x.kind === "human");
    box.append(
      h("p", { text: t("join.text", { name: (host && host.name) || t("join.someone") }) }),
      h("p", { class: "muted", text: describeGame(game) }),
    );
    const open = game.seats.find((x) => !x.joined);
    if (open) {
      const army = term("army", game.options.armies[open.seat - 1]);
      box.append(h("p", { class: "strong", text: t("join.you_play", { army, order: t(open.seat === 1 ? "join.first" : "join.second") }) }));
    }
    if (held && held.token) {
      box.append(h("p", { class: "warn", text: t("join.yours") }), h("a", { class: "button primary", href: `#/game/${gameId}`, text: t("lobby.continue") }));
      return;
    }
    const name = h("input", { type: "text", id: "join-name", maxLength: 40, placeholder: t("lobby.name_placeholder") });
    const button = h("button", {
      type: "submit", class: "primary big", id: "join-button", text: t("join.button"),
    });
    const form = h("form", { class: "form", onSubmit: async (e) => {
      e.preventDefault();
      button.disabled = true;
      try {
        const data = await api.join(gameId, code, name.value.trim());
        saveSeat(gameId, { seat: data.seat, token: data.token });
        location.hash = `#/game/${gameId}`;
      } catch (err) {
        button.disabled = false;
        toast(err.status === 409 ? t("join.used") : t("error.generic", { message: err.message }), "error");
      }
    } }, h("div", { class: "field" }, h("div", { class: "field-label", text: t("lobby.name") }), h("div", { class: "field-control" }, name)), h("div", { class: "buttons" }, button));
    box.append(form);
  }

  api.game(gameId)
    .then((data) => { game = data.game; render(); })
    .catch((err) => { error = err.status === 404 ? t("error.no_game") : t("error.generic", { message: err.message }); render(); });
  render();
  return { rerender: render, unmount() { gone = true; } };
}
