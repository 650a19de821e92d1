"""Tests of the research checks (test_research.py): each one fails on Dice and Cards with its
fault planted (issue 23), so a check that stops checking is caught here; the game as it is
passes them all."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from bitva.core import get_game
from tests.games.dice_cards import DiceCards
from tests.games.dice_cards.rules import DiceCardsState

from .cases import Case, play
from .test_research import (
    assert_codes_step_the_rng_as_apply_does,
    assert_declared_size_holds,
    assert_determinizations_look_the_same,
    assert_length_is_bounded,
    assert_masks_are_legal_codes,
    assert_observations_keep_their_shape,
    assert_returns_in_range,
)

DICE_CARDS = get_game("dice-cards")
CASE = Case(DICE_CARDS, (("seats", 3),))
VALUES = CASE.values


def states_as(kind: type[DiceCardsState]) -> list[DiceCardsState]:
    """The states of a Dice and Cards playout, each turned into `kind` (the fault planted)."""
    out = []
    for state in play(CASE, 1).states:
        assert isinstance(state, DiceCardsState)
        planted = state.clone()
        planted.__class__ = kind
        out.append(planted)
    return out


class MaskMissesACode(DiceCardsState):
    def legal_mask(self) -> Any:
        mask = super().legal_mask()
        mask[max(self.legal_codes())] = 0
        return mask


class ObservationReadsTheHands(DiceCardsState):
    """An observation taken from the state, not the view: it holds every seat's cards."""

    def observation_tensor(self, seat: int | None) -> Any:
        tensor = super().observation_tensor(seat)
        tensor[-1] = sum(map(sum, self.hands)) / 20
        return tensor


class InformationStateShowsTheHands(DiceCardsState):
    def information_state_string(self, seat: int | None) -> str:
        return super().information_state_string(seat) + str(self.hands)


class ApplyCodeForgetsTheRng(DiceCardsState):
    """The trap issue 23 names: the fast path does not step the RNG after a chance outcome."""

    def apply_code(self, code: int) -> None:
        self.play(self.decode_action(code))


class ShapeGrowsWithTheRound(DiceCards):
    def observation_from_view(self, view: Any, seat: int | None, options: Any) -> Any:
        tensor = super().observation_from_view(view, seat, options)
        return np.concatenate([tensor, np.zeros(view["round"], dtype=np.float32)])


class ObservationInFloat64(DiceCards):
    def observation_from_view(self, view: Any, seat: int | None, options: Any) -> Any:
        return super().observation_from_view(view, seat, options).astype(np.float64)


class SizeFromTheFormOfTheOptions(DiceCards):
    """A space that reads a mapping of options otherwise than the model."""

    def num_action_codes(self, options: Any = None) -> int:
        return super().num_action_codes(options) + isinstance(options, dict)


class SpaceTooSmall(DiceCards):
    def num_action_codes(self, options: Any = None) -> int:
        return 8


class LengthTooShort(DiceCards):
    def max_game_length(self, options: Any = None) -> int:
        return 10


class RangeTooNarrow(DiceCards):
    def utility_range(self, options: Any = None) -> tuple[float, float]:
        return (-0.5, 0.5)


def with_game(kind: type[DiceCardsState], game: DiceCards) -> type[DiceCardsState]:
    """A state class whose `game` is `game` (a fault planted in the game's methods)."""
    return type(f"{kind.__name__}Of{type(game).__name__}", (kind,), {"game": game})


def test_dice_cards_passes_every_research_check_as_it_is() -> None:
    playout = play(CASE, 1)
    states = playout.states
    assert_masks_are_legal_codes(states)
    assert_declared_size_holds(DICE_CARDS, VALUES, states)
    assert_observations_keep_their_shape(DICE_CARDS, VALUES, states)
    assert_determinizations_look_the_same(states, CASE.id)
    assert_length_is_bounded(DICE_CARDS, VALUES, [playout])
    assert_returns_in_range(DICE_CARDS, VALUES, [states[-1]])
    assert_codes_step_the_rng_as_apply_does(playout.steps)


def test_a_mask_that_misses_a_legal_code_fails_the_mask_check() -> None:
    with pytest.raises(AssertionError, match="the mask marks"):
        assert_masks_are_legal_codes(states_as(MaskMissesACode))


def test_an_observation_read_from_the_state_fails_the_view_check() -> None:
    with pytest.raises(AssertionError, match="not observation_from_view"):
        assert_observations_keep_their_shape(
            DICE_CARDS, VALUES, states_as(ObservationReadsTheHands)
        )


def test_an_observation_that_shows_hidden_cards_fails_the_determinization_check() -> None:
    with pytest.raises(AssertionError, match="observation changes in a determinization"):
        assert_determinizations_look_the_same(states_as(ObservationReadsTheHands), CASE.id)


def test_an_information_state_that_shows_hidden_cards_fails_the_determinization_check() -> None:
    planted = states_as(InformationStateShowsTheHands)
    with pytest.raises(AssertionError, match="information state changes in a determinization"):
        assert_determinizations_look_the_same(planted, CASE.id)


def test_apply_code_that_forgets_the_rng_fails_the_rng_check() -> None:
    playout = play(CASE, 1)
    steps = [step for step in playout.steps if step.actor < 0]
    for step in steps:
        planted = step.before.clone()
        planted.__class__ = ApplyCodeForgetsTheRng
        step.before = planted
    with pytest.raises(AssertionError, match="apply_code leaves the RNG"):
        assert_codes_step_the_rng_as_apply_does(steps)


def test_an_observation_that_changes_shape_fails_the_shape_check() -> None:
    game = ShapeGrowsWithTheRound()
    planted = states_as(with_game(DiceCardsState, game))
    with pytest.raises(AssertionError, match="an observation of shape"):
        assert_observations_keep_their_shape(game, VALUES, planted)


def test_an_observation_in_float64_fails_the_dtype_check() -> None:
    game = ObservationInFloat64()
    planted = states_as(with_game(DiceCardsState, game))
    with pytest.raises(AssertionError, match="the observation is float64"):
        assert_observations_keep_their_shape(game, VALUES, planted)


def test_a_space_that_depends_on_the_form_of_the_options_fails_the_size_check() -> None:
    with pytest.raises(AssertionError, match="differs between forms of the options"):
        assert_declared_size_holds(SizeFromTheFormOfTheOptions(), VALUES, play(CASE, 1).states)


def test_a_space_too_small_for_the_codes_played_fails_the_size_check() -> None:
    with pytest.raises(AssertionError, match="outside the declared space"):
        assert_declared_size_holds(SpaceTooSmall(), VALUES, play(CASE, 1).states)


def test_a_maximum_length_shorter_than_a_game_fails_the_length_check() -> None:
    with pytest.raises(AssertionError, match="max_game_length says 10"):
        assert_length_is_bounded(LengthTooShort(), VALUES, [play(CASE, 1)])


def test_a_utility_range_narrower_than_the_returns_fails_the_range_check() -> None:
    final = play(CASE, 1).states[-1]
    with pytest.raises(AssertionError, match="outside"):
        assert_returns_in_range(RangeTooNarrow(), VALUES, [final])
