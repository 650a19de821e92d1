"""What a seat sees (SE-3.10) and determinization.

Hidden from everyone: the order deck's order and contents, the face-down board card, the box,
the equipment and objective decks' order, future draws and rolls. The sniper's objective cards
are his own (a spectator sees how many he holds and has completed). The view carries the map
(static), defenders, sniper, LOS from the sniper, bag counts, health stack, the order board
and the pending choice, enough for any front end.

`determinize` re-deals what the seat cannot see, from public knowledge only: box, face-down
card and deck are re-dealt from the unseen order cards, respecting what is known (boxed cards
came from the urgent or normal group at set-up, the set-up face-down card is urgent, discards
shuffled back are in the deck); the equipment and objective decks are unordered already (their
draws are chance nodes), and forced scenario chance is dropped.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from bitva.core.rng import Rng
from bitva.games.sniper_elite.board import Geometry
from bitva.games.sniper_elite.hits import cap
from bitva.games.sniper_elite.model import OFF
from bitva.games.sniper_elite.pending import BoxOrder, PlaceChoice, SlotOrder, TieDraw
from bitva.games.sniper_elite.sniper_turn import hit_chance

if TYPE_CHECKING:
    from bitva.games.sniper_elite.state import SniperEliteState

TYPE_CODES = {"outdoor": ".", "elevated": "^", "enclosed": "I", "water": "~", "obstruction": "#"}
AREA_CODES = {"red": "R", "black": "K", "yellow": "Y", "white": "W"}


@cache
def static_map(
    geo: Geometry,
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    rows = []
    markers = {s: str(n) for n, s in geo.objective_at.items()} | {
        s: "+" for s in geo.crosses.values()
    }
    for r in range(geo.height):
        tokens = []
        for c in range(geo.width):
            s = r * geo.width + c
            kind = ":" if geo.difficult[s] else TYPE_CODES[geo.types[s]]
            tokens.append(AREA_CODES[geo.areas[s]] + kind + markers.get(s, "-"))
        rows.append(" ".join(tokens))

    def edges(pairs: frozenset[frozenset[int]]) -> tuple[tuple[str, str], ...]:
        named = [tuple(sorted(geo.name_of(s) for s in e)) for e in pairs]
        return tuple(sorted((a, b) for a, b in named))

    return tuple(rows), edges(geo.doors), edges(geo.ladders)


def map_view(geo: Geometry) -> dict[str, Any]:
    """The map as the content file writes it (11.1): one token per space, doors, ladders,
    entries, objectives and crosses."""
    rows, doors, ladders = static_map(geo)
    return {
        "id": geo.id,
        "name": geo.name,
        "width": geo.width,
        "height": geo.height,
        "grid": list(rows),
        "doors": [list(e) for e in doors],
        "ladders": [list(e) for e in ladders],
        "entries": {e: [a, geo.name_of(s)] for e, (a, s) in sorted(geo.entries.items())},
        "objectives": {str(n): geo.name_of(s) for n, s in sorted(geo.objective_at.items())},
        "crosses": {a: geo.name_of(s) for a, s in sorted(geo.crosses.items())},
    }


def view(state: SniperEliteState, seat: int | None) -> dict[str, Any]:
    geo, core = state.geo, state.core
    name = geo.name_of
    sniper = state.entry if core.sniper == OFF else name(core.sniper)
    sight = []
    if core.sniper != OFF:
        for d in state.targets():
            reach = state.shot_reach(d)
            odds = [
                float(hit_chance(core.bag, k, reach, state.rules))
                for k in range(1, sum(core.bag.values()) + 1)
            ]
            sight.append({"defender": d, "range": reach, "hit": odds})
    out: dict[str, Any] = {
        "map": map_view(geo),
        "modifiers": sorted(state.rules),
        "phase": state.phase,
        "turn": state.turn,
        "decision": state.decision,
        "sniper": sniper,
        "lka": core.lka,
        "probable": list(core.probable),
        "defenders": {d: (None if s is None else name(s)) for d, s in core.defenders.items()},
        "in_sight": sight,
        "moves": state.move_costs() if state.decision == "turn" else [],
        "visible": visible_spaces(state),
        "health": "".join(core.health),
        "bag": dict(core.bag),
        "drawn": dict(state.drawn) if state.drawn is not None else None,
        "shot": dict(state.shot) if state.shot is not None else None,
        "wounded": core.wounded,
        "hits_this_turn": core.hits,
        "hit_cap": cap(state.rules),
        "order_board": [
            None if s is None else ({"card": s[0], "face": "up"} if s[1] else {"face": "down"})
            for s in state.slots
        ],
        "order_deck": len(state.deck),
        "order_discard": list(state.discard),
        "order_box": len(state.box),
        "known_in_deck": list(state.known),
        "face_down_from": state.fd_source,
        "equipment": {
            "available": sorted(state.available),
            "used": list(state.used_cards),
            "deck": len(state.equip_pile) + len(state.equip_bottom),
            "looted": list(state.loot_drawn),
        },
        "objective_deck": len(state.obj_pile) + len(state.obj_bottom),
        "objectives_held": len(state.held),
        "objectives_completed": sum(1 for _, c in state.held if c),
        "record": {
            "moved": state.moved,
            "extra_action": state.extra,
            "equipment_used": state.equip_used,
            "effects": list(state.effects),
            "smoke": None if state.smoke is None else name(state.smoke),
        },
        "pending": public_pending(state),
        "queue": [list(t) for t in state.queue],
        "previous_step_moved": list(state.prev_moved),
    }
    if seat == 1:
        out["objectives"] = [
            {
                "number": int(n),
                "colour": geo.objective_colour[int(n)],
                "space": name(geo.objective_at[int(n)]),
                "completed": bool(c),
            }
            for n, c in state.held
        ]
    return out


def visible_spaces(state: SniperEliteState) -> list[str]:
    """The standable spaces in LOS from the sniper (SE-2.9, Smoke Grenade included), for maps."""
    geo, here = state.geo, state.core.sniper
    if here == OFF:
        return []
    return [
        geo.name_of(s)
        for s in range(geo.size)
        if geo.standable(s) and (state.smoke != here and geo.los(here, s))
    ]


def public_pending(state: SniperEliteState) -> dict[str, Any] | None:
    """The pending task as front ends read it: spaces by name, an order's group always."""
    if state.pending is None:
        return None
    pending = state.pending.to_json()
    out = {k: v for k, v in pending.items() if k not in ("results", "group")}
    if isinstance(state.pending, PlaceChoice):
        out["spaces"] = [state.geo.name_of(s) for s in state.pending.spaces]
    if isinstance(state.pending, TieDraw):
        out["results"] = pending["results"]
    if isinstance(state.pending, BoxOrder | SlotOrder):
        out["group"] = state.pending.group
    return out


def determinize(state: SniperEliteState, seat: int, rng: Rng) -> SniperEliteState:
    """A state consistent with the seat's view, hidden order cards re-dealt (module docstring)."""
    other = state.clone()
    content = state.content
    order_ids = [c.id for c in content.orders]
    urgent_ids = {c.id for c in content.orders if c.urgent}
    mine = [c.id for c in content.orders if c.map in ("any", state.geo.id)]
    visible = {s[0] for s in state.slots if s is not None and s[1]} | set(state.discard)
    known = set(state.known)
    hidden = [c for c in mine if c not in visible]
    face_down = [i for i, s in enumerate(state.slots) if s is not None and not s[1]]
    box_urgent = sum(1 for c in state.box if c in urgent_ids)
    box_normal = len(state.box) - box_urgent
    setup = state.phase == "setup"
    urgent = [c for c in hidden if c in urgent_ids and c not in known]
    normal = [c for c in hidden if c not in urgent_ids and c not in known]
    rng.shuffle(urgent)
    rng.shuffle(normal)
    box = urgent[:box_urgent] + normal[:box_normal]
    urgent, normal = urgent[box_urgent:], normal[box_normal:]
    rest = urgent + normal
    for slot in face_down:
        if state.fd_source == "setup":
            card = urgent[0]
        elif state.fd_source == "old":
            card = rest[rng.below(len(rest))]
        else:
            rest = rest + sorted(known, key=order_ids.index)
            known = set()
            card = rest[rng.below(len(rest))]
        rest.remove(card)
        if card in urgent:
            urgent.remove(card)
        other.slots[slot] = [card, False]
    deck = rest + sorted(known, key=order_ids.index)
    if setup and not state.deck:
        deck = []  # during set-up the unplaced cards are the pools (Flow.pool), not a deck
    other.box = sorted(box, key=order_ids.index)
    other.deck = sorted(deck, key=order_ids.index)
    # a duplicate equipment card goes to the bottom in the player's sight (D-32): it stays
    other.equip_pile = sorted(state.equip_pile)
    other.equip_bottom = list(state.equip_bottom)
    # the player put the bottom objective cards there himself (SE-4.9): they stay where he
    # knows they are; only the pile's order is unknown
    other.obj_pile = sorted(state.obj_pile)
    other.obj_bottom = list(state.obj_bottom)
    other.forced = {"draws": [], "die": [], "ties": []}
    other.rng = Rng(rng.next_u64())
    return other
