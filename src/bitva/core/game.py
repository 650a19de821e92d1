"""A game definition: its name, options schema, how to start it and how to read its states."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from pydantic import BaseModel

from bitva.core.state import State


class Game(ABC):
    """One game of the registry. Front ends list games through the registry and never import a
    game module directly."""

    name: ClassVar[str]  # command-line name, e.g. "lords-of-war"
    title: ClassVar[str]  # display name
    players: ClassVar[int] = 2
    options_model: ClassVar[type[BaseModel]]

    def options(self, **values: Any) -> BaseModel:
        """Validated options (pydantic) from keyword values; defaults for the rest."""
        return self.options_model(**values)

    @abstractmethod
    def new(self, options: BaseModel | dict[str, Any] | None = None, seed: int = 0) -> State:
        """A new game, set up with the state's RNG seeded by `seed`."""

    @abstractmethod
    def state_from_json(self, data: dict[str, Any]) -> State:
        """Inverse of `State.to_json`."""

    @abstractmethod
    def num_action_codes(self, state: State) -> int:
        """Size of the integer action space of games with this state's options."""

    def heuristic(self, state: State, seat: int) -> float:
        """How good `state` looks for `seat`, roughly in [-1, 1]: used by greedy and search."""
        outcome = state.outcome
        if outcome is None:
            return 0.0
        return outcome.returns(self.players)[seat - 1]
