"""The Lords of War game definition: options, set-up (LW-3) and the registry entry."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from bitva.core.errors import BitvaError
from bitva.core.game import Game
from bitva.core.rng import Rng
from bitva.core.state import State
from bitva.games.lords_of_war.cards import HAND_SIZE, Card
from bitva.games.lords_of_war.catalogue import find_card, load_deck
from bitva.games.lords_of_war.options import LordsOfWarOptions
from bitva.games.lords_of_war.state import LordsOfWarState
from bitva.games.lords_of_war.static import MAX_KINDS, Static


def parse_options(options: BaseModel | dict[str, Any] | None) -> LordsOfWarOptions:
    if isinstance(options, LordsOfWarOptions):
        return options
    raw = options.model_dump() if isinstance(options, BaseModel) else dict(options or {})
    try:
        return LordsOfWarOptions.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "options"
        raise BitvaError(f"bad option {field}: {first['msg']}") from exc


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


class LordsOfWar(Game):
    name = "lords-of-war"
    title = "Lords of War"
    players = 2
    options_model = LordsOfWarOptions

    def new(self, options: BaseModel | dict[str, Any] | None = None, seed: int = 0) -> State:
        """LW-3: each player takes the General out, shuffles the other 35 cards and draws 5; the
        General and the 5 form the starting hand. Player 1 (seat 1) opens the challenge."""
        parsed, decks = resolve_decks(parse_options(options))
        static = Static.build(parsed, decks[0], decks[1])
        state = LordsOfWarState(static, Rng(seed))
        for seat in (1, 2):
            ids = list(range(len(decks[seat - 1])))
            general = next(i for i in ids if decks[seat - 1][i].rank == "general")
            rest = [i for i in ids if i != general]
            state.rng.shuffle(rest)
            state.deck[seat] = rest  # the top is the end of the list
            state.hand[seat] = [general]
            for _ in range(HAND_SIZE - 1):
                state.hand[seat].append(state.deck[seat].pop())
        return state

    def state_from_json(self, data: dict[str, Any]) -> State:
        from bitva.games.lords_of_war.serialize import state_from_json

        return state_from_json(data)

    def num_action_codes(self, state: State) -> int:
        assert isinstance(state, LordsOfWarState)
        return state.static.codec.size(MAX_KINDS)

    def heuristic(self, state: State, seat: int) -> float:
        from bitva.games.lords_of_war.heuristics import evaluate

        assert isinstance(state, LordsOfWarState)
        return evaluate(state, seat)


GAME = LordsOfWar()
LordsOfWarState.game = GAME
