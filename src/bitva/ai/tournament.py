"""Round-robin tournaments between agents, stored game by game, resumable, on any backend.

Every pair of agents plays `games` games. Games 2k and 2k+1 of a pairing use the same deal (game
seed `k`, as `bitva simulate` game k) with the seats swapped, so neither agent profits from a lucky
deal or from moving first. A game is identified by (tournament key, pairing, game index); the key
is a hash of the game, its options, the agents and the seed, so running the same tournament again
resumes it, and asking for more games extends it.

>>> t = Tournament.create("lords-of-war", {}, ["random", "greedy"], games=4, seed=1)
>>> [(s.pairing, s.index, s.job.index, s.job.agents[1]) for s in t.schedule()][:2]
[('greedy|random', 0, 0, 'greedy'), ('greedy|random', 1, 0, 'random')]
"""

from __future__ import annotations

import hashlib
import json
import math
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from bitva.ai.agents import make_agent, parse_agent
from bitva.ai.elo import elo_intervals, fit_elo
from bitva.core.errors import BitvaError
from bitva.core.registry import get_game
from bitva.simulation import Backend, GameJob, run_jobs
from bitva.store.tournaments import StoredGame, TournamentStore


@dataclass(frozen=True)
class Scheduled:
    """One game of the schedule: its pairing, its index in the pairing, and the job."""

    pairing: str
    index: int
    job: GameJob


@dataclass(frozen=True)
class Tournament:
    game: str
    options: dict[str, Any]  # as resolved by the game (deck files read into card lists)
    agents: tuple[str, ...]
    games: int  # per pairing
    seed: int

    @classmethod
    def create(
        cls, game: str, options: dict[str, Any], agents: list[str], games: int, seed: int
    ) -> Tournament:
        """Validate the agents and resolve the options (a bad name or option raises BitvaError)."""
        definition = get_game(game)
        names = [spec.strip().lower() for spec in agents if spec.strip()]
        if len(names) < 2:
            raise BitvaError("a tournament needs at least two agents (--agents a,b,...)")
        if len(set(names)) != len(names):
            raise BitvaError(f"an agent is listed twice in {','.join(names)}")
        for name in names:
            if "|" in name:
                raise BitvaError(f"agent {name!r}: '|' is not allowed in an agent name")
            parse_agent(name)
            make_agent(name, 0)
        if games < 1:
            raise BitvaError("--games must be at least 1")
        if not 0 <= seed < 2**63:
            raise BitvaError("--seed must be between 0 and 2**63 - 1")
        resolved = definition.new(options, 0).options.model_dump(mode="json")
        return cls(definition.name, resolved, tuple(names), games, seed)

    @property
    def key(self) -> str:
        """What identifies the tournament in the store (the number of games is not part of it)."""
        blob = json.dumps(
            {
                "game": self.game,
                "options": self.options,
                "agents": sorted(self.agents),
                "seed": self.seed,
            },
            sort_keys=True,
        )
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:32]

    def pairings(self) -> list[tuple[str, str]]:
        """Every pair of agents, each pair in name order."""
        return [(a, b) if a < b else (b, a) for a, b in combinations(self.agents, 2)]

    def schedule(self) -> list[Scheduled]:
        out = []
        for a, b in self.pairings():
            for index in range(self.games):
                seats = {1: a, 2: b} if index % 2 == 0 else {1: b, 2: a}
                job = GameJob(self.game, self.options, self.seed, index // 2, seats)
                out.append(Scheduled(f"{a}|{b}", index, job))
        return out


def run_tournament(
    tournament: Tournament,
    store: TournamentStore,
    backend: Backend | None = None,
    on_game: Callable[[StoredGame], None] | None = None,
    on_start: Callable[[int, int], None] | None = None,
) -> list[StoredGame]:
    """Play every game the store does not hold yet, storing each as it finishes, and return all
    the games of the schedule. `on_start(total, already_done)` is called once before play."""
    tournament_id = store.open(
        tournament.key,
        tournament.game,
        tournament.options,
        sorted(tournament.agents),
        tournament.seed,
    )
    stored = store.finished(tournament_id)
    schedule = tournament.schedule()
    todo = [p for p, s in enumerate(schedule) if (s.pairing, s.index) not in stored]
    if on_start is not None:
        on_start(len(schedule), len(schedule) - len(todo))
    jobs = [s.job for s in schedule]
    for result in run_jobs(jobs, backend, positions=todo):
        entry = schedule[result.position]
        game = store.add(
            tournament_id, entry.pairing, entry.index, result.record, result.seconds, result.moves
        )
        stored[(entry.pairing, entry.index)] = game
        if on_game is not None:
            on_game(game)
    return [stored[(s.pairing, s.index)] for s in schedule]


@dataclass(frozen=True)
class Standing:
    agent: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float  # share of the points, draws half
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
    matrix: dict[str, dict[str, float]]  # row agent's score share against column agent
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
            "timing": {
                s.agent: {
                    "move_mean": round(s.move_seconds, 4),
                    "move_max": round(s.max_move_seconds, 4),
                }
                for s in self.standings
            },
        }


def _round(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 1)


def summarize(agents: tuple[str, ...], games: list[StoredGame], resamples: int = 1000) -> Summary:
    """Win rates, Elo with 95% bootstrap intervals and game lengths of a set of games."""
    tally: dict[str, list[int]] = {a: [0, 0, 0] for a in agents}  # wins, draws, losses
    lengths: dict[str, list[int]] = defaultdict(list)
    seconds: dict[str, list[float]] = defaultdict(list)
    moves: dict[str, list[float]] = {a: [0.0, 0.0, 0.0] for a in agents}  # count, total, max
    points: dict[str, dict[str, float]] = {a: defaultdict(float) for a in agents}
    counts: dict[str, dict[str, int]] = {a: defaultdict(int) for a in agents}
    results: list[tuple[str, str, float]] = []
    digest = hashlib.sha256()
    for game in games:
        a, b = game.seat1, game.seat2
        score = game.score(a)
        results.append((a, b, score))
        for agent, other, mine in ((a, b, score), (b, a, 1.0 - score)):
            tally[agent][0 if mine == 1.0 else 1 if mine == 0.5 else 2] += 1
            lengths[agent].append(game.length)
            seconds[agent].append(game.seconds)
            points[agent][other] += mine
            counts[agent][other] += 1
        for seat, agent in (("1", a), ("2", b)):
            count, total, longest = game.moves.get(seat, (0, 0.0, 0.0))
            mine_moves = moves[agent]
            mine_moves[0] += count
            mine_moves[1] += total
            mine_moves[2] = max(mine_moves[2], longest)
        digest.update(f"{game.pairing}/{game.index}:{game.winner}:{game.digest};".encode())
    elo = fit_elo(agents, results)
    intervals = elo_intervals(agents, results, resamples=resamples)
    standings = [
        Standing(
            agent=agent,
            games=sum(tally[agent]),
            wins=tally[agent][0],
            draws=tally[agent][1],
            losses=tally[agent][2],
            score=(tally[agent][0] + tally[agent][1] / 2) / max(1, sum(tally[agent])),
            elo=elo[agent],
            elo_low=intervals[agent][0],
            elo_high=intervals[agent][1],
            average_length=_mean(lengths[agent]),
            average_seconds=_mean(seconds[agent]),
            move_seconds=moves[agent][1] / moves[agent][0] if moves[agent][0] else 0.0,
            max_move_seconds=moves[agent][2],
        )
        for agent in agents
    ]
    standings.sort(key=lambda s: (-s.elo if not math.isnan(s.elo) else math.inf, s.agent))
    matrix = {a: {b: points[a][b] / counts[a][b] for b in agents if counts[a][b]} for a in agents}
    pair_games = {a: {b: counts[a][b] for b in agents if counts[a][b]} for a in agents}
    return Summary(
        standings,
        matrix,
        pair_games,
        len(games),
        _mean([g.length for g in games]),
        digest.hexdigest()[:16],
    )


def _mean(values: list[int] | list[float]) -> float:
    return sum(values) / len(values) if values else 0.0
