"""Issue 21 point 11 on the server: POST /api/games/{id}/undo takes back the asking seat's own
last decision (bitva.core.undo), under the table's undo option (docs/server.md, "Undo"): on by
default against the AI, off by default among friends; only the seat that decided may undo; the
watchers hear of it; the undo survives a restart."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from bitva.server.undo import table_default
from bitva.store import make_engine
from bitva.store.games import GameStore
from tests.server.helpers import DC, TestClient, auth, create, friend_game, make_client, read
from tests.server.test_dice_cards import wait_for_person
from tests.server.test_store import new_game
from tests.server.test_websocket import hello


def undo(client: TestClient, game_id: str, token: str | None, **body: Any) -> Any:
    return client.post(f"/api/games/{game_id}/undo", headers=auth(token), json=body or None)


def act(client: TestClient, game_id: str, token: str, action: str) -> dict[str, Any]:
    response = client.post(
        f"/api/games/{game_id}/actions", headers=auth(token), json={"action": action}
    )
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def card_of(state: dict[str, Any]) -> str:
    """A card the seat to move may play (Dice and Cards deals every seat cards first)."""
    actions: list[str] = state["legal_actions"]
    return next(a for a in actions if a.startswith("play "))


def test_issue21_11_against_the_ai_a_card_is_taken_back_but_not_a_roll(db_file: Path) -> None:
    """Dice and Cards against the AI (undo on by default): 'play N' then undo gives the state
    and log before it (the card back in hand, the step gone); after 'roll' (chance, DC-3) undo
    is refused with CORE-4; spectators need a token (401)."""
    with make_client(db_file) as client:
        created = create(client, DC, options={"seats": 2})
        game_id, token = created["game"]["id"], created["token"]
        assert created["game"]["undo"] is True
        assert created["undo"] is False and created["undo_refusal"] == "chance"  # the deal
        start = read(client, game_id, token)
        card = card_of(start)
        played = act(client, game_id, token, card)
        assert played["undo"] is True and played["version"] == start["game"]["version"] + 1
        response = undo(client, game_id, token, version=played["version"])
        assert response.status_code == 200, response.text
        back = response.json()
        assert back["type"] == "undo" and back["undone"] == start["game"]["version"]
        assert back["version"] == start["game"]["version"]
        assert back["view"] == start["view"] and back["legal_actions"] == start["legal_actions"]
        log = client.get(f"/api/games/{game_id}/log", headers=auth(token)).json()
        assert len(log["entries"]) == start["game"]["version"]
        assert undo(client, game_id, None).status_code == 401
        assert undo(client, game_id, "not-a-token").status_code == 403
        act(client, game_id, token, "roll")
        refused = undo(client, game_id, token)
        assert refused.status_code == 409
        assert refused.json()["rule"] == "CORE-4" and "chance" in refused.json()["error"]
        # the undo survives a restart: the store's steps were dropped, not hidden (first the
        # AI's answer to the roll, so that no move of its lands between the reads below)
        version = wait_for_person(client, game_id, 1)["game"]["version"]
    with make_client(db_file) as again:
        restarted = read(again, game_id, token)
        assert restarted["game"]["version"] == version
        log = again.get(f"/api/games/{game_id}/log", headers=auth(token)).json()
        assert len(log["entries"]) == version


def test_issue21_11_an_undo_survives_a_restart(database_url: str) -> None:
    """The undone step is gone from the database (SQLite and PostgreSQL): a new server on it
    replays the game without it (the same view, the same next version) and play goes on."""
    with make_client(database_url) as client:
        created = create(client, DC, options={"seats": 2})
        game_id, token = created["game"]["id"], created["token"]
        start = read(client, game_id, token)
        act(client, game_id, token, card_of(start))
        assert undo(client, game_id, token).status_code == 200
        after = read(client, game_id, token)
    with make_client(database_url) as again:
        restarted = read(again, game_id, token)
        assert restarted["game"]["version"] == after["game"]["version"]
        assert restarted["view"] == after["view"] == start["view"]
        assert restarted["undo"] is False and restarted["undo_refusal"] == "chance"
        act(again, game_id, token, card_of(restarted))
        assert read(again, game_id, token)["undo"] is True  # kept after the replay too


def test_issue21_11_friends_cannot_undo_unless_the_table_allows_it(client: TestClient) -> None:
    """Among friends undo is off by default (each friend is shown every move as it is made):
    no button (undo null) and 409 with the reason."""
    game = friend_game(client, DC, seats=2)
    state = read(client, game.id, game.tokens[1])
    assert state["game"]["undo"] is False and state["undo"] is None
    act(client, game.id, game.tokens[1], card_of(state))
    refused = undo(client, game.id, game.tokens[1])
    assert refused.status_code == 409 and "does not allow undo" in refused.json()["error"]
    assert read(client, game.id)["undo"] is None  # a spectator: never


def test_issue21_11_at_a_table_with_undo_only_the_seat_that_decided_may_undo(
    client: TestClient,
) -> None:
    """Friends who chose undo: seat 1 plays a card, seat 2 sees it; seat 2 may not undo it
    (not its decision), seat 1 may, and seat 2's socket gets an `undo` message with the view as
    it was."""
    created = create(client, DC, opponents=[{"kind": "friend"}], options={"seats": 2}, undo=True)
    game_id = created["game"]["id"]
    joined = client.post(
        f"/api/games/{game_id}/join", json={"code": created["invites"][0]["join_code"]}
    ).json()
    tokens = {1: created["token"], 2: joined["token"]}
    start = read(client, game_id, tokens[2])
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        hello(ws, tokens[2])
        played = act(client, game_id, tokens[1], card_of(read(client, game_id, tokens[1])))
        update = json.loads(ws.receive_text())
        assert update["type"] == "update" and update["version"] == played["version"]
        other = undo(client, game_id, tokens[2])
        assert other.status_code == 409 and "not yours" in other.json()["error"]
        assert read(client, game_id, tokens[2])["undo_refusal"] == "other-seat"
        assert undo(client, game_id, tokens[1]).status_code == 200
        pushed = json.loads(ws.receive_text())
        assert pushed["type"] == "undo" and pushed["version"] == start["game"]["version"]
        assert pushed["undone"] == start["game"]["version"] and pushed["view"] == start["view"]


def test_issue21_11_a_decision_the_ai_has_not_answered_yet_can_be_taken_back(
    db_file: Path,
) -> None:
    """Dice and Cards against the AI with a slow AI (ai_delay 1 s): a roll that does not bust,
    then 'hold' ends the turn without chance (DC-2); before the AI answers, 'hold' is taken back
    and the AI stops: the human is to move again and the AI does not play on his behalf."""
    with make_client(db_file, ai_delay=1.0) as client:
        for _ in range(20):  # a roll busts with about 31% (DC-3): try another game then
            created = create(client, DC, options={"seats": 2})
            game_id, token = created["game"]["id"], created["token"]
            rolled = act(client, game_id, token, "roll")
            if rolled["game"]["to_move"] == 1 and "hold" in rolled["legal_actions"]:
                break
        else:
            raise AssertionError("every roll busted")
        held = act(client, game_id, token, "hold")
        assert held["game"]["to_move"] == 2 and held["undo"] is True
        back = undo(client, game_id, token)
        assert back.status_code == 200, back.text
        assert back.json()["game"]["to_move"] == 1 and back.json()["version"] == rolled["version"]
        time.sleep(1.5)  # longer than the AI's delay: it would have moved by now
        state = read(client, game_id, token)
        assert state["game"]["version"] == rolled["version"] and state["game"]["to_move"] == 1
        assert "hold" in state["legal_actions"]


def test_issue21_11_undo_one_by_one_without_replaying_the_game(
    db_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """BattleLore A01 against the AI: a Command card, then an order (no die yet). Both are
    taken back one after the other from the states the server kept (no replay of the game:
    `rewind` is not called), each time the position and legal actions as before; then the
    deal before them stands (chance)."""
    with make_client(db_file) as client:
        created = create(client, "battlelore", options={"adventure": "A01"}, seat=1)
        game_id, token = created["game"]["id"], created["token"]
        states = [read(client, game_id, token)]
        assert states[0]["game"]["to_move"] == 1
        for verb in ("play", "order"):
            action = next(a for a in states[-1]["legal_actions"] if a.split()[0] == verb)
            act(client, game_id, token, action)
            states.append(read(client, game_id, token))
        assert states[-1]["undo"] is True

        def no_replay(*_: Any) -> None:
            raise AssertionError("the game was replayed")

        monkeypatch.setattr("bitva.server.undo.rewind", no_replay)
        for earlier in reversed(states[:-1]):
            assert undo(client, game_id, token).status_code == 200
            now = read(client, game_id, token)
            assert now["game"]["version"] == earlier["game"]["version"]
            assert now["view"] == earlier["view"]
            assert now["legal_actions"] == earlier["legal_actions"]
        assert read(client, game_id, token)["undo_refusal"] == "chance"


def test_issue21_11_a_poll_with_the_etag_of_a_position_taken_back_gets_the_new_one(
    client: TestClient,
) -> None:
    """After an undo the same version number comes again for another position: a page that
    polls with the ETag of the position taken back gets the game again (200), not 304."""
    created = create(client, DC, options={"seats": 2})
    game_id, token = created["game"]["id"], created["token"]
    cards = [a for a in read(client, game_id, token)["legal_actions"] if a.startswith("play ")]
    act(client, game_id, token, cards[0])
    old = client.get(f"/api/games/{game_id}").headers["etag"]
    assert client.get(f"/api/games/{game_id}", headers={"If-None-Match": old}).status_code == 304
    assert undo(client, game_id, token).status_code == 200
    act(client, game_id, token, cards[-1])  # the same version again (another card if two)
    polled = client.get(f"/api/games/{game_id}", headers={"If-None-Match": old})
    assert polled.status_code == 200 and polled.headers["etag"] != old


def test_issue21_11_an_older_database_gets_the_undo_column(database_url: str) -> None:
    """A database of an earlier bitva (no `undo` column) is upgraded at start-up: its games
    read back with the default (NULL), so the table's undo follows who plays."""
    engine = make_engine(database_url)
    store = GameStore(engine)
    new_game(store)  # seat 1 a person, seat 2 a friend's invitation
    with engine.begin() as connection:
        connection.exec_driver_sql("ALTER TABLE server_games DROP COLUMN undo")
    upgraded = GameStore(engine)
    assert "server_games.undo added (existing games: the default)" in upgraded.upgraded
    loaded = upgraded.load("g1")
    assert loaded is not None and loaded.undo is None
    assert table_default(loaded.seats) is False  # two people: off
    assert GameStore(engine).upgraded == []  # once


def test_issue21_11_a_replay_after_an_undo_shows_the_move_played_instead(
    client: TestClient,
) -> None:
    """A replay is kept per game version; after an undo the same version comes again for
    another position, so the replay asked then shows the card played instead, not the card
    taken back."""
    for _ in range(20):  # the deal is random on the server: a hand of two different cards
        created = create(client, DC, options={"seats": 2})
        game_id, token = created["game"]["id"], created["token"]
        legal = read(client, game_id, token)["legal_actions"]
        cards = sorted({a for a in legal if a.startswith("play ")})
        if len(cards) >= 2:
            break
    else:
        raise AssertionError("every hand held two equal cards")
    first, second = cards[0], cards[-1]

    def last_card() -> Any:
        answer = client.get(f"/api/games/{game_id}/replay", headers=auth(token))
        assert answer.status_code == 200, answer.text
        events = [e for step in answer.json()["steps"] for e in step["events"]]
        return [e["card"] for e in events if e["kind"] == "played"][-1]

    act(client, game_id, token, first)
    assert last_card() == int(first.split()[1])
    assert undo(client, game_id, token).status_code == 200
    act(client, game_id, token, second)
    assert last_card() == int(second.split()[1])
