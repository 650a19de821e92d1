// The BattleLore module of the web client (the API every game module may offer: ../../games.js).
// The shell loads it with import() because /api/meta says it exists: the SVG hex board with its
// terrain art and units, the hand, clickable orders, moves and attacks with their odds before the
// roll, dice that roll, reaction prompts, and its words in English and Czech.
import { describeOptions, optionsForm, seatChoice } from "./form.js";
import { replayBoard } from "./replay.js";
import { mountBattleLore } from "./screen.js";
import { strings, t } from "./text.js";
import { describeEvent, describeOutcome, describeSeat, eventClass, eventRule, seatSide } from "./words.js";

export default {
  strings,
  stylesheet: new URL("./style.css", import.meta.url).href,
  mount: mountBattleLore,
  replayBoard,
  describeEvent,
  eventClass,
  eventRule,
  describeOutcome,
  describeOptions,
  optionsForm,
  describeSeat,
  seatSide,
  seatChoice,
  howToPlay: () => t("lobby.how_text"),
};
