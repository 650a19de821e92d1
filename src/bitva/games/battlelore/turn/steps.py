"""The steps of a turn as decision points (BL-1.2): command (BL-2.1), orders (BL-2.2 to
BL-2.7), movement (BL-3), battles (BL-4), then the draw and cleanup (`turn/end.py`). Each
function lists what may be done at its decision point or carries an action out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.core.errors import Violation
from bitva.core.events import Event
from bitva.games.battlelore import origins
from bitva.games.battlelore.actions import REFILL_OPTIONS, Act, roll_counts
from bitva.games.battlelore.battle import creature_steps, steps
from bitva.games.battlelore.battle import lore_dice as lore_dice_steps
from bitva.games.battlelore.battle.current import retreat_steps
from bitva.games.battlelore.field.board import hex_of, name
from bitva.games.battlelore.field.combat import may_battle, targets
from bitva.games.battlelore.field.creatures import free_from_web
from bitva.games.battlelore.field.followon import bonus_attack_targets, pursuit_hexes
from bitva.games.battlelore.field.model import Unit
from bitva.games.battlelore.field.movement import can_rush, enter, move_destinations, rush_moves
from bitva.games.battlelore.lore import windows
from bitva.games.battlelore.lore import wiring as lore_wiring
from bitva.games.battlelore.lore.economy import replaces_command
from bitva.games.battlelore.lore.effects import extra_move as lore_extra_move
from bitva.games.battlelore.lore.effects import ignored_stops
from bitva.games.battlelore.turn import end as endturn
from bitva.games.battlelore.turn import lore_steps as lore_turn
from bitva.games.battlelore.turn.command import card_orders, may_order, tactic_fallback
from bitva.games.battlelore.turn.end import end_turn
from bitva.games.battlelore.turn.setup import choose_council, legal_councils

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


OUT_OF_SECTION_COST = 3  # BL-11.2
FREE_COST = 1  # BL-11.9


def _emit(events: list[Event] | None, event: str, **data: object) -> None:
    if events is not None:
        events.append(Event(event, dict(data)))


# -- what may be done ---------------------------------------------------------------------------
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


def order_actions(state: BattleLoreState) -> list[Act]:
    """`order X`; `free X` for a webbed unit when the goblet holds 1 token (BL-11.9); `order X
    pay` for a creature outside the section card's sections, 3 tokens (BL-11.2, D-27)."""
    orders = state.orders
    if orders is None:
        return []
    goblet = state.bank.goblet(state.active)
    out = []
    normal = orderable(state)
    normal_uids = {u.uid for u in normal}
    for unit in normal:
        if not unit.webbed:
            out.append(Act("order", (name(unit.hex),)))
        elif goblet >= FREE_COST:
            out.append(Act("free", (name(unit.hex),)))
    if state.field.lore and orders.need is None and goblet >= OUT_OF_SECTION_COST:
        ordered = [state.unit(uid) for uid in state.ordered]
        for unit in state.field.alive(state.active):
            outside = unit.type.is_creature and unit.uid not in normal_uids and not unit.webbed
            fewer = lore_wiring.orders_taken(state)
            if outside and may_order(orders, unit, ordered, state.paid, True, fewer):
                out.append(Act("order-pay", (name(unit.hex),)))
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


def rushes(state: BattleLoreState) -> list[Act]:
    """BL-10.4: goblin rushes of the ordered goblins that have not moved."""
    orders = state.orders
    if orders is None or orders.no_move:
        return []
    out = []
    for uid in acting(state):
        unit = state.field.units[uid]
        if unit is None or not can_rush(unit):
            continue
        for end, target in sorted(rush_moves(state.field, unit)):
            enemy = state.unit(target)
            out.append(Act("rush", (name(unit.hex), name(end), name(enemy.hex))))
    return out


def acting(state: BattleLoreState) -> list[int]:
    """BL-2.5: units ordered by an ORD_OWN Lore card (`state.first`, set by its effect) move
    and battle before the Command card's units; then the others."""
    return list(state.first) if state.first else state.ordered


def battles(state: BattleLoreState) -> list[Act]:
    """BL-4.1, BL-4.3: every battle an ordered unit may declare now."""
    out = []
    for uid in acting(state):
        unit = state.field.units[uid]
        if unit is None or not may_battle(
            state.field, unit, extra_battle_hexes=extra_move(state, unit)
        ):
            continue
        for target, _ in targets(state.field, unit):
            out.append(Act("battle", (name(unit.hex), name(state.unit(target).hex))))
    return out


def forced_rush(state: BattleLoreState) -> bool:
    """BL-10.4, D-28: a rushing goblin that still may battle its target must."""
    for uid in acting(state):
        unit = state.field.units[uid]
        rushing = unit is not None and unit.rush_target is not None and not unit.battled
        if rushing and unit is not None and may_battle(state.field, unit):
            return True
    return False


def legal(state: BattleLoreState) -> list[Act]:
    """Every legal action at the state's decision point, in a stable order."""
    phase = state.phase
    battle = state.battle
    if phase == "command":
        plays = [Act("play", (card,)) for card in sorted(set(state.hands[state.active]))]
        return plays + windows.lore_actions(state, state.active, "CMD")
    if phase == "react":
        assert state.window is not None
        seat, window = state.window.seat, state.window.window
        return [*windows.lore_actions(state, seat, window), Act("pass")]  # type: ignore[arg-type]
    if phase == "order":
        return [*order_actions(state), Act("done")]
    if phase == "move":
        out = [
            Act("move", (name(state.unit(uid).hex), name(end)))
            for uid, found in movers(state).items()
            for end in sorted(found)
        ]
        return out + rushes(state) + [Act("done")]
    if phase == "battle":
        return battles(state) + ([] if forced_rush(state) else [Act("done")])
    if phase == "draw-keep":
        return [Act("discard", (card,)) for card in sorted(set(state.drawn[state.active]))]
    if phase == "keep-lore":
        seat = 1 if state.keep_left[1] else 2
        return [Act("keep", (card,)) for card in sorted(set(state.lore_drawn[seat]))]
    if phase == "council":
        return legal_councils(state)
    if phase == "landmark":
        return [Act("place", (name(h),)) for h in lore_turn.landmark_choices(state)]
    if phase == "refill":
        return [Act("refill", (option,)) for option in REFILL_OPTIONS]
    if phase == "lore-keep":
        cards = state.lore_drawn[state.active]
        return [Act("discard-lore", (card,)) for card in sorted(set(cards))]
    if phase == "discard":
        cards = state.lore_hands[state.active]
        return [Act("discard-lore", (card,)) for card in sorted(set(cards))]
    assert battle is not None
    if phase == "spider":
        return [*creature_steps.ability_actions(state), Act("pass")]
    if phase == "store":
        return [Act("store", (str(n),)) for n in range(creature_steps.store_room(state) + 1)]
    if phase == "flags":
        return [Act("ignore", (str(n),)) for n in steps.ignore_choices(state)]
    if phase == "retreat":
        return [Act("retreat", (name(h),)) for h in retreat_steps(state)]
    if phase == "battle-back":
        return [Act("battle-back"), Act("pass")]
    if phase == "take-ground":
        return [Act("take-ground"), Act("pass")]
    attacker = state.unit(battle.attacker)
    if phase == "pursue":
        out = [Act("pursue", (name(h),)) for h in pursuit_hexes(state.field, attacker)]
        return [*out, Act("pass")]
    if phase == "bonus":
        out = [
            Act("battle", (name(attacker.hex), name(state.unit(t).hex)))
            for t in bonus_attack_targets(state.field, attacker)
        ]
        return [*out, Act("pass")]
    return []


WHY = {
    "command": ("play a Command card from your hand", "BL-2.1"),
    "order": ("order a unit the card allows, or done", "BL-2.2"),
    "move": ("move an ordered unit that has not moved, or done", "BL-3.1"),
    "battle": ("battle with an ordered unit that may still battle, or done", "BL-4.1"),
    "flags": ("ignore no more flags than the unit's Bold level", "BL-6.3"),
    "retreat": ("retreat into one of the open hexes toward your edge", "BL-6.5"),
    "battle-back": ("battle back or pass", "BL-7.1"),
    "take-ground": ("take ground or pass", "BL-7.2"),
    "pursue": ("pursue into an open adjacent hex or pass", "BL-7.3"),
    "bonus": ("make a bonus attack on an adjacent enemy or pass", "BL-7.4"),
    "draw-keep": ("discard one of the two cards drawn", "BL-15.1"),
    "spider": ("use an ability the roll allows, or pass", "BL-11.6"),
    "keep-lore": ("keep one of the Lore cards dealt to you", "BL-14.3"),
    "refill": ("announce refill a, b or c", "BL-15.2"),
    "react": ("play a Lore card of this phase, or pass", "BL-13.3"),
    "council": ("assign 1 to 3 levels to the seats you fill, the agreed total in all", "BL-14.6"),
    "landmark": ("place the landmark on an empty plain hex of your half", "BL-9.3"),
    "lore-keep": ("discard one of the two Lore cards drawn", "BL-15.2"),
    "discard": ("discard a Lore card of your hand", "BL-14.5"),
    "store": ("store no more Lore than the creature's card and the pool allow", "BL-11.7"),
}


def why_illegal(state: BattleLoreState, action: Act) -> Violation:
    """Why `action` is not legal here, in words the deciding seat may read."""
    if action.verb in ("deal", "roll", "lore-deal", "box"):
        return Violation("chance decides that, not a player", "BL-1.2")
    if state.phase == "battle" and action.verb == "done" and forced_rush(state):
        return Violation("a rushing goblin must battle its target", "BL-10.4")
    if state.phase == "command" and action.verb == "play":
        return Violation(f"{action.args[0]} is not in your hand", "BL-2.1")
    words, rule = WHY.get(state.phase, ("that is not possible now", "BL-1.2"))
    return Violation(f"{action} is not possible now: {words}", rule)


# -- doing it ------------------------------------------------------------------------------------
def apply_action(state: BattleLoreState, action: Act, events: list[Event] | None) -> None:
    verb, args = action.verb, action.args
    phase = state.phase
    if verb == "deal":
        endturn.dealt(state, args[0], events)
    elif verb == "roll":
        steps.resolve_roll(state, roll_counts(action), events)
    elif verb == "play":
        play_card(state, args[0], events)
    elif verb == "order":
        order(state, state.unit_at(args[0]), events)
    elif verb == "order-pay":  # BL-11.2: 3 tokens to the pool, one of the card's orders
        unit = state.unit_at(args[0])
        state.bank = state.bank.pay_pool(
            state.active, OUT_OF_SECTION_COST, "an order out of section"
        )
        state.paid.append(unit.uid)
        order(state, unit, events)
    elif verb == "free":  # BL-11.9: ordered, 1 token to the pool, the web removed
        unit = state.unit_at(args[0])
        state.bank = state.bank.pay_pool(state.active, FREE_COST, "cutting a web")
        free_from_web(unit)
        _emit(events, "freed", player=state.active, hex=args[0])
        order(state, unit, events)
    elif verb == "ability":
        creature_steps.choose_ability(state, args[0], int(args[1]), events)
        steps.after_choice(state, events)
    elif verb == "store":
        creature_steps.store(state, int(args[0]), events)
        steps.after_choice(state, events)
    elif verb == "move" and not windows.offer(
        state, 3 - state.active, "MOV_REACT", f"move {args[0]} {args[1]}", events
    ):
        move(state, state.unit_at(args[0]), hex_of(args[1]), events)
    elif verb == "rush" and not windows.offer(
        state, 3 - state.active, "MOV_REACT", "rush " + " ".join(args), events
    ):
        rush(state, state.unit_at(args[0]), hex_of(args[1]), state.unit_at(args[2]), events)
    elif verb in ("move", "rush"):
        pass  # a MOV_REACT window opened first (D-43)
    elif verb == "battle" and phase == "battle":
        attacker, target = state.unit_at(args[0]), state.unit_at(args[1])
        kind = dict(targets(state.field, attacker))[target.uid]
        steps.declare(state, attacker, target, kind, events)
    elif verb == "battle":  # the mounted bonus attack (BL-7.4)
        attacker, target = state.unit_at(args[0]), state.unit_at(args[1])
        steps.declare(state, attacker, target, "melee", events, bonus=True)
    elif verb == "done":
        if phase == "order":
            orders_done(state, events)
        elif phase == "move":
            begin_battles(state, events)
        else:
            battles_done(state, events)
    elif verb == "ignore":
        battle = state.battle
        assert battle is not None
        ignored = int(args[0])
        _emit(events, "ignored", side=3 - battle.side, flags=ignored)
        steps.start_retreat(state, battle.flags - ignored, events)
    elif verb == "retreat":
        steps.step_back(state, hex_of(args[0]), events)
        steps.go_on_retreating(state, events)
    elif verb == "battle-back":
        battle = state.battle
        assert battle is not None
        defender, attacker = state.unit(battle.target), state.unit(battle.attacker)
        steps.declare(state, defender, attacker, "melee", events, back=True)
    elif verb == "take-ground":
        steps.take_ground(state, events)
    elif verb == "pursue":
        steps.pursue(state, hex_of(args[0]), events)
    elif verb == "lore":
        lore_card(state, action, events)
    elif verb == "pass" and phase == "react":
        close_window(state, events)
    elif verb == "pass":
        pass_(state, events)
    elif verb == "discard":
        endturn.scout_discard(state, args[0], events)
    elif verb == "lore-deal":
        lore_turn.lore_dealt(state, args[0], events)
    elif verb == "box":
        lore_turn.boxed(state, args[0], events)
    elif verb == "keep":
        lore_turn.keep(state, args[0], events)
    elif verb == "council":
        choose_council(state, action, events)
    elif verb == "place":
        lore_turn.place_landmark(state, hex_of(args[0]), events)
    elif verb == "refill":
        lore_turn.refill(state, args[0], events)
    elif verb == "discard-lore" and phase == "lore-keep":
        lore_turn.discard_drawn(state, args[0], events)
    elif verb == "discard-lore":
        lore_turn.discard_from_hand(state, args[0], events)
    else:
        raise AssertionError(f"no such action: {action}")


def lore_card(state: BattleLoreState, action: Act, events: list[Event] | None) -> None:
    """BL-13.5: a Lore card played in a window (or with the Command card); then the other
    side's LORE_REACT window (D-43), then the game goes on from where the window opened."""
    seat = state.window.seat if state.window is not None else state.active
    resume = state.window.resume if state.window is not None else "command"
    if state.window is None and replaces_command(windows.phase_of(action.args[0])):
        state.instead = True  # BL-2.1, D-46: no Command card, no Command draw
        state.last_orders[state.active] = None
        resume = "instead"
    state.casting.append(windows.reveal(state, seat, action, resume, events))
    state.window = None
    if windows.offer(state, 3 - seat, "LORE_REACT", "effect", events):
        return
    go_on(state, "effect", events)


def close_window(state: BattleLoreState, events: list[Event] | None) -> None:
    assert state.window is not None
    resume = state.window.resume
    state.window = None
    go_on(state, resume, events)


def go_on(state: BattleLoreState, resume: str, events: list[Event] | None) -> None:
    """Where the game goes on when a window closes (`lore.windows.offer`'s `resume`)."""
    if resume == "effect":  # the last card revealed takes effect (after LORE_REACT)
        cast = state.casting.pop()
        windows.resolve(state, cast, events)
        if not lore_dice_steps.start(state, cast.resume, events):  # its dice first (BL-13.9)
            go_on(state, cast.resume, events)
    elif resume == "command":
        state.phase = "command"
    elif resume == "instead":  # the card set the orders, or there are none (BL-2.7)
        if state.orders is not None:
            own_orders(state, events)
        else:
            end_turn(state, events)
    elif resume == "own-orders":
        own_orders(state, events)
    elif resume == "order-step":
        order_step(state, events)
    elif resume == "own-moves":
        own_moves(state, events)
    elif resume == "movement":
        begin_movement(state, events)
    elif resume.startswith("walk "):
        _, walked, *rest = resume.split()
        hexes = [hex_of(h) for h in walked.split(",")]
        unit = state.field.unit_at(hexes[-1])
        assert unit is not None
        walk(state, unit, hexes, [hex_of(h) for h in rest], events)
    elif resume.split()[0] in ("move", "rush") and state.unit_at(resume.split()[1]).move_stopped:
        begin_movement(state, events)  # snared before it went (RG07)
    elif resume.startswith("move "):
        _, start, end = resume.split()
        move(state, state.unit_at(start), hex_of(end), events)
    elif resume.startswith("rush "):
        _, start, end, target = resume.split()
        rush(state, state.unit_at(start), hex_of(end), state.unit_at(target), events)
    else:
        steps.go_on_battle(state, resume, events)


def pass_(state: BattleLoreState, events: list[Event] | None) -> None:
    phase = state.phase
    if phase == "spider":
        steps.after_choice(state, events)
    elif phase == "pursue":
        steps.offer_bonus(state, events)
    else:  # battle-back, take-ground, bonus: the battle is over
        steps.end_battle(state, events)


def play_card(state: BattleLoreState, card: str, events: list[Event] | None) -> None:
    """BL-2.1: the card is revealed; its orders are fixed now (Counter-Attack copies, D-42;
    a tactic with no eligible unit orders 1 of choice, D-40)."""
    seat = state.active
    origins.command_let_go(state, seat, card)
    state.played = card
    orders = card_orders(card, seat, state.last_orders[3 - seat])
    orders = tactic_fallback(orders, state.field.alive(seat))
    state.orders = orders
    state.last_orders[seat] = orders
    _emit(events, "played", player=seat, card=card, orders=orders.card)
    if windows.offer(state, 3 - seat, "CMD_REACT", "own-orders", events):
        return
    own_orders(state, events)


def own_orders(state: BattleLoreState, events: list[Event] | None) -> None:
    if windows.offer(state, state.active, "ORD_OWN", "order-step", events):
        return
    order_step(state, events)


def order_step(state: BattleLoreState, events: list[Event] | None) -> None:
    state.phase = "order"
    if not order_actions(state):  # BL-2.7: nothing can be ordered
        end_turn(state, events)


def order(state: BattleLoreState, unit: Unit, events: list[Event] | None) -> None:
    """BL-2.4: ordered units are announced one by one."""
    unit.ordered = True
    state.ordered.append(unit.uid)
    _emit(events, "ordered", player=state.active, hex=name(unit.hex))
    if not order_actions(state):
        orders_done(state, events)


def orders_done(state: BattleLoreState, events: list[Event] | None) -> None:
    """D-43: the other side may react to the orders, then the active side's MOV_OWN."""
    if windows.offer(state, 3 - state.active, "ORD_REACT", "own-moves", events):
        return
    own_moves(state, events)


def own_moves(state: BattleLoreState, events: list[Event] | None) -> None:
    if windows.offer(state, state.active, "MOV_OWN", "movement", events):
        return
    begin_movement(state, events)


def begin_movement(state: BattleLoreState, events: list[Event] | None) -> None:
    state.phase = "move"
    if not movers(state) and not rushes(state):
        begin_battles(state, events)


def move(state: BattleLoreState, unit: Unit, to: int, events: list[Event] | None) -> None:
    """BL-3.1, BL-3.2: the unit follows the canonical path hex by hex and completes its move."""
    stops = ignored_stops(state.lore_effects, unit.uid)
    path = move_destinations(
        state.field, unit, extra_hexes=extra_move(state, unit), ignore_stops=stops
    )[to]
    walk(state, unit, [unit.hex], list(path), events)


def walk(
    state: BattleLoreState,
    unit: Unit,
    walked: list[int],
    path: list[int],
    events: list[Event] | None,
) -> None:
    """The unit enters its path's hexes one by one (`walked`: from its start to where it is);
    after each but the last the other side's MOV_REACT window may open (D-43), and a card may
    end the move there (Snare)."""
    while path and not (unit.move_stopped and len(walked) > 1):
        enter(
            state.field,
            unit,
            path.pop(0),
            "move",
            ignore_stops=ignored_stops(state.lore_effects, unit.uid),
        )
        walked.append(unit.hex)
        resume = ",".join(name(h) for h in walked) + "".join(f" {name(h)}" for h in path)
        if path and windows.offer(state, 3 - state.active, "MOV_REACT", f"walk {resume}", events):
            return
    unit.move_stopped = True
    _emit(
        events,
        "moved",
        player=unit.side,
        path=[name(h) for h in walked],
        **{"from": name(walked[0]), "to": name(unit.hex)},
    )
    begin_movement(state, events)


def rush(
    state: BattleLoreState, unit: Unit, to: int, target: Unit, events: list[Event] | None
) -> None:
    """BL-10.4: a rush to `to`, the goblin bound to battle `target` (D-28)."""
    path = rush_moves(state.field, unit)[(to, target.uid)]
    start = unit.hex
    for hex_ in path:
        enter(state.field, unit, hex_, "rush")
    unit.rush_target = target.uid
    unit.move_stopped = True
    _emit(
        events,
        "rushed",
        player=unit.side,
        target=name(target.hex),
        path=[name(h) for h in (start, *path)],
        **{"from": name(start), "to": name(to)},
    )
    begin_movement(state, events)


def begin_battles(state: BattleLoreState, events: list[Event] | None) -> None:
    """BL-4.1: battles one at a time; with none left the turn goes on to the draw."""
    state.phase = "battle"
    if not battles(state):
        battles_done(state, events)


def battles_done(state: BattleLoreState, events: list[Event] | None) -> None:
    """The battle step is over: the draw, or (BL-2.5) the Command card's units' turn after the
    units an ORD_OWN card ordered first."""
    if state.first:
        state.first = []
        begin_movement(state, events)
        return
    end_turn(state, events)
