"""Warscroll spells in the battle (AOS-14.2, section 3.1 ``spells``, D-24), dice forced."""

from __future__ import annotations

import pytest

from bitva.core.errors import PositionError
from bitva.games.age_of_sigmar.battle.attacks import attack_numbers
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from bitva.games.age_of_sigmar.game import GAME
from tests.age_of_sigmar.test_battle_sequence import position, row, unit

HEX = """
[[warscroll]]
id = "hexer"
name = "Hexer"
keywords = ["CHAOS", "HERO", "WIZARD"]
stats = { move = 5, save = 5, bravery = 7, wounds = 5, base_mm = 32 }
wizard = { cast = 2, unbind = 1 }
melee = [["Staff", 1, 1, 4, 4, 0, 1]]
loadouts = [{ id = "default", weapons = ["Staff"] }]
spells = [
  { name = "Hex Bolt", casting_value = 5, range = 12, target = "enemy_unit", duration = "instant", effects = [{ kind = "mortal_wounds", amount = "D6" }] },
  { name = "Slow", casting_value = 5, range = 12, target = "enemy_unit", duration = "until_your_next_hero_phase", effects = [{ kind = "stat_mod", stat = "move", value = -2 }] },
]
"""  # noqa: E501


def sorcerer() -> AgeOfSigmarState:
    """B's hero phase: the Chaos Sorcerer Lord (B5) 6" from a Khorgorath (B1), Liberators (A1)
    facing it, no wizard of A to unbind."""
    return position(
        [unit("A1", "liberators", row(20, 20, 2, 2.0))],
        [
            unit("B1", "khorgorath", [(21, 22.5)]),
            unit("B5", "chaos_sorcerer_lord", [(30, 28)]),
        ],
        step="hero",
        active="B",
    )


def test_aos_14_2_daemonic_power_is_cast_and_rerolls_hit_rolls_of_1() -> None:
    """AOS-14.2, D-24: Daemonic Power (6) on a friendly unit within 18" that the caster sees:
    cast on 6, the target picked after the (empty) unbinding window; B1's attacks re-roll hit
    rolls of 1 until B's next hero phase."""
    state = sorcerer()
    assert "cast B5 daemonic-power" in [str(a) for a in state.candidate_actions(state.rng, 20)]
    rt = state.rt
    before, _ = attack_numbers(state.battle, rt, rt.unit_by_id("B1"), rt.unit_by_id("A1"), "melee")
    assert before and all(not p.hit_reroll for p in before)
    state.apply("cast B5 daemonic-power")
    state.apply("dice cast 6")
    assert state.decision == "spell-target"
    targets = [str(a) for a in state.candidate_actions(state.rng, 20)]
    assert targets == ["target B1", "target B5"]  # friendly units only, the caster included
    refused = state.check(state.parse_action("target A1"))
    assert refused is not None and refused.rule == "AOS-14.2"
    state.apply("target B1")
    rt = state.rt
    assert rt.unit_by_id("B1").has_effect("daemonic-power")
    after, _ = attack_numbers(state.battle, rt, rt.unit_by_id("B1"), rt.unit_by_id("A1"), "melee")
    assert after and all("ones" in p.hit_reroll for p in after)


def test_aos_14_2_a_warscroll_spell_below_its_casting_value_fails() -> None:
    state = sorcerer()
    state.apply("cast B5 daemonic-power")
    state.apply("dice cast 5")
    assert not state.rt.unit_by_id("B1").has_effect("daemonic-power")
    assert state.rt.unit_by_id("B5").spells_tried == ("daemonic-power",)


def test_aos_14_2_daemonic_power_ends_at_the_casters_next_hero_phase() -> None:
    """AOS-4.3: "until your next hero phase": recorded with the mark ``hero:B``."""
    state = sorcerer()
    state.apply("cast B5 daemonic-power")
    state.apply("dice cast 8")
    state.apply("target B1")
    (effect,) = state.rt.unit_by_id("B1").effects
    assert (effect.name, effect.source, effect.expiry) == ("daemonic-power", "B5", "hero:B")


def hexer() -> AgeOfSigmarState:
    return position(
        [unit("A1", "hexer", [(10, 10)])],
        [unit("B1", "bloodreavers", row(8, 20, 5, 1.6))],
        step="hero",
        extra=HEX,
    )


def test_aos_14_2_an_instant_spell_with_dice_mortal_wounds_is_a_chance_node() -> None:
    """AOS-14.2, AOS-12.4: Hex Bolt's D6 mortal wounds: six outcomes, 4 slay four
    Bloodreavers."""
    state = hexer()
    state.apply("cast A1 hex-bolt")
    state.apply("dice cast 5")
    state.apply("target B1")
    assert state.decision == "bolt-roll"
    outcomes = state.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == [f"dice mortal {n}" for n in range(1, 7)]
    state.apply("dice mortal 4")
    b1 = state.rt.unit_by_id("B1")
    if state.decision == "allocate":  # the owner's allocation, where the file asks for it
        state.apply(state.candidate_actions(state.rng, 4)[0])
        b1 = state.rt.unit_by_id("B1")
    assert len(b1.alive) == 1 and not b1.effects


def test_aos_14_2_spell_range_and_a_lasting_stat_mod_on_move() -> None:
    """AOS-14.2: Slow reaches 12" only; on B1 it takes 2" off its Move (AOS-6.2) until A's next
    hero phase."""
    from bitva.games.age_of_sigmar.battle.characteristics import move_of

    state = position(
        [unit("A1", "hexer", [(10, 10)])],
        [unit("B1", "bloodreavers", row(8, 20, 5, 1.6)), unit("B2", "khorgorath", [(40, 40)])],
        step="hero",
        extra=HEX,
    )
    state.apply("cast A1 slow")
    state.apply("dice cast 7")
    assert [str(a) for a in state.candidate_actions(state.rng, 9)] == ["target B1"]
    state.apply("target B1")
    rt = state.rt
    assert move_of(state.battle, rt.unit_by_id("B1"), rt) == 4.0
    assert move_of(state.battle, rt.unit_by_id("B2"), rt) == 6.0


def test_aos_14_2_a_warscroll_spell_waiting_for_its_target_round_trips_in_the_notation() -> None:
    """A position at the spell's target (AOS-14.2) names the warscroll spell being cast; it is
    read back as written (it was refused: the notation knew only Arcane Bolt and Mystic Shield),
    and a spell the caster does not know is refused with the key and the spells it knows."""
    state = sorcerer()
    state.apply("cast B5 daemonic-power")
    state.apply("dice cast 8")
    assert state.decision == "spell-target"
    text = GAME.write_position(state)
    assert 'spell = "daemonic-power"' in text
    again = GAME.read_position(text)
    assert again.rt == state.rt and GAME.write_position(again) == text
    with pytest.raises(PositionError) as caught:
        GAME.read_position(text.replace('spell = "daemonic-power"', 'spell = "hex-bolt"'))
    assert caught.value.key == "position.spell.spell"
    assert "B5 does not know 'hex-bolt'" in str(caught.value) and "daemonic-power" in str(
        caught.value
    )
