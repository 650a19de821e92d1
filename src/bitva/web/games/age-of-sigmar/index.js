// The Age of Sigmar module of the web client (the API every game module may offer: ../../games.js).
// The shell loads it with import() because /api/meta says it exists: the table in inches with
// zoom, bases by side, a selected unit's rings and the enemy it sees or reaches, drag (or tap)
// to move with the engine's preview, the exact odds before every attack and charge, the dice,
// in English and Czech.
import { describeOptions, describeSeat, optionsForm, seatChoice, seatSide } from "./form.js";
import { replayBoard } from "./replay.js";
import { mountAgeOfSigmar } from "./screen.js";
import { strings, t } from "./text.js";
import { describeEvent, describeOutcome, eventClass, eventRule } from "./words.js";

export default {
  strings,
  stylesheet: new URL("./style.css", import.meta.url).href,
  mount: mountAgeOfSigmar,
  replayBoard,
  describeEvent,
  eventClass,
  eventRule,
  describeOutcome,
  describeOptions,
  optionsForm,
  seatChoice,
  seatSide,
  describeSeat,
  howToPlay: () => t("lobby.how_text"),
};
