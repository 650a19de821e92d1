"""How a server runs: its database, how the AI plays, and its limits (docs/server.md, "Security
and limits", says why each is what it is)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

DAY = 24 * 3600.0


@dataclass(frozen=True)
class Rate:
    """A per-client token bucket: `burst` at once, then `per_minute` (spread evenly)."""

    burst: int
    per_minute: float


@dataclass(frozen=True)
class ServerConfig:
    db_url: str | None = None  # None: BITVA_DB, else the SQLite file in the user data dir
    # Seconds an AI seat waits before it moves, so that a person sees each move arrive.
    ai_delay: float = 0.0
    # "process": AI moves run in worker processes (the server stays responsive while an AI
    # thinks); "thread": in a thread of the server process (tests, small machines).
    ai_executor: Literal["process", "thread"] = "process"
    ai_workers: int = 1
    max_cached_games: int = 2000  # live states kept in memory; the others reload on demand

    # -- requests (counted on the bytes read, whatever the headers say) --
    max_body_bytes: int = 64 * 1024
    body_timeout: float = 10.0  # seconds for a whole request body to arrive (else 408)
    max_requests_per_client: int = 32  # requests of one address in progress at once

    # -- WebSockets --
    max_spectators_per_game: int = 64  # sockets without a seat; seat holders always get in
    max_sockets_per_seat: int = 4  # a seat's newest sockets stay, older ones are closed
    max_sockets_per_client: int = 32  # sockets of one address, whatever they watch

    # -- per-client rates (429 with Retry-After beyond them) --
    create_rate: Rate = Rate(burst=30, per_minute=30)  # new games, seats joined, new links
    ai_move_rate: Rate = Rate(burst=60, per_minute=60)  # actions in games with an AI seat
    replay_rate: Rate = Rate(burst=40, per_minute=120)  # replay pages (up to 200 steps each)
    invitation_rate: Rate = Rate(
        burst=20, per_minute=20
    )  # join codes checked (POST .../invitation)
    analysis_rate: Rate = Rate(burst=60, per_minute=120)
    # previews of an action being typed or dragged (issue 22): a page asks a few a second
    preview_rate: Rate = Rate(burst=120, per_minute=600)
    heavy_reads_at_once: int = 2  # replays and analyses computed at the same time, server-wide
    # bytes of replay pages one address may have on their way (built, or being sent): beyond, 429
    max_replay_bytes_in_flight: int = 4 * 1024 * 1024

    # -- games against the AI --
    max_live_ai_games: int = 200  # server-wide
    max_ai_games_per_client: int = 6
    ai_game_idle_after: float = 600.0  # seconds without a move: no longer a live AI game

    # -- abandoned games (deleted with their steps; finished games are kept) --
    expire_waiting_after: float = 7 * DAY  # still waiting for a friend to join
    expire_unfinished_after: float = 30 * DAY  # not over, and nobody moved since
    expire_every: float = 3600.0  # seconds between two sweeps (the first at start-up)

    # -- who may talk to it --
    allowed_hosts: tuple[str, ...] = ("localhost", "127.0.0.1", "::1")  # "*": any Host
    unlimited_clients: tuple[str, ...] = ()  # addresses the per-client limits skip
