// The page a join link opens: who invites you to which game, the seat you take, and joining. A
// link that no longer opens a seat (used, or replaced by a newer one) says so at once: no form.
import { api, saveSeat, seatFor } from "./api.js";
import { showError } from "./connection.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { gameModule } from "./games.js";

export function joinScreen(root, gameId, code) {
  let gone = false;
  const box = h("div", { class: "panel join", id: "join" });
  root.append(h("section", { class: "narrow" }, box));
  let game = null;
  let mod = null;
  let error = null;
  let invitation = null; // {seat, open}: what the code opens now

  function render() {
    if (gone) return;
    box.replaceChildren(h("h2", { text: t("join.title") }));
    if (error) {
      box.append(h("p", { class: "error", text: error }), h("a", { class: "button", href: "#/", text: t("button.lobby") }));
      return;
    }
    if (!game || !mod) {
      box.append(h("p", { class: "muted", text: t("lobby.loading") }));
      return;
    }
    const ctx = { t: mod.t, meta: mod.meta, game, seat: null };
    const held = seatFor(gameId);
    const host = game.seats.find((x) => x.joined && x.kind === "human");
    box.append(
      h("p", { text: t("join.text", { name: (host && host.name) || t("join.someone"), game: game.title }) }),
      h("p", { class: "muted", text: mod.describeOptions(game.options, ctx) }),
    );
    if (held && held.token) {
      box.append(h("p", { class: "warn", text: t("join.yours") }), h("a", { class: "button primary", href: `#/game/${gameId}`, text: t("lobby.continue") }));
      return;
    }
    if (!invitation.open) {
      box.append(
        h("p", { class: "error", id: "join-taken", text: t("join.taken") }),
        h("div", { class: "buttons" },
          h("a", { class: "button primary", href: `#/game/${gameId}`, text: t("join.watch") }),
          h("a", { class: "button", href: "#/", text: t("button.lobby") }),
        ),
      );
      return;
    }
    box.append(h("p", { class: "strong", text: mod.describeSeat(game, invitation.seat, ctx) }));
    const name = h("input", { type: "text", id: "join-name", maxLength: 40, placeholder: t("lobby.name_placeholder") });
    const button = h("button", { type: "submit", class: "primary big", id: "join-button", text: t("join.button") });
    const form = h("form", { class: "form", onSubmit: async (e) => {
      e.preventDefault();
      button.disabled = true;
      try {
        const data = await api.join(gameId, code, name.value.trim());
        saveSeat(gameId, { seat: data.seat, token: data.token });
        location.hash = `#/game/${gameId}`;
      } catch (err) {
        button.disabled = false;
        if (err.status === 409 || err.status === 403) {
          invitation = { seat: null, open: false }; // taken meanwhile
          render();
        } else if (err.status) toast(t("error.generic", { message: err.message }), "error");
        else showError(err);
      }
    } }, h("div", { class: "field" }, h("div", { class: "field-label", text: t("lobby.name") }), h("div", { class: "field-control" }, name)), h("div", { class: "buttons" }, button));
    box.append(form);
  }

  Promise.all([api.game(gameId), api.invitation(gameId, code)])
    .then(async ([data, opens]) => {
      game = data.game;
      invitation = opens;
      mod = await gameModule(game.game);
      render();
    })
    .catch((err) => { error = err.status === 404 ? t("error.no_game") : t("error.generic", { message: err.message }); render(); });
  render();
  return { rerender: render, unmount() { gone = true; } };
}
