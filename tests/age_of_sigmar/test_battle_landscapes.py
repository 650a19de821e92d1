"""Mysterious landscapes in play (AOS-2.5, AOS-5.1, D-23, D-36), dice forced."""

from __future__ import annotations

from bitva.core import CHANCE
from bitva.games.age_of_sigmar.battle.characteristics import bravery_of
from bitva.games.age_of_sigmar.battle.sequence import enter
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from tests.age_of_sigmar.test_battle_sequence import position, row, unit


def landscape(kind: str, **kwargs: str) -> AgeOfSigmarState:
    """Liberators (A1) 1" from a feature of ``kind``, Bloodreavers (B1) 2" beyond it."""
    feature = (
        'mysterious = "choose"\nfeature = [{ id = "F1", name = "Stones", movement = "open", '
        f'mysterious = "{kind}", polygon = [[20, 20], [26, 20], [26, 26], [20, 26]] }}]'
    )
    return position(
        [unit("A1", "liberators", row(20, 18.213, 2, 2.0)), unit("A2", "battlemage", [(4, 4)])],
        [unit("B1", "bloodreavers", row(20, 29.5, 3, 1.6))],
        features=feature,
        **kwargs,  # type: ignore[arg-type]
    )


def test_aos_2_5_mystical_befuddles_on_a_1() -> None:
    """AOS-5.1: at the start of the hero phase the unit within 3" rolls; a 1 befuddles it: it
    may not move, run or charge until its next hero phase (D-36)."""
    state = landscape("mystical", step="movement")
    state.rt = enter(state.battle, state.rt, "hero")
    assert state.current_player == CHANCE and state.decision == "mystical"
    assert state.rt.mystical == ("A1",)
    state.apply("dice mystical 1")
    assert state.rt.unit_by_id("A1").has_effect("befuddled")
    state.rt = enter(state.battle, state.rt, "movement")
    refused = state.check(state.parse_action("run A1"))
    assert refused is not None and refused.rule == "AOS-2.5"


def test_aos_2_5_mystical_ensorcels_on_2_to_6() -> None:
    from bitva.games.age_of_sigmar.battle.attacks import attack_numbers

    state = landscape("mystical", step="movement")
    state.rt = enter(state.battle, state.rt, "hero")
    state.apply("dice mystical 4")
    a1 = state.rt.unit_by_id("A1")
    assert a1.has_effect("ensorcelled") and not a1.has_effect("befuddled")
    from dataclasses import replace

    b1 = state.rt.unit_by_id("B1")
    close = tuple(replace(m, pos=(m.pos[0], 19.9)) for m in b1.models if m.pos is not None)
    rt = state.rt.with_unit(replace(b1, models=close))
    profiles, _ = attack_numbers(state.battle, rt, a1, rt.unit_by_id("B1"), "melee")
    assert profiles and all("failed" in p.wound_reroll for p in profiles)


def test_aos_2_5_sinister_fear_costs_enemy_bravery() -> None:
    """Sinister: A1 within 3" in A's hero phase causes fear; B1 within 3" of A1 has -1 Bravery
    (once, D-23)."""
    state = landscape("sinister", step="movement")
    b1 = state.rt.unit_by_id("B1")
    before = bravery_of(state.battle, state.rt, b1)[0]
    state.rt = enter(state.battle, state.rt, "hero")
    assert state.rt.unit_by_id("A1").has_effect("causes_fear")
    # B1 is 11.287" from A1: no fear; bring it within 3" of A1
    from dataclasses import replace

    near = tuple(replace(m, pos=(m.pos[0], 21.0)) for m in b1.models if m.pos is not None)
    rt = state.rt.with_unit(replace(b1, models=near))
    assert bravery_of(state.battle, rt, rt.unit_by_id("B1"))[0] == before - 1


def test_aos_2_5_inspiring_adds_bravery_within_3_inches() -> None:
    state = landscape("inspiring")
    a1 = state.rt.unit_by_id("A1")
    assert bravery_of(state.battle, state.rt, a1)[0] == 6 + 1
    # B1 is 2.87" from the feature: any unit within 3" is inspired, the enemy's too
    assert bravery_of(state.battle, state.rt, state.rt.unit_by_id("B1"))[0] == 5 + 1
    far = state.rt.unit_by_id("A2")  # the Battlemage, far away
    assert bravery_of(state.battle, state.rt, far)[0] == 6


def test_aos_2_5_damned_sacrifice_costs_d3_mortal_wounds_and_gives_plus_1_to_hit() -> None:
    """Damned: A1 sacrifices (D3 = 2: one Liberator slain), then hits at +1 until A's next hero
    phase; one sacrifice per feature per hero phase (D-36)."""
    from bitva.games.age_of_sigmar.battle.attacks import attack_numbers

    state = landscape("damned", step="hero")
    state.apply("sacrifice A1")
    assert state.current_player == CHANCE and state.decision == "damned-roll"
    state.apply("dice mortal 2")
    a1 = state.rt.unit_by_id("A1")
    assert len(a1.alive) == 1 and a1.has_effect("damned")
    assert state.rt.damned_used == ("F1",)
    if state.decision == "hero":
        refused = state.check(state.parse_action("sacrifice A1"))
        assert refused is not None and refused.rule == "AOS-2.5"
    rt = state.rt
    from dataclasses import replace

    b1 = rt.unit_by_id("B1")
    close = tuple(replace(m, pos=(m.pos[0], 19.9)) for m in b1.models if m.pos is not None)
    rt = rt.with_unit(replace(b1, models=close))
    profiles, _ = attack_numbers(
        state.battle, rt, rt.unit_by_id("A1"), rt.unit_by_id("B1"), "melee"
    )
    assert profiles and all(p.hit_mod == 1 for p in profiles)
