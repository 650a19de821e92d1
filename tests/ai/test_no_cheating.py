"""No agent can cheat: its decision depends only on what its seat may see.

For a state S and a twin T that the seat to move cannot tell from S (same view, other hidden
cards: the opponent's hand and both deck orders), an agent with the same seed must choose the
same action on S and on T. The twins come from `State.determinize` and from swapping cards by
hand; the test checks that the hidden cards really differ, so an agent that read them would be
caught.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bitva.ai import make_agent
from bitva.core.rng import Rng
from bitva.games.lords_of_war.state import LordsOfWarState
from tests.ai.conftest import TINY, random_position

SEARCHERS = ["greedy", "easy", "medium", "hard", "mcts", "ismcts"]


def _hidden(state: LordsOfWarState, seat: int) -> tuple[object, ...]:
    opponent = 3 - seat
    return (sorted(state.hand[opponent]), state.deck[opponent], state.deck[seat], state.rng.state)


def _twin_by_determinization(state: LordsOfWarState, seat: int, key: int) -> LordsOfWarState:
    return state.determinize(seat, Rng(key))


def _twin_by_swapping(state: LordsOfWarState, seat: int) -> LordsOfWarState | None:
    """Swap an unknown card of the opponent's hand with a card of another kind from their deck,
    and reverse the seat's own deck: nothing the seat sees changes."""
    twin = state.clone()
    opponent = 3 - seat
    kind = state.static.kind_of[opponent]
    hand, deck = twin.hand[opponent], twin.deck[opponent]
    for i, card in enumerate(hand):
        if card in twin.known[opponent]:
            continue
        for j, other in enumerate(deck):
            if kind[other] != kind[card]:
                hand[i], deck[j] = other, card
                twin.deck[seat].reverse()
                twin._legal = None
                return twin
    return None


def _same_choice(spec: str, seed: int, state: LordsOfWarState, twin: LordsOfWarState) -> None:
    seat = state.current_player
    assert seat is not None and twin.current_player == seat
    assert twin.view(seat) == state.view(seat)  # the seat cannot tell them apart
    first = make_agent(spec, seed).choose(state)
    second = make_agent(spec, seed).choose(twin)
    assert str(first) == str(second), f"{spec} saw the hidden cards"


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(
    seed=st.integers(0, 5_000),
    plies=st.integers(4, 110),
    key=st.integers(0, 2**32),
    name=st.sampled_from(SEARCHERS),
)
def test_decisions_ignore_hidden_cards_determinized_twin(
    seed: int, plies: int, key: int, name: str
) -> None:
    state = random_position(seed, plies)
    seat = state.current_player
    assume(seat is not None and len(state.legal_codes()) > 1)
    assert seat is not None
    twin = _twin_by_determinization(state, seat, key)
    assume(_hidden(twin, seat) != _hidden(state, seat))
    _same_choice(TINY[name], seed, state, twin)


@pytest.mark.parametrize("name", SEARCHERS)
@pytest.mark.parametrize(("seed", "plies"), [(1, 9), (2, 30), (3, 57), (8, 80)])
def test_decisions_ignore_hidden_cards_swapped_twin(name: str, seed: int, plies: int) -> None:
    state = random_position(seed, plies, advanced=True)
    seat = state.current_player
    assert seat is not None
    twin = _twin_by_swapping(state, seat)
    assert twin is not None
    assert sorted(twin.hand[3 - seat]) != sorted(state.hand[3 - seat])
    _same_choice(TINY[name], seed, state, twin)


@pytest.mark.parametrize(("name", "fresh"), [("ismcts", True), ("mcts", False)])
def test_search_only_holds_determinizations(
    monkeypatch: pytest.MonkeyPatch, name: str, fresh: bool
) -> None:
    """Every iteration starts from a determinization, never from the real state: ISMCTS from a
    fresh one each iteration, MCTS from one per move."""
    from bitva.ai import search

    state = random_position(21, 40)
    seat = state.current_player
    assert seat is not None
    real = (list(state.hand[3 - seat]), list(state.deck[3 - seat]), list(state.deck[seat]))
    starts: list[tuple[list[int], list[int], list[int]]] = []
    original = search._iterate

    def spy(root, start, *args):  # type: ignore[no-untyped-def]
        starts.append(
            (list(start.hand[3 - seat]), list(start.deck[3 - seat]), list(start.deck[seat]))
        )
        return original(root, start, *args)

    monkeypatch.setattr(search, "_iterate", spy)
    make_agent(f"{name}:iterations=40,evaluations=100000", 5).choose(state)
    assert 8 <= len(starts) <= 40
    assert real not in starts
    distinct = {repr(start) for start in starts}
    assert len(distinct) == (len(starts) if fresh else 1)


@pytest.mark.parametrize("name", SEARCHERS)
@pytest.mark.parametrize("seats", [2, 3])
def test_decisions_ignore_hidden_hands_of_the_test_game(name: str, seats: int) -> None:
    """The same property on the test game (tests/games/dice_cards, DC-1: hands are secret), with
    two and three seats: a twin with the other seats' hands dealt anew gets the same choice."""
    from bitva.core.registry import get_game

    game = get_game("dice-cards")
    compared = 0
    for seed in range(3):
        state = game.new({"seats": seats}, seed)
        state.resolve_chance()
        seat = state.current_player
        assert seat is not None
        twin = state.determinize(seat, Rng(seed + 100))
        if twin.to_json()["hands"] == state.to_json()["hands"]:
            continue
        assert twin.view(seat) == state.view(seat)
        first = make_agent(TINY[name], seed).choose(state)
        second = make_agent(TINY[name], seed).choose(twin)
        assert str(first) == str(second), f"{name} saw the hidden hands"
        compared += 1
    assert compared >= 2
