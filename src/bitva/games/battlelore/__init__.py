"""BattleLore (Days of Wonder, 1st edition): rules of ../shared/rules/battlelore.md, BL-1 to BL-16.

>>> from bitva.core import get_game
>>> state = get_game("battlelore").new({"adventure": "A01"}, seed=3)
>>> state.decision, state.is_chance  # the Command hands are dealt first (section 3)
('deal', True)
>>> while state.is_chance:
...     _ = state.apply(state.sample_chance())
>>> state.decision, state.current_player, len(state.hands[1])
('command', 1, 4)
"""

from bitva.core.registry import register
from bitva.games.battlelore.game import GAME, BattleLore
from bitva.games.battlelore.state import BattleLoreState

register(GAME)

__all__ = ["GAME", "BattleLore", "BattleLoreState"]
