"""Game records: a `Match` records itself, `verify` replays it, and a record replays whatever the
RNG does (its chance outcomes are in it)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from bitva.core import CHANCE, RecordError, Rng, derive_seed
from bitva.core.record import GameRecord, Match, replay, verify

from .cases import CASE_IDS, CASES, Case, random_action


def recorded(case: Case, seed: int) -> Match:
    """A match played to the end by uniformly random seats (chance from the state's RNG)."""
    match = Match(case.game, case.values, seed)
    rng = Rng(derive_seed(seed, "seats"))
    while match.state.current_player is not None:
        match.apply(random_action(match.state, rng))
    return match


@cache
def shared(case: Case, seed: int) -> Match:
    """`recorded`, played once per worker and shared by the tests that only read it."""
    return recorded(case, seed)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_records_verify(case: Case) -> None:
    match = shared(case, 3)
    record = match.record
    assert len(record.actions) == len(record.digests) == len(match.steps)
    assert record.outcome is not None
    state = verify(record)
    assert state.digest() == match.state.digest()
    assert state.outcome == match.state.outcome
    loaded = GameRecord.model_validate_json(record.model_dump_json())
    assert loaded == record  # so it verifies as `record` did


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_replay_names_who_took_each_step(case: Case) -> None:
    match = shared(case, 3)
    steps = list(replay(match.record))
    assert [(s.seat, s.action) for s in steps] == [(s.seat, s.action) for s in match.steps]
    seats = match.state.seats
    assert all(s.seat == CHANCE or 1 <= s.seat <= seats for s in steps)
    if case.game.traits.chance == "explicit":
        assert any(s.chance for s in match.steps)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_a_record_replays_whatever_the_rng_does(case: Case) -> None:
    """Another seed in the record changes the RNG, not the game: the chance outcomes written in
    the record are applied as they are."""
    record = shared(case, 3).record
    for seed in (2**40 + 1,):
        other = record.model_copy(update={"seed": seed})
        state = verify(other)
        assert state.outcome is not None and state.outcome.to_json() == record.outcome


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_the_same_seed_and_choices_give_the_same_record(case: Case) -> None:
    first, second = shared(case, 3).record, recorded(case, 3).record
    assert first == second
    assert shared(case, 4).record.actions != first.actions


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_a_tampered_record_fails_loudly(case: Case) -> None:
    record = shared(case, 4).record
    middle = len(record.digests) // 2
    digests: list[Any] = list(record.digests)
    digests[middle] = "0" * 16
    with pytest.raises(RecordError, match=f"after action {middle + 1}"):
        verify(record.model_copy(update={"digests": digests}))
    actions = [*record.actions[:middle], "xyzzy plugh", *record.actions[middle + 1 :]]
    with pytest.raises(RecordError, match=f"action {middle + 1}"):
        verify(record.model_copy(update={"actions": actions}))
