"""Property tests: the exact calculator against two independent references (CALC-12).

1. Exact enumeration of every dice sequence through the literal, die-by-die resolver
   (:mod:`bitva.games.age_of_sigmar.calculator.scripted`) for tiny random profiles: equal as
   Fractions.
2. A seeded Monte Carlo simulation (the game's die-by-die resolver, dice from the core RNG) for
   many random profiles: means within 5 standard errors and whole distributions within the
   Dvoretzky-Kiefer-Wolfowitz band at level 1e-6.
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bitva.games.age_of_sigmar.attack import AttackPlan
from bitva.games.age_of_sigmar.calculator.calculator import calculate
from bitva.games.age_of_sigmar.calculator.montecarlo import simulate
from bitva.games.age_of_sigmar.calculator.profiles import (
    AttackProfile,
    CalcOptions,
    TargetProfile,
    Trigger,
)
from bitva.games.age_of_sigmar.calculator.resolve import Situation, resolve
from bitva.games.age_of_sigmar.dice import Dice
from bitva.games.age_of_sigmar.loader import builtin_warscrolls
from bitva.games.age_of_sigmar.rolls import ScriptedDice, ScriptExhausted
from bitva.games.age_of_sigmar.units import default_unit

REROLLS = st.sampled_from(
    [frozenset(), frozenset({"ones"}), frozenset({"failed"}), frozenset({"ones", "failed"})]
)
# The Monte Carlo runs die by die in pure Python (about 30,000 trials a second): the default run
# checks 40 random cases with 5,000 trials each; `-m slow` checks 100 cases with 10,000.
EXAMPLES = 40
TRIAL_COUNT = 5_000
DKW_ALPHA = 1e-6


def dice(options: list[str]) -> st.SearchStrategy[Dice]:
    return st.sampled_from(options).map(Dice.parse)


@st.composite
def hit_triggers(draw: st.DrawFn, small: bool) -> tuple[Trigger, ...]:
    out: list[Trigger] = []
    if draw(st.booleans()):
        hits = draw(dice(["2"] if small else ["2", "D3", "D6"]))
        out.append(Trigger(on=draw(st.integers(4, 6)), unmodified=draw(st.booleans()), hits=hits))
    if draw(st.booleans()):
        amount = draw(dice(["1", "2"] if small else ["1", "D3"]))
        out.append(
            Trigger(on=draw(st.integers(5, 6)), mortal_wounds=amount, end=draw(st.booleans()))
        )
    return tuple(out)


@st.composite
def wound_triggers(draw: st.DrawFn, small: bool) -> tuple[Trigger, ...]:
    out: list[Trigger] = []
    for kind in draw(
        st.lists(st.sampled_from(["rend", "damage", "mortal"]), max_size=2, unique=True)
    ):
        on = draw(st.integers(4, 6))
        unmodified = draw(st.booleans())
        if kind == "rend":
            out.append(Trigger(on=on, unmodified=unmodified, rend=draw(st.integers(-2, -1))))
        elif kind == "damage":
            out.append(
                Trigger(
                    on=on,
                    unmodified=unmodified,
                    damage=draw(dice(["2", "3"] if small else ["3", "D6"])),
                )
            )
        else:
            amount = draw(dice(["1"] if small else ["1", "D3"]))
            out.append(
                Trigger(on=on, unmodified=unmodified, mortal_wounds=amount, end=draw(st.booleans()))
            )
    return tuple(out)


@st.composite
def profiles(draw: st.DrawFn, small: bool = False) -> AttackProfile:
    return AttackProfile(
        hit=draw(st.integers(2, 6)),
        wound=draw(st.integers(2, 6)),
        rend=draw(st.integers(-3, 0)),
        damage=draw(dice(["1", "2"] if small else ["1", "2", "3", "D3", "D6", "D3+1"])),
        attacks=draw(dice(["1"] if small else ["0", "1", "2", "3", "D3", "D6", "2D3"])),
        n_models=1 if small else draw(st.integers(0, 6)),
        extra_attacks=0 if small else draw(st.integers(-1, 1)),
        hit_mod=draw(st.integers(-2, 2)),
        wound_mod=draw(st.integers(-2, 2)),
        hit_reroll=draw(REROLLS),
        wound_reroll=draw(REROLLS),
        hit_triggers=draw(hit_triggers(small)),
        wound_triggers=draw(wound_triggers(small)),
        save_mod=draw(st.integers(-1, 1)),
    )


@st.composite
def targets(draw: st.DrawFn, small: bool = False) -> TargetProfile:
    per_model = draw(st.integers(1, 3 if small else 4))
    n = draw(st.integers(1, 3 if small else 10))
    left = [per_model] * n
    if per_model > 1 and draw(st.booleans()):
        left[-1] = draw(st.integers(1, per_model - 1))  # a unit already damaged
    ward = draw(st.sampled_from([None, 5, 6] if small else [None, 4, 5, 6]))
    save_trigger = draw(st.booleans())
    return TargetProfile(
        wounds=tuple(left),
        save=draw(st.sampled_from([None, 2, 3, 4, 5, 6])),
        save_mod=draw(st.integers(-1, 2)),
        save_reroll=draw(
            st.sampled_from([frozenset(), frozenset({"ones"}), frozenset({"failed"})])
        ),
        ignore_save_mods=draw(st.sampled_from(["none", "none", "rend", "all"])),
        ward=ward,
        mortal_ward=draw(st.sampled_from([None, ward])),
        bravery=draw(st.sampled_from([None, 4, 6, 8])),
        slain_before=draw(st.integers(0, 2)),
        save_triggers=(Trigger(on=6, attacker_mortal_wounds=Dice.fixed(1)),)
        if save_trigger
        else (),
    )


def enumerate_dice(
    profile_list: list[AttackProfile],
    target: TargetProfile,
    options: CalcOptions,
    limit: int = 10_000,
) -> dict[str, dict[int, Fraction]]:
    """Every dice sequence the literal resolver can consume, each with chance 6^-length."""
    laws: dict[str, dict[int, Fraction]] = {
        k: defaultdict(Fraction) for k in ("pool", "slain", "fled", "retaliation")
    }
    stack: list[tuple[int, ...]] = [()]
    runs = 0
    plan = AttackPlan(profile_list, target, options)  # the resolver of resolve_scripted
    while stack:
        prefix = stack.pop()
        runs += 1
        if runs > limit:
            return {}
        try:
            out = plan.resolve(ScriptedDice(prefix))
        except ScriptExhausted:
            stack.extend((*prefix, face) for face in range(1, 7))
            continue
        weight = Fraction(1, 6 ** len(prefix))
        laws["pool"][out.pool] += weight
        laws["slain"][out.slain] += weight
        laws["fled"][out.fled] += weight
        laws["retaliation"][out.retaliation] += weight
    return laws


@settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(profile=profiles(small=True), target=targets(small=True), one_fails=st.booleans())
def test_calc_5_to_10_equal_literal_enumeration_of_all_dice(
    profile: AttackProfile, target: TargetProfile, one_fails: bool
) -> None:
    options = CalcOptions(natural_one_fails=one_fails)
    laws = enumerate_dice([profile], target, options)
    assume(laws)  # skip the rare tree too large to enumerate quickly
    r = calculate([profile], target, options, exact=True)
    assert {w: p for w, p in enumerate(r.damage_pmf) if p} == {
        w: p for w, p in laws["pool"].items() if p
    }
    slain = r.slain_pmf["wounded_first"]
    assert {k: p for k, p in enumerate(slain) if p} == {k: p for k, p in laws["slain"].items() if p}
    assert {k: p for k, p in enumerate(r.flee_pmf) if p} == {
        k: p for k, p in laws["fled"].items() if p
    }
    assert r.mean_retaliation == sum(k * p for k, p in laws["retaliation"].items())


def dkw_band(n: int) -> float:
    return math.sqrt(math.log(2 / DKW_ALPHA) / (2 * n))


def assert_same_law(exact_pmf: np.ndarray, samples: np.ndarray) -> None:  # type: ignore[type-arg]
    """Largest CDF gap within the DKW band: P(gap > band) <= 1e-6 if the laws are equal."""
    size = max(len(exact_pmf), int(samples.max()) + 1)
    exact = np.zeros(size)
    exact[: len(exact_pmf)] = exact_pmf
    sampled = np.bincount(samples, minlength=size) / len(samples)
    gap = np.abs(np.cumsum(exact) - np.cumsum(sampled)).max()
    assert gap <= dkw_band(len(samples)), gap


def assert_same_mean(exact_pmf: np.ndarray, samples: np.ndarray) -> None:  # type: ignore[type-arg]
    values = np.arange(len(exact_pmf))
    mean = float(values @ exact_pmf)
    sd = math.sqrt(max(0.0, float(values**2 @ exact_pmf) - mean**2))
    assert abs(samples.mean() - mean) <= 5 * sd / math.sqrt(len(samples)) + 1e-9


def check_against_monte_carlo(
    profile_list: list[AttackProfile], target: TargetProfile, options: CalcOptions, trials: int
) -> None:
    """CALC-12: the exact laws against `trials` seeded die-by-die runs of the game's resolver:
    whole laws within the DKW band and means within 5 standard errors (both adapt to n)."""
    r = calculate(profile_list, target, options)
    assert abs(r.total_probability - 1) < 1e-9
    mc = simulate(profile_list, target, options, trials=trials, seed=20150704)
    assert_same_law(r.damage_pmf, mc.damage)
    assert_same_mean(r.damage_pmf, mc.damage)
    for name in ("wounded_first", "min_slain"):
        assert_same_law(r.slain_pmf[name], mc.slain[name])  # type: ignore[index]
        assert_same_mean(r.slain_pmf[name], mc.slain[name])  # type: ignore[index]
    assert_same_law(r.flee_pmf, mc.flee)
    assert_same_law(r.losses_pmf, mc.losses)
    assert_same_mean(r.losses_pmf, mc.losses)
    mean, se = mc.mean_and_se(mc.retaliation)
    assert abs(mean - float(r.mean_retaliation)) <= 5 * se + 3 / trials


CASES = {
    "profile_list": st.lists(profiles(), min_size=1, max_size=3),
    "target": targets(),
    "one_fails": st.booleans(),
    "policy": st.sampled_from(["wounded_first", "min_slain"]),
}


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(**CASES)
def test_calc_12_exact_agrees_with_seeded_monte_carlo(
    profile_list: list[AttackProfile], target: TargetProfile, one_fails: bool, policy: str
) -> None:
    options = CalcOptions(allocation=policy, natural_one_fails=one_fails)  # type: ignore[arg-type]
    check_against_monte_carlo(profile_list, target, options, TRIAL_COUNT)


@pytest.mark.slow
@settings(
    max_examples=100, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(**CASES)
def test_calc_12_exact_agrees_with_10000_trials_for_100_cases(
    profile_list: list[AttackProfile], target: TargetProfile, one_fails: bool, policy: str
) -> None:
    options = CalcOptions(allocation=policy, natural_one_fails=one_fails)  # type: ignore[arg-type]
    check_against_monte_carlo(profile_list, target, options, 10_000)


@pytest.mark.slow
def test_calc_12_every_shipped_pair_against_100000_trials() -> None:
    """CALC-12: 10^5 trials per shipped pair and phase; each mean within 4 standard errors."""
    scrolls = builtin_warscrolls()
    for attacker in scrolls.values():
        for target in scrolls.values():
            for situation in (Situation(), Situation(phase="shooting", cover=True)):
                res = resolve(default_unit(attacker), default_unit(target), situation)
                if not res.profiles:
                    continue
                r = calculate(res.profiles, res.target)
                mc = simulate(res.profiles, res.target, trials=100_000, seed=1)
                for law, samples in (
                    (r.damage_pmf, mc.damage),
                    (r.slain_pmf["wounded_first"], mc.slain["wounded_first"]),
                    (r.losses_pmf, mc.losses),
                ):
                    values = np.arange(len(law))
                    mean = float(values @ law)
                    se = math.sqrt(max(0.0, float(values**2 @ law) - mean**2) / mc.trials)
                    assert abs(samples.mean() - mean) <= 4 * se + 1e-9, (attacker.id, target.id)
