"""Whole games under every officer challenge and under random sets of single modifiers (SE-10),
checked at every step: each kind of token is conserved (bag + health stack + tokens drawn for a
shot = the set-up's tokens + what came from the supply, SE-3.3, SE-5.4; suppressors stay as
radio+ dealt them, the rest in the box, SE-4.8), every card is in exactly one place (order deck,
discard, box or board; equipment deck, hand, used or a loot draw; objective deck, box or held),
and no turn applies more hits than its cap (SE-5.2, marksman-cap).

This extends test_playouts.py (total tokens, views, positions, determinizations, a few games per
seed's challenge) with a few named games per challenge and per-kind, per-card bookkeeping; a
`slow` soak plays thousands more."""

from __future__ import annotations

from collections import Counter

import pytest

from bitva.core.rng import Rng, derive_seed
from bitva.games.sniper_elite import GAME, GameState
from bitva.games.sniper_elite.catalogue import shipped_content
from bitva.games.sniper_elite.hits import cap
from bitva.games.sniper_elite.options import CHALLENGES, MODIFIERS
from tests.sniper_elite.test_playouts import next_action

ALL_CHALLENGES = ["none", *CHALLENGES]


def set_up_tokens(rules: frozenset[str]) -> Counter[str]:
    """SE-4.7, SE-4.8 with SE-10's set-up modifiers: the stack N R R N R R (radio+: S R R S R
    R), the bag 6 A 2 N 3 R, +1 N (medic-noise), +1 A (marksman+)."""
    tokens = Counter({"A": 6, "N": 2 + 2, "R": 3 + 4})
    if "radio+" in rules:
        tokens["N"] -= 2
        tokens["S"] += 2
    tokens["N"] += "medic-noise" in rules
    tokens["A"] += "marksman+" in rules
    return tokens


def in_play(state: GameState) -> Counter[str]:
    core = state.core
    tokens = Counter(core.bag) + Counter(core.health) + Counter(state.drawn or {})
    return +tokens


def order_cards(state: GameState) -> Counter[str]:
    board = [slot[0] for slot in state.slots if slot is not None]
    return Counter([*state.deck, *state.discard, *state.box, *board])


def equipment_cards(state: GameState) -> Counter[str]:
    places = (state.equip_pile, state.equip_bottom, state.available, state.used_cards)
    return Counter([card for place in places for card in place] + list(state.loot_drawn))


def objective_cards(state: GameState) -> Counter[int]:
    held = [int(number) for number, _ in state.held]
    return Counter([*map(int, state.obj_pile), *map(int, state.obj_bottom), *held,
                    *map(int, state.obj_box)])  # fmt: skip


def play_checked(options: dict[str, object], seed: int, smart: bool) -> GameState:
    """One game to its end, every step checked; returns the final state."""
    rng = Rng(derive_seed(seed, "challenge-playout"))
    state = GAME.new(options, seed=seed)
    rules = state.rules
    expected = set_up_tokens(rules)
    orders = Counter(card.id for card in shipped_content().orders)
    equipment = Counter({card.id: card.copies for card in shipped_content().equipment})
    objectives = Counter(range(1, 10))
    limit = cap(rules)
    steps = 0
    while state.current_player is not None:
        action = next_action(state, rng, smart)
        events = state.apply(action)
        steps += 1
        assert steps < 5000, f"seed {seed}: no end after {steps} steps"
        for event in events:  # the only tokens that come from the supply (SE-3.3, SE-5.4)
            if event.kind == "reward" and event.data["reward"] == "accuracy":
                expected["A"] += 1
            if event.kind == "objective-completed" and event.data["count"] == 1:
                expected["N"] += 1
        where = f"seed {seed} {sorted(rules)} after {state.action_text(action)!r}"
        assert in_play(state) == +expected, where
        assert all(n >= 0 for n in state.core.bag.values()), where
        if state.phase != "setup":  # the set-up deals from the box's unseen rest (SE-4.3-4.9)
            assert order_cards(state) == orders, where
            assert equipment_cards(state) == equipment, where
            assert objective_cards(state) == objectives, where
        assert state.core.hits <= limit, where
    assert state.outcome is not None and state.outcome.reason in (
        "objectives",
        "killed",
        "deck-empty",
    )
    return state


@pytest.mark.parametrize("challenge", ALL_CHALLENGES)
def test_se_10_1_whole_games_at_each_challenge_conserve_tokens_and_cards(challenge: str) -> None:
    for seed in range(3):
        play_checked({"challenge": challenge}, seed, smart=seed != 0)


def random_modifiers(seed: int) -> list[str]:
    rng = Rng(derive_seed(seed, "free-modifiers"))
    return [m for m in MODIFIERS if rng.below(2) == 0]


@pytest.mark.parametrize("seed", range(6))
def test_se_10_1_whole_games_under_random_modifier_sets_conserve_tokens_and_cards(
    seed: int,
) -> None:
    play_checked({"modifiers": random_modifiers(seed)}, 1000 + seed, smart=seed % 2 == 0)


def test_se_4_8_radio_puts_suppressors_in_the_stack_and_they_stay_in_play() -> None:
    state = play_checked({"challenge": "radio"}, 7, smart=True)
    assert in_play(state)["S"] == 2


@pytest.mark.slow
def test_se_10_1_three_thousand_games_under_challenges_and_random_modifiers() -> None:
    reasons: Counter[str] = Counter()
    for seed in range(3000):
        options: dict[str, object] = (
            {"challenge": ALL_CHALLENGES[seed % 7]}
            if seed % 2
            else {"modifiers": random_modifiers(seed)}
        )
        state = play_checked(options, 5000 + seed, smart=seed % 3 != 0)
        assert state.outcome is not None
        reasons[state.outcome.reason] += 1
    assert set(reasons) <= {"killed", "deck-empty", "objectives"} and reasons["objectives"]
