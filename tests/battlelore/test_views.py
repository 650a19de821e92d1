"""What a seat sees (docs/battlelore.md, "The view") and determinizations."""

from __future__ import annotations

import json

from bitva.core import Rng
from bitva.games.battlelore.field.board import hex_of
from bitva.games.battlelore.game import GAME
from bitva.games.battlelore.state import BattleLoreState


def started(seed: int = 2) -> BattleLoreState:
    state = GAME.new({"adventure": "A01"}, seed)
    state.resolve_chance(Rng(seed))
    return state


def test_the_view_has_the_documented_shape() -> None:
    state = started()
    view = state.view(1)
    for key in ("adventure", "turn", "active", "decision", "to_act", "terrain", "landmarks",
                "units", "sides", "pool", "command_deck", "lore_deck", "command_discard",
                "lore_discard", "played", "winner"):  # fmt: skip
        assert key in view, key
    assert view["adventure"] == {
        "id": "A01",
        "name": "The Brook Crossing",
        "lore": False,
        "victory_banners": 4,
    }
    assert view["terrain"]["G5"] == "bridge" and view["units"][0]["hex"] == "B2"
    json.dumps(view)


def test_a_seat_sees_its_own_hand_and_the_other_hands_size_only() -> None:
    state = started()
    mine = state.view(1)["sides"]
    assert isinstance(mine["1"]["command_hand"], list) and mine["2"]["command_hand"] == 4
    spectator = state.view(None)["sides"]
    assert spectator["1"]["command_hand"] == 4 and spectator["2"]["command_hand"] == 4


def test_determinize_redeals_the_other_hand_from_the_unseen_cards() -> None:
    state = started()
    seen = set()
    for k in range(6):
        other = state.determinize(1, Rng(k))
        assert other.view(1) == state.view(1)
        assert other.hands[1] == state.hands[1]
        total = dict(other.deck)
        for card in other.hands[2]:
            total[card] = total.get(card, 0) + 1
        expected = dict(state.deck)
        for card in state.hands[2]:
            expected[card] = expected.get(card, 0) + 1
        assert total == expected
        seen.add(tuple(sorted(other.hands[2])))
    assert len(seen) > 1


def test_a_battle_in_progress_is_in_the_view() -> None:
    from tests.battlelore.engine_helpers import play, scene

    state = scene(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "A9", 2))
    play(state, "battle F4 F5", "roll F F R S")
    battle = state.view(2)["battle"]
    assert battle["attacker"] == "F4" and battle["faces"] == ["R", "F", "F", "S"]
    assert battle["kind"] == "melee" and battle["dice"] == 4


def test_bl_10_4_the_view_names_a_rushing_goblins_target_by_its_hex() -> None:
    """A rushing goblin's `rush_target` is the hex of the enemy it must battle, where that
    enemy stands; once the enemy is gone it is None (the goblin battles no one, T-19)."""
    from tests.battlelore.engine_helpers import play, scene

    state = scene(
        ("d_bf_sword", "F4", 1),
        ("h_bf_sword", "A1", 1),
        ("g_bf_sword", "F7", 2),
        ("h_rm_lance", "G5", 2),
        active=2,
        phase="move",
        ordered=("F7", "G5"),
    )
    play(state, "rush F7 F5 at F4")
    rushing = {u["hex"]: u["rush_target"] for u in state.view(1)["units"]}
    assert rushing == {"F4": None, "A1": None, "F5": "F4", "G5": None}
    play(state, "done", "battle G5 F4", "roll B B B B")
    assert state.field.unit_at(hex_of("F4")) is None
    assert [u["rush_target"] for u in state.view(None)["units"]] == [None, None, None]
