// The page header: the brand, the game being played (if any), the lobby link and the language
// switch.
import { h } from "./dom.js";
import { LANGUAGES, lang, setLang, t } from "./i18n.js";

let gameTitle = null;

export function setHeaderGame(title) {
  gameTitle = title;
  drawHeader();
}

export function drawHeader() {
  const header = document.getElementById("header");
  if (!header) return;
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
      gameTitle ? h("span", { class: "brand-game", text: gameTitle }) : null,
    ),
    h("span", { class: "tagline", text: t("app.tagline") }),
    h("nav", {}, h("a", { href: "#/", id: "nav-lobby", text: t("nav.lobby") }), switcher),
  );
}
