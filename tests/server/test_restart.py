"""A server killed mid-game (SIGKILL) and started again on the same database continues every
game where it stood: the actions it answered were committed before it answered. On SQLite and on
PostgreSQL (`database_url`)."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx
import pytest

from tests.server.process import ServerProcess


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def play(url: str, game_id: str, tokens: dict[int, str], rng: random.Random, count: int) -> int:
    played = 0
    with httpx.Client(base_url=url, timeout=10) as http:
        for _ in range(count):
            state = http.get(f"/api/games/{game_id}").json()
            seat = state["game"]["to_move"]
            if seat is None:
                break
            mine = http.get(f"/api/games/{game_id}", headers=bearer(tokens[seat])).json()
            response = http.post(
                f"/api/games/{game_id}/actions",
                headers=bearer(tokens[seat]),
                json={"action": rng.choice(mine["legal_actions"])},
            )
            assert response.status_code == 200, response.text
            played += 1
    return played


def snapshot(url: str, game_id: str, tokens: dict[int, str]) -> dict[Any, Any]:
    with httpx.Client(base_url=url, timeout=10) as http:
        return {
            seat: http.get(f"/api/games/{game_id}", headers=bearer(token)).json()
            for seat, token in tokens.items()
        } | {"log": http.get(f"/api/games/{game_id}/log").json()}


# SQLite by default; PostgreSQL's restart with `-m slow` (test_store.py and test_postgres_load.py
# cover PostgreSQL in the default suite)
SQLITE_FIRST = pytest.mark.parametrize(
    "database_url", ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)], indirect=True
)


@SQLITE_FIRST
def test_a_killed_server_continues_every_game(database_url: str) -> None:
    server = ServerProcess(database_url, "--ai-delay", "0", "--ai-workers", "1")
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            friend = {"game": "lords-of-war", "opponents": [{"kind": "friend"}]}
            created = http.post("/api/games", json=friend | {"options": {"advanced": True}}).json()
            game_id = created["game"]["id"]
            code = created["invites"][0]["join_code"]
            joined = http.post(f"/api/games/{game_id}/join", json={"code": code}).json()
            waiting = http.post("/api/games", json=friend).json()
        tokens = {1: created["token"], 2: joined["token"]}
        rng = random.Random(11)
        assert play(server.url, game_id, tokens, rng, 25) == 25
        before = snapshot(server.url, game_id, tokens)
        server.kill()  # mid-game, no goodbye
        server.start()
        after = snapshot(server.url, game_id, tokens)
        assert after == before
        with httpx.Client(base_url=server.url, timeout=10) as http:  # the invitation still works
            code = waiting["invites"][0]["join_code"]
            late = http.post(f"/api/games/{waiting['game']['id']}/join", json={"code": code})
            assert late.status_code == 200
        played = play(server.url, game_id, tokens, rng, 400)  # and the game goes on to its end
        assert played > 0
        final = snapshot(server.url, game_id, tokens)
        assert final[1]["view"]["outcome"] is not None
        server.kill()
        server.start()
        assert snapshot(server.url, game_id, tokens) == final
        with httpx.Client(base_url=server.url, timeout=10) as http:
            replay = http.get(f"/api/games/{game_id}/replay").json()
            assert len(replay["steps"]) == 25 + played + 1  # a step per move, and the set-up
    finally:
        server.stop()
    assert "http://127.0.0.1:" in server.output  # the URL to open was printed


@SQLITE_FIRST
def test_the_ai_resumes_thinking_after_a_kill(database_url: str) -> None:
    server = ServerProcess(database_url, "--ai-workers", "1")
    server.start("--ai-delay", "60")  # the AI will not move before the kill
    try:
        with httpx.Client(base_url=server.url, timeout=10) as http:
            created = http.post(
                "/api/games",
                json={
                    "game": "lords-of-war",
                    "opponents": [{"kind": "ai", "level": "greedy"}],
                    "seat": 2,
                },
            ).json()
            game_id = created["game"]["id"]
            start = created["game"]["version"]
            assert http.get(f"/api/games/{game_id}").json()["game"]["version"] == start
        server.kill()
        server.start("--ai-delay", "0")
        deadline = time.monotonic() + 60
        state: dict[str, Any] = {}
        with httpx.Client(base_url=server.url, timeout=10) as http:
            while time.monotonic() < deadline:
                state = http.get(f"/api/games/{game_id}").json()
                if state["game"]["version"] > start:
                    break
                time.sleep(0.1)
        assert state["game"]["version"] == start + 2 and state["game"]["to_move"] == 2
    finally:
        server.stop()
