"""The server adapter of Lords of War: the options a client may choose (armies by name only), the
armies for the lobby, and the view with the forced-placement flag (LW-6.5).

A client chooses armies by name only: the engine also reads deck files by path, which a server
must never let a client name. The placement previews the browser shows are the game's own
analysis "placements" (`bitva.games.lords_of_war.lines`), served by the generic analysis endpoint.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from bitva.core.registry import get_game
from bitva.core.state import State
from bitva.games.lords_of_war.catalogue import army_names, load_army
from bitva.server.games import GameAdapter


class LordsOfWarOptionsIn(BaseModel):
    """The options of a new game (LW-3.3, LW-10.1, LW-10.2, LW-11)."""

    model_config = ConfigDict(extra="forbid")

    armies: list[str] = Field(
        default=["orcs", "dwarves"],
        min_length=2,
        max_length=2,
        description="the army of seat 1 and of seat 2 (LW-10.3)",
        json_schema_extra={"items": {"type": "string", "enum": list(army_names())}},
    )
    advanced: bool = Field(default=False, description="advanced rules: cavalry and berserkers")
    cavalry: bool | None = Field(default=None, description="LW-11.1 alone; default: advanced")
    berserkers: bool | None = Field(default=None, description="LW-11.2-11.5; default: advanced")
    borderless: bool = Field(default=False, description="LW-10.1")
    units_to_win: int = Field(default=20, ge=1, le=72, description="LW-3.3, LW-10.2")
    commands_to_win: int = Field(default=4, ge=1, le=12, description="LW-3.3, LW-10.2")

    @field_validator("armies")
    @classmethod
    def _known_armies(cls, value: list[str]) -> list[str]:
        known = army_names()
        out = []
        for name in value:
            key = name.strip().lower()
            if key not in known:
                raise ValueError(f"unknown army {name!r} (known: {', '.join(known)})")
            out.append(key)
        return out


# the catalogue's variant number after a card's name ("Dwarf Impaler#4"): not on the card
VARIANT = re.compile(r"(?<=\w)#\d+\b")


class LordsOfWarAdapter(GameAdapter):
    # every step's view names its cards; a replay sends the card table once
    shared_view_keys = ("cards",)

    def player_words(self, message: str) -> str:
        """An engine refusal with each card by its printed name, without the catalogue's
        variant number, as the browser shows the cards (issue 21: "Dwarf Impaler", not
        "Dwarf Impaler#4").

        >>> ADAPTER.player_words("Orc Ravager#1 is not in your hand")
        'Orc Ravager is not in your hand'
        """
        return VARIANT.sub("", message)

    @property
    def options_model(self) -> type[BaseModel]:
        return LordsOfWarOptionsIn

    def lobby(self) -> dict[str, Any]:
        return {"armies": [{"name": n, "title": load_army(n).title} for n in army_names()]}

    def view(self, state: State[Any], seat: int | None) -> dict[str, Any]:
        view = state.view(seat)
        if seat is not None and seat == state.current_player and state.decision == "deploy":
            # LW-6.5: tell the seat to move that its placement is forced (its hand will be shown)
            view["forced_placement"] = bool(getattr(state, "forced_placement", False))
        return view


ADAPTER = LordsOfWarAdapter(get_game("lords-of-war"))
