"""Rule GEO-12 (territories and set-up), AOS-3.1, AOS-3.2 and worked example T-12."""

from __future__ import annotations

import pytest

from bitva.games.age_of_sigmar.geometry.measure import Circle, Table, base_radius
from bitva.games.age_of_sigmar.geometry.polygon import contains, signed_area
from bitva.games.age_of_sigmar.geometry.territory import (
    distance_to_territory,
    in_territory,
    set_up_violation,
    territories,
    territory,
)

R40 = base_radius(40)
TABLE = Table(48, 48)


def test_t_12_deployment_more_than_12_inches_from_enemy_territory() -> None:
    """T-12: 48 x 48, A owns y < 24: a 40 mm model at y = 11.2 is 12.013" from B's territory,
    legal; at 11.3, 11.913", illegal."""
    own, enemy = territories(TABLE, "horizontal")
    legal = Circle(20, 11.2, R40)
    assert round(distance_to_territory(legal, enemy), 3) == 12.013
    assert set_up_violation(legal, own, enemy) is None
    illegal = Circle(20, 11.3, R40)
    assert round(distance_to_territory(illegal, enemy), 3) == 11.913
    assert "12" in str(set_up_violation(illegal, own, enemy))


@pytest.mark.parametrize("split", ["horizontal", "vertical", "diagonal", "antidiagonal"])
def test_geo_12_halves_are_equal_and_counter_clockwise(split: str) -> None:
    table = Table(72, 48)
    low, high = territories(table, split)  # type: ignore[arg-type]
    assert signed_area(low) == pytest.approx(72 * 48 / 2)
    assert signed_area(high) == pytest.approx(72 * 48 / 2)


def test_geo_12_which_half_is_low() -> None:
    table = Table(72, 48)
    assert contains((36, 1), territory(table, "horizontal", "low"))
    assert contains((1, 24), territory(table, "vertical", "low"))
    assert contains((70, 1), territory(table, "diagonal", "low"))
    assert contains((1, 1), territory(table, "antidiagonal", "low"))
    assert contains((1, 47), territory(table, "diagonal", "high"))


def test_geo_12_the_circle_must_lie_wholly_in_its_own_territory() -> None:
    own, enemy = territories(TABLE, "horizontal")
    assert in_territory(Circle(10, 24 - R40, R40), own)
    assert not in_territory(Circle(10, 24 - R40 + 0.01, R40), own)
    assert "own territory" in str(set_up_violation(Circle(10, 30, R40), own, enemy))


def test_geo_12_diagonal_set_up_distance() -> None:
    own, enemy = territories(TABLE, "diagonal")
    model = Circle(40, 4, R40)  # below the line y = x
    expected = (40 - 4) / 2**0.5 - R40
    assert distance_to_territory(model, enemy) == pytest.approx(expected)
    assert set_up_violation(model, own, enemy) is None
    assert set_up_violation(Circle(30, 16, R40), own, enemy) is not None
