"""A state read back from its JSON (`serialize.py` writes it): records, the server's saved
games. It builds a `BattleLoreState`, so it sits above `state.py`, which writes through
`serialize.py`."""

from __future__ import annotations

from typing import Any

from bitva.core.outcome import Outcome
from bitva.core.rng import Rng
from bitva.games.battlelore.battle.current import Battle
from bitva.games.battlelore.field.model import Field, Unit
from bitva.games.battlelore.lore.economy import LoreBank, PlayedCard
from bitva.games.battlelore.lore.several import Choosing
from bitva.games.battlelore.lore.windows import Casting, OpenWindow
from bitva.games.battlelore.lore.wiring import effect_from_json
from bitva.games.battlelore.options import BattleLoreOptions
from bitva.games.battlelore.origins import Origins
from bitva.games.battlelore.serialize import UNIT_FIELDS
from bitva.games.battlelore.state import BattleLoreState
from bitva.games.battlelore.static import Static
from bitva.games.battlelore.turn.command import Orders


def state_from_json(data: dict[str, Any]) -> BattleLoreState:
    static = Static.build(BattleLoreOptions.model_validate(data["options"]))
    state = BattleLoreState(static, Rng(int(data["rng"])))
    units: list[Unit | None] = []
    for entry in data["units"]:
        if entry is None:
            units.append(None)
            continue
        unit = Unit(
            int(entry["uid"]), static.types[entry["type"]], int(entry["side"]), int(entry["hex"]), 0
        )
        for key in UNIT_FIELDS:
            setattr(unit, key, entry[key])
        units.append(unit)
    state.field = Field(static.terrain, static.landmarks, static.lore, units)
    state.turn = int(data["turn"])
    state.active = int(data["active"])
    state.phase = str(data["phase"])
    state.banners = [int(b) for b in data["banners"]]
    state.hands = {int(s): list(h) for s, h in data["hands"].items()}
    state.drawn = {int(s): list(h) for s, h in data["drawn"].items()}
    state.deck = {str(c): int(n) for c, n in data["deck"].items()}
    state.discard = list(data["discard"])
    state.deal_to = [int(s) for s in data["deal_to"]]
    state.after_deal = str(data["after_deal"])
    state.played = data["played"]
    state.orders = Orders.from_json(data["orders"]) if data["orders"] is not None else None
    state.ordered = [int(u) for u in data["ordered"]]
    state.last_orders = {
        int(s): Orders.from_json(o) if o is not None else None
        for s, o in data["last_orders"].items()
    }
    state.battle = Battle.from_json(data["battle"]) if data["battle"] is not None else None
    pool, south, north, on_cards, stored = (int(v) for v in data["bank"])
    state.bank = LoreBank(pool, (south, north), on_cards, stored)
    state.paid = [int(u) for u in data["paid"]]
    state.lore_hands = {int(s): list(h) for s, h in data["lore_hands"].items()}
    state.lore_drawn = {int(s): list(h) for s, h in data["lore_drawn"].items()}
    state.lore_deck = {str(c): int(n) for c, n in data["lore_deck"].items()}
    state.lore_boxed = {str(c): int(n) for c, n in data["lore_boxed"].items()}
    state.lore_to_box = tuple(int(n) for n in data["lore_to_box"])
    south, north = data["lore_returned"]
    state.lore_returned = (tuple(south), tuple(north))
    state.lore_discard = list(data["lore_discard"])
    state.command_origins = Origins.from_json(data.get("command_origins"))
    state.lore_origins = Origins.from_json(data.get("lore_origins"))
    state.lore_deal_to = [int(s) for s in data["lore_deal_to"]]
    state.lore_after = str(data["lore_after"])
    state.keep_left = {int(s): int(n) for s, n in data["keep_left"].items()}
    # "no_refill" (BL-15.3 read wrongly before issue 21) may be in an old save: it means nothing
    state.field.landmarks = tuple(data["landmarks"])
    state.landmark_queue = [(int(seat), mark) for seat, mark in data["landmark_queue"]]
    state.placed_once = bool(data["placed_once"])
    state.landmark_owned = [(int(h), int(seat)) for h, seat in data["landmark_owned"]]
    state.councils = [{str(k): int(v) for k, v in c.items()} for c in data["councils"]]
    state.hands_pending = bool(data["hands_pending"])
    window = data["window"]
    state.window = None if window is None else OpenWindow(window[0], int(window[1]), window[2])
    state.lore_played = [
        PlayedCard(c, int(s), int(p), int(lv), bool(x), bool(f))
        for c, s, p, lv, x, f in data["lore_played"]
    ]
    state.lore_played_by = [bool(v) for v in data["lore_played_by"]]
    state.instead = bool(data["instead"])
    state.first = [int(u) for u in data["first"]]
    state.lore_effects = [effect_from_json(e) for e in data.get("lore_effects", [])]
    state.lore_rolls = [
        (int(seat), effect_from_json(roll))  # type: ignore[misc]
        for seat, roll in data.get("lore_rolls", [])
    ]
    state.lore_resume = str(data.get("lore_resume", ""))
    state.casting = [Casting(int(i), w, tuple(a), r) for i, w, a, r in data["casting"]]
    choosing = data.get("choosing")  # absent before format 4
    state.choosing = (
        None
        if choosing is None
        else Choosing(int(choosing["seat"]), str(choosing["card"]), tuple(choosing["hexes"]))
    )
    outcome = data.get("outcome")
    state._outcome = Outcome.from_json(outcome) if outcome else None
    return state
