"""Explicit chance: exact probabilities at every chance node, and sampling that follows them."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from bitva.core import Rng, State
from bitva.core.chance import check_distribution

from .cases import CASE_IDS, CASES, Case, has_codes, playouts

SAMPLES = 6_000
# One-sided standard normal quantile for a false alarm of 1e-6 (the seed is fixed anyway: the
# test is deterministic, the bound only has to be sound).
Z_1E6 = 4.753


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_chance_probabilities_are_fractions_summing_to_exactly_one(case: Case) -> None:
    for p in playouts(case):
        for step in p.chance_steps():
            outcomes = step.before.chance_outcomes()
            check_distribution(outcomes)
            assert all(isinstance(q, Fraction) for _, q in outcomes)
            assert step.action in [a for a, _ in outcomes]
            assert step.before.legal_actions() == [a for a, _ in outcomes]


def chi_square_bound(df: int) -> float:
    """The chi-square quantile at 1 - 1e-6 (Wilson-Hilferty approximation)."""
    a = 2 / (9 * df)
    return df * (1 - a + Z_1E6 * math.sqrt(a)) ** 3


def chi_square(counts: Counter[str], expected: dict[str, float]) -> tuple[float, int]:
    """The statistic over cells merged until each expects at least 5 draws, and its degrees of
    freedom."""
    cells: list[tuple[float, int]] = []
    pending_e, pending_n = 0.0, 0
    for key, e in sorted(expected.items(), key=lambda kv: kv[1]):
        pending_e += e
        pending_n += counts.get(key, 0)
        if pending_e >= 5:
            cells.append((pending_e, pending_n))
            pending_e, pending_n = 0.0, 0
    if pending_e and cells:
        e, n = cells.pop()
        cells.append((e + pending_e, n + pending_n))
    stat = sum((n - e) ** 2 / e for e, n in cells)
    return stat, len(cells) - 1


def busiest_chance_node(case: Case) -> State[Any]:
    """The first chance node of the case's playouts with the most outcomes (at least two)."""
    nodes = [s.before for p in playouts(case) for s in p.chance_steps()]
    best = max(nodes, key=lambda s: len(s.chance_outcomes()))
    assert len(best.chance_outcomes()) >= 2
    return best


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_sampling_follows_the_probabilities(case: Case) -> None:
    if case.game.traits.chance == "deterministic":
        pytest.skip("no chance")
    state = busiest_chance_node(case)
    outcomes = state.chance_outcomes()
    expected = {state.action_text(a): float(q) * SAMPLES for a, q in outcomes}
    rng = Rng(20_260_101)
    counts = Counter(state.action_text(state.sample_chance(rng)) for _ in range(SAMPLES))
    assert set(counts) <= set(expected)
    stat, df = chi_square(counts, expected)
    assert df >= 1
    assert stat < chi_square_bound(df), (stat, df)
    if has_codes(state):
        by_code = Counter(
            state.action_text(state.decode_action(state.sample_chance_code(rng)))
            for _ in range(SAMPLES)
        )
        stat, df = chi_square(by_code, expected)
        assert stat < chi_square_bound(df), ("sample_chance_code", stat, df)


def test_the_chi_square_check_catches_a_biased_sampler() -> None:
    """The check has teeth: a die that shows 6 a fifth of the time fails it."""
    expected = {str(face): SAMPLES / 6 for face in range(1, 7)}
    rng = Rng(1)
    faces = [6 if rng.below(5) == 0 else rng.below(5) + 1 for _ in range(SAMPLES)]
    stat, df = chi_square(Counter(map(str, faces)), expected)
    assert stat > chi_square_bound(df)
    fair = Counter(str(r) for r in (rng.roll() for _ in range(SAMPLES)))
    stat, df = chi_square(fair, expected)
    assert stat < chi_square_bound(df)
