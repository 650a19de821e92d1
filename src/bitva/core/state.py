"""The State contract every game implements (see docs/architecture.md).

A state is mutable: `apply` changes it in place (checked), `apply_unchecked` / `apply_code` are
the fast path for search, `clone` gives an independent copy. Seats are numbered from 1;
`current_player` is a seat, `CHANCE` at a chance node, or None when the game is over.

Chance is explicit (`bitva.core.chance`): at a chance node `chance_outcomes()` gives every outcome
with its exact probability, and an outcome is applied like an action. `sample_chance()` draws
one from a copy of the state's own RNG, and `apply` steps that RNG once after every chance
outcome, sampled or forced alike, so a replayed record reaches the same states (digests) and the
same future as the game it records; the fast path (`apply_unchecked`, `apply_code`) steps it
the same way. Search never draws from the state's RNG: it samples chance with its own generator
(`sample_chance(rng)`).
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from pydantic import BaseModel

from bitva.core.chance import CHANCE, sample
from bitva.core.errors import IllegalAction, NotSupported, Violation
from bitva.core.events import Event
from bitva.core.outcome import Outcome
from bitva.core.preview import Preview
from bitva.core.rng import Rng

if TYPE_CHECKING:
    from bitva.core.game import Game

A = TypeVar("A")


class State(ABC, Generic[A]):
    """One position of one game, with its seeded RNG inside. `A` is the game's action type."""

    game: ClassVar[Game[Any, Any]]
    rng: Rng
    # A counter that grows with every turn (games without turns count plies); agents use it to
    # tell the decisions of one turn from the next.
    turn: int

    # -- whose decision, and which -------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that decides now, `CHANCE` at a chance node, None when the game is over."""

    @property
    def is_chance(self) -> bool:
        return self.current_player == CHANCE

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
        """Name of the current decision point (e.g. "deploy", "shoot", "roll", "over")."""

    @property
    @abstractmethod
    def options(self) -> BaseModel:
        """The options this game was started with (what a record stores)."""

    @property
    def seats(self) -> int:
        """How many seats this game has (a game with a seat range reads it from its options)."""
        return self.game.traits.seats[0]

    def returns(self) -> tuple[float, ...]:
        """Per-seat returns: the outcome's, or zeros while the game goes on."""
        outcome = self.outcome
        return outcome.returns if outcome is not None else (0.0,) * self.seats

    # -- actions ---------------------------------------------------------------------------
    def legal_actions(self) -> list[A]:
        """Every legal action at this decision point, in a stable order (at a chance node: the
        outcomes). Only games with enumerable actions list them; parametric games raise."""
        if self.is_chance:
            return [outcome for outcome, _ in self.chance_outcomes()]
        raise NotSupported(
            f"{self.game.title} does not list its actions: use check() and candidate_actions()"
        )

    def chance_outcomes(self) -> list[tuple[A, Fraction]]:
        """At a chance node: every outcome with its exact probability (they sum to 1)."""
        raise NotSupported("this is not a chance node")

    def sample_chance(self, rng: Rng | None = None) -> A:
        """One chance outcome with its probability: from `rng`, or (for play and records) from a
        copy of the state's RNG, which `apply` then steps."""
        return sample(self.chance_outcomes(), rng if rng is not None else Rng(self.rng.state))

    def check(self, action: A) -> Violation | None:
        """Why `action` is illegal here (a sentence and the rule), or None if it is legal. The
        contract's own rules (docs/architecture.md, "Refusals"): CORE-1 nothing is played once
        the game is over, CORE-2 a chance node takes only its outcomes, CORE-3 a seat takes only
        its legal actions. Games name their own rules where they know better."""
        if self.current_player is None:
            return Violation("the game is over", "CORE-1")
        if self.is_chance:
            if any(action == outcome for outcome, _ in self.chance_outcomes()):
                return None
            text = self.action_text(action)
            return Violation(f"{text!r} is not an outcome of this chance", "CORE-2")
        if action in self.legal_actions():
            return None
        return Violation(f"{self.action_text(action)!r} is not legal now", "CORE-3")

    def preview(self, action: A) -> Preview:
        """What `action` would do here, without doing it (issue 22): legal or the violation
        `check` gives, and game-defined facts (docs/adding-a-game.md). This default is `check`
        with no facts; games override it to say more (inches used, models out of coherency).
        The state is never changed."""
        return Preview(self.check(action))

    def candidate_actions(self, rng: Rng, n: int) -> list[A]:
        """Up to `n` legal actions for an agent to consider, drawn with `rng` (all of them when
        there are few). Parametric games override this with their own generator."""
        actions = self.legal_actions()
        if len(actions) <= n:
            return actions
        chosen = list(range(len(actions)))
        rng.shuffle(chosen)
        return [actions[i] for i in sorted(chosen[:n])]

    # -- changing the state ----------------------------------------------------------------
    def apply(self, action: A | str) -> list[Event]:
        """Apply a legal action (or its text) and return its events. Text that is not an action
        raises UnreadableAction, an illegal action IllegalAction naming the rule; either way the
        state is unchanged. After a chance outcome the state's RNG steps once."""
        chance = self.is_chance
        if isinstance(action, str):
            action = self.parse_action(action)
        events = self.apply_checked(action)
        if chance:
            self.rng.next_u64()
        return events

    def resolve_chance(self, rng: Rng | None = None) -> list[Event]:
        """Sample and apply chance outcomes until a seat decides or the game ends (from `rng`, or
        from the state's RNG as a `Match` does), returning their events."""
        events: list[Event] = []
        while self.is_chance:
            events += self.apply(self.sample_chance(rng))
        return events

    def apply_checked(self, action: A) -> list[Event]:
        """Check, then play: raise IllegalAction (state unchanged) or apply and return events.
        Games with a faster check override this."""
        violation = self.check(action)
        if violation is not None:
            raise IllegalAction.of(violation)
        return self.play(action)

    def play(self, action: A) -> list[Event]:
        """Apply an action known to be legal and return its events."""
        raise NotImplementedError(f"{type(self).__name__} must implement play or apply_checked")

    def apply_unchecked(self, action: A) -> None:
        """Apply an action known to be legal, without checks (events may be skipped): the fast
        path for search. Like `apply`, it steps the state's RNG once after a chance outcome, so
        a state driven by codes and one driven by `apply` have the same future (an environment
        that samples chance from the state's RNG would otherwise draw the same dice forever)."""
        chance = self.is_chance
        self.play(action)
        if chance:
            self.rng.next_u64()

    # -- the integer fast path (search, RL) ---------------------------------------------------
    def legal_codes(self) -> list[int]:
        """The legal actions as integer codes, in the order of `legal_actions`."""
        return [self.encode_action(action) for action in self.legal_actions()]

    def apply_code(self, code: int) -> None:
        """Apply a legal action (or chance outcome) by its integer code, without checks; it
        steps the RNG after a chance outcome as `apply_unchecked` does."""
        self.apply_unchecked(self.decode_action(code))

    def legal_mask(self) -> Any:
        """A numpy int8 vector of `game.num_action_codes(options)` entries, 1 at each legal code
        (at a chance node: each outcome's code)."""
        import numpy as np

        mask = np.zeros(self.game.num_action_codes(self.options), dtype=np.int8)
        mask[self.legal_codes()] = 1
        return mask

    def observation_tensor(self, seat: int | None) -> Any:
        """What `seat` sees, as a float32 numpy array of `game.observation_shape(options)`:
        built from `view(seat)` only (`Game.observation_from_view`), so it cannot leak."""
        return self.game.observation_from_view(self.view(seat), seat, self.options)

    def information_state_string(self, seat: int | None) -> str:
        """A string that is the same for two states exactly when `seat` cannot tell them apart:
        the seat's view in canonical JSON (games whose view forgets what the seat saw
        earlier override this to keep perfect recall)."""
        return json.dumps(self.view(seat), sort_keys=True, separators=(",", ":"))

    def sample_chance_code(self, rng: Rng) -> int:
        """The code of a chance outcome drawn with `rng` (games override it with something
        faster)."""
        return self.encode_action(self.sample_chance(rng))

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (static data such as card definitions is shared)."""

    # -- actions as text and integers ------------------------------------------------------
    @abstractmethod
    def parse_action(self, text: str) -> A:
        """The action written `text` at this decision point. Raises UnreadableAction for text
        that is no action of the game; names that do not exist here may raise IllegalAction."""

    def action_text(self, action: A) -> str:
        """The text form of an action: `parse_action(action_text(a)) == a`."""
        return str(action)

    def encode_action(self, action: A) -> int:
        """Stable integer code of an action, in [0, game.num_action_codes(options))."""
        raise NotSupported(f"{self.game.title} has no integer action codes")

    def decode_action(self, code: int) -> A:
        """The action of an integer code."""
        raise NotSupported(f"{self.game.title} has no integer action codes")

    # -- what a seat may see ---------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see, JSON-ready with secrets removed (None = a spectator)."""

    def determinize(self, seat: int, rng: Rng) -> Self:
        """A full state consistent with everything `seat` knows, hidden parts resampled (ISMCTS).
        The RNG is always reseeded so that no future chance leaks; games with hidden
        information override this to re-deal what `seat` cannot see."""
        other = self.clone()
        other.rng = Rng(rng.next_u64())
        return other

    # -- serialization ---------------------------------------------------------------------
    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state, secrets included, with the RNG state under the key "rng":
        `game.state_from_json` restores it exactly."""

    def digest(self) -> str:
        """A short fingerprint of the position (the RNG left out: it is how a game is driven,
        not where it stands), for replay verification."""
        data = self.to_json()
        data.pop("rng", None)
        blob = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:16]


__all__ = ["CHANCE", "State"]
