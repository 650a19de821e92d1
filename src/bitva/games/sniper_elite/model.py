"""The data model of a position (SE-3): defenders, sniper, LKA, probable objectives, health
stack, bag and the hit bookkeeping of the current turn.

`Core` holds everything a dispute (SE-5.9) may change, so that each alternative is applied to
a copy and scored; the rest of the state (cards, decks, the turn record) lives in `state.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

DEFENDER_IDS = ("R1", "R2", "R3", "K1", "K2", "K3", "Y1", "Y2", "Y3")
SQUAD = {"R": "red", "K": "black", "Y": "yellow"}
TOKENS = ("A", "N", "R", "S")
MISFIRE_VALUE = {"A": 0, "N": 2, "R": 1, "S": 1}  # SE-3.2, D-8, D-37
OFF = -1  # the sniper on an entry point (SE-2.10), off the board


def squad_of(defender: str) -> str:
    """The colour of a defender's squad (SE-3.1)."""
    return SQUAD[defender[0]]


@dataclass(slots=True)
class Core:
    """The part of the state that rule applications change (see the module docstring)."""

    defenders: dict[str, int | None]
    sniper: int
    lka: str
    probable: list[int]
    health: list[str]  # bottom to top (SE-3.5)
    bag: dict[str, int]
    wounded: bool = False
    hits: int = 0  # hits applied this turn (SE-5.2)
    wounded_now: bool = False  # wounded this turn: later hits ignored (SE-5.3)
    lost: bool = False
    wounds: int = 0  # counters for the harm key (SE-5.9 h2, h3)
    hits_taken: int = 0
    used: list[str] = field(default_factory=list)  # selected in this step (SE-8.10, 6.7(3))
    moved: list[str] = field(default_factory=list)  # moved in this step (D-26)
    noise_stop: bool = False  # a noise step reached the sniper: later N move nobody (SE-6.5)

    def copy(self) -> Core:
        return Core(
            dict(self.defenders),
            self.sniper,
            self.lka,
            list(self.probable),
            list(self.health),
            dict(self.bag),
            self.wounded,
            self.hits,
            self.wounded_now,
            self.lost,
            self.wounds,
            self.hits_taken,
            list(self.used),
            list(self.moved),
            self.noise_stop,
        )

    def on_board(self) -> list[tuple[str, int]]:
        """On-board defenders in ID order."""
        return [(d, s) for d, s in self.defenders.items() if s is not None]

    def occupied(self) -> set[int]:
        return {s for s in self.defenders.values() if s is not None}

    def holder(self, space: int) -> str | None:
        for defender, where in self.defenders.items():
            if where == space:
                return defender
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "defenders": dict(self.defenders),
            "sniper": self.sniper,
            "lka": self.lka,
            "probable": list(self.probable),
            "health": "".join(self.health),
            "bag": dict(self.bag),
            "wounded": self.wounded,
            "hits": self.hits,
            "wounded_now": self.wounded_now,
            "lost": self.lost,
            "wounds": self.wounds,
            "hits_taken": self.hits_taken,
            "used": list(self.used),
            "moved": list(self.moved),
            "noise_stop": self.noise_stop,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Core:
        return cls(
            {d: (None if s is None else int(s)) for d, s in data["defenders"].items()},
            int(data["sniper"]),
            str(data["lka"]),
            [int(n) for n in data["probable"]],
            list(data["health"]),
            {t: int(n) for t, n in data["bag"].items()},
            bool(data["wounded"]),
            int(data["hits"]),
            bool(data["wounded_now"]),
            bool(data["lost"]),
            int(data["wounds"]),
            int(data["hits_taken"]),
            list(data["used"]),
            list(data["moved"]),
            bool(data["noise_stop"]),
        )

    def key(self) -> tuple[Any, ...]:
        """What tells two results of a dispute apart (equal keys: the same result)."""
        return (
            tuple(self.defenders.values()),
            self.sniper,
            self.lka,
            tuple(self.probable),
            tuple(self.health),
            tuple(sorted(self.bag.items())),
            self.wounded,
            self.hits,
            self.wounded_now,
            self.lost,
            self.wounds,
            self.hits_taken,
            tuple(self.used),
            tuple(self.moved),
            self.noise_stop,
        )
