#!/usr/bin/env python3
"""A bounded load test of the bitva game server, against 127.0.0.1 only.

It holds N concurrent games (Lords of War by default, `--game` any game whose actions can be
listed) between scripted people (no AI: AI moves are excluded), each seat with its own HTTP
connection and WebSocket like a browser tab, each person from an address of its own (127.x.y.z,
so that the server's per-address limits treat them as the different people they stand for). A
seat learns its legal actions from the pushed updates, waits, and plays a random one by POST
(the server resolves the chance that follows in the same move). Finished games are replaced, so
N games are in play all along. The players run in a process of their own (the load generator),
apart from the server and from this script. It reports, per N, the actions played and the
latency of an action (POST round trip), of its push to another seat (POST sent -> the update
arrives) and inside the server (Server-Timing), as p50 / p95 / p99 / max, and the errors.

Pace: `--interval S` (or `--think S`): a seat acts S seconds, on average, after its turn comes
(each wait drawn uniformly from 0.5-1.5 S), so each game moves every S seconds: 500 games at
`--interval 2` are 1,000 seats acting every 2 s of their own, 250 moves a second in all.

`--abuse` runs an abusive client in a third process at the same time (scripts/load_abuse.py: the
attacks F1-F3 of issue 10: chunked 10 MB bodies, 70 spectator sockets per game, game-creation
floods, anonymous AI games, replay floods), from one address of its own; the report counts the
server's answers to it (413, 429 and close codes are the expected ones).

Everything is bounded: the duration per level (at most 600 s), the number of actions, the number
of games (at most 2000), and the target must be a loopback address.

    .venv/bin/python scripts/load_test.py                       # starts its own server (SQLite)
    .venv/bin/python scripts/load_test.py --games 500 --interval 2 --duration 60 --warmup 20
    .venv/bin/python scripts/load_test.py --games 500 --interval 2 --db postgresql+psycopg://...
    .venv/bin/python scripts/load_test.py --games 100 --interval 2 --abuse
    .venv/bin/python scripts/load_test.py --url http://127.0.0.1:8000 --games 20
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
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

import websockets

LOOPBACK = ("127.0.0.1", "localhost", "::1")
MAX_GAMES = 2000
MAX_DURATION = 600.0


# -- measuring -------------------------------------------------------------------------------


@dataclass
class Stats:
    measure_from: float = 0.0  # monotonic time; earlier actions are warm-up, not counted
    action: list[float] = field(default_factory=list)  # seconds
    push: list[float] = field(default_factory=list)
    server: list[float] = field(default_factory=list)  # as the server says (Server-Timing)
    db: list[float] = field(default_factory=list)  # of which the database commit
    lag: list[float] = field(default_factory=list)  # how late the generator's own loop runs
    errors: dict[str, int] = field(default_factory=dict)
    actions: int = 0
    games_started: int = 0
    games_finished: int = 0
    messages: int = 0

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


def percentiles(values: list[float]) -> dict[str, float]:
    """p50 / p95 / p99 / max in milliseconds, rounded to 0.1 ms."""
    if not values:
        return {"p50": 0.0, "p95": 0.0, "p99": 0.0, "max": 0.0}
    ordered = sorted(values)
    cut = statistics.quantiles(ordered, n=100, method="inclusive") if len(ordered) > 1 else []

    def at(p: int) -> float:
        return round((cut[p - 1] if cut else ordered[0]) * 1000, 1)

    return {"p50": at(50), "p95": at(95), "p99": at(99), "max": round(ordered[-1] * 1000, 1)}


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


# -- HTTP/1.1 with keep-alive: one connection per seat, like a browser tab ---------------------


class Http:
    """A small HTTP/1.1 client over one kept-alive connection (the generator's own CPU is part
    of what it measures; a full client library costs several times as much per request)."""

    def __init__(self, host: str, port: int, source: str | None) -> None:
        self.host, self.port, self.source = host, port, source
        self._streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None, raw: bool = False
    ) -> tuple[int, dict[str, str], Any]:
        """(status, headers, JSON body, or the body's text if `raw`); reconnects once if the
        server closed the connection."""
        payload = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        if token:
            head.append(f"Authorization: Bearer {token}")
        if body is not None:
            head += ["Content-Type: application/json", f"Content-Length: {len(payload)}"]
        message = ("\r\n".join(head) + "\r\n\r\n").encode() + payload
        for attempt in (1, 2):
            if self._streams is None:
                local = (self.source, 0) if self.source else None
                self._streams = await asyncio.open_connection(
                    self.host, self.port, local_addr=local
                )
            reader, writer = self._streams
            try:
                writer.write(message)
                return await self._answer(reader, raw)
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _answer(
        self, reader: asyncio.StreamReader, raw: bool
    ) -> tuple[int, dict[str, str], Any]:
        lines = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name:
                headers[name.strip().lower()] = value.strip()
        if headers.get("transfer-encoding") == "chunked":
            data = b""
            while size := int((await reader.readuntil(b"\r\n")).strip(), 16):
                data += (await reader.readexactly(size + 2))[:-2]
            await reader.readuntil(b"\r\n")
        else:
            data = await reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection") == "close":
            self.close()
        if raw:
            return status, headers, data.decode()
        return status, headers, json.loads(data) if data else None

    def close(self) -> None:
        if self._streams is not None:
            self._streams[1].close()
            self._streams = None


# -- the players -----------------------------------------------------------------------------

DECODER = json.JSONDecoder()


def seat_news(text: str) -> tuple[int, int | None, list[str]] | None:
    """(version, seat to move, legal actions) of a message or answer that carries a view, or
    None. Decoding a whole message (the view is most of it) was a third of the generator's CPU:
    this reads the game summary (`"game":{"id":...}`) and the top-level legal actions only, as
    the server lays them out (`runtime.message`), and decodes the whole text where it cannot."""
    start = text.find('"game":{"id":')
    end = text.rfind('"legal_actions":')
    if start < 0 or end < 0:
        message = json.loads(text)
        if "view" not in message:
            return None
        game = message["game"]
        return game["version"], game["to_move"], message.get("legal_actions") or []
    game, _ = DECODER.raw_decode(text, start + len('"game":'))
    legal, _ = DECODER.raw_decode(text, end + len('"legal_actions":'))
    return game["version"], game["to_move"], legal or []


def address(number: int) -> str:
    """The loopback address of person `number` (127.1.0.1, 127.1.0.2, ...): the whole 127/8 is
    this machine, and each person looks like a client of its own."""
    return f"127.{1 + number // 62500}.{number // 250 % 250}.{1 + number % 250}"


class Seat:
    """One person: a token, an HTTP connection, a WebSocket, and the latest view pushed."""

    def __init__(self, number: int, token: str, http: Http) -> None:
        self.number = number
        self.token = token
        self.http = http
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
        local = (self.http.source, 0) if self.http.source else None
        self.socket = await websockets.connect(uri, max_size=2**20, local_addr=local)
        await self.socket.send(json.dumps({"type": "hello", "token": self.token}))
        self.reader = asyncio.get_running_loop().create_task(self._read(stats))

    async def _read(self, stats: Stats) -> None:
        with contextlib.suppress(websockets.ConnectionClosed, asyncio.CancelledError):
            async for raw in self.socket:
                stats.messages += 1
                news = seat_news(raw)
                if news is not None and news[0] >= self.version:
                    self.version, self.to_move, self.legal = news
                    sent, self.sent = self.sent, None
                    pushed = sent is not None and sent[0] < self.version
                    if pushed and sent is not None and sent[1] >= stats.measure_from:
                        stats.push.append(time.monotonic() - sent[1])
                    self.changed.set()

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
        if self.socket is not None:
            with contextlib.suppress(Exception):
                await self.socket.close()


class Refused(Exception):
    """The server refused a step of setting up a game (its status is the message)."""


async def new_game(
    https: list[Http], url: str, stats: Stats, game: str
) -> tuple[str, int, dict[int, Seat]]:
    """A game of people only: seat 1 creates it and every other seat joins by its link."""
    first = https[0]
    body = {"game": game, "opponents": [{"kind": "friend"}] * (len(https) - 1)}
    status, _, created = await first.request("POST", "/api/games", body)
    if status != 201:
        raise Refused(f"create: HTTP {status}")
    game_id = created["game"]["id"]
    seats = {1: Seat(1, created["token"], first)}
    for invite in created["invites"]:
        http = https[invite["seat"] - 1]
        status, _, joined = await http.request(
            "POST", f"/api/games/{game_id}/join", {"code": invite["join_code"]}
        )
        if status != 200:
            raise Refused(f"join: HTTP {status}")
        seats[invite["seat"]] = Seat(invite["seat"], joined["token"], http)
    for seat in seats.values():
        await seat.listen(url, game_id, stats)
    stats.games_started += 1
    return game_id, created["game"]["version"], seats


@dataclass(frozen=True)
class Plan:
    """What the generator plays, and for how long."""

    url: str
    game: str
    games: int
    seats: int
    think: float  # mean seconds a seat takes once its turn comes: a game moves every `think` s
    duration: float
    warmup: float
    actions: int


async def play_games(table: int, plan: Plan, stats: Stats, until: float, budget: list[int]) -> None:
    """One table: play games one after the other until the time or the action budget is up."""
    rng = random.Random(table)
    parsed = urlparse(plan.url)
    host, port = parsed.hostname or "127.0.0.1", parsed.port or 80
    spread = host == "127.0.0.1"
    https = [
        Http(host, port, address(table * plan.seats + i) if spread else None)
        for i in range(plan.seats)
    ]
    await asyncio.sleep(rng.uniform(0, plan.warmup * 0.6))  # the tables open over the warm-up
    while time.monotonic() < until and budget[0] > 0:
        try:
            game_id, version, seats = await new_game(https, plan.url, stats, plan.game)
        except (OSError, websockets.WebSocketException, KeyError, Refused, ValueError) as exc:
            stats.error(f"new game: {exc}" if isinstance(exc, Refused) else type(exc).__name__)
            await asyncio.sleep(1.0)
            continue
        try:
            await play_one(game_id, version, seats, stats, rng, plan.think, until, budget)
        finally:
            for seat in seats.values():
                await seat.close()
    for http in https:
        http.close()


async def play_one(
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
                    async with asyncio.timeout(30):
                        await seat.changed.wait()
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
        started = time.monotonic()
        other.sent = (version, started)
        budget[0] -= 1
        try:
            status, headers, answer = await seat.http.request(
                "POST",
                f"/api/games/{game_id}/actions",
                {"action": action, "version": version},
                token=seat.token,
                raw=True,
            )
        except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
            stats.error(type(exc).__name__)
            return
        if started >= stats.measure_from:
            stats.action.append(time.monotonic() - started)
            spans = server_timing(headers.get("server-timing", ""))
            if "app" in spans:
                stats.server.append(spans["app"])
            if "db" in spans:
                stats.db.append(spans["db"])
            stats.actions += status == 200
        if status != 200:
            stats.error(f"HTTP {status}")
            return
        news = seat_news(answer)
        if news is None:
            stats.error("an answer without a view")
            return
        version = news[0]


async def client_lag(stats: Stats, until: float) -> None:
    """How late do the generator's own timers fire? A late generator inflates the latency it
    measures (it shares the machine with the server)."""
    while time.monotonic() < until:
        planned = time.monotonic() + 0.05
        await asyncio.sleep(0.05)
        if planned >= stats.measure_from:
            stats.lag.append(max(0.0, time.monotonic() - planned))


async def settle(stats: Stats) -> None:
    """Just before the measured part: what the warm-up built (a thousand sockets and their
    games) leaves the garbage collector's sight, so that its pauses do not count as the
    server's latency (the server does the same, `runtime.settle_collector`)."""
    await asyncio.sleep(max(0.0, stats.measure_from - 0.5 - time.monotonic()))
    gc.collect()
    gc.freeze()


async def generate(plan: Plan) -> dict[str, Any]:
    """The generator process: every table at once, then the figures."""
    stats = Stats(measure_from=time.monotonic() + plan.warmup)
    until = time.monotonic() + plan.warmup + plan.duration
    budget = [plan.actions]
    gc.set_threshold(5_000, 20, 50)
    loop = asyncio.get_running_loop()
    watch = loop.create_task(client_lag(stats, until))
    settling = loop.create_task(settle(stats))
    usage = os.times()
    await asyncio.gather(*(play_games(t, plan, stats, until, budget) for t in range(plan.games)))
    watch.cancel()
    settling.cancel()
    spent = os.times()
    return {
        "game": plan.game,
        "games": plan.games,
        "think_s": plan.think,
        "seconds": plan.duration,
        "actions": stats.actions,
        "actions_per_s": round(stats.actions / plan.duration, 1),
        "games_started": stats.games_started,
        "games_finished": stats.games_finished,
        "messages": stats.messages,
        "action_ms": percentiles(stats.action),
        "push_ms": percentiles(stats.push),
        "server_ms": percentiles(stats.server),
        "db_ms": percentiles(stats.db),
        "generator_lag_ms": percentiles(stats.lag),
        "generator_cpu_s": round(spent.user + spent.system - usage.user - usage.system, 1),
        "errors": stats.errors,
    }


# -- the processes ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(db_url: str, folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    bitva = Path(sys.executable).with_name("bitva")
    command = [str(bitva)] if bitva.exists() else [sys.executable, "-m", "bitva.cli.main"]
    command += ["serve", "--host", "127.0.0.1", "--port", str(port), "--db", db_url]
    command += ["--ai-workers", "1"]
    log = folder / "server.log"
    with log.open("wb") as output:  # a file, not a pipe: a pipe nobody reads fills and blocks
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=output)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return process, url
        if process.poll() is not None:
            problem = log.read_text(errors="replace").strip().splitlines()
            raise SystemExit(f"load_test: the server did not start: {problem[-1:]}")
        time.sleep(0.1)
    process.kill()
    raise SystemExit("load_test: the server did not answer within 30 s")


def server_cpu(process: subprocess.Popen[bytes] | None) -> float | None:
    """CPU seconds the server process has used so far (Linux), or None."""
    if process is None:
        return None
    try:
        fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_level(plan: Plan, abuse: bool, server: subprocess.Popen[bytes] | None) -> dict[str, Any]:
    """One level: the generator (and the abuser) in processes of their own."""
    here = Path(__file__).resolve()
    generator = subprocess.Popen(
        [sys.executable, str(here), "--generator", json.dumps(plan.__dict__)],
        stdout=subprocess.PIPE,
        text=True,
    )
    abuser = None
    if abuse:
        command = [sys.executable, str(here.with_name("load_abuse.py")), "--url", plan.url]
        command += ["--duration", str(plan.warmup + plan.duration)]
        abuser = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    cpu_before = server_cpu(server)
    time.sleep(plan.warmup)
    cpu_start = server_cpu(server)
    out, _ = generator.communicate(timeout=plan.warmup + plan.duration + 120)
    cpu_end = server_cpu(server)
    if generator.returncode != 0 or not out.strip():
        raise SystemExit(f"load_test: the load generator failed ({generator.returncode})")
    result: dict[str, Any] = json.loads(out)
    if cpu_start is not None and cpu_end is not None and cpu_before is not None:
        result["server_cpu_s"] = round(cpu_end - cpu_start, 1)
    if abuser is not None:
        abused, _ = abuser.communicate(timeout=120)
        result["abuse"] = json.loads(abused) if abused.strip() else {"failed": abuser.returncode}
    return result


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--url", help="a running server on 127.0.0.1 (default: start one)")
    parser.add_argument("--db", help="the database of the server it starts (default: SQLite)")
    parser.add_argument(
        "--game", default="lords-of-war", help="the game played (its actions must be listable)"
    )
    parser.add_argument(
        "--games", default="25,100,200", help="concurrent games, one level or several: 25,100,200"
    )
    parser.add_argument(
        "--interval",
        "--think",
        dest="interval",
        type=float,
        default=2.0,
        help="mean seconds a seat takes to act once its turn comes (a game moves every S s)",
    )
    parser.add_argument("--duration", type=float, default=20.0, help="measured seconds per level")
    parser.add_argument(
        "--warmup",
        type=float,
        default=5.0,
        help="seconds first, to open the games and connections, not measured",
    )
    parser.add_argument("--max-actions", type=int, default=200_000, help="actions per level")
    parser.add_argument("--abuse", action="store_true", help="an abusive client runs alongside")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--generator", help=argparse.SUPPRESS)  # the generator process's plan
    args = parser.parse_args(argv)
    if args.generator:
        return args
    if args.url:
        host = urlparse(args.url).hostname or ""
        if host not in LOOPBACK:
            parser.error(f"load tests only target this machine (127.0.0.1), not {host!r}")
        if args.db:
            parser.error("--db is for the server this script starts; not with --url")
    try:
        args.levels = [int(part) for part in str(args.games).split(",") if part.strip()]
    except ValueError:
        parser.error("--games takes whole numbers, e.g. 25,100,200")
    if not args.levels or any(n < 1 or n > MAX_GAMES for n in args.levels):
        parser.error(f"--games: each level between 1 and {MAX_GAMES}")
    if not 0 < args.duration <= MAX_DURATION or not 0 <= args.warmup <= 120:
        parser.error(f"--duration: up to {MAX_DURATION:.0f} seconds; --warmup: up to 120")
    if not 0 < args.max_actions <= 10_000_000:
        parser.error("--max-actions must be positive")
    if args.interval < 0:
        parser.error("--interval: seconds, not negative")
    return args


def seats_of(url: str, game: str) -> int:
    """How many seats a game of `game` with its default options has (asks the server)."""
    parsed = urlparse(url)

    async def ask() -> int:
        http = Http(parsed.hostname or "127.0.0.1", parsed.port or 80, None)
        status, _, answer = await http.request("POST", "/api/options", {"game": game})
        http.close()
        if status != 200:
            raise SystemExit(f"load_test: the server does not offer {game!r} (HTTP {status})")
        return int(answer["seats"])

    return asyncio.run(ask())


def report(url: str, results: list[dict[str, Any]], as_json: bool) -> None:
    if as_json:
        print(json.dumps({"url": url, "cpus": os.cpu_count(), "levels": results}, indent=1))
        return
    print(f"bitva load test against {url} ({os.cpu_count()} CPUs, all processes on this machine)")
    print(
        f"{'games':>6} {'sockets':>7} {'actions':>8} {'act/s':>6}   action ms p50/p95/p99/max"
        "     push ms p50/p95/p99   server ms p50/p95/p99   cpu s server/gen   errors"
    )
    for r in results:
        a, p, v = r["action_ms"], r["push_ms"], r["server_ms"]
        print(
            f"{r['games']:>6} {r['sockets']:>7} {r['actions']:>8} {r['actions_per_s']:>6}   "
            f"{a['p50']:>6} {a['p95']:>6} {a['p99']:>6} {a['max']:>7}   "
            f"{p['p50']:>5} {p['p95']:>6} {p['p99']:>6}   "
            f"{v['p50']:>5} {v['p95']:>6} {v['p99']:>6}   "
            f"{r.get('server_cpu_s', '-'):>6} / {r['generator_cpu_s']:<6}   "
            f"{sum(r['errors'].values()) or '-'}"
        )
        for kind, count in sorted(r["errors"].items()):
            print(f"{'':>8}error: {kind} x {count}")
        for attack, answers in r.get("abuse", {}).items():
            print(f"{'':>8}abuse {attack}: {answers}")  # abuser_cpu_s: the abuser's own CPU


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.generator:
        print(json.dumps(asyncio.run(generate(Plan(**json.loads(args.generator))))))
        return 0
    server = None
    folder = tempfile.TemporaryDirectory(prefix="bitva-load-")
    try:
        if args.url:
            url = args.url.rstrip("/")
        else:
            db = args.db or f"sqlite:///{Path(folder.name) / 'load.sqlite3'}"
            server, url = start_server(db, Path(folder.name))
        seats = seats_of(url, args.game)
        think = args.interval
        results = []
        for games in args.levels:
            plan = Plan(
                url, args.game, games, seats, think, args.duration, args.warmup, args.max_actions
            )
            result = run_level(plan, args.abuse, server)
            result["sockets"] = games * seats
            result["interval_s"] = args.interval
            results.append(result)
        report(url, results, args.json)
        return 1 if any(r["errors"] for r in results) else 0
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
        folder.cleanup()


if __name__ == "__main__":
    sys.exit(main())
