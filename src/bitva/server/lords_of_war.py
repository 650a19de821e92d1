"""What the server knows of Lords of War: the options a client may choose, the armies, and the
previews of a placement (what it would eliminate) from `bitva.games.lords_of_war.lines`.

A client chooses armies by name only: the engine also reads deck files by path, which a server
must never let a client name.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from bitva.games.lords_of_war.lines import lines_after
from bitva.core.state import State
from bitva.games.lords_of_war.actions import Place
from bitva.games.lords_of_war.catalogue import army_names, load_army
from bitva.games.lords_of_war.state import LordsOfWarState

MAX_LINES_PER_SQUARE = 64


class LordsOfWarOptionsIn(BaseModel):
    """The options of a new game (LW-3.3, LW-10.1, LW-10.2, LW-11)."""

    model_config = ConfigDict(extra="forbid")

    armies: tuple[str, str] = Field(
        default=("orcs", "dwarves"), description="the army of seat 1 and of seat 2"
    )
    advanced: bool = Field(default=False, description="advanced rules: cavalry and berserkers")
    cavalry: bool | None = Field(default=None, description="LW-11.1 alone; default: advanced")
    berserkers: bool | None = Field(default=None, description="LW-11.2-11.5; default: advanced")
    borderless: bool = Field(default=False, description="LW-10.1")
    units_to_win: int = Field(default=20, ge=1, le=72, description="LW-3.3, LW-10.2")
    commands_to_win: int = Field(default=4, ge=1, le=12, description="LW-3.3, LW-10.2")

    @field_validator("armies")
    @classmethod
    def _known_armies(cls, value: tuple[str, str]) -> tuple[str, str]:
        known = army_names()
        out = []
        for name in value:
            key = name.strip().lower()
            if key not in known:
                raise ValueError(f"unknown army {name!r} (known: {', '.join(known)})")
            out.append(key)
        return (out[0], out[1])

    def engine_options(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


def armies() -> list[dict[str, str]]:
    return [{"name": name, "title": load_army(name).title} for name in army_names()]


def option_limits() -> dict[str, Any]:
    fields = LordsOfWarOptionsIn.model_fields
    limits: dict[str, Any] = {}
    for name in ("units_to_win", "commands_to_win"):
        bounds = {"default": fields[name].default}
        for item in fields[name].metadata:
            for attr in ("ge", "le"):
                if hasattr(item, attr):
                    bounds[attr] = getattr(item, attr)
        limits[name] = bounds
    return limits


def _line_json(line: Any) -> dict[str, Any]:
    data = line.to_json()
    return {
        "shots": dict(data.get("shots") or {}),
        "moves": list(data.get("moves") or []),
        "eliminated": list(data.get("eliminated") or []),
        "result": data.get("result"),
    }


def previews(state: State, seat: int, card: str | None) -> list[dict[str, Any]]:
    """For each card of `seat`'s hand (or only `card`), each square it may legally go on now and
    every line of play that placement starts, to the end of phase 2: eliminated units, shots,
    berserker moves and the result. Only the seat to move asks, at a placement decision, and only
    about its own legal placements: the lines depend on the public board and its own card alone
    (a line ends where phase 3 would draw a card)."""
    assert isinstance(state, LordsOfWarState)
    if state.current_player != seat or state.phase not in ("challenge", "deploy"):
        return []
    by_card: dict[str, list[Place]] = {}
    for action in state.legal_actions():
        assert isinstance(action, Place)
        by_card.setdefault(action.card, []).append(action)
    wanted = by_card if card is None else {card: by_card.get(card, [])}
    out: list[dict[str, Any]] = []
    for ref, actions in wanted.items():
        squares = []
        for action in actions:
            found: list[dict[str, Any]] = []
            truncated = False
            for line in lines_after(state, action):
                if len(found) == MAX_LINES_PER_SQUARE:
                    truncated = True
                    break
                found.append(_line_json(line))
            squares.append({"square": action.square, "lines": found, "truncated": truncated})
        out.append({"card": ref, "squares": squares})
    return out
