"""The steps of a turn as decision points (BL-1.2): command (BL-2.1), orders (BL-2.2 to
BL-2.7), movement (BL-3), battles (BL-4), then the draw and cleanup (`turn/end.py`). Each
function lists what may be done at its decision point or carries an action out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.core.events import Event
from bitva.games.battlelore import origins
from bitva.games.battlelore.actions import (
    Ability,
    Add,
    Battle,
    BattleBack,
    BattleLoreAction,
    Box,
    Council,
    Deal,
    Discard,
    DiscardLore,
    Done,
    Free,
    Ignore,
    Keep,
    LoreDeal,
    Move,
    Order,
    Pass,
    Place,
    Play,
    PlayLore,
    Pursue,
    Refill,
    Retreat,
    Roll,
    Rush,
    Store,
    TakeGround,
)
from bitva.games.battlelore.battle import creature_steps, steps
from bitva.games.battlelore.battle import lore_dice as lore_dice_steps
from bitva.games.battlelore.field.board import hex_of, name
from bitva.games.battlelore.field.combat import targets
from bitva.games.battlelore.field.creatures import free_from_web
from bitva.games.battlelore.field.model import Unit
from bitva.games.battlelore.field.movement import enter, move_destinations, rush_moves
from bitva.games.battlelore.lore import several, windows
from bitva.games.battlelore.lore.economy import replaces_command
from bitva.games.battlelore.lore.effects import ignored_stops
from bitva.games.battlelore.turn import end as endturn
from bitva.games.battlelore.turn import lore_steps as lore_turn
from bitva.games.battlelore.turn.command import card_orders, tactic_fallback
from bitva.games.battlelore.turn.end import end_turn
from bitva.games.battlelore.turn.legal import (
    FREE_COST,
    OUT_OF_SECTION_COST,
    battles,
    extra_move,
    movers,
    order_actions,
    rushes,
)
from bitva.games.battlelore.turn.setup import choose_council

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


def _emit(events: list[Event] | None, event: str, **data: object) -> None:
    if events is not None:
        events.append(Event(event, dict(data)))


# -- doing it ------------------------------------------------------------------------------------
def apply_action(
    state: BattleLoreState, action: BattleLoreAction, events: list[Event] | None
) -> None:
    """Carry out `action`: the chance outcomes, then the players' actions by their type."""
    match action:
        case Deal(card=card):
            endturn.dealt(state, card, events)
        case Roll(counts=counts):
            steps.resolve_roll(state, counts, events)
        case LoreDeal(card=card):
            lore_turn.lore_dealt(state, card, events)
        case Box(card=card):
            lore_turn.boxed(state, card, events)
        case Order() | Free():
            _order(state, action, events)
        case Move() | Rush() | Battle():
            _field_action(state, action, events)
        case _:
            _seat_action(state, action, events)


def _order(state: BattleLoreState, action: Order | Free, events: list[Event] | None) -> None:
    """BL-2.2; BL-11.2: `order X pay`, 3 tokens to the pool, one of the card's orders; BL-11.9:
    `free X`, ordered, 1 token to the pool, the web removed."""
    unit = state.unit_at(action.hex)
    if isinstance(action, Free):
        state.bank = state.bank.pay_pool(state.active, FREE_COST, "cutting a web")
        free_from_web(unit)
        _emit(events, "freed", player=state.active, hex=action.hex)
    elif action.pay:
        state.bank = state.bank.pay_pool(
            state.active, OUT_OF_SECTION_COST, "an order out of section"
        )
        state.paid.append(unit.uid)
    order(state, unit, events)


def _field_action(
    state: BattleLoreState, action: Move | Rush | Battle, events: list[Event] | None
) -> None:
    """BL-3 moves and BL-10.4 rushes (after the other side's MOV_REACT window, D-43), BL-4.4
    battles and the mounted bonus attack (BL-7.4)."""
    match action:
        case Move(start=start, end=end):
            if not windows.offer(
                state, 3 - state.active, "MOV_REACT", f"move {start} {end}", events
            ):
                move(state, state.unit_at(start), hex_of(end), events)
        case Rush(start=start, end=end, target=target):
            resume = f"rush {start} {end} {target}"
            if not windows.offer(state, 3 - state.active, "MOV_REACT", resume, events):
                rush(state, state.unit_at(start), hex_of(end), state.unit_at(target), events)
        case Battle(attacker=at, target=target) if state.phase == "battle":
            attacker, defender = state.unit_at(at), state.unit_at(target)
            kind = dict(targets(state.field, attacker))[defender.uid]
            steps.declare(state, attacker, defender, kind, events)
        case Battle(attacker=at, target=target):  # the mounted bonus attack (BL-7.4)
            attacker, defender = state.unit_at(at), state.unit_at(target)
            steps.declare(state, attacker, defender, "melee", events, bonus=True)


def _seat_action(
    state: BattleLoreState, action: BattleLoreAction, events: list[Event] | None
) -> None:
    """The other decisions of a seat, by the action's type and the phase."""
    phase = state.phase
    match action:
        case Play(card=card):
            play_card(state, card, events)
        case Ability(ability=ability, spent=spent):
            creature_steps.choose_ability(state, ability, spent, events)
            steps.after_choice(state, events)
        case Store(lore=lore):
            creature_steps.store(state, lore, events)
            steps.after_choice(state, events)
        case Add() | Done() if phase == several.DECISION:
            lore_units(state, action, events)
        case Done() if phase == "order":
            orders_done(state, events)
        case Done() if phase == "move":
            begin_battles(state, events)
        case Done():
            battles_done(state, events)
        case Ignore(flags=ignored):
            battle = state.battle
            assert battle is not None
            _emit(events, "ignored", side=3 - battle.side, flags=ignored)
            steps.start_retreat(state, battle.flags - ignored, events)
        case Retreat(hex=to):
            steps.step_back(state, hex_of(to), events)
            steps.go_on_retreating(state, events)
        case BattleBack():
            battle = state.battle
            assert battle is not None
            defender, attacker = state.unit(battle.target), state.unit(battle.attacker)
            steps.declare(state, defender, attacker, "melee", events, back=True)
        case TakeGround():
            steps.take_ground(state, events)
        case Pursue(hex=to):
            steps.pursue(state, hex_of(to), events)
        case PlayLore():
            lore_card(state, action, events)
        case Pass() if phase == "react":
            close_window(state, events)
        case Pass():
            pass_(state, events)
        case Discard(card=card):
            endturn.scout_discard(state, card, events)
        case Keep(card=card):
            lore_turn.keep(state, card, events)
        case Council():
            choose_council(state, action, events)
        case Place(hex=at):
            lore_turn.place_landmark(state, hex_of(at), events)
        case Refill(option=option):
            lore_turn.refill(state, option, events)
        case DiscardLore(card=card) if phase == "lore-keep":
            lore_turn.discard_drawn(state, card, events)
        case DiscardLore(card=card):
            lore_turn.discard_from_hand(state, card, events)
        case _:
            raise AssertionError(f"no such action: {action}")


def lore_card(state: BattleLoreState, action: PlayLore, events: list[Event] | None) -> None:
    """BL-13.5: a Lore card played in a window (or with the Command card); a card for several
    units first takes its other units one at a time (`lore/several.py`)."""
    seat = state.window.seat if state.window is not None else state.active
    if not several.start(state, seat, action.card, action.words):
        reveal_lore(state, action, events)


def lore_units(state: BattleLoreState, action: Add | Done, events: list[Event] | None) -> None:
    """BL-13.4: `add HEX` or `done` while a card's units are chosen; the card is played once
    the choice is complete."""
    assert state.choosing is not None
    card = state.choosing.card
    words = several.add(state, action.hex) if isinstance(action, Add) else several.finish(state)
    if words is not None:
        reveal_lore(state, PlayLore(card, words), events)


def reveal_lore(state: BattleLoreState, action: PlayLore, events: list[Event] | None) -> None:
    """The card revealed and paid (BL-13.5); then the other side's LORE_REACT window (D-43),
    then the game goes on from where the window opened."""
    seat = state.window.seat if state.window is not None else state.active
    resume = state.window.resume if state.window is not None else "command"
    if state.window is None and replaces_command(windows.phase_of(action.card)):
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
