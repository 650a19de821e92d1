"""Unit coherency (rules GEO-5, AOS-1.3, D-4).

Models of a unit that are within 1" of each other (GEO-3 gap, GEO-4 "within") are linked; the unit
is coherent when this graph is connected. A unit of one model, or of none on the table, is coherent.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from bitva.games.age_of_sigmar.geometry.measure import EPS, Circle

COHERENCY = 1.0
"""AOS-1.3: each model within 1" of another of its unit."""


def groups(models: Sequence[Circle], link: float = COHERENCY) -> list[list[int]]:
    """GEO-5: the connected groups of the 1" graph, as sorted model indices, ordered by their
    first index."""
    n = len(models)
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    limit = link + EPS
    for i in range(n):
        a = models[i]
        for j in range(i + 1, n):
            b = models[j]
            if math.hypot(a.x - b.x, a.y - b.y) - (a.r + b.r) <= limit:
                ri, rj = find(i), find(j)
                if ri != rj:
                    parent[max(ri, rj)] = min(ri, rj)
    found: dict[int, list[int]] = {}
    for i in range(n):
        found.setdefault(find(i), []).append(i)
    return sorted(found.values(), key=lambda g: g[0])


def group_count(models: Sequence[Circle]) -> int:
    """How many groups the unit is in (0 with no model on the table)."""
    return len(groups(models))


def is_coherent(models: Sequence[Circle]) -> bool:
    """GEO-5, D-4: the 1" graph is connected."""
    return group_count(models) <= 1


def move_keeps_coherency(before: Sequence[Circle], after: Sequence[Circle]) -> bool:
    """D-4: a unit ends a move coherent; one that started it split may end it split only if its
    number of groups did not grow."""
    return group_count(after) <= max(1, group_count(before))
