"""What a seat may see (invariant 3) and determinization for ISMCTS.

A seat sees the board, both elimination piles, its own hand, the sizes of the opponent's hand and
of both decks, and the cards of the opponent's hand that it knows: a hand shown by a forced
placement (LW-6.5) or a unit recalled in plain sight (LW-9.1b), until they are played. It never
sees the order of a deck, its own included (LW-3.2).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from bitva.core.rng import Rng
from bitva.games.lords_of_war.cards import Card
from bitva.games.lords_of_war.catalogue import card_to_data
from bitva.games.lords_of_war.victory import eliminated_counts

if TYPE_CHECKING:
    from bitva.games.lords_of_war.state import LordsOfWarState

S = TypeVar("S", bound="LordsOfWarState")


@cache  # a card never changes; every view names its cards (the server sends views per move)
def card_json(card: Card) -> dict[str, Any]:
    """The card as data (shared between views: read it, never change it)."""
    data = card_to_data(card).to_toml()
    data["ref"] = card.ref
    data["command"] = card.is_command
    return data


def view(state: LordsOfWarState, seat: int | None) -> dict[str, Any]:
    static = state.static
    mat = static.mat
    seen: dict[str, Card] = {}

    def ref(u: int) -> str:
        card = static.card_of(u)
        seen[card.ref] = card
        return card.ref

    board = [
        {
            "square": mat.name(square),
            "owner": u >> 8,
            "card": ref(u),
            "placed_this_turn": u in state.placed,
            "took_part": u in state.took_part,
        }
        for square, u in sorted(state.board.items())
    ]
    players: dict[str, Any] = {}
    for s in (1, 2):
        units, commands = eliminated_counts(state, s)
        entry: dict[str, Any] = {
            "deck_size": len(state.deck[s]),
            "hand_size": len(state.hand[s]),
            "eliminated": [ref(u) for u in state.pile[s]],
            "eliminated_units": units,
            "eliminated_commands": commands,
            "owed_extra_turn": state.owed[s],
        }
        if s == seat:
            entry["hand"] = sorted(ref(s << 8 | c) for c in state.hand[s])
        else:
            entry["known_hand"] = sorted(
                ref(s << 8 | c) for c in state.hand[s] if c in state.known[s]
            )
        players[str(s)] = entry
    pending: dict[str, Any] | None = None
    if state.phase == "shoot" and state.pending:
        pending = {"shooter": mat.name(state.pos[state.pending[0]])}
    elif state.phase == "berserk":
        pending = {
            "berserkers": [
                mat.name(state.pos[u])
                for u in sorted(state.berserk)
                if u in state.pos and u >> 8 == state.berserk_seat
            ]
        }
    to_move = state.current_player
    out: dict[str, Any] = {
        "game": "lords-of-war",
        "seat": seat,
        "options": static.options.model_dump(mode="json"),
        "turn": state.turn,
        "active": state.active,
        "phase": state.phase,
        "to_move": to_move,
        "pending": pending,
        "board": board,
        "players": players,
        "shots": {
            mat.name(state.pos[s]): mat.name(state.pos[t])
            for s, t in state.shots.items()
            if s in state.pos and t in state.pos
        },
        "reveals": [{**r, "cards": list(r["cards"])} for r in state.reveals],
        "outcome": state.outcome.to_json() if state.outcome else None,
    }
    if seat is not None and seat == to_move:
        out["legal_actions"] = [str(a) for a in state.legal_actions()]
    out["cards"] = {r: card_json(card) for r, card in sorted(seen.items())}
    return out


def determinize(state: S, seat: int, rng: Rng) -> S:
    """A full state that `seat` cannot tell from this one: the opponent's unknown hand cards are
    dealt anew from the pool of its hand and deck, both decks become shuffled multisets (a seat
    never knows the order of a deck, LW-3.2), and the state's own RNG is reseeded so that no
    future chance leaks either.

    The pools are sorted before shuffling, so the result depends only on what `seat` sees and on
    `rng`: two states that `seat` cannot tell apart give the same determinization (an agent that
    searches determinizations provably cannot read the hidden cards)."""
    other = state.clone()
    opponent = 3 - seat
    known = other.known[opponent]
    hand = other.hand[opponent]
    kept = sorted(c for c in hand if c in known)
    pool = sorted([c for c in hand if c not in known] + other.deck[opponent])
    rng.shuffle(pool)
    unknown_count = len(hand) - len(kept)
    other.hand[opponent] = kept + pool[:unknown_count]
    other.deck[opponent] = sorted(pool[unknown_count:])
    other.deck[seat] = sorted(other.deck[seat])
    other.stacked = [False, False, False]
    other.rng = Rng(rng.next_u64())
    if other.current_player != seat:
        other._legal = None
    return other
