"""A game held in memory: its state, the steps so far (every action and chance outcome with its
events), its seats, and the views computed for the current version (each seat only ever gets
`adapter.view(state, seat)` and `event.for_seat(seat)`).

Chance is resolved as `bitva.core.record.Match` does: after every accepted action (and after the
set-up) the runtime samples each chance outcome from the state's own RNG and applies it, and
every outcome is a step of its own (seat -1, `CHANCE`), stored with its digest. A runtime is
rebuilt from the database by replaying those steps (`bitva.core.record.replay`), checking every
digest: the state after a restart is the state before it, its RNG included, so the game has the
same future too.
"""

from __future__ import annotations

import asyncio
import gc
import json
import secrets
from dataclasses import dataclass
from typing import Any

from bitva.core.chance import CHANCE
from bitva.core.errors import RecordError
from bitva.core.game import Game
from bitva.core.record import Step as CoreStep
from bitva.core.record import replay
from bitva.core.registry import get_game
from bitva.core.state import State
from bitva.core.undo import Refusal
from bitva.server.auth import matches
from bitva.server.games import GameAdapter, adapter_for
from bitva.server.models import GameSummary, SeatOut
from bitva.server.undo import seat_undo, table_default
from bitva.store.games import Progress, StoredAction, StoredGame, StoredSeat

# The garbage collector of a serving process: youngest generation every 5,000 new objects
# (700 by default), the oldest looked at after 50 collections of the middle one (10).
SERVING_GC_THRESHOLDS = (5_000, 20, 50)
# States kept per game for undo: the decisions since the last chance outcome, at most this many.
KEPT_STATES = 32


def settle_collector() -> None:
    """For a process that serves games for hours (`bitva serve`, once started): what start-up
    left alive (the modules, the app) leaves the collector's sight (`gc.freeze`), and the
    collector runs less often. With hundreds of games in play a full collection visited a
    quarter of a million objects and stopped everything for 0.3-0.6 s, 17 times in 50 s; now
    the steps of the live games hold few objects it visits (`Past`) and full collections are
    rare (docs/server.md, "Load")."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*SERVING_GC_THRESHOLDS)


def dumps(message: Any) -> str:
    """Compact JSON, as every message and answer of the server is sent."""
    return json.dumps(message, separators=(",", ":"), default=str)


@dataclass
class Step(CoreStep):
    """One step: a seat's action (or a chance outcome, seat `CHANCE`), its text (which never
    leaves the server) and the events it caused."""

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        return {
            "index": self.index,
            "seat": self.seat,
            "events": [event.for_seat(seat) for event in self.events],
        }


# An event as memory keeps it: kind, data (JSON), private data (JSON or None), its seat.
PastEvent = tuple[str, str, str | None, int | None]


class Past:
    """A step already played, as the runtime keeps it for the log: its events held as text and
    numbers in plain tuples, which the garbage collector stops visiting. (Event objects with
    their dicts are a dozen tracked objects per step; a busy server holds hundreds of games of
    hundreds of steps, and every full collection visited them all: pauses of half a second.)
    Sent through JSON either way, so a seat reads the same events."""

    __slots__ = ("action", "events", "index", "seat")

    def __init__(self, step: CoreStep) -> None:
        self.index = step.index
        self.seat = step.seat
        self.action = step.action
        self.events: tuple[PastEvent, ...] = tuple(
            (
                event.kind,
                dumps(event.data),
                None if event.private is None else dumps(event.private),
                event.private_to,
            )
            for event in step.events
        )

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """As `Step.for_seat`: private data only for its owner."""
        events = []
        for kind, data, private, owner in self.events:
            event = {"kind": kind, **json.loads(data)}
            if private is not None and seat is not None and seat == owner:
                event.update(json.loads(private))
            events.append(event)
        return {"index": self.index, "seat": self.seat, "events": events}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Past) and all(
            getattr(self, name) == getattr(other, name) for name in self.__slots__
        )

    __hash__ = None  # type: ignore[assignment]


def play_step(state: State[Any], index: int, action: Any) -> tuple[Step, StoredAction]:
    """Apply one action or chance outcome (checked) and describe it for memory and the store."""
    seat = state.current_player
    assert seat is not None
    text = state.action_text(action)
    events = state.apply(action)
    return Step(index, seat, text, events), StoredAction(seat, text, state.digest())


def resolve_chance(state: State[Any], index: int) -> tuple[list[Step], list[StoredAction]]:
    """Sample (from the state's RNG) and apply chance outcomes until a seat decides or the game
    ends: the steps from number `index` on."""
    steps: list[Step] = []
    stored: list[StoredAction] = []
    while state.is_chance:
        step, row = play_step(state, index + len(steps), state.sample_chance())
        steps.append(step)
        stored.append(row)
    return steps, stored


def status_of(state: State[Any], seats: list[StoredSeat]) -> str:
    if state.outcome is not None:
        return "over"
    return "playing" if all(seat.held for seat in seats) else "waiting"


def progress_of(state: State[Any], seats: list[StoredSeat]) -> Progress:
    outcome = state.outcome
    return Progress(
        status=status_of(state, seats),
        to_move=state.current_player,
        turn=state.turn,
        phase=state.decision,
        outcome=outcome.to_json() if outcome else None,
    )


def _title(name: str) -> str:
    try:
        return get_game(name).title
    except Exception:  # a game this installation no longer has: still list it
        return name


def _seat_result(outcome: dict[str, Any] | None, seat: int) -> tuple[str | None, float | None]:
    if not outcome:
        return None, None
    score = (outcome.get("scores") or {}).get(str(seat))
    if seat in (outcome.get("winners") or []):
        return "win", score
    return ("draw" if outcome.get("result") == "draw" else "loss"), score


def summary_of(stored: StoredGame) -> GameSummary:
    """The public facts of a game (what the lobby lists; anyone may read them)."""
    progress = stored.progress
    seats = []
    for s in stored.seats:
        result, score = _seat_result(progress.outcome, s.seat)
        seats.append(
            SeatOut.model_validate(
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "level": s.agent,
                    "name": s.name,
                    "joined": s.held,
                    "result": result,
                    "score": score,
                }
            )
        )
    return GameSummary.model_validate(
        {
            "id": stored.id,
            "game": stored.game,
            "title": _title(stored.game),
            "options": stored.options,
            "status": progress.status,
            "seats": seats,
            "to_move": progress.to_move,
            "turn": progress.turn,
            "phase": progress.phase,
            "version": stored.version,
            "outcome": progress.outcome,
            "undo": table_default(stored.seats) if stored.undo is None else stored.undo,
            "created_at": stored.created_at,
            "updated_at": stored.updated_at,
        }
    )


class GameRuntime:
    """One live game. Only the server's event loop touches it; `lock` orders the changes."""

    def __init__(self, stored: StoredGame, state: State[Any], steps: list[Step]) -> None:
        stored.actions = []  # the steps hold them
        self.stored = stored
        self.state = state
        self.steps: list[Past] = [Past(step) for step in steps]
        self.game: Game[Any, Any] = get_game(stored.game)
        self.adapter: GameAdapter = adapter_for(self.game.name)
        self.lock = asyncio.Lock()
        # built once per change, however many messages and answers carry them
        self._views: dict[int | None, tuple[int, dict[str, Any]]] = {}
        self._seat_json: dict[int | None, str] = {}
        self._summary: tuple[GameSummary, str] | None = None
        # (name, seat, parameters as canonical JSON) -> (version, result)
        self.analyses: dict[tuple[str, int | None, str], tuple[int, dict[str, Any]]] = {}
        # undo (`bitva.server.undo`): the state before each decision since the last chance
        # outcome, by step index (the latest KEPT_STATES), and each seat's refusal now
        self.kept: dict[int, State[Any]] = {}
        # changes at every undo (and with every process): an ETag names it with the version
        self.epoch = secrets.token_hex(4)
        self.undo_refusals: dict[int | None, Refusal | None] = {}

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def version(self) -> int:
        return len(self.steps)

    @property
    def seats(self) -> list[StoredSeat]:
        return self.stored.seats

    def seat(self, number: int) -> StoredSeat:
        return next(s for s in self.stored.seats if s.seat == number)

    @property
    def status(self) -> str:
        return self.stored.progress.status

    def ai_to_move(self) -> int | None:
        """The seat to move if the AI plays it and the game is under way."""
        mover = self.state.current_player
        if mover is None or mover == CHANCE or self.status != "playing":
            return None
        return mover if self.seat(mover).kind == "ai" else None

    def seat_of_token(self, token: str) -> int | None:
        found = None
        for seat in self.stored.seats:  # compare with every seat: constant time per seat
            if matches(token, seat.token_hash):
                found = seat.seat
        return found

    def progress_of(self, state: State[Any]) -> Progress:
        return progress_of(state, self.stored.seats)

    def summary(self) -> GameSummary:
        """The public facts (built once per change of the game)."""
        if self._summary is None:
            summary = summary_of(self.stored)
            self._summary = (summary, summary.model_dump_json())
        return self._summary[0]

    def summary_json(self) -> str:
        """`summary()` as JSON."""
        self.summary()
        assert self._summary is not None
        return self._summary[1]

    def view(self, seat: int | None) -> dict[str, Any]:
        """The adapter's view for `seat` at the current version (computed once per version)."""
        cached = self._views.get(seat)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        view = self.adapter.view(self.state, seat)
        self._views[seat] = (self.version, view)
        return view

    def legal_actions(self, seat: int | None) -> list[str] | None:
        """The seat's legal actions as text, when it is to move in an enumerable game."""
        state = self.state
        if seat is None or seat != state.current_player or not self.game.traits.enumerable:
            return None
        if self.status != "playing":
            return None
        return [state.action_text(action) for action in state.legal_actions()]

    def offered(self, seat: int | None) -> list[str]:
        """The analyses `seat` may ask for now (spectators: only where nothing is hidden)."""
        if seat is None and self.game.traits.information == "imperfect":
            return []
        return [name for name, item in self.game.analyses.items() if item.offered(self.state, seat)]

    def seat_state(self, seat: int | None) -> dict[str, Any]:
        """What a seat may know and do now: the fields of `SeatState`."""
        return {
            "seat": seat,
            "view": self.view(seat),
            "legal_actions": self.legal_actions(seat),
            "analyses": self.offered(seat),
            **seat_undo(self, seat),
        }

    def seat_json(self, seat: int | None) -> str:
        """`seat_state(seat)` as JSON members without the braces, built once per seat and change:
        the pushes to every socket of that seat and the answer to its action splice it in (a
        view is most of a message)."""
        text = self._seat_json.get(seat)
        if text is None:
            text = dumps(self.seat_state(seat))[1:-1]
            self._seat_json[seat] = text
        return text

    def commit(self, state: State[Any], steps: list[Step], progress: Progress, moment: Any) -> None:
        """Take the state after steps that the database has accepted."""
        self.state = state
        self.steps.extend(Past(step) for step in steps)
        self.stored.version = self.version
        self.stored.progress = progress
        self.stored.updated_at = moment
        self.analyses.clear()
        self._changed()

    @property
    def before(self) -> State[Any] | None:
        """The state before the last step, when that step is a decision and it was kept."""
        return self.kept.get(self.version - 1)

    def keep(self, before: State[Any], chance: bool) -> None:
        """Before committing a decision (the next step): the state before it, for an undo; a
        decision followed by chance is never undone, nor anything before it."""
        if chance:
            self.kept.clear()
            return
        self.kept[self.version] = before
        if len(self.kept) > KEPT_STATES:
            del self.kept[min(self.kept)]

    def take_back(
        self, state: State[Any], before: State[Any] | None, progress: Progress, moment: Any
    ) -> None:
        """Take the state before the last step, which the database has dropped (an undo);
        `before`: the state before the step before it, when known."""
        self.kept.pop(self.version - 1, None)
        self.epoch = secrets.token_hex(4)
        self.state = state
        del self.steps[-1]
        if before is not None:
            self.kept[self.version - 1] = before
        self.stored.version = self.version
        self.stored.progress = progress
        self.stored.updated_at = moment
        self.analyses.clear()
        self._changed()

    def refresh_status(self) -> None:
        """After a change of the seats (a friend joined): the status, summary and views again."""
        self.stored.progress = self.progress_of(self.state)
        self._changed()

    def _changed(self) -> None:
        self.undo_refusals.clear()
        self._views.clear()
        self._seat_json.clear()
        self._summary = None

    def events_for(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        return [step.for_seat(seat) for step in self.steps[since:]]

    def message(self, seat: int | None, **members: Any) -> str:
        """A JSON object of `members`, the version, the summary and the seat's state (the shape
        of `ActionOut`, and of every WebSocket message that carries a view)."""
        parts = [f"{json.dumps(key)}:{dumps(value)}" for key, value in members.items()]
        parts += [f'"version":{self.version}', f'"game":{self.summary_json()}']
        parts.append(self.seat_json(seat))
        return "{" + ",".join(parts) + "}"


def rebuild(stored: StoredGame) -> GameRuntime:
    """Replay a stored game and check each state against the digest stored with its step (and
    each step's seat against the seat stored with it)."""
    record = stored.record()
    rows = stored.actions
    state: State[Any] = get_game(stored.game).new(record.options, record.seed)
    steps: list[Step] = []
    before = None  # the state before the last step, kept for undo
    for replayed in replay(record):
        state = replayed.state
        if replayed.index == len(rows) - 2 and rows[-1].seat != CHANCE:
            before = state.clone()
        row = rows[replayed.index]
        if state.digest() != row.digest or replayed.seat != row.seat:
            raise RecordError(
                f"game {stored.id}: step {replayed.index + 1} does not give the stored state"
            )
        steps.append(Step(replayed.index, replayed.seat, replayed.action, replayed.events))
    runtime = GameRuntime(stored, state, steps)
    if before is not None:
        runtime.kept[len(rows) - 1] = before
    return runtime
