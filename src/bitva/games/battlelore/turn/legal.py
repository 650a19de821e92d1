"""What may be done at each decision point of a turn (BL-1.2): the legal actions of the
command (BL-2.1), orders (BL-2.2 to BL-2.7), movement and goblin rushes (BL-3, BL-10.4),
battles (BL-4) and the follow-ons, Lore windows (BL-13.3) and the end of the turn (BL-15).
`turn/steps.py` carries the chosen action out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.games.battlelore.actions import (
    REFILL_OPTIONS,
    Add,
    Battle,
    BattleBack,
    Discard,
    DiscardLore,
    Done,
    Free,
    Ignore,
    Keep,
    Move,
    Order,
    Pass,
    Place,
    Play,
    Pursue,
    Refill,
    Retreat,
    Rush,
    SeatAction,
    Store,
    TakeGround,
)
from bitva.games.battlelore.battle import creature_steps, steps
from bitva.games.battlelore.battle.current import retreat_steps
from bitva.games.battlelore.field.board import name
from bitva.games.battlelore.field.combat import may_battle, targets
from bitva.games.battlelore.field.followon import bonus_attack_targets, pursuit_hexes
from bitva.games.battlelore.field.model import Unit
from bitva.games.battlelore.field.movement import can_rush, move_destinations, rush_moves
from bitva.games.battlelore.lore import several, windows
from bitva.games.battlelore.lore import wiring as lore_wiring
from bitva.games.battlelore.lore.effects import extra_move as lore_extra_move
from bitva.games.battlelore.lore.effects import ignored_stops
from bitva.games.battlelore.turn import lore_steps as lore_turn
from bitva.games.battlelore.turn.command import may_order
from bitva.games.battlelore.turn.setup import legal_councils

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


OUT_OF_SECTION_COST = 3  # BL-11.2
FREE_COST = 1  # BL-11.9


def orderable(state: BattleLoreState) -> list[Unit]:
    """BL-2.2 to BL-2.4: the active side's units that may take the next order (a webbed one
    only by cutting its web, `free`, BL-11.9)."""
    orders = state.orders
    if orders is None:
        return []
    ordered = [state.unit(uid) for uid in state.ordered]
    fewer = lore_wiring.orders_taken(state)  # Misdirection (RG04)
    alive = state.field.alive(state.active)
    return [u for u in alive if may_order(orders, u, ordered, state.paid, reduce=fewer)]


def order_actions(state: BattleLoreState) -> list[SeatAction]:
    """`order X`; `free X` for a webbed unit when the goblet holds 1 token (BL-11.9); `order X
    pay` for a creature outside the section card's sections, 3 tokens (BL-11.2, D-27)."""
    orders = state.orders
    if orders is None:
        return []
    goblet = state.bank.goblet(state.active)
    out: list[SeatAction] = []
    normal = orderable(state)
    normal_uids = {u.uid for u in normal}
    for unit in normal:
        if not unit.webbed:
            out.append(Order(name(unit.hex)))
        elif goblet >= FREE_COST:
            out.append(Free(name(unit.hex)))
    if state.field.lore and orders.need is None and goblet >= OUT_OF_SECTION_COST:
        ordered = [state.unit(uid) for uid in state.ordered]
        for unit in state.field.alive(state.active):
            outside = unit.type.is_creature and unit.uid not in normal_uids and not unit.webbed
            fewer = lore_wiring.orders_taken(state)
            if outside and may_order(orders, unit, ordered, state.paid, True, fewer):
                out.append(Order(name(unit.hex), pay=True))
    return out


def extra_move(state: BattleLoreState, unit: Unit) -> int:
    """Forward March: ordered foot units move and battle 1 hex further (5.1); Forced March
    (WR05) its units further still."""
    more = lore_extra_move(state.lore_effects, unit.uid)
    orders = state.orders
    if orders is None or unit.type.status != "foot":
        return more
    return orders.move_bonus + more


def movers(state: BattleLoreState) -> dict[int, dict[int, tuple[int, ...]]]:
    """BL-3.1: each ordered unit that has not moved yet, with where it may go (Volley's units
    may not move)."""
    orders = state.orders
    if orders is None or orders.no_move:
        return {}
    out = {}
    for uid in acting(state):
        unit = state.field.units[uid]
        if unit is None or unit.moved or unit.move_stopped:  # Snare (RG07) before it moved
            continue
        found = move_destinations(
            state.field,
            unit,
            extra_hexes=extra_move(state, unit),
            ignore_stops=ignored_stops(state.lore_effects, uid),  # Stealth (RG05)
        )
        if found:
            out[uid] = found
    return out


def rushes(state: BattleLoreState) -> list[SeatAction]:
    """BL-10.4: goblin rushes of the ordered goblins that have not moved."""
    orders = state.orders
    if orders is None or orders.no_move:
        return []
    out: list[SeatAction] = []
    for uid in acting(state):
        unit = state.field.units[uid]
        if unit is None or not can_rush(unit):
            continue
        for end, target in sorted(rush_moves(state.field, unit)):
            enemy = state.unit(target)
            out.append(Rush(name(unit.hex), name(end), name(enemy.hex)))
    return out


def acting(state: BattleLoreState) -> list[int]:
    """BL-2.5: units ordered by an ORD_OWN Lore card (`state.first`, set by its effect) move
    and battle before the Command card's units; then the others."""
    return list(state.first) if state.first else state.ordered


def battles(state: BattleLoreState) -> list[SeatAction]:
    """BL-4.1, BL-4.3: every battle an ordered unit may declare now."""
    out: list[SeatAction] = []
    for uid in acting(state):
        unit = state.field.units[uid]
        if unit is None or not may_battle(
            state.field, unit, extra_battle_hexes=extra_move(state, unit)
        ):
            continue
        for target, _ in targets(state.field, unit):
            out.append(Battle(name(unit.hex), name(state.unit(target).hex)))
    return out


def forced_rush(state: BattleLoreState) -> bool:
    """BL-10.4, D-28: a rushing goblin that still may battle its target must."""
    for uid in acting(state):
        unit = state.field.units[uid]
        rushing = unit is not None and unit.rush_target is not None and not unit.battled
        if rushing and unit is not None and may_battle(state.field, unit):
            return True
    return False


def legal(state: BattleLoreState) -> list[SeatAction]:
    """Every legal action at the state's decision point, in a stable order."""
    phase = state.phase
    battle = state.battle
    if phase == "command":
        plays: list[SeatAction] = [Play(card) for card in sorted(set(state.hands[state.active]))]
        return plays + windows.lore_actions(state, state.active, "CMD")
    if phase == "react":
        assert state.window is not None
        seat, window = state.window.seat, state.window.window
        return [*windows.lore_actions(state, seat, window), Pass()]  # type: ignore[arg-type]
    if phase == "order":
        return [*order_actions(state), Done()]
    if phase == several.DECISION:
        assert state.choosing is not None
        adds: list[SeatAction] = [Add(h) for h in several.additions(state, state.choosing)]
        whole = several.complete_words(state, state.choosing) is not None
        return adds + ([Done()] if whole else [])
    if phase == "move":
        out = [
            Move(name(state.unit(uid).hex), name(end))
            for uid, found in movers(state).items()
            for end in sorted(found)
        ]
        return out + rushes(state) + [Done()]
    if phase == "battle":
        return battles(state) + ([] if forced_rush(state) else [Done()])
    if phase == "draw-keep":
        return [Discard(card) for card in sorted(set(state.drawn[state.active]))]
    if phase == "keep-lore":
        seat = 1 if state.keep_left[1] else 2
        return [Keep(card) for card in sorted(set(state.lore_drawn[seat]))]
    if phase == "council":
        return [*legal_councils(state)]
    if phase == "landmark":
        return [Place(name(h)) for h in lore_turn.landmark_choices(state)]
    if phase == "refill":
        return [Refill(option) for option in REFILL_OPTIONS]
    if phase == "lore-keep":
        cards = state.lore_drawn[state.active]
        return [DiscardLore(card) for card in sorted(set(cards))]
    if phase == "discard":
        cards = state.lore_hands[state.active]
        return [DiscardLore(card) for card in sorted(set(cards))]
    assert battle is not None
    if phase == "spider":
        return [*creature_steps.ability_actions(state), Pass()]
    if phase == "store":
        return [Store(n) for n in range(creature_steps.store_room(state) + 1)]
    if phase == "flags":
        return [Ignore(n) for n in steps.ignore_choices(state)]
    if phase == "retreat":
        return [Retreat(name(h)) for h in retreat_steps(state)]
    if phase == "battle-back":
        return [BattleBack(), Pass()]
    if phase == "take-ground":
        return [TakeGround(), Pass()]
    attacker = state.unit(battle.attacker)
    if phase == "pursue":
        pursuits: list[SeatAction] = [Pursue(name(h)) for h in pursuit_hexes(state.field, attacker)]
        return [*pursuits, Pass()]
    if phase == "bonus":
        bonus: list[SeatAction] = [
            Battle(name(attacker.hex), name(state.unit(t).hex))
            for t in bonus_attack_targets(state.field, attacker)
        ]
        return [*bonus, Pass()]
    return []
