// The page: a header with the language switch, and a hash router over the screens
// (#/ lobby, #/game/ID, #/join/ID/CODE, #/replay/ID).
import { h } from "./dom.js";
import { LANGUAGES, lang, onLangChange, setLang, t } from "./i18n.js";
import { gameScreen } from "./game.js";
import { joinScreen, lobbyScreen } from "./lobby.js";
import { replayScreen } from "./replay.js";

const header = document.getElementById("header");
const main = document.getElementById("main");
let screen = null;

function drawHeader() {
  const switcher = h("div", { class: "lang", role: "group", "aria-label": t("nav.language") });
  for (const { code, label, title } of LANGUAGES) {
    switcher.append(
      h("button", {
        type: "button",
        class: ["lang-button", code === lang() && "active"],
        title,
        dataset: { lang: code },
        "aria-pressed": code === lang() ? "true" : "false",
        onClick: () => setLang(code),
        text: label,
      }),
    );
  }
  header.replaceChildren(
    h("a", { class: "brand", href: "#/" },
      h("img", { src: "/static/favicon.svg", alt: "", width: 28, height: 28 }),
      h("span", { class: "brand-name", text: "bitva" }),
      h("span", { class: "brand-game", text: t("app.title") }),
    ),
    h("span", { class: "tagline", text: t("app.tagline") }),
    h("nav", {}, h("a", { href: "#/", id: "nav-lobby", text: t("nav.lobby") }), switcher),
  );
}

function route() {
  if (screen) screen.unmount();
  main.replaceChildren();
  window.scrollTo(0, 0);
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const [page, id, code] = parts;
  if (page === "game" && id) screen = gameScreen(main, id);
  else if (page === "join" && id && code) screen = joinScreen(main, id, code);
  else if (page === "replay" && id) screen = replayScreen(main, id);
  else screen = lobbyScreen(main);
  document.body.dataset.page = page || "lobby";
}

onLangChange(() => {
  drawHeader();
  if (screen && screen.rerender) screen.rerender();
});
window.addEventListener("hashchange", route);
drawHeader();
route();
