"""Lords of War (Black Box Games): rules of ../shared/rules/lords-of-war.md, LW-1 to LW-11.

>>> from bitva.core import get_game
>>> state = get_game("lords-of-war").new({"armies": "orcs,dwarves"}, seed=7)
>>> state.decision, state.is_chance  # the opening hands are dealt first (LW-3.2)
('deal', True)
>>> while state.is_chance:
...     _ = state.apply(state.sample_chance())
>>> state.decision, state.current_player
('challenge', 1)
"""

from bitva.core.registry import register
from bitva.games.lords_of_war.game import GAME, LordsOfWar
from bitva.games.lords_of_war.state import LordsOfWarState

register(GAME)

__all__ = ["GAME", "LordsOfWar", "LordsOfWarState"]
