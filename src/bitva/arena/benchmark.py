"""Benchmarks: the tournament of a solo game (one seat, the opponent is the rules themselves).

Every agent plays the same deals alone. Its result is a win rate with a Wilson 95% interval (the
interval that stays inside [0, 1] and keeps its width at 0 or 100%), its mean score (the game's
points, `Outcome.scores`, where the game keeps any) and its mean return; agents are not rated
against each other, so there is no Elo.

>>> low, high = wilson(8, 10)
>>> round(low, 3), round(high, 3)
(0.49, 0.943)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from bitva.arena.standings import MoveClock, fingerprint, mean, timing_json
from bitva.store.tournaments import StoredGame


def wilson(successes: int, trials: int, level: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (0 to 1 when there are no trials).

    It always holds the observed proportion, and ends exactly at 0 with no successes and exactly
    at 1 with no failures: there `centre - half` (or `centre + half`) is 0 (or 1) in exact
    arithmetic, but floating point gave 2.8e-17 for 0 of 5, a negative error bar in the
    report's chart (issue 21).

    >>> wilson(0, 5)[0], wilson(13, 13)[1]
    (0.0, 1.0)
    """
    if trials == 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf(1.0 - (1.0 - level) / 2)
    p = successes / trials
    denominator = 1.0 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1.0 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes <= 0 else min(p, max(0.0, centre - half))
    high = 1.0 if successes >= trials else max(p, min(1.0, centre + half))
    return (low, high)


@dataclass(frozen=True)
class BenchmarkRow:
    agent: str
    games: int
    wins: int
    draws: int
    losses: int
    win_rate: float
    win_low: float  # Wilson 95% interval of the win rate
    win_high: float
    mean_score: float | None  # None when the game keeps no score
    mean_return: float
    average_length: float
    move_seconds: float
    max_move_seconds: float


@dataclass(frozen=True)
class Benchmark:
    rows: list[BenchmarkRow]  # best win rate first
    games: int
    average_length: float
    fingerprint: str

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "average_length": round(self.average_length, 3),
            "fingerprint": self.fingerprint,
            "benchmark": [
                {
                    "agent": r.agent,
                    "games": r.games,
                    "wins": r.wins,
                    "draws": r.draws,
                    "losses": r.losses,
                    "win_rate": round(r.win_rate, 4),
                    "win_low": round(r.win_low, 4),
                    "win_high": round(r.win_high, 4),
                    "mean_score": None if r.mean_score is None else round(r.mean_score, 4),
                    "mean_return": round(r.mean_return, 4),
                    "average_length": round(r.average_length, 3),
                }
                for r in self.rows
            ],
            "timing": timing_json(self.rows),
        }


def benchmark(agents: tuple[str, ...], games: list[StoredGame]) -> Benchmark:
    """Win rate (Wilson 95%), mean score and mean return of every agent playing alone."""
    by_agent: dict[str, list[StoredGame]] = {agent: [] for agent in agents}
    clock = MoveClock(agents)
    for game in games:
        by_agent[game.seats[1]].append(game)
        clock.add(game)
    rows = []
    for agent in agents:
        mine = by_agent[agent]
        results = [game.seat_result(1) for game in mine]
        wins, draws = results.count("win"), results.count("draw")
        scores = [score for game in mine if (score := game.score(1)) is not None]
        low, high = wilson(wins, len(mine))
        rows.append(
            BenchmarkRow(
                agent=agent,
                games=len(mine),
                wins=wins,
                draws=draws,
                losses=len(mine) - wins - draws,
                win_rate=wins / len(mine) if mine else 0.0,
                win_low=low,
                win_high=high,
                mean_score=mean(scores) if scores else None,
                mean_return=mean([game.returns[0] for game in mine]),
                average_length=mean([game.length for game in mine]),
                move_seconds=clock.mean(agent),
                max_move_seconds=clock.longest(agent),
            )
        )
    rows.sort(key=lambda r: (-r.win_rate, -(r.mean_score or 0.0), r.agent))
    return Benchmark(rows, len(games), mean([g.length for g in games]), fingerprint(games))
