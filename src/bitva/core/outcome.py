"""How a game ended: per-seat returns, a result, and a reason given as a code with parameters and
the rule (front ends describe it in their own words and language; nothing parses prose).

>>> o = Outcome.win(2, seats=2, reason="units", params={"count": 20}, rule="LW-8.1")
>>> o.returns, o.result, o.winner
((-1.0, 1.0), 'win', 2)
>>> Outcome.solo(False, reason="sniper-killed", rule="SE-9.1").returns
(-1.0,)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Result = Literal["win", "draw", "loss"]


@dataclass(frozen=True)
class Outcome:
    """`returns[i]` is the reward of seat i + 1 (in [-1, 1] for win/draw/loss games; general-sum
    games may use any scale). `result` is "win" when somebody won, "draw" when nobody did, and
    "loss" when a solo player (or every seat) lost. `winners` lists the seats that won (usually
    one). `reason` is a short code ("units", "time", "sniper-killed"), `params` its numbers,
    `rule` the rule that ended the game; `scores` are optional per-seat points (victory points,
    eliminated units)."""

    returns: tuple[float, ...]
    result: Result
    reason: str
    winners: tuple[int, ...] = ()
    params: Mapping[str, Any] = field(default_factory=dict)
    rule: str | None = None
    scores: Mapping[int, float] = field(default_factory=dict)

    # -- building ------------------------------------------------------------------------------
    @classmethod
    def win(
        cls,
        winner: int,
        seats: int,
        reason: str,
        params: Mapping[str, Any] | None = None,
        rule: str | None = None,
        scores: Mapping[int, float] | None = None,
    ) -> Outcome:
        """One seat wins, every other seat loses (zero-sum for two seats)."""
        if not 1 <= winner <= seats:
            raise ValueError(f"no seat {winner} among {seats}")
        loss = -1.0 / (seats - 1) if seats > 1 else -1.0
        returns = tuple(1.0 if s == winner else loss for s in range(1, seats + 1))
        return cls(returns, "win", reason, (winner,), dict(params or {}), rule, dict(scores or {}))

    @classmethod
    def drawn(
        cls,
        seats: int,
        reason: str,
        params: Mapping[str, Any] | None = None,
        rule: str | None = None,
        scores: Mapping[int, float] | None = None,
    ) -> Outcome:
        return cls((0.0,) * seats, "draw", reason, (), dict(params or {}), rule, dict(scores or {}))

    @classmethod
    def solo(
        cls,
        won: bool,
        reason: str,
        params: Mapping[str, Any] | None = None,
        rule: str | None = None,
        score: float | None = None,
    ) -> Outcome:
        """The end of a solo game (the opponent is the rules themselves)."""
        scores = {1: score} if score is not None else {}
        return cls(
            (1.0 if won else -1.0,),
            "win" if won else "loss",
            reason,
            (1,) if won else (),
            dict(params or {}),
            rule,
            scores,
        )

    @classmethod
    def scored(
        cls,
        scores: Sequence[float],
        reason: str,
        params: Mapping[str, Any] | None = None,
        rule: str | None = None,
    ) -> Outcome:
        """General-sum by points: the highest score wins (ties: every tied seat); returns are
        +1 for a winner, -1 for the others, 0 for everybody on a draw of all seats."""
        best = max(scores)
        winners = tuple(i + 1 for i, s in enumerate(scores) if s == best)
        table = {i + 1: float(s) for i, s in enumerate(scores)}
        if len(winners) == len(scores):
            return cls.drawn(len(scores), reason, params, rule, table)
        returns = tuple(1.0 if i + 1 in winners else -1.0 for i in range(len(scores)))
        return cls(returns, "win", reason, winners, dict(params or {}), rule, table)

    # -- reading -------------------------------------------------------------------------------
    @property
    def winner(self) -> int | None:
        """The single winner, or None (a draw, a solo loss, or several winners)."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def is_draw(self) -> bool:
        return self.result == "draw"

    def value(self, seat: int) -> float:
        """The return of one seat (seats count from 1)."""
        return self.returns[seat - 1]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "result": self.result,
            "winners": list(self.winners),
            "winner": self.winner,
            "returns": list(self.returns),
            "reason": self.reason,
            "params": dict(self.params),
            "rule": self.rule,
        }
        if self.scores:
            data["scores"] = {str(k): v for k, v in self.scores.items()}
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        scores = {int(k): float(v) for k, v in dict(data.get("scores") or {}).items()}
        result = str(data.get("result", "draw"))
        if result not in ("win", "draw", "loss"):
            raise ValueError(f"bad result {result!r}")
        return cls(
            returns=tuple(float(v) for v in data.get("returns", ())),
            result=result,  # type: ignore[arg-type]
            reason=str(data.get("reason", "")),
            winners=tuple(int(s) for s in data.get("winners", ())),
            params=dict(data.get("params") or {}),
            rule=data.get("rule"),
            scores=scores,
        )
