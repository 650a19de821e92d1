"""Seeded Monte Carlo reference: the game's own attack resolver, rolled die by die (CALC-12).

Independent of :mod:`bitva.games.age_of_sigmar.calculator.exact`: every trial resolves the
attack with :class:`bitva.games.age_of_sigmar.attack.AttackPlan` (the resolver the battle
engine uses), its dice drawn from the seeded core RNG (attacks per model, hit, re-roll, outcome,
wound, save, damage, ward, allocation model by model, battleshock). Tests and
``bitva calc aos-bench`` compare it with the exact laws within standard errors.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bitva.core.rng import Rng
from bitva.games.age_of_sigmar.attack import AttackPlan
from bitva.games.age_of_sigmar.calculator.profiles import (
    POLICIES,
    Allocation,
    AttackProfile,
    CalcOptions,
    TargetProfile,
)
from bitva.games.age_of_sigmar.damage import slain_by_pool
from bitva.games.age_of_sigmar.rolls import RngDice

IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class MonteCarloResult:
    """Per-trial samples: wounds inflicted (W), models slain per policy, fled, losses and the
    attacker's mortal wounds from the target's save triggers."""

    trials: int
    seed: int
    damage: IntArray
    slain: dict[Allocation, IntArray]
    flee: IntArray
    losses: IntArray
    retaliation: IntArray

    @staticmethod
    def pmf(samples: IntArray, length: int | None = None) -> npt.NDArray[np.float64]:
        counts = np.bincount(samples, minlength=length or 0).astype(np.float64)
        return counts / len(samples)

    @staticmethod
    def mean_and_se(samples: IntArray) -> tuple[float, float]:
        """Sample mean and its standard error."""
        values = samples.astype(np.float64)
        return float(values.mean()), float(values.std(ddof=1) / np.sqrt(len(values)))


def simulate(
    profiles: Sequence[AttackProfile],
    target: TargetProfile,
    options: CalcOptions | None = None,
    *,
    trials: int = 100_000,
    seed: int = 0,
) -> MonteCarloResult:
    """``trials`` seeded runs of the whole attack, allocation and battleshock. Models slain under
    the other allocation policy come from the same wounds (CALC-9)."""
    options = options or CalcOptions()
    plan = AttackPlan(profiles, target, options)
    dice = RngDice(Rng(seed))
    damage: list[int] = []
    flee: list[int] = []
    retaliation: list[int] = []
    slain: dict[Allocation, list[int]] = {policy: [] for policy in POLICIES}
    others = [policy for policy in POLICIES if policy != options.allocation]
    for _ in range(trials):
        result = plan.resolve(dice)
        damage.append(result.pool)
        flee.append(result.fled)
        retaliation.append(result.retaliation)
        slain[options.allocation].append(result.slain)
        for policy in others:
            slain[policy].append(slain_by_pool(target.wounds, policy, result.pool))
    chosen = np.array(slain[options.allocation], dtype=np.int64)
    fled = np.array(flee, dtype=np.int64)
    return MonteCarloResult(
        trials=trials,
        seed=seed,
        damage=np.array(damage, dtype=np.int64),
        slain={policy: np.array(values, dtype=np.int64) for policy, values in slain.items()},
        flee=fled,
        losses=chosen + fled,
        retaliation=np.array(retaliation, dtype=np.int64),
    )
