"""The BattleLore game definition: options, set-up (section 3) and the registry entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from bitva.core.game import Game
from bitva.core.rng import Rng
from bitva.core.traits import Traits
from bitva.games.battlelore.actions import NUM_CODES
from bitva.games.battlelore.command import DECK
from bitva.games.battlelore.council import lore_start
from bitva.games.battlelore.endturn import start_deals
from bitva.games.battlelore.lore import new_bank
from bitva.games.battlelore.options import BattleLoreOptions
from bitva.games.battlelore.state import BattleLoreState
from bitva.games.battlelore.static import Static


class BattleLore(Game[BattleLoreState, BattleLoreOptions]):
    name = "battlelore"
    title = "BattleLore"
    traits = Traits(
        seats=(2, 2),
        chance="explicit",
        information="imperfect",
        utility="zero-sum",
        actions="enumerable",
    )
    options_model = BattleLoreOptions

    def new(
        self, options: BaseModel | Mapping[str, Any] | None = None, seed: int = 0
    ) -> BattleLoreState:
        """Section 3: units placed at full strength, the Command deck shuffled and each side
        dealt its hand (chance nodes, South first); then `first_player` starts."""
        static = Static.build(self.options(options))
        state = BattleLoreState(static, Rng(seed))
        state.deck = dict(DECK)
        if static.lore:  # section 3 step 4: the pool, then each side's starting tokens
            south_start, north_start = (
                lore_start(static.councils[i], static.token_adjust[i]).tokens for i in (0, 1)
            )
            state.bank = new_bank(south_start, north_start, static.lore_pool)
        south, north = static.command_hand
        start_deals(state, [1] * south + [2] * north, "setup", None)
        return state

    def state_from_json(self, data: dict[str, Any]) -> BattleLoreState:
        from bitva.games.battlelore.serialize import state_from_json

        return state_from_json(data)

    def num_action_codes(self, state: BattleLoreState) -> int:
        return NUM_CODES

    def heuristic(self, state: BattleLoreState, seat: int) -> float:
        from bitva.games.battlelore.heuristics import evaluate

        return evaluate(state, seat)


GAME = BattleLore()
BattleLoreState.game = GAME
