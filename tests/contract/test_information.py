"""Hidden information: a seat's view is all it may know, determinizations agree with it, and no
event tells a seat what its view hides."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bitva.core import Rng, State, derive_seed

from .cases import CASE_IDS, CASES, Case, choices, playouts, sample_states, snapshot
from .checks import assert_determinizations_deal_anew


def observers(state: State[Any]) -> list[int | None]:
    return [None, *range(1, state.seats + 1)]


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_views_are_json_and_leave_the_state_alone(case: Case) -> None:
    for state in sample_states(case, 8):
        before = snapshot(state)
        for seat in observers(state):
            json.dumps(state.view(seat))
        assert snapshot(state) == before


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_a_seat_sees_the_same_in_every_determinization_for_it(case: Case) -> None:
    """No leak: what a seat sees (and a spectator sees) does not change when everything hidden
    from it is dealt anew; when it is the seat's turn its legal actions do not change either."""
    for state in sample_states(case, 10):
        for seat in range(1, state.seats + 1):
            for k in range(3):
                other = state.determinize(seat, Rng(derive_seed(k, case.id, seat)))
                assert other is not state
                assert other.view(seat) == state.view(seat)
                assert other.view(None) == state.view(None)
                assert other.current_player == state.current_player
                if state.current_player == seat:  # listed, or the candidates of parametric games
                    assert choices(other) == choices(state)


IMPERFECT = sorted({c.game.name for c in CASES if c.game.traits.information == "imperfect"})


@pytest.mark.parametrize("game", IMPERFECT)
def test_a_determinization_deals_anew_what_the_seat_cannot_see(game: str) -> None:
    """The no-leak checks above hold trivially for a copy: a game with hidden information must
    really re-deal what a seat cannot see, in some variant (Dice and Cards alone hides nothing
    from its one seat)."""
    cases = [case for case in CASES if case.game.name == game]
    assert_determinizations_deal_anew(cases[0].game, [(c, sample_states(c, 10)) for c in cases])


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_determinize_leaves_the_state_alone_and_reseeds_the_rng(case: Case) -> None:
    for state in sample_states(case, 6):
        before = snapshot(state)
        seen = set()
        for k in range(3):
            other = state.determinize(1, Rng(k))
            seen.add(other.rng.state)
        assert snapshot(state) == before
        assert len(seen) == 3, "determinizations share their future chance"


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_determinize_depends_only_on_the_seats_view(case: Case) -> None:
    """Two states a seat cannot tell apart (a state and a determinization of it for that seat)
    determinize identically for the same RNG."""
    for state in sample_states(case, 8):
        for seat in range(1, state.seats + 1):
            twin = state.determinize(seat, Rng(derive_seed(99, case.id, seat)))
            assert twin.view(seat) == state.view(seat)
            one = state.determinize(seat, Rng(7))
            two = twin.determinize(seat, Rng(7))
            assert one.to_json() == two.to_json()


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_private_events_reach_only_their_seat(case: Case) -> None:
    for p in playouts(case):
        for step in p.steps:
            seats = step.before.seats
            for event in step.events:
                json.dumps(event.to_json())
                public = {"kind": event.kind, **event.data}
                assert event.for_seat(None) == public
                if event.private is None:
                    continue
                assert event.private_to is not None and 1 <= event.private_to <= seats
                for seat in range(1, seats + 1):
                    seen = event.for_seat(seat)
                    if seat == event.private_to:
                        assert seen == {**public, **event.private}
                    else:
                        assert seen == public


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_chance_events_tell_a_seat_nothing_hidden_from_it(case: Case) -> None:
    """At a chance node, take two outcomes that some seat can tell apart by its view afterwards
    (a card dealt to it) while another cannot: the events must look the same to the other one,
    or they leak what its view hides. (Outcomes nobody's view keeps apart, such as dice that
    bust, are public history: events may show them.)"""
    checked = 0
    for p in playouts(case):
        for step in p.chance_steps()[:40]:
            state = step.before
            seen: list[dict[int | None, tuple[str, str]]] = []
            for outcome, _ in state.chance_outcomes()[:8]:
                after = state.clone()
                events = after.apply(outcome)
                seen.append(
                    {
                        who: (
                            json.dumps(after.view(who), sort_keys=True),
                            json.dumps([e.for_seat(who) for e in events], sort_keys=True),
                        )
                        for who in observers(state)
                    }
                )
            for i, first in enumerate(seen):
                for second in seen[i + 1 :]:
                    told_apart = [who for who in first if first[who][0] != second[who][0]]
                    if not told_apart:
                        continue
                    for who in first:
                        if who in told_apart:
                            continue
                        checked += 1
                        assert first[who][1] == second[who][1], (
                            f"the events at {state.decision} show {who} what seat "
                            f"{told_apart[0]} alone may see"
                        )
    assert checked or case.game.traits.information == "perfect"
