"""The BattleLore server adapter (issue 11 point 5): a client chooses shipped adventures by id
only (never a file path), the lobby lists the adventures in English and Czech, every view
carries the catalogue of names, and only the seat about to battle gets the odds of its attacks
(BL-4) with its view."""

from __future__ import annotations

import random

import pytest
from pydantic import ValidationError

from bitva.core.registry import get_game
from bitva.core.rng import Rng
from bitva.server.games import adapter_for
from bitva.server.games.battlelore import ADAPTER, BattleLoreOptionsIn


def test_the_adapter_is_found_by_the_game_name() -> None:
    assert adapter_for("battlelore") is ADAPTER
    assert ADAPTER.shared_view_keys == ("catalogue",)


@pytest.mark.parametrize("adventure", ["/etc/passwd", "../A01.toml", "A99", ""])
def test_an_adventure_is_a_shipped_id_never_a_path(adventure: str) -> None:
    with pytest.raises(ValidationError, match="unknown adventure"):
        BattleLoreOptionsIn(adventure=adventure)


def test_shipped_adventures_and_their_options() -> None:
    chosen = BattleLoreOptionsIn(adventure="a02", councils="custom", custom_levels=(5, 6))
    assert ADAPTER.engine_options(chosen)["adventure"] == "A02"
    with pytest.raises(ValidationError, match="1 to 10 levels"):
        BattleLoreOptionsIn(custom_levels=(0, 6))
    lobby = ADAPTER.lobby()["adventures"]
    assert [a["id"] for a in lobby][:2] == ["A01", "A02"]
    assert all(a["name"] and a["name_cs"] and a["description_cs"] for a in lobby)


def test_the_view_names_units_and_cards_in_both_languages() -> None:
    state = get_game("battlelore").new({"adventure": "A02"}, seed=1)
    catalogue = ADAPTER.view(state, 1)["catalogue"]
    assert catalogue["units"]["h_bf_sword"]["name"] == "Footmen"
    assert catalogue["units"]["h_bf_sword"]["name_cs"]
    longbow = catalogue["units"]["h_bf_longbow"]  # 2.3: blue foot, long bow
    assert (longbow["move"], longbow["move_battle"], longbow["melee"], longbow["range"]) == (
        2,
        1,
        3,
        5,
    )
    assert catalogue["units"]["h_bf_sword"]["range"] == 0
    assert catalogue["cards"]["WZ01"]["name"] == "Fire Bolt" and catalogue["cards"]["WZ01"]["cost"]
    assert catalogue["cards"]["WZ05"]["cost"] == "?"  # Dispel pays what was paid (5.2)
    assert catalogue["cards"]["PATROL_C"]["text_cs"]


def test_bl_4_only_the_seat_about_to_battle_gets_the_odds() -> None:
    game = get_game("battlelore")
    state = game.new({"adventure": "A01"}, seed=2)
    rng, dice = random.Random(2), Rng(2)
    for _ in range(5000):
        if state.is_chance:
            state.resolve_chance(dice)
            continue
        seat = state.current_player
        assert seat is not None
        if state.decision == "battle" and len(state.legal_actions()) > 1:
            break
        state.apply(rng.choice(state.legal_actions()))
    else:
        pytest.fail("no battle decision came")
    odds = ADAPTER.view(state, seat)["odds"]
    legal = {state.action_text(a) for a in state.legal_actions()}
    assert {f"battle {b['attacker']} {b['target']}" for b in odds} == legal - {"done"}
    assert all(0 <= b["p_eliminated"] <= 1 and b["dice"] >= 1 for b in odds)
    assert "odds" not in ADAPTER.view(state, 3 - seat)
    assert "odds" not in ADAPTER.view(state, None)
