"""Tournaments between agents, stored game by game, resumable, on any backend.

A game of N seats is played at *tables*: every group of N agents (every pair, for two seats);
with fewer agents than seats, one table of all of them. A table plays each deal in every
*seating*: every way to put its agents on the seats with each agent on at least one seat, in a
fixed order. For two seats that is the same deal with the seats swapped; for three agents at a
three-seat game the six orders. So no agent profits from a lucky deal or from its seat. Game `i`
of a table uses deal `i // S` (game seed `i // S`, as `bitva simulate` game `i // S`) and seating
`i % S`, for S seatings.

A game with one seat (solo) is a benchmark: every agent plays the same deals alone, and the
summary is a win rate with a Wilson interval and a mean score (`bitva.arena.benchmark`), not Elo.

A game is identified by (tournament key, table, game index); the key is a hash of the game, its
options, the agents and the seed, so running the same tournament again resumes it, and asking for
more games extends it.

>>> t = Tournament("some-game", {}, ("random", "greedy"), games=4, seed=1, seats=2)
>>> [(s.table, s.job.index, s.job.agents[1]) for s in t.schedule()][:3]
[('greedy|random', 0, 'greedy'), ('greedy|random', 0, 'random'), ('greedy|random', 1, 'greedy')]
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from bitva.ai.agents import check_plays, make_agent, parse_agent
from bitva.arena.simulation import Backend, GameJob, run_stream
from bitva.core.errors import BitvaError
from bitva.core.registry import get_game

if TYPE_CHECKING:  # the store needs SQLAlchemy, which `bitva --help` must not import
    from bitva.store.tournaments import StoredGame, TournamentStore

MAX_SEATINGS = 720  # the seatings of one table (six agents at six seats)
MAX_GAMES = 1_000_000  # games in one tournament: its summary holds a line of each in memory


@dataclass(frozen=True)
class Scheduled:
    """One game of the schedule: its table, its index at the table, and the job."""

    table: str
    index: int
    job: GameJob


def seatings(agents: tuple[str, ...], seats: int) -> list[tuple[str, ...]]:
    """Every way to seat `agents` on `seats` seats with each agent on at least one seat, in a
    fixed order (for two agents and two seats: as listed, then swapped).

    >>> seatings(("a", "b"), 2)
    [('a', 'b'), ('b', 'a')]
    >>> len(seatings(("a", "b", "c"), 3)), len(seatings(("a", "b"), 3))
    (6, 6)
    """
    return [order for order in product(agents, repeat=seats) if len(set(order)) == len(set(agents))]


def count_seatings(agents: int, seats: int) -> int:
    """How many seatings `seatings` lists (the surjections of the seats onto the agents), by
    inclusion-exclusion, without listing them.

    >>> count_seatings(2, 2), count_seatings(3, 3), count_seatings(2, 4)
    (2, 6, 14)
    """
    return sum((-1) ** j * math.comb(agents, j) * (agents - j) ** seats for j in range(agents + 1))


@dataclass(frozen=True)
class Tournament:
    game: str
    options: dict[str, Any]  # as resolved by the game (deck files read into card lists)
    agents: tuple[str, ...]
    games: int  # per table
    seed: int
    seats: int = 2

    @classmethod
    def create(
        cls, game: str, options: dict[str, Any], agents: list[str], games: int, seed: int
    ) -> Tournament:
        """Validate the agents and resolve the options (a bad name or option raises BitvaError)."""
        definition = get_game(game)
        resolved = definition.new(options, 0).options
        seats = definition.seats_for(resolved)
        names = [spec.strip().lower() for spec in agents if spec.strip()]
        if seats > 1 and len(names) < 2:
            raise BitvaError("a tournament needs at least two agents (--agents a,b,...)")
        if not names:
            raise BitvaError("a benchmark needs at least one agent (--agents a,b,...)")
        if len(set(names)) != len(names):
            raise BitvaError(f"an agent is listed twice in {','.join(names)}")
        for name in names:
            if "|" in name:
                raise BitvaError(f"agent {name!r}: '|' is not allowed in an agent name")
            parse_agent(name)
            make_agent(name, 0)
            check_plays(name, definition)
        if games < 1:
            raise BitvaError("--games must be at least 1")
        if not 0 <= seed < 2**63:
            raise BitvaError("--seed must be between 0 and 2**63 - 1")
        if count_seatings(min(seats, len(names)), seats) > MAX_SEATINGS:
            raise BitvaError(f"{len(names)} agents at {seats} seats: too many seatings per deal")
        tournament = cls(
            definition.name, resolved.model_dump(mode="json"), tuple(names), games, seed, seats
        )
        if tournament.size > MAX_GAMES:
            tables = tournament.size // games
            raise BitvaError(
                f"{tables} table{'s' if tables > 1 else ''} of {games:,} games is"
                f" {tournament.size:,} games: a tournament holds at most {MAX_GAMES:,}"
            )
        return tournament

    @property
    def solo(self) -> bool:
        """A game of one seat: a benchmark of each agent alone."""
        return self.seats == 1

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

    def tables(self) -> list[tuple[str, ...]]:
        """Every group of agents that plays together, each in name order."""
        return list(_tables_of(tuple(sorted(self.agents)), self.seats))

    @property
    def size(self) -> int:
        """How many games the schedule holds (tables x games per table), without listing them."""
        return math.comb(len(self.agents), min(self.seats, len(self.agents))) * self.games

    def schedule(self) -> list[Scheduled]:
        return list(self.scheduled())

    def scheduled(self) -> Iterator[Scheduled]:
        """The games of the schedule in order, one at a time (a run never lists them all)."""
        for position in range(self.size):
            yield self.at(position)

    def at(self, position: int) -> Scheduled:
        """Game `position` of the schedule: table `position // games`, index `position % games`."""
        table_number, index = divmod(position, self.games)
        table = self._table(table_number)
        orders = self._seatings(table)
        deal, order = divmod(index, len(orders))
        agents = {seat: name for seat, name in enumerate(orders[order], start=1)}
        job = GameJob(self.game, self.options, self.seed, deal, agents)
        return Scheduled("|".join(table), index, job)

    def _table(self, number: int) -> tuple[str, ...]:
        return _tables_of(tuple(sorted(self.agents)), self.seats)[number]

    def _seatings(self, table: tuple[str, ...]) -> list[tuple[str, ...]]:
        return _seatings_of(table, self.seats)


@cache
def _tables_of(agents: tuple[str, ...], seats: int) -> list[tuple[str, ...]]:
    return list(combinations(agents, min(seats, len(agents))))


@cache
def _seatings_of(table: tuple[str, ...], seats: int) -> list[tuple[str, ...]]:
    return seatings(table, seats)


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
        tournament.seats,
        tournament.seed,
    )
    stored = store.finished(tournament_id)
    if on_start is not None:
        on_start(tournament.size, len(stored))
    todo = (
        (position, entry.job)
        for position, entry in enumerate(tournament.scheduled())
        if (entry.table, entry.index) not in stored
    )
    for result in run_stream(todo, backend):
        entry = tournament.at(result.position)
        game = store.add(
            tournament_id, entry.table, entry.index, result.record, result.seconds, result.moves
        )
        stored[(entry.table, entry.index)] = game
        if on_game is not None:
            on_game(game)
    return [stored[(s.table, s.index)] for s in tournament.scheduled()]
