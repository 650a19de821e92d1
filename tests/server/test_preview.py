"""Issue 22 on the server: `POST /api/games/{id}/preview` and the WebSocket's `preview` message
(the seat to move only, on what it knows), long actions (a 20-model unit's paths) under a cap
that still holds, and analyses that take parameters."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field

from bitva.core import Analysis, State
from bitva.server.config import Rate
from bitva.server.models import ACTION_LENGTH
from tests.games.dice_cards import GAME as DICE_CARDS
from tests.games.long_jump import GAME as LONG_JUMP
from tests.games.long_jump import Jump, LongJump, parse
from tests.server.helpers import DC, TestClient, auth, friend_game, make_client, read

LJ = "long-jump"


def preview(client: TestClient, game_id: str, token: str | None, action: str, **more: Any) -> Any:
    return client.post(
        f"/api/games/{game_id}/preview", headers=auth(token), json={"action": action, **more}
    )


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    message: dict[str, Any] = json.loads(ws.receive_text())
    assert message["type"] == "welcome"
    return message


def ask(ws: Any, message: dict[str, Any]) -> dict[str, Any]:
    ws.send_text(json.dumps(message))
    answer: dict[str, Any] = json.loads(ws.receive_text())
    return answer


def unit_paths(models: int = 20, points: int = 6) -> str:
    """A move of a whole unit as Age of Sigmar's actions will write it: every model's path,
    each point "(xx.xxx,yy.yyy)" (GEO-9), models apart by "; "."""
    path = " ".join("(12.345,23.456)" for _ in range(points))
    return "move A1 " + "; ".join(f"m{model} {path}" for model in range(1, models + 1))


# -- the endpoint --------------------------------------------------------------------------


def test_preview_endpoint_refuses_a_foul_before_it_is_played_lj_3(client: TestClient) -> None:
    game = friend_game(client, LJ, track=5)
    response = preview(client, game.id, game.tokens[1], "jump 0.30")
    assert response.status_code == 200, response.text
    assert response.json() == {
        "version": 0,
        "seat": 1,
        "legal": False,
        "violation": {
            "message": "landing at 0.30 is within 0.50 of the other jumper (at 0.00)",
            "rule": "LJ-3",
            "code": None,
            "params": {},
        },
        "facts": {"landing": 0.3, "other_jumper": 0.0, "distance_to_other": 0.3, "finishes": False},
    }
    legal = preview(client, game.id, game.tokens[1], "jump 1.20", version=0).json()
    assert legal["legal"] is True and legal["violation"] is None
    assert legal["facts"]["landing"] == 1.2
    assert read(client, game.id)["game"]["version"] == 0  # a preview changes nothing


def test_preview_matches_what_the_move_answers(client: TestClient) -> None:
    game = friend_game(client, LJ, track=5)
    seen = preview(client, game.id, game.tokens[1], "jump 0.40").json()["violation"]
    played = client.post(
        f"/api/games/{game.id}/actions", headers=auth(game.tokens[1]), json={"action": "jump 0.40"}
    )
    assert played.status_code == 409
    assert played.json() == {"error": seen["message"], "rule": seen["rule"]}


def test_preview_of_unreadable_text_is_a_clear_400_without_the_text(client: TestClient) -> None:
    game = friend_game(client, LJ)
    response = preview(client, game.id, game.tokens[1], "hop 0.75 secret-words")
    assert response.status_code == 400
    assert response.json()["error"].startswith("cannot read")
    assert "secret-words" not in response.text
    bad = preview(client, game.id, game.tokens[1], "jump \x1b[31m1")
    assert bad.status_code == 422 and "control characters" in bad.json()["error"]


def test_only_the_seat_to_move_may_preview(client: TestClient) -> None:
    game = friend_game(client, LJ)
    spectator = preview(client, game.id, None, "jump 1")
    assert spectator.status_code == 401
    other = preview(client, game.id, game.tokens[2], "jump 1")
    assert other.status_code == 409 and "not your turn" in other.json()["error"]
    stranger = preview(client, game.id, "not-a-token-of-this-game", "jump 1")
    assert stranger.status_code == 403
    stale = preview(client, game.id, game.tokens[1], "jump 1", version=7)
    assert stale.status_code == 409 and "moved on" in stale.json()["error"]
    assert preview(client, "nosuchgame", game.tokens[1], "jump 1").status_code == 404


def test_no_preview_while_a_friend_has_not_joined(client: TestClient) -> None:
    made = client.post(
        "/api/games", json={"game": LJ, "opponents": [{"kind": "friend"}], "seat": 1}
    ).json()
    response = preview(client, made["game"]["id"], made["token"], "jump 1")
    assert response.status_code == 409 and "waiting" in response.json()["error"]


def test_previews_have_their_own_rate(db_file: Any) -> None:
    with make_client(db_file, preview_rate=Rate(burst=2, per_minute=1), unlimited_clients=()) as c:
        game = friend_game(c, LJ)
        answers = [preview(c, game.id, game.tokens[1], "jump 1").status_code for _ in range(3)]
        assert answers == [200, 200, 429]


# -- hidden information: the seat's determinization -----------------------------------------


def test_preview_of_a_hidden_information_game_reads_only_what_the_seat_knows(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = friend_game(client, DC)
    mover = read(client, game.id)["game"]["to_move"]
    seat_view = read(client, game.id, game.tokens[mover])
    seen: list[State[Any]] = []
    state_type = type(DICE_CARDS.new())
    original = state_type.preview

    def spy(self: Any, action: Any) -> Any:
        seen.append(self)
        return original(self, action)

    monkeypatch.setattr(state_type, "preview", spy)
    for action in seat_view["legal_actions"]:
        answer = preview(client, game.id, game.tokens[mover], action).json()
        assert answer["legal"] is True and answer["facts"] == {}  # the default preview
    live = client.app.state.service._games[game.id].state  # type: ignore[attr-defined]
    assert seen and all(state is not live for state in seen)
    for state in seen:  # what the seat knows, and nothing of the live state's future
        assert state.information_state_string(mover) == live.information_state_string(mover)
        assert state.rng.state != live.rng.state


# -- the WebSocket -------------------------------------------------------------------------


def test_websocket_preview_is_answered_by_preview_result_with_its_id(client: TestClient) -> None:
    game = friend_game(client, LJ, track=5)
    with client.websocket_connect(f"/api/games/{game.id}/ws") as ws:
        hello(ws, game.tokens[1])
        foul = ask(ws, {"type": "preview", "action": "jump 0.3", "id": 7})
        assert foul["type"] == "preview_result" and foul["id"] == 7
        assert foul["legal"] is False and foul["violation"]["rule"] == "LJ-3"
        assert foul["facts"]["distance_to_other"] == 0.3
        fine = ask(ws, {"type": "preview", "action": "jump 1", "id": 8, "version": 0})
        assert (fine["id"], fine["legal"], fine["violation"]) == (8, True, None)
        unreadable = ask(ws, {"type": "preview", "action": "hop", "id": 9})
        assert unreadable["id"] == 9 and unreadable["status"] == 400
        assert unreadable["error"].startswith("cannot read")
        long = ask(ws, {"type": "preview", "action": "x" * (ACTION_LENGTH + 1), "id": 10})
        assert long["id"] == 10 and long["status"] == 422 and "action" in long["error"]
        # previews do not use up the socket's allowance of a burst of 20 messages
        for number in range(30):
            assert ask(ws, {"type": "preview", "action": "jump 1", "id": number})["legal"]
        assert ask(ws, {"type": "ping"}) == {"type": "pong"}


def test_websocket_preview_of_a_spectator_or_another_seat_is_refused(client: TestClient) -> None:
    game = friend_game(client, LJ)
    with (
        client.websocket_connect(f"/api/games/{game.id}/ws") as watcher,
        client.websocket_connect(f"/api/games/{game.id}/ws") as two,
    ):
        hello(watcher, None)
        hello(two, game.tokens[2])
        refused = ask(watcher, {"type": "preview", "action": "jump 1", "id": 1})
        assert refused["status"] == 401 and "legal" not in refused
        waiting = ask(two, {"type": "preview", "action": "jump 1", "id": 2})
        assert waiting["status"] == 409 and "not your turn" in waiting["error"]


# -- long actions --------------------------------------------------------------------------


def test_the_cap_fits_a_twenty_model_unit_with_room_to_spare() -> None:
    text = unit_paths()
    assert 2_000 < len(text) < ACTION_LENGTH / 3  # about 2,100 characters of 8,000


def test_a_long_action_is_accepted_and_an_over_long_one_refused(client: TestClient) -> None:
    game = friend_game(client, LJ)
    length = len(unit_paths())
    long_jump = "jump" + " " * (length - len("jump1.50")) + "1.50"  # LJ reads any spacing
    assert len(long_jump) == length and parse(long_jump) == Jump(150)
    assert preview(client, game.id, game.tokens[1], long_jump).json()["legal"] is True
    played = client.post(
        f"/api/games/{game.id}/actions", headers=auth(game.tokens[1]), json={"action": long_jump}
    )
    assert played.status_code == 200, played.text
    unreadable = preview(client, game.id, game.tokens[2], unit_paths())
    assert unreadable.status_code == 400  # read by the engine (no game here moves units)
    assert "12.345" not in unreadable.text
    too_long = "jump" + " " * (ACTION_LENGTH - len("jump1.5") + 1) + "1.5"
    assert len(too_long) == ACTION_LENGTH + 1
    for url in ("actions", "preview"):
        response = client.post(
            f"/api/games/{game.id}/{url}", headers=auth(game.tokens[2]), json={"action": too_long}
        )
        assert response.status_code == 422
        assert response.json()["error"] == (
            f"invalid request: body.action: String should have at most {ACTION_LENGTH} characters"
        )
    meta = client.get("/api/meta").json()
    assert meta["limits"]["action_length"] == ACTION_LENGTH


# -- analyses with parameters --------------------------------------------------------------


class Landing(BaseModel):
    model_config = ConfigDict(extra="forbid")

    jump: float = Field(gt=0, le=1.5, description="a jump in metres")


def landing(state: Any, seat: int | None, params: Landing) -> dict[str, Any]:
    """Where a jump of `params.jump` would land, and whether it is legal (LJ-3)."""
    found = state.preview(parse(f"jump {params.jump:.2f}"))
    return {"legal": found.legal, **found.facts}


PARAMETRIC = Analysis(
    "landing", "Landing", "where a jump lands", landing, to_move_only=True, parameters=Landing
)


@pytest.fixture
def parametric(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Long Jump offering a parametric analysis for these tests only (its module offers none)."""
    monkeypatch.setattr(
        LongJump, "analyses", property(lambda self: {"landing": PARAMETRIC}), raising=False
    )
    yield


def analyse(client: TestClient, game_id: str, token: str | None, body: Mapping[str, Any]) -> Any:
    url = f"/api/games/{game_id}/analysis/landing"
    return client.post(url, headers=auth(token), json=dict(body))


def test_an_analysis_takes_parameters_through_the_endpoint(
    parametric: None, client: TestClient
) -> None:
    assert LONG_JUMP.analyses["landing"] is PARAMETRIC
    game = friend_game(client, LJ, track=5)
    short = analyse(client, game.id, game.tokens[1], {"parameters": {"jump": 0.3}})
    assert short.status_code == 200, short.text
    assert short.json()["result"]["legal"] is False
    far = analyse(client, game.id, game.tokens[1], {"parameters": {"jump": 1.5}}).json()
    assert far["result"] == {
        "legal": True,
        "landing": 1.5,
        "other_jumper": 0.0,
        "distance_to_other": 1.5,
        "finishes": False,
    }
    missing = analyse(client, game.id, game.tokens[1], {})
    assert missing.status_code == 422 and "parameters.jump" in missing.json()["error"]
    wrong = analyse(client, game.id, game.tokens[1], {"parameters": {"jump": 9}})
    assert wrong.status_code == 422 and "less than or equal to 1.5" in wrong.json()["error"]


def test_meta_gives_an_analysis_its_parameters_schema(parametric: None, db_file: Any) -> None:
    from bitva.server.meta import game_meta

    game_meta.cache_clear()  # built once per game: this test changes what Long Jump offers
    try:
        with make_client(db_file) as fresh:
            games = {g["name"]: g for g in fresh.get("/api/meta").json()["games"]}
    finally:
        game_meta.cache_clear()
    (offered,) = games[LJ]["analyses"]
    assert offered["parameters"]["properties"]["jump"]["maximum"] == 1.5
    odds = games[DC]["analyses"][0]
    assert odds["parameters"] is None


def test_an_analysis_without_parameters_works_unchanged_and_refuses_some(
    client: TestClient,
) -> None:
    game = friend_game(client, DC)
    mover = read(client, game.id)["game"]["to_move"]
    name = next(iter(DICE_CARDS.analyses))
    url = f"/api/games/{game.id}/analysis/{name}"
    plain = client.post(url, headers=auth(game.tokens[mover]))
    assert plain.status_code == 200, plain.text
    empty = client.post(url, headers=auth(game.tokens[mover]), json={"parameters": {}})
    assert empty.json()["result"] == plain.json()["result"]
    extra = client.post(url, headers=auth(game.tokens[mover]), json={"parameters": {"unit": 1}})
    assert extra.status_code == 422
    assert "takes no parameters" in extra.json()["error"]
