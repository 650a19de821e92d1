"""Issue 21 point 11, undo before the dice (bitva.core.undo), over random games of every
registered game: an undone decision leaves the state (RNG included) exactly as before it, the
record replays bit-exact, the decision can be played again to the same state, and undo is refused
after a chance outcome, another seat's decision or a decision that revealed something hidden."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bitva.core import CHANCE, Rng, State, get_game
from bitva.core.record import Match, replay, start, verify
from bitva.core.undo import (
    REASONS,
    UndoRefused,
    by_steps,
    check,
    match_refusal,
    revealed,
    undo,
    undo_match,
)
from tests.contract.cases import CASE_IDS, CASES, Case, random_action, snapshot
from tests.games.dice_cards.rules import DiceCardsState, PlayCard

STEPS = 120  # steps played per game (long games are checked over their first ones)


def played(case: Case, seed: int) -> tuple[Match, list[State[Any] | None]]:
    """A random game through a Match, with a copy of the state before every decision (None
    before a chance outcome, never undone)."""
    match = Match(case.game, case.values, seed)
    rng = Rng(seed)
    befores: list[State[Any] | None] = [None for _ in match.steps]  # the set-up's chance
    while match.state.current_player is not None and len(match.steps) < STEPS:
        befores.append(match.state.clone())
        steps = match.play(random_action(match.state, rng))
        for step in steps[1:]:  # chance after the decision: no state kept (never undone)
            befores.append(None)
            assert step.chance
    return match, befores


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_issue21_11_undo_restores_the_state_before_each_own_decision(case: Case) -> None:
    """Property: at every point of a random game, undo by the seat that took the last step is
    refused after chance (a roll or draw) and for any other seat; otherwise (unless the decision
    revealed something) the state is the one before the decision, RNG included, the record is
    a prefix that verifies, and playing the decision again gives the same state and record."""
    match, befores = played(case, 7)
    record = match.record
    seats = [step.seat for step in match.steps]
    undone = 0
    previous = start(record)
    for step in replay(record):
        end = step.index + 1
        state = step.state
        prefix = record.model_copy(
            update={"actions": record.actions[:end], "digests": record.digests[:end]}
        )
        last = seats[step.index]
        if state.outcome is None:
            for other in range(1, state.seats + 1):
                if other != last:
                    refusal = check(prefix, seats[:end], other, state, previous)
                    expected = "chance" if last == CHANCE else "other-seat"
                    assert refusal is not None and refusal.reason == expected
        if last == CHANCE and state.outcome is None:
            with pytest.raises(UndoRefused, match="chance"):
                undo(prefix, seats[:end], 1, state, previous)
        elif state.outcome is None and not revealed(previous, step.action, state, last):
            done = undo(prefix, seats[:end], last, state, previous)
            kept = befores[step.index]
            assert kept is not None
            assert snapshot(done.state) == snapshot(kept)  # RNG included
            if end > 1:
                assert done.state.digest() == record.digests[end - 2]
            assert done.record.actions == record.actions[: end - 1]
            verify(done.record)
            done.state.apply(done.action)  # the undone decision, played again
            assert done.state.digest() == record.digests[step.index]
            assert snapshot(done.state) == snapshot(state)
            undone += 1
        previous = state.clone()
    assert undone > 0, f"{case.id}: no decision of a random game could be undone"


@pytest.mark.parametrize("name", ["battlelore", "lords-of-war", "sniper-elite", "dice-cards"])
def test_issue21_11_undo_of_a_live_match_replays_the_record_when_no_copy_was_kept(
    name: str,
) -> None:
    """`undo_match` rebuilds the state before the decision by replaying the record (no copy
    kept): undoing every own decision of the last turn, one at a time, down to the last chance
    outcome or other seat's decision, then refused with the reason."""
    for seed in range(10):
        match = Match(get_game(name), None, seed)
        rng = Rng(seed)
        while match.state.current_player is not None and (
            len(match.steps) < 20 or match.steps[-1].seat == CHANCE
        ):
            match.play(random_action(match.state, rng))
        if match.state.current_player is not None:
            break
    else:
        pytest.fail("every random game ended on chance")
    last = match.steps[-1].seat
    undone = 0
    while match_refusal(match, last) is None:
        digest = match.record.digests[-2]
        undo_match(match, last)
        assert match.state.digest() == digest
        verify(match.record)
        undone += 1
    assert undone > 0
    refusal = match_refusal(match, last)
    assert refusal is not None and refusal.reason in ("chance", "other-seat", "revealed")
    with pytest.raises(UndoRefused, match=re.escape(REASONS[refusal.reason])):
        undo_match(match, last)


def test_issue21_11_undo_refused_at_the_start_for_a_spectator_and_once_over() -> None:
    """Nothing to undo before any step; a spectator (no seat) never undoes; an ended game is
    over (CORE-1)."""
    state = get_game("long-jump").new(None, 1)
    assert by_steps([], 1, state).reason == "nothing"  # type: ignore[union-attr]
    assert by_steps([1], None, state).reason == "spectator"  # type: ignore[union-attr]
    match, _ = played(Case(get_game("dice-cards")), 5)
    while match.state.current_player is not None:
        match.play(random_action(match.state, Rng(1)))
    refusal = match_refusal(match, match.steps[-1].seat)
    assert refusal is not None and refusal.reason in ("over", "chance")
    with pytest.raises(UndoRefused, match=r"\(CORE-4\)"):
        undo_match(match, 1)


class PeekingState(DiceCardsState):
    """Dice and Cards where playing a card shows the player seat 2's hand (a planted reveal)."""

    def view(self, seat: int | None) -> dict[str, Any]:
        view = super().view(seat)
        if self.played and seat == 1:
            view["peek"] = sorted(self.hands[1])
        return view


def test_issue21_11_a_decision_that_reveals_a_hidden_card_cannot_be_undone() -> None:
    """A decision after which the seat sees what was hidden (here: the other hand) stands; the
    same decision without the reveal can be undone."""
    game = get_game("dice-cards")
    match = Match(game, {"seats": 2}, 4)
    plain = match.state
    assert isinstance(plain, DiceCardsState)
    peeking = PeekingState(plain.options, plain.rng.clone())
    peeking.__dict__.update(plain.clone().__dict__)
    card = plain.hands[0][0]
    for state, reveals in ((plain, False), (peeking, True)):
        after = state.clone()
        after.apply(PlayCard(card))
        assert revealed(state, str(PlayCard(card)), after, 1) is reveals


def test_issue21_11_binoculars_turn_a_hidden_order_card_so_they_cannot_be_undone() -> None:
    """SE rules 11.6: BINOCULARS turn the face-down board card face up; once used, the sniper
    has seen it, and the decision stands."""
    case = Case(get_game("sniper-elite"))
    for seed in range(3, 12):
        match = Match(case.game, case.values, seed)
        rng = Rng(5)
        while match.state.current_player is not None:
            before = match.state.clone()
            match.play(random_action(match.state, rng))
            if match.record.actions[-1] == "use BINOCULARS" and match.steps[-1].seat == 1:
                assert revealed(before, "use BINOCULARS", match.state, 1)
                with pytest.raises(UndoRefused, match="showed you something"):
                    undo(match.record, [s.seat for s in match.steps], 1, match.state, before)
                return
    pytest.fail("no random game used the binoculars")
