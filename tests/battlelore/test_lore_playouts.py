"""Random games of the Lore adventures (A02, A04) play Lore cards (BL-13, D-43): the windows
open in real games and every card kind is played in a seeded batch. Purify (CL07) needs a web
or poison marker, which only a spider's ability leaves: too rare for random games to be sure of,
it is played from a position in test_lore_play.py (a seeded batch may still play it)."""

from __future__ import annotations

from collections import Counter

from bitva.core import Rng
from bitva.games.battlelore.game import GAME
from bitva.games.battlelore.lore.cards import LORE_RULES

SEEDS = range(6)
FROM_POSITIONS = frozenset(("CL07",))  # Purify: see the module docstring


def lore_played(adventure: str, seed: int) -> Counter[str]:
    """The Lore cards played in one seeded random game, by card id."""
    state = GAME.new({"adventure": adventure}, seed)
    rng = Rng(seed)
    played: Counter[str] = Counter()
    while state.current_player is not None:
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        for event in state.play(action):
            if event.kind == "lore-played":
                played[str(event.data["card"])] += 1
    return played


def test_bl_13_random_games_of_a02_and_a04_play_every_lore_card_kind() -> None:
    total: Counter[str] = Counter()
    for adventure in ("A02", "A04"):
        for seed in SEEDS:
            game = lore_played(adventure, seed)
            assert sum(game.values()) > 0, (adventure, seed)  # every game plays Lore cards
            total += game
    assert set(LORE_RULES) - FROM_POSITIONS <= set(total) <= set(LORE_RULES)
