// The Sniper Elite module of the web client (the API every game module may offer: ../../games.js).
// The shell loads it with import() because /api/meta says it exists: the SVG map with the
// sniper's sight, click to move, aim and shoot with the chance to hit for each number of tokens
// shown before drawing, the defenders' turn animated step by step, in English and Czech.
import { describeOptions, optionsForm } from "./form.js";
import { replayBoard } from "./replay.js";
import { mountSniperElite } from "./screen.js";
import { strings, t } from "./text.js";
import { describeEvent, describeOutcome, eventClass, eventRule, logEvents } from "./words.js";

export default {
  strings,
  stylesheet: new URL("./style.css", import.meta.url).href,
  mount: mountSniperElite,
  replayBoard,
  describeEvent,
  logEvents,
  eventClass,
  eventRule,
  describeOutcome,
  describeOptions,
  optionsForm,
  howToPlay: () => t("lobby.how_text"),
};
