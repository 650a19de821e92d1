"""The standings of a tournament of two or more seats: wins, draws and losses of every agent, its
mean return, Elo with a 95% interval, the pairwise score matrix, game lengths and move times.

Every game adds, for each seat, a win, draw or loss of the agent on it (a shared win is a win of
each winner), and for every two seats held by different agents one pairwise result: the agent
with the higher return beats the other, equal returns are a draw. For two seats that is just the
game's result; for more, a game of three agents counts as three pairwise games, the usual way to
rate multi-player games with a pairwise model such as Elo (`bitva.arena.elo`).
"""

from __future__ import annotations

import hashlib
import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from bitva.arena.elo import elo_intervals, fit_elo
from bitva.store.tournaments import StoredGame


@dataclass(frozen=True)
class Standing:
    agent: str
    games: int  # seats played (an agent on two seats of one game plays two)
    wins: int
    draws: int
    losses: int
    score: float  # share of the points, draws half
    mean_return: float
    elo: float
    elo_low: float
    elo_high: float
    average_length: float
    average_seconds: float  # per game
    move_seconds: float  # mean time of the agent's own moves
    max_move_seconds: float  # its longest move


@dataclass(frozen=True)
class Summary:
    standings: list[Standing]  # best Elo first
    matrix: dict[str, dict[str, float]]  # row agent's pairwise score share against column agent
    pair_games: dict[str, dict[str, int]]
    games: int
    average_length: float
    fingerprint: str  # hash of every game's result: equal for equal runs

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "average_length": round(self.average_length, 3),
            "fingerprint": self.fingerprint,
            "standings": [
                {
                    "agent": s.agent,
                    "games": s.games,
                    "wins": s.wins,
                    "draws": s.draws,
                    "losses": s.losses,
                    "score": round(s.score, 4),
                    "mean_return": round(s.mean_return, 4),
                    "elo": _round(s.elo),
                    "elo_low": _round(s.elo_low),
                    "elo_high": _round(s.elo_high),
                    "average_length": round(s.average_length, 3),
                }
                for s in self.standings
            ],
            "matrix": {
                a: {b: round(v, 4) for b, v in row.items()} for a, row in self.matrix.items()
            },
            # wall-clock times: the only part that differs between two runs of one tournament
            "timing": timing_json(self.standings),
        }


def _round(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 1)


def timing_json(rows: Iterable[Any]) -> dict[str, dict[str, float]]:
    return {
        row.agent: {
            "move_mean": round(row.move_seconds, 4),
            "move_max": round(row.max_move_seconds, 4),
        }
        for row in rows
    }


def fingerprint(games: Iterable[StoredGame]) -> str:
    """A hash of every game's result and final state: equal runs print equal fingerprints."""
    digest = hashlib.sha256()
    for game in games:
        winners = ",".join(map(str, game.winners))
        digest.update(f"{game.table}/{game.index}:{winners}:{game.digest};".encode())
    return digest.hexdigest()[:16]


class MoveClock:
    """Each agent's own moves: how many, their total time and the longest."""

    def __init__(self, agents: Iterable[str]) -> None:
        self.moves = {agent: [0.0, 0.0, 0.0] for agent in agents}

    def add(self, game: StoredGame) -> None:
        for seat, agent in game.seats.items():
            count, total, longest = game.moves.get(str(seat), (0, 0.0, 0.0))
            mine = self.moves[agent]
            mine[0] += count
            mine[1] += total
            mine[2] = max(mine[2], longest)

    def mean(self, agent: str) -> float:
        count, total, _ = self.moves[agent]
        return total / count if count else 0.0

    def longest(self, agent: str) -> float:
        return self.moves[agent][2]


def mean(values: list[int] | list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def pairwise(game: StoredGame) -> list[tuple[str, str, float]]:
    """(agent, opponent, agent's score) for every two seats held by different agents."""
    out = []
    for i, j in combinations(sorted(game.seats), 2):
        a, b = game.seats[i], game.seats[j]
        if a == b:
            continue
        mine, theirs = game.returns[i - 1], game.returns[j - 1]
        out.append((a, b, 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0))
    return out


def summarize(agents: tuple[str, ...], games: list[StoredGame], resamples: int = 1000) -> Summary:
    """Win rates, Elo with 95% bootstrap intervals and game lengths of a set of games."""
    tally: dict[str, dict[str, int]] = {a: {"win": 0, "draw": 0, "loss": 0} for a in agents}
    returns: dict[str, list[float]] = {a: [] for a in agents}
    lengths: dict[str, list[int]] = defaultdict(list)
    seconds: dict[str, list[float]] = defaultdict(list)
    points: dict[str, dict[str, float]] = {a: defaultdict(float) for a in agents}
    counts: dict[str, dict[str, int]] = {a: defaultdict(int) for a in agents}
    results: list[tuple[str, str, float]] = []
    clock = MoveClock(agents)
    for game in games:
        for seat, agent in game.seats.items():
            tally[agent][game.seat_result(seat)] += 1
            returns[agent].append(game.returns[seat - 1])
        for agent in set(game.seats.values()):
            lengths[agent].append(game.length)
            seconds[agent].append(game.seconds)
        for a, b, score in pairwise(game):
            results.append((a, b, score))
            points[a][b] += score
            points[b][a] += 1.0 - score
            counts[a][b] += 1
            counts[b][a] += 1
        clock.add(game)
    elo = fit_elo(agents, results)
    intervals = elo_intervals(agents, results, resamples=resamples)
    standings = []
    for agent in agents:
        wins, draws, losses = (tally[agent][key] for key in ("win", "draw", "loss"))
        played = wins + draws + losses
        standings.append(
            Standing(
                agent=agent,
                games=played,
                wins=wins,
                draws=draws,
                losses=losses,
                score=(wins + draws / 2) / max(1, played),
                mean_return=mean(returns[agent]),
                elo=elo[agent],
                elo_low=intervals[agent][0],
                elo_high=intervals[agent][1],
                average_length=mean(lengths[agent]),
                average_seconds=mean(seconds[agent]),
                move_seconds=clock.mean(agent),
                max_move_seconds=clock.longest(agent),
            )
        )
    standings.sort(key=lambda s: (-s.elo if not math.isnan(s.elo) else math.inf, s.agent))
    matrix = {a: {b: points[a][b] / counts[a][b] for b in agents if counts[a][b]} for a in agents}
    pair_games = {a: {b: counts[a][b] for b in agents if counts[a][b]} for a in agents}
    return Summary(
        standings,
        matrix,
        pair_games,
        len(games),
        mean([g.length for g in games]),
        fingerprint(games),
    )
