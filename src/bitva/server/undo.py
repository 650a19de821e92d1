"""Undo on the server (issue 21 point 11; docs/server.md, "Undo").

The core decides what may be undone at all (`bitva.core.undo`: the seat's own last decision,
never a chance outcome, another seat's decision or a decision that showed the seat something
hidden). The server adds who may ask and the table's policy:

- only the token of the seat that made the decision may undo it (spectators: 401; another
  seat: refused, the decision is not theirs);
- the table's `undo` option, chosen when the game is created: by default on where one person
  plays (solo, or against the AI, who is only shown a decision when it is to answer it), off
  where friends play, because every friend is shown every move as it is made. With it on in a
  friend game, a seat may take back a decision the others saw on their screens until one of
  them answers it; with it off, never.

An undo drops the step from the store (`GameStore.truncate_steps`) before anyone hears of it, so
a restarted server replays the game without it; the watchers get an `undo` message with the
new view (their log drops the step). An AI seat that was thinking about a decision taken back
stops.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from anyio import to_thread

from bitva.core.chance import CHANCE
from bitva.core.errors import BitvaError
from bitva.core.record import GameRecord
from bitva.core.state import State
from bitva.core.undo import Refusal, UndoRefused, by_steps, check, rewind, undo
from bitva.server.errors import ApiError
from bitva.store.games import StoreConflict, StoredSeat
from bitva.store.games import now as utc_now

if TYPE_CHECKING:
    from bitva.server.runtime import GameRuntime
    from bitva.server.service import GameService

RULE = UndoRefused.rule


def table_default(seats: list[StoredSeat]) -> bool:
    """The undo option of a table that did not choose: on where at most one person plays."""
    return sum(1 for seat in seats if seat.kind == "human") <= 1


def table_allows(runtime: GameRuntime) -> bool:
    """Whether this table allows undo at all (its option, or the default)."""
    chosen = runtime.stored.undo
    return table_default(runtime.seats) if chosen is None else chosen


def record_of(runtime: GameRuntime) -> GameRecord:
    """The game record of the steps in memory (the store's texts; no digests: the replay of an
    undo is checked against the states the runtime keeps)."""
    stored = runtime.stored
    return GameRecord(
        game=stored.game,
        format=stored.format,
        options=stored.options,
        seed=stored.seed,
        actions=[step.action for step in runtime.steps],
    )


def refusal(runtime: GameRuntime, seat: int | None) -> Refusal | None:
    """Why `seat` may not undo now (None: it may), computed once per change of the game."""
    cached = runtime.undo_refusals.get(seat, False)
    if cached is not False:
        return cached  # type: ignore[return-value]
    found: Refusal | None
    if seat is not None and not table_allows(runtime):
        found = Refusal.of("table")
    else:
        last = [step.seat for step in runtime.steps[-1:]]
        found = by_steps(last, seat, runtime.state)  # cheap: most of the time it decides
        if found is None:
            seats = [step.seat for step in runtime.steps]
            found = check(record_of(runtime), seats, seat, runtime.state, runtime.before)
    runtime.undo_refusals[seat] = found
    return found


def seat_undo(runtime: GameRuntime, seat: int | None) -> dict[str, Any]:
    """The members of a seat's state that say whether it may undo: `undo` (null: no undo at
    this table or for a spectator, so no button; false: not now; true: now) and
    `undo_refusal` (the reason code when it may not)."""
    if seat is None or not table_allows(runtime):
        return {"undo": None, "undo_refusal": None}
    found = refusal(runtime, seat)
    return {"undo": found is None, "undo_refusal": found.reason if found else None}


def _undone(
    record: GameRecord,
    seats: list[int],
    seat: int,
    state: State[Any],
    before: State[Any] | None,
    earlier: State[Any] | None,
) -> tuple[State[Any], State[Any] | None]:
    """In a worker thread: the state before the decision, and the state before the step
    before it (`earlier` where the runtime kept it, else replayed; None after chance)."""
    done = undo(record, seats, seat, state, before)
    count = len(done.record.actions)
    previous = earlier
    if previous is None and count and seats[count - 1] != CHANCE:
        rebuilt, previous = rewind(done.record, count)
        if rebuilt.digest() != done.state.digest():
            raise BitvaError("the replayed game differs from the kept state")
    return done.state, previous


async def take_back(service: GameService, game_id: str, seat: int, version: int | None) -> str:
    """Undo `seat`'s last decision in game `game_id`; the answer (an `UndoOut`) as JSON text.
    409 with the reason (CORE-4) where it may not."""
    runtime = await service.runtime(game_id)
    async with runtime.lock:
        if version is not None and version != runtime.version:
            raise ApiError(
                409,
                f"the game has moved on: it is at version {runtime.version}, the undo was asked "
                f"at {version}",
            )
        found = refusal(runtime, seat)
        if found is not None:
            raise ApiError(409, f"cannot undo: {found.message}", RULE)
        seats = [step.seat for step in runtime.steps]
        index = runtime.version - 1
        try:
            state, before = await to_thread.run_sync(
                _undone,
                record_of(runtime),
                seats,
                seat,
                runtime.state,
                runtime.before,
                runtime.kept.get(index - 1),
            )
        except UndoRefused as exc:
            raise ApiError(409, f"cannot undo: {exc.refusal.message}", RULE) from exc
        except BitvaError as exc:
            raise ApiError(500, f"game {game_id} cannot be undone: {exc}") from exc
        progress = runtime.progress_of(state)
        try:
            done = await service.writer.run(
                service.store.truncate_steps, runtime.id, index + 1, index, progress
            )
        except StoreConflict:
            done = False
        if not done:
            service.forget(runtime.id)
            raise ApiError(409, "the game moved on; reload it")
        task = service.ai.tasks.get(runtime.id)
        if task is not None and task is not asyncio.current_task():
            task.cancel()  # it was thinking about the decision taken back
        runtime.take_back(state, before, progress, utc_now())
        service.hub.publish_game(runtime, "undo", undone=index, actor=seat)
        out = runtime.message(seat, type="undo", undone=index, actor=seat)
    if runtime.ai_to_move() is not None:
        service.ai.schedule(runtime.id)
    return out
