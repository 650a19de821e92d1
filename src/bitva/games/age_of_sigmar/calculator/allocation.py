"""The laws of models slain and battleshock from the law of pooled wounds (CALC-8 to CALC-10).

The rules themselves, model by model, are the game's (:mod:`bitva.games.age_of_sigmar.damage`):
wounds are pooled per attacking unit and allocated one at a time, so surplus damage passes to the
next model (D-16); ``wounded_first`` and ``min_slain`` are CALC-9's two policies.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from bitva.games.age_of_sigmar.calculator import pmf as P
from bitva.games.age_of_sigmar.calculator.pmf import Pmf
from bitva.games.age_of_sigmar.calculator.profiles import Allocation, TargetProfile
from bitva.games.age_of_sigmar.damage import (
    allocate_one_by_one,
    allocation_order,
    fleeing,
    slain_by_pool,
)

__all__ = [
    "Battleshock",
    "allocate_one_by_one",
    "allocated_pmf",
    "allocation_order",
    "battleshock",
    "fleeing",
    "slain_by_pool",
    "slain_pmf",
    "slain_table",
]


def slain_table(wounds: Sequence[int], policy: Allocation, max_pool: int) -> np.ndarray[Any, Any]:
    """``slain(W)`` for W = 0..max_pool (vectorised CALC-9)."""
    cumulative = np.cumsum(allocation_order(wounds, policy))
    return np.searchsorted(cumulative, np.arange(max_pool + 1), side="right")


def slain_pmf(wound_law: Pmf, target: TargetProfile, policy: Allocation) -> Pmf:
    """CALC-8: the law of models slain, a function of W."""
    exact = wound_law.dtype == object
    table = slain_table(target.wounds, policy, len(wound_law) - 1)
    out = P.zeros(target.n_models + 1, exact=exact)
    if exact:
        for pool, p in enumerate(wound_law):
            out[int(table[pool])] += p
    else:
        np.add.at(out, table, wound_law)
    return out


def allocated_pmf(wound_law: Pmf, target: TargetProfile) -> Pmf:
    """CALC-11: the damage the unit actually takes, ``min(W, sum R)``."""
    cap = target.total_wounds
    if len(wound_law) <= cap + 1:
        return wound_law.copy()
    out = wound_law[: cap + 1].copy()
    out[cap] = wound_law[cap:].sum()
    return out


@dataclass(frozen=True)
class Battleshock:
    """CALC-10/11: laws of models fleeing and of total losses (slain + fled), and the chance the
    unit is gone after battleshock."""

    flee: Pmf
    losses: Pmf
    gone: Any


def battleshock(slain_law: Pmf, target: TargetProfile) -> Battleshock:
    exact = slain_law.dtype == object
    n = target.n_models
    flee = P.zeros(n + 1, exact=exact)
    losses = P.zeros(n + 1, exact=exact)
    sixth = P.number(1, 6, exact=exact)
    for slain, p in enumerate(slain_law):
        if not p:
            continue
        for face in range(1, 7):
            fled = fleeing(target, slain, face)
            flee[fled] += p * sixth
            losses[slain + fled] += p * sixth
    return Battleshock(flee, losses, losses[n])
