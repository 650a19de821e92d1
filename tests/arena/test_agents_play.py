"""Every agent plays the test game (tests/games/dice_cards: grouped dice, card deals, hidden
hands) with 1, 2 and 3 seats to the end, choosing only legal actions at the seats' decisions and
never changing the state it is given; `play_game` records such games so that they verify."""

from __future__ import annotations

import pytest

from bitva.ai import make_agent
from bitva.arena.simulation import play_game
from bitva.core.record import verify
from bitva.core.registry import get_game
from tests.ai.conftest import TINY

SHORT = {"target": 12, "rounds": 3}  # DC-5: a short game keeps the test fast


@pytest.mark.parametrize("seats", [1, 2, 3])
@pytest.mark.parametrize("name", sorted(TINY))
def test_every_agent_plays_the_test_game_legally(name: str, seats: int) -> None:
    state = get_game("dice-cards").new({"seats": seats, **SHORT}, seats)
    state.resolve_chance()  # DC-1: the deal
    agents = {seat: make_agent(TINY[name], 10 * seats + seat) for seat in range(1, seats + 1)}
    decisions = 0
    while state.current_player is not None:
        seat = state.current_player
        before = state.digest()
        action = agents[seat].choose(state)
        assert state.digest() == before, f"{name} changed the state it was given"
        assert action in state.legal_actions(), f"{name} chose illegal {action}"
        state.apply(action)  # the checked path: raises on anything illegal
        state.resolve_chance()  # DC-2, DC-3, DC-4: dice and deals from the state's own RNG
        decisions += 1
    assert state.outcome is not None and len(state.outcome.returns) == seats
    assert decisions > 0


@pytest.mark.parametrize("seats", [1, 2, 3])
def test_recorded_games_of_every_seat_count_verify(seats: int) -> None:
    agents = dict(zip(range(1, seats + 1), ["greedy", TINY["ismcts"], TINY["mcts"]], strict=False))
    record = play_game("dice-cards", {"seats": seats, **SHORT}, 9, 0, agents)
    assert record.players == {str(seat): name for seat, name in agents.items()}
    assert any(text.startswith("dice ") for text in record.actions)  # chance is in the record
    state = verify(record)
    assert state.outcome is not None and state.outcome.to_json() == record.outcome


def test_a_job_must_seat_every_seat() -> None:
    from bitva.core.errors import BitvaError

    with pytest.raises(BitvaError, match="one agent for each"):
        play_game("dice-cards", {"seats": 3}, 0, 0, {1: "random", 2: "random"})
