"""Determinizations of the Lore cards after the deck was rebuilt from its discards (D-35): the
other side's hand is dealt again from the cards the seat has not seen, its own view unchanged."""

from __future__ import annotations

from collections import Counter

from bitva.core.rng import Rng
from bitva.games.battlelore.origins import Origins
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import scene


def rebuilt() -> BattleLoreState:
    """South to battle; the Lore deck rebuilt from the discards (D-35), 5 cards left in it."""
    state = scene(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), lore=True)
    state.lore_deck = {"WZ05": 2, "CL02": 1, "RG02": 1, "WR01": 1}
    state.lore_hands = {1: ["WZ01", "CL01"], 2: ["WR02", "RG07", "WZ03"]}
    state.lore_origins = Origins(1, (0, 0), (0, 0))
    return state


def test_d_35_determinize_redeals_the_other_lore_hand_with_the_rebuilt_deck() -> None:
    state = rebuilt()
    unseen = Counter(state.lore_hands[2]) + Counter(state.lore_deck)
    hands = set()
    for k in range(8):
        other = state.determinize(1, Rng(k))
        assert other.view(1) == state.view(1)
        assert other.lore_hands[1] == state.lore_hands[1] and len(other.lore_hands[2]) == 3
        assert Counter(other.lore_hands[2]) + Counter(other.lore_deck) == unseen
        hands.add(tuple(sorted(other.lore_hands[2])))
    assert len(hands) > 1  # search no longer sees North's real hand
    assert state.lore_hands[2] == ["WR02", "RG07", "WZ03"]  # the state itself is untouched
