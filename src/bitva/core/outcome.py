"""How a game ended."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: a winner (seat number) or a draw, with the reason and
    optional per-seat scores."""

    winner: int | None
    reason: str
    scores: dict[int, float] = field(default_factory=dict)

    @property
    def draw(self) -> bool:
        return self.winner is None

    def returns(self, players: int = 2) -> list[float]:
        """Per-seat reward in [-1, 1] (index 0 = seat 1), for search and RL."""
        if self.winner is None:
            return [0.0] * players
        return [1.0 if seat == self.winner else -1.0 for seat in range(1, players + 1)]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"winner": self.winner, "draw": self.draw, "reason": self.reason}
        if self.scores:
            data["scores"] = {str(k): v for k, v in self.scores.items()}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        scores = {int(k): float(v) for k, v in data.get("scores", {}).items()}
        return cls(winner=data.get("winner"), reason=str(data.get("reason", "")), scores=scores)
