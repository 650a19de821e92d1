"""Property tests: random games played to the end under basic and advanced rules, checking the
invariants of the architecture (cards accounted for, no leaks, determinism, replay, clear errors).

The default run plays several hundred games; `pytest -m slow` plays thousands."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bitva.core import get_game
from bitva.core.errors import IllegalAction
from bitva.core.record import Match, verify
from bitva.core.rng import Rng
from bitva.games.lords_of_war.actions import BerserkMove, Draw, Place, Recall, Shoot, UseArrows
from bitva.games.lords_of_war.cards import DECK_SIZE
from bitva.games.lords_of_war.state import LordsOfWarState
from tests.lords_of_war.helpers import random_step

GAME = get_game("lords-of-war")
ARMIES = ["orcs", "dwarves", "elves", "lizardmen"]

options_strategy = st.fixed_dictionaries(
    {
        "armies": st.tuples(st.sampled_from(ARMIES), st.sampled_from(ARMIES)),
        "advanced": st.booleans(),
        "borderless": st.booleans(),
        "units_to_win": st.sampled_from([20, 20, 10, 30]),
        "commands_to_win": st.sampled_from([4, 4, 2, 6]),
    }
)
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def new(options: dict[str, Any], seed: int) -> LordsOfWarState:
    state = GAME.new(options, seed)
    assert isinstance(state, LordsOfWarState)
    state.resolve_chance()
    return state


def check_cards_accounted(state: LordsOfWarState) -> None:
    """36 cards per side, each in exactly one place: deck, hand, board or a pile."""
    for seat in (1, 2):
        places = Counter(state.hand[seat]) + Counter(state.deck[seat])
        places += Counter(u & 0xFF for u in state.board.values() if u >> 8 == seat)
        places += Counter(u & 0xFF for u in state.pile[3 - seat])
        assert sorted(places.elements()) == list(range(DECK_SIZE)), f"seat {seat}: {places}"
    for seat in (1, 2):
        assert all(u >> 8 == 3 - seat for u in state.pile[seat])  # piles hold enemy units only
    assert len(state.hand[1]) <= 6 and len(state.hand[2]) <= 6
    assert all(state.pos[u] == sq for sq, u in state.board.items())
    assert len(state.pos) == len(state.board)


def check_no_leak(state: LordsOfWarState, rng: Rng) -> None:
    """Invariant 3: a seat's view is the same whatever the hidden cards are (the opponent's
    unknown hand cards and both deck orders), and names no card of the opponent's hand that the
    seat does not know."""
    for seat in (1, 2):
        view = state.view(seat)
        other = state.determinize(seat, rng)
        assert other.view(seat) == view
        opponent = view["players"][str(3 - seat)]
        assert "hand" not in opponent and "deck" not in opponent
        assert "deck" not in view["players"][str(seat)]
    spectator = state.view(None)
    assert all("hand" not in p for p in spectator["players"].values())


def play_random(state: LordsOfWarState, rng: Rng, every_step: Any = None) -> int:
    steps = 0
    while state.current_player is not None:
        if every_step is not None:
            every_step(state)
        actions = state.legal_actions()
        assert actions, f"no legal action at {state.phase}"
        random_step(state, rng)
        steps += 1
        assert steps < 2000
    return steps


@FAST
@given(options=options_strategy, seed=st.integers(0, 2**32), agent_seed=st.integers(0, 2**32))
def test_random_games_end_with_every_card_accounted(
    options: dict[str, Any], seed: int, agent_seed: int
) -> None:
    state = new(options, seed)
    play_random(state, Rng(agent_seed), check_cards_accounted)
    check_cards_accounted(state)
    assert state.outcome is not None and state.current_player is None
    assert state.legal_actions() == []


@SLOW
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_views_never_leak_hidden_cards(options: dict[str, Any], seed: int) -> None:
    state = new(options, seed)
    check_rng = Rng(seed ^ 0xABCDEF)
    play_random(
        state, Rng(seed + 1), lambda s: None if s.is_chance else check_no_leak(s, check_rng)
    )


@SLOW
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_events_for_a_seat_carry_no_secret_of_the_other(options: dict[str, Any], seed: int) -> None:
    state = new(options, seed)
    rng = Rng(seed)
    while state.current_player is not None:
        for event in random_step(state, rng):
            if event.kind == "drew":
                owner = event.data["player"]
                assert "cards" not in event.for_seat(3 - owner)
                assert "cards" not in event.for_seat(None)
                assert len(event.for_seat(owner)["cards"]) == event.data["count"]
            json.dumps(event.for_seat(1))


@FAST
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_records_replay_exactly(options: dict[str, Any], seed: int) -> None:
    match = Match("lords-of-war", options, seed)
    rng = Rng(seed * 7 + 1)
    while match.state.current_player is not None:
        match.apply(rng.choice(match.state.legal_actions()))
    state = verify(match.record)
    assert state.to_json() == match.state.to_json()


@SLOW
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_json_round_trip_and_clone_mid_game(options: dict[str, Any], seed: int) -> None:
    state = new(options, seed)
    rng = Rng(seed)
    while state.current_player is not None:
        data = state.to_json()
        restored = GAME.state_from_json(json.loads(json.dumps(data)))
        assert restored.to_json() == data
        assert [str(a) for a in restored.legal_actions()] == [str(a) for a in state.legal_actions()]
        twin = state.clone()
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        events = state.apply(action)
        assert twin.to_json() == data  # the clone did not move
        assert [e.to_json() for e in twin.apply(action)] == [e.to_json() for e in events]
        assert twin.to_json() == state.to_json()


@SLOW
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_codes_fast_path_matches_checked_path(options: dict[str, Any], seed: int) -> None:
    checked, fast = new(options, seed), new(options, seed)
    rng = Rng(seed)
    while checked.current_player is not None:
        codes = fast.legal_codes()
        actions = checked.legal_actions()
        assert [checked.encode_action(a) for a in actions] == codes
        assert [checked.decode_action(c) for c in codes] == actions
        assert [checked.parse_action(str(a)) for a in actions] == actions  # text round trip
        code = rng.choice(codes)
        checked.apply(checked.decode_action(code))
        fast.apply_code(code)
        assert fast.digest() == checked.digest()  # the checked path also steps the RNG
    size = GAME.num_action_codes(checked.options)
    assert all(0 <= c < size for c in codes)


BOGUS = [
    Draw(),
    UseArrows(),
    Recall("a1"),
    Shoot("d4"),
    BerserkMove("c3", "c4"),
    Place("Gonke Longtooth", "a1"),
    Place("Krod Klouthammer", "f7"),
    Place("Nobody", "d3"),
    Recall("z9"),
    Shoot("-5,99"),
]


@SLOW
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_illegal_actions_name_a_rule_and_change_nothing(options: dict[str, Any], seed: int) -> None:
    state = new(options, seed)
    rng = Rng(seed)
    while state.current_player is not None:
        legal = state.legal_actions()
        before = state.to_json()
        for action in BOGUS:
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as caught:
                state.apply(action)
            assert caught.value.rule, f"{action} at {state.phase}: {caught.value}"
            assert state.to_json() == before
        random_step(state, rng)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None)
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_soak_thousands_of_random_games(options: dict[str, Any], seed: int) -> None:
    state = new(options, seed)
    rng = Rng(seed)
    while state.current_player is not None:
        if state.is_chance:
            state.apply_code(state.sample_chance_code(rng))
        else:
            state.apply_code(rng.choice(state.legal_codes()))
    check_cards_accounted(state)


@SLOW
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_determinize_depends_only_on_the_seats_view(options: dict[str, Any], seed: int) -> None:
    """Two states a seat cannot tell apart determinize identically for the same RNG: a search over
    determinizations cannot read the hidden cards (it cannot cheat)."""
    state = new(options, seed)
    rng = Rng(seed)
    while state.current_player is not None:
        seat = state.current_player if not state.is_chance else state.active
        twin = state.determinize(seat, Rng(seed + 99))  # same view, other hidden cards
        assert twin.view(seat) == state.view(seat)
        first = state.determinize(seat, Rng(5)).to_json()
        assert twin.determinize(seat, Rng(5)).to_json() == first
        random_step(state, rng)
