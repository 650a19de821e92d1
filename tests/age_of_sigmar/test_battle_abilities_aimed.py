"""Activated abilities aimed at another unit, in other phases and in the enemy's turn (section
3.2 ``activated``: ``phase``, ``whose``, ``limit``, ``target``, ``range``, ``visible``,
``duration``; AOS-5.1, AOS-5.2), with a test warscroll."""

from __future__ import annotations

from bitva.games.age_of_sigmar.battle.attacks import attack_numbers
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from tests.age_of_sigmar.test_battle_sequence import position, row, unit

SHAMAN = """
[[warscroll]]
id = "shaman"
name = "Shaman"
keywords = ["ORDER", "HERO"]
stats = { move = 5, save = 5, bravery = 7, wounds = 4, base_mm = 32 }
melee = [["Staff", 1, 1, 4, 4, 0, 1]]
loadouts = [{ id = "default", weapons = ["Staff"] }]
abilities = [
  { name = "Curse", effects = [{ kind = "activated", phase = "hero", limit = "once_per_turn", target = "enemy_unit", range = 12, visible = true, duration = "until_your_next_hero_phase", effects = [{ kind = "roll_mod", roll = "hit", value = -1 }] }] },
  { name = "Blast", effects = [{ kind = "activated", phase = "shooting", limit = "once_per_battle", target = "enemy_unit", range = 18, duration = "phase", effects = [{ kind = "mortal_wounds", amount = "D3" }] }] },
  { name = "Ward Sign", effects = [{ kind = "activated", phase = "hero", whose = "enemy", target = "friendly_unit", range = 6, duration = "turn", effects = [{ kind = "roll_mod", roll = "save", value = 1 }] }] },
]
"""  # noqa: E501


def shaman(active: str = "A", step: str = "hero") -> AgeOfSigmarState:
    """The Shaman (A1) with Liberators (A2) 3" away; Bloodreavers (B1) 10" off, a Khorgorath
    (B2) 25" off."""
    return position(
        [unit("A1", "shaman", [(10, 10)]), unit("A2", "liberators", row(14, 10, 2, 2.0))],
        [
            unit("B1", "bloodreavers", row(8, 21, 3, 1.6)),
            unit("B2", "khorgorath", [(40, 40)]),
        ],
        step=step,
        active=active,
        extra=SHAMAN,
    )


def test_section_3_2_activated_target_range_and_sight() -> None:
    """``target = "enemy_unit"``, ``range = 12``: the Bloodreavers, not the Khorgorath."""
    state = shaman()
    offered = [str(a) for a in state.candidate_actions(state.rng, 30)]
    assert "use A1 curse B1" in offered and "use A1 curse B2" not in offered
    refused = state.check(state.parse_action("use A1 curse B2"))
    assert refused is not None and refused.rule == "AOS-5.2"
    refused = state.check(state.parse_action("use A1 curse"))
    assert refused is not None and "needs a target" in refused.message


def test_section_3_2_an_aimed_ability_holds_on_its_target_until_it_expires() -> None:
    """Curse on B1: -1 to its hit rolls until A's next hero phase; ``once_per_turn``."""
    state = shaman()
    rt = state.rt
    b1, a2 = rt.unit_by_id("B1"), rt.unit_by_id("A2")
    before, _ = attack_numbers(state.battle, rt, b1, a2, "melee")
    state.apply("use A1 curse B1")
    rt = state.rt
    cursed = rt.unit_by_id("B1")
    assert [(e.name, e.source, e.expiry) for e in cursed.effects] == [("curse", "A1", "hero:A")]
    # attack numbers regardless of range: the profiles' hit modifier
    from bitva.games.age_of_sigmar.battle.attacks import situation
    from bitva.games.age_of_sigmar.battle.characteristics import live_spec
    from bitva.games.age_of_sigmar.calculator.resolve import resolve

    where = situation(state.battle, rt, cursed, a2, "melee")
    spec, goal = live_spec(state.battle, rt, cursed), live_spec(state.battle, rt, a2)
    assert all(p.hit_mod == -1 for p in resolve(spec, goal, where).profiles)
    assert not before  # out of reach: the numbers above are the resolver's
    offered = [str(a) for a in state.candidate_actions(state.rng, 30)]
    assert not any("curse" in a for a in offered)


def test_aos_5_1_the_other_player_uses_enemy_turn_abilities_after_the_active_player() -> None:
    """AOS-5.1: in B's hero phase, once B is done, A uses Ward Sign (``whose = "enemy"``) on a
    friendly unit within 6": +1 to A2's saves this turn."""
    state = shaman(active="B")
    state.apply("done")
    assert state.decision == "ability" and state.current_player == 1
    offered = [str(a) for a in state.candidate_actions(state.rng, 9)]
    assert offered == ["use A1 ward-sign A1", "use A1 ward-sign A2", "done"]
    state.apply("use A1 ward-sign A2")
    assert state.decision == "movement" and state.current_player == 2
    (effect,) = state.rt.unit_by_id("A2").effects
    assert (effect.name, effect.expiry) == ("ward-sign", "turn:B")


def test_section_3_2_ward_sign_is_not_offered_in_its_owners_turn() -> None:
    state = shaman()
    assert not any("ward-sign" in str(a) for a in state.candidate_actions(state.rng, 30))


def test_section_3_2_a_shooting_phase_ability_with_dice_mortal_wounds() -> None:
    """Blast (shooting phase, once a battle): as A's shooting phase starts, D3 mortal wounds on
    B1 (a chance node), then the shooting phase; not offered again in a later turn."""
    state = shaman(step="movement")
    state.apply("done")
    assert state.decision == "ability"
    state.apply("use A1 blast B1")
    assert state.decision == "bolt-roll"
    assert [str(a) for a, _ in state.chance_outcomes()] == [
        "dice mortal 1",
        "dice mortal 2",
        "dice mortal 3",
    ]
    state.apply("dice mortal 2")
    assert len(state.rt.unit_by_id("B1").alive) == 1
    assert state.rt.unit_by_id("A1").has_effect("used:blast")
    assert state.decision != "ability"
