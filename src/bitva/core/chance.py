"""Explicit chance: chance nodes, exact probabilities, exact sampling and grouped dice.

At a chance node `state.current_player == CHANCE` and `state.chance_outcomes()` lists every
outcome with its probability as a `Fraction` (they sum to exactly 1). An outcome is applied like
an action and written into the game record, so a record replays whatever the RNG does, a test
forces a die by applying the face it wants, and odds come from the engine itself.

A game may group dice: n dice rolled together as one outcome by face counts, so that the
probabilities stay exact and the outcomes few (`dice_counts`); by counts per class of faces when
only the class matters (`grouped_dice`: 30 dice to hit read as miss, hit or critical are 496
outcomes, not 324,632 face combinations); or by their total when only the sum matters
(`dice_sum`).

>>> [str(p) for _, p in dice_counts(2, 2)]
['1/4', '1/2', '1/4']
>>> len(grouped_dice(30, (3, 2, 1)))
496
>>> [(t, str(p)) for t, p in dice_sum(2, (0, 0, 1, 1, 1, 1))]
[(0, '1/9'), (1, '4/9'), (2, '4/9')]
>>> sample([("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))], Rng(3))
'tails'
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Final, TypeVar

from bitva.core.rng import Rng

A = TypeVar("A")

CHANCE: Final = -1
"""`current_player` at a chance node (OpenSpiel's convention); seats count from 1."""

Outcomes = list[tuple[A, Fraction]]


def check_distribution(outcomes: Sequence[tuple[object, Fraction]]) -> None:
    """Raise ValueError unless the probabilities are positive Fractions summing to exactly 1."""
    if not outcomes:
        raise ValueError("a chance node needs at least one outcome")
    total = Fraction(0)
    for outcome, p in outcomes:
        if not isinstance(p, Fraction) or p <= 0:
            raise ValueError(f"outcome {outcome!r} has probability {p!r}")
        total += p
    if total != 1:
        raise ValueError(f"the probabilities sum to {total}, not 1")


def sample(outcomes: Sequence[tuple[A, Fraction]], rng: Rng) -> A:
    """One outcome drawn with exactly its probability (one integer draw below the common
    denominator, so no float rounding)."""
    if len(outcomes) == 1:
        return outcomes[0][0]
    denominator = 1
    for _, p in outcomes:
        denominator = math.lcm(denominator, p.denominator)
    point = rng.below(denominator)
    for outcome, p in outcomes:
        point -= p.numerator * (denominator // p.denominator)
        if point < 0:
            return outcome
    return outcomes[-1][0]


def _compositions(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write n as an ordered sum of `parts` non-negative integers, the first part
    largest first (so 0 of face 1 comes last)."""
    if parts == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in _compositions(n - first, parts - 1):
            yield (first, *rest)


def dice_counts(n: int, sides: int = 6) -> list[tuple[tuple[int, ...], Fraction]]:
    """n fair dice rolled together, grouped by how many show each face: `(counts, p)` with
    `counts[f - 1]` dice showing face f and p the exact multinomial probability. n dice of 6
    faces give C(n + 5, 5) outcomes (252 for five) instead of 6**n."""
    if n < 0 or sides < 1:
        raise ValueError("dice_counts needs n >= 0 dice of at least one face")
    total = sides**n
    factorial_n = math.factorial(n)
    out = []
    for counts in _compositions(n, sides):
        ways = factorial_n
        for count in counts:
            ways //= math.factorial(count)
        out.append((counts, Fraction(ways, total)))
    return out


def uniform(items: Sequence[A]) -> list[tuple[A, Fraction]]:
    """Each item with the same probability."""
    p = Fraction(1, len(items))
    return [(item, p) for item in items]


def by_count(counts: dict[A, int]) -> list[tuple[A, Fraction]]:
    """Outcomes weighted by how many of each there are (cards of a kind left in a deck)."""
    total = sum(counts.values())
    return [(item, Fraction(count, total)) for item, count in counts.items() if count > 0]


def grouped_dice(
    n: int, class_sizes: Sequence[int], sides: int = 6
) -> list[tuple[tuple[int, ...], Fraction]]:
    """n fair dice whose faces are partitioned into classes of `class_sizes` faces (they sum to
    `sides`), grouped by how many dice fall in each class: `(counts, p)` with `counts[i]` dice
    in class i and p the exact multinomial probability ``n! / prod(c_i!) * prod((s_i/sides)**c_i)``.
    C(n + k - 1, k - 1) outcomes for k classes; the order is that of `dice_counts`."""
    sizes = tuple(class_sizes)
    if n < 0 or sides < 1:
        raise ValueError("grouped_dice needs n >= 0 dice of at least one face")
    if not sizes or any(size < 1 for size in sizes) or sum(sizes) != sides:
        raise ValueError(f"class sizes {sizes} must be positive and sum to {sides} faces")
    total = sides**n
    factorial_n = math.factorial(n)
    out = []
    for counts in _compositions(n, len(sizes)):
        ways = factorial_n
        for count, size in zip(counts, sizes, strict=True):
            ways = ways // math.factorial(count) * size**count
        out.append((counts, Fraction(ways, total)))
    return out


def dice_sum(n: int, face_values: Sequence[int]) -> list[tuple[int, Fraction]]:
    """n fair dice, face f worth `face_values[f - 1]` (one value per face), grouped by their
    total: `(total, p)` for every reachable total, smallest first, p exact."""
    values = tuple(face_values)
    if n < 0 or not values:
        raise ValueError("dice_sum needs n >= 0 dice of at least one face")
    one: dict[int, int] = {}
    for value in values:
        one[value] = one.get(value, 0) + 1
    law: dict[int, int] = {0: 1}  # total -> ways out of len(values) ** dice so far
    for _ in range(n):
        nxt: dict[int, int] = {}
        for total, ways in law.items():
            for value, faces in one.items():
                nxt[total + value] = nxt.get(total + value, 0) + ways * faces
        law = nxt
    denominator = len(values) ** n
    return [(total, Fraction(law[total], denominator)) for total in sorted(law)]
