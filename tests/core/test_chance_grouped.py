"""Dice grouped by what matters (issue 22): counts per class of faces, or the total."""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction
from itertools import product

import pytest

from bitva.core.chance import check_distribution, dice_counts, dice_sum, grouped_dice


def test_grouped_dice_thirty_dice_to_hit_are_496_outcomes() -> None:
    """Issue 22: 30 dice read as (fail, hit, critical) are 496 outcomes, not 324,632."""
    outcomes = grouped_dice(30, (3, 2, 1))
    assert len(outcomes) == 496 == math.comb(32, 2)
    assert math.comb(30 + 5, 5) == 324_632  # what dice_counts(30) would list, face by face
    check_distribution(outcomes)


@pytest.mark.parametrize(
    ("n", "sizes"), [(0, (6,)), (1, (6,)), (3, (1, 5)), (5, (3, 2, 1)), (7, (1, 1, 2, 2))]
)
def test_grouped_dice_sum_to_one_and_agree_with_dice_counts_merged(
    n: int, sizes: tuple[int, ...]
) -> None:
    outcomes = grouped_dice(n, sizes)
    check_distribution(outcomes)
    assert len(outcomes) == math.comb(n + len(sizes) - 1, len(sizes) - 1)
    merged: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
    bounds = [sum(sizes[:i]) for i in range(len(sizes) + 1)]
    for counts, p in dice_counts(n):
        key = tuple(sum(counts[bounds[i] : bounds[i + 1]]) for i in range(len(sizes)))
        merged[key] += p
    assert dict(outcomes) == dict(merged)


def test_grouped_dice_counts_by_brute_force() -> None:
    """Three dice into classes {1, 2, 3}, {4, 5}, {6}: every face combination counted."""
    classes = (0, 0, 0, 1, 1, 2)
    tally: dict[tuple[int, ...], int] = defaultdict(int)
    for faces in product(range(6), repeat=3):
        counts = [0, 0, 0]
        for face in faces:
            counts[classes[face]] += 1
        tally[tuple(counts)] += 1
    assert dict(grouped_dice(3, (3, 2, 1))) == {k: Fraction(v, 216) for k, v in tally.items()}


@pytest.mark.parametrize("sizes", [(), (3, 2), (3, 4), (0, 6), (-1, 7)])
def test_grouped_dice_refuses_a_partition_that_is_not_one(sizes: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="class sizes"):
        grouped_dice(2, sizes)


def test_dice_sum_is_the_law_of_the_total() -> None:
    """Two D3 (a D6 halved, rounded up): totals 2..6 with 1, 2, 3, 2, 1 ninths."""
    d3 = (1, 1, 2, 2, 3, 3)
    assert dice_sum(2, d3) == [
        (t, Fraction(w, 9)) for t, w in zip(range(2, 7), (1, 2, 3, 2, 1), strict=True)
    ]
    check_distribution(dice_sum(5, range(1, 7)))
    assert dice_sum(0, d3) == [(0, Fraction(1))]
    brute: dict[int, int] = defaultdict(int)
    for faces in product(range(1, 7), repeat=3):
        brute[sum(faces)] += 1
    assert dice_sum(3, range(1, 7)) == [(t, Fraction(brute[t], 216)) for t in sorted(brute)]
    with pytest.raises(ValueError, match="dice_sum"):
        dice_sum(-1, d3)
