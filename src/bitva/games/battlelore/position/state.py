"""Positions as game states (issue 11, "The analysis command"): `position/file.py` reads and writes
the file (the battlefield, the side to act, the step), `position/tables.py` the rest of the
state; this module turns a file into a state at its decision point and back.

A file that gives the battlefield only (the issue's format) reads as what set-up would give:
the Command hands and the Lore hands are empty and the Command deck is whole; the goblets hold
the councils' starting tokens (2.4) and the Lore deck is built (BL-14.3); banners, discards and
the turn count start at 0. Its turn has no Command card: its ordered units are those the file
marks `ordered`, with no card effect; when that turn ends both sides are dealt their whole
Command hands (chance nodes, the side whose turn ended first) and play goes on. Every other part
of a state is an optional key of `[position]` (`position/tables.py`), so `write_position`
writes any state whose decision has no battle half-resolved, no Lore card still to take effect
and no Lore dice still to roll; those raise PositionError.
"""

from __future__ import annotations

from typing import Any

from bitva.core.errors import PositionError
from bitva.core.rng import Rng
from bitva.games.battlelore.catalogue.load import load_catalogue
from bitva.games.battlelore.field.board import name
from bitva.games.battlelore.lore import deck as lore_deck
from bitva.games.battlelore.lore.council import lore_start
from bitva.games.battlelore.lore.economy import new_bank
from bitva.games.battlelore.options import BattleLoreOptions
from bitva.games.battlelore.position.battle import apply_battle, battle_tables, check_battle
from bitva.games.battlelore.position.file import Position, read_position, write_position
from bitva.games.battlelore.position.tables import (
    POSITION_ORDERS,
    SIDE_NAMES,
    Bad,
    KeyBad,
    apply_tables,
    tables_of,
)
from bitva.games.battlelore.state import BattleLoreState
from bitva.games.battlelore.static import Static
from bitva.games.battlelore.turn.command import DECK, Orders

_OPTION_KEYS = ("councils", "custom_levels")


def _options(adventure_id: str, tables: dict[str, Any], source: str) -> BattleLoreOptions:
    """The game's options: the adventure's id and, when the file says them, the War Council
    variant (BL-14.1, BL-14.6)."""
    from pydantic import ValidationError

    values = {key: tables[key] for key in _OPTION_KEYS if key in tables}
    try:
        return BattleLoreOptions(adventure=adventure_id or "A01", **values)
    except ValidationError as exc:
        error = exc.errors()[0]
        key = ".".join(str(p) for p in error["loc"][:1]) or "councils"
        raise PositionError(f"{source}: position.{key}", error["msg"]) from None


def base_state(position: Position, options: BattleLoreOptions) -> BattleLoreState:
    """The state a file with the battlefield only reads as (see the module's docstring)."""
    adventure = position.adventure
    static = Static.from_adventure(options, adventure, load_catalogue())
    state = BattleLoreState(static, Rng(0))
    state.field = position.field
    state.active = position.active
    state.phase = position.decision or position.step
    state.deck = dict(DECK)
    state.hands_pending = True
    state.ordered = [u.uid for u in state.field.alive(position.active) if u.ordered]
    if state.phase in ("move", "battle"):
        state.orders = Orders(POSITION_ORDERS, need="any", count=len(state.ordered))
    if static.lore:
        starts = [lore_start(static.councils[i], static.token_adjust[i]).tokens for i in (0, 1)]
        state.bank = new_bank(starts[0], starts[1], static.lore_pool)
        lore_deck.build(state)
    return state


def state_of(text: str, source: str) -> BattleLoreState:
    position = read_position(text, source)
    tables = dict(position.tables)
    state = base_state(position, _options(position.adventure.id, tables, source))
    try:
        apply_tables(tables, state)
        apply_battle(tables, state)
        _pad_units(state, tables.get("unit_count"))
    except KeyBad as exc:
        raise PositionError(f"{source}: position.{exc.key}", exc.reason, exc.rule) from None
    if "command_deck" not in tables:  # the cards not elsewhere
        state.deck = deck_left(state)
    if "hands_pending" not in tables:  # hands given: they are the hands, nothing is owed
        state.hands_pending = not any(
            "command_hand" in tables.get(side, {}) for side in SIDE_NAMES.values()
        )
    _check_state(state, source)
    return state


def _pad_units(state: BattleLoreState, count: Any) -> None:
    """`unit_count`: how many units the game numbered (ids 0 to count - 1), when units
    eliminated had the highest ids (a battle or an effect may still name them)."""
    if count is None:
        return
    units = state.field.units
    if not isinstance(count, int) or isinstance(count, bool) or count < len(units):
        raise KeyBad("unit_count", Bad(f"{count!r}: at least {len(units)}, the ids given"))
    units.extend([None] * (count - len(units)))


def _check_state(state: BattleLoreState, source: str) -> None:
    """What the rules need of a whole state that no single key can check."""

    def fail(key: str, reason: str, rule: str | None = None) -> PositionError:
        return PositionError(f"{source}: position.{key}", reason, rule)

    units = state.field.units
    for key in ("ordered", "first", "paid"):
        for uid in getattr(state, key):
            if uid >= len(units) or (units[uid] is None and state.phase in ("command", "order")):
                raise fail(key, f"{uid} is not the id of a unit on the board")
    for key, hands, drawn in (
        ("command_origins", state.hands, state.drawn),
        ("lore_origins", state.lore_hands, state.lore_drawn),
    ):
        origins = getattr(state, key)
        if any(origins.earlier[s - 1] > len(hands[s]) + len(drawn[s]) for s in (1, 2)):
            raise fail(key, "more cards drawn before the deck's rebuild than the side holds")
    fault = check_battle(state)
    if fault is not None:
        raise fail(*fault)
    alive = {u.uid for u in state.field.alive()}
    if {u.uid for u in state.field.alive() if u.ordered} != alive & set(state.ordered):
        raise fail("ordered", "the ids ordered this turn are the units marked ordered = true")
    _check_command_cards(state, fail)
    if state.phase == "deal" and not state.deal_to:
        raise fail("deal_to", "a Command deal needs the sides still to be dealt", "BL-15.1")
    if state.phase == "lore-deal" and not state.lore_deal_to:
        raise fail("lore_deal_to", "a Lore deal needs the sides still to be dealt", "BL-15.2")
    if state.phase == "react" and state.window is None:
        raise fail("window", "at step react a window is open: give its name, side and resume",
                   "D-43")  # fmt: skip
    if state.phase == "landmark" and not state.landmark_queue:
        raise fail("landmark_queue", "at step landmark a landmark waits to be placed", "BL-9.3")
    if state.phase in ("order", "move", "battle") and state.orders is None:
        raise fail("orders", "the turn's orders are needed at this step", "BL-2.2")
    try:  # a hand-made state the rules trip on is one clear line, not a traceback
        state.legal_actions() if not state.is_chance else state.chance_outcomes()
    except (AssertionError, AttributeError, KeyError, IndexError, TypeError, ValueError) as exc:
        raise fail("step", f"the state cannot go on at {state.phase!r} ({exc})") from None
    if not state.is_chance and state.current_player is not None and not state.legal_actions():
        raise fail("step", f"nothing can be done at {state.phase!r} in this state")


def _out_of_deck(state: BattleLoreState) -> dict[str, int]:
    """The Command cards out of the deck: in the hands, a Scout draw, the discards, in play."""
    cards = [*state.discard, *([state.played] if state.played else [])]
    for seat in (1, 2):
        cards += state.hands[seat] + state.drawn[seat]
    out: dict[str, int] = {}
    for card in cards:
        out[card] = out.get(card, 0) + 1
    return out


def deck_left(state: BattleLoreState) -> dict[str, int]:
    """BL-15.1: the Command deck is the 40 cards less those out of it (what `command_deck`
    says when left out); a count below 0 when the file holds too many of a card."""
    out = _out_of_deck(state)
    left = {card: count - out.get(card, 0) for card, count in DECK.items()}
    return {card: n for card, n in left.items() if n}


def _check_command_cards(state: BattleLoreState, fail: Any) -> None:
    """BL-15.1: each of the 40 Command cards is somewhere: the deck, the hands, a Scout draw,
    the discards or in play."""
    out = _out_of_deck(state)
    for card, count in DECK.items():
        if out.get(card, 0) > count:
            raise fail("command_deck", f"{card}: the game has {count}, the hands, discards and "
                       f"play hold {out[card]}", "BL-15.1")  # fmt: skip
        if out.get(card, 0) + state.deck.get(card, 0) != count:
            raise fail(
                "command_deck", f"{card}: {count} in the game, but the deck holds "
                f"{state.deck.get(card, 0)} and the hands, discards and play {out.get(card, 0)}",
                "BL-15.1",
            )  # fmt: skip


def text_of(state: BattleLoreState) -> str:
    if state.outcome is not None:
        raise PositionError("position.step", "the game is over", "BL-16.1")
    from dataclasses import replace

    adventure = load_catalogue().adventures.get(state.static.adventure_id)
    if adventure is None:
        raise PositionError("adventure", f"{state.static.adventure_id} is not a shipped adventure")
    step = "move" if state.phase in ("command", "order", "move") else "battle"
    bare = Position(adventure, state.field, state.active, step, state.phase)  # type: ignore[arg-type]
    base = base_state(bare, state.static.options)
    try:
        tables = tables_of(state, base)
    except Bad as exc:
        raise PositionError("position", exc.reason, exc.rule) from None
    implied = not any("command_hand" in tables.get(side, {}) for side in SIDE_NAMES.values())
    placed = {
        name(h): mark
        for h, mark in enumerate(state.field.landmarks)
        if mark is not None and h not in adventure.landmarks
    }
    if placed:  # the Lore masters' landmarks placed at set-up (BL-9.3)
        tables["landmarks_placed"] = placed
    tables |= battle_tables(state)
    if len(state.field.units) != max((u.uid for u in state.field.alive()), default=-1) + 1:
        tables["unit_count"] = len(state.field.units)
    tables.pop("command_deck", None)
    if state.deck != deck_left(state):
        tables["command_deck"] = dict(sorted(state.deck.items()))
    tables.pop("hands_pending", None)
    if state.hands_pending != implied:
        tables["hands_pending"] = state.hands_pending
    options = state.static.options
    default = BattleLoreOptions(adventure=options.adventure)
    for key in _OPTION_KEYS:
        if getattr(options, key) != getattr(default, key):
            tables[key] = (
                list(getattr(options, key)) if key == "custom_levels" else options.councils
            )
    text = write_position(replace(bare, tables=_ordered_tables(tables)))
    return text


def _ordered_tables(tables: dict[str, Any]) -> dict[str, Any]:
    """Plain keys before the side tables, so that TOML writes them under `[position]`."""
    plain = {
        k: v for k, v in tables.items() if not isinstance(v, dict) or k not in SIDE_NAMES.values()
    }
    return plain | {k: tables[k] for k in SIDE_NAMES.values() if k in tables}
