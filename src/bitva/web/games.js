// The games of this server (/api/meta, fetched once) and their web modules.
//
// A game may have an ES module of its own, web/games/NAME/index.js, loaded with import() when
// /api/meta says it exists; a game without one is shown by the generic module (generic/): the
// view as readable tables and the legal actions as buttons. Adding a game adds files only.
//
// A module's default export is an object; every member is optional (the generic one fills in):
//   strings: {en: {...}, cs: {...}}   its texts; `ctx.t` reads them first, then the shell's
//   stylesheet: URL                   a stylesheet loaded before the module draws
//   mount(root, session, ctx)         draws the game screen of a live session (session.js) into
//                                     root; returns {render(), unmount()}
//   replayBoard(root, step, ctx)      draws one replay step ({view, events, seat, game})
//   describeEvent(event, ctx)         one log line for an event ({kind, ...data}), or null
//   logEvents(entries, ctx)           the events the log shows, as [{event, seat}] (to merge)
//   eventClass(event)                 a class for its log line ("kill", "general", ...)
//   eventRule(event)                  the rule behind an event, for its line's tooltip
//   describeOutcome(outcome, ctx)     {result, reason, rule} from Outcome.to_json()
//   describeOptions(options, ctx)     one line about a game's options, for the lobby's lists
//   describeSeat(game, seat, ctx)     the join page: what that seat plays, as a sentence
//   seatSide(game, seat, ctx)         the lobby's lists: what a seat plays in a word or two
//                                     (Lords of War: its army), or null
//   seatChoice(seat, form, ctx)       the new-game form: what taking that seat means with the
//                                     options of `form` (its optionsForm), e.g. "South (moves
//                                     second)", or null for "first", "second"
//   optionsForm(ctx, saved, changed)  {element, values(seat), saved()}: a nicer new-game form
//                                     (values(seat): the options for the seat the player took,
//                                     or null after saying what is wrong; saved(): what to
//                                     offer next time; changed(): call on every change)
//   howToPlay(ctx)                    a paragraph for the lobby
// ctx = {t, meta, game, seat, lobby, mod}: the module's translator, the game's /api/meta entry,
// and where they apply the game summary, this browser's seat, the lobby extras of /api/meta and
// the merged module itself.
import { api } from "./api.js";
import { translator } from "./i18n.js";
import { generic } from "./generic/module.js";

let metaPromise = null;
const loaded = new Map();

/** /api/meta, fetched once per page. */
export function meta() {
  if (!metaPromise) metaPromise = api.meta().catch((error) => { metaPromise = null; throw error; });
  return metaPromise;
}

function addStylesheet(href) {
  if (document.querySelector(`link[data-module-style="${href}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.dataset.moduleStyle = href;
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);
    document.head.append(link);
  });
}

/** The module of a game, merged over the generic one, with its translator: {...members, t,
 * meta}. Games without a module of their own get the generic module. */
export function gameModule(name) {
  if (!loaded.has(name)) {
    loaded.set(name, (async () => {
      const data = await meta();
      const info = data.games.find((g) => g.name === name) || null;
      let own = {};
      if (info && info.module) {
        own = (await import(`./games/${name}/index.js`)).default || {};
        if (own.stylesheet) await addStylesheet(own.stylesheet);
      }
      const t = translator(own.strings || {});
      return { ...generic, ...own, name, t, meta: info, own: Boolean(info && info.module) };
    })().catch((error) => { loaded.delete(name); throw error; }));
  }
  return loaded.get(name);
}
