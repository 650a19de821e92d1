"""The WebSocket pushes each seat its own view and events after every action."""

from __future__ import annotations

import json
import time
from typing import Any

from tests.server.helpers import TestClient, auth, friend_game, make_client, read


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    message: dict[str, Any] = json.loads(ws.receive_text())
    return message


def test_every_watcher_gets_its_own_update_after_an_action(client: TestClient) -> None:
    game = friend_game(client)
    with (
        client.websocket_connect(f"/api/games/{game.id}/ws") as one,
        client.websocket_connect(f"/api/games/{game.id}/ws") as two,
        client.websocket_connect(f"/api/games/{game.id}/ws") as watcher,
    ):
        welcomes = [hello(one, game.tokens[1]), hello(two, game.tokens[2]), hello(watcher, None)]
        assert [w["type"] for w in welcomes] == ["welcome"] * 3
        assert [w["seat"] for w in welcomes] == [1, 2, None]
        assert welcomes[0]["view"] == read(client, game.id, game.tokens[1])["view"]
        assert welcomes[2]["view"] == read(client, game.id)["view"]
        action = welcomes[0]["view"]["legal_actions"][0]
        response = client.post(
            f"/api/games/{game.id}/actions", headers=auth(game.tokens[1]), json={"action": action}
        ).json()
        updates = [json.loads(ws.receive_text()) for ws in (one, two, watcher)]
        for update, token in zip(updates, (game.tokens[1], game.tokens[2], None), strict=True):
            assert update["type"] == "update" and update["version"] == 1 and update["seat"] == 1
            assert update["view"] == read(client, game.id, token)["view"]
            assert update["game"]["version"] == 1
        drew = [next(e for e in u["events"] if e["kind"] == "drew") for u in updates]
        assert "cards" in drew[0] and "cards" not in drew[1] and "cards" not in drew[2]
        assert updates[0]["events"] == response["events"]
        one.send_text(json.dumps({"type": "ping"}))
        assert json.loads(one.receive_text()) == {"type": "pong"}
        one.send_text(json.dumps({"type": "action", "action": "draw"}))
        assert json.loads(one.receive_text())["type"] == "error"


def test_watchers_hear_when_the_friend_joins(client: TestClient) -> None:
    created = client.post("/api/games", json={"opponent": {"kind": "friend"}}).json()
    game_id = created["game"]["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        welcome = hello(ws, created["token"])
        assert welcome["game"]["status"] == "waiting" and welcome["invite_open"] is True
        client.post(f"/api/games/{game_id}/join", json={"code": created["join_code"]})
        message = json.loads(ws.receive_text())
        assert message["type"] == "game" and message["game"]["status"] == "playing"
        assert message["game"]["seats"][1]["joined"] is True


def test_ai_moves_are_pushed_with_thinking_first(client: TestClient) -> None:
    created = client.post(
        "/api/games",
        json={"opponent": {"kind": "ai", "level": "random"}, "seat": 1},
    ).json()
    game_id, token = created["game"]["id"], created["token"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        hello(ws, token)
        action = created["view"]["legal_actions"][0]
        client.post(f"/api/games/{game_id}/actions", headers=auth(token), json={"action": action})
        kinds = []
        while True:
            message = json.loads(ws.receive_text())
            kinds.append(message["type"])
            if message["type"] == "update" and message["seat"] == 2:
                break
        assert kinds == ["update", "thinking", "update"]
        assert message["view"]["to_move"] == 1 and message["version"] == 2
        placed = message["events"][0]
        assert placed["kind"] == "placed" and placed["player"] == 2 and placed["square"] == "c5"
        assert "cards" not in next(e for e in message["events"] if e["kind"] == "drew")


def test_too_many_watchers_are_refused(tmp_path: Any) -> None:
    with make_client(tmp_path / "db.sqlite3", max_watchers_per_game=2) as client:
        game = friend_game(client)
        with (
            client.websocket_connect(f"/api/games/{game.id}/ws") as a,
            client.websocket_connect(f"/api/games/{game.id}/ws") as b,
            client.websocket_connect(f"/api/games/{game.id}/ws") as c,
        ):
            hello(a, None)
            hello(b, None)
            refused = hello(c, None)
            assert refused == {"type": "error", "error": "too many connections to this game"}
        time.sleep(0.05)
        with client.websocket_connect(f"/api/games/{game.id}/ws") as d:
            assert hello(d, None)["type"] == "welcome"  # the closed ones freed their places
