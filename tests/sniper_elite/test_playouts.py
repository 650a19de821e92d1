"""Random games to the end under random modifier sets: every game ends with an outcome, tokens
are conserved (bag + stack + drawn = the set-up's tokens + rewards of A + noise from the first
objective, SE-3.3, SE-5.4), views stay JSON and never show hidden cards, positions round-trip.
A few dozen in the default suite; thousands behind the slow mark."""

from __future__ import annotations

import json

import pytest

from bitva.core.rng import Rng, derive_seed
from bitva.games.sniper_elite import GAME, GameState
from bitva.games.sniper_elite.options import CHALLENGES, MODIFIERS


def options_for(seed: int) -> dict[str, object]:
    rng = Rng(derive_seed(seed, "modifiers"))
    challenge = ["none", *CHALLENGES][seed % 7]
    return {"challenge": challenge, "modifiers": [m for m in MODIFIERS if rng.below(5) == 0]}


def tokens(state: GameState) -> int:
    core = state.core
    return sum(core.bag.values()) + len(core.health) + sum((state.drawn or {}).values())


def play(seed: int, check_views: bool) -> GameState:
    rng = Rng(derive_seed(seed, "playout"))
    state = GAME.new(options_for(seed), seed=seed)
    expected = tokens(state)
    steps = 0
    while state.current_player is not None:
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        events = state.apply(action)
        steps += 1
        assert steps < 5000
        for event in events:
            if event.kind == "reward" and event.data["reward"] == "accuracy":
                expected += 1
            if event.kind == "objective-completed" and event.data["count"] == 1:
                expected += 1
        assert tokens(state) == expected, f"seed {seed}: tokens not conserved after {action}"
        if check_views and state.decision == "turn":
            hidden = set(state.box) | {s[0] for s in state.slots if s is not None and not s[1]}
            text = json.dumps(state.view(1)) + json.dumps([e.for_seat(1) for e in events])
            assert not any(f'"{card}"' in text for card in hidden)
            written = GAME.write_position(state)
            assert GAME.write_position(GAME.read_position(written)) == written
    assert state.outcome is not None and state.outcome.rule is not None
    return state


@pytest.mark.parametrize("seed", range(30))
def test_se_9_random_games_end_and_conserve_tokens(seed: int) -> None:
    play(seed, check_views=True)


@pytest.mark.slow
def test_se_9_two_thousand_random_games() -> None:
    results: dict[str, int] = {}
    for seed in range(100, 2100):
        state = play(seed, check_views=False)
        assert state.outcome is not None
        results[state.outcome.reason] = results.get(state.outcome.reason, 0) + 1
    assert set(results) <= {"killed", "deck-empty", "objectives"}
