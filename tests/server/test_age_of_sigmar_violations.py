"""Age of Sigmar refusals as data (issue 22 point 4: "refused with the reason"): a move's
violation keeps its English sentence for logs and terminals and carries a code with its
parameters (the unit, the model at fault, the model or feature it is about), so the browser
says it in the player's language with names, not coordinates (GEO-9, GEO-10, AOS-6.1)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from bitva.core.preview import Preview
from bitva.games.age_of_sigmar.battle.loader import builtin_battle_names
from bitva.games.age_of_sigmar.game import GAME
from bitva.server.games.age_of_sigmar import SETUPS
from tests.server.helpers import TestClient, auth, friend_game


def at_movement() -> Any:
    state = GAME.new({"battle": "1"})
    state.play(state.parse_action("first A"))
    state.play(state.parse_action("done"))
    assert state.rt.step == "movement"
    return state


def violation_of(state: Any, text: str) -> dict[str, Any]:
    found: Preview = state.preview(state.parse_action(text))
    assert not found.legal
    answer = found.to_json()["violation"]
    assert isinstance(answer, dict)
    return answer


def test_geo_9c_through_a_model_names_the_model_not_its_centre() -> None:
    # A1.1 at (24, 9) straight down through A2 (the Lord-Celestant at 24, 6)
    found = violation_of(at_movement(), "move A1 m1 24,9 24,3.5")
    assert found["code"] == "through_model"
    assert found["rule"] == "GEO-9c"
    assert found["params"]["unit"] == "A1"
    assert found["params"]["model"] == "A1.1"
    assert found["params"]["other"] == "A2.1"
    assert "24.000,6.000" in found["message"]  # the English sentence is kept for the logs


def test_geo_9a_too_long_gives_the_inches() -> None:
    found = violation_of(at_movement(), "move A1 m1 24,9 24,20")
    assert found["code"] == "too_long"
    assert found["params"]["allowance"] == 5.0
    assert found["params"]["length"] == 11.0


def test_aos_6_3_within_3_of_the_enemy_names_the_enemy_model() -> None:
    state = at_movement()
    enemy = state.rt.unit_by_id("B1").models[2]  # at (24, 38)
    assert enemy.pos == (24.0, 38.0)
    mover = state.rt.unit_by_id("A1").models[0]
    # the Liberator put 7" below the Bloodreaver; 2" up comes within 3" of its base
    unit = state.rt.unit_by_id("A1")
    models = (replace(mover, pos=(24.0, 31.0)), *unit.models[1:])
    state.rt = state.rt.with_unit(replace(unit, models=models))
    found = violation_of(state, "move A1 m1 24,31 24,34")
    assert found["code"] == "enemy_within_3"
    assert found["params"]["other"].startswith("B1.")
    assert found["params"]["model"] == "A1.1"


def test_aos_6_1_a_unit_moved_twice_has_a_code() -> None:
    state = at_movement()
    state.play(state.parse_action("move A1 m1 24,9 24,11"))
    found = violation_of(state, "move A1 m2 22,9 22,11")
    assert found["code"] == "already_moved"
    assert found["params"] == {"unit": "A1"}
    assert found["rule"] == "AOS-6.1"


def test_aos_1_9_a_unit_of_the_other_side_has_a_code() -> None:
    found = violation_of(at_movement(), "move B2 m1 24,42 24,41")
    assert found["code"] == "not_yours"
    assert found["params"] == {"unit": "B2"}


def test_the_preview_endpoint_passes_the_code_and_params(client: TestClient) -> None:
    game = friend_game(client, "age-of-sigmar", battle="starter_clash")
    for action in ("first A", "done"):
        response = client.post(
            f"/api/games/{game.id}/actions", headers=auth(game.tokens[1]), json={"action": action}
        )
        assert response.status_code == 200, response.text
    answer = client.post(
        f"/api/games/{game.id}/preview",
        headers=auth(game.tokens[1]),
        json={"action": "move A1 m1 24,9 24,3.5"},
    )
    assert answer.status_code == 200, answer.text
    violation = answer.json()["violation"]
    assert violation["code"] == "through_model"
    assert violation["params"] == {
        "unit": "A1",
        "model": "A1.1",
        "other": "A2.1",
        "at": [24.0, 6.0],
    }
    assert violation["rule"] == "GEO-9c"


def test_the_lobby_offers_every_shipped_setup_and_no_other() -> None:
    """The server's setups (its options model) and the browser form's list are the shipped
    battle files, so a new file cannot be left out of the lobby, nor a lobby entry lack its
    file."""
    assert sorted(SETUPS) == sorted(builtin_battle_names())
    form = Path(__file__).resolve().parents[2] / "src/bitva/web/games/age-of-sigmar/form.js"
    line = next(x for x in form.read_text().splitlines() if x.startswith("const SETUPS"))
    assert sorted(line.split("[", 1)[1].split("]")[0].replace('"', "").split(", ")) == sorted(
        SETUPS
    )
