"""From pooled wounds to models slain and battleshock (CALC-8 to CALC-10, AOS-10, AOS-12, D-16).

Wounds are pooled per attacking unit and allocated one at a time, so surplus damage passes to the
next model (D-16). The two policies of CALC-9 are the attacker-best and defender-best legal
allocations: ``wounded_first`` (fewest wounds left first, the default, D-17) and ``min_slain``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from bitva.analysis.aos_calc import pmf as P
from bitva.analysis.aos_calc.pmf import Pmf
from bitva.analysis.aos_calc.profiles import Allocation, TargetProfile


def allocation_order(wounds: Sequence[int], policy: Allocation) -> list[int]:
    """CALC-9: remaining wounds in the order models receive wounds."""
    return sorted(wounds, reverse=policy == "min_slain")


def slain_by_pool(wounds: Sequence[int], policy: Allocation, pool: int) -> int:
    """CALC-9: the largest k whose first k models (in policy order) have at most ``pool`` wounds
    left between them."""
    total = 0
    slain = 0
    for left in allocation_order(wounds, policy):
        total += left
        if total > pool:
            break
        slain += 1
    return slain


def allocate_one_by_one(wounds: Sequence[int], policy: Allocation, pool: int) -> list[int]:
    """AOS-12.2 literally: each wound goes to the model already wounded, else to the next model
    in policy order, until slain (D-16). Returns the wounds left per model (0 = slain), in
    policy order. The reference for :func:`slain_by_pool`."""
    left = allocation_order(wounds, policy)
    current = 0
    for _ in range(pool):
        while current < len(left) and left[current] == 0:
            current += 1
        if current == len(left):
            break  # every model is slain; the rest of the pool is lost
        left[current] -= 1
    return left


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


def fleeing(target: TargetProfile, slain: int, face: int) -> int:
    """CALC-10 / AOS-10.2 for one battleshock die: models that flee after ``slain`` casualties.

    Bravery gains 1 per 10 models left; casualties are assumed to leave Bravery unchanged (icons
    and champions go last, D-17)."""
    left = target.n_models - slain
    if left == 0 or not target.tests_battleshock or target.slain_before + slain == 0:
        return 0
    assert target.bravery is not None
    excess = face + target.slain_before + slain - target.bravery - left // 10
    return min(left, max(0, excess))


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
