"""Every worked example of rules section 8 that concerns attacks (T-1 is in test_aos_dice)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from bitva.games.age_of_sigmar.calculator import pmf as P
from bitva.games.age_of_sigmar.calculator.allocation import (
    allocate_one_by_one,
    fleeing,
    slain_by_pool,
)
from bitva.games.age_of_sigmar.calculator.calculator import calculate, mean_against_save
from bitva.games.age_of_sigmar.calculator.exact import face_chances, unsaved_chance
from bitva.games.age_of_sigmar.calculator.profiles import AttackProfile, CalcOptions, TargetProfile
from bitva.games.age_of_sigmar.calculator.resolve import (
    Situation,
    TargetInfo,
    attack_profiles,
    attack_weapons,
    resolve,
    target_profile,
)
from bitva.games.age_of_sigmar.calculator.scripted import resolve_scripted
from bitva.games.age_of_sigmar.dice import Dice
from bitva.games.age_of_sigmar.units import ModelSpec, UnitSpec, default_unit

from .helpers import bloodreavers, br_target, liberators, scroll


def test_t_2_reroll_before_modifiers_once() -> None:
    """AOS-1.6, D-19: hit dice 1, 1, 2, re-rolls of the two 1s: 2, 1 -> hits on attacks 1, 3."""
    prime = liberators("paired_warblades")
    khorgorath = default_unit(scroll("khorgorath"))
    res = resolve(prime, khorgorath, Situation())
    [warblade] = res.profiles
    assert (warblade.attacks.bonus + warblade.extra_attacks, warblade.hit) == (3, 3)
    assert warblade.hit_mod == 1  # Lay Low the Tyrants: Wounds 6 >= 5
    assert warblade.hit_reroll == {"ones"}  # Paired Weapons
    dice = [1, 1, 2, 2, 1, 6, 6, 1, 1]  # hits (with re-rolls), wounds, saves
    out = resolve_scripted(res.profiles, res.target, dice, battleshock=False)
    assert out.log[:5] == [
        ("hit", 1),
        ("hit", 1),
        ("hit", 2),
        ("hit_reroll", 2),
        ("hit_reroll", 1),
    ]
    assert out.hits == 2
    # The same rule in CALC-3's closed form: face 1 only after re-rolling a 1.
    q = face_chances(1, 3, frozenset({"ones"}), False, exact=True)
    assert q == [Fraction(1, 36)] + [Fraction(7, 36)] * 5
    assert sum(q[1:]) == Fraction(35, 36)


def t3_attackers() -> UnitSpec:
    return liberators(
        "warhammer_shield",
        "warhammer_shield",
        "warhammer_shield",
        "warhammer_shield",
        "grandhammer",
    )


def test_t_3_attack_sequence_spill_and_battleshock() -> None:
    """AOS-11, AOS-12, D-16: 21 dice, pool 4 slays four Bloodreavers (two by one blow); the
    battleshock die 3 makes 2 of the 6 left flee."""
    res = resolve(t3_attackers(), bloodreavers(10), Situation())
    names = [p.name for p in res.profiles]
    assert names == ["Warhammer (Liberator-Prime)", "Warhammer", "Grandhammer"]
    hits = [1, 2, 3, 4, 4, 5, 6, 6, 2]
    wounds = [1, 3, 5, 6, 2]
    saves = [6, 2, 4]
    grand = [5, 3, 4, 6]
    out = resolve_scripted(res.profiles, res.target, hits + wounds + saves + grand + [3])
    assert out.dice_used == 22  # 21 attack dice and the battleshock die
    assert [step for step, _ in out.log].count("battleshock") == 1
    assert (out.hits, out.wounds, out.unsaved) == (5 + 1, 3 + 1, 2 + 1)
    assert out.pool == 4
    assert out.slain == 4
    assert out.fled == 2
    assert res.target.n_models - out.slain - out.fled == 4


def test_t_4_battleshock() -> None:
    """AOS-10.2: 20 Bloodreavers, 7 slain, die 4: 5 flee; with an icon 4; Inspiring Presence none;
    3 left after 8 slain, die 6: all 3 flee."""
    twenty = bloodreavers(20)
    plain = target_profile(twenty, Situation(), [])
    assert plain.bravery == 5
    assert fleeing(plain, 7, 4) == 5
    with_icon = UnitSpec(
        twenty.warscroll, (*twenty.models[:-1], ModelSpec("reaver_blades", tags=("icon",)))
    )
    iconic = target_profile(with_icon, Situation(), [])
    assert iconic.bravery == 6
    assert fleeing(iconic, 7, 4) == 4
    inspired = target_profile(twenty, Situation(inspiring_presence=True), [])
    assert fleeing(inspired, 7, 4) == 0
    eleven = target_profile(bloodreavers(11), Situation(), [])
    assert fleeing(eleven, 8, 6) == 3


def test_t_7_cover_and_charge() -> None:
    """AOS-13.1, D-22: no cover in the combat phase of the turn the Liberators charged; in the
    next turn the save die 3 + 1 = 4 saves."""
    libs = default_unit(scroll("liberators"))
    attacker = bloodreavers(1, champion=False)
    charged = resolve(attacker, libs, Situation(cover=True, target_charged=True))
    later = resolve(attacker, libs, Situation(cover=True))
    assert charged.target.save_mod == 0
    assert later.target.save_mod == 1
    dice = [5, 5, 3]  # hit, wound, save
    assert resolve_scripted(charged.profiles, charged.target, dice, battleshock=False).unsaved == 1
    assert resolve_scripted(later.profiles, later.target, dice, battleshock=False).unsaved == 0


def test_t_9_mortal_wounds_allocation() -> None:
    """AOS-12.4, D-17: 3 mortal wounds on five Liberators, one with 1 wound left."""
    left = [2, 1, 2, 2, 2]
    assert slain_by_pool(left, "wounded_first", 3) == 2
    assert slain_by_pool(left, "min_slain", 3) == 1
    after = allocate_one_by_one(left, "min_slain", 3)
    assert after.count(0) == 1
    assert after.count(1) == 2  # two wounded models


def t14a() -> tuple[list[AttackProfile], TargetProfile]:
    res = resolve(liberators(*["warhammer_shield"] * 5), bloodreavers(10), Situation())
    return res.profiles, res.target


def test_t_14a_calculator_exact_values() -> None:
    profiles, target = t14a()
    r = calculate(profiles, target, exact=True)
    assert P.mean(r.damage_pmf) == Fraction(55, 18)
    assert r.damage_pmf[0] == Fraction(13, 18) ** 11
    assert r.percentiles == {10: 1, 25: 2, 50: 3, 75: 4, 90: 5}
    assert r.wipe_probability() == Fraction(361328125, 16067102519808)
    assert r.wipe_probability("min_slain") == Fraction(361328125, 16067102519808)
    assert float(P.mean(r.flee_pmf)) == pytest.approx(1.7721, abs=5e-5)
    assert float(P.mean(r.losses_pmf)) == pytest.approx(4.8276, abs=5e-5)
    assert r.gone_probability == Fraction(39119459375, 502096953744)
    assert sum(r.damage_pmf) == 1 and sum(r.losses_pmf) == 1


def test_t_14b_paired_warhammers() -> None:
    res = resolve(liberators(*["paired_warhammers"] * 5), bloodreavers(10), Situation())
    r = calculate(res.profiles, res.target, exact=True)
    assert P.mean(r.damage_pmf) == Fraction(385, 108)


def test_t_14c_one_warhammer_attack_against_every_save() -> None:
    hammer = AttackProfile(hit=4, wound=3)
    target = br_target()
    means = [
        mean_against_save([hammer], target, CalcOptions(), s, exact=True)
        for s in (2, 3, 4, 5, 6, None)
    ]
    assert means == [
        Fraction(1, 18),
        Fraction(1, 9),
        Fraction(1, 6),
        Fraction(2, 9),
        Fraction(5, 18),
        Fraction(1, 3),
    ]
    r = calculate([hammer], target, exact=True)
    assert list(r.mean_vs_save.values()) == means


def test_t_14d_two_grandhammer_attacks() -> None:
    grand = AttackProfile(hit=4, wound=3, rend=-1, damage=Dice.fixed(2), attacks=Dice.fixed(2))
    r = calculate([grand], br_target(), exact=True)
    assert list(r.damage_pmf) == [Fraction(4, 9), 0, Fraction(4, 9), 0, Fraction(1, 9)]
    slain = r.slain_pmf["wounded_first"]
    assert [slain[k] for k in (0, 2, 4)] == [Fraction(4, 9), Fraction(4, 9), Fraction(1, 9)]


def test_t_14e_runeblade_against_khorgorath() -> None:
    khorgorath = default_unit(scroll("khorgorath"))
    lord = default_unit(scroll("lord_celestant"))
    info = TargetInfo(frozenset(khorgorath.warscroll.keywords), 6)
    profiles = attack_profiles(lord, Situation(), info, khorgorath)
    [runeblade] = [p for p in profiles if p.name == "Sigmarite Runeblade"]
    target = target_profile(khorgorath, Situation(), attack_weapons(lord, Situation()))
    r = calculate([runeblade], target, exact=True)
    one = calculate([replace(runeblade, attacks=Dice.fixed(1))], target, exact=True)
    assert P.mean(one.damage_pmf) == Fraction(8, 27)
    assert P.mean(r.damage_pmf) == Fraction(32, 27)
    assert r.damage_pmf[0] == Fraction(130321, 531441)


def test_t_14f_dice_damage_through_a_ward() -> None:
    """CALC-4: D3 damage thinned by a 5+ ward."""
    test = AttackProfile(hit=3, wound=3, rend=-1, damage=Dice.parse("D3"))
    target = TargetProfile(wounds=(10,), save=4, ward=5, mortal_ward=5)
    r = calculate([test], target, exact=True)
    assert list(r.damage_pmf) == [
        Fraction(1643, 2187),
        Fraction(32, 243),
        Fraction(64, 729),
        Fraction(64, 2187),
    ]
    assert P.mean(r.damage_pmf) == Fraction(32, 81)


def test_t_16_no_auto_fail_with_cover_and_mystic_shield() -> None:
    """D-18: a 3+ save with cover and Mystic Shield saves on a 1."""
    lord = default_unit(scroll("lord_celestant"))
    res = resolve(bloodreavers(1, champion=False), lord, Situation(cover=True, mystic_shield=True))
    assert res.target.save == 3 and res.target.save_mod == 2
    [blades] = res.profiles
    assert unsaved_chance(blades, res.target, 0, CalcOptions(), exact=True) == 0
    out = resolve_scripted(res.profiles, res.target, [6, 6, 1], battleshock=False)
    assert (out.wounds, out.unsaved) == (1, 0)
    house = CalcOptions(natural_one_fails=True)
    assert unsaved_chance(blades, res.target, 0, house, exact=True) == Fraction(1, 6)


def test_t_20_pooling_with_multi_wound_models() -> None:
    """D-17: 5 Blood Warriors (W2), one with 1 wound left."""
    warriors = default_unit(scroll("blood_warriors"), wounds_taken=1)
    left = warriors.remaining_wounds()
    assert sorted(left) == [1, 2, 2, 2, 2]
    for policy in ("wounded_first", "min_slain"):
        assert slain_by_pool(left, policy, 4) == 2
        assert sum(allocate_one_by_one(left, policy, 4)) == 5
    assert slain_by_pool(left, "wounded_first", 3) == 2
    assert slain_by_pool(left, "min_slain", 3) == 1
