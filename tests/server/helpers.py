"""Helpers for the server tests: an app on a temporary database (SQLite or PostgreSQL), seats
with their tokens, and games played by random legal actions through the API."""

from __future__ import annotations

import json
import random
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bitva.server import ServerConfig, create_app

with warnings.catch_warnings():  # starlette's TestClient warns about httpx; it works
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

__all__ = ["TestClient", "auth", "create", "friend_game", "make_client", "play_one", "read"]

LW = "lords-of-war"
DC = "dice-cards"  # the test game (tests/games/dice_cards)

# keys that could carry a secret; "deck" may only ever hold a count
FORBIDDEN_KEYS = frozenset(("seed", "rng", "digest", "digests", "token_hash", "invite_hash"))


def secret_keys(value: Any) -> list[str]:
    """Keys of a JSON value that could carry a secret: the seed, the RNG, digests, token
    hashes, or a deck that is not just a number of cards."""
    found: list[str] = []

    def walk(item: Any) -> None:
        if isinstance(item, dict):
            for key, sub in item.items():
                if key in FORBIDDEN_KEYS or (key in ("deck", "decks") and not _count(sub)):
                    found.append(str(key))
                walk(sub)
        elif isinstance(item, list | tuple):
            for sub in item:
                walk(sub)

    walk(value)
    return found


def _count(value: Any) -> bool:
    return value is None or (isinstance(value, int) and not isinstance(value, bool))


def make_client(db: Path | str, **config: Any) -> TestClient:
    """An app on `db` (a SQLite file, or a database URL). Its TestClient's address is not held
    to the per-client limits (test_limits.py and test_abuse.py test those)."""
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    settings: dict[str, Any] = {
        "db_url": url,
        "ai_executor": "thread",
        "allowed_hosts": ("testserver",),
        "unlimited_clients": ("testclient",),
    }
    settings.update(config)
    return TestClient(create_app(ServerConfig(**settings)))


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


@dataclass
class FriendGame:
    id: str
    tokens: dict[int, str]
    created: dict[str, Any]
    joined: dict[str, Any]


def create(client: TestClient, game: str = LW, **body: Any) -> dict[str, Any]:
    """A new game (201 expected): `body` holds options, seat, opponents, name."""
    response = client.post("/api/games", json={"game": game, **body})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def friend_game(client: TestClient, game: str = LW, people: int = 2, **options: Any) -> FriendGame:
    """A game of `people` seats, all people: seat 1 creates it, every other seat joins with its
    own code."""
    body = {
        "opponents": [{"kind": "friend"}] * (people - 1),
        "seat": 1,
        "name": "Ann",
        "options": options,
    }
    data = create(client, game, **body)
    tokens = {1: data["token"]}
    joined: dict[str, Any] = {}
    for invite in data["invites"]:
        response = client.post(
            f"/api/games/{data['game']['id']}/join",
            json={"code": invite["join_code"], "name": f"Friend {invite['seat']}"},
        )
        assert response.status_code == 200, response.text
        joined = response.json()
        tokens[invite["seat"]] = joined["token"]
    return FriendGame(data["game"]["id"], tokens, data, joined)


def read(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}", headers=auth(token))
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def play_one(
    client: TestClient, game: FriendGame, rng: random.Random
) -> tuple[int, dict[str, Any]] | None:
    """Seat to move plays a random legal action; returns (seat, response) or None at the end."""
    state = read(client, game.id)
    seat = state["game"]["to_move"]
    if seat is None:
        return None
    legal = read(client, game.id, game.tokens[seat])["legal_actions"]
    action = rng.choice(legal)
    response = client.post(
        f"/api/games/{game.id}/actions",
        headers=auth(game.tokens[seat]),
        json={"action": action, "version": state["game"]["version"]},
    )
    assert response.status_code == 200, response.text
    return seat, response.json()


@dataclass
class Inbox:
    """Everything one seat (or a spectator) received."""

    messages: list[Any] = field(default_factory=list)

    def add(self, message: Any) -> Any:
        self.messages.append(message)
        return message


def strings_and_keys(value: Any) -> tuple[set[str], set[str]]:
    """Every string value and every dict key in a JSON value."""
    strings: set[str] = set()
    keys: set[str] = set()

    def walk(item: Any) -> None:
        if isinstance(item, dict):
            for key, sub in item.items():
                keys.add(str(key))
                walk(sub)
        elif isinstance(item, list | tuple):
            for sub in item:
                walk(sub)
        elif isinstance(item, str):
            strings.add(item)

    walk(value)
    return strings, keys


def as_json(text_or_value: Any) -> Any:
    return json.loads(text_or_value) if isinstance(text_or_value, str) else text_or_value


def events_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Every event of an answer or update that carries steps, in order."""
    return [event for step in data["steps"] for event in step["events"]]
