"""Activated abilities and auras in the battle (section 3.2; Portal of Skulls)."""

from __future__ import annotations

from dataclasses import replace

from bitva.games.age_of_sigmar.battle.attacks import attack_numbers
from bitva.games.age_of_sigmar.battle.casualties import needs_test
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from tests.age_of_sigmar.test_battle_sequence import position, row, unit


def portal(distance_y: float) -> AgeOfSigmarState:
    """B's hero phase: the Bloodsecrator (B2) and Bloodreavers (B1) ``distance_y`` inches on."""
    return position(
        [unit("A1", "liberators", row(20, 10, 2, 2.0))],
        [
            unit("B1", "bloodreavers", row(20, 11.6, 2, 1.6)),
            unit("B2", "bloodsecrator", [(30, 11.6 + distance_y)]),
        ],
        step="hero",
        active="B",
        runtime="[position.units.B1]\nslain_this_turn = 1",
    )


def test_portal_of_skulls_plants_the_banner_and_its_aura_reaches_18_inches() -> None:
    """Section 3.2 ``activated``/``aura``: in B's hero phase the Bloodsecrator uses Portal of
    Skulls: it cannot move until B's next hero phase; KHORNE units within 18" gain an attack
    with their melee weapons and take no battleshock tests."""
    state = portal(10.0)
    b1 = state.rt.unit_by_id("B1")
    before, _ = attack_numbers(state.battle, state.rt, b1, state.rt.unit_by_id("A1"), "melee")
    assert needs_test(state.battle, state.rt, b1)
    state.apply("use B2 portal-of-skulls")
    assert state.rt.unit_by_id("B2").has_effect("portal-of-skulls")
    rt = state.rt
    b1 = rt.unit_by_id("B1")
    after, _ = attack_numbers(state.battle, rt, b1, rt.unit_by_id("A1"), "melee")
    assert [p.extra_attacks for p in after] == [p.extra_attacks + 1 for p in before]
    assert not needs_test(state.battle, rt, b1)
    state.rt = replace(rt, step="hero", phase="hero")  # once in force, not used again
    refused = state.check(state.parse_action("use B2 portal-of-skulls"))
    assert refused is not None and refused.rule == "AOS-5.2"
    mover = replace(rt, step="movement", phase="movement")
    state.rt = mover
    stuck = state.check(state.parse_action("move B2 m1 30.000,21.600 30.000,23.000"))
    assert stuck is not None and "cannot move" in stuck.message


def test_portal_of_skulls_does_not_reach_beyond_18_inches() -> None:
    state = portal(25.0)
    state.apply("use B2 portal-of-skulls")
    b1 = state.rt.unit_by_id("B1")
    assert needs_test(state.battle, state.rt, b1)


def test_a_planted_banner_does_not_pile_in() -> None:
    """``cannot_move`` holds for every move of the unit, its pile-in too (AOS-9.3)."""
    state = position(
        [unit("A1", "liberators", row(20, 10, 2, 2.0))],
        [unit("B2", "bloodsecrator", [(20, 12.5)])],
        step="pile-in",
        phase="combat",
        active="B",
        runtime='unit = "B2"\npicker = "B"\n[position.units.B2]\n'
        'effects = [["portal-of-skulls", "B2", "hero:B"]]',
    )
    refused = state.check(state.parse_action("pile-in B2 m1 20.000,12.500 20.000,12.000"))
    assert refused is not None and "cannot move" in refused.message
    assert [str(a) for a in state.candidate_actions(state.rng, 4)] == ["pile-in B2"]
