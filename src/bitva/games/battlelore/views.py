"""What a seat may see (docs/battlelore.md, "The view") and determinizations for search.

Hidden: the other seat's Command and Lore hands (and the cards drawn and not kept yet), which
cards are left in the decks (multisets; every draw is a chance node), a custom council before
the reveal, and future dice. A determinization for a seat deals the other seat's hidden cards
anew, each from the deck it was drawn from, among those the seat cannot rule out, keeping their
counts, so that the seat's view and its legal actions do not change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bitva.core.rng import Rng
from bitva.games.battlelore.field.board import NAMES, name
from bitva.games.battlelore.field.model import Field, Unit
from bitva.games.battlelore.lore import deck as lore_deck
from bitva.games.battlelore.turn.setup import hidden_council

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState

SIDE_NAMES = {1: "south", 2: "north"}


def unit_view(unit: Unit, field: Field) -> dict[str, Any]:
    """One unit as front ends draw it. `rush_target` is the hex of the enemy a rushing goblin
    must battle (BL-10.4), where that enemy stands now; None when the unit is not rushing or
    its target is gone (then it battles no one, D-28)."""
    kind = unit.type
    return {
        "id": unit.uid,
        "type": kind.id,
        "side": unit.side,
        "hex": name(unit.hex),
        "figures": unit.figures,
        "max_figures": kind.figures,
        "banner": kind.banner,
        "status": kind.status,
        "race": kind.race,
        "ordered": unit.ordered,
        "moved": unit.moved,
        "battled": unit.battled,
        "webbed": unit.webbed,
        "poisoned": unit.poisoned,
        "stored_lore": unit.stored_lore,
        "rush_target": _rush_target_hex(unit, field),
    }


def _rush_target_hex(unit: Unit, field: Field) -> str | None:
    if unit.rush_target is None:
        return None
    target = field.units[unit.rush_target]
    return name(target.hex) if target is not None else None


def view(state: BattleLoreState, seat: int | None) -> dict[str, Any]:
    static = state.static
    sides: dict[str, Any] = {}
    for s in (1, 2):
        own = seat == s
        hand: list[str] | int = list(state.hands[s]) if own else len(state.hands[s])
        drawn: list[str] | int = list(state.drawn[s]) if own else len(state.drawn[s])
        sides[str(s)] = {
            "name": SIDE_NAMES[s],
            "banners": state.banners[s - 1],
            "goblet": state.bank.goblet(s),
            "command_hand": hand,
            "drawn": drawn,
            "lore_hand": list(state.lore_hands[s]) if own else len(state.lore_hands[s]),
            "lore_drawn": list(state.lore_drawn[s]) if own else len(state.lore_drawn[s]),
            "council": council_view(state, s, seat),
        }
    out: dict[str, Any] = {
        "adventure": {
            "id": static.adventure_id,
            "name": static.adventure_name,
            "lore": static.lore,
            "victory_banners": static.victory_banners,
        },
        "turn": state.turn + 1,  # players count turns from 1; the state counts those done
        "active": state.active,
        "decision": state.decision,
        "to_act": state.current_player
        if state.current_player and state.current_player > 0
        else None,
        "terrain": {NAMES[h]: t for h, t in enumerate(static.terrain) if t != "plain"},
        "landmarks": {NAMES[h]: lm for h, lm in enumerate(state.field.landmarks) if lm is not None},
        "landmark_owners": {NAMES[h]: seat for h, seat in state.landmark_owned},
        "units": [unit_view(u, state.field) for u in state.field.alive()],
        "sides": sides,
        "pool": state.bank.pool,
        "command_deck": sum(state.deck.values()),
        "lore_deck": lore_deck.size(state),
        "command_discard": list(state.discard),
        "lore_discard": list(state.lore_discard),
        "played": {
            "command": state.played,
            "orders": state.orders.to_json() if state.orders is not None else None,
            "lore": [
                {"card": c.card, "seat": c.seat, "paid": c.paid, "level": c.level}
                for c in state.lore_played
            ],
        },
        "winner": state.outcome.winner if state.outcome is not None else None,
        "window": state.window.window if state.window is not None else None,
    }
    if state.choosing is not None:  # a card's units chosen one at a time (BL-13.4), public
        out["choosing"] = {
            "player": state.choosing.seat,
            "card": state.choosing.card,
            "hexes": list(state.choosing.hexes),
        }
    battle = state.battle
    if battle is not None:
        attacker = state.field.units[battle.attacker]
        target = state.field.units[battle.target]
        out["battle"] = {
            "attacker": name(attacker.hex) if attacker is not None else None,
            "target": name(target.hex) if target is not None else name(battle.target_hex),
            "kind": battle.kind,
            "dice": battle.dice,
            "faces": list(battle.faces),
            # what `faces` are ("" the attack's roll, or the special roll's) and the attack's
            # roll kept apart once a special roll followed it (issue 21.4)
            "rolled": battle.rolled,
            "attack_faces": list(battle.attack_faces),
            "back": battle.back,
            "bonus": battle.bonus,
            "special": battle.special,
            "ability": battle.ability if battle.ability in ("web", "poison") else None,
            "flags": battle.flags,
            "retreat_left": battle.retreat_left,
        }
    return out


def council_view(state: BattleLoreState, side: int, seat: int | None) -> dict[str, int] | None:
    """A council is public once both sides chose (BL-14.6); until then only its owner sees
    it."""
    if state.phase == "council" and seat != side:
        return None
    return dict(state.councils[side - 1]) or None


def determinize(state: BattleLoreState, seat: int, rng: Rng) -> BattleLoreState:
    """Everything hidden from `seat` dealt anew, consistent with all it saw (docs/battlelore.md,
    "Determinization"): the other seat's Command and Lore cards, each from the deck it was
    drawn from (`origins.py`), a custom council still secret (BL-14.6), and the future chance."""
    other = state.clone()
    _redeal_command(other, 3 - seat, rng)
    lore_deck.redeal_hidden(other, seat, rng)
    hidden_council(other, seat, rng)
    other.rng = Rng(rng.next_u64())
    other._legal = None
    return other


def _redeal_command(state: BattleLoreState, hidden: int, rng: Rng) -> None:
    """The `hidden` seat's Command cards (hand, then a Scout draw) drawn from the current deck
    are shuffled with the deck's cards left and dealt again. Those drawn before the deck was
    last rebuilt from the discards (BL-15.1) stay: the old deck was all drawn, its cards are
    the 40 of 5.1 or a face-up discard pile, and every other card of it was seen by `seat`."""
    hand, drawn = state.hands[hidden], state.drawn[hidden]
    first, earlier, current = state.command_origins.split(hidden, hand + drawn)
    unseen = sorted(current + [card for card, n in sorted(state.deck.items()) for _ in range(n)])
    rng.shuffle(unseen)
    state.deck = {}
    for card in unseen[len(current) :]:
        state.deck[card] = state.deck.get(card, 0) + 1
    held = first + earlier + unseen[: len(current)]
    state.hands[hidden], state.drawn[hidden] = held[: len(hand)], held[len(hand) :]
