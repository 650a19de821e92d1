"""Timings of the exact calculator on its largest cases, and an exact-versus-Monte-Carlo check
(CALC-12). Rendered by ``bitva calc aos-bench``."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

import numpy as np

from bitva.games.age_of_sigmar.calculator.calculator import CalcResult, calculate
from bitva.games.age_of_sigmar.calculator.montecarlo import simulate
from bitva.games.age_of_sigmar.calculator.profiles import (
    AttackProfile,
    TargetProfile,
    Trigger,
    parse_profile,
)
from bitva.games.age_of_sigmar.calculator.resolve import Resolution, Situation, resolve
from bitva.games.age_of_sigmar.dice import Dice
from bitva.games.age_of_sigmar.loader import builtin_warscrolls
from bitva.games.age_of_sigmar.units import default_unit


@dataclass(frozen=True)
class Timing:
    case: str
    seconds: float
    support: int
    total_probability: float


@dataclass(frozen=True)
class Comparison:
    statistic: str
    exact: float
    sampled: float
    standard_error: float

    @property
    def z(self) -> float:
        diff = self.sampled - self.exact
        return diff / self.standard_error if self.standard_error > 0 else 0.0


def _best_of(repeat: int, run: Callable[[], CalcResult]) -> tuple[float, CalcResult]:
    best = math.inf
    result: CalcResult | None = None
    for _ in range(max(1, repeat)):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    assert result is not None
    return best, result


def _timing(case: str, repeat: int, run: Callable[[], CalcResult]) -> Timing:
    seconds, result = _best_of(repeat, run)
    return Timing(case, seconds, len(result.damage_pmf), result.total_probability)


def _run(res: Resolution) -> CalcResult:
    return calculate(res.profiles, res.target)


def heavy_profile() -> AttackProfile:
    """40 models with D6 attacks each and every feature at once: re-rolls, exploding hits,
    mortal wounds, rend and damage outcomes."""
    base = parse_profile("40xD6/3+/3+/-1/D3")
    return replace(
        base,
        name="40xD6/3+/3+/-1/D3, re-roll failed hits and wounds, 6s: D3 hits, 6s: D3 MW + rend -2",
        hit_reroll=frozenset({"failed"}),
        wound_reroll=frozenset({"failed"}),
        hit_triggers=(Trigger(on=6, hits=Dice.parse("D3")),),
        wound_triggers=(
            Trigger(on=6, mortal_wounds=Dice.parse("D3"), end=False),
            Trigger(on=6, rend=-2),
        ),
    )


def timings(repeat: int = 3) -> list[Timing]:
    """The largest cases: 40-model units with dice attacks, and every shipped pair."""
    out: list[Timing] = []
    forty_w1 = TargetProfile(wounds=(1,) * 40, save=4, bravery=6)
    forty_w2 = TargetProfile(wounds=(2,) * 40, save=4, ward=5, mortal_ward=5, bravery=6)
    simple = parse_profile("40xD6/3+/3+/-1/D3")
    out.append(
        _timing(f"{simple.name} v 40 x W1 Sv4+", repeat, lambda: calculate([simple], forty_w1))
    )
    big = heavy_profile()
    out.append(
        _timing(
            "40xD6 all features v 40 x W2 Sv4+ ward 5+", repeat, lambda: calculate([big], forty_w2)
        )
    )
    two = parse_profile("40x2D6/4+/4+/-2/D6")
    out.append(
        _timing(
            f"{two.name} v 40 x W3 Sv3+",
            repeat,
            lambda: calculate([two], TargetProfile(wounds=(3,) * 40, save=3, bravery=7)),
        )
    )
    scrolls = builtin_warscrolls()
    worst = Timing("", 0.0, 0, 1.0)
    pairs = 0
    start = time.perf_counter()
    for attacker in scrolls.values():
        for target in scrolls.values():
            for situation in (Situation(phase="combat"), Situation(phase="shooting")):
                if not any(w.kind == situation.attack_kind for w in attacker.weapons):
                    continue
                for size in (None, 40):
                    unit_a = default_unit(attacker, models=size)
                    unit_t = default_unit(target, models=size)
                    res = resolve(unit_a, unit_t, situation)
                    case = f"{unit_a.describe()} v {unit_t.describe()}, {situation.phase}"
                    t = _timing(case, 1, partial(_run, res))
                    pairs += 1
                    if t.seconds > worst.seconds:
                        worst = t
    total = time.perf_counter() - start
    out.append(replace(worst, case=f"slowest shipped pair: {worst.case}"))
    out.append(
        Timing(f"all {pairs} shipped pairs (default size and 40 models), total", total, 0, 1.0)
    )
    return out


def comparison_case() -> tuple[str, list[AttackProfile], TargetProfile]:
    """One case with dice attacks, re-rolls, exploding hits, rend, dice damage, ward,
    multi-wound models, a damaged model and battleshock."""
    profile = replace(
        parse_profile("10xD3/4+/3+/-1/D3"),
        hit_reroll=frozenset({"ones"}),
        hit_triggers=(Trigger(on=6, hits=Dice.fixed(2)),),
    )
    target = TargetProfile(wounds=(3,) * 9 + (1,), save=4, ward=6, bravery=6)
    name = (
        "10xD3/4+/3+/-1/D3, re-roll 1s to hit, 6s to hit: 2 hits v 10 x W3 (one on 1) Sv4+ ward 6+"
    )
    return name, [profile], target


def sd_standard_error(pmf: np.ndarray, samples: int) -> float:
    """Standard error of a sample standard deviation, ``sqrt((mu4 - sigma^4) / (4 sigma^2 n))``
    from the exact law's fourth central moment (the normal-law ``sigma / sqrt(2n)`` is too small
    for laws with heavier tails than the normal)."""
    law = np.asarray(pmf, dtype=np.float64)
    values = np.arange(len(law))
    mean = float(values @ law)
    variance = float((values - mean) ** 2 @ law)
    fourth = float((values - mean) ** 4 @ law)
    if variance <= 0:
        return 0.0
    return math.sqrt(max(0.0, fourth - variance**2) / (4 * variance * samples))


def monte_carlo_comparison(
    samples: int = 200_000, seed: int = 2015
) -> tuple[str, float, float, list[Comparison]]:
    """Exact laws against ``samples`` seeded Monte Carlo trials: returns the case, the exact and
    the Monte Carlo run times, and the statistics with standard errors."""
    name, profiles, target = comparison_case()
    start = time.perf_counter()
    exact = calculate(profiles, target)
    exact_seconds = time.perf_counter() - start
    start = time.perf_counter()
    mc = simulate(profiles, target, trials=samples, seed=seed)
    mc_seconds = time.perf_counter() - start
    rows: list[Comparison] = []

    def mean_row(label: str, exact_mean: float, data: np.ndarray) -> None:
        mean, se = mc.mean_and_se(data)
        rows.append(Comparison(label, exact_mean, mean, se))

    def chance_row(label: str, p: float, hits: np.ndarray) -> None:
        q = float(hits.mean())
        rows.append(Comparison(label, p, q, math.sqrt(max(p * (1 - p), 1e-300) / samples)))

    mean_row("mean wounds inflicted E[W]", exact.mean_damage, mc.damage)
    rows.append(
        Comparison(
            "sd of W",
            exact.sd_damage,
            float(mc.damage.std(ddof=1)),
            sd_standard_error(exact.damage_pmf, samples),
        )
    )
    chance_row("P(W = 0)", float(exact.damage_pmf[0]), mc.damage == 0)
    median = exact.percentiles[50]
    chance_row(f"P(W >= {median}) (median)", float(exact.damage_tail[median]), mc.damage >= median)
    mean_row("mean models slain (wounded_first)", exact.mean_slain(), mc.slain["wounded_first"])
    mean_row("mean models slain (min_slain)", exact.mean_slain("min_slain"), mc.slain["min_slain"])
    chance_row(
        "P(wipe)", float(exact.wipe_probability()), mc.slain["wounded_first"] == target.n_models
    )
    mean_row("mean models fleeing", exact.mean_flee, mc.flee)
    mean_row("mean losses (slain + fled)", exact.mean_losses, mc.losses)
    chance_row(
        "P(unit gone after battleshock)",
        float(exact.gone_probability),
        mc.losses == target.n_models,
    )
    sampled = mc.pmf(mc.damage, len(exact.damage_pmf))
    width = max(len(sampled), len(exact.damage_pmf))
    pe = np.zeros(width)
    pe[: len(exact.damage_pmf)] = exact.damage_pmf
    ps = np.zeros(width)
    ps[: len(sampled)] = sampled
    worst = int(np.argmax(np.abs(ps - pe)))
    rows.append(
        Comparison(
            f"largest PMF gap, at W = {worst}",
            float(pe[worst]),
            float(ps[worst]),
            math.sqrt(max(pe[worst] * (1 - pe[worst]), 1e-300) / samples),
        )
    )
    return name, exact_seconds, mc_seconds, rows
