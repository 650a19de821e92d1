"""The Lords of War game definition: options, set-up (LW-3) and the registry entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from bitva.core.errors import OptionsError
from bitva.core.game import Analysis, Game, OptionsLike
from bitva.core.rng import Rng
from bitva.core.traits import Traits
from bitva.games.lords_of_war.cards import HAND_SIZE, Card
from bitva.games.lords_of_war.catalogue import find_card, load_deck
from bitva.games.lords_of_war.options import LordsOfWarOptions
from bitva.games.lords_of_war.state import LordsOfWarState
from bitva.games.lords_of_war.static import Static


def parse_options(options: BaseModel | Mapping[str, Any] | None) -> LordsOfWarOptions:
    if isinstance(options, LordsOfWarOptions):
        return options
    raw = options.model_dump() if isinstance(options, BaseModel) else dict(options or {})
    try:
        return LordsOfWarOptions.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "options"
        raise OptionsError(field, str(first["msg"])) from exc


def resolve_decks(options: LordsOfWarOptions) -> tuple[LordsOfWarOptions, list[list[Card]]]:
    """The 36 cards of each seat. Deck files are read once and written into the options as card
    references, so a record replays without them."""
    if options.decks is not None:
        decks = [
            [find_card(ref, "options", f"decks.{seat}") for ref in refs]
            for seat, refs in enumerate(options.decks, start=1)
        ]
        from bitva.games.lords_of_war.catalogue import check_composition

        for seat, deck in enumerate(decks, start=1):
            check_composition(deck, "options", f"decks.{seat}")
        return options, decks
    loaded = [load_deck(spec) for spec in options.armies]
    decks = [list(deck.cards) for deck in loaded]
    from bitva.games.lords_of_war.catalogue import army_names

    if any(spec.strip().lower() not in army_names() for spec in options.armies):
        refs = tuple(tuple(card.ref for card in deck) for deck in decks)
        names = tuple(deck.army for deck in loaded)
        options = options.model_copy(update={"decks": refs, "armies": names})
    return options, decks


# max_game_length: see LordsOfWar.max_game_length (no finite bound exists in the rules)
HORIZON = 10_000


class LordsOfWar(Game[LordsOfWarState, LordsOfWarOptions]):
    name = "lords-of-war"
    title = "Lords of War"
    traits = Traits(
        seats=(2, 2),
        chance="explicit",
        information="imperfect",
        utility="zero-sum",
        actions="enumerable",
    )
    options_model = LordsOfWarOptions
    position_suffix = ".toml"
    # 2: the deal of every card is a chance outcome in the record (format 1 shuffled the decks
    # at set-up from the seed)
    record_format = 2

    def new(
        self, options: BaseModel | Mapping[str, Any] | None = None, seed: int = 0
    ) -> LordsOfWarState:
        """LW-3: each player takes the General out of the deck, shuffles the other 35 cards and
        draws 5; the General and the 5 form the starting hand. The new state deals those cards
        (chance nodes); then player 1 (seat 1) opens the challenge."""
        parsed, decks = resolve_decks(parse_options(options))
        static = Static.build(parsed, decks[0], decks[1])
        state = LordsOfWarState(static, Rng(seed))
        for seat in (1, 2):
            ids = list(range(len(decks[seat - 1])))
            general = next(i for i in ids if decks[seat - 1][i].rank == "general")
            state.deck[seat] = [i for i in ids if i != general]
            state.hand[seat] = [general]
        state.phase = "deal"
        state.deal_to = [1] * (HAND_SIZE - 1) + [2] * (HAND_SIZE - 1)
        state.after_deal = "setup"
        return state

    def state_from_json(self, data: dict[str, Any]) -> LordsOfWarState:
        from bitva.games.lords_of_war.serialize import state_from_json

        return state_from_json(data)

    def num_action_codes(self, options: OptionsLike = None) -> int:
        """Issue 23: the code space depends on the mat alone (`borderless`, LW-10.1), not on the
        armies: card codes name catalogue slots (actions.py, docs/research/lords-of-war.md)."""
        from bitva.games.lords_of_war.actions import code_space
        from bitva.games.lords_of_war.mat import make_mat
        from bitva.games.lords_of_war.static import kind_slots

        return code_space(make_mat(parse_options(options).borderless).num_squares, kind_slots())

    def observation_shape(self, options: OptionsLike = None) -> tuple[int, ...]:
        """One flat float32 vector: planes over the mat's grid, then scalars (observation.py,
        docs/research/lords-of-war.md); only `borderless` changes it."""
        from bitva.games.lords_of_war.observation import observation_shape

        return observation_shape(parse_options(options))

    def observation_from_view(
        self, view: Mapping[str, Any], seat: int | None, options: OptionsLike
    ) -> Any:
        from bitva.games.lords_of_war.observation import encode

        return encode(view, seat, parse_options(options))

    def max_game_length(self, options: OptionsLike = None) -> int:
        """A horizon, not a proof: the rules bound no game. A player may place a support unit
        beside a friend (LW-6.3) and recall another one (LW-9.1b) every turn, so two players can
        repeat a position forever (tests/lords_of_war/test_research.py plays such a cycle);
        LW-8.3 only ends games without placements. HORIZON actions and chance outcomes is more
        than 20 times the longest random game measured (docs/research/lords-of-war.md):
        environments truncate there."""
        return HORIZON

    def utility_range(self, options: OptionsLike = None) -> tuple[float, float]:
        """LW-8.1-8.3: a win is +1 and a loss -1 (a draw 0 to both, D-4, D-7)."""
        return (-1.0, 1.0)

    def vector_env(self, n: int, options: OptionsLike = None, seed: int = 0) -> Any:
        """Issue 23: `n` games in lockstep on numba (`batched/`, docs/research/vector.md), the
        scalar engine's codes and chance draws; lane i plays `new(options, seed + i)`. Refuses
        (NotSupported) the options it does not cover: borderless (LW-10.1)."""
        from bitva.games.lords_of_war.batched import BatchedLordsOfWar, refuse_unsupported

        parsed, decks = resolve_decks(parse_options(options))
        refuse_unsupported(parsed)
        return BatchedLordsOfWar(Static.build(parsed, decks[0], decks[1]), n, seed)

    # -- positions (rules section 14) ----------------------------------------------------------
    def read_position(self, text: str, source: str = "(position)") -> LordsOfWarState:
        from bitva.games.lords_of_war.position import parse_position

        return parse_position(text, source)

    def write_position(self, state: LordsOfWarState) -> str:
        from bitva.games.lords_of_war.position import write_position

        return write_position(state)

    # -- analyses and agents -----------------------------------------------------------------
    @property
    def analyses(self) -> Mapping[str, Analysis]:
        from bitva.games.lords_of_war.lines import analyse, placements

        return {
            "lines": Analysis(
                "lines",
                "Every way to play it",
                "every legal way to play the decision point to the end of the elimination "
                "phase, with the units each side loses and the result",
                analyse,
            ),
            "placements": Analysis(
                "placements",
                "What each placement does",
                "for each card in your hand and each square it may go on: what the placement "
                "eliminates, through every choice of shots and berserker moves",
                placements,
                decisions=frozenset(("challenge", "deploy")),
                to_move_only=True,
            ),
        }

    def heuristic(self, state: LordsOfWarState, seat: int) -> float:
        from bitva.games.lords_of_war.heuristics import evaluate

        return evaluate(state, seat)

    # -- records -----------------------------------------------------------------------------
    def migrate_record(self, data: dict[str, Any]) -> dict[str, Any]:
        """Format 1 records hold the players' actions only: the decks were shuffled at set-up
        from the seed (`Rng(seed).shuffle` of each seat's 35 cards, seat 1 first, the top at
        the end) and every draw took the top card. Rebuild those orders and write every deal
        as the chance outcome it is now."""
        from bitva.games.lords_of_war.migrate import migrate_format_1

        return migrate_format_1(self, data)


GAME = LordsOfWar()
LordsOfWarState.game = GAME
