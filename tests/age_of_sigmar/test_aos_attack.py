"""The game's one die-by-die attack resolver (AOS-11, AOS-12, AOS-10.2, D-38): the order it draws
dice in, allocation model by model, and the Monte Carlo that samples it with the core RNG."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bitva.core import Rng
from bitva.games.age_of_sigmar.attack import AttackPlan, rerolled, resolve_attacks
from bitva.games.age_of_sigmar.calculator.montecarlo import simulate
from bitva.games.age_of_sigmar.calculator.profiles import CalcOptions
from bitva.games.age_of_sigmar.dice import Dice
from bitva.games.age_of_sigmar.profiles import AttackProfile, ProfileError, TargetProfile, Trigger
from bitva.games.age_of_sigmar.rolls import RngDice, ScriptedDice

EVERYTHING = AttackProfile(
    hit=4,
    wound=4,
    attacks=Dice.fixed(2),
    hit_reroll=frozenset({"ones"}),
    hit_triggers=(Trigger(on=6, hits=Dice.parse("D3")),),
    wound_triggers=(Trigger(on=6, mortal_wounds=Dice.parse("D3"), end=False),),
)
WARDED = TargetProfile(
    wounds=(1, 1, 1),
    save=4,
    ward=6,
    mortal_ward=6,
    bravery=5,
    save_triggers=(Trigger(on=6, attacker_mortal_wounds=Dice.fixed(1)),),
)


def test_d_38_dice_are_drawn_in_canonical_order() -> None:
    """Hit dice, hit re-rolls, hit outcome dice, wound dice, wound outcome dice, saves (and
    their outcomes), then a ward die per wound point, then the battleshock die."""
    dice = [1, 6, 5, 4, 6, 2, 4, 2, 6, 1, 6, 3, 6]
    out = resolve_attacks([EVERYTHING], WARDED, ScriptedDice(dice))
    assert [step for step, _ in out.log] == [
        "hit",
        "hit",
        "hit_reroll",  # the 1 (AOS-1.6)
        "hit_outcome",  # the 6: D3 hits, a 4 gives 2
        "wound",
        "wound",
        "wound",
        "wound_outcome",  # the 6: D3 mortal wounds, a 2 gives 1, and the attack goes on
        "save",
        "save",  # a 6 (1 mortal wound back) and a 1
        "ward",  # the mortal wound: a 6 ignores it
        "ward",  # the unsaved wound: a 3 keeps it
        "battleshock",
    ]
    assert (out.hits, out.wounds, out.unsaved, out.retaliation) == (3, 2, 1, 1)
    assert (out.mortal_wounds, out.pool, out.slain) == (0, 1, 1)
    assert out.fled == 2  # AOS-10.2: 6 + 1 slain - Bravery 5
    assert out.dice_used == len(dice)


def test_aos_12_2_damage_is_allocated_model_by_model() -> None:
    """D-16, D-17: a Damage 3 blow on W2 models slays one and wounds the next; wounded_first
    finishes the wounded model first, min_slain takes the healthy ones first."""
    blow = AttackProfile(hit=2, wound=2, damage=Dice.fixed(3))
    target = TargetProfile(wounds=(2, 1, 2), save=None)
    dice = [6, 6]  # hit, wound; no save roll for a Save of "-" (D-21)
    first = resolve_attacks([blow], target, ScriptedDice(dice), battleshock=False)
    assert first.wounds_left == (0, 0, 2)  # the 1-wound model, then a whole one
    assert first.slain == 2
    least = resolve_attacks(
        [blow], target, ScriptedDice(dice), CalcOptions(allocation="min_slain"), battleshock=False
    )
    assert least.wounds_left == (0, 1, 1)
    assert least.slain == 1


def test_d_19_rerolls_read_the_unmodified_die_and_happen_once() -> None:
    assert rerolled(1, -1, 3, frozenset({"ones"}), False)
    assert not rerolled(2, -1, 3, frozenset({"ones"}), False)  # fails, but is no 1
    assert rerolled(2, -1, 3, frozenset({"failed"}), False)
    assert not rerolled(1, 2, 3, frozenset({"ones"}), False)  # a 1 that succeeds is kept
    out = resolve_attacks(
        [AttackProfile(hit=4, wound=7, hit_reroll=frozenset({"failed"}))],
        TargetProfile(wounds=(1,), save=None),
        ScriptedDice([1, 2, 6]),
        battleshock=False,
    )
    assert out.log == [("hit", 1), ("hit_reroll", 2)]  # the failing 2 is not re-rolled again
    assert out.hits == 0


def test_core_rng_dice_are_seeded() -> None:
    """The same seed rolls the same attacks; one source rolls on from where it stopped."""
    plan = AttackPlan([replace(EVERYTHING, attacks=Dice.parse("2D6"))], WARDED)
    first = [plan.resolve(RngDice(Rng(11))) for _ in range(2)]
    assert first[0] == first[1]
    dice = RngDice(Rng(11))
    runs = [plan.resolve(dice) for _ in range(200)]
    assert runs[0] == first[0]
    assert len({(r.hits, r.wounds, r.pool) for r in runs}) > 5


def test_calc_12_the_monte_carlo_samples_the_games_resolver() -> None:
    """The cross-check is the resolver itself, its dice from the seeded core RNG."""
    profiles = [replace(EVERYTHING, attacks=Dice.parse("D6"), n_models=3)]
    mc = simulate(profiles, WARDED, trials=50, seed=5)
    plan = AttackPlan(profiles, WARDED)
    dice = RngDice(Rng(5))
    runs = [plan.resolve(dice) for _ in range(50)]
    assert list(mc.damage) == [r.pool for r in runs]
    assert list(mc.slain["wounded_first"]) == [r.slain for r in runs]
    assert list(mc.flee) == [r.fled for r in runs]
    assert list(mc.retaliation) == [r.retaliation for r in runs]
    assert mc.seed == 5 and mc.trials == 50


def test_bad_profiles_are_bitva_errors() -> None:
    with pytest.raises(ProfileError, match="rend"):
        AttackProfile(hit=4, wound=4, rend=1)
    with pytest.raises(ProfileError, match="at least 1 wound"):
        TargetProfile(wounds=(0,))
