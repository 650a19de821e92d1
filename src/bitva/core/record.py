"""Game records: game + options + seed + every action and chance outcome, replayed exactly
(invariant 2).

A record keeps a digest of the state after every step and the outcome, so a replay can prove it
reproduced the game (`verify`). Chance outcomes are in the record like actions, so a record
replays whatever the RNG does; `Match` samples them from the state's seeded RNG as it goes.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from bitva import __version__
from bitva.core.chance import CHANCE
from bitva.core.errors import BitvaError, RecordError
from bitva.core.events import Event
from bitva.core.game import Game
from bitva.core.registry import get_game
from bitva.core.state import State


class GameRecord(BaseModel):
    """A finished or unfinished game, as saved to a JSON file."""

    game: str
    format: int = Field(default=1, description="the game's record format when it was written")
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int
    actions: list[str] = Field(
        default_factory=list, description="every action and chance outcome, as text"
    )
    digests: list[str] = Field(default_factory=list, description="state digest after each step")
    outcome: dict[str, Any] | None = None
    players: dict[str, str] = Field(default_factory=dict, description="seat -> who played it")
    bitva: str = __version__

    def save(self, path: str | Path) -> None:
        """Write the record whole or not at all: a game killed while saving keeps its last save
        (the text goes to a file beside it, then replaces it in one step)."""
        target = Path(path)
        partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
        try:
            with partial.open("w", encoding="utf-8") as out:
                out.write(json.dumps(self.model_dump(), indent=1) + "\n")
                out.flush()
                os.fsync(out.fileno())
            os.replace(partial, target)
        finally:
            partial.unlink(missing_ok=True)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise RecordError(f"{path}: not a game record (not UTF-8 text)") from None
        except OSError as exc:
            raise RecordError(f"{path}: cannot read the record ({exc.strerror})") from exc
        try:
            record = cls.model_validate_json(text)
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(str(part) for part in first["loc"]) or "(file)"
            raise RecordError(f"{path}: {field}: {first['msg']}") from exc
        return upgrade(record, str(path))


def upgrade(record: GameRecord, source: str | None = None) -> GameRecord:
    """The record in its game's current format (older records are migrated by the game). A
    format this bitva does not know (below 1, or newer than the game's) is a RecordError of one
    line naming `source` (the file) and the formats it reads (issue 21)."""
    try:
        game = get_game(record.game)
    except BitvaError:
        return record  # `replay` names the unknown game
    current = game.record_format
    if not 1 <= record.format <= current:
        known = "format 1" if current == 1 else f"formats 1 to {current}"
        where = f"{source}: " if source else ""
        raise RecordError(
            f"{where}a {record.game} record of format {record.format}, which this bitva"
            f" ({__version__}) cannot read: it reads {record.game} records of {known}"
        )
    if record.format == current:
        return record
    try:
        data = game.migrate_record(record.model_dump())
        return GameRecord.model_validate({**data, "format": game.record_format})
    except (BitvaError, ValidationError, KeyError, ValueError) as exc:
        raise RecordError(
            f"cannot migrate a {record.game} record of format {record.format}: {exc}"
        ) from exc


@dataclass
class Step:
    """One applied action or chance outcome: its position in the record, who took it (a seat,
    or CHANCE), its text and its events."""

    index: int
    seat: int
    action: str
    events: list[Event]

    @property
    def chance(self) -> bool:
        return self.seat == CHANCE


class Match:
    """A live game that records itself: apply a player's action through it and it also resolves
    the chance that follows (sampled from the state's RNG), keeping both in the record."""

    def __init__(
        self,
        game: str | Game[Any, Any],
        options: BaseModel | dict[str, Any] | None = None,
        seed: int = 0,
    ) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        self.state: State[Any] = self.game.new(options, seed)
        self.record = GameRecord(
            game=self.game.name,
            format=self.game.record_format,
            options=self.state.options.model_dump(mode="json"),
            seed=seed,
        )
        self.steps: list[Step] = []
        self.resolve_chance()

    def apply(self, action: Any) -> list[Event]:
        """Apply the action of the seat to move, then any chance that follows; all the events."""
        steps = self.play(action)
        return [event for step in steps for event in step.events]

    def play(self, action: Any) -> list[Step]:
        """Like `apply`, returning the steps (the action first, then chance outcomes)."""
        if self.state.is_chance:
            raise BitvaError("a chance node: the match samples it itself")
        first = self._push(action)
        return [first, *self.resolve_chance()]

    def resolve_chance(self) -> list[Step]:
        """Sample and apply chance outcomes until a seat decides or the game ends."""
        steps = []
        while self.state.is_chance:
            steps.append(self._push(self.state.sample_chance()))
        return steps

    def _push(self, action: Any) -> Step:
        state = self.state
        seat = state.current_player
        if seat is None:
            raise BitvaError("the game is over")
        if isinstance(action, str):
            action = state.parse_action(action)
        text = state.action_text(action)
        events = state.apply(action)
        record = self.record
        record.actions.append(text)
        record.digests.append(state.digest())
        outcome = state.outcome
        record.outcome = outcome.to_json() if outcome else None
        step = Step(len(record.actions) - 1, seat, text, events)
        self.steps.append(step)
        return step


@dataclass
class ReplayStep:
    index: int  # 0-based index of the step in the record
    seat: int  # who took it (CHANCE for a chance outcome)
    action: str
    events: list[Event]
    state: State[Any]


def start(record: GameRecord) -> State[Any]:
    """The state a record starts from."""
    try:
        state: State[Any] = get_game(record.game).new(record.options, record.seed)
    except BitvaError as exc:
        raise RecordError(f"cannot start the recorded game: {exc}") from exc
    return state


def replay(record: GameRecord) -> Iterator[ReplayStep]:
    """Re-play a record step by step (the same state object, changed in place). Raises
    RecordError on a step that is not legal."""
    record = upgrade(record)
    state = start(record)
    for index, text in enumerate(record.actions):
        seat = state.current_player
        try:
            if seat is None:
                raise BitvaError("the game is already over")
            events = state.apply(text)
        except BitvaError as exc:
            raise RecordError(f"action {index + 1} {text!r}: {exc}") from exc
        yield ReplayStep(index, seat, text, events, state)


def verify(record: GameRecord) -> State[Any]:
    """Replay, comparing every digest and the outcome; RecordError at the first divergence."""
    record = upgrade(record)
    state: State[Any] | None = None
    steps = 0
    for step in replay(record):
        steps += 1
        state = step.state
        if step.index < len(record.digests):
            digest = state.digest()
            if digest != record.digests[step.index]:
                raise RecordError(
                    f"divergence after action {step.index + 1} {step.action!r}: state digest "
                    f"{digest} but the record says {record.digests[step.index]}"
                )
    if state is None:
        state = start(record)
    if record.digests and len(record.digests) != steps:
        raise RecordError(f"the record has {len(record.digests)} digests for {steps} actions")
    outcome = state.outcome
    got = outcome.to_json() if outcome else None
    if record.outcome != got:
        raise RecordError(f"outcome differs: replay gives {got}, the record says {record.outcome}")
    return state
