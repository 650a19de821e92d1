"""The whole state as JSON (`to_json`): records, digests, the server. `deserialize.py` reads it
back (`state_from_json`)."""

from __future__ import annotations

from dataclasses import astuple
from typing import TYPE_CHECKING, Any

from bitva.games.battlelore.lore.wiring import effect_to_json

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState

UNIT_FIELDS = (
    "figures",
    "ordered",
    "moved",
    "move_stopped",
    "entered_stop",
    "entered_landmark",
    "battled",
    "rush_target",
    "webbed",
    "poisoned",
    "stored_lore",
)


def state_to_json(state: BattleLoreState) -> dict[str, Any]:
    units = [
        None
        if u is None
        else {"uid": u.uid, "type": u.type.id, "side": u.side, "hex": u.hex}
        | {key: getattr(u, key) for key in UNIT_FIELDS}
        for u in state.field.units
    ]
    out = {
        "options": state.static.options.model_dump(mode="json"),
        "units": units,
        "turn": state.turn,
        "active": state.active,
        "phase": state.phase,
        "banners": list(state.banners),
        "hands": {str(s): list(h) for s, h in state.hands.items()},
        "drawn": {str(s): list(h) for s, h in state.drawn.items()},
        "deck": dict(sorted(state.deck.items())),
        "discard": list(state.discard),
        "deal_to": list(state.deal_to),
        "after_deal": state.after_deal,
        "played": state.played,
        "orders": state.orders.to_json() if state.orders is not None else None,
        "ordered": list(state.ordered),
        "last_orders": {
            str(s): o.to_json() if o is not None else None for s, o in state.last_orders.items()
        },
        "battle": state.battle.to_json() if state.battle is not None else None,
        "bank": [state.bank.pool, *state.bank.goblets, state.bank.on_cards, state.bank.stored],
        "paid": list(state.paid),
        "lore_hands": {str(s): list(h) for s, h in state.lore_hands.items()},
        "lore_drawn": {str(s): list(h) for s, h in state.lore_drawn.items()},
        "lore_deck": dict(sorted(state.lore_deck.items())),
        "lore_boxed": dict(sorted(state.lore_boxed.items())),
        "lore_to_box": list(state.lore_to_box),
        "lore_returned": [list(cards) for cards in state.lore_returned],
        "lore_discard": list(state.lore_discard),
        "command_origins": state.command_origins.to_json(),
        "lore_origins": state.lore_origins.to_json(),
        "lore_deal_to": list(state.lore_deal_to),
        "lore_after": state.lore_after,
        "keep_left": {str(s): n for s, n in state.keep_left.items()},
        "landmarks": list(state.field.landmarks),
        "landmark_queue": [list(item) for item in state.landmark_queue],
        "placed_once": state.placed_once,
        "landmark_owned": [list(item) for item in state.landmark_owned],
        "councils": [dict(c) for c in state.councils],
        "hands_pending": state.hands_pending,
        "window": None if state.window is None else list(astuple(state.window)),
        "lore_played": [list(astuple(card)) for card in state.lore_played],
        "lore_played_by": list(state.lore_played_by),
        "instead": state.instead,
        "first": list(state.first),
        "lore_effects": [effect_to_json(e) for e in state.lore_effects],
        "lore_rolls": [[seat, effect_to_json(roll)] for seat, roll in state.lore_rolls],
        "lore_resume": state.lore_resume,
        "casting": [[c.index, c.window, list(c.args), c.resume] for c in state.casting],
        "outcome": state.outcome.to_json() if state.outcome is not None else None,
        "rng": state.rng.state,
    }
    if state.choosing is not None:  # written only while a card's units are chosen (BL-13.4)
        out["choosing"] = {
            "seat": state.choosing.seat,
            "card": state.choosing.card,
            "hexes": list(state.choosing.hexes),
        }
    return out
