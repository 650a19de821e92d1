"""The WebSocket pushes each seat its own view and events after every action."""

from __future__ import annotations

import json
import time
from typing import Any

from bitva.core.chance import CHANCE
from tests.server.helpers import (
    LW,
    TestClient,
    auth,
    create,
    events_of,
    friend_game,
    make_client,
    read,
)


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
        for welcome, token in zip(welcomes, (game.tokens[1], game.tokens[2], None), strict=True):
            seat_state = read(client, game.id, token)
            for key in ("view", "legal_actions", "analyses", "version"):
                assert welcome[key] == (seat_state[key] if key != "version" else 10), key
        assert welcomes[1]["legal_actions"] is None and welcomes[2]["analyses"] == []
        action = welcomes[0]["legal_actions"][0]
        response = client.post(
            f"/api/games/{game.id}/actions", headers=auth(game.tokens[1]), json={"action": action}
        ).json()
        updates = [json.loads(ws.receive_text()) for ws in (one, two, watcher)]
        for update, token in zip(updates, (game.tokens[1], game.tokens[2], None), strict=True):
            assert update["type"] == "update" and update["version"] == 12 and update["actor"] == 1
            assert [s["seat"] for s in update["steps"]] == [1, CHANCE]
            seat_state = read(client, game.id, token)
            assert update["view"] == seat_state["view"]
            assert update["legal_actions"] == seat_state["legal_actions"]
            assert update["game"]["version"] == 12
        drew = [next(e for e in events_of(u) if e["kind"] == "drew") for u in updates]
        assert "cards" in drew[0] and "cards" not in drew[1] and "cards" not in drew[2]
        assert updates[0]["steps"] == response["steps"]
        assert updates[1]["legal_actions"] == read(client, game.id, game.tokens[2])["legal_actions"]
        one.send_text(json.dumps({"type": "ping"}))
        assert json.loads(one.receive_text()) == {"type": "pong"}
        one.send_text(json.dumps({"type": "action", "action": "draw"}))
        assert json.loads(one.receive_text())["type"] == "error"


def test_watchers_hear_when_the_friend_joins(client: TestClient) -> None:
    created = create(client, LW, opponents=[{"kind": "friend"}])
    game_id = created["game"]["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        welcome = hello(ws, created["token"])
        assert welcome["game"]["status"] == "waiting" and welcome["invite_open"] is True
        assert welcome["legal_actions"] is None  # nobody plays before everybody is there
        code = created["invites"][0]["join_code"]
        client.post(f"/api/games/{game_id}/join", json={"code": code})
        message = json.loads(ws.receive_text())
        assert message["type"] == "game" and message["game"]["status"] == "playing"
        assert message["game"]["seats"][1]["joined"] is True
        assert message["legal_actions"] == read(client, game_id, created["token"])["legal_actions"]


def test_ai_moves_are_pushed_with_thinking_first(client: TestClient) -> None:
    created = create(client, LW, opponents=[{"kind": "ai", "level": "random"}], seat=1)
    game_id, token = created["game"]["id"], created["token"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        hello(ws, token)
        action = created["legal_actions"][0]
        client.post(f"/api/games/{game_id}/actions", headers=auth(token), json={"action": action})
        kinds = []
        while True:
            message = json.loads(ws.receive_text())
            kinds.append(message["type"])
            if message["type"] == "update" and message["actor"] == 2:
                break
        assert kinds == ["update", "thinking", "update"]
        assert message["view"]["to_move"] == 1 and message["version"] == 14
        assert message["legal_actions"]  # the person is to move again
        placed = events_of(message)[0]
        assert placed["kind"] == "placed" and placed["player"] == 2 and placed["square"] == "c5"
        assert "cards" not in next(e for e in events_of(message) if e["kind"] == "drew")


def test_too_many_watchers_are_refused(tmp_path: Any) -> None:
    with make_client(tmp_path / "db.sqlite3", max_spectators_per_game=2) as client:
        game = friend_game(client)
        with (
            client.websocket_connect(f"/api/games/{game.id}/ws") as a,
            client.websocket_connect(f"/api/games/{game.id}/ws") as b,
            client.websocket_connect(f"/api/games/{game.id}/ws") as c,
        ):
            hello(a, None)
            hello(b, None)
            refused = hello(c, None)
            assert refused["type"] == "error"
            assert refused["error"].startswith("too many spectators of this game")
        time.sleep(0.05)
        with client.websocket_connect(f"/api/games/{game.id}/ws") as d:
            assert hello(d, None)["type"] == "welcome"  # the closed ones freed their places
