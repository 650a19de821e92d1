"""Split attacks in the battle (AOS-11.2, AOS-11.3, D-38): a unit's models split their attacks
among legal targets per model and weapon, resolved target by target."""

from __future__ import annotations

import pytest

from bitva.core.rng import Rng
from bitva.games.age_of_sigmar.battle.actions import TargetAction, parse_action
from bitva.games.age_of_sigmar.battle.resolution import pending
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from tests.age_of_sigmar.test_battle_sequence import position, row, unit

HAMMERS = {i: {"loadout": '"warhammer_shield"'} for i in range(5)}


def melee() -> AgeOfSigmarState:
    """Five Liberators in a row at y = 20 (x = 20 to 28); B1 faces m1 and m2, B2 faces m4 and
    m5; m3 (x = 24) reaches both."""
    libs = unit("A1", "liberators", row(20, 20, 5, 2.0), HAMMERS)
    left = unit("B1", "bloodreavers", row(20.8, 21.6, 2, 1.6))
    right = unit("B2", "bloodreavers", row(25.6, 21.6, 2, 2.0))
    return position(
        [libs],
        [left, right],
        step="attack",
        phase="combat",
        runtime='unit = "A1"\npicker = "A"',
    )


@pytest.mark.parametrize(
    "text",
    [
        "attack A1 at B1; m3 at B2",
        "shoot A3 at B2; m5 skybolt_bow at B4; m6 at B3",
        "attack A1 at B1",
    ],
)
def test_aos_11_3_split_actions_round_trip(text: str) -> None:
    action = parse_action(text)
    assert isinstance(action, TargetAction) and str(action) == text
    assert parse_action(str(action)) == action


def test_aos_11_3_the_attacks_are_planned_per_target_as_assigned() -> None:
    """AOS-11.3, D-38: ``attack A1 at B1; m3 at B2``: m1 and m2 at B1 (m4, m5 reach nothing of
    B1 and make no attack), m3 at B2; B1's dice first, then B2's."""
    state = melee()
    state.apply("attack A1 at B1; m3 at B2")
    steps = pending(state.rt)
    assert len(steps.attacks) == 2
    assert [sum(p.n_models for p in a.profiles) for a in steps.attacks] == [2, 1]
    assert [a.target.wounds for a in steps.attacks] == [(1, 1), (1, 1)]
    seen = []
    events = []
    while state.decision == "attack-dice":
        node = pending(state.rt).roll()
        assert node is not None
        seen.append(node.target)
        counts = [0] * len(node.classes)
        counts[-1 if node.step != "save" else 0] = node.dice  # all hit, wound and fail to save
        events += state.play(state.parse_action(f"dice {node.step} " + "/".join(map(str, counts))))
    assert seen == sorted(seen) and seen[0] == 0 and seen[-1] == 1
    damage = [e.data for e in events if e.kind == "damage"]
    assert [(d["target"], d["pool"]) for d in damage] == [("B1", 4), ("B2", 2)]  # 2 attacks each
    assert state.outcome is not None and state.outcome.winner == 1  # B wiped out (AOS-15.1)


def test_aos_11_2_the_plain_attack_is_every_model_that_can_at_the_target() -> None:
    state = melee()
    state.apply("attack A1 at B1")
    steps = pending(state.rt)
    assert len(steps.attacks) == 1
    assert sum(p.n_models for p in steps.attacks[0].profiles) == 3  # m1, m2, m3


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("attack A1 at B1; m3 at B1", "AOS-11.3"),  # the main target already
        ("attack A1 at B1; m3 at B2; m3 at B2", "AOS-11.3"),  # split twice
        ("attack A1 at B1; m1 at B2", "AOS-11.2"),  # m1 does not reach B2
        ("attack A1 at B1; m9 at B2", "AOS-11.2"),  # no model m9
        ("attack A1 at B1; m3 skybolt_bow at B2", "AOS-11.1"),  # m3 carries no bow
        ("attack A1 at B1; m1 at B9", "AOS-11.2"),  # no such target
        ("attack A1 at B1; m1 at B2; m2 at B2; m3 at B2", "AOS-11.2"),  # nobody left at B1
    ],
)
def test_aos_11_2_a_split_needs_a_model_and_weapon_that_reach_its_target(
    text: str, rule: str
) -> None:
    state = melee()
    refused = state.check(state.parse_action(text))
    assert refused is not None and refused.rule == rule, refused


def test_aos_11_3_a_split_by_weapon_is_legal() -> None:
    state = melee()
    assert state.check(state.parse_action("attack A1 at B1; m3 warhammer at B2")) is None


def test_aos_11_3_candidates_send_the_models_that_cannot_reach_the_main_target_elsewhere() -> None:
    state = melee()
    found = [str(a) for a in state.candidate_actions(Rng(0), 16)]
    assert found == [
        "attack A1 at B1",
        "attack A1 at B2",
        "attack A1 at B1; m4 at B2; m5 at B2",
        "attack A1 at B2; m1 at B1; m2 at B1",
    ]
    assert all(state.check(state.parse_action(a)) is None for a in found)


def test_aos_11_3_shooting_splits_per_model() -> None:
    """AOS-7, AOS-11.3: two Judicators shoot at two Bloodreaver units, m2 at the second."""
    archers = unit("A1", "judicators", row(10, 10, 2, 2.0))
    near = unit("B1", "bloodreavers", [(10, 25)])
    far = unit("B2", "bloodreavers", [(20, 25)])
    state = position([archers], [near, far], step="shooting")
    state.apply("shoot A1 at B1; m2 at B2")
    steps = pending(state.rt)
    assert [sum(p.n_models for p in a.profiles) for a in steps.attacks] == [1, 1]
    assert state.rt.attack is not None and state.rt.attack["targets"] == ["B1", "B2"]
