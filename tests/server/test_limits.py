"""Per-client rate limits, the cap on live games against the AI, and abandoned games expiring
(issue 10, point 16: F3). A refusal is 429 with Retry-After, and says what to wait for."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import update
from starlette.websockets import WebSocketDisconnect

from bitva.server.config import Rate
from bitva.server.expiry import expire_abandoned
from bitva.store.game_rows import GameRow
from bitva.store.games import now as utc_now
from tests.server.helpers import DC, TestClient, auth
from tests.server.live import addressed_client, at

FRIEND = [{"kind": "friend"}]
AI = [{"kind": "ai", "level": "random"}]


def new_game(client: TestClient, address: str, opponents: Any = FRIEND) -> Any:
    return client.post("/api/games", json={"game": DC, "opponents": opponents}, headers=at(address))


def refused(response: Any, words: str) -> None:
    assert response.status_code == 429, response.text
    assert int(response.headers["retry-after"]) >= 1
    data = response.json()
    assert words in data["error"] and data["rule"] is None


def test_games_created_in_a_burst_are_refused(tmp_path: Path) -> None:
    with addressed_client(tmp_path / "db.sqlite3", create_rate=Rate(3, 1)) as client:
        for _ in range(3):
            assert new_game(client, "10.1.0.1").status_code == 201
        refused(new_game(client, "10.1.0.1"), "too many new games")
        assert new_game(client, "10.1.0.2").status_code == 201  # another client is not held up
        game = new_game(client, "10.1.0.2").json()
        code = game["invites"][0]["join_code"]
        joined = client.post(
            f"/api/games/{game['game']['id']}/join", json={"code": code}, headers=at("10.1.0.1")
        )
        refused(joined, "too many new games")  # joining takes a seat too


def test_addresses_without_limits(tmp_path: Path) -> None:
    with addressed_client(
        tmp_path / "db.sqlite3", create_rate=Rate(1, 1), unlimited_clients=("10.1.0.3",)
    ) as client:
        for _ in range(4):
            assert new_game(client, "10.1.0.3").status_code == 201


def test_moves_that_make_the_ai_think_are_limited_per_client(tmp_path: Path) -> None:
    with addressed_client(tmp_path / "db.sqlite3", ai_move_rate=Rate(2, 1)) as client:
        game = new_game(client, "10.1.1.1", AI).json()
        path = f"/api/games/{game['game']['id']}/actions"
        headers = at("10.1.1.1", **auth(game["token"]))
        answers = [client.post(path, json={"action": "roll"}, headers=headers) for _ in range(3)]
        assert [a.status_code != 429 for a in answers] == [True, True, False]
        refused(answers[2], "too many moves against the AI")
        friends = new_game(client, "10.1.1.1").json()  # a game between people is not limited
        other = client.post(
            f"/api/games/{friends['game']['id']}/actions",
            json={"action": "roll"},
            headers=at("10.1.1.1", **auth(friends["token"])),
        )
        assert other.status_code != 429


def test_replays_and_analyses_are_limited_per_client(tmp_path: Path) -> None:
    with addressed_client(
        tmp_path / "db.sqlite3", replay_rate=Rate(2, 1), analysis_rate=Rate(1, 1)
    ) as client:
        game = new_game(client, "10.1.2.1").json()
        game_id = game["game"]["id"]
        replays = [
            client.get(f"/api/games/{game_id}/replay", headers=at("10.1.2.2")) for _ in range(3)
        ]
        assert [r.status_code for r in replays[:2]] == [200, 200]
        refused(replays[2], "too many replays")
        headers = at("10.1.2.1", **auth(game["token"]))
        first = client.post(f"/api/games/{game_id}/analysis/odds", headers=headers)
        assert first.status_code != 429
        refused(client.post(f"/api/games/{game_id}/analysis/odds", headers=headers), "analyses")


def test_live_games_against_the_ai_are_capped(tmp_path: Path) -> None:
    with addressed_client(
        tmp_path / "db.sqlite3", max_live_ai_games=3, max_ai_games_per_client=2
    ) as client:
        assert new_game(client, "10.1.3.1", AI).status_code == 201
        assert new_game(client, "10.1.3.1", AI).status_code == 201
        refused(new_game(client, "10.1.3.1", AI), "games against the AI from your address")
        assert new_game(client, "10.1.3.1").status_code == 201  # people only: fine
        assert new_game(client, "10.1.3.2", AI).status_code == 201
        refused(new_game(client, "10.1.3.3", AI), "games against the AI on this server")


def test_games_against_the_ai_created_at_the_same_moment_are_capped(tmp_path: Path) -> None:
    with addressed_client(tmp_path / "db.sqlite3", max_ai_games_per_client=2) as client:
        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(lambda _: new_game(client, "10.1.3.4", AI), range(8)))
        assert sorted(a.status_code for a in answers) == [201, 201] + [429] * 6


def _ws_close(client: TestClient, game_id: str) -> Any:
    ws = client.websocket_connect(f"/api/games/{game_id}/ws")
    ws.__enter__()
    ws.send_text(json.dumps({"type": "hello", "token": None}))
    assert json.loads(ws.receive_text())["type"] == "welcome"
    return ws


def test_abandoned_games_expire(tmp_path: Path) -> None:
    with addressed_client(tmp_path / "db.sqlite3") as client:
        app: Any = client.app
        service = app.state.service
        waiting = new_game(client, "10.1.4.1").json()["game"]["id"]  # the friend never came
        playing = new_game(client, "10.1.4.1", AI).json()["game"]["id"]
        finished = new_game(client, "10.1.4.1", AI).json()
        done = finished["game"]["id"]
        with service.store._session.begin() as session:  # as if it had ended
            session.execute(update(GameRow).where(GameRow.id == done).values(status="over"))
        watcher = _ws_close(client, waiting)
        try:
            week = utc_now() + timedelta(days=8)
            assert client.portal.call(expire_abandoned, app, week) == [waiting]  # type: ignore[union-attr]
            with pytest.raises(WebSocketDisconnect) as info:
                while True:
                    watcher.receive_text()
            assert info.value.code == 4404 and "expired" in info.value.reason
        finally:
            watcher.__exit__(None, None, None)
        assert client.get(f"/api/games/{waiting}").status_code == 404
        assert client.get(f"/api/games/{playing}").status_code == 200
        month = utc_now() + timedelta(days=31)
        assert client.portal.call(expire_abandoned, app, month) == [playing]  # type: ignore[union-attr]
        assert client.get(f"/api/games/{playing}").status_code == 404
        assert client.get(f"/api/games/{done}").status_code == 200  # finished games stay
