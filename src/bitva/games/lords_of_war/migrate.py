"""Records of earlier versions, brought up to date (`Game.migrate_record`).

Format 1 (bitva 0.1, before chance was explicit) recorded the players' actions only: `new`
shuffled each seat's 35 cards with `Rng(seed).shuffle` (seat 1 first, the top of the deck at the
end of the list) and every draw took the top card. Format 2 records every card that comes off a
deck as a chance outcome (`deal CARD`). Rebuilding the format-1 deck orders from the seed gives
the deals the old game made, so the migrated record replays the very same game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bitva.core.errors import RecordError
from bitva.core.rng import Rng

if TYPE_CHECKING:
    from bitva.games.lords_of_war.game import LordsOfWar
    from bitva.games.lords_of_war.state import LordsOfWarState


def format_1_decks(game: LordsOfWar, options: dict[str, Any], seed: int) -> list[list[str]]:
    """Per seat (index 1 and 2), the card references of the format-1 deck, top last."""
    from bitva.games.lords_of_war.game import parse_options, resolve_decks

    _, decks = resolve_decks(parse_options(options))
    rng = Rng(seed)
    orders: list[list[str]] = [[]]
    for deck in decks:
        ids = list(range(len(deck)))
        general = next(i for i in ids if deck[i].rank == "general")
        rest = [i for i in ids if i != general]
        rng.shuffle(rest)
        orders.append([deck[i].ref for i in rest])
    return orders


def migrate_format_1(game: LordsOfWar, data: dict[str, Any]) -> dict[str, Any]:
    seed = int(data["seed"])
    options = dict(data.get("options") or {})
    orders = format_1_decks(game, options, seed)
    state = game.new(options, seed)
    actions: list[str] = []
    digests: list[str] = []

    def push(text: str) -> None:
        state.apply(text)
        actions.append(text)
        digests.append(state.digest())

    def deal(state: LordsOfWarState) -> None:
        while state.is_chance:
            seat = state.deal_to[0]
            push(f"deal {orders[seat].pop()}")

    deal(state)
    for index, text in enumerate(data.get("actions", [])):
        if state.current_player is None:
            raise RecordError(f"action {index + 1} {text!r} comes after the end of the game")
        push(text)
        deal(state)
    outcome = state.outcome
    return {
        **data,
        "actions": actions,
        "digests": digests,
        "outcome": outcome.to_json() if outcome else None,
    }
