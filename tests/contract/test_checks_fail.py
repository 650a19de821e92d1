"""Tests of the tests: each contract check that a game could pass without earning it is shown to
fail on Dice and Cards with the fault planted, so a check that stops checking is caught here.
The real games pass the same checks in test_actions, test_information and test_serialization."""

from __future__ import annotations

from typing import Any, Self

import pytest

from bitva.core import IllegalAction, Rng, State, Violation, all_games, get_game
from tests.games.dice_cards import DiceCards
from tests.games.dice_cards.rules import Action, DiceCardsState

from .cases import CASES, Case, Playout, Step, cases_of, derived_variants, play
from .checks import (
    assert_codes_are_stable,
    assert_determinizations_deal_anew,
    assert_refused,
    missing_games,
    missing_variants,
)

DICE_CARDS = get_game("dice-cards")
CASE = Case(DICE_CARDS, (("seats", 3),))


def states_as(kind: type[DiceCardsState]) -> list[DiceCardsState]:
    """The states of a Dice and Cards playout, each turned into `kind` (the fault planted)."""
    out = []
    for state in play(CASE, 1).states:
        assert isinstance(state, DiceCardsState)
        planted = state.clone()
        planted.__class__ = kind
        out.append(planted)
    return out


class CopiesForDeterminization(DiceCardsState):
    """The default determinize: a copy with a new RNG, the other hands left as they are."""

    def determinize(self, seat: int, rng: Rng) -> Self:
        return State.determinize(self, seat, rng)


class RefusesWithoutRule(DiceCardsState):
    def check(self, action: Action) -> Violation | None:
        violation = super().check(action)
        return None if violation is None else Violation(violation.message)


class CodesFollowTheRound(DiceCardsState):
    """A code whose meaning shifts as the game goes on."""

    def encode_action(self, action: Action) -> int:
        size = DICE_CARDS.num_action_codes(self.options)
        return (super().encode_action(action) + self.round) % size

    def decode_action(self, code: int) -> Action:
        size = DICE_CARDS.num_action_codes(self.options)
        return super().decode_action((code - self.round) % size)


class SpaceTooSmall(DiceCards):
    """A declared code space that the codes of its actions overflow."""

    def num_action_codes(self, options: Any = None) -> int:
        return super().num_action_codes(options) - 3


def test_dice_cards_passes_every_check_as_it_is() -> None:
    """The baseline: without a planted fault the checks pass (so the failures below are the
    faults', not the checks' own)."""
    states = play(CASE, 1).states
    assert_determinizations_deal_anew(DICE_CARDS, [(CASE, states)])
    assert_codes_are_stable(DICE_CARDS, states)
    state, illegal = a_seat_and_its_illegal_action(states)
    assert_refused(state, illegal, IllegalAction)
    assert not missing_variants(CASES, DICE_CARDS)
    assert not missing_games(CASES, all_games())


def test_a_copy_for_a_determinization_fails_the_re_deal_check() -> None:
    with pytest.raises(AssertionError, match="no determinization changed anything hidden"):
        planted = states_as(CopiesForDeterminization)
        assert_determinizations_deal_anew(DICE_CARDS, [(CASE, planted)])


def a_seat_and_its_illegal_action(states: list[Any]) -> tuple[Any, str]:
    """The first seat's decision with an illegal action (a card not in hand, say)."""
    for state in states:
        if state.current_player is None or state.is_chance:
            continue
        for text in ("hold", "play 1", "play 2", "play 3"):
            if state.check(state.parse_action(text)) is not None:
                return state, text
    raise AssertionError("no illegal action found in the playout")


def test_a_refusal_without_its_rule_fails_the_refusal_check() -> None:
    state, illegal = a_seat_and_its_illegal_action(states_as(RefusesWithoutRule))
    with pytest.raises(AssertionError, match="names no rule"):
        assert_refused(state, illegal, IllegalAction)


def test_codes_that_change_meaning_fail_the_stability_check() -> None:
    with pytest.raises(AssertionError, match="means"):
        assert_codes_are_stable(DICE_CARDS, states_as(CodesFollowTheRound))


def test_a_code_space_too_small_for_its_codes_fails_the_stability_check() -> None:
    with pytest.raises(AssertionError, match="outside the declared space"):
        assert_codes_are_stable(SpaceTooSmall(), play(CASE, 1).states)


def test_variants_that_replace_the_derived_ones_fail_the_variant_check() -> None:
    """The old VARIANTS replaced the derived options: Lords of War's cavalry alone never
    played. Extra variants now add to the derived ones."""
    lords = get_game("lords-of-war")
    replaced = [Case(lords, tuple(sorted(v.items()))) for v in ({}, {"advanced": True})]
    assert {"cavalry": True} in missing_variants(replaced, lords)
    assert not missing_variants(cases_of(lords, [{"advanced": True}]), lords)
    for game in all_games():
        assert not missing_variants(CASES, game), game.name
        assert derived_variants(game)[0] == {}


def test_a_registered_game_left_out_fails_the_presence_check() -> None:
    without_sniper = [case for case in CASES if case.game.name != "sniper-elite"]
    assert missing_games(without_sniper, all_games()) == {"sniper-elite"}


def test_a_long_playout_is_checked_on_a_sample_that_keeps_every_kind_of_action() -> None:
    """`checked_indices`: every step of a short playout; of a long one about the limit, with the
    first steps of each kind of action, so a kind played once in 5,000 steps is still checked."""
    playout = Playout(CASES[0], 1)
    texts = ["move"] * 4_999 + ["rare"]
    playout.steps = [Step(None, 1, None, text, []) for text in texts]  # type: ignore[arg-type]
    chosen = playout.checked_indices(limit=300)
    assert 4_999 in chosen and len(chosen) <= 400
    assert chosen == sorted(set(chosen)) and chosen[0] == 0
    assert playout.checked_indices(limit=5_000) == list(range(5_000))
