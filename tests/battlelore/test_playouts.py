"""Property tests: random games of every shipped adventure play to the end with an outcome,
and every state on the way keeps its invariants (units on their hexes, hands and deck adding
up to the 40 Command cards)."""

from __future__ import annotations

import pytest

from bitva.core import Rng
from bitva.games.battlelore.catalogue.load import adventure_ids
from bitva.games.battlelore.game import GAME
from bitva.games.battlelore.state import BattleLoreState


def random_game(adventure: str, seed: int, check_every: int = 0) -> BattleLoreState:
    state = GAME.new({"adventure": adventure}, seed)
    rng = Rng(seed)
    steps = 0
    while state.current_player is not None:
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        state.apply(action)
        steps += 1
        if check_every and steps % check_every == 0:
            invariants(state)
        assert steps < 50_000
    return state


def invariants(state: BattleLoreState) -> None:
    field = state.field
    for unit in field.alive():
        assert field.at[unit.hex] == unit.uid and 0 < unit.figures <= unit.type.figures
    cards = (
        sum(state.deck.values())
        + len(state.discard)
        + sum(len(h) for h in state.hands.values())
        + sum(len(h) for h in state.drawn.values())
        + (state.played is not None)
    )
    assert cards == 40


@pytest.mark.parametrize("adventure", adventure_ids())
def test_random_games_of_every_adventure_end_with_a_winner(adventure: str) -> None:
    for seed in range(12):
        final = random_game(adventure, seed, check_every=25)
        outcome = final.outcome
        assert outcome is not None and outcome.result == "win"
        winner = outcome.winner
        assert winner is not None
        assert final.banners[winner - 1] >= final.static.victory_banners


@pytest.mark.slow
@pytest.mark.parametrize("adventure", adventure_ids())
def test_soak_a_thousand_random_games(adventure: str) -> None:
    for seed in range(1000):
        assert random_game(adventure, 10_000 + seed).outcome is not None
