"""Actions: text and integer forms that round-trip, the fast path equal to the checked path, and
illegal or unreadable actions that say why and change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bitva.core import (
    IllegalAction,
    Rng,
    State,
    UnreadableAction,
    Violation,
    derive_seed,
)

from .cases import (
    CASE_IDS,
    CASES,
    Case,
    action_pools,
    choices,
    has_codes,
    listed,
    playouts,
    sample_states,
)
from .checks import assert_codes_are_stable, assert_refused

# Text that is no action of any game: unreadable, not illegal.
GARBAGE = [
    "",
    "   ",
    "xyzzy plugh",
    "#$%&",
    "\u2603 \u2603",
    "42 42 42 42 42",
    "play",
    "@@",
    "\x00",
]


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_action_text_round_trips_for_every_action_and_outcome(case: Case) -> None:
    for p in playouts(case):
        for state in p.states[:-1]:
            for action in choices(state):
                text = state.action_text(action)
                assert isinstance(text, str) and text.strip() == text and text
                assert state.parse_action(text) == action, text
            if state.is_chance:
                texts = [state.action_text(a) for a, _ in state.chance_outcomes()]
                assert len(set(texts)) == len(texts), "two outcomes written alike"


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_integer_codes_round_trip(case: Case) -> None:
    first = next(iter(playouts(case))).states[0]
    if not has_codes(first):
        pytest.skip(f"{case.game.name} has no integer action codes")
    rng = Rng(derive_seed(2, case.id))
    for p in playouts(case):
        for state in p.states[:-1]:
            size = case.game.num_action_codes(state.options)
            actions = choices(state)
            codes = [state.encode_action(a) for a in actions]
            assert all(0 <= code < size for code in codes)
            assert len(set(codes)) == len(codes)
            assert state.legal_codes() == codes
            assert [state.decode_action(code) for code in codes] == actions
            if state.is_chance:
                code = state.sample_chance_code(rng)
                assert code in codes


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_a_code_means_the_same_action_in_every_state_of_a_game(case: Case) -> None:
    """The code space is declared once for a game: its size does not change as the game goes
    on, and a code legal in two states is the same action in both."""
    first = next(iter(playouts(case))).states[0]
    if not has_codes(first):
        pytest.skip(f"{case.game.name} has no integer action codes")
    for p in playouts(case):
        assert_codes_are_stable(case.game, p.states)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_fast_path_equals_checked_path(case: Case) -> None:
    """`apply_code` and `apply_unchecked` reach the state `apply` reaches (equal digests)."""
    codes = has_codes(next(iter(playouts(case))).states[0])
    for p in playouts(case):
        for step in p.checked_steps():
            state = step.before
            checked = state.clone()
            checked.apply(step.action)
            unchecked = state.clone()
            unchecked.apply_unchecked(step.action)
            assert unchecked.digest() == checked.digest()
            if codes:
                fast = state.clone()
                fast.apply_code(state.encode_action(step.action))
                assert fast.digest() == checked.digest()
                assert fast.current_player == checked.current_player


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_apply_steps_the_rng_once_after_chance_and_never_after_a_seat(case: Case) -> None:
    for p in playouts(case):
        for step in p.checked_steps():
            state = step.before.clone()
            expected = Rng(state.rng.state)
            if state.is_chance:
                sampled = state.sample_chance()  # from a copy of the state's RNG
                assert state.rng.state == expected.state
                assert state.check(sampled) is None
                expected.next_u64()
            state.apply(step.action)
            assert state.rng.state == expected.state


def illegal_here(
    state: State[Any], pool: list[tuple[str, Any]], rng: Rng, n: int
) -> list[tuple[str, Any]]:
    """Up to `n` (text, action) of `pool` that are not legal at `state` (for a parametric game,
    whose actions are checked, not listed, those its `check` refuses)."""
    if state.current_player is not None and not state.is_chance and not listed(state):
        out = [(text, action) for text, action in pool if state.check(action) is not None]
    else:
        legal = choices(state) if state.current_player is not None else []
        out = [(text, action) for text, action in pool if action not in legal]
    rng.shuffle(out)
    return out[:n]


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_illegal_actions_say_why_and_change_nothing(case: Case) -> None:
    """Actions legal elsewhere in the game but not here, chance outcomes at a seat's decision and
    a seat's actions at a chance node raise IllegalAction (with the rule where the game names
    one) and leave the state as it was; `check` says the same as `apply`."""
    seat_pool, chance_pool = action_pools(case)
    rng = Rng(derive_seed(4, case.id))
    tried = 0
    for state in sample_states(case, 20):
        wrong = illegal_here(state, seat_pool, rng, 4) + illegal_here(state, chance_pool, rng, 3)
        for text, action in wrong:
            violation = state.check(action)
            assert isinstance(violation, Violation), text
            assert violation.message
            error = assert_refused(state, action, IllegalAction)
            assert isinstance(error, IllegalAction)
            assert (error.message, error.rule) == (violation.message, violation.rule)
            tried += 1
    assert tried > 10


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_illegal_action_text_is_illegal_not_unreadable(case: Case) -> None:
    """The text of an action of the game is readable anywhere: out of place it is illegal."""
    seat_pool, chance_pool = action_pools(case)
    rng = Rng(derive_seed(6, case.id))
    for state in sample_states(case, 10):
        for text, _ in illegal_here(state, seat_pool + chance_pool, rng, 4):
            assert_refused(state, text, IllegalAction)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_legal_actions_pass_the_check(case: Case) -> None:
    for state in sample_states(case, 20):
        if state.current_player is None:
            continue
        for action in choices(state):
            assert state.check(action) is None, state.action_text(action)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_unreadable_text_raises_unreadable_action_and_changes_nothing(case: Case) -> None:
    for state in sample_states(case, 6):
        for text in GARBAGE:
            assert_refused(state, text, UnreadableAction)
            with pytest.raises(UnreadableAction):
                state.parse_action(text)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_nothing_is_legal_once_the_game_is_over(case: Case) -> None:
    seat_pool, chance_pool = action_pools(case)
    for p in playouts(case):
        final = p.final
        assert final is not None
        for _, action in (seat_pool + chance_pool)[:10]:
            assert final.check(action) is not None
            assert_refused(final, action, IllegalAction)
