"""Damage and battleshock, model by model (AOS-10.2, AOS-12.2, D-16, D-17, CALC-8 to CALC-10).

Wounds are pooled per attacking unit and allocated one at a time: the next wound goes to the model
already wounded, else to the next model in the owner's order, until it is slain; surplus damage
passes on (D-16). The two orders of CALC-9 are the attacker-best and defender-best legal
allocations: ``wounded_first`` (fewest wounds left first, the default, D-17) and ``min_slain``.

>>> allocate_one_by_one([2, 1, 2], "wounded_first", 2)
[0, 1, 2]
>>> slain_by_pool([2, 1, 2], "wounded_first", 2), slain_by_pool([2, 1, 2], "min_slain", 2)
(1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from bitva.games.age_of_sigmar.profiles import Allocation, TargetProfile


def allocation_order(wounds: Sequence[int], policy: Allocation) -> list[int]:
    """CALC-9: remaining wounds in the order models receive wounds."""
    return sorted(wounds, reverse=policy == "min_slain")


def allocate_one_by_one(wounds: Sequence[int], policy: Allocation, pool: int) -> list[int]:
    """AOS-12.2 literally: each wound goes to the model already wounded, else to the next model
    in policy order, until slain (D-16). Returns the wounds left per model (0 = slain), in
    policy order."""
    left = allocation_order(wounds, policy)
    current = 0
    for _ in range(pool):
        while current < len(left) and left[current] == 0:
            current += 1
        if current == len(left):
            break  # every model is slain; the rest of the pool is lost
        left[current] -= 1
    return left


def slain_by_pool(wounds: Sequence[int], policy: Allocation, pool: int) -> int:
    """CALC-9: the models `allocate_one_by_one` slays, in closed form: the largest k whose first
    k models (in policy order) have at most ``pool`` wounds left between them."""
    total = 0
    slain = 0
    for left in allocation_order(wounds, policy):
        total += left
        if total > pool:
            break
        slain += 1
    return slain


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
