// The server's own error messages in the page's language (issue 21): the server answers in
// English (`{"error": message, "rule": rule}`, docs/server.md "Errors"); each message it writes
// from a fixed pattern has a key here ("server.*" in i18n_en.js and i18n_cs.js), its variable
// parts carried over. A message with no pattern (an engine's refusal, already in the player's
// words) is shown as it came.
import { t } from "./i18n.js";

// [pattern of the server's English message, key, names of the captured parts]
const PATTERNS = [
  [/^the game is over$/, "server.over", []],
  [/^waiting for the other players to join$/, "server.waiting", []],
  [/^it is not your turn: player (\d+) is to move$/, "server.not_your_turn", ["seat"]],
  [/^the game has moved on: it is at version (\d+), the (?:action|undo) was .*$/, "server.moved_on", ["version"]],
  [/^the game moved on; reload it$/, "server.reload", []],
  [/^every seat of this game is taken$/, "server.seats_taken", []],
  [/^that seat was taken meanwhile$/, "server.seat_taken", []],
  [/^this invitation was used already$/, "server.invite_used", []],
  [/^this join code is not valid for this game$/, "server.bad_code", []],
  [/^this token holds no seat in this game$/, "server.no_seat", []],
  [/^a seat token is required/, "server.token_required", []],
  [/^(?:no such game|no game .* on this server)$/, "error.no_game", []],
  [/^.*: try again in (\d+) s$/, "server.slow_down", ["seconds"]],
  [/^the replay could not be computed: try again$/, "server.replay_failed", []],
  [/^the server cannot be reached$/, "server.unreachable", []],
  [/^cannot undo: (.*)$/, "server.cannot_undo", ["reason"]],
];

/** A message of the server as the page's language says it (unknown ones as they came). */
export function serverWords(message) {
  const text = String(message ?? "");
  for (const [pattern, key, names] of PATTERNS) {
    const found = pattern.exec(text);
    if (!found) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, found[i + 1]]));
    return t(key, params);
  }
  return text;
}
