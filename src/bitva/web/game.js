// The game screen of the shell: opens the live session, loads the game's module (or the generic
// one) and lets it draw; a game that cannot be shown gets a clear message.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { gameModule } from "./games.js";
import { setHeaderGame, setHeaderUndo } from "./header.js";
import { openSession } from "./session.js";

export function gameScreen(root, gameId) {
  let mounted = null;
  let mount = null; // () => a fresh module on `root` (again after an undo)
  let starting = false;
  let gone = false;

  function showFatal(error) {
    if (gone) return;
    root.replaceChildren(
      h("div", { class: "panel fatal" },
        h("p", { text: error.status === 404 ? t("error.no_game") : t("error.generic", { message: error.message }) }),
        h("a", { href: "#/", class: "button", text: t("button.lobby") }),
      ),
    );
  }

  async function start() {
    if (starting) return;
    starting = true;
    try {
      const mod = await gameModule(session.st.game.game);
      if (gone) return;
      setHeaderGame(mod.t("app.title") === "app.title" ? session.st.game.title : mod.t("app.title"));
      mount = () => mod.mount(root, session, { t: mod.t, meta: mod.meta, mod });
      mounted = mount();
      mounted.render();
    } catch (error) {
      showFatal(error);
    }
  }

  /** The header's Undo button: shown to a seat at a table that allows undo, enabled when the
   * seat may take back its last decision now (the server says so with every view). */
  function drawUndo() {
    const st = session.st;
    if (gone || !st.game || st.undo === null || st.undo === undefined) return setHeaderUndo(null);
    const enabled = st.undo === true && st.connected && !st.busy;
    const reason = st.undo === true ? null : st.undoRefusal;
    setHeaderUndo({ enabled, reason, onClick: () => session.undo() });
  }

  const session = openSession(gameId, {
    onChange: () => {
      if (mounted) mounted.render();
      else if (session.st.game) start();
      drawUndo();
    },
    onUpdate: (message, how) => (mounted && mounted.onUpdate ? mounted.onUpdate(message, how) : null),
    // after an undo the module starts afresh: what it kept by version (previews, analyses,
    // animations) may belong to the position taken back
    onUndo: () => {
      if (!mounted || gone) return;
      if (mounted.unmount) mounted.unmount();
      root.replaceChildren();
      mounted = mount();
    },
    onFatal: showFatal,
  });

  return {
    rerender: () => mounted && mounted.render(),
    unmount() {
      gone = true;
      setHeaderUndo(null);
      session.close();
      if (mounted && mounted.unmount) mounted.unmount();
      setHeaderGame(null);
      document.title = "bitva";
    },
  };
}
