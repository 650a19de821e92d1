// Whether the server can be reached, for the whole page. A failed request or a dropped game
// socket says "offline": one lasting banner (never a pile of messages), the screens disable
// their actions, and the page asks /api/health now and then; the first answer (or a request or
// socket that gets through) says "online" again, the banner goes, and the screens catch up.
import { h, toast } from "./dom.js";
import { onLangChange, t } from "./i18n.js";

let online = true;
let probing = null;
let delay = 1000;
const listeners = new Set();

export function isOnline() {
  return online;
}

/** `listener(online)` after every change; returns the way to stop listening. */
export function onConnection(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function banner() {
  let box = document.getElementById("offline");
  if (!box) {
    box = h("div", { id: "offline", class: "offline-banner", role: "alert", hidden: true });
    document.body.append(box);
  }
  return box;
}

function drawBanner() {
  const box = banner();
  box.hidden = online;
  box.replaceChildren(
    h("span", { class: "spinner" }),
    h("strong", { text: t("offline.title") }),
    h("span", { text: ` ${t("offline.text")}` }),
  );
  document.body.classList.toggle("offline", !online);
}

function changed() {
  drawBanner();
  for (const listener of listeners) listener(online);
}

function probe() {
  clearTimeout(probing);
  probing = setTimeout(async () => {
    if (online) return;
    try {
      const answer = await fetch("/api/health", { cache: "no-store" });
      if (answer.ok) {
        reportOnline();
        return;
      }
    } catch (_) { /* still down */ }
    delay = Math.min(delay * 1.5, 4000);
    probe();
  }, delay);
}

/** The server did not answer (a request failed on the network, a socket dropped). */
export function reportOffline() {
  if (!online) return;
  online = false;
  delay = 1000;
  changed();
  probe();
}

/** The server answered. */
export function reportOnline() {
  if (online) return;
  online = true;
  clearTimeout(probing);
  changed();
}

/** An error for the player: one line, unless the server is unreachable (the banner says so). */
export function showError(error) {
  if (error && error.status === 0) return;
  toast(t("error.generic", { message: error ? error.message : "" }), "error");
}

onLangChange(() => {
  if (!online) drawBanner();
});
