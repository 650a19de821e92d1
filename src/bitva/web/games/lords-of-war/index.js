// The Lords of War module of the web client (the API every game module may offer: ../../games.js).
// The shell loads it with import() because /api/meta says it exists; everything here is Lords of
// War: the SVG board and cards, the hand, the placement previews (the game's "placements"
// analysis), the lobby form, and the words for its events and outcomes in English and Czech.
import { describeOptions, describeSeat, optionsForm, seatSide } from "./form.js";
import { replayBoard } from "./replay.js";
import { mountLordsOfWar } from "./screen.js";
import { strings, t } from "./text.js";
import { describeEvent, describeOutcome, eventClass, eventRule, logEvents } from "./words.js";

export default {
  strings,
  stylesheet: new URL("./style.css", import.meta.url).href,
  mount: mountLordsOfWar,
  replayBoard,
  describeEvent,
  eventClass,
  eventRule,
  logEvents,
  describeOutcome,
  describeOptions,
  describeSeat,
  seatSide,
  optionsForm,
  howToPlay: () => t("lobby.how_text"),
};
