"""A game held in memory: its state, the events of every action, its seats, and the views and
previews computed for the current version (each seat only ever gets `state.view(seat)` and
`event.for_seat(seat)`).

A runtime is rebuilt from the database by replaying the record (`bitva.core.record.replay`),
checking every action's digest: the state after a restart is the state before it, exactly.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from bitva.core.errors import RecordError
from bitva.core.events import Event
from bitva.core.record import replay
from bitva.core.registry import get_game
from bitva.core.state import State
from bitva.server.auth import matches
from bitva.server.models import GameSummary, SeatOut
from bitva.store.games import Progress, StoredGame, StoredSeat


@dataclass
class Step:
    """One accepted action: who played it, its text, and the events it caused."""

    index: int
    seat: int
    action: str
    events: list[Event]


def status_of(state: State, seats: list[StoredSeat]) -> str:
    if state.outcome is not None:
        return "over"
    return "playing" if all(seat.held for seat in seats) else "waiting"


def summary_of(stored: StoredGame) -> GameSummary:
    """The public facts of a game (what the lobby lists; anyone may read them)."""
    progress = stored.progress
    return GameSummary(
        id=stored.id,
        game=stored.game,
        title=get_game(stored.game).title,
        options=stored.options,
        status=progress.status,
        seats=[
            SeatOut(
                seat=s.seat,
                kind=s.kind,
                level=s.agent,
                name=s.name,
                joined=s.held,
            )
            for s in stored.seats
        ],
        to_move=progress.to_move,
        turn=progress.turn,
        phase=progress.phase,
        version=stored.version,
        outcome=progress.outcome,
        created_at=stored.created_at,
        updated_at=stored.updated_at,
    )


class GameRuntime:
    """One live game. Only the server's event loop touches it; `lock` orders the changes."""

    def __init__(self, stored: StoredGame, state: State, steps: list[Step]) -> None:
        stored.actions = []  # the steps hold them
        self.stored = stored
        self.state = state
        self.steps = steps
        self.lock = asyncio.Lock()
        self._views: dict[int | None, tuple[int, dict[str, Any]]] = {}
        self.previews: dict[int, tuple[int, list[dict[str, Any]]]] = {}

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
        if mover is None or self.status != "playing":
            return None
        return mover if self.seat(mover).kind == "ai" else None

    def seat_of_token(self, token: str) -> int | None:
        found = None
        for seat in self.stored.seats:  # compare with every seat: constant time per seat
            if matches(token, seat.token_hash):
                found = seat.seat
        return found

    def progress_of(self, state: State) -> Progress:
        outcome = state.outcome
        return Progress(
            status=status_of(state, self.stored.seats),
            to_move=state.current_player,
            turn=state.turn,
            phase=state.decision,
            outcome=outcome.to_json() if outcome else None,
        )

    def summary(self) -> GameSummary:
        return summary_of(self.stored)

    def view(self, seat: int | None) -> dict[str, Any]:
        """`state.view(seat)` for the current version (computed once per seat and version)."""
        cached = self._views.get(seat)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        view = self.state.view(seat)
        if seat is not None and seat == self.state.current_player:
            # LW-6.5: tell the seat to move that its placement is forced (its hand will be shown)
            forced = getattr(self.state, "forced_placement", None)
            if isinstance(forced, bool) and self.state.decision == "deploy":
                view["forced_placement"] = forced
        self._views[seat] = (self.version, view)
        return view

    def commit(self, state: State, step: Step, progress: Progress, moment: Any) -> None:
        """Take the state after an action that the database has accepted."""
        self.state = state
        self.steps.append(step)
        self.stored.version = self.version
        self.stored.progress = progress
        self.stored.updated_at = moment
        self._views.clear()

    def refresh_status(self) -> None:
        self.stored.progress = self.progress_of(self.state)
        self._views.clear()

    def events_for(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        out = []
        for step in self.steps[since:]:
            out.append(
                {
                    "index": step.index,
                    "seat": step.seat,
                    "events": [e.for_seat(seat) for e in step.events],
                }
            )
        return out


def rebuild(stored: StoredGame) -> GameRuntime:
    """Replay a stored game and check each state against the digest stored with its action."""
    record = stored.record()
    seats = {a_index: action.seat for a_index, action in enumerate(stored.actions)}
    state = get_game(stored.game).new(record.options, record.seed)
    steps: list[Step] = []
    for replayed in replay(record):
        state = replayed.state
        expected = record.digests[replayed.index]
        if state.digest() != expected:
            raise RecordError(
                f"game {stored.id}: action {replayed.index + 1} {replayed.action!r} does not give "
                "the stored state"
            )
        steps.append(Step(replayed.index, seats[replayed.index], replayed.action, replayed.events))
    return GameRuntime(stored, state, steps)
