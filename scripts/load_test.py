#!/usr/bin/env python3
"""A bounded load test of the bitva game server, against 127.0.0.1 only.

It holds N concurrent games (Lords of War by default, `--game` any game whose actions can be
listed) between scripted people (no AI: AI moves are excluded), each seat with its WebSocket open
like a browser. A seat learns its legal actions from the pushed updates, thinks for a while, and
plays a random one by POST (the server resolves the chance that follows in the same move).
Finished games are replaced, so N games are in play all along. It reports, per N, the actions
played, the latency of an action (POST round trip) and of its push to another seat (POST sent ->
the update arrives), as p50 / p95 / p99 / max, and the errors.

Everything is bounded: the duration per level (at most 600 s), the number of actions, the number
of games (at most 2000), and the target must be a loopback address.

    .venv/bin/python scripts/load_test.py                       # starts its own server
    .venv/bin/python scripts/load_test.py --games 50,200,400 --think 1 --duration 30
    .venv/bin/python scripts/load_test.py --url http://127.0.0.1:8000 --games 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
import websockets

LOOPBACK = ("127.0.0.1", "localhost", "::1")
MAX_GAMES = 2000
MAX_DURATION = 600.0


@dataclass
class Stats:
    measure_from: float = 0.0  # perf_counter time; earlier actions are warm-up, not counted
    action: list[float] = field(default_factory=list)  # seconds
    push: list[float] = field(default_factory=list)
    server: list[float] = field(default_factory=list)  # as the server says (Server-Timing)
    db: list[float] = field(default_factory=list)  # of which the database commit
    lag: list[float] = field(default_factory=list)  # how late this client's own loop runs
    errors: dict[str, int] = field(default_factory=dict)
    actions: int = 0
    games_finished: int = 0
    messages: int = 0

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"p50": 0.0, "p95": 0.0, "p99": 0.0, "max": 0.0}
    ordered = sorted(values)
    cut = statistics.quantiles(ordered, n=100, method="inclusive") if len(ordered) > 1 else []

    def at(p: int) -> float:
        return (cut[p - 1] if cut else ordered[0]) * 1000

    return {"p50": at(50), "p95": at(95), "p99": at(99), "max": ordered[-1] * 1000}


def server_timing(header: str) -> dict[str, float]:
    """`app;dur=12.5, db;dur=4.1` -> {"app": 0.0125, "db": 0.0041} (seconds)."""
    spans = {}
    for part in header.split(","):
        name, _, value = part.strip().partition(";dur=")
        try:
            spans[name] = float(value) / 1000
        except ValueError:
            continue
    return spans


class Seat:
    """One person: a token, a WebSocket, and the latest view the server pushed."""

    def __init__(self, number: int, token: str) -> None:
        self.number = number
        self.token = token
        self.view: dict[str, Any] | None = None
        self.to_move: int | None = None
        self.legal: list[str] = []
        self.version = -1
        self.changed = asyncio.Event()
        self.socket: Any = None
        self.reader: asyncio.Task[None] | None = None
        # (version the action was chosen at, when it was sent): the next newer update is its push
        self.sent: tuple[int, float] | None = None

    async def listen(self, url: str, game_id: str, stats: Stats) -> None:
        uri = url.replace("http", "ws", 1) + f"/api/games/{game_id}/ws"
        self.socket = await websockets.connect(uri, max_size=2**20)
        await self.socket.send(json.dumps({"type": "hello", "token": self.token}))
        self.reader = asyncio.get_running_loop().create_task(self._read(stats))

    async def _read(self, stats: Stats) -> None:
        with contextlib.suppress(websockets.ConnectionClosed, asyncio.CancelledError):
            async for raw in self.socket:
                message = json.loads(raw)
                stats.messages += 1
                if "view" in message and message.get("version", -1) >= self.version:
                    self.version = message["version"]
                    self.view = message["view"]
                    self.to_move = message["game"]["to_move"]
                    self.legal = message.get("legal_actions") or []
                    sent, self.sent = self.sent, None
                    pushed = sent is not None and sent[0] < self.version
                    if pushed and sent is not None and sent[1] >= stats.measure_from:
                        stats.push.append(time.perf_counter() - sent[1])
                    self.changed.set()

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        if self.socket is not None:
            with contextlib.suppress(Exception):
                await self.socket.close()


async def new_game(
    http: httpx.AsyncClient, url: str, stats: Stats, game: str
) -> tuple[str, int, dict[int, Seat]]:
    """A game of people only: seat 1 creates it and every other seat joins by its link."""
    count = (await http.post("/api/options", json={"game": game})).json()["seats"]
    body = {"game": game, "opponents": [{"kind": "friend"}] * (count - 1)}
    created = (await http.post("/api/games", json=body)).json()
    game_id = created["game"]["id"]
    seats = {1: Seat(1, created["token"])}
    for invite in created["invites"]:
        joined = (
            await http.post(f"/api/games/{game_id}/join", json={"code": invite["join_code"]})
        ).json()
        seats[invite["seat"]] = Seat(invite["seat"], joined["token"])
    for seat in seats.values():
        await seat.listen(url, game_id, stats)
    return game_id, created["game"]["version"], seats


async def play_games(
    http: httpx.AsyncClient,
    url: str,
    stats: Stats,
    rng: random.Random,
    think: float,
    until: float,
    budget: list[int],
    game: str,
) -> None:
    """One table: play games one after the other until the time or the action budget is up."""
    while time.monotonic() < until and budget[0] > 0:
        try:
            game_id, version, seats = await new_game(http, url, stats, game)
        except (httpx.HTTPError, OSError, websockets.WebSocketException, KeyError) as exc:
            stats.error(f"new game: {type(exc).__name__}")
            await asyncio.sleep(1.0)
            continue
        try:
            await play_one(http, game_id, version, seats, stats, rng, think, until, budget)
        finally:
            for seat in seats.values():
                await seat.close()


async def play_one(
    http: httpx.AsyncClient,
    game_id: str,
    version: int,
    seats: dict[int, Seat],
    stats: Stats,
    rng: random.Random,
    think: float,
    until: float,
    budget: list[int],
) -> None:
    while time.monotonic() < until and budget[0] > 0:
        for seat in seats.values():  # wait for every seat to hear of the current version
            while seat.version < version:
                seat.changed.clear()
                try:
                    await asyncio.wait_for(seat.changed.wait(), timeout=30)
                except TimeoutError:
                    stats.error("no push within 30 s")
                    return
        mover = seats[1].to_move
        if mover is None:
            stats.games_finished += 1
            return
        seat = seats[mover]
        action = rng.choice(seat.legal)
        if think > 0:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        other = next((s for s in seats.values() if s is not seat), seat)
        started = time.perf_counter()
        other.sent = (version, started)
        budget[0] -= 1
        try:
            response = await http.post(
                f"/api/games/{game_id}/actions",
                headers={"Authorization": f"Bearer {seat.token}"},
                json={"action": action, "version": version},
            )
        except httpx.HTTPError as exc:
            stats.error(type(exc).__name__)
            return
        measured = started >= stats.measure_from
        if measured:
            stats.action.append(time.perf_counter() - started)
            spans = server_timing(response.headers.get("server-timing", ""))
            if "app" in spans:
                stats.server.append(spans["app"])
            if "db" in spans:
                stats.db.append(spans["db"])
        if response.status_code != 200:
            stats.error(f"HTTP {response.status_code}")
            return
        stats.actions += measured
        version = response.json()["version"]


async def run_level(
    url: str, games: int, think: float, duration: float, actions: int, warmup: float, game: str
) -> Stats:
    stats = Stats(measure_from=time.perf_counter() + warmup)
    limits = httpx.Limits(max_connections=min(games, 500), max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
        until = time.monotonic() + warmup + duration
        budget = [actions]
        watch = asyncio.get_running_loop().create_task(client_lag(stats, until))
        tables = [
            play_games(http, url, stats, random.Random(i), think, until, budget, game)
            for i in range(games)
        ]
        await asyncio.gather(*tables, return_exceptions=False)
        watch.cancel()
    return stats


async def client_lag(stats: Stats, until: float) -> None:
    """The load generator shares the machine: how late do its own timers fire? A late client
    inflates the end-to-end latency it measures."""
    while time.monotonic() < until:
        planned = time.perf_counter() + 0.05
        await asyncio.sleep(0.05)
        if planned >= stats.measure_from:
            stats.lag.append(max(0.0, time.perf_counter() - planned))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    bitva = Path(sys.executable).with_name("bitva")
    command = [str(bitva)] if bitva.exists() else [sys.executable, "-m", "bitva.cli.main"]
    command += [
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{folder / 'load.sqlite3'}",
        "--ai-workers",
        "1",
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                return process, url
        if process.poll() is not None:
            raise SystemExit("load_test: the server did not start")
        time.sleep(0.1)
    process.kill()
    raise SystemExit("load_test: the server did not answer within 30 s")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server on 127.0.0.1 (default: start one)")
    parser.add_argument(
        "--game", default="lords-of-war", help="the game played (its actions must be listable)"
    )
    parser.add_argument(
        "--games", default="25,100,200", help="concurrent games, one level or several: 25,100,200"
    )
    parser.add_argument(
        "--think", type=float, default=2.0, help="mean seconds a person thinks per action"
    )
    parser.add_argument("--duration", type=float, default=20.0, help="measured seconds per level")
    parser.add_argument(
        "--warmup",
        type=float,
        default=5.0,
        help="seconds first, to open the games and connections, not measured",
    )
    parser.add_argument("--max-actions", type=int, default=200_000, help="actions per level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    if args.url:
        host = urlparse(args.url).hostname or ""
        if host not in LOOPBACK:
            parser.error(f"load tests only target this machine (127.0.0.1), not {host!r}")
    try:
        args.levels = [int(part) for part in str(args.games).split(",") if part.strip()]
    except ValueError:
        parser.error("--games takes whole numbers, e.g. 25,100,200")
    if not args.levels or any(n < 1 or n > MAX_GAMES for n in args.levels):
        parser.error(f"--games: each level between 1 and {MAX_GAMES}")
    if not 0 < args.duration <= MAX_DURATION or not 0 <= args.warmup <= 60:
        parser.error(f"--duration: up to {MAX_DURATION:.0f} seconds; --warmup: up to 60")
    if not 0 < args.max_actions <= 10_000_000 or args.think < 0:
        parser.error("--max-actions must be positive and --think not negative")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    process = None
    folder = tempfile.TemporaryDirectory(prefix="bitva-load-")
    try:
        if args.url:
            url = args.url.rstrip("/")
        else:
            process, url = start_server(Path(folder.name))
        results = []
        for games in args.levels:
            stats = asyncio.run(
                run_level(
                    url, games, args.think, args.duration, args.max_actions, args.warmup, args.game
                )
            )
            elapsed = args.duration
            results.append(
                {
                    "game": args.game,
                    "games": games,
                    "think_s": args.think,
                    "seconds": round(elapsed, 1),
                    "actions": stats.actions,
                    "actions_per_s": round(stats.actions / elapsed, 1),
                    "games_finished": stats.games_finished,
                    "messages": stats.messages,
                    "action_ms": {k: round(v, 1) for k, v in percentiles(stats.action).items()},
                    "push_ms": {k: round(v, 1) for k, v in percentiles(stats.push).items()},
                    "server_ms": {k: round(v, 1) for k, v in percentiles(stats.server).items()},
                    "db_ms": {k: round(v, 1) for k, v in percentiles(stats.db).items()},
                    "client_lag_ms": {k: round(v, 1) for k, v in percentiles(stats.lag).items()},
                    "errors": stats.errors,
                }
            )
        if args.json:
            print(json.dumps({"url": url, "cpus": os.cpu_count(), "levels": results}, indent=1))
        else:
            print(
                f"bitva load test against {url} ({os.cpu_count()} CPUs, client on the same machine)"
            )
            print(
                f"{'games':>6} {'actions':>8} {'act/s':>7}   action ms p50/p95/p99/max"
                "        push ms p50/p95/p99/max    server ms p50/p95/p99   errors"
            )
            for r in results:
                a, p, v = r["action_ms"], r["push_ms"], r["server_ms"]
                print(
                    f"{r['games']:>6} {r['actions']:>8} {r['actions_per_s']:>7}   "
                    f"{a['p50']:>5} {a['p95']:>6} {a['p99']:>6} {a['max']:>7}   "
                    f"{p['p50']:>5} {p['p95']:>6} {p['p99']:>6} {p['max']:>7}   "
                    f"{v['p50']:>5} {v['p95']:>6} {v['p99']:>6}   "
                    f"{sum(r['errors'].values()) or '-'}"
                )
        return 1 if any(r["errors"] for r in results) else 0
    finally:
        if process is not None:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
        folder.cleanup()


if __name__ == "__main__":
    sys.exit(main())
