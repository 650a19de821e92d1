"""The Blessed triumph in play (AOS-3.7, D-33): once per battle its holder sets one die of any
roll, either player's, after re-rolls; a battle without it has no extra decision."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bitva.core.errors import PositionError
from bitva.core.rng import Rng
from bitva.games.age_of_sigmar.battle import blessed
from bitva.games.age_of_sigmar.battle.actions import BlessAction, Die, parse_action
from bitva.games.age_of_sigmar.battle.resolution import pending
from bitva.games.age_of_sigmar.battle.sequence import enter
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from bitva.games.age_of_sigmar.game import GAME
from tests.age_of_sigmar.test_battle_sequence import position, row, unit

BLESSED_A = "[triumphs]\nA = { die = 1 }"


def charge(extra: str = BLESSED_A) -> AgeOfSigmarState:
    """A1 (Liberators) 8" from B1 (Bloodreavers) in A's charge phase."""
    return position(
        [unit("A1", "liberators", row(20, 10, 2, 2.0))],
        [unit("B1", "bloodreavers", row(20, 20, 2, 2.0))],
        step="charge",
        extra=extra,
    )


def test_d_33_a_2d6_records_its_dice_while_a_holder_could_set_one() -> None:
    state = charge()
    state.apply("charge A1")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 21 and sum(p for _, p in outcomes) == 1
    assert (Die("charge", 7, (3, 4)), Fraction(2, 36)) in outcomes
    assert str(parse_action("dice charge 3+4")) == "dice charge 3+4"


def test_aos_3_7_blessed_sets_one_die_of_a_charge_once_a_battle() -> None:
    """AOS-3.7: 2 + 3 rolled; A sets the 2 to 6: the charge roll is 9; Blessed is spent."""
    state = charge()
    state.apply("charge A1")
    state.apply("dice charge 2+3")
    assert state.decision == "blessed" and state.current_player == 1
    found = [str(a) for a in state.candidate_actions(Rng(0), 64)]
    assert found[0] == "done" and "bless 2 6" in found and "bless 3 1" in found
    refused = state.check(parse_action("bless 4 6"))
    assert refused is not None and refused.rule == "AOS-3.7"
    events = state.play(parse_action("bless 2 6"))
    assert events[0].kind == "blessed" and events[0].data["now"] == "dice charge 3+6"
    assert state.decision == "charge-move" and state.rt.unit_by_id("A1").charge_roll == 9
    assert state.rt.blessed_used == ("A",)


def test_aos_3_7_done_keeps_the_roll_as_rolled() -> None:
    state = charge()
    state.apply("charge A1")
    state.apply("dice charge 2+3")
    state.apply("done")
    assert state.rt.unit_by_id("A1").charge_roll == 5 and state.rt.blessed_used == ()


def test_d_33_either_players_roll_a_battleshock_die_of_the_enemy() -> None:
    """D-33: A sets B's battleshock die from 1 to 6 (13 Bloodreavers, 7 slain: 5 flee)."""
    state = position(
        [unit("A1", "liberators", [(10, 10)])],
        [unit("B1", "bloodreavers", row(10, 40, 13, 1.3))],
        extra=BLESSED_A,
        runtime="[position.units.B1]\nslain_this_turn = 7",
    )
    state.rt = enter(state.battle, state.rt, "battleshock")
    state.apply("dice battleshock 1")
    assert state.decision == "blessed" and state.current_player == 1
    events = state.play(parse_action("bless 6"))
    assert [e.kind for e in events] == ["blessed", "battleshock"]
    assert len(events[1].data["fled"]) == 7  # 6 + 7 - (5 + 1)


def test_aos_3_7_blessed_moves_one_attack_die_between_classes() -> None:
    """AOS-3.7 with grouped dice: a miss of the hit roll made a hit."""
    libs = unit("A1", "liberators", [(20, 20)], {0: {"loadout": '"warhammer_shield"'}})
    state = position(
        [libs],
        [unit("B1", "bloodreavers", [(20, 21.6)])],
        step="attack",
        phase="combat",
        extra=BLESSED_A,
        runtime='unit = "A1"\npicker = "A"',
    )
    state.apply("attack A1 at B1")
    node = pending(state.rt).roll()
    assert node is not None and node.classes == ("miss", "hit")
    state.apply(f"dice hit {node.dice}/0")
    assert state.decision == "blessed"
    assert state.check(BlessAction("hit", "miss")) is not None  # no hit to move
    state.apply("bless miss hit")
    node = pending(state.rt).roll()
    assert node is not None and node.step == "wound" and node.dice == 1


def test_aos_3_7_a_battle_without_blessed_has_no_extra_decision() -> None:
    state = charge(extra="")
    state.apply("charge A1")
    assert len(state.chance_outcomes()) == 11  # totals 2..12
    state.apply("dice charge 5")
    assert state.decision == "charge-move"


def test_aos_3_7_random_play_with_blessed_on_both_sides_reaches_decisions() -> None:
    """Random candidates over 300 steps: every blessed step offers done and is left."""
    state = position(
        [unit("A1", "liberators", row(20, 10, 5, 2.0))],
        [unit("B1", "bloodreavers", row(20, 20, 5, 2.0))],
        step="charge",
        extra="[triumphs]\nA = { die = 1 }\nB = { die = 2 }",
    )
    rng = Rng(5)
    seen = 0
    for _ in range(300):
        if state.outcome is not None:
            break
        if state.is_chance:
            outcomes = state.chance_outcomes()
            state.apply(str(rng.choice(outcomes)[0]))
            continue
        seen += state.decision == "blessed"
        options = state.candidate_actions(rng, 16)
        state.apply(str(rng.choice(options)))
    assert seen >= 1 and set(state.rt.blessed_used) <= {"A", "B"}


def test_aos_3_7_a_position_keeps_a_spent_blessed() -> None:
    """No position while a roll waits for the holder (D-38); one written after Blessed is used
    reads back with it spent."""
    state = charge()
    state.apply("charge A1")
    state.apply("dice charge 2+3")
    with pytest.raises(PositionError):
        GAME.write_position(state)
    state.apply("bless 2 6")
    text = GAME.write_position(state)
    assert 'blessed_used = ["A"]' in text
    again = GAME.read_position(text)
    assert again.rt.blessed_used == ("A",)
    assert blessed.holders(again.battle, again.rt) == []
