"""The State contract every game implements (see docs/architecture.md).

A state is mutable: `apply` changes it in place (checked), `apply_unchecked` is the fast path for
search, `clone` gives an independent copy. Seats are numbered from 1; `current_player` is None when
the game is over.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar, Self

from pydantic import BaseModel

from bitva.core.events import Event
from bitva.core.outcome import Outcome
from bitva.core.rng import Rng

if TYPE_CHECKING:
    from bitva.core.game import Game


class State(ABC):
    """One position of one game, with its seeded RNG inside."""

    game: ClassVar[Game]
    rng: Rng
    # A counter that grows with every turn (games without turns count plies); agents use it to
    # tell the decisions of one turn from the next.
    turn: int

    # -- whose decision, and which -------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that decides now; None when the game is over."""

    @property
    def is_terminal(self) -> bool:
        return self.outcome is not None

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on."""

    @property
    @abstractmethod
    def decision(self) -> str:
        """Name of the current decision point (e.g. "deploy", "shoot", "reinforce", "over")."""

    @property
    @abstractmethod
    def options(self) -> BaseModel:
        """The options this game was started with (what a record stores)."""

    @abstractmethod
    def legal_actions(self) -> list[Any]:
        """Every legal action at this decision point, in a stable order."""

    # -- changing the state ----------------------------------------------------------------
    @abstractmethod
    def apply(self, action: Any) -> list[Event]:
        """Apply a legal action and return its events; an illegal one raises IllegalAction naming
        the rule and leaves the state unchanged."""

    @abstractmethod
    def apply_unchecked(self, action: Any) -> None:
        """Apply an action known to be legal, without checks or events: the fast path for search."""

    # -- the integer fast path (search, RL) ---------------------------------------------------
    def legal_codes(self) -> list[int]:
        """The legal actions as integer codes, in the order of `legal_actions`. Games override it
        (and `apply_code`) with something faster; this default goes through the actions."""
        return [self.encode_action(action) for action in self.legal_actions()]

    def apply_code(self, code: int) -> None:
        """Apply a legal action by its integer code, without checks or events."""
        self.apply_unchecked(self.decode_action(code))

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (static data such as card definitions is shared)."""

    # -- actions as text and integers ------------------------------------------------------
    @abstractmethod
    def parse_action(self, text: str) -> Any:
        """The action written `text` at this decision point (raises IllegalAction if none)."""

    @abstractmethod
    def encode_action(self, action: Any) -> int:
        """Stable integer code of an action, in [0, game.num_action_codes(options))."""

    @abstractmethod
    def decode_action(self, code: int) -> Any:
        """The action of an integer code."""

    # -- what a seat may see ---------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see, JSON-ready with secrets removed (None = a spectator)."""

    @abstractmethod
    def determinize(self, seat: int, rng: Rng) -> Self:
        """A full state consistent with everything `seat` knows, hidden parts resampled (ISMCTS)."""

    # -- serialization ---------------------------------------------------------------------
    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state, secrets and RNG included: `game.state_from_json` restores it exactly."""

    def digest(self) -> str:
        """A short fingerprint of the whole state, for replay verification."""
        blob = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]
