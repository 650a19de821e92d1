"""Dice expressions (section 3.1, AOS-1.5, T-1)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from bitva.games.age_of_sigmar.dice import Dice, DiceError


def test_t_1_d3_is_a_halved_d6_rounded_up() -> None:
    d3 = Dice.parse("D3")
    assert [d3.roll([face]) for face in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert d3.distribution() == (0, Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))


@pytest.mark.parametrize(
    ("text", "minimum", "maximum", "mean"),
    [
        (3, 3, 3, 3),
        ("4", 4, 4, 4),
        ("D3", 1, 3, 2),
        ("d6", 1, 6, Fraction(7, 2)),
        ("2D6", 2, 12, 7),
        ("D6+1", 2, 7, Fraction(9, 2)),
        ("2D3-1", 1, 5, 3),
        (" 3d6 ", 3, 18, Fraction(21, 2)),
    ],
)
def test_aos_1_5_dice_expressions(text: object, minimum: int, maximum: int, mean: object) -> None:
    dice = Dice.parse(text)
    dist = dice.distribution()
    assert (dice.minimum, dice.maximum, dice.mean) == (minimum, maximum, mean)
    assert sum(dist) == 1
    assert len(dist) == maximum + 1
    assert sum(v * p for v, p in enumerate(dist)) == mean
    assert Dice.parse(str(dice)) == dice


def test_aos_1_5_2d6_is_triangular() -> None:
    dist = Dice.parse("2D6").distribution()
    assert dist[7] == Fraction(6, 36)
    assert dist[2] == dist[12] == Fraction(1, 36)


@pytest.mark.parametrize("bad", ["D4", "0D6", "D", "x", "D3+", "-1", True, 2.5, "D3-2", None])
def test_bad_dice_expressions_are_refused_with_a_reason(bad: object) -> None:
    with pytest.raises(DiceError):
        Dice.parse(bad)


def test_sample_matches_the_distribution() -> None:
    dice = Dice.parse("2D3+1")
    values = dice.sample(np.random.default_rng(1), 60_000)
    dist = [float(p) for p in dice.distribution()]
    counts = np.bincount(values, minlength=len(dist)) / len(values)
    assert np.abs(counts - dist).max() < 0.01
