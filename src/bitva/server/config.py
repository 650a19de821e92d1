"""How a server runs: its database, how the AI plays, and its limits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


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
    max_watchers_per_game: int = 64  # WebSocket connections per game
    max_body_bytes: int = 64 * 1024
