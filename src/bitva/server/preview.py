"""Previews (issue 22, "Preview before commit"): what an action would do, before it is played,
for `POST /api/games/{id}/preview` and the WebSocket's `preview` message alike.

Who may preview: only the seat to move, as only it may play (a spectator 401, another seat 409,
the game over or waiting 409); the action is read with the same per-seat rules as a move, and
a stale `version` is refused as a move's is.

What a preview may read: `State.preview` runs on `seen_by(state, seat, rng)`, the seat's
determinization (`bitva.server.reading`): a state that holds only what the seat knows, hidden
parts dealt anew and the future reseeded. So neither the verdict nor the game's facts can
depend on anything the seat may not see, in games with hidden information too; where a
game's legality would hang on something hidden, the preview says what the seat can know and
the move itself decides. Nothing changes: the live state is never touched.

Answers: unreadable text is 400 (its text is not repeated), an illegal action is a preview
that says so (`legal: false` and the violation in the player's words, with its rule), never
an error; a name the engine refuses while reading (IllegalAction from `parse_action`) is such
a violation too.
"""

from __future__ import annotations

from typing import Any

from anyio import to_thread

from bitva.core.errors import BitvaError, IllegalAction, UnreadableAction
from bitva.core.preview import Preview
from bitva.core.rng import Rng, derive_seed
from bitva.core.state import State
from bitva.server.errors import ApiError, without_text
from bitva.server.games import adapter_for
from bitva.server.models import PreviewOut
from bitva.server.reading import seen_by
from bitva.server.service import GameService, engine_message


def _preview_of(state: State[Any], text: str) -> Preview:
    """Read `text` and preview it on `state` (a determinization: run in a worker thread)."""
    try:
        action = state.parse_action(text)
    except IllegalAction as exc:  # a name that does not exist here: a verdict, not an error
        return Preview(exc.violation)
    return state.preview(action)


async def preview(
    service: GameService, game_id: str, seat: int | None, text: str, version: int | None
) -> PreviewOut:
    """The preview of `text` for `seat` (None: a spectator, refused), or an ApiError."""
    runtime = await service.runtime(game_id)
    if seat is None:
        raise ApiError(401, "a seat token is required: only the seat to move may preview")
    state = runtime.state
    if state.outcome is not None:
        raise ApiError(409, "the game is over", state.outcome.rule)
    if runtime.status == "waiting":
        raise ApiError(409, "waiting for the other players to join")
    now = runtime.version
    if version is not None and version != now:
        raise ApiError(  # the version sent is not repeated: no error echoes input
            409, f"the game has moved on: it is at version {now}, the preview was asked at another"
        )
    mover = state.current_player
    if seat != mover:  # before the engine reads the action: names resolve per seat
        raise ApiError(409, f"it is not your turn: player {mover} is to move")
    seen = seen_by(state, seat, Rng(derive_seed(runtime.stored.seed, "preview", seat, now)))
    words = adapter_for(state.game.name).player_words
    try:
        found = await to_thread.run_sync(_preview_of, seen, text)
    except UnreadableAction as exc:
        raise ApiError(400, words(without_text(engine_message(exc), text))) from exc
    except BitvaError as exc:
        message = words(without_text(engine_message(exc), text))
        raise ApiError(400, message, getattr(exc, "rule", None)) from exc
    violation = found.violation
    return PreviewOut.model_validate(
        {
            "version": now,
            "seat": seat,
            "legal": found.legal,
            "violation": (
                None
                if violation is None
                else {
                    "message": words(violation.message),
                    "rule": violation.rule,
                    "code": violation.code,
                    "params": dict(violation.params),
                }
            ),
            "facts": found.facts,
        }
    )


def preview_error(exc: ApiError) -> dict[str, Any]:
    """A refused preview as the WebSocket's `preview_result` carries it."""
    return {"error": exc.error, "rule": exc.rule, "status": exc.status}
