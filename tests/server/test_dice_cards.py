"""The test game Dice and Cards (tests/games/dice_cards, rules DC-1..DC-5) through the REST API and
the WebSocket, with no server code of its own: 1, 2 and 3 seats, a solo game against the rules,
friends joining a 3-seat game by their own links, AI seats, chance steps (dice and deals), hidden
hands, unreadable (400) against illegal (409) actions, and a restart that replays the game to the
same state and the same future."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from bitva.core.chance import CHANCE
from bitva.server.runtime import rebuild
from tests.server.helpers import (
    DC,
    TestClient,
    auth,
    create,
    events_of,
    friend_game,
    make_client,
    read,
    secret_keys,
    strings_and_keys,
)


def wait_for_person(client: TestClient, game_id: str, seat: int, timeout: float = 30.0) -> Any:
    """The game once `seat` is to move or it is over (the AI seats move by themselves)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = read(client, game_id)
        if state["game"]["to_move"] in (seat, None):
            return state
        time.sleep(0.02)
    raise AssertionError(f"stuck at {read(client, game_id)['game']}")


def play_to_the_end(client: TestClient, game_id: str, seat: int, token: str, seed: int) -> Any:
    rng = random.Random(seed)
    for _ in range(500):
        state = wait_for_person(client, game_id, seat)
        if state["game"]["to_move"] is None:
            return state
        mine = read(client, game_id, token)
        response = client.post(
            f"/api/games/{game_id}/actions",
            headers=auth(token),
            json={"action": rng.choice(mine["legal_actions"]), "version": mine["game"]["version"]},
        )
        assert response.status_code in (200, 409), response.text
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seats", [2, 3])
def test_a_person_plays_against_ai_seats_to_the_end(client: TestClient, seats: int) -> None:
    data = create(
        client,
        DC,
        options={"seats": seats, "target": 15, "rounds": 4},
        seat=2,
        opponents=[{"kind": "ai", "level": "random"}] * (seats - 1),
    )
    assert [s["kind"] for s in data["game"]["seats"]] == ["ai", "human", "ai"][:seats]
    final = play_to_the_end(client, data["game"]["id"], 2, data["token"], seats)
    outcome = final["game"]["outcome"]
    assert outcome["rule"] == "DC-5" and outcome["reason"] in ("target", "most-points")
    assert len(outcome["returns"]) == seats and set(outcome["scores"]) == {
        str(s) for s in range(1, seats + 1)
    }
    results = {s["seat"]: s["result"] for s in final["game"]["seats"]}
    assert {seat for seat, r in results.items() if r == "win"} == set(outcome["winners"])
    assert all(s["score"] == outcome["scores"][str(s["seat"])] for s in final["game"]["seats"])
    log = client.get(f"/api/games/{data['game']['id']}/log").json()["entries"]
    assert {CHANCE, 1} <= {e["seat"] for e in log} <= {CHANCE, *range(1, seats + 1)}


def test_a_solo_game_is_played_against_the_rules(client: TestClient) -> None:
    refused = client.post(
        "/api/games",
        json={"game": DC, "options": {"seats": 1}, "opponents": [{"kind": "ai"}]},
    )
    assert refused.status_code == 422 and "a solo game has none" in refused.json()["error"]
    data = create(client, DC, options={"seats": 1, "target": 12, "rounds": 3}, name="Sol")
    game = data["game"]
    assert game["status"] == "playing" and game["seats"] == [
        {"seat": 1, "kind": "human", "level": None, "name": "Sol", "joined": True}
        | {"result": None, "score": None}
    ]
    assert data["legal_actions"][0] == "roll" and data["invites"] == []
    final = play_to_the_end(client, game["id"], 1, data["token"], 5)
    outcome = final["game"]["outcome"]
    assert outcome["result"] in ("win", "loss") and outcome["returns"] in ([1.0], [-1.0])
    assert outcome["reason"] == ("target" if outcome["result"] == "win" else "out-of-rounds")
    assert final["game"]["seats"][0]["result"] == outcome["result"]


def test_friends_join_a_three_seat_game_each_by_their_own_link(client: TestClient) -> None:
    data = create(
        client,
        DC,
        options={"seats": 3},
        seat=2,
        opponents=[{"kind": "friend"}, {"kind": "friend"}],
        name="Ann",
    )
    game_id = data["game"]["id"]
    assert [i["seat"] for i in data["invites"]] == [1, 3]
    codes = {i["seat"]: i["join_code"] for i in data["invites"]}
    assert data["game"]["status"] == "waiting" and data["legal_actions"] is None
    first = client.post(f"/api/games/{game_id}/join", json={"code": codes[3], "name": "Cyd"})
    assert first.status_code == 200 and first.json()["seat"] == 3
    assert first.json()["game"]["status"] == "waiting"  # seat 1 is still open
    again = client.post(f"/api/games/{game_id}/join", json={"code": codes[3]})
    assert again.status_code == 403  # used: it opens no other seat
    early = client.post(
        f"/api/games/{game_id}/actions", headers=auth(data["token"]), json={"action": "roll"}
    )
    assert early.status_code == 409 and "waiting" in early.json()["error"]
    last = client.post(f"/api/games/{game_id}/join", json={"code": codes[1], "name": "Bo"})
    assert last.status_code == 200 and last.json()["seat"] == 1
    game = last.json()["game"]
    assert game["status"] == "playing"
    assert [(s["seat"], s["name"], s["joined"]) for s in game["seats"]] == [
        (1, "Bo", True),
        (2, "Ann", True),
        (3, "Cyd", True),
    ]
    assert last.json()["legal_actions"][0] == "roll"  # seat 1 moves first (DC-1)
    full = client.post(f"/api/games/{game_id}/join", json={"code": codes[1]})
    assert full.status_code == 409 and full.json()["error"] == "every seat of this game is taken"


def test_chance_steps_follow_the_action_and_their_text_is_never_sent(client: TestClient) -> None:
    game = friend_game(client, DC)
    start = read(client, game.id, game.tokens[1])
    assert start["game"]["version"] == 4  # DC-1: two cards dealt to each seat, one step each
    assert start["legal_actions"][0] == "roll" and start["analyses"] == ["odds"]
    response = client.post(
        f"/api/games/{game.id}/actions", headers=auth(game.tokens[1]), json={"action": "roll"}
    ).json()
    roll, dice = response["steps"]
    assert (roll["seat"], roll["events"]) == (1, [])
    assert dice["seat"] == CHANCE and dice["events"][0]["kind"] == "rolled"
    faces = dice["events"][0]["faces"]
    assert dice["events"][0]["bust"] == (1 in faces)  # DC-3
    assert response["version"] == 6
    log = client.get(f"/api/games/{game.id}/log", headers=auth(game.tokens[2])).json()
    assert [e["seat"] for e in log["entries"]] == [CHANCE] * 4 + [1, CHANCE]
    for text in (json.dumps(response), json.dumps(log), client.get(f"/api/games/{game.id}").text):
        assert "dice " not in text and "deal " not in text  # steps' texts stay on the server


def test_unreadable_is_400_and_illegal_is_409_naming_the_rule(client: TestClient) -> None:
    game = friend_game(client, DC)
    before = read(client, game.id, game.tokens[1])
    hand = before["view"]["players"][0]["hand"]
    missing = next(v for v in (1, 2, 3) if v not in hand)
    url = f"/api/games/{game.id}/actions"
    for text, status, rule in (
        ("bogus", 400, None),
        ("play three", 400, None),
        ("hold", 409, "DC-2"),  # nothing to bank yet
        (f"play {missing}", 409, "DC-2"),  # not in the hand
        ("dice 6 6", 409, "DC-2"),  # chance decides that, not a player
    ):
        response = client.post(url, headers=auth(game.tokens[1]), json={"action": text})
        assert response.status_code == status, (text, response.text)
        assert response.json()["rule"] == rule, text
    assert read(client, game.id, game.tokens[1]) == before


def test_hidden_hands_never_reach_another_seat_or_a_spectator(client: TestClient) -> None:
    game = friend_game(client, DC, people=3, seats=3, target=30, rounds=6)
    url = f"/api/games/{game.id}"
    inbox: dict[int | None, list[Any]] = {1: [], 2: [], 3: [], None: []}
    rng = random.Random(4)
    sockets = {seat: client.websocket_connect(f"{url}/ws") for seat in inbox}
    opened = {seat: ws.__enter__() for seat, ws in sockets.items()}
    try:
        for seat, ws in opened.items():
            ws.send_text(json.dumps({"type": "hello", "token": game.tokens.get(seat or 0)}))
            inbox[seat].append(json.loads(ws.receive_text()))
        for _ in range(300):
            public = read(client, game.id)
            inbox[None].append(public)
            mover = public["game"]["to_move"]
            if mover is None:
                break
            for seat in (1, 2, 3):
                inbox[seat].append(read(client, game.id, game.tokens[seat]))
                odds = client.post(f"{url}/analysis/odds", headers=auth(game.tokens[seat]))
                inbox[seat].append(odds.json())
            assert client.post(f"{url}/analysis/odds").status_code == 401  # hands are hidden
            action = rng.choice(inbox[mover][-2]["legal_actions"])
            response = client.post(
                f"{url}/actions", headers=auth(game.tokens[mover]), json={"action": action}
            )
            assert response.status_code == 200
            inbox[mover].append(response.json())
            for seat, ws in opened.items():
                inbox[seat].append(json.loads(ws.receive_text()))
        for seat in inbox:
            token = game.tokens.get(seat or 0)
            inbox[seat].append(client.get(f"{url}/log", headers=auth(token)).json())
            inbox[seat].append(client.get(f"{url}/replay", headers=auth(token)).json())
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)
    assert read(client, game.id)["game"]["status"] == "over"
    dealt_seen = 0
    for seat, messages in inbox.items():
        for message in messages:
            assert not secret_keys(message), (seat, secret_keys(message))
            strings, _ = strings_and_keys(message)
            assert not [s for s in strings if s.startswith(("dice ", "deal "))]
            dealt_seen += check_hands(message, seat)
    assert dealt_seen > 0


def check_hands(value: Any, seat: int | None) -> int:
    """No hand of another seat, and a dealt card only for the seat it went to; counts the
    dealt cards this seat was told of."""
    told = 0
    if isinstance(value, dict):
        if "hand" in value and "seat" in value and "score" in value:
            assert value["seat"] == seat, (seat, value)
        if value.get("kind") == "dealt":
            assert ("card" in value) == (value["player"] == seat), (seat, value)
            told += "card" in value
        for sub in value.values():
            told += check_hands(sub, seat)
    elif isinstance(value, list):
        for sub in value:
            told += check_hands(sub, seat)
    return told


def test_ai_moves_arrive_over_the_websocket(client: TestClient) -> None:
    data = create(
        client,
        DC,
        options={"seats": 3},
        seat=1,
        opponents=[{"kind": "ai", "level": "greedy"}, {"kind": "ai", "level": "random"}],
    )
    game_id, token = data["game"]["id"], data["token"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        assert json.loads(ws.receive_text())["type"] == "welcome"
        client.post(f"/api/games/{game_id}/actions", headers=auth(token), json={"action": "roll"})
        actors: list[Any] = []
        while True:
            message = json.loads(ws.receive_text())
            actors.append(message.get("actor", message["type"]))
            if message["type"] == "update" and (
                message["game"]["to_move"] in (1, None) and message["actor"] != 1
            ):
                break
            if message["type"] == "update" and message["actor"] == 1 and message["legal_actions"]:
                break  # the person rolled and may go on
    assert actors[0] == 1
    if "thinking" in actors:
        assert set(actors[actors.index("thinking") :]) <= {"thinking", 2, 3}
    assert all(e["kind"] != "dealt" or "card" not in e for e in events_of(message))


def _to_move(client: Any, game_id: str) -> int:
    """The seat to move, once the server has rolled what an answered action left to chance."""
    for _ in range(100):
        seat = read(client, game_id)["game"]["to_move"]
        if seat is not None:
            return int(seat)
        time.sleep(0.05)
    raise AssertionError(f"no seat to move: {read(client, game_id)['game']}")


def test_a_restarted_server_has_the_same_state_and_the_same_future(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    with make_client(db) as client:
        game = friend_game(client, DC, target=60, rounds=20)
        rng = random.Random(8)
        for _ in range(12):
            seat = _to_move(client, game.id)
            legal = read(client, game.id, game.tokens[seat])["legal_actions"]
            client.post(
                f"/api/games/{game.id}/actions",
                headers=auth(game.tokens[seat]),
                json={"action": rng.choice(legal)},
            )
        live = client.app.state.service._games[game.id]  # type: ignore[attr-defined]
        before = live.state.to_json()
        future = live.state.clone()  # what the next roll would show without a restart
        future.apply("roll")
        faces = next(e for e in future.resolve_chance() if e.kind == "rolled").data["faces"]
        mover = live.state.current_player
        views = {seat: read(client, game.id, token) for seat, token in game.tokens.items()}
    stored = client.app.state.service.store.load(game.id)  # type: ignore[attr-defined]
    assert rebuild(stored).state.to_json() == before  # the RNG included
    with make_client(db) as again:
        for seat, token in game.tokens.items():
            assert read(again, game.id, token) == views[seat]
        response = again.post(
            f"/api/games/{game.id}/actions",
            headers=auth(game.tokens[mover]),
            json={"action": "roll"},
        ).json()
        rolled = next(e for e in events_of(response) if e["kind"] == "rolled")
        assert rolled["faces"] == faces


def test_a_random_seat_and_the_adapters_found_by_name(client: TestClient) -> None:
    seats = {create(client, DC, options={"seats": 3}, seat="random")["seat"] for _ in range(12)}
    assert seats <= {1, 2, 3} and len(seats) > 1
    from bitva.server.games import GameAdapter, adapter_for
    from bitva.server.games.lords_of_war import LordsOfWarAdapter

    assert type(adapter_for(DC)) is GameAdapter  # no server code of its own: the generic one
    assert isinstance(adapter_for("lords-of-war"), LordsOfWarAdapter)
    assert adapter_for(DC).options_model is adapter_for(DC).game.options_model
