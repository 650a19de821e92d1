"""What the environment tests play: every registered game (tests/conftest.py adds the test
games), with its default options and, for a game whose options hold its seat count, its fewest
and most seats (so a solo Dice and Cards is played too). A game the environments cannot play is
still listed: its tests skip with what it lacks (`bitva.rl.research_spec`), never silently."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from bitva.core import Game, NotSupported, all_games
from bitva.rl import ResearchSpec, research_spec
from bitva.rl.support import NEEDS_AEC, NEEDS_OPENSPIEL


@dataclass(frozen=True)
class EnvCase:
    game: Game[Any, Any]
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.options)

    @property
    def id(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in self.options)
        return self.game.name + (f"[{extra}]" if extra else "")

    def spec(self, needs: tuple[str, ...] = NEEDS_AEC) -> ResearchSpec:
        """The spec, or a skip naming what the game lacks."""
        try:
            return research_spec(self.game, self.values, needs)
        except NotSupported as exc:
            pytest.skip(str(exc))

    def openspiel_spec(self) -> ResearchSpec:
        return self.spec(NEEDS_OPENSPIEL)


def env_cases() -> list[EnvCase]:
    cases = []
    for game in all_games():
        cases.append(EnvCase(game))
        low, high = game.traits.seats
        if "seats" in game.options_model.model_fields and low < high:
            default = game.options({}).model_dump().get("seats")
            cases += [EnvCase(game, (("seats", n),)) for n in (low, high) if n != default]
    return cases


CASES = env_cases()
IDS = [case.id for case in CASES]
