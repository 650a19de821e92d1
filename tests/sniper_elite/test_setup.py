"""Set-up (SE-4): EX-1, EX-2, the starting stack and bag, equipment without duplicates (D-32),
the objective redraw and the entry choice as the player's decisions."""

from __future__ import annotations

import json

from bitva.games.sniper_elite import GAME, GameState
from bitva.games.sniper_elite.setup import starting_defenders
from tests.sniper_elite.helpers import GEO, settle, where


def set_up(options: dict[str, object] | None = None, *outcomes: str) -> tuple[GameState, list[str]]:
    state = GAME.new(options or {}, seed=5)
    texts = []
    for event in settle(state, *outcomes):
        texts.append(json.dumps(event.for_seat(1)))
    return state, texts


def test_ex_1_se_4_3_se_4_4_setup_counts() -> None:
    state, events = set_up()
    assert len(state.box) == 3
    assert sum(1 for c in state.box if state.content.order(c).urgent) == 1
    assert [s is not None for s in state.slots] == [True, True, True]
    assert [s[1] for s in state.slots if s is not None] == [True, True, False]
    assert len(state.deck) == 9
    assert sum(1 for c in state.deck if state.content.order(c).urgent) == 3
    hidden = [*state.box, state.slots[2][0]]  # type: ignore[index]
    seen = json.dumps(state.view(1)) + json.dumps(state.view(None)) + "".join(events)
    assert not any(card in seen for card in hidden)


def test_ex_1_dog_deck_boxes_one_more_of_each() -> None:
    state, _ = set_up({"modifiers": "dog-deck"})
    urgent = sum(1 for c in state.box if state.content.order(c).urgent)
    assert (urgent, len(state.box) - urgent, len(state.deck)) == (2, 3, 7)


def test_se_4_2_defenders_on_the_objectives() -> None:
    placed = {d: GEO.name_of(s) for d, s in starting_defenders(GEO).items() if s is not None}
    assert placed == {
        "R1": "a3", "R2": "f2", "R3": "e6", "K1": "i2", "K2": "n5", "K3": "l7",
        "Y1": "e10", "Y2": "c13", "Y3": "j10",
    }  # fmt: skip


def test_se_4_7_se_4_8_stack_and_bag() -> None:
    state, _ = set_up()
    assert state.core.health == list("NRRNRR")
    assert state.core.bag == {"A": 6, "N": 2, "R": 3, "S": 0}
    assert not state.core.wounded


def test_se_10_1_radio_medic_marksman_setups() -> None:
    state, _ = set_up({"modifiers": "radio+,medic-noise,marksman+,medic+"})
    assert state.core.health == list("SRRSRR")
    assert state.core.bag == {"A": 7, "N": 3, "R": 3, "S": 0}
    assert len(state.available) == 3
    state, _ = set_up({"modifiers": "dog-equip"})
    assert len(state.available) == 1


def test_se_4_6_d_32_no_two_identical_equipment_cards() -> None:
    state = GAME.new({}, seed=1)
    while state.decision != "equip":
        state.apply(str(state.legal_actions()[0]))
    state.apply("equip NOISE_MASKING")
    assert state.decision == "equip"  # the second draw
    state.apply("equip NOISE_MASKING")
    assert state.decision == "equip"  # a duplicate: bottomed and replaced
    assert state.equip_bottom == ["NOISE_MASKING"]
    state.apply("equip GRAPNEL")
    assert sorted(state.available) == ["GRAPNEL", "NOISE_MASKING"]


def test_se_4_9_same_colour_objectives_the_player_bottoms_one() -> None:
    state, _ = set_up({}, "objective 1", "objective 2")
    assert state.decision == "bottom"
    state.apply("bottom 2")
    assert state.obj_bottom == [2]
    settle(state, "objective 9")
    assert [n for n, _ in state.held] == [1, 9]
    assert state.decision == "entry"


def test_ex_2_se_4_10_se_4_11_entry_and_trace_cubes() -> None:
    state, _ = set_up({}, "objective 3", "objective 9")
    assert state.decision == "entry"
    assert [str(a) for a in state.legal_actions()] == ["enter EK", "enter EY"]
    state.apply("enter EY")
    assert state.core.lka == "yellow"
    assert state.core.probable == [1, 2, 3, 4, 5, 6, 9]
    assert state.view(1)["sniper"] == "EY"


def test_se_4_12_d_10_the_first_turn_begins_with_the_entry_move() -> None:
    state, _ = set_up({}, "objective 3", "objective 9")
    state.apply("enter EK")
    verbs = {a.verb for a in state.legal_actions()}
    assert verbs == {"move"}
    state.apply("move k1 1")
    assert state.core.sniper == GEO.space("k1")
    assert "end" in {a.verb for a in state.legal_actions()}


def test_se_10_1_scout_1_9_boxes_objectives_1_and_9() -> None:
    state, _ = set_up({"modifiers": "scout-1-9"}, "objective 3", "objective 4")
    assert state.obj_box == [1, 9]
    state.apply("enter EY")
    assert state.core.probable == [2, 3, 4, 5, 6]


def test_se_4_2_new_game_defenders_in_the_view() -> None:
    state, _ = set_up()
    assert where(state)["Y3"] == "j10"


def test_se_4_4_se_4_10_events_cite_the_set_up_rules() -> None:
    """The set-up deal of the order board cites SE-4.4 (a refill in play cites SE-7.7), and the
    entry's events SE-4.10: a log or tooltip points the player to the rule that acted."""
    state = GAME.new({}, seed=5)
    dealt = [e for e in settle(state, "objective 3", "objective 9") if e.kind == "order-drawn"]
    assert dealt and {e.data["rule"] for e in dealt} == {"SE-4.4"}
    entered = state.apply("enter EY")
    assert entered and {e.data.get("rule") for e in entered} == {"SE-4.10"}
