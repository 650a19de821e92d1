"""The whole state as JSON and back (`State.to_json`), secrets and RNG included.

Cards are written by reference; a card whose data differs from the shipped card of that
reference (an inline card of a position file) is written out in full under "inline".
"""

from __future__ import annotations

from typing import Any

from bitva.core.errors import BitvaError
from bitva.core.outcome import Outcome
from bitva.core.rng import Rng
from bitva.games.lords_of_war.cards import Card
from bitva.games.lords_of_war.catalogue import CardData, card_index, card_to_data
from bitva.games.lords_of_war.options import LordsOfWarOptions
from bitva.games.lords_of_war.state import LordsOfWarState
from bitva.games.lords_of_war.static import Static


def _seat_map(values: list[Any]) -> dict[str, Any]:
    """Per-seat lists, copied: the JSON must not change when the state moves on."""
    return {"1": list(values[1]), "2": list(values[2])}


def static_json(static: Static) -> dict[str, Any]:
    """The part of the JSON that never changes in a game (computed once per game)."""
    shipped = card_index()
    inline: dict[str, Any] = {}
    for seat in (1, 2):
        for card in static.kinds[seat]:
            if shipped.get(card.ref) != card:
                inline[card.ref] = card_to_data(card).to_toml()
    return {
        "options": static.options.model_dump(mode="json"),
        "cards": _seat_map([None, *([c.ref for c in static.cards[s]] for s in (1, 2))]),
        "inline": inline,
    }


def state_to_json(state: LordsOfWarState) -> dict[str, Any]:
    static = state.static
    mat = static.mat
    if static.json_cache is None:
        static.json_cache = static_json(static)
    return {
        **static.json_cache,
        "board": {mat.name(sq): u for sq, u in sorted(state.board.items())},
        "hand": _seat_map(state.hand),
        "deck": _seat_map(state.deck),
        "stacked": [s for s in (1, 2) if state.stacked[s]],
        "deal_to": list(state.deal_to),
        "after_deal": state.after_deal,
        "pile": _seat_map(state.pile),
        "phase": state.phase,
        "active": state.active,
        "turn": state.turn,
        "owed": [s for s in (1, 2) if state.owed[s]],
        "idle": state.idle,
        "placed": sorted(state.placed),
        "took_part": sorted(state.took_part),
        "shots": [[s, t] for s, t in sorted(state.shots.items())],
        "pending": list(state.pending),
        "berserk": [
            [u, [mat.name(sq) for sq in sorted(squares)]]
            for u, squares in sorted(state.berserk.items())
        ],
        "berserk_seat": state.berserk_seat,
        "known": _seat_map([None, sorted(state.known[1]), sorted(state.known[2])]),
        "reveals": [{**r, "cards": list(r["cards"])} for r in state.reveals],
        "resolutions": state.resolutions,
        "outcome": state.outcome.to_json() if state.outcome else None,
        "rng": state.rng.state,
    }


def _card(ref: str, inline: dict[str, Any]) -> Card:
    if ref in inline:
        data = CardData.model_validate(inline[ref])
        return data.to_card(ref, data.name or ref, "inline", "state")
    shipped = card_index()
    if ref not in shipped:
        raise BitvaError(f"the state names an unknown card {ref!r}")
    return shipped[ref]


def state_from_json(data: dict[str, Any]) -> LordsOfWarState:
    try:
        options = LordsOfWarOptions.model_validate(data["options"])
        inline = data.get("inline", {})
        cards = [[_card(ref, inline) for ref in data["cards"][str(s)]] for s in (1, 2)]
        static = Static.build(options, cards[0], cards[1])
        state = LordsOfWarState(static, Rng(int(data["rng"])))
        mat = static.mat
        for name, u in data["board"].items():
            square = mat.parse(name)
            state.board[square] = u
            state.pos[u] = square
            state.occ[u >> 8] |= 1 << square
        for seat in (1, 2):
            key = str(seat)
            state.hand[seat] = list(data["hand"][key])
            state.deck[seat] = list(data["deck"][key])
            state.pile[seat] = list(data["pile"][key])
            state.known[seat] = set(data["known"][key])
        for seat in data.get("stacked", []):
            state.stacked[int(seat)] = True
        state.deal_to = [int(s) for s in data.get("deal_to", [])]
        state.after_deal = str(data.get("after_deal", ""))
        state.phase = data["phase"]
        state.active = int(data["active"])
        state.turn = int(data["turn"])
        for seat in data["owed"]:
            state.owed[int(seat)] = True
        state.idle = int(data["idle"])
        state.placed = set(data["placed"])
        state.took_part = set(data["took_part"])
        state.shots = {int(s): int(t) for s, t in data["shots"]}
        state.pending = list(data["pending"])
        state.berserk = {
            int(u): {mat.parse(sq) for sq in squares} for u, squares in data["berserk"]
        }
        state.berserk_seat = int(data["berserk_seat"])
        state.reveals = [{**r, "cards": list(r["cards"])} for r in data["reveals"]]
        state.resolutions = int(data["resolutions"])
        outcome = data.get("outcome")
        state._outcome = Outcome.from_json(outcome) if outcome else None
        return state
    except (KeyError, TypeError, ValueError) as exc:
        raise BitvaError(f"not a Lords of War state: {exc!r}") from exc
