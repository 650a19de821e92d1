"""The calculator's rules one by one (CALC-3 to CALC-11, D-16 to D-21), hand-computed."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from bitva.core import Rng
from bitva.games.age_of_sigmar.calculator import pmf as P
from bitva.games.age_of_sigmar.calculator.allocation import (
    allocate_one_by_one,
    allocated_pmf,
    slain_by_pool,
    slain_table,
)
from bitva.games.age_of_sigmar.calculator.calculator import calculate
from bitva.games.age_of_sigmar.calculator.exact import face_chances, total_wounds, unsaved_chance
from bitva.games.age_of_sigmar.calculator.profiles import (
    AttackProfile,
    CalcOptions,
    ProfileError,
    TargetProfile,
    Trigger,
    parse_profile,
)
from bitva.games.age_of_sigmar.calculator.resolve import Situation, resolve
from bitva.games.age_of_sigmar.calculator.scripted import resolve_scripted
from bitva.games.age_of_sigmar.dice import Dice
from bitva.games.age_of_sigmar.loader import builtin_warscrolls
from bitva.games.age_of_sigmar.units import default_unit

from .helpers import br_target

F = Fraction
ONE = AttackProfile(hit=2, wound=2)  # hits and wounds on 2+
EXACT = {"exact": True}


def wounds(profile: AttackProfile, target: TargetProfile, **opts: bool) -> list[Fraction]:
    return list(total_wounds([profile], target, CalcOptions(**opts), exact=True))  # type: ignore[arg-type]


# CALC-3 and D-19: re-rolls


@pytest.mark.parametrize(
    ("target", "mod", "reroll", "success"),
    [
        (4, 0, frozenset(), F(1, 2)),
        (4, 0, frozenset({"ones"}), F(1, 2) + F(1, 6) * F(1, 2)),
        (4, 0, frozenset({"failed"}), F(1, 2) + F(1, 2) * F(1, 2)),
        (4, 0, frozenset({"any"}), F(3, 4)),
        (4, 0, frozenset({"ones", "failed"}), F(3, 4)),
        (3, 1, frozenset({"ones"}), F(35, 36)),  # T-2: the 1 fails (1 + 1 < 3): re-rolled
        (2, 1, frozenset({"ones"}), F(1)),  # a 1 that succeeds (1 + 1 >= 2) is kept
        (5, -1, frozenset({"failed"}), F(1, 6) + F(5, 6) * F(1, 6)),  # only a 6 hits
    ],
)
def test_calc_3_rerolls_before_modifiers(
    target: int, mod: int, reroll: frozenset[str], success: Fraction
) -> None:
    q = face_chances(mod, target, reroll, False, exact=True)  # type: ignore[arg-type]
    assert sum(q) == 1
    assert sum(p for face, p in enumerate(q, 1) if face + mod >= target) == success


def test_d_19_reroll_of_ones_reads_the_unmodified_die() -> None:
    """A -1 to hit makes a 2 fail, yet "re-roll 1s" only re-rolls natural 1s."""
    q = face_chances(-1, 3, frozenset({"ones"}), False, exact=True)
    assert q[1] == F(7, 36)  # face 2: kept even though 2 - 1 fails
    assert sum(q[3:]) == F(3, 6) + F(1, 36) * 3


def test_d_19_rerolled_die_is_never_rerolled_again() -> None:
    out = resolve_scripted(
        [AttackProfile(hit=4, wound=7, hit_reroll=frozenset({"failed"}))],
        TargetProfile(wounds=(1,), save=None),
        [2, 3, 6],
        battleshock=False,
    )
    assert out.log[:2] == [("hit", 2), ("hit_reroll", 3)]
    assert out.hits == 0


# D-18, D-21: no automatic success or failure; "-" never saves


def test_d_18_modifiers_make_a_1_succeed() -> None:
    profile = AttackProfile(hit=3, wound=3, hit_mod=2, wound_mod=2)
    assert wounds(profile, TargetProfile(wounds=(5,), save=None)) == [0, 1]
    house = wounds(profile, TargetProfile(wounds=(5,), save=None), natural_one_fails=True)
    assert house == [1 - F(25, 36), F(25, 36)]


def test_d_18_modifiers_make_a_6_fail() -> None:
    profile = AttackProfile(hit=4, wound=4, hit_mod=-3)
    assert wounds(profile, TargetProfile(wounds=(5,), save=None)) == [1]


def test_d_21_no_save_cannot_be_made_by_any_modifier() -> None:
    target = TargetProfile(wounds=(5,), save=None, save_mod=3, save_reroll=frozenset({"failed"}))
    assert unsaved_chance(ONE, target, 0, CalcOptions(), **EXACT) == 1
    assert wounds(ONE, target) == [F(11, 36), F(25, 36)]


# CALC-4: save, rend, ethereal, ward


def test_calc_4_rend_and_save_modifiers() -> None:
    target = TargetProfile(wounds=(5,), save=4, save_mod=1)
    assert unsaved_chance(ONE, target, -2, CalcOptions(), **EXACT) == F(2, 3)  # needs 5+
    rerolling = replace(target, save_reroll=frozenset({"ones"}))
    assert unsaved_chance(ONE, rerolling, 0, CalcOptions(), **EXACT) == F(2, 6) - F(1, 6) * F(4, 6)


def test_calc_4_ethereal_ignores_rend_or_all_modifiers() -> None:
    base = TargetProfile(wounds=(5,), save=4, save_mod=1)
    rend = replace(base, ignore_save_mods="rend")
    every = replace(base, ignore_save_mods="all")
    assert unsaved_chance(ONE, rend, -3, CalcOptions(), **EXACT) == F(1, 3)  # 3+ with +1 only
    assert unsaved_chance(ONE, every, -3, CalcOptions(), **EXACT) == F(1, 2)


def test_calc_4_ward_thins_each_wound_point() -> None:
    profile = AttackProfile(hit=1, wound=1, damage=Dice.fixed(3))
    target = TargetProfile(wounds=(5,), save=None, ward=4)
    assert wounds(profile, target) == [F(1, 8), F(3, 8), F(3, 8), F(1, 8)]


# CALC-5 and CALC-6: triggers on unmodified rolls (D-20)


def test_calc_6_extra_hits_on_unmodified_six() -> None:
    profile = AttackProfile(
        hit=4, wound=1, hit_mod=-1, hit_triggers=(Trigger(on=6, hits=Dice.fixed(3)),)
    )
    w = wounds(profile, TargetProfile(wounds=(9,), save=None))
    # faces 5 hit once (5 - 1 >= 4), the 6 scores 3 hits; modified 6 - 1 = 5 still hits
    assert w == [F(4, 6), F(1, 6), 0, F(1, 6)]


def test_calc_6_modified_trigger_reads_the_total() -> None:
    trig = Trigger(on=6, unmodified=False, hits=Dice.fixed(2))
    profile = AttackProfile(hit=4, wound=1, hit_mod=1, hit_triggers=(trig,))
    w = wounds(profile, TargetProfile(wounds=(9,), save=None))
    assert w == [F(2, 6), F(2, 6), F(2, 6)]  # 5 and 6 (+1 >= 6) score 2


def test_calc_6_mortal_wounds_on_hit_end_or_continue() -> None:
    end = Trigger(on=6, mortal_wounds=Dice.fixed(1), end=True)
    cont = replace(end, end=False)
    target = TargetProfile(wounds=(9,), save=None)
    base = AttackProfile(hit=4, wound=4, damage=Dice.fixed(2))
    # end: a 6 gives exactly 1 mortal wound, no wound roll
    assert wounds(replace(base, hit_triggers=(end,)), target) == [
        F(3, 6) + F(2, 6) * F(1, 2),
        F(1, 6),
        F(2, 6) * F(1, 2),
    ]
    # continue: the 6 also rolls to wound (2 damage on 4+)
    assert wounds(replace(base, hit_triggers=(cont,)), target) == [
        F(3, 6) + F(2, 6) * F(1, 2),
        F(1, 6) * F(1, 2),
        F(2, 6) * F(1, 2),
        F(1, 6) * F(1, 2),
    ]


def test_d_20_mortal_wounds_fire_on_the_die_alone() -> None:
    """A 6 that misses because of -3 to hit still causes its mortal wound."""
    trig = Trigger(on=6, mortal_wounds=Dice.fixed(1), end=False)
    profile = AttackProfile(hit=4, wound=1, hit_mod=-3, hit_triggers=(trig,))
    assert wounds(profile, TargetProfile(wounds=(9,), save=None)) == [F(5, 6), F(1, 6)]


def test_calc_5_wound_triggers_rend_damage_and_mortal() -> None:
    target = TargetProfile(wounds=(20,), save=4)
    rend = AttackProfile(hit=1, wound=4, wound_triggers=(Trigger(on=6, rend=-2),))
    # faces 4, 5: save 4+ (unsaved 1/2); face 6: rend -2, save needs 6+ (unsaved 5/6)
    assert wounds(rend, target)[1] == F(2, 6) * F(1, 2) + F(1, 6) * F(5, 6)
    dmg = AttackProfile(hit=1, wound=4, wound_triggers=(Trigger(on=6, damage=Dice.fixed(3)),))
    assert wounds(dmg, target) == [F(3, 6) + F(3, 6) * F(1, 2), F(2, 6) * F(1, 2), 0, F(1, 12)]
    mw = Trigger(on=6, mortal_wounds=Dice.parse("D3"), end=True)
    mortal = AttackProfile(hit=1, wound=4, wound_triggers=(mw,))
    w = wounds(mortal, replace(target, mortal_ward=5))
    assert sum(w) == 1
    assert P.mean(np.array(w, dtype=object)) == F(2, 6) * F(1, 2) + F(1, 6) * 2 * F(2, 3)


def test_calc_5_several_damage_outcomes_most_specific_wins() -> None:
    triggers = (Trigger(on=5, damage=Dice.fixed(2)), Trigger(on=6, damage=Dice.fixed(4)))
    profile = AttackProfile(hit=1, wound=5, wound_triggers=triggers)
    assert wounds(profile, TargetProfile(wounds=(9,), save=None)) == [
        F(4, 6),
        0,
        F(1, 6),
        0,
        F(1, 6),
    ]


# CALC-7: attack counts and zero attacks


def test_calc_7_dice_attacks_are_rolled_per_model() -> None:
    profile = AttackProfile(hit=1, wound=1, attacks=Dice.parse("D3"), n_models=2)
    w = wounds(profile, TargetProfile(wounds=(1,) * 9, save=None))
    assert w == [0, 0, F(1, 9), F(2, 9), F(3, 9), F(2, 9), F(1, 9)]


@pytest.mark.parametrize(
    "profile",
    [
        AttackProfile(hit=4, wound=4, n_models=0),
        AttackProfile(hit=4, wound=4, attacks=Dice.fixed(0), n_models=5),
        AttackProfile(hit=4, wound=4, attacks=Dice.fixed(1), extra_attacks=-1, n_models=5),
    ],
)
def test_calc_7_zero_attacks(profile: AttackProfile) -> None:
    r = calculate([profile], br_target(), exact=True)
    assert list(r.damage_pmf) == [1]
    assert r.slain_pmf["wounded_first"][0] == 1
    assert r.losses_pmf[0] == 1  # nobody slain: no battleshock test (AOS-10.1)
    assert calculate([], br_target()).mean_damage == 0


def test_calc_7_negative_extra_attacks_never_go_below_zero() -> None:
    profile = AttackProfile(hit=1, wound=1, attacks=Dice.parse("D3"), extra_attacks=-2)
    assert wounds(profile, TargetProfile(wounds=(1,) * 3, save=None)) == [F(2, 3), F(1, 3)]


# CALC-8, CALC-9, D-16, D-17: allocation


def test_d_16_damage_spills_to_the_next_model() -> None:
    """A Damage 2 blow can slay two 1-wound models; 3 damage on W2 models slays one and wounds
    the next, and a later blow finishes it."""
    blow = AttackProfile(hit=1, wound=1, damage=Dice.fixed(2))
    r = calculate([blow], TargetProfile(wounds=(1,) * 5, save=None), exact=True)
    assert r.slain_pmf["wounded_first"][2] == 1
    assert slain_by_pool([2, 2, 2], "wounded_first", 3) == 1
    assert slain_by_pool([2, 2, 2], "wounded_first", 4) == 2
    assert allocate_one_by_one([2, 2, 2], "wounded_first", 3) == [0, 1, 2]


def test_calc_9_policies_match_one_wound_at_a_time_allocation() -> None:
    rng = Rng(7)
    for _ in range(200):
        left = [rng.below(4) + 1 for _ in range(rng.below(7) + 1)]
        for policy in ("wounded_first", "min_slain"):
            table = slain_table(left, policy, sum(left) + 3)
            for pool in range(sum(left) + 4):
                literal = allocate_one_by_one(left, policy, pool).count(0)
                assert literal == slain_by_pool(left, policy, pool) == table[pool]


def test_calc_9_wounded_first_bounds_min_slain() -> None:
    profile = AttackProfile(hit=3, wound=3, damage=Dice.parse("D3"), attacks=Dice.fixed(6))
    target = TargetProfile(wounds=(1, 3, 3, 2), save=5)
    r = calculate([profile], target)
    assert r.mean_slain("wounded_first") >= r.mean_slain("min_slain")
    assert float(r.wipe_probability()) == pytest.approx(float(r.damage_tail[9]))


def test_calc_11_damaged_unit_and_allocated_damage() -> None:
    """A unit already damaged: 3 Blood Warriors, one with 1 wound left (AOS-12.2)."""
    warriors = default_unit(builtin_warscrolls()["blood_warriors"], models=3, wounds_taken=1)
    res = resolve(default_unit(builtin_warscrolls()["khorgorath"]), warriors, Situation())
    assert sorted(res.target.wounds) == [1, 2, 2]
    r = calculate(res.profiles, res.target)
    assert r.allocated_pmf[-1] == pytest.approx(float(r.wipe_probability()))
    assert len(r.allocated_pmf) == 6
    assert sum(r.allocated_pmf) == pytest.approx(1, abs=1e-12)
    assert len(r.damage_pmf) > 6  # W is not capped by the wounds left
    assert list(allocated_pmf(np.array([F(1, 2), F(1, 2)], dtype=object), res.target)) == [
        F(1, 2),
        F(1, 2),
    ]


# CALC-10: battleshock


def test_calc_10_battleshock_bonus_per_ten_models_and_earlier_losses() -> None:
    target = TargetProfile(wounds=(1,) * 25, save=None, bravery=5, slain_before=2)
    blow = AttackProfile(hit=1, wound=1, damage=Dice.fixed(3))
    r = calculate([blow], target, exact=True)
    # 3 slain, 22 left: Br 5 + 2; die d: d + 2 + 3 - 7 flee
    assert list(r.flee_pmf[:5]) == [F(2, 6), F(1, 6), F(1, 6), F(1, 6), F(1, 6)]
    immune = calculate([blow], replace(target, battleshock_immune=True), exact=True)
    assert immune.flee_pmf[0] == 1
    nothing = calculate([AttackProfile(hit=7, wound=7)], target, exact=True)
    # slain earlier this turn: still tests (AOS-10.1); 25 left, Br 7: only a 6 flees one
    assert list(nothing.flee_pmf[:2]) == [F(5, 6), F(1, 6)]


def test_calc_11_percentiles_are_least_values_reaching_p() -> None:
    law = np.array([F(1, 10), F(15, 100), F(25, 100), F(1, 2)], dtype=object)
    assert [P.percentile(law, p) for p in (0.1, 0.25, 0.5, 0.75, 0.9)] == [0, 1, 2, 3, 3]


# The whole shipped content: exact laws sum to 1 (issue "done when")


def test_every_shipped_pair_sums_to_one_within_1e_9() -> None:
    scrolls = builtin_warscrolls()
    for a in scrolls.values():
        for t in scrolls.values():
            for situation in (Situation(), Situation(phase="shooting", cover=True)):
                for size in (None, 40):
                    res = resolve(
                        default_unit(a, models=size), default_unit(t, models=size), situation
                    )
                    r = calculate(res.profiles, res.target)
                    assert abs(r.total_probability - 1) < 1e-9
                    for law in (*r.slain_pmf.values(), r.losses_pmf, r.flee_pmf, r.allocated_pmf):
                        assert abs(float(law.sum()) - 1) < 1e-9
                    assert (r.damage_pmf >= 0).all()


def test_float_and_fraction_paths_agree() -> None:
    profile = AttackProfile(
        hit=3,
        wound=4,
        rend=-1,
        damage=Dice.parse("D3"),
        attacks=Dice.parse("D6"),
        n_models=3,
        hit_reroll=frozenset({"ones"}),
        hit_triggers=(Trigger(on=6, hits=Dice.fixed(2)),),
        wound_triggers=(Trigger(on=6, mortal_wounds=Dice.fixed(1), end=False),),
    )
    target = TargetProfile(wounds=(2, 2, 2, 1), save=5, ward=6, bravery=6)
    exact = calculate([profile], target, exact=True)
    fast = calculate([profile], target)
    assert np.allclose([float(x) for x in exact.damage_pmf], fast.damage_pmf, atol=1e-14)
    assert float(exact.gone_probability) == pytest.approx(fast.gone_probability, abs=1e-14)


# Ad-hoc profile strings (issue item 3)


def test_profile_string() -> None:
    p = parse_profile("5x2/4+/3+/-1/D3")
    assert (p.n_models, p.attacks, p.hit, p.wound, p.rend, p.damage) == (
        5,
        Dice.fixed(2),
        4,
        3,
        -1,
        Dice.parse("D3"),
    )
    assert parse_profile("D6/3/4/-/2").rend == 0
    assert parse_profile("40xD6/3+/3+/-1/D3").n_models == 40


@pytest.mark.parametrize(
    "bad",
    [
        "5x2/4+/3+/-1",
        "5x2/7+/3+/-1/D3",
        "5x2/4+/3+/+1/D3",
        "5x2/4+/3+/-1/D5",
        "abc",
        "0x2/4+/3+/0/1",
    ],
)
def test_bad_profile_strings(bad: str) -> None:
    with pytest.raises(ProfileError):
        parse_profile(bad)
