// The generic game module: what a game without a module of its own gets (games.js merges a
// game's own module over it). It knows no game: views as tables, actions as buttons, events and
// outcomes from their codes.
import { humanise, t } from "../i18n.js";
import { describeParams, genericEvent, genericOutcome } from "../words.js";
import { genericReplayBoard, mountGeneric } from "./board.js";

export const generic = {
  mount: mountGeneric,
  replayBoard: genericReplayBoard,
  describeEvent: (event, ctx) => genericEvent(event, ctx.game, ctx.seat),
  describeOutcome: (outcome, ctx) => genericOutcome(outcome, ctx.game, ctx.seat),
  describeOptions: (options) => describeParams(options),
  describeSeat: (game, seat) => t("join.seat", { seat }),
  seatSide: () => null,
  howToPlay: () => t("lobby.how_text"),
  phaseName: (phase) => humanise(phase),
};
