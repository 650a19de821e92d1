"""Seats are held by tokens: without the right one nobody acts for a seat or reads its hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.server.helpers import LW, TestClient, auth, create, friend_game, make_client, read


def test_no_token_reads_as_a_spectator_and_cannot_act(client: TestClient) -> None:
    game = friend_game(client)
    spectator = read(client, game.id)
    assert spectator["seat"] is None and spectator["invite_open"] is False
    for seat in ("1", "2"):
        assert "hand" not in spectator["view"]["players"][seat]
    assert "legal_actions" not in spectator["view"] and spectator["legal_actions"] is None
    for path, body in (
        ("actions", {"action": "draw"}),
        ("analysis/placements", None),
        ("invite", None),
    ):
        response = client.post(f"/api/games/{game.id}/{path}", json=body)
        assert response.status_code == 401, path
        assert response.json()["error"].startswith("a seat token is required")
        assert response.headers["www-authenticate"] == "Bearer"


@pytest.mark.parametrize(
    "header",
    [
        "Bearer not-a-token",
        "Bearer ",
        "Basic dXNlcjpwYXNz",
        "not-even-a-scheme",
    ],
)
def test_a_wrong_or_malformed_token_reads_nothing(client: TestClient, header: str) -> None:
    game = friend_game(client)
    headers = {"Authorization": header}
    for method, path, body in (
        ("GET", "", None),
        ("GET", "/log", None),
        ("GET", "/replay", None),
        ("POST", "/actions", {"action": "draw"}),
        ("POST", "/analysis/placements", None),
        ("POST", "/invite", None),
    ):
        response = client.request(method, f"/api/games/{game.id}{path}", headers=headers, json=body)
        assert response.status_code in (401, 403), (header, path, response.text)
        assert set(response.json()) == {"error", "rule"}
        assert "hand" not in response.text
    assert read(client, game.id)["game"]["version"] == 10


def test_a_token_of_another_game_holds_no_seat_here(client: TestClient) -> None:
    first = friend_game(client)
    second = friend_game(client)
    response = client.get(f"/api/games/{second.id}", headers=auth(first.tokens[1]))
    assert response.status_code == 403
    assert response.json() == {"error": "this token holds no seat in this game", "rule": None}
    legal = read(client, second.id, second.tokens[1])["legal_actions"]
    act = client.post(
        f"/api/games/{second.id}/actions",
        headers=auth(first.tokens[1]),
        json={"action": legal[0]},
    )
    assert act.status_code == 403
    assert read(client, second.id)["game"]["version"] == 10


def test_each_token_reads_its_own_hand_only(client: TestClient) -> None:
    game = friend_game(client)
    one = read(client, game.id, game.tokens[1])["view"]["players"]
    two = read(client, game.id, game.tokens[2])["view"]["players"]
    assert "hand" in one["1"] and "hand" not in one["2"]
    assert "hand" in two["2"] and "hand" not in two["1"]


def test_nobody_acts_for_the_ai_seat(tmp_path: Path) -> None:
    with make_client(tmp_path / "db.sqlite3", ai_delay=30.0) as client:  # the AI waits
        created = create(client, LW, opponents=[{"kind": "ai", "level": "random"}], seat=2)
        game_id = created["game"]["id"]
        assert read(client, game_id)["game"]["to_move"] == 1  # the AI's turn
        for action in ("Orc Warhog#1@d3", "Dwarf Slugger@d3", "draw"):
            response = client.post(
                f"/api/games/{game_id}/actions",
                headers=auth(created["token"]),
                json={"action": action},
            )
            assert response.status_code == 409
            assert response.json()["error"] == "it is not your turn: player 1 is to move"
        assert read(client, game_id)["game"]["version"] == 10


def _ws(client: TestClient, game_id: str, hello: object) -> tuple[list[dict[str, object]], int]:
    from starlette.websockets import WebSocketDisconnect

    messages: list[dict[str, object]] = []
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_text(hello if isinstance(hello, str) else json.dumps(hello))
        try:
            while True:
                messages.append(json.loads(ws.receive_text()))
        except WebSocketDisconnect as exc:
            return messages, exc.code
    raise AssertionError("the socket stayed open")


def test_the_websocket_refuses_wrong_tokens_and_bad_hellos(client: TestClient) -> None:
    game = friend_game(client)
    messages, code = _ws(client, game.id, {"type": "hello", "token": "wrong"})
    assert code == 4403
    assert messages == [{"type": "error", "error": "this token holds no seat in this game"}]
    messages, code = _ws(client, game.id, "not json")
    assert code == 4400 and messages[0]["type"] == "error"
    messages, code = _ws(client, game.id, {"type": "hello", "token": "x", "extra": 1})
    assert code == 4400
    messages, code = _ws(client, "nosuchgame", {"type": "hello"})
    assert code == 4404 and "no game" in str(messages[0]["error"])
