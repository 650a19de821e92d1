"""The research contract (issue 23, docs/research.md), for every registered game that offers it:
a legal mask that is `legal_codes`, a code space declared from the options that play never
leaves, observations of one declared shape and dtype built from the seat's view alone, the same
observation and information state in every determinization for the seat, a maximum game length
that bounds every playout, returns within the utility range, and `apply_code` stepping the RNG
after a chance outcome exactly as `apply` does.

A game that lacks a method is skipped with a reason naming what it lacks (never silently); a
game with parametric actions has no codes at all. The checks are functions, so that
test_research_fails.py shows each one failing on Dice and Cards with a fault planted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import pytest

from bitva.core import Game, NotSupported, Rng, State, derive_seed
from bitva.rl.support import MAX_CODES

from .cases import CASE_IDS, CASES, Case, Playout, Step, playouts, sample_states

CODES = ("num_action_codes",)
OBSERVATIONS = ("num_action_codes", "observation_shape")


def lacking(game: Game[Any, Any], values: dict[str, Any], methods: Sequence[str]) -> str | None:
    """Why `game` with these options cannot be checked for `methods`: each method it does not
    offer, with the game's own words; None when it offers them all."""
    if not game.traits.enumerable:
        return f"{game.title} has parametric actions: no integer codes, masks or observations"
    missing = []
    for method in methods:
        try:
            getattr(game, method)(values)
        except NotSupported as exc:
            missing.append(f"{method}: {exc}")
    return f"{game.title} lacks " + "; ".join(missing) if missing else None


def require(case: Case, *methods: str) -> None:
    reason = lacking(case.game, case.values, methods)
    if reason is not None:
        pytest.skip(reason)


def live(states: Iterable[State[Any]]) -> list[State[Any]]:
    return [state for state in states if state.current_player is not None]


def option_forms(game: Game[Any, Any], values: dict[str, Any]) -> list[Any]:
    """The options as a mapping, as the validated model, and (for the defaults) as None:
    `OptionsLike` says a game method takes all three."""
    forms: list[Any] = [values, game.options(values)]
    if not values:
        forms.append(None)
    return forms


# -- the checks --------------------------------------------------------------------------------
def assert_masks_are_legal_codes(states: Iterable[State[Any]]) -> None:
    """`legal_mask()` is an int8 vector of the declared size with 1 exactly at `legal_codes()`
    (at a chance node: the outcomes' codes)."""
    for state in live(states):
        size = state.game.num_action_codes(state.options)
        mask = np.asarray(state.legal_mask())
        assert mask.dtype == np.int8, f"the mask is {mask.dtype}, not int8"
        assert mask.shape == (size,), f"the mask has shape {mask.shape}, not ({size},)"
        codes = sorted(set(state.legal_codes()))
        assert np.flatnonzero(mask).tolist() == codes, (
            f"the mask marks {np.flatnonzero(mask).tolist()[:12]}, legal_codes are {codes[:12]}"
            f" ({state.decision})"
        )


def assert_declared_size_holds(
    game: Game[Any, Any], values: dict[str, Any], states: Iterable[State[Any]]
) -> None:
    """`num_action_codes(options)` is one number for every form of the options, the same as the
    states' own options give, and every code played or legal lies below it."""
    sizes = {game.num_action_codes(form) for form in option_forms(game, values)}
    assert len(sizes) == 1, f"num_action_codes differs between forms of the options: {sizes}"
    (size,) = sizes
    for state in live(states):
        assert game.num_action_codes(state.options) == size, "a state's options declare another"
        for code in state.legal_codes():
            assert 0 <= code < size, f"code {code} is outside the declared space of {size}"


def observers(state: State[Any]) -> list[int | None]:
    return [None, *range(1, state.seats + 1)]


def assert_observations_keep_their_shape(
    game: Game[Any, Any], values: dict[str, Any], states: Iterable[State[Any]]
) -> None:
    """Every observation (each seat's and a spectator's) is float32 of the declared shape,
    finite, and exactly `observation_from_view` of the seat's view: nothing but the view."""
    shapes = {tuple(game.observation_shape(form)) for form in option_forms(game, values)}
    assert len(shapes) == 1, f"observation_shape differs between forms of the options: {shapes}"
    (shape,) = shapes
    for state in states:
        for seat in observers(state):
            tensor = np.asarray(state.observation_tensor(seat))
            assert tensor.dtype == np.float32, f"seat {seat}: the observation is {tensor.dtype}"
            assert tensor.shape == shape, (
                f"seat {seat}: an observation of shape {tensor.shape}, declared {shape}"
            )
            assert np.isfinite(tensor).all(), f"seat {seat}: an observation that is not finite"
            from_view = game.observation_from_view(state.view(seat), seat, state.options)
            assert np.array_equal(tensor, from_view), (
                f"seat {seat}: observation_tensor is not observation_from_view of the seat's view"
            )


def assert_determinizations_look_the_same(
    states: Iterable[State[Any]], key: str, tries: int = 3
) -> None:
    """No leak: a seat's observation tensor and information state string are the same in every
    determinization for that seat (everything it cannot see dealt anew)."""
    for state in live(states):
        for seat in range(1, state.seats + 1):
            tensor = np.asarray(state.observation_tensor(seat))
            text = state.information_state_string(seat)
            for k in range(tries):
                other = state.determinize(seat, Rng(derive_seed(k, key, seat, "research")))
                assert np.array_equal(np.asarray(other.observation_tensor(seat)), tensor), (
                    f"seat {seat}'s observation changes in a determinization for it"
                )
                assert other.information_state_string(seat) == text, (
                    f"seat {seat}'s information state changes in a determinization for it"
                )


def assert_length_is_bounded(
    game: Game[Any, Any], values: dict[str, Any], games: Iterable[Playout]
) -> None:
    """`max_game_length(options)` bounds the actions and chance outcomes of every playout."""
    bounds = {game.max_game_length(form) for form in option_forms(game, values)}
    assert len(bounds) == 1, f"max_game_length differs between forms of the options: {bounds}"
    (bound,) = bounds
    for playout in games:
        assert len(playout.steps) <= bound, (
            f"seed {playout.seed}: {len(playout.steps)} steps, max_game_length says {bound}"
        )


def assert_returns_in_range(
    game: Game[Any, Any], values: dict[str, Any], finals: Iterable[State[Any]]
) -> None:
    """`utility_range(options)` holds every return of every finished game."""
    ranges = {tuple(game.utility_range(form)) for form in option_forms(game, values)}
    assert len(ranges) == 1, f"utility_range differs between forms of the options: {ranges}"
    ((low, high),) = ranges
    assert low < high, f"an empty utility range ({low}, {high})"
    for state in finals:
        assert state.outcome is not None, "a playout that did not end"
        for seat, value in enumerate(state.outcome.returns, start=1):
            assert low <= value <= high, f"seat {seat} returns {value}, outside ({low}, {high})"


def assert_codes_step_the_rng_as_apply_does(steps: Iterable[Step]) -> None:
    """The trap issue 23 names: after every step, `apply_code` (and `apply_unchecked`) leave
    the state's RNG and position where `apply` leaves them (stepped once after a chance
    outcome, untouched after a seat's action)."""
    for step in steps:
        checked = step.before.clone()
        checked.apply(step.action)
        by_code = step.before.clone()
        by_code.apply_code(by_code.encode_action(step.action))
        unchecked = step.before.clone()
        unchecked.apply_unchecked(step.action)
        for name, other in (("apply_code", by_code), ("apply_unchecked", unchecked)):
            assert other.rng.state == checked.rng.state, (
                f"{step.text!r}: {name} leaves the RNG at {other.rng.state}, apply at"
                f" {checked.rng.state}"
            )
            assert other.digest() == checked.digest(), f"{step.text!r}: {name} plays otherwise"


# -- the tests ---------------------------------------------------------------------------------
@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_the_legal_mask_is_the_legal_codes(case: Case) -> None:
    require(case, *CODES)
    size = case.game.num_action_codes(case.values)
    if size > MAX_CODES:  # a mask of one byte a code would not fit in memory
        pytest.skip(
            f"{case.game.title} lacks dense codes: {size:,} codes, a mask of {size:,} bytes"
        )
    assert_masks_are_legal_codes(sample_states(case, 20))


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_the_code_space_is_declared_by_the_options(case: Case) -> None:
    require(case, *CODES)
    assert_declared_size_holds(case.game, case.values, sample_states(case, 40))


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_observations_have_one_shape_and_come_from_the_view(case: Case) -> None:
    require(case, *OBSERVATIONS)
    assert_observations_keep_their_shape(case.game, case.values, sample_states(case, 20))


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_observations_and_information_states_do_not_leak(case: Case) -> None:
    require(case, *OBSERVATIONS)
    assert_determinizations_look_the_same(sample_states(case, 10), case.id)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_the_maximum_game_length_bounds_every_playout(case: Case) -> None:
    require(case, "max_game_length")
    assert_length_is_bounded(case.game, case.values, playouts(case))


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_returns_lie_in_the_utility_range(case: Case) -> None:
    require(case, "utility_range")
    finals = [p.final for p in playouts(case) if p.final is not None]
    assert_returns_in_range(case.game, case.values, finals)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_apply_code_steps_the_rng_as_apply_does(case: Case) -> None:
    require(case, *CODES)
    for playout in playouts(case):
        chance = [step for step in playout.checked_steps(400) if step.actor < 0]
        seat = [step for step in playout.checked_steps(200) if step.actor > 0]
        assert_codes_step_the_rng_as_apply_does(chance + seat)
