"""Soaks: thousands of random games per case (run with `-m slow`)."""

from __future__ import annotations

import pytest

from bitva.core import Rng, derive_seed
from bitva.core.chance import check_distribution
from bitva.core.record import verify

from .cases import CASE_IDS, CASES, Case, has_codes, play, random_action
from .test_records import recorded

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_soak_two_thousand_random_playouts(case: Case) -> None:
    """2,000 random games per case end with an outcome for every seat, with exact odds at
    every chance node on the way."""
    for seed in range(1_000, 3_000):
        p = play(case, seed)
        assert p.final is not None and p.final.outcome is not None
        assert len(p.final.outcome.returns) == p.final.seats
        for step in p.chance_steps():
            check_distribution(step.before.chance_outcomes())


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_soak_fast_path_playouts_match_checked_playouts(case: Case) -> None:
    """500 games played twice, by `apply` and by `apply_code`, pass through the same digests."""
    if not has_codes(case.new(0)):
        pytest.skip(f"{case.game.name} has no integer action codes")
    for seed in range(500):
        checked, fast = case.new(seed), case.new(seed)
        rng = Rng(derive_seed(seed, "soak"))
        while checked.current_player is not None:
            action = random_action(checked, rng)
            fast.apply_code(checked.encode_action(action))
            checked.apply(action)
            assert fast.digest() == checked.digest()
        assert fast.outcome == checked.outcome


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_soak_three_hundred_records_verify(case: Case) -> None:
    for seed in range(300):
        record = recorded(case, 10_000 + seed).record
        verify(record)
        verify(record.model_copy(update={"seed": seed}))
