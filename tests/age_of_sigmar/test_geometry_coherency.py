"""Rule GEO-5 (coherency: the 1" graph is connected), AOS-1.3, D-4, and worked example T-11."""

from __future__ import annotations

from bitva.games.age_of_sigmar.geometry.coherency import (
    group_count,
    groups,
    is_coherent,
    move_keeps_coherency,
)
from bitva.games.age_of_sigmar.geometry.measure import Circle, base_radius

R32 = base_radius(32)


def line(*xs: float, r: float = R32) -> list[Circle]:
    return [Circle(x, 0, r) for x in xs]


def test_t_11_coherency_on_a_line() -> None:
    """T-11: 32 mm models at x = 0, 2.0, 4.5: gaps 0.74 and 1.24, two groups; the third at 4.2:
    gap 0.94, coherent."""
    split = line(0, 2.0, 4.5)
    assert round(2.0 - 2 * R32, 2) == 0.74 and round(2.5 - 2 * R32, 2) == 1.24
    assert groups(split) == [[0, 1], [2]]
    assert not is_coherent(split)
    assert round(2.2 - 2 * R32, 2) == 0.94
    assert is_coherent(line(0, 2.0, 4.2))


def test_geo_5_a_chain_is_coherent_even_when_the_ends_are_far_apart() -> None:
    chain = line(0, 2, 4, 6, 8, 10, 12)
    assert is_coherent(chain)
    assert group_count(chain[:3] + chain[4:]) == 2


def test_geo_5_exactly_one_inch_links_d_2() -> None:
    assert is_coherent(line(0, 1 + 2 * R32))
    assert not is_coherent(line(0, 1.001 + 2 * R32))


def test_geo_5_one_model_or_none_is_coherent() -> None:
    assert is_coherent(line(3)) and is_coherent([])
    assert group_count([]) == 0


def test_d_4_a_split_unit_may_end_split_if_its_groups_did_not_grow() -> None:
    before = line(0, 2, 10, 12)  # two groups
    same = line(0, 2, 9, 11)
    worse = line(0, 2, 9, 20)
    assert move_keeps_coherency(before, same)
    assert not move_keeps_coherency(before, worse)
    assert not move_keeps_coherency(line(0, 2), line(0, 5))
    assert move_keeps_coherency(before, line(0, 2, 4, 6))
