"""Scenario files: the game's position notation (section 13), read and written.

A scenario is a TOML table at the start of (or during) the sniper's turn. Section 13's fields:
`map`, `sniper` (a space or an entry id), `lka`, `objectives` (+ `completed`), `probable`,
`bag = {A, N, R, S}`, `health` (bottom to top), `wounded`, `defenders` (id -> space; absent =
off-board), `modifiers` (+ `challenge`), and forced chance: `draws` (bag tokens in order), `die`
(chevrons), `ties` (picks of random ties, 0-based). Defaults: map depot, health NRRNRR (with the
modifiers), unwounded, bag 6A 2N 3R, no modifiers, the defenders of SE-4.2, LKA the
sniper's area, probable = every objective outside the LKA (SE-4.11), objectives 1 and 4.

Written positions add the rest of a game in progress: `turn`, `[record]` (this turn so far),
`[orders]` (board, deck, discard, box, known cards, where the face-down card came from; without
it the order cards are dealt as SE-4.4-4.5 with `seed`), `[equipment]` and `objective_deck`.
"""

from __future__ import annotations

import tomllib
from typing import Any

from pydantic import ValidationError

from bitva.core.errors import PositionError
from bitva.core.rng import Rng
from bitva.games.sniper_elite.board import Geometry, depot
from bitva.games.sniper_elite.catalogue import AREAS, Content, shipped_content
from bitva.games.sniper_elite.model import DEFENDER_IDS, OFF, TOKENS
from bitva.games.sniper_elite.options import SniperEliteOptions
from bitva.games.sniper_elite.setup import (
    boxed_counts,
    map_orders,
    starting_bag,
    starting_defenders,
)

KNOWN_KEYS = {
    "map", "sniper", "lka", "objectives", "completed", "probable", "bag", "health", "wounded",
    "defenders", "modifiers", "challenge", "draws", "die", "ties", "turn", "record", "orders",
    "equipment", "objective_deck", "seed",
}  # fmt: skip


def _fail(key: str, reason: str, rule: str | None = None) -> PositionError:
    return PositionError(key, reason, rule)


def read_position(text: str, source: str, make: Any) -> Any:
    """A state from a scenario; `make(options, geo, content)` builds an empty state."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _fail("(file)", f"{source}: not valid TOML: {exc}") from None
    unknown = sorted(set(data) - KNOWN_KEYS)
    if unknown:
        raise _fail(unknown[0], "unknown key (section 13 lists the fields)")
    if data.get("map", "depot") != "depot":
        raise _fail("map", f"unknown map {data['map']!r} (known: depot)")
    geo, content = depot(), shipped_content()
    try:
        options = SniperEliteOptions.model_validate(
            {"challenge": data.get("challenge", "none"), "modifiers": data.get("modifiers", [])}
        )
    except ValidationError as exc:
        first = exc.errors()[0]
        raise _fail(
            ".".join(str(p) for p in first["loc"]) or "modifiers", str(first["msg"])
        ) from None
    state = make(options, geo, content)
    core = state.core
    _read_sniper(state, data, geo)
    core.lka = _choice(data, "lka", AREAS, _default_lka(state, geo))
    held = _numbers(data, "objectives", [1, 4], geo)
    if len(held) != 2 or held[0] == held[1]:
        raise _fail("objectives", "the sniper holds two different objective cards", "SE-3.7")
    completed = _numbers(data, "completed", [], geo)
    if any(n not in held for n in completed) or len(completed) > 1:
        raise _fail(
            "completed", "one of the two objectives at most (the second ends the game)", "SE-9.1"
        )
    state.held = [[n, n in completed] for n in held]
    default_probable = [n for n in sorted(geo.objective_at) if geo.objective_colour[n] != core.lka]
    core.probable = sorted(_numbers(data, "probable", default_probable, geo))
    # section 13's defaults, literally: bag 6A 2N 3R and health NRRNRR, whatever the modifiers
    # (a scenario is a position after the set-up, not a set-up)
    core.bag = _bag(data.get("bag"), starting_bag(frozenset()))
    core.health = _health(data.get("health"))
    core.wounded = _bool(data, "wounded", False)
    core.defenders = _defenders(data.get("defenders"), geo)
    state.turn = _int(data, "turn", 1, 1, 1000)
    _read_record(state, data.get("record", {}), geo)
    _read_orders(state, data.get("orders"), _int(data, "seed", 0, 0, 2**63 - 1), geo, content)
    _read_decks(state, data, content)
    state.forced = {
        "draws": _tokens(data.get("draws", [])),
        "die": _dice(data.get("die", [])),
        "ties": _ties(data.get("ties", [])),
    }
    state.phase = "sniper"
    return state


def _default_lka(state: Any, geo: Geometry) -> str:
    if state.core.sniper == OFF:
        return str(geo.entries[state.entry][0])
    return str(geo.areas[state.core.sniper])


def _read_sniper(state: Any, data: dict[str, Any], geo: Geometry) -> None:
    where = data.get("sniper")
    if not isinstance(where, str):
        raise _fail("sniper", "required: a space (d6) or an entry point (EK)")
    if where.upper() in geo.entries:
        state.entry = where.upper()
        state.core.sniper = OFF
        return
    try:
        space = geo.space(where)
    except ValueError as exc:
        raise _fail("sniper", str(exc)) from None
    if not geo.standable(space):
        raise _fail(
            "sniper",
            f"{where} is {geo.types[space]}: figures stand on outdoor, elevated or enclosed spaces",
            "SE-2.2",
        )
    state.core.sniper = space


def _choice(data: dict[str, Any], key: str, allowed: tuple[str, ...], default: str) -> str:
    value = data.get(key, default)
    if value not in allowed:
        raise _fail(key, f"must be one of {', '.join(allowed)}")
    return str(value)


def _int(data: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _fail(key, f"must be a whole number from {low} to {high}")
    return value


def _bool(data: dict[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise _fail(key, "must be true or false")
    return value


def _numbers(data: dict[str, Any], key: str, default: list[int], geo: Geometry) -> list[int]:
    value = data.get(key, default)
    if not isinstance(value, list) or any(
        not isinstance(n, int) or isinstance(n, bool) or n not in geo.objective_at for n in value
    ):
        raise _fail(key, "a list of objective numbers 1-9")
    return [int(n) for n in value]


def _bag(value: Any, default: dict[str, int]) -> dict[str, int]:
    if value is None:
        return dict(default)
    if not isinstance(value, dict) or set(value) - set(TOKENS):
        raise _fail("bag", "a table of token counts: A, N, R, S")
    from bitva.games.sniper_elite.limits import token_limits

    out = {}
    # no game holds more of a kind than the bag can ever hold (limits.token_limits): a position
    # with more could not be reached, and its draws would have no action code
    for token, most in zip(TOKENS, token_limits(), strict=True):
        n = value.get(token, 0)
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= most:
            raise _fail(f"bag.{token}", f"a count from 0 to {most} (the most a bag can hold)")
        out[token] = n
    return out


def _health(value: Any) -> list[str]:
    if value is None:
        return list("NRRNRR")
    if not isinstance(value, str) or any(t not in "NRS" for t in value.upper()) or len(value) > 20:
        raise _fail("health", 'tokens bottom to top, e.g. "NRRNRR" (N, R or S)', "SE-3.5")
    return list(value.upper())


def _defenders(value: Any, geo: Geometry) -> dict[str, int | None]:
    if value is None:
        return starting_defenders(geo)
    if not isinstance(value, dict):
        raise _fail("defenders", "a table: defender id = space")
    out: dict[str, int | None] = dict.fromkeys(DEFENDER_IDS)
    for defender, where in value.items():
        if defender.upper() not in DEFENDER_IDS:
            raise _fail(f"defenders.{defender}", "defenders are R1-R3, K1-K3, Y1-Y3", "SE-3.1")
        try:
            space = geo.space(str(where))
        except ValueError as exc:
            raise _fail(f"defenders.{defender}", str(exc)) from None
        if not geo.standable(space):
            raise _fail(f"defenders.{defender}", f"{where} is not a standable space", "SE-2.2")
        if space in out.values():
            raise _fail(f"defenders.{defender}", f"another defender stands on {where}", "SE-8.9")
        out[defender.upper()] = space
    return out


def _tokens(value: Any) -> list[str]:
    if not isinstance(value, list) or any(str(t).upper() not in TOKENS for t in value):
        raise _fail("draws", "a list of tokens in draw order: A, N, R or S")
    return [str(t).upper() for t in value]


def _dice(value: Any) -> list[int]:
    value = [value] if isinstance(value, int) and not isinstance(value, bool) else value
    if not isinstance(value, list) or any(v not in (1, 2, 3) for v in value):
        raise _fail("die", "chevrons 1, 2 or 3 (a number or a list)", "SE-7.2")
    return [int(v) for v in value]


def _ties(value: Any) -> list[int]:
    if not isinstance(value, list) or any(not isinstance(v, int) or v < 0 for v in value):
        raise _fail("ties", "a list of picks (0 = the first of the tied results)", "SE-5.9")
    return [int(v) for v in value]


def _read_record(state: Any, record: Any, geo: Geometry) -> None:
    if not isinstance(record, dict):
        raise _fail("record", "a table")
    state.moved = _bool(record, "moved", False)
    state.extra = _bool(record, "extra_action", False)
    state.equip_used = _bool(record, "equipment_used", False)
    state.core.hits = _int(record, "hits", 0, 0, 5)
    state.core.wounded_now = _bool(record, "wounded_now", False)
    effects = record.get("effects", [])
    if not isinstance(effects, list) or any(
        e not in ("NOISE_MASKING", "GRAPNEL", "SILENT_ROUNDS", "SCOPE_ADJUSTMENT", "ENEMY_UNIFORM")
        for e in effects
    ):
        raise _fail("record.effects", "cards whose effect is pending this turn")
    state.effects = [str(e) for e in effects]
    smoke = record.get("smoke")
    if smoke is not None:
        try:
            state.smoke = geo.space(str(smoke))
        except ValueError as exc:
            raise _fail("record.smoke", str(exc)) from None
    if state.entry is not None and state.moved:
        raise _fail("record.moved", "the sniper is still on his entry point", "SE-4.12")


def _read_orders(state: Any, orders: Any, seed: int, geo: Geometry, content: Content) -> None:
    mine = map_orders(geo, content)
    if orders is None:
        _deal_orders(state, mine, seed, content)
        return
    if not isinstance(orders, dict):
        raise _fail("orders", "a table")
    board = orders.get("board", [])
    if not isinstance(board, list) or len(board) > 3:
        raise _fail("orders.board", 'up to three [card, "up"|"down"] pairs, left to right')
    slots: list[list[Any] | None] = [None, None, None]
    for i, entry in enumerate(board):
        if not (
            isinstance(entry, list)
            and len(entry) == 2
            and entry[0] in mine
            and entry[1] in ("up", "down")
        ):
            raise _fail(f"orders.board.{i}", 'a [card id, "up" or "down"] pair')
        slots[i] = [entry[0], entry[1] == "up"]
    state.slots = slots
    for key in ("deck", "discard", "box", "known"):
        cards = orders.get(key, [])
        if not isinstance(cards, list) or any(c not in mine for c in cards):
            raise _fail(f"orders.{key}", "a list of order card ids of this map")
        setattr(state, key, list(cards))
    everywhere = [s[0] for s in slots if s is not None] + state.deck + state.discard + state.box
    if sorted(everywhere) != sorted(mine):
        raise _fail(
            "orders",
            "every order card of the map exactly once: board, deck, discard or box",
            "SE-4.3",
        )
    state.fd_source = str(
        orders.get("face_down_from", "setup" if any(s and not s[1] for s in slots) else "")
    )


def _deal_orders(state: Any, mine: list[str], seed: int, content: Content) -> None:
    """SE-4.4, SE-4.5 dealt with `seed` (a scenario that does not say)."""
    rng = Rng(seed)
    urgent = [c for c in mine if content.order(c).urgent]
    normal = [c for c in mine if not content.order(c).urgent]
    rng.shuffle(urgent)
    rng.shuffle(normal)
    boxed_urgent, boxed_normal = boxed_counts(state.rules)
    state.box = urgent[:boxed_urgent] + normal[:boxed_normal]
    urgent, normal = urgent[boxed_urgent:], normal[boxed_normal:]
    state.slots = [[urgent[1], True], [urgent[2], True], [urgent[0], False]]
    state.deck = sorted(urgent[3:] + normal, key=mine.index)
    state.fd_source = "setup"


def _read_decks(state: Any, data: dict[str, Any], content: Content) -> None:
    equipment = data.get("equipment", {})
    all_cards = sorted(c.id for c in content.equipment for _ in range(c.copies))
    if not isinstance(equipment, dict):
        raise _fail("equipment", "a table: available, used, deck")
    for key in ("available", "used", "deck"):
        cards = equipment.get(key)
        if cards is not None and (
            not isinstance(cards, list) or any(c not in all_cards for c in cards)
        ):
            raise _fail(f"equipment.{key}", "a list of equipment card ids")
    state.available = list(equipment.get("available", []))
    state.used_cards = list(equipment.get("used", []))
    rest = list(all_cards)
    for card in state.available + state.used_cards:
        if card not in rest:
            raise _fail("equipment", f"more {card} cards than the deck holds", "SE-11.6")
        rest.remove(card)
    state.equip_pile = sorted(equipment.get("deck", rest))
    held = [int(n) for n, _ in state.held]
    boxed = [n for n in (1, 9) if "scout-1-9" in state.rules]
    default_deck = [n for n in range(1, 10) if n not in held and n not in boxed]
    deck = data.get("objective_deck", default_deck)
    if (
        not isinstance(deck, list)
        or len(set(deck)) != len(deck)
        or any(not isinstance(n, int) or n in held or not 1 <= n <= 9 for n in deck)
    ):
        raise _fail("objective_deck", "the objective numbers left in the deck")
    state.obj_pile = sorted(deck)
    state.obj_box = [n for n in range(1, 10) if n not in deck and n not in held]


def write_position(state: Any) -> str:
    """The scenario text of a state at the sniper's turn decision (nothing pending)."""
    if state.outcome is not None:
        raise _fail("", "the game is over: a position is a game going on", "SE-9")
    if state.pending is not None or state.queue or state.phase != "sniper":
        raise _fail("", "positions are written at the sniper's turn decision", "SE-6.1")
    core, name = state.core, state.geo.name_of
    lines = [
        'map = "depot"',
        f'challenge = "{state.options.challenge}"',
        f"modifiers = {_list(state.options.modifiers)}",
        f"turn = {state.turn}",
        f'sniper = "{state.entry if core.sniper == OFF else name(core.sniper)}"',
        f'lka = "{core.lka}"',
        f"objectives = {[int(n) for n, _ in state.held]}",
        f"completed = {[int(n) for n, c in state.held if c]}",
        f"probable = {sorted(core.probable)}",
        "bag = {" + ", ".join(f"{t} = {core.bag[t]}" for t in TOKENS) + "}",
        f'health = "{"".join(core.health)}"',
        f"wounded = {_bool_text(core.wounded)}",
        f"objective_deck = {sorted(state.obj_pile + state.obj_bottom)}",
        "",
        "[defenders]",
        *(f'{d} = "{name(s)}"' for d, s in core.defenders.items() if s is not None),
        "",
        "[record]",
        f"moved = {_bool_text(state.moved)}",
        f"extra_action = {_bool_text(state.extra)}",
        f"equipment_used = {_bool_text(state.equip_used)}",
        f"hits = {core.hits}",
        f"wounded_now = {_bool_text(core.wounded_now)}",
        f"effects = {_list(state.effects)}",
    ]
    if state.smoke is not None:
        lines.append(f'smoke = "{name(state.smoke)}"')
    board = [f'["{s[0]}", "{"up" if s[1] else "down"}"]' for s in state.slots if s is not None]
    lines += [
        "",
        "[orders]",
        f"board = [{', '.join(board)}]",
        f"deck = {_list(state.deck)}",
        f"discard = {_list(state.discard)}",
        f"box = {_list(state.box)}",
        f"known = {_list(state.known)}",
        f'face_down_from = "{state.fd_source}"',
        "",
        "[equipment]",
        f"available = {_list(sorted(state.available))}",
        f"used = {_list(state.used_cards)}",
        f"deck = {_list(sorted(state.equip_pile + state.equip_bottom))}",
    ]
    return "\n".join(lines) + "\n"


def _list(items: Any) -> str:
    return "[" + ", ".join(f'"{i}"' for i in items) + "]"


def _bool_text(value: bool) -> str:
    return "true" if value else "false"
