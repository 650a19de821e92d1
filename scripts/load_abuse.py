#!/usr/bin/env python3
"""An abusive client for `scripts/load_test.py --abuse`: the attacks of issue 10 (F1-F3) at
once, against 127.0.0.1 only, from one address of its own (127.66.0.1), for `--duration`
seconds. It prints, as JSON, how the server answered each attack: 413, 429 and the close codes
of refused sockets are the answers expected; anything else is worth a look.

- F1 `chunked_bodies`: requests whose chunked body runs to 10 MB (2 at a time);
- F2 `spectators`: 70 spectator sockets on each of 4 games in play, reopened when refused;
- F3 `create_flood`: new games as fast as the server answers (up to 300 a second);
- F3 `ai_games`: new games against the AI, each with a first move so that the AI thinks;
- F3 `replay_flood`: replay pages of the longest games in play (up to 50 a second);
  `scripts/replay_flood.py` measures a flood of long replays on its own.

    .venv/bin/python scripts/load_abuse.py --url http://127.0.0.1:8000 --duration 30
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import time
from collections import Counter
from typing import Any
from urllib.parse import urlparse

import websockets
from load_test import LOOPBACK, MAX_DURATION, Http  # this folder is on sys.path

SOURCE = "127.66.0.1"  # the abuser's address: the players have theirs (127.1.x.y)
TEN_MB = 10 * 1024 * 1024
CHUNK = 64 * 1024
SPECTATORS_PER_GAME = 70
WATCHED_GAMES = 4


class Abuser:
    def __init__(self, url: str, until: float) -> None:
        parsed = urlparse(url)
        self.url = url
        self.host, self.port = parsed.hostname or "127.0.0.1", parsed.port or 80
        self.until = until
        self.answers: dict[str, Counter[str]] = {}
        self.replay_pages: dict[str, int] = {}  # game -> the replay page to ask next

    def count(self, attack: str, answer: str) -> None:
        self.answers.setdefault(attack, Counter())[answer] += 1

    def running(self) -> bool:
        return time.monotonic() < self.until

    def left(self) -> float:
        """Seconds of abuse left (a little at least, so that a wait can still start)."""
        return max(0.05, self.until - time.monotonic())

    async def paced(self, attack: str, per_second: float, work: Any) -> None:
        """`work()` again and again, at most `per_second` times a second; it returns what the
        server answered."""
        gap = 1.0 / per_second
        while self.running():
            started = time.monotonic()
            try:
                answer = await asyncio.wait_for(work(), timeout=30)
            except (OSError, asyncio.IncompleteReadError, TimeoutError, ValueError) as exc:
                answer = type(exc).__name__
            self.count(attack, str(answer))
            await asyncio.sleep(max(0.0, gap - (time.monotonic() - started)))

    # -- F1 --------------------------------------------------------------------------------
    async def chunked_body(self) -> str:
        """POST a chunked body of 10 MB: the server should stop reading at its limit."""
        reader, writer = await asyncio.open_connection(self.host, self.port, local_addr=(SOURCE, 0))
        answer = asyncio.ensure_future(reader.readuntil(b"\r\n"))
        try:
            writer.write(
                b"POST /api/games HTTP/1.1\r\n"
                + f"Host: {self.host}:{self.port}\r\n".encode()
                + b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            )
            piece = f"{CHUNK:x}\r\n".encode() + b" " * CHUNK + b"\r\n"
            with contextlib.suppress(ConnectionError):
                for _ in range(TEN_MB // CHUNK):
                    if answer.done():  # answered (and closed) before the end: as it should
                        break
                    writer.write(piece)
                    await writer.drain()
                else:
                    writer.write(b"0\r\n\r\n")
                    await writer.drain()
            head = await asyncio.wait_for(answer, timeout=20)
            return head.decode("latin-1").split(" ", 2)[1]
        except (ConnectionError, asyncio.IncompleteReadError):
            return "closed"
        finally:
            if answer.done() and not answer.cancelled():
                answer.exception()  # looked at: never "exception never retrieved"
            answer.cancel()
            writer.close()

    # -- F2 --------------------------------------------------------------------------------
    async def spectator(self, game_id: str) -> None:
        """One spectator socket on `game_id`, kept open and read, reopened 2 s after a
        refusal or a close."""
        uri = self.url.replace("http", "ws", 1) + f"/api/games/{game_id}/ws"
        while self.running():
            try:
                async with websockets.connect(
                    uri, local_addr=(SOURCE, 0), open_timeout=10, max_size=2**20
                ) as socket:
                    await socket.send(json.dumps({"type": "hello", "token": None}))
                    first = json.loads(await asyncio.wait_for(socket.recv(), timeout=10))
                    self.count("spectators", str(first.get("type")))
                    # read until the abuse ends, not until the next message: a game that no
                    # longer moves sends nothing, and the run must stop on time all the same
                    while self.running():
                        try:
                            await asyncio.wait_for(socket.recv(), timeout=self.left())
                        except TimeoutError:
                            return
            except websockets.ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else "no close frame"
                self.count("spectators", f"closed {code}")
            except websockets.InvalidStatus as refused:
                self.count("spectators", f"HTTP {refused.response.status_code}")
            except (OSError, TimeoutError, websockets.WebSocketException) as exc:
                self.count("spectators", type(exc).__name__)
            await asyncio.sleep(2.0)

    # -- F3 --------------------------------------------------------------------------------
    async def create_game(self, http: Http) -> str:
        body = {"game": "lords-of-war", "opponents": [{"kind": "friend"}]}
        status, _, _ = await http.request("POST", "/api/games", body)
        return str(status)

    async def ai_game(self, http: Http) -> str:
        """A game against the AI (its default level), and a first move so that it thinks."""
        status, _, created = await http.request(
            "POST", "/api/games", {"game": "lords-of-war", "seat": 1}
        )
        if status != 201:
            return f"create {status}"
        legal = created.get("legal_actions") or []
        if not legal:
            return "created"
        game_id = created["game"]["id"]
        status, _, _ = await http.request(
            "POST",
            f"/api/games/{game_id}/actions",
            {"action": legal[0]},
            token=created["token"],
        )
        return f"move {status}"

    async def replay(self, http: Http, games: list[str]) -> str:
        """The next page of the replay of the next game (replays come in pages: issue 21,
        point 15); a game's last page sends the next request back to its first."""
        if not games:
            return "no game yet"
        game_id = games[0]
        start = self.replay_pages.get(game_id, 0)
        status, _, page = await http.request("GET", f"/api/games/{game_id}/replay?from={start}")
        following = page.get("next") if status == 200 and isinstance(page, dict) else None
        self.replay_pages[game_id] = following or 0
        games.append(games.pop(0))
        return str(status)

    async def games_in_play(self, http: Http, wait: float) -> list[str]:
        """The players' games, longest first (the lobby lists them to anybody): as soon as
        there are enough to watch, or what there is after `wait` seconds."""
        deadline = time.monotonic() + wait
        games: list[dict[str, Any]] = []
        while self.running():
            status, _, listed = await http.request("GET", "/api/games?status=playing&limit=100")
            games = listed.get("games", []) if status == 200 else []
            if len(games) >= WATCHED_GAMES or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.5)
        games.sort(key=lambda game: -int(game["version"]))
        return [game["id"] for game in games]

    async def run(self) -> dict[str, dict[str, int]]:
        def http() -> Http:
            return Http(self.host, self.port, SOURCE)

        games = await self.games_in_play(http(), wait=(self.until - time.monotonic()) / 3)
        attacks = [
            self.paced("chunked_bodies", 2.0, self.chunked_body),
            self.paced("chunked_bodies", 2.0, self.chunked_body),
        ]
        for _ in range(4):
            flood = http()
            attacks.append(self.paced("create_flood", 75.0, lambda h=flood: self.create_game(h)))
        for _ in range(2):
            ai = http()
            attacks.append(self.paced("ai_games", 5.0, lambda h=ai: self.ai_game(h)))
        for _ in range(2):
            reader = http()
            attacks.append(self.paced("replay_flood", 25.0, lambda h=reader: self.replay(h, games)))
        for game_id in games[:WATCHED_GAMES]:
            attacks += [self.spectator(game_id) for _ in range(SPECTATORS_PER_GAME)]
        await asyncio.gather(*attacks)
        return {attack: dict(counts) for attack, counts in sorted(self.answers.items())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the server, on 127.0.0.1")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of abuse")
    args = parser.parse_args(argv)
    if (urlparse(args.url).hostname or "") not in LOOPBACK:
        parser.error("the abuser only targets this machine (127.0.0.1)")
    if not 0 < args.duration <= MAX_DURATION + 120:
        parser.error(f"--duration: up to {MAX_DURATION + 120:.0f} seconds")
    abuser = Abuser(args.url.rstrip("/"), time.monotonic() + args.duration)
    answers: dict[str, Any] = asyncio.run(abuser.run())
    spent = os.times()
    answers["abuser_cpu_s"] = round(spent.user + spent.system, 1)  # it shares the machine too
    print(json.dumps(answers))
    return 0


if __name__ == "__main__":
    sys.exit(main())
