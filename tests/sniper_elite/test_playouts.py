"""Random games to the end under random modifier sets: every game ends with an outcome, tokens
are conserved (bag + stack + drawn = the set-up's tokens + rewards of A + noise from the first
objective, SE-3.3, SE-5.4), views never show hidden cards, positions round-trip with the same
views, and determinizations look the same and depend only on the view (SE-3.10), under every
challenge and random free modifiers.
A few dozen in the default suite; thousands behind the slow mark."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bitva.core.rng import Rng, derive_seed
from bitva.games.sniper_elite import GAME, GameState
from bitva.games.sniper_elite.actions import Complete, End, Move, SniperAction
from bitva.games.sniper_elite.options import CHALLENGES, MODIFIERS


def options_for(seed: int) -> dict[str, object]:
    rng = Rng(derive_seed(seed, "modifiers"))
    challenge = ["none", *CHALLENGES][seed % 7]
    return {"challenge": challenge, "modifiers": [m for m in MODIFIERS if rng.below(5) == 0]}


def tokens(state: GameState) -> int:
    core = state.core
    return sum(core.bag.values()) + len(core.health) + sum((state.drawn or {}).values())


def purposeful(state: GameState, rng: Rng) -> SniperAction:
    """A random sniper who completes objectives when he can and mostly walks toward them, so
    that games reach the first objective, the reshuffle and the win."""
    actions = state.legal_actions()
    if Complete() in actions:
        return Complete()
    moves = [a for a in actions if isinstance(a, Move)]
    targets = [state.geo.objective_at[int(n)] for n, done in state.held if not done]
    if moves and targets and rng.below(10) < 7:

        def left(a: Move) -> int:
            return min(state.geo.dist[state.geo.space(a.space)][t] for t in targets)

        return min(moves, key=left)
    if End() in actions and state.moved and rng.below(2) == 0:
        return End()
    return rng.choice(actions)


def next_action(state: GameState, rng: Rng, smart: bool) -> Any:
    """The next step of a playout: chance by its odds, else a purposeful or a random action."""
    if state.is_chance:
        return state.sample_chance(rng)
    return purposeful(state, rng) if smart else rng.choice(state.legal_actions())


def play(seed: int, check_views: bool, smart: bool = False) -> GameState:
    rng = Rng(derive_seed(seed, "playout"))
    state = GAME.new(options_for(seed), seed=seed)
    expected = tokens(state)
    steps = 0
    while state.current_player is not None:
        action = next_action(state, rng, smart)
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
            # a discard shuffled back stays named as "known in the deck" even once drawn face down
            down = {s[0] for s in state.slots if s is not None and not s[1]} - set(state.known)
            hidden = set(state.box) | down
            text = json.dumps(state.view(1)) + json.dumps([e.for_seat(1) for e in events])
            assert not any(f'"{card}"' in text for card in hidden)
            written = GAME.write_position(state)
            again = GAME.read_position(written)
            assert GAME.write_position(again) == written
            assert again.view(1) == state.view(1) and again.view(None) == state.view(None)
        if check_views and steps % 7 == 0:  # SE-3.10: determinizations look the same
            twin = state.determinize(1, Rng(steps))
            assert twin.view(1) == state.view(1) and twin.view(None) == state.view(None)
            one, two = state.determinize(1, Rng(7)), twin.determinize(1, Rng(7))
            assert one.to_json() == two.to_json()
    assert state.outcome is not None and state.outcome.rule is not None
    return state


@pytest.mark.parametrize("seed", range(30))
def test_se_9_random_games_end_and_conserve_tokens(seed: int) -> None:
    play(seed, check_views=True)


@pytest.mark.parametrize("seed", range(30, 60))
def test_se_9_purposeful_games_reach_objectives_and_conserve_tokens(seed: int) -> None:
    play(seed, check_views=True, smart=True)


def test_se_9_purposeful_play_wins_sometimes() -> None:
    reasons = [play(seed, check_views=False, smart=True).outcome for seed in range(200, 240)]
    assert any(o is not None and o.reason == "objectives" for o in reasons)


@pytest.mark.slow
def test_se_9_two_thousand_random_games() -> None:
    results: dict[str, int] = {}
    for seed in range(100, 2100):
        state = play(seed, check_views=False, smart=seed % 2 == 0)
        assert state.outcome is not None
        results[state.outcome.reason] = results.get(state.outcome.reason, 0) + 1
    assert set(results) <= {"killed", "deck-empty", "objectives"}
