// Pieces of a game screen that every game shares: the join links of the seats still open, and
// the prompt for a seat that waits (for friends, for another seat, or as a spectator).
import { showError } from "./connection.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { seatLabel } from "./words.js";

function linkRow(session, seat, many) {
  const { st } = session;
  const code = st.invites[seat];
  const row = h("div", { class: "share", dataset: { seat } });
  if (many) row.append(h("span", { class: "share-seat", text: t("seat.player", { seat }) }));
  if (code) {
    const url = `${location.origin}/#/join/${st.id}/${code}`;
    const input = h("input", {
      type: "text", readOnly: true, value: url, id: many ? `join-link-${seat}` : "join-link",
      class: "join-link", "aria-label": "join link", onFocus: (e) => e.target.select(),
    });
    row.append(input, h("button", {
      type: "button", class: "primary", dataset: { action: "copy" }, text: t("button.copy"),
      onClick: async () => {
        try { await navigator.clipboard.writeText(url); } catch (_) { input.select(); document.execCommand && document.execCommand("copy"); }
        toast(t("button.copied"), "info", 2000);
      },
    }));
  } else {
    row.append(h("button", {
      type: "button", class: "primary", dataset: { action: "new-link" }, text: t("button.new_link"),
      onClick: async () => {
        try { await session.newInvite(seat); } catch (error) { showError(error); }
      },
    }));
  }
  return row;
}

/** A join link (or a "new link" button) for every seat still open. */
export function shareBox(session) {
  const { st } = session;
  const open = st.game.seats.filter((x) => x.kind === "human" && !x.joined).map((x) => x.seat);
  return h("div", { class: "shares" }, ...open.map((seat) => linkRow(session, seat, open.length > 1)));
}

/** The prompt of a seat that does not decide now; returns its mode, or null when it decides. */
export function waitingPrompt(box, session, tr = t) {
  const { st } = session;
  const game = st.game;
  const to = game.to_move;
  if (game.status === "waiting") {
    if (!st.seat) box.append(h("p", { text: tr("prompt.not_seated") }));
    else {
      const open = game.seats.filter((x) => x.kind === "human" && !x.joined).length;
      box.append(h("p", { text: tr(open > 1 ? "prompt.waiting_friends" : "prompt.waiting_friend") }), shareBox(session));
    }
    return "waiting";
  }
  if (!st.seat) {
    box.append(h("p", { text: tr("prompt.spectator") }));
    if (to) box.append(h("p", { class: "muted", text: tr("prompt.other", { player: seatLabel(game, null, to) }) }));
    return "watch";
  }
  if (to !== st.seat) {
    const who = seatLabel(game, st.seat, to);
    box.append(h("p", { class: "waiting-line" }, h("span", { class: "spinner" }), st.thinking === to ? tr("prompt.thinking", { player: who }) : tr("prompt.other", { player: who })));
    return "other";
  }
  return null;
}
