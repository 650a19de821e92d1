"""Limits per client address, so that one client cannot take the server from everybody else
(docs/server.md, "Security and limits"):

- rates (token buckets) on what costs the server work: new games and seats, moves that make the
  AI think, replay pages, join codes checked, analyses and previews; beyond them a 429 with
  Retry-After;
- the bytes of replay pages on their way to one address (`InFlight`; 429 beyond the cap);
- WebSockets: a cap per game on spectators (a seat holder always gets in), a few sockets per
  seat (the newest stay), and a cap per address;
- live games against the AI: a cap per address and one for the server.

A client is its address (`scope["client"]`; behind a reverse proxy on this machine uvicorn takes
it from X-Forwarded-For). Addresses in `ServerConfig.unlimited_clients` skip the per-client
limits (a load generator); the caps per game and per server hold for everybody.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from starlette.types import Scope

from bitva.server.config import Rate, ServerConfig
from bitva.server.errors import ApiError

if TYPE_CHECKING:
    from bitva.server.hub import Watcher
    from bitva.server.service import GameService

# What each rate limits, for its 429 message.
RATE_WORDS = {
    "create": "too many new games or seats",
    "ai_move": "too many moves against the AI",
    "replay": "too many replays",
    "invitation": "too many join codes checked",
    "analysis": "too many analyses",
    "preview": "too many previews",
}
PRUNE_EVERY = 1000  # charges between two sweeps of the idle buckets

# WebSocket close codes (docs/server.md lists them with the others)
TOO_MANY = 4429  # over a cap: a spectator polls instead (GET /api/games/{id}, with its ETag)
REPLACED = 4409  # this seat opened a newer socket; the page does not reconnect
EXPIRED = 4404  # the game expired


def client_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def too_many(what: str, wait: float) -> ApiError:
    seconds = max(1, math.ceil(wait))
    return ApiError(429, f"{what}: try again in {seconds} s", retry_after=seconds)


class RateLimiter:
    """Token buckets per (kind, client)."""

    def __init__(self, rates: dict[str, Rate], unlimited: tuple[str, ...]) -> None:
        self.rates = rates
        self.unlimited = frozenset(unlimited)
        self._buckets: dict[tuple[str, str], tuple[float, float]] = {}  # tokens, when
        self._charges = 0

    def charge(self, kind: str, client: str, now: float | None = None) -> None:
        """Take one from the client's bucket of `kind`, or refuse with 429."""
        if client in self.unlimited:
            return
        rate = self.rates[kind]
        moment = time.monotonic() if now is None else now
        per_second = rate.per_minute / 60.0
        tokens, since = self._buckets.get((kind, client), (float(rate.burst), moment))
        tokens = min(float(rate.burst), tokens + (moment - since) * per_second)
        if tokens < 1.0:
            self._buckets[(kind, client)] = (tokens, moment)
            wait = (1.0 - tokens) / per_second if per_second > 0 else 3600.0
            raise too_many(f"{RATE_WORDS.get(kind, kind)} from your address", wait)
        self._buckets[(kind, client)] = (tokens - 1.0, moment)
        self._charges += 1
        if self._charges % PRUNE_EVERY == 0:
            self._prune(moment)

    def _prune(self, moment: float) -> None:
        """Forget the buckets that have filled up again (a client gone quiet)."""
        for key, (tokens, since) in list(self._buckets.items()):
            rate = self.rates[key[0]]
            if tokens + (moment - since) * rate.per_minute / 60.0 >= rate.burst:
                del self._buckets[key]


@dataclass(eq=False)
class Connection:
    """One WebSocket, from its opening on: its client, game and (after hello) seat."""

    client: str
    game_id: str
    seat: int | None = None
    established: bool = False
    closing: tuple[int, str] | None = None  # the close frame it is to get
    watcher: Watcher | None = None

    def close(self, code: int, reason: str) -> None:
        """Have its sender close it with this code (the hub's queue carries the signal)."""
        if self.closing is None:
            self.closing = (code, reason)
        if self.watcher is not None:
            self.watcher.put(None)


@dataclass
class Sockets:
    """Every open WebSocket, by client and by game."""

    config: ServerConfig
    by_client: dict[str, list[Connection]] = field(default_factory=dict)
    by_game: dict[str, list[Connection]] = field(default_factory=dict)

    def _limited(self, client: str) -> bool:
        return client not in self.config.unlimited_clients

    def open(self, client: str, game_id: str) -> Connection | None:
        """A socket just accepted, before its hello; None: its client holds too many already
        (one place beyond the cap stays free, so that a seat holder may say hello)."""
        mine = [c for c in self.by_client.get(client, ()) if c.closing is None]
        if self._limited(client) and len(mine) > self.config.max_sockets_per_client:
            return None
        connection = Connection(client, game_id)
        self.by_client.setdefault(client, []).append(connection)
        self.by_game.setdefault(game_id, []).append(connection)
        return connection

    def admit(self, connection: Connection, seat: int | None) -> tuple[int, str] | None:
        """After the hello: None if the socket may stay, else the close code and reason. A seat
        holder is always admitted: the seat's oldest socket, or its client's oldest spectator,
        makes room."""
        config = self.config
        game = [c for c in self.by_game.get(connection.game_id, ()) if c.established]
        game = [c for c in game if c.closing is None]
        mine = [c for c in self.by_client.get(connection.client, ()) if c.established]
        mine = [c for c in mine if c.closing is None]
        full = self._limited(connection.client) and len(mine) >= config.max_sockets_per_client
        if seat is None:
            if sum(c.seat is None for c in game) >= config.max_spectators_per_game:
                return (
                    TOO_MANY,
                    "too many spectators of this game: poll GET /api/games/"
                    f"{connection.game_id} instead",
                )
            if full:
                return TOO_MANY, "too many sockets from your address"
        else:
            same_seat = [c for c in game if c.seat == seat]
            if len(same_seat) >= config.max_sockets_per_seat:
                same_seat[0].close(REPLACED, "this seat opened a newer connection")
                if same_seat[0] in mine:
                    full = False
            if full:
                spectators = [c for c in mine if c.seat is None]
                if not spectators:
                    return TOO_MANY, "too many sockets from your address"
                spectators[0].close(
                    TOO_MANY, "too many sockets from your address: this one made room for a seat"
                )
        connection.seat = seat
        connection.established = True
        return None

    def forget(self, connection: Connection) -> None:
        for table, key in (
            (self.by_client, connection.client),
            (self.by_game, connection.game_id),
        ):
            group = table.get(key)
            if group is not None and connection in group:
                group.remove(connection)
                if not group:
                    del table[key]

    def close_game(self, game_id: str, code: int, reason: str) -> None:
        for connection in list(self.by_game.get(game_id, ())):
            connection.close(code, reason)


class AiGames:
    """Who created which game against the AI, to cap the live ones. A game is live while it is
    not over and its last step is younger than `ai_game_idle_after`."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.creators: dict[str, str] = {}  # game id -> client
        self.starting: dict[str, int] = {}  # client -> its games being created right now

    def _left(self, runtime: Any, now: datetime) -> float | None:
        """Seconds the game stays live without a move; None if it is not live."""
        if runtime.status == "over" or all(s.kind != "ai" for s in runtime.seats):
            return None
        left = self.config.ai_game_idle_after - (now - runtime.stored.updated_at).total_seconds()
        return left if left > 0 else None

    def check(self, service: GameService, client: str, now: datetime) -> None:
        """Refuse (429) a new game against the AI when the server, or this client, has as many
        live ones as allowed."""
        live = {}
        for game_id, runtime in list(service._games.items()):
            left = self._left(runtime, now)
            if left is not None:
                live[game_id] = left
        for game_id in [g for g in self.creators if g not in live]:
            del self.creators[game_id]
        soonest = min(live.values(), default=self.config.ai_game_idle_after)
        if len(live) + sum(self.starting.values()) >= self.config.max_live_ai_games:
            raise too_many("too many games against the AI on this server", soonest)
        if client in self.config.unlimited_clients:
            return
        mine = [left for game_id, left in live.items() if self.creators.get(game_id) == client]
        if len(mine) + self.starting.get(client, 0) >= self.config.max_ai_games_per_client:
            wait = min(mine, default=self.config.ai_game_idle_after)
            raise too_many("too many games against the AI from your address", wait)

    @contextlib.contextmanager
    def starting_one(self, service: GameService, client: str, now: datetime) -> Iterator[None]:
        """Check, then hold a place while the game is being created (so that requests made
        at the same moment cannot all pass the check)."""
        self.check(service, client, now)
        self.starting[client] = self.starting.get(client, 0) + 1
        try:
            yield
        finally:
            left = self.starting[client] - 1
            if left:
                self.starting[client] = left
            else:
                del self.starting[client]

    def add(self, game_id: str, client: str) -> None:
        self.creators[game_id] = client


class InFlight:
    """The bytes of replay pages each client has in flight: being built, or being sent."""

    def __init__(self, cap: int, unlimited: tuple[str, ...]) -> None:
        self.cap = cap
        self.unlimited = frozenset(unlimited)
        self.held: dict[str, int] = {}

    def take(self, client: str, size: int) -> None:
        """Hold `size` more for `client`, or refuse (429) if it holds its cap already."""
        if client not in self.unlimited and self.held.get(client, 0) >= self.cap:
            raise too_many("too many replay pages on their way to your address", 1)
        self.held[client] = self.held.get(client, 0) + size

    def give_back(self, client: str, size: int) -> None:
        left = self.held.get(client, 0) - size
        if left > 0:
            self.held[client] = left
        else:
            self.held.pop(client, None)


class Limits:
    """Everything the limits keep, for one running app (`app.state.limits`)."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.rates = RateLimiter(
            {
                "create": config.create_rate,
                "ai_move": config.ai_move_rate,
                "replay": config.replay_rate,
                "invitation": config.invitation_rate,
                "analysis": config.analysis_rate,
                "preview": config.preview_rate,
            },
            config.unlimited_clients,
        )
        self.sockets = Sockets(config)
        self.ai_games = AiGames(config)
        self.heavy = asyncio.Semaphore(max(1, config.heavy_reads_at_once))
        self.replay_bytes = InFlight(config.max_replay_bytes_in_flight, config.unlimited_clients)
