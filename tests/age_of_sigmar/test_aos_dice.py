"""Dice expressions (section 3.1, AOS-1.5, T-1)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from bitva.core import BitvaError, Rng
from bitva.games.age_of_sigmar.dice import Dice, DiceError
from bitva.games.age_of_sigmar.rolls import RngDice, ScriptedDice, ScriptExhausted


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


def test_values_rolled_from_the_core_rng_follow_the_distribution() -> None:
    """AOS-1.5: 60,000 values of 2D3+1 drawn through the core RNG; each frequency within 5
    standard errors of its exact chance (sd <= 0.5 / sqrt(60,000) ~ 0.002)."""
    dice = Dice.parse("2D3+1")
    source = RngDice(Rng(1))
    counts = Counter(source.value(dice, "test") for _ in range(60_000))
    for value, p in enumerate(dice.distribution()):
        assert abs(counts[value] / 60_000 - float(p)) < 5 * 0.5 / 60_000**0.5


def test_rng_dice_are_uniform_and_seeded() -> None:
    """Every face of the D6 source is equally likely, and a seed gives the same dice."""
    source = RngDice(Rng(3))
    rolled = [source.d6("hit") for _ in range(60_000)]
    again = RngDice(Rng(3))
    assert [again.d6("hit") for _ in range(100)] == rolled[:100]
    counts = Counter(rolled)
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(abs(n / 60_000 - 1 / 6) < 5 * (5 / 36 / 60_000) ** 0.5 for n in counts.values())


def test_scripted_dice_log_every_die_and_refuse_a_bad_face() -> None:
    """D-38: a scripted list is read in order; running out or a face of 7 is a clear error."""
    source = ScriptedDice([6, 1, 7])
    assert source.value(Dice.parse("2D3"), "damage") == 3 + 1
    assert source.log == [("damage", 6), ("damage", 1)]
    with pytest.raises(DiceError, match="1 to 6"):
        source.d6("ward")
    with pytest.raises(ScriptExhausted, match="'ward'"):
        source.d6("ward")


def test_dice_errors_are_bitva_errors() -> None:
    """One error hierarchy: front ends print any BitvaError as one line."""
    with pytest.raises(BitvaError, match="D3 or D6"):
        Dice(1, 4)
