"""Sniper Elite: The Board Game, solo mode: rules of ../shared/rules/sniper-elite-solo.md
(SE-1 to SE-13): the sniper against nine defenders driven by an order deck, a die and a bag.

>>> from bitva.core import get_game
>>> state = get_game("sniper-elite").new(seed=3)
>>> state.decision, state.is_chance  # the order cards are dealt first (SE-4.4)
('order', True)
"""

from bitva.games.sniper_elite.game import GAME, GameState, SniperElite

__all__ = ["GAME", "GameState", "SniperElite"]
