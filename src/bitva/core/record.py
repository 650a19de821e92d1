"""Game records: game + options + seed + actions, replayed exactly (invariant 2).

A record also keeps a digest of the state after every action and the outcome, so a replay can
prove it reproduced the game (`verify`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from bitva import __version__
from bitva.core.errors import BitvaError, RecordError
from bitva.core.events import Event
from bitva.core.registry import get_game
from bitva.core.state import State


class GameRecord(BaseModel):
    """A finished or unfinished game, as saved to a JSON file."""

    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int
    actions: list[str] = Field(default_factory=list)
    digests: list[str] = Field(default_factory=list, description="state digest after each action")
    outcome: dict[str, Any] | None = None
    players: dict[str, str] = Field(default_factory=dict, description="seat -> who played it")
    bitva: str = __version__

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.model_dump(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"{path}: cannot read the record ({exc.strerror})") from exc
        try:
            return cls.model_validate_json(text)
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(str(part) for part in first["loc"]) or "(file)"
            raise RecordError(f"{path}: {field}: {first['msg']}") from exc


class Match:
    """A live game that records itself: apply actions through it and it keeps the record."""

    def __init__(self, game: str, options: dict[str, Any] | None = None, seed: int = 0) -> None:
        self.game = get_game(game)
        self.state: State = self.game.new(options or {}, seed)
        self.record = GameRecord(game=self.game.name, options=_options_json(self.state), seed=seed)

    def apply(self, action: Any) -> list[Event]:
        text = str(action)
        events = self.state.apply(action)
        self.record.actions.append(text)
        self.record.digests.append(self.state.digest())
        outcome = self.state.outcome
        self.record.outcome = outcome.to_json() if outcome else None
        return events


def _options_json(state: State) -> dict[str, Any]:
    return state.options.model_dump(mode="json")


@dataclass
class ReplayStep:
    index: int  # 0-based index of the action in the record
    action: str
    events: list[Event]
    state: State


def replay(record: GameRecord) -> Iterator[ReplayStep]:
    """Re-play a record action by action. Raises RecordError on an action that is not legal."""
    try:
        game = get_game(record.game)
        state = game.new(record.options, record.seed)
    except BitvaError as exc:
        raise RecordError(f"cannot start the recorded game: {exc}") from exc
    for index, text in enumerate(record.actions):
        try:
            action = state.parse_action(text)
            events = state.apply(action)
        except BitvaError as exc:
            raise RecordError(f"action {index + 1} {text!r}: {exc}") from exc
        yield ReplayStep(index, text, events, state)


def verify(record: GameRecord) -> State:
    """Replay, comparing every digest and the outcome; RecordError at the first divergence."""
    state: State | None = None
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
        state = get_game(record.game).new(record.options, record.seed)
    if record.digests and len(record.digests) != steps:
        raise RecordError(f"the record has {len(record.digests)} digests for {steps} actions")
    outcome = state.outcome
    got = outcome.to_json() if outcome else None
    if record.outcome != got:
        raise RecordError(f"outcome differs: replay gives {got}, the record says {record.outcome}")
    return state
