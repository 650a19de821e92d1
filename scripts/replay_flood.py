#!/usr/bin/env python3
"""The replay flood of issue 21, point 15, measured: how long another game's moves take while
clients ask for the replay of a long finished BattleLore game, against the server that `bitva
serve` runs (started here, on a fresh SQLite database in a temporary folder, 127.0.0.1 only).

1. A BattleLore game between two random agents is played to its end (the first seed from 12
   whose game has `--steps` steps or more; seed 12 gives 3,364) and stored as a finished game.
2. A Lords of War game between two people (this script holds both seats, from its own address)
   is played move after move: every move's time (the POST, as the client sees it) is the
   measure. First `--quiet` seconds alone, then while the flood runs.
3. The flood: `--clients` addresses (127.77.0.N), each asking `--replays` replays at once, the
   way a browser asks (`Accept-Encoding: gzip`), every answer read to its end. A replay is every
   page of it, in order, where the server pages (`next` in each page); a 429 is waited out as its
   Retry-After says, as the replay viewer does.

It prints, as JSON, p50/p99/max of the moves alone and during the flood, and what the flood got
(FLOOD_DEBUG=1: also each move slower than 100 ms, with the time it ended). Run with
PYTHONPATH=OTHER/src, the server runs another version's code (to measure before and after).

    .venv/bin/python scripts/replay_flood.py            # 5 clients x 10 replays
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import secrets
import sys
import tempfile
import time
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

from load_test import Http, percentiles, start_server  # this folder is on sys.path

GAME_ID = "replay-flood"
PROBE_SOURCE = "127.0.0.2"
NEXT = re.compile(rb'"next":\s*(null|[0-9]+)')


def long_battlelore(min_steps: int) -> Any:
    """A finished BattleLore game of at least `min_steps` steps, between random agents."""
    from bitva.ai.agents import make_agent
    from bitva.core.record import Match

    for seed in range(12, 200):
        match = Match("battlelore", None, seed)
        agents = {seat: make_agent("random", seed * 10 + seat) for seat in (1, 2)}
        while (seat := match.state.current_player) is not None:
            match.apply(agents[seat].choose(match.state))
        if len(match.record.actions) >= min_steps:
            return match
    raise SystemExit(f"no game of {min_steps} steps among 188 seeds")


def store_game(url: str, match: Any) -> None:
    """The match as a finished game between two people (nobody holds their tokens)."""
    from bitva.server.auth import hash_secret
    from bitva.server.runtime import progress_of
    from bitva.store.db import make_engine
    from bitva.store.games import GameStore, StoredAction, StoredGame, StoredSeat
    from bitva.store.games import now as utc_now

    seats = [
        StoredSeat(n, "human", name=f"P{n}", token_hash=hash_secret(secrets.token_urlsafe()))
        for n in (1, 2)
    ]
    record = match.record
    rows = [
        StoredAction(step.seat, step.action, digest)
        for step, digest in zip(match.steps, record.digests, strict=True)
    ]
    moment = utc_now()
    engine = make_engine(url)
    GameStore(engine).create(
        StoredGame(
            id=GAME_ID,
            game=record.game,
            format=record.format,
            options=record.options,
            seed=record.seed,
            progress=progress_of(match.state, seats),
            version=len(rows),
            created_at=moment,
            updated_at=moment,
            seats=seats,
            actions=rows,
        )
    )
    engine.dispose()


async def fetch(host: str, port: int, source: str, path: str) -> tuple[int, int, bytes, int]:
    """GET `path` as a browser would (gzip accepted) on a connection of its own: (status,
    bytes received, the first bytes of the body decoded, Retry-After)."""
    reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
    try:
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept-Encoding: gzip\r\n"
            "Connection: close\r\n\r\n".encode()
        )
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(head[0].split(" ", 2)[1])
        headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in head[1:])}
        body = await reader.read()  # Connection: close: the body runs to the end
        if headers.get("transfer-encoding") == "chunked":
            body = b"".join(body.split(b"\r\n")[1::2])  # good enough for the first bytes
        first = body[:4096]
        if headers.get("content-encoding") == "gzip":
            first = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(body, 4096)
        return status, len(body), first, int(headers.get("retry-after", "0") or 0)
    finally:
        writer.close()


async def one_replay(host: str, port: int, source: str, got: Counter[str]) -> None:
    """Every page of the replay, in order; a 429 waited out."""
    start: int | None = 0
    while start is not None:
        path = f"/api/games/{GAME_ID}/replay" + (f"?from={start}" if start else "")
        status, size, first, wait = await fetch(host, port, source, path)
        got[str(status)] += 1
        got["bytes"] += size
        if status == 429:
            await asyncio.sleep(max(1, wait))
            continue
        if status != 200:
            return
        found = NEXT.search(first)
        start = int(found.group(1)) if found and found.group(1) != b"null" else None


async def probe(host: str, port: int, until: asyncio.Event, times: list[float]) -> None:
    """Moves of a Lords of War game between two people, one after another, until `until`."""
    http = Http(host, port, PROBE_SOURCE)
    while not until.is_set():
        _, _, made = await http.request(
            "POST", "/api/games", {"game": "lords-of-war", "opponents": [{"kind": "friend"}]}
        )
        if "game" not in made:
            raise SystemExit(f"the probe game was not created: {made}")
        game_id = made["game"]["id"]
        tokens = {made["seat"]: made["token"]}
        code = made["invites"][0]["join_code"]
        _, _, joined = await http.request("POST", f"/api/games/{game_id}/join", {"code": code})
        tokens[joined["seat"]] = joined["token"]
        answer = joined
        while not until.is_set():
            _, _, answer = await http.request(
                "GET", f"/api/games/{game_id}", token=tokens.get(answer["game"]["to_move"])
            )
            legal = answer.get("legal_actions") or []
            if answer["game"]["status"] != "playing" or not legal:
                break  # the game is over: a new one
            started = time.perf_counter()
            status, _, moved = await http.request(
                "POST",
                f"/api/games/{game_id}/actions",
                {"action": legal[0], "version": answer["game"]["version"]},
                token=tokens[answer["game"]["to_move"]],
            )
            times.append(time.perf_counter() - started)
            if times[-1] > 0.1 and os.environ.get("FLOOD_DEBUG"):
                slow = f"slow move {times[-1] * 1000:.0f} ms at {time.monotonic():.1f}"
                print(slow, file=sys.stderr)
            if status != 200:
                print("probe move:", status, moved, file=sys.stderr)
                break
            answer = moved
            await asyncio.sleep(0.02)
    http.close()


async def measure(port: int, args: argparse.Namespace) -> dict[str, Any]:
    host = "127.0.0.1"
    quiet: list[float] = []
    stop = asyncio.Event()
    prober = asyncio.ensure_future(probe(host, port, stop, quiet))
    await asyncio.sleep(args.quiet)
    stop.set()
    await prober
    flooded: list[float] = []
    stop = asyncio.Event()
    prober = asyncio.ensure_future(probe(host, port, stop, flooded))
    got: Counter[str] = Counter()
    started = time.monotonic()
    if os.environ.get("FLOOD_DEBUG"):
        print(f"flood starts at {started:.1f}", file=sys.stderr)
    jobs = [
        one_replay(host, port, f"127.77.0.{client + 1}", got)
        for client in range(args.clients)
        for _ in range(args.replays)
    ]
    try:
        await asyncio.wait_for(asyncio.gather(*jobs), timeout=args.flood_limit)
    except TimeoutError:
        got["unfinished (flood_limit)"] += 1
    flood_seconds = time.monotonic() - started
    stop.set()
    await prober
    return {
        "moves_alone_ms": {**percentiles(quiet), "moves": len(quiet)},
        "moves_during_flood_ms": {**percentiles(flooded), "moves": len(flooded)},
        "flood": {"seconds": round(flood_seconds, 1), **dict(got)},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=3300, help="the replayed game's length")
    parser.add_argument("--clients", type=int, default=5)
    parser.add_argument("--replays", type=int, default=10, help="replays each client asks at once")
    parser.add_argument("--quiet", type=float, default=10.0, help="seconds of moves alone")
    parser.add_argument("--flood-limit", type=float, default=180.0, help="seconds at most")
    args = parser.parse_args()
    match = long_battlelore(args.steps)
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'flood.sqlite3'}"
        store_game(url, match)
        server, address = start_server(url, Path(folder))
        try:
            report = asyncio.run(measure(int(address.rsplit(":", 1)[1]), args))
        finally:
            server.terminate()
            server.wait(15)
    report["game"] = {"steps": len(match.record.actions), "seed": match.record.seed}
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
