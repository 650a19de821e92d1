"""What a game is, declared before anyone plays it (as OpenSpiel's `GameType`): the front ends,
the agents and the arena read the traits instead of guessing from the game's name.

>>> Traits(seats=(1, 1), chance="explicit", information="imperfect", utility="solo").solo
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Chance = Literal["deterministic", "explicit"]
Information = Literal["perfect", "imperfect"]
Utility = Literal["zero-sum", "general", "solo"]
ActionKind = Literal["enumerable", "parametric"]


@dataclass(frozen=True)
class Traits:
    """`seats`: the fewest and most seats a game may have. `chance`: "explicit" when the game has
    chance nodes (dice, draws, shuffles) with exact probabilities. `information`: "imperfect"
    when some seat may not see everything (hands, deck order, hidden set-up). `utility`:
    "zero-sum" (returns add up to 0), "general" (any returns, e.g. victory points) or "solo" (one
    seat plays against the rules themselves). `actions`: "enumerable" when every decision point
    can list its legal actions, "parametric" when actions are checked, not listed (a path on a
    continuous table); agents then ask for `candidate_actions`."""

    seats: tuple[int, int] = (2, 2)
    chance: Chance = "deterministic"
    information: Information = "perfect"
    utility: Utility = "zero-sum"
    actions: ActionKind = "enumerable"

    def __post_init__(self) -> None:
        low, high = self.seats
        if not 1 <= low <= high:
            raise ValueError(f"bad seat range {self.seats}")
        if self.utility == "solo" and self.seats != (1, 1):
            raise ValueError("a solo game has exactly one seat")

    @property
    def solo(self) -> bool:
        return self.utility == "solo"

    @property
    def enumerable(self) -> bool:
        return self.actions == "enumerable"

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": {"min": self.seats[0], "max": self.seats[1]},
            "chance": self.chance,
            "information": self.information,
            "utility": self.utility,
            "actions": self.actions,
        }

    def describe(self) -> str:
        """One line for `bitva games`: "2 seats, chance, hidden information, zero-sum"."""
        low, high = self.seats
        seats = (
            f"{low} seat"
            if low == high == 1
            else (f"{low} seats" if low == high else f"{low}-{high} seats")
        )
        parts = [
            seats,
            "chance" if self.chance == "explicit" else "no chance",
            "hidden information" if self.information == "imperfect" else "perfect information",
            self.utility,
        ]
        if self.actions == "parametric":
            parts.append("parametric actions")
        return ", ".join(parts)
