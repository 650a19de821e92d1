"""What the research environments need of a game, read from the core contract alone
(docs/research.md): integer action codes declared from the options, a fixed-shape observation
built from a seat's view, and (for OpenSpiel) a maximum game length and a utility range.

`research_spec(game, options)` gathers them once, or raises NotSupported naming every missing
method, so an environment of a game that lacks one fails in one line and a test skips it with
that line as its reason (never silently). Chance is resolved from the state's own RNG as a
`Match` does: `sample_chance_code` on a copy of the RNG, then `apply_code`, which steps it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from pydantic import BaseModel

from bitva.core.errors import NotSupported
from bitva.core.game import Game, OptionsLike
from bitva.core.registry import all_games, get_game
from bitva.core.rng import Rng
from bitva.core.state import State

# What each environment needs: the contract's methods, by the name docs/research.md uses.
NEEDS_AEC = ("num_action_codes", "observation_shape")
NEEDS_OPENSPIEL = ("num_action_codes", "observation_shape", "max_game_length", "utility_range")
# The most codes an environment takes: its mask is one int8 per code at every step (Lords of
# War's borderless mat has 8,143,872; mixed-radix codes of billions need dense codes first).
MAX_CODES = 1 << 24


@dataclass(frozen=True)
class ResearchSpec:
    """A game with resolved options and what its environments declare up front."""

    game: Game[Any, Any]
    options: BaseModel
    seats: int
    num_codes: int
    observation_shape: tuple[int, ...]
    max_game_length: int | None
    utility_range: tuple[float, float] | None

    @property
    def agents(self) -> list[str]:
        """PettingZoo's agent names: "player_1" .. "player_N", seat N is "player_N"."""
        return [agent_name(seat) for seat in range(1, self.seats + 1)]

    def new(self, seed: int) -> State[Any]:
        state: State[Any] = self.game.new(self.options, seed)
        return state


def agent_name(seat: int) -> str:
    """PettingZoo's name of a seat.

    >>> agent_name(2)
    'player_2'
    """
    return f"player_{seat}"


def _declared(call: Callable[[], Any]) -> tuple[Any, str | None]:
    try:
        return call(), None
    except NotSupported as exc:
        return None, str(exc)


def research_spec(
    game: str | Game[Any, Any],
    options: OptionsLike = None,
    needs: tuple[str, ...] = NEEDS_AEC,
) -> ResearchSpec:
    """The spec of `game` with `options`; NotSupported naming each method in `needs` that the
    game does not offer (and why), or its parametric actions."""
    found = get_game(game) if isinstance(game, str) else game
    values = found.options(options)
    if not found.traits.enumerable:
        raise NotSupported(
            f"{found.title} has parametric actions (checked, not listed): no integer action codes"
        )
    declared: dict[str, Any] = {}
    missing: list[str] = []
    for method in ("num_action_codes", "observation_shape", "max_game_length", "utility_range"):
        value, why = _declared(partial(getattr(found, method), values))
        declared[method] = value
        if why is not None and method in needs:
            missing.append(f"{method} ({why})")
    codes = declared["num_action_codes"]
    if codes is not None and codes > MAX_CODES and "num_action_codes" in needs:
        missing.append(f"dense codes ({codes:,} codes: a mask holds at most {MAX_CODES:,})")
    if missing:
        raise NotSupported(f"{found.title} lacks " + "; ".join(missing))
    return ResearchSpec(
        game=found,
        options=values,
        seats=found.seats_for(values),
        num_codes=int(declared["num_action_codes"]),
        observation_shape=tuple(int(n) for n in declared["observation_shape"]),
        max_game_length=declared["max_game_length"],
        utility_range=declared["utility_range"],
    )


def research_games(needs: tuple[str, ...] = NEEDS_AEC) -> list[tuple[Game[Any, Any], str | None]]:
    """Every registered game with None where its default options offer `needs`, else the
    reason it does not (what a test prints when it skips the game)."""
    out: list[tuple[Game[Any, Any], str | None]] = []
    for game in all_games():
        try:
            research_spec(game, None, needs)
        except NotSupported as exc:
            out.append((game, str(exc)))
        else:
            out.append((game, None))
    return out


def resolve_chance(state: State[Any]) -> int:
    """Play chance outcomes drawn from the state's own RNG until a seat decides or the game
    ends; returns how many. The draw uses a copy of the RNG and `apply_code` steps the state's
    RNG after it, as `apply` does, so the same seed gives the same dice as a `Match`."""
    count = 0
    while state.is_chance:
        state.apply_code(state.sample_chance_code(Rng(state.rng.state)))
        count += 1
    return count
