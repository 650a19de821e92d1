"""The BattleLore game definition: options, set-up (section 3) and the registry entry."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel

from bitva.core.game import Analysis, Game, OptionsLike
from bitva.core.rng import Rng
from bitva.core.traits import Traits
from bitva.games.battlelore.ai.heuristics import evaluate
from bitva.games.battlelore.ai.rush import make_rush
from bitva.games.battlelore.ai.settings import agent_defaults
from bitva.games.battlelore.analysis.report import Step, analyse
from bitva.games.battlelore.codes import NUM_CODES
from bitva.games.battlelore.deserialize import state_from_json
from bitva.games.battlelore.migrate import migrate
from bitva.games.battlelore.observation import encode as encode_view
from bitva.games.battlelore.observation import observation_shape
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


# max_game_length: see BattleLore.max_game_length (no finite bound exists in the rules)
HORIZON = 100_000


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
    # lost its flag for it (`migrate.py`); 4: Forced March's and Stealth's units are chosen one
    # at a time (`lore WR05 F4`, `add G5`, `done`: `lore/several.py`)
    record_format = 4

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

    # -- the research contract (issue 23, docs/research/battlelore.md) ----------------------------
    def num_action_codes(self, options: OptionsLike = None) -> int:
        """The dense codes (`codes.py`), 49,493 for every adventure and council: Forced March's
        and Stealth's units are chosen one at a time (`add HEX`, `lore/several.py`), so no
        action names more than one of them. The options are validated, nothing more."""
        self.options(options)
        return NUM_CODES

    def observation_shape(self, options: OptionsLike = None) -> tuple[int, ...]:
        """One flat float32 vector, the same for every adventure: planes over the 113 hexes,
        then scalars (`observation.py`)."""
        self.options(options)
        return observation_shape()

    def observation_from_view(
        self, view: Mapping[str, Any], seat: int | None, options: OptionsLike
    ) -> Any:
        return encode_view(view, seat)

    def max_game_length(self, options: OptionsLike = None) -> int:
        """A horizon, not a proof: the rules bound no game. Both players may order units and
        leave them where they stand turn after turn (BL-2.3: `done` with no move, no battle);
        the Command deck is reshuffled from the discards (BL-15.1) and only banners end a game
        (BL-16.1). HORIZON actions and chance outcomes is far above the longest random games
        measured (docs/research/battlelore.md): environments truncate there."""
        self.options(options)
        return HORIZON

    def utility_range(self, options: OptionsLike = None) -> tuple[float, float]:
        """BL-16.1: the winner gets +1, the loser -1 (`Outcome.win`); no game is drawn."""
        self.options(options)
        return (-1.0, 1.0)

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
