"""AI seats: they play their moves off the event loop, on what their seat may see, survive a
restart, and never stall a game."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from bitva.core.chance import CHANCE
from bitva.core.registry import get_game
from bitva.server import ai
from tests.server.helpers import LW, TestClient, auth, create, make_client, read


def ai_game(client: TestClient, seat: int = 1, level: str = "random", **options: Any) -> Any:
    return create(
        client, LW, opponents=[{"kind": "ai", "level": level}], seat=seat, options=options
    )


def wait_for(client: TestClient, game_id: str, condition: Any, timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = read(client, game_id)
        if condition(state):
            return state
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting; the game stands at {read(client, game_id)['game']}")


def test_levels_follow_the_ai_package() -> None:
    from bitva.ai import AGENTS

    assert set(ai.levels()) == set(AGENTS)
    assert ai.levels()[0] == "random"
    assert ai.default_level() in AGENTS
    if "hard" in AGENTS:
        assert ai.default_level() == "hard"


def test_the_ai_plays_a_whole_game_against_random_moves(client: TestClient) -> None:
    created = ai_game(client, seat=2, units_to_win=4, commands_to_win=2)
    game_id, token = created["game"]["id"], created["token"]
    rng = random.Random(4)
    for _ in range(300):
        state = wait_for(
            client,
            game_id,
            lambda s: s["game"]["outcome"] is not None or s["game"]["to_move"] == 2,
        )
        if state["game"]["outcome"] is not None:
            break
        legal = read(client, game_id, token)["legal_actions"]
        response = client.post(
            f"/api/games/{game_id}/actions",
            headers=auth(token),
            json={"action": rng.choice(legal), "version": state["game"]["version"]},
        )
        assert response.status_code == 200, response.text
    else:
        raise AssertionError("the game did not end")
    final = read(client, game_id)
    assert final["game"]["status"] == "over"
    log = client.get(f"/api/games/{game_id}/log").json()
    assert {entry["seat"] for entry in log["entries"]} == {1, 2, CHANCE}


def test_the_ai_chooses_on_what_its_seat_may_see(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[dict[str, Any], dict[str, Any]]] = []
    real = ai.choose_action

    def spy(game: str, level: str, seed: int, state_json: dict[str, Any]) -> str:
        service = client.app.state.service  # type: ignore[attr-defined]
        truth = next(iter(service._games.values())).state
        seen.append((state_json, truth.to_json()))
        return real(game, level, seed, state_json)

    monkeypatch.setattr(ai, "choose_action", spy)
    created = ai_game(client, seat=2, level="greedy")
    wait_for(client, created["game"]["id"], lambda s: s["game"]["to_move"] == 2)
    assert seen, "the AI never thought"
    game = get_game("lords-of-war")
    for given, truth in seen:
        state, real_state = game.state_from_json(given), game.state_from_json(truth)
        seat = real_state.current_player
        assert seat == 1
        assert state.view(1) == real_state.view(1)  # all it knows, exactly
        assert given["rng"] != truth["rng"]  # but not the future
        assert given != truth


def test_a_failing_agent_does_not_stall_the_game(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai, "choose_action", lambda *args: "not an action")
    created = ai_game(client, seat=2)
    state = wait_for(client, created["game"]["id"], lambda s: s["game"]["to_move"] == 2)
    placed = [e for e in client.get(f"/api/games/{state['game']['id']}/log").json()["entries"]]
    assert [e["seat"] for e in placed if e["seat"] != CHANCE] == [1]  # played anyway


def test_an_unknown_level_is_refused(client: TestClient) -> None:
    response = client.post(
        "/api/games", json={"game": LW, "opponents": [{"kind": "ai", "level": "nobody"}]}
    )
    assert response.status_code == 422
    assert response.json()["error"].startswith("the AI level of seat 2 is unknown")


def test_issue22_every_level_plays_a_parametric_game(client: TestClient) -> None:
    """The searches play a game whose actions are checked, not listed, by progressive widening
    (issue 22): the test game Long Jump is offered every level, `hard` by default, and its AI seat
    jumps (the wind die, LJ-5, follows)."""
    meta = {g["name"]: g for g in client.get("/api/meta").json()["games"]}
    assert meta["long-jump"]["levels"] == meta[LW]["levels"] == ai.levels()
    assert meta["long-jump"]["default_level"] == "hard"
    created = create(
        client,
        "long-jump",
        opponents=[{"kind": "ai", "level": "medium"}],
        seat=2,
        options={"track": 5},
    )
    game_id = created["game"]["id"]
    wait_for(client, game_id, lambda s: s["game"]["to_move"] == 2)
    entries = client.get(f"/api/games/{game_id}/log").json()["entries"]
    assert [e["seat"] for e in entries] == [1, CHANCE]


def test_the_ai_resumes_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    with make_client(db, ai_delay=30.0) as first:  # the AI waits: the server stops first
        created = ai_game(first, seat=2)
        game_id = created["game"]["id"]
        assert read(first, game_id)["game"]["to_move"] == 1
    with make_client(db) as second:  # nobody asks anything: the AI moves by itself
        deadline = time.monotonic() + 20
        service = second.app.state.service  # type: ignore[attr-defined]
        while time.monotonic() < deadline and service.ai.tasks:
            time.sleep(0.02)
        state = read(second, game_id)
        assert state["game"]["version"] > created["game"]["version"]
        assert state["game"]["to_move"] == 2


def test_ai_moves_run_in_a_worker_process(tmp_path: Path) -> None:
    with make_client(tmp_path / "db.sqlite3", ai_executor="process") as client:
        created = ai_game(client, seat=2, level="greedy")
        state = wait_for(
            client, created["game"]["id"], lambda s: s["game"]["to_move"] == 2, timeout=60
        )
        assert state["game"]["version"] == created["game"]["version"] + 2  # a card, a deal
