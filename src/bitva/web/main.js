// The page: a header with the language switch, and a hash router over the screens
// (#/ lobby, #/game/ID, #/join/ID/CODE, #/replay/ID).
import { onLangChange } from "./i18n.js";
import { drawHeader } from "./header.js";
import { gameScreen } from "./game.js";
import { joinScreen } from "./join.js";
import { lobbyScreen } from "./lobby.js";
import { replayScreen } from "./replay.js";

const main = document.getElementById("main");
let screen = null;

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
