"""The BattleLore game definition: options, set-up (section 3) and the registry entry."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel

from bitva.core.game import Analysis, Game
from bitva.core.rng import Rng
from bitva.core.traits import Traits
from bitva.games.battlelore.ai.heuristics import evaluate
from bitva.games.battlelore.ai.rush import make_rush
from bitva.games.battlelore.ai.settings import agent_defaults
from bitva.games.battlelore.analysis.report import Step, analyse
from bitva.games.battlelore.codes import NUM_CODES
from bitva.games.battlelore.deserialize import state_from_json
from bitva.games.battlelore.migrate import migrate
from bitva.games.battlelore.options import BattleLoreOptions
from bitva.games.battlelore.position.state import state_of, text_of
from bitva.games.battlelore.state import BattleLoreState
from bitva.games.battlelore.static import Static
from bitva.games.battlelore.turn.command import DECK
from bitva.games.battlelore.turn.setup import begin_setup


def odds(state: BattleLoreState, seat: int | None) -> dict[str, Any]:
    """The issue's analysis object for the side whose turn it is (`analysis.analyse`): its
    moves until its movement is over, then its battles."""
    step: Step = "move" if state.phase in ("command", "order", "move") else "battle"
    return analyse(state.field, state.active, step)


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
    position_suffix = ".toml"
    # 2: the cards BL-14.3 boxes are chance outcomes at set-up (`box CARD`), and every Lore draw
    # is weighted by the deck's known counts; 3: BL-15.3 delays no refill (issue 21), the state
    # lost its flag for it (`migrate.py`)
    record_format = 3

    def new(
        self, options: BaseModel | Mapping[str, Any] | None = None, seed: int = 0
    ) -> BattleLoreState:
        """Section 3: units placed at full strength, the Command deck shuffled and each side
        dealt its hand (chance nodes, South first); then `first_player` starts."""
        static = Static.build(self.options(options))
        state = BattleLoreState(static, Rng(seed))
        state.deck = dict(DECK)
        if static.lore and static.options.councils == "custom":  # BL-14.6: chosen in secret
            state.councils = [{}, {}]
            state.phase = "council"
            return state
        begin_setup(state, None)
        return state

    def migrate_record(self, data: dict[str, Any]) -> dict[str, Any]:
        """An older record replayed by today's rules with new digests, or refused where it
        cannot be (`battlelore.migrate`: format 1 with Lore, a refill format 2 skipped)."""
        return migrate(self, data)

    def state_from_json(self, data: dict[str, Any]) -> BattleLoreState:
        return state_from_json(data)

    # -- positions and the analysis (issue 11) ---------------------------------------------------
    def read_position(self, text: str, source: str = "(position)") -> BattleLoreState:
        return state_of(text, source)

    def write_position(self, state: BattleLoreState) -> str:
        return text_of(state)

    @property
    def analyses(self) -> Mapping[str, Analysis]:
        return {
            "odds": Analysis(
                "odds",
                "Moves and the odds of each attack",
                "for the side to act: where each ordered unit may move, and each battle it may "
                "declare with its dice, the chance one die hits and the chance the roll alone "
                "eliminates the target",
                odds,
            )
        }

    def num_action_codes(self, options: BaseModel | Mapping[str, Any] | None = None) -> int:
        return NUM_CODES

    def heuristic(self, state: BattleLoreState, seat: int) -> float:
        return evaluate(state, seat)

    @property
    def scripts(self) -> Mapping[str, tuple[str, Callable[[int], Any]]]:
        """`rush`: advances toward the nearest enemy and attacks at the best odds (`ai/rush.py`)."""
        return {
            "rush": ("advances toward the nearest enemy and attacks at the best odds", make_rush)
        }

    def agent_defaults(self, agent: str) -> Mapping[str, Any]:
        """Short budgets for a turn of many small decisions (`ai/settings.py`)."""
        return agent_defaults(agent)


GAME = BattleLore()
BattleLoreState.game = GAME
