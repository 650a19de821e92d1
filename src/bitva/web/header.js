// The page header: the brand, the game being played (if any), its Undo button where the game
// offers undo (issue 21 point 11), the lobby link and the language switch.
import { h } from "./dom.js";
import { LANGUAGES, lang, setLang, t } from "./i18n.js";

let gameTitle = null;
let undo = null; // {enabled, reason, onClick} while a game offers undo to this seat; else null
let undoButton = null; // kept across redraws, so that a tap straddling one still lands

export function setHeaderGame(title) {
  gameTitle = title;
  drawHeader();
}

/** The Undo button: null hides it (no undo at this table, or no game); otherwise enabled or
 * not, with the reason it is not (a code of undo.why.*) as its tooltip. */
export function setHeaderUndo(control) {
  const was = undo;
  undo = control;
  if (!was !== !control) drawHeader();
  else drawUndo();
}

function drawUndo() {
  if (!undo) return null;
  if (!undoButton) {
    undoButton = h("button", {
      type: "button",
      id: "undo",
      class: "undo-button",
      onClick: () => undo && undo.enabled && undo.onClick(),
    });
  }
  undoButton.textContent = `↶ ${t("button.undo")}`;
  undoButton.disabled = !undo.enabled;
  undoButton.title = undo.reason ? t(`undo.why.${undo.reason}`) : t("undo.title");
  undoButton.setAttribute("aria-label", `${t("button.undo")}: ${undoButton.title}`);
  return undoButton;
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
    h("nav", {}, drawUndo(), h("a", { href: "#/", id: "nav-lobby", text: t("nav.lobby") }), switcher),
  );
}
