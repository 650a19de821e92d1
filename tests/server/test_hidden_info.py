"""Invariant 3 over the API, with Lords of War: no response or message for a seat ever holds the
other seat's hand (beyond the cards the rules show), nor any deck order, nor the seed, nor the
text of a chance step (the card dealt). (The test game's hidden hands: test_dice_cards.py.)

Whole games are played through the REST API with three WebSockets open (seat 1, seat 2, a
spectator). Every response and message is collected per reader. The spectator's messages define
what is public; a seat may also see its own hand (as the server's state holds it). Every card
reference in a seat's messages must be public or its own hand, past or present; every card in a
spectator's message must have been on the board, in a pile or shown. Keys that could carry
secrets (seed, deck, digests, token hashes) never appear anywhere.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from bitva.games.lords_of_war.catalogue import load_army
from tests.server.helpers import (
    LW,
    TestClient,
    auth,
    create,
    friend_game,
    secret_keys,
    strings_and_keys,
)

STEP_LIMIT = 400


def army_refs(army: str) -> set[str]:
    return {card.ref for card in load_army(army).cards}


@dataclass
class Reader:
    seat: int | None
    token: str | None
    inbox: list[Any] = field(default_factory=list)
    hands: set[str] = field(default_factory=set)  # every card this seat ever held


def true_hand(client: TestClient, game_id: str, seat: int) -> set[str]:
    state = client.app.state.service._games[game_id].state  # type: ignore[attr-defined]
    return {state.static.card_of(seat << 8 | c).ref for c in state.hand[seat]}


def true_public(client: TestClient, game_id: str) -> set[str]:
    """Cards that anybody may know now: the board, the piles, the hands shown (LW-6.5,
    LW-9.1b)."""
    state = client.app.state.service._games[game_id].state  # type: ignore[attr-defined]
    refs = {state.static.card_of(u).ref for u in state.board.values()}
    for seat in (1, 2):
        refs |= {state.static.card_of(u).ref for u in state.pile[seat]}
        refs |= {state.static.card_of(seat << 8 | c).ref for c in state.known[seat]}
    for reveal in state.reveals:
        refs |= set(reveal["cards"])
    return refs


class Checker:
    def __init__(self, client: TestClient, game_id: str, armies: tuple[str, str]) -> None:
        self.client = client
        self.game_id = game_id
        self.refs = {1: army_refs(armies[0]), 2: army_refs(armies[1])}
        assert not self.refs[1] & self.refs[2], "use two different armies"
        self.public: set[str] = set()  # what the spectator has seen so far
        self.ever_public: set[str] = set()  # what the server says anybody could know
        self.checked = 0

    def step(self, readers: list[Reader]) -> None:
        """Check every message collected since the last step, the spectator's first."""
        self.ever_public |= true_public(self.client, self.game_id)
        for reader in readers:
            if reader.seat is not None:
                reader.hands |= true_hand(self.client, self.game_id, reader.seat)
        for reader in sorted(readers, key=lambda r: r.seat is not None):
            for message in reader.inbox:
                self.check(reader, message)
            reader.inbox.clear()

    def check(self, reader: Reader, message: Any) -> None:
        self.checked += 1
        strings, keys = strings_and_keys(message)
        leaked = secret_keys(message)
        assert not leaked, (reader.seat, leaked)
        assert not [text for text in strings if text.startswith("deal ")], "a chance step's text"
        found = (strings | keys) & (self.refs[1] | self.refs[2])
        if reader.seat is None:
            assert found <= self.ever_public, (found - self.ever_public, message)
            self.public |= found
            self._no_hands(message, None)
            return
        own, other = reader.seat, 3 - reader.seat
        assert found & self.refs[other] <= self.public, (
            f"seat {own} saw hidden cards of seat {other}: "
            f"{sorted(found & self.refs[other] - self.public)}"
        )
        assert found & self.refs[own] <= self.public | reader.hands, (
            f"seat {own} saw cards of its own deck: "
            f"{sorted(found & self.refs[own] - self.public - reader.hands)}"
        )
        self._no_hands(message, reader.seat)

    def _no_hands(self, message: Any, seat: int | None) -> None:
        """No `players[other].hand`, and no `cards` in another seat's `drew` event."""
        if isinstance(message, dict):
            players = message.get("players")
            if isinstance(players, dict):
                for key, entry in players.items():
                    if str(key) != str(seat) and isinstance(entry, dict):
                        assert "hand" not in entry, (seat, key)
            if message.get("kind") == "drew" and message.get("player") != seat:
                assert "cards" not in message, (seat, message)
            for value in message.values():
                self._no_hands(value, seat)
        elif isinstance(message, list):
            for value in message:
                self._no_hands(value, seat)


def collect(reader: Reader, response: Any) -> dict[str, Any]:
    body = response.json()
    reader.inbox.append(body)
    data: dict[str, Any] = body
    return data


def play_and_check(client: TestClient, options: dict[str, Any], seed: int) -> int:
    game = friend_game(client, **options)
    checker = Checker(client, game.id, (options["armies"][0], options["armies"][1]))
    readers = {
        1: Reader(1, game.tokens[1], [game.created]),
        2: Reader(2, game.tokens[2], [game.joined]),
        None: Reader(None, None),
    }
    rng = random.Random(seed)
    url = f"/api/games/{game.id}"
    with (
        client.websocket_connect(f"{url}/ws") as ws1,
        client.websocket_connect(f"{url}/ws") as ws2,
        client.websocket_connect(f"{url}/ws") as ws0,
    ):
        sockets = {1: ws1, 2: ws2, None: ws0}
        for seat, ws in sockets.items():
            ws.send_text(json.dumps({"type": "hello", "token": readers[seat].token}))
            readers[seat].inbox.append(json.loads(ws.receive_text()))
        checker.step(list(readers.values()))
        steps = 0
        while steps < STEP_LIMIT:
            public = collect(readers[None], client.get(url))
            mover = public["game"]["to_move"]
            if mover is None:
                break
            seat_view = collect(readers[mover], client.get(url, headers=auth(game.tokens[mover])))
            if seat_view["view"]["phase"] in ("challenge", "deploy"):
                assert "placements" in seat_view["analyses"]
                collect(
                    readers[mover],
                    client.post(f"{url}/analysis/placements", headers=auth(game.tokens[mover])),
                )
                refused = client.post(
                    f"{url}/analysis/placements", headers=auth(game.tokens[3 - mover])
                )
                assert refused.status_code == 409
                collect(readers[3 - mover], refused)
            before = public["game"]["version"]
            action = rng.choice(seat_view["legal_actions"])
            wrong = client.post(  # the other seat tries the same action: refused, nothing leaks
                f"{url}/actions", headers=auth(game.tokens[3 - mover]), json={"action": action}
            )
            assert wrong.status_code == 409
            collect(readers[3 - mover], wrong)
            response = client.post(
                f"{url}/actions", headers=auth(game.tokens[mover]), json={"action": action}
            )
            assert response.status_code == 200, response.text
            collect(readers[mover], response)
            for seat, ws in sockets.items():
                readers[seat].inbox.append(json.loads(ws.receive_text()))
            version = response.json()["version"]
            assert version > before
            for seat in (1, 2, None):
                token = readers[seat].token
                collect(readers[seat], client.get(url, headers=auth(token)))
                collect(
                    readers[seat],
                    client.get(f"{url}/log?since={before}", headers=auth(token)),
                )
            checker.step(list(readers.values()))
            steps += 1
    for seat in (1, 2, None):
        token = readers[seat].token
        collect(readers[seat], client.get(f"{url}/log", headers=auth(token)))
        collect(readers[seat], client.get(f"{url}/replay", headers=auth(token)))
        collect(readers[seat], client.get("/api/games"))
    checker.step(list(readers.values()))
    assert checker.checked > steps * 6
    return steps


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        ({"armies": ["orcs", "dwarves"]}, 1),
        ({"armies": ["elves", "lizardmen"], "advanced": True}, 2),
        (
            {
                "armies": ["dwarves", "elves"],
                "advanced": True,
                "borderless": True,
                "units_to_win": 12,
            },
            3,
        ),
    ],
)
def test_no_response_or_message_leaks_hidden_cards(
    client: TestClient, options: dict[str, Any], seed: int
) -> None:
    steps = play_and_check(client, options, seed)
    assert steps > 10
    assert client.get("/api/games?limit=1").json()["games"][0]["status"] == "over"


def test_a_game_against_the_ai_leaks_nothing_to_the_person(client: TestClient) -> None:
    data = create(
        client,
        LW,
        opponents=[{"kind": "ai", "level": "greedy"}],
        seat=2,
        options={"armies": ["lizardmen", "orcs"], "units_to_win": 8},
    )
    game_id, token = data["game"]["id"], data["token"]
    checker = Checker(client, game_id, ("lizardmen", "orcs"))
    person = Reader(2, token, [data])
    spectator = Reader(None, None)
    rng = random.Random(9)
    url = f"/api/games/{game_id}"
    with (
        client.websocket_connect(f"{url}/ws") as mine,
        client.websocket_connect(f"{url}/ws") as watching,
    ):
        mine.send_text(json.dumps({"type": "hello", "token": token}))
        watching.send_text(json.dumps({"type": "hello"}))
        for _ in range(STEP_LIMIT):
            message = json.loads(mine.receive_text())
            person.inbox.append(message)
            while True:  # the spectator hears the same updates
                seen = json.loads(watching.receive_text())
                spectator.inbox.append(seen)
                if seen.get("version") == message.get("version") and seen["type"] != "thinking":
                    break
                if message["type"] == "thinking":
                    break
            checker.step([spectator, person])
            if message["type"] == "thinking":
                continue
            view = message["view"]
            if view["outcome"] is not None:
                break
            if view["to_move"] == 2 and message.get("version") == view_version(client, url):
                action = rng.choice(message["legal_actions"])
                response = client.post(
                    f"{url}/actions",
                    headers=auth(token),
                    json={"action": action, "version": message["version"]},
                )
                assert response.status_code == 200, response.text
                person.inbox.append(response.json())
        else:
            raise AssertionError("the game did not end")
    checker.step([spectator, person])


def view_version(client: TestClient, url: str) -> int:
    version: int = client.get(url).json()["game"]["version"]
    return version
