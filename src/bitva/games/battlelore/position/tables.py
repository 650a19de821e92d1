"""The rest of a BattleLore state in a position file (issue 11): every key of `[position]` beyond
`active` and `step`, and its side tables `[position.south]` / `[position.north]`.

Each key is optional and says one part of the state; left out, that part is what a state read
from the battlefield alone has (`position.state.base_state`: set-up's hands, decks and goblets,
turn 1, banners 0). So a file written from a state holds exactly the parts that differ, and the
plain files of "The analysis command" read as before. Decks are unordered piles (every draw is
a chance node weighted by count): the file gives counts and sets, never an order. Unit numbers
(`ordered`, `first`, `paid`, the units of `effects`) are the unit tables' `id`s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bitva.games.battlelore.field.board import SECTIONS, HexError, hex_of, name
from bitva.games.battlelore.lore import effects as lore_effects
from bitva.games.battlelore.lore.council import SCHOOLS
from bitva.games.battlelore.lore.deck import LORE_IDS
from bitva.games.battlelore.lore.economy import LoreBank, PlayedCard
from bitva.games.battlelore.lore.windows import OpenWindow
from bitva.games.battlelore.lore.wiring import effect_from_json, effect_to_json
from bitva.games.battlelore.origins import Origins
from bitva.games.battlelore.turn.command import CARD_IDS, Orders

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState

SIDE_NAMES = {1: "south", 2: "north"}
SEATS = {"south": 1, "north": 2}
# the decision points a position may stand at: none has a battle half-resolved
DECISIONS = (
    "move", "battle", "command", "order", "react", "deal", "lore-deal", "draw-keep",
    "discard", "refill", "lore-keep", "keep-lore", "landmark", "council", "lore-box",
    "lore-units",
)  # fmt: skip
POSITION_ORDERS = "POSITION"  # the orders of a plain position's turn: those the file marks
_WINDOWS = ("CMD", "CMD_REACT", "ORD_OWN", "ORD_REACT", "MOV_OWN", "MOV_REACT", "BAT_MELEE",
            "BAT_RANGED", "ROLL_BEFORE", "ROLL_AFTER", "LORE_REACT")  # fmt: skip
# where play goes on when a window closes or a Lore card's dice are rolled (`turn.go_on`,
# `battle.steps.go_on_battle`), the first word of `resume`; a battle's need a battle
RESUMES = ("command", "instead", "own-orders", "order-step", "own-moves", "movement", "walk",
           "move", "rush", "before-roll", "roll", "read", "effect")  # fmt: skip
_AFTER_DEAL = ("", "setup", "draw", "scout")
_AFTER_LORE = ("", "setup", "refill-a", "refill-b", "refill-c")
_NEEDS = ("any", "mounted", "missile", "foot", "line")
_COUNCIL = ("commander", *SCHOOLS)
_LANDMARKS = ("fortification", "wizard_tower", "cleric_shrine", "warrior_camp", "rogue_den")


class Bad(ValueError):
    """A bad value: the reason, and the rule it breaks if any."""

    def __init__(self, reason: str, rule: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule


# -- checking values -----------------------------------------------------------------------------
def _int(value: Any, low: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise Bad(f"{value!r}: must be a whole number, {low} or more")
    return value


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise Bad(f"{value!r}: must be true or false")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise Bad(f"{value!r}: must be a list")
    return value


def _table(value: Any, keys: tuple[str, ...] | None = None) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Bad(f"{value!r}: must be a table")
    unknown = sorted(set(value) - set(keys)) if keys is not None else []
    if unknown:
        raise Bad(f"unknown key {unknown[0]!r} (known: {', '.join(keys or ())})")
    return value


def _one_of(value: Any, known: tuple[str, ...] | list[str], what: str) -> str:
    if value not in known:
        shown = ", ".join(known) if len(known) <= 16 else "see the catalogue"
        raise Bad(f"{value!r} is not {what} (known: {shown})")
    return str(value)


def _side(value: Any) -> int:
    return SEATS[_one_of(value, list(SEATS), "a side")]


def _cards(value: Any, known: tuple[str, ...], what: str) -> list[str]:
    return [_one_of(card, known, what) for card in _list(value)]


def _counts(value: Any, known: tuple[str, ...], what: str) -> dict[str, int]:
    return {_one_of(k, known, what): _int(n) for k, n in _table(value).items()}


def _uids(value: Any) -> list[int]:
    return [_int(uid) for uid in _list(value)]


def lore_ids() -> tuple[str, ...]:
    return LORE_IDS


def _lore_cards(value: Any) -> list[str]:
    return _cards(value, lore_ids(), "a Lore card")


# -- values that are more than a number or a list ------------------------------------------------
def orders_table(orders: Orders | None) -> dict[str, Any]:
    """The turn's orders (`command.Orders`), default fields left out; {} for none."""
    if orders is None:
        return {}
    table: dict[str, Any] = {"card": orders.card}
    if orders.slots:
        table["slots"] = [sorted(slot) for slot in orders.slots]
    if orders.need is not None:
        table["need"] = orders.need
    for key in ("count", "scout", "melee_bonus", "ranged_bonus", "no_move", "move_bonus"):
        if getattr(orders, key):
            table[key] = getattr(orders, key)
    return table


def read_orders(value: Any) -> Orders | None:
    keys = ("card", "slots", "need", "count", "scout", "melee_bonus", "ranged_bonus",
            "no_move", "move_bonus")  # fmt: skip
    table = _table(value, keys)
    if not table:
        return None
    # a Lore card played instead of a Command card sets the orders too (D-46)
    known = [*CARD_IDS, *lore_ids(), POSITION_ORDERS]
    card = _one_of(table.get("card"), known, "a Command or Lore card")
    slots = tuple(
        frozenset(_one_of(s, SECTIONS, "a section") for s in _list(slot))
        for slot in _list(table.get("slots", []))
    )
    need = table.get("need")
    if need is not None:
        _one_of(need, _NEEDS, "an order's need")
    return Orders(
        card, slots, need, _int(table.get("count", 0)), _bool(table.get("scout", False)),  # type: ignore[arg-type]
        _int(table.get("melee_bonus", 0)), _int(table.get("ranged_bonus", 0)),
        _bool(table.get("no_move", False)), _int(table.get("move_bonus", 0)),
    )  # fmt: skip


def _played_table(card: PlayedCard) -> dict[str, Any]:
    table: dict[str, Any] = {"card": card.card, "side": SIDE_NAMES[card.seat]}
    table |= {"paid": card.paid, "level": card.level}
    for key in ("cancelled", "foiled"):
        if getattr(card, key):
            table[key] = True
    return table


def _read_played(value: Any) -> PlayedCard:
    table = _table(value, ("card", "side", "paid", "level", "cancelled", "foiled"))
    return PlayedCard(
        _one_of(table.get("card"), lore_ids(), "a Lore card"), _side(table.get("side")),
        _int(table.get("paid", 0)), _int(table.get("level", 1), 1),
        _bool(table.get("cancelled", False)), _bool(table.get("foiled", False)),
    )  # fmt: skip


def _window_table(window: OpenWindow | None) -> dict[str, Any]:
    if window is None:
        return {}
    return {"name": window.window, "side": SIDE_NAMES[window.seat], "resume": window.resume}


def read_resume(value: Any) -> str:
    """Where play goes on: a step of the turn or of the battle, with its hexes."""
    if not isinstance(value, str) or value.split(" ")[0] not in RESUMES:
        raise Bad(f"{value!r}: not a step to go on with (known: {', '.join(RESUMES)})", "D-43")
    return value


def _read_window(value: Any) -> OpenWindow | None:
    """`window`: the reaction window open (D-43), of the turn or of a battle: its `name`, the
    `side` that may play, and where play goes on once it closes (`resume`)."""
    table = _table(value, ("name", "side", "resume"))
    if not table:
        return None
    window = _one_of(table.get("name"), _WINDOWS, "a reaction window")
    return OpenWindow(window, _side(table.get("side")), read_resume(table.get("resume")))


def effect_table(effect: Any) -> dict[str, Any]:
    """A Lore effect lasting this turn (`lore/effects.py`), its empty fields left out."""
    return {k: v for k, v in effect_to_json(effect).items() if v is not None}


def read_effect(value: Any) -> Any:
    table = dict(_table(value))
    kind = getattr(lore_effects, str(table.get("effect")), None)
    if not isinstance(kind, type) or not hasattr(kind, "__slots__"):
        raise Bad(f"{table.get('effect')!r} is not a Lore effect (lore/effects.py)")
    for key in kind.__slots__:
        table.setdefault(key, None)
    try:
        return effect_from_json(table)
    except (TypeError, ValueError) as exc:
        raise Bad(f"{table['effect']}: {exc}") from None


def extra_hexes(effects: Any, uid: int) -> int:
    """The hexes the `ExtraMove` effects of a file's `effects` add to unit `uid` (Forced March,
    WR05), for checking its `moved`; bad entries count 0 (they are reported when read)."""
    total = 0
    for entry in effects if isinstance(effects, list) else []:
        if isinstance(entry, dict) and entry.get("effect") == "ExtraMove":
            units, hexes = entry.get("units"), entry.get("hexes")
            if isinstance(units, list) and uid in units and isinstance(hexes, int):
                total += hexes
    return total


def _owners_table(owned: list[tuple[int, int]]) -> dict[str, str]:
    return {name(hex_): SIDE_NAMES[seat] for hex_, seat in owned}


def _read_owners(value: Any) -> list[tuple[int, int]]:
    out = []
    for hex_name, side in _table(value).items():
        try:
            out.append((hex_of(hex_name), _side(side)))
        except HexError as exc:
            raise Bad(str(exc)) from None
    return out


def _queue_table(queue: list[tuple[int, Any]]) -> list[dict[str, str]]:
    return [{"side": SIDE_NAMES[seat], "landmark": mark} for seat, mark in queue]


def _read_queue(value: Any) -> list[tuple[int, Any]]:
    out = []
    for entry in _list(value):
        table = _table(entry, ("side", "landmark"))
        out.append((_side(table.get("side")), _one_of(table.get("landmark"), _LANDMARKS,
                                                      "a landmark")))  # fmt: skip
    return out


def _read_council(value: Any) -> dict[str, int]:
    council = {_one_of(k, _COUNCIL, "a council seat"): _int(n) for k, n in _table(value).items()}
    if any(level > 4 for level in council.values()):
        raise Bad("a council seat's level is at most 4", "BL-14.2")
    return council


def _origins_table(origins: Origins) -> dict[str, Any]:
    """Which deck the held cards came from (`origins.py`): South's count, then North's."""
    return {
        "rebuilds": origins.rebuilds,
        "earlier": list(origins.earlier),
        "first": list(origins.first),
        "opening": list(origins.opening),
    }


def _read_origins(value: Any) -> Origins:
    table = _table(value, ("rebuilds", "earlier", "first", "opening"))
    pairs = []
    for key in ("earlier", "first", "opening"):
        pair = [_int(n) for n in _list(table.get(key, [0, 0]))]
        if len(pair) != 2:
            raise Bad(f"{key}: two counts, South's then North's")
        pairs.append((pair[0], pair[1]))
    earlier, first, opening = pairs
    if first[0] > earlier[0] or first[1] > earlier[1]:
        raise Bad("the cards from the first deck are some of the earlier ones: first <= earlier")
    return Origins(_int(table.get("rebuilds", 0)), earlier, first, opening)


def _sorted_counts(counts: dict[str, int]) -> dict[str, int]:
    return dict(sorted(counts.items()))


def _read_to_box(value: Any) -> tuple[int, ...]:
    """BL-14.3 step 2: the cards of each school still to box at set-up ({}: the deck is not
    built yet)."""
    left = _counts(value, SCHOOLS, "a school")
    return tuple(left.get(school, 0) for school in SCHOOLS) if left else ()


def _returned(seat: int) -> Callable[[Any, BattleLoreState], None]:
    """The first deck's cards `seat` put back at set-up and counts on out of the box
    (`origins.py`)."""

    def read(value: Any, state: BattleLoreState) -> None:
        cards = tuple(sorted(_lore_cards(value)))
        south, north = state.lore_returned
        state.lore_returned = (cards, north) if seat == 1 else (south, cards)

    return read


def _bank_of(state: BattleLoreState) -> LoreBank:
    bank: LoreBank = state.bank
    return bank


def _bank(state: BattleLoreState, **change: int) -> None:
    bank = state.bank
    values = {"pool": bank.pool, "on_cards": bank.on_cards, "stored": bank.stored} | change
    state.bank = LoreBank(values["pool"], bank.goblets, values["on_cards"], values["stored"])


def _goblet(state: BattleLoreState, seat: int, count: int) -> None:
    south, north = state.bank.goblets
    goblets = (count, north) if seat == 1 else (south, count)
    state.bank = LoreBank(state.bank.pool, goblets, state.bank.on_cards, state.bank.stored)


# -- the keys ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Key:
    """One key of `[position]` (or of a side table): how to get its part of a state, how to
    write it, and how to read it back into a state."""

    name: str
    get: Callable[[BattleLoreState], Any]
    write: Callable[[Any], Any]
    read: Callable[[Any, BattleLoreState], None]


def _same(value: Any) -> Any:
    return value


def _set(attr: str, parse: Callable[[Any], Any]) -> Callable[[Any, BattleLoreState], None]:
    def read(value: Any, state: BattleLoreState) -> None:
        setattr(state, attr, parse(value))

    return read


def _attr(attr: str, parse: Callable[[Any], Any], write: Callable[[Any], Any] = _same) -> Key:
    """A key that is one attribute of the state under its own name."""
    return Key(attr, lambda s: getattr(s, attr), write, _set(attr, parse))


def _seat_list(value: Any) -> list[int]:
    return [_side(side) for side in _list(value)]


def _side_names(seats: list[int]) -> list[str]:
    return [SIDE_NAMES[seat] for seat in seats]


def _read_turn(value: Any, state: BattleLoreState) -> None:
    state.turn = _int(value, 1) - 1


def _read_last(value: Any, state: BattleLoreState) -> None:
    state.last_orders = {1: None, 2: None}
    for side, orders in _table(value, ("south", "north")).items():
        state.last_orders[SEATS[side]] = read_orders(orders)


KEYS: tuple[Key, ...] = (
    Key("turn", lambda s: s.turn, lambda t: t + 1, _read_turn),  # players count from 1
    Key(
        "card",
        lambda s: s.played or "",
        _same,
        _set("played", lambda v: _one_of(v, CARD_IDS, "a Command card") if v else None),
    ),
    _attr("orders", read_orders, orders_table),
    _attr("ordered", _uids),
    _attr("first", _uids),
    _attr("paid", _uids),
    _attr("instead", _bool),
    Key(
        "last_orders",
        lambda s: s.last_orders,
        lambda last: {SIDE_NAMES[s]: orders_table(o) for s, o in last.items() if o is not None},
        _read_last,
    ),
    Key(
        "command_deck",
        lambda s: s.deck,
        lambda d: dict(sorted(d.items())),
        _set("deck", lambda v: _counts(v, CARD_IDS, "a Command card")),
    ),
    Key(
        "discard",
        lambda s: s.discard,
        _same,
        _set("discard", lambda v: _cards(v, CARD_IDS, "a Command card")),
    ),
    _attr("deal_to", _seat_list, _side_names),
    _attr("after_deal", lambda v: _one_of(v, _AFTER_DEAL, "a deal's next step")),
    Key(
        "landmark_owners",
        lambda s: s.landmark_owned,
        _owners_table,
        _set("landmark_owned", _read_owners),
    ),
    Key(
        "landmark_queue",
        lambda s: s.landmark_queue,
        _queue_table,
        _set("landmark_queue", _read_queue),
    ),
    _attr("placed_once", _bool),
    Key("lore_pool", lambda s: _bank_of(s).pool, _same, lambda v, s: _bank(s, pool=_int(v))),
    Key(
        "lore_on_cards",
        lambda s: _bank_of(s).on_cards,
        _same,
        lambda v, s: _bank(s, on_cards=_int(v)),
    ),
    Key("lore_stored", lambda s: _bank_of(s).stored, _same, lambda v, s: _bank(s, stored=_int(v))),
    Key(
        "lore_deck",
        lambda s: s.lore_deck,
        _sorted_counts,
        _set("lore_deck", lambda v: _counts(v, lore_ids(), "a Lore card")),
    ),
    Key(
        "lore_boxed",
        lambda s: s.lore_boxed,
        _sorted_counts,
        _set("lore_boxed", lambda v: _counts(v, lore_ids(), "a Lore card")),
    ),
    Key(
        "lore_to_box",
        lambda s: s.lore_to_box,
        lambda left: dict(zip(SCHOOLS, left, strict=False)),
        _set("lore_to_box", _read_to_box),
    ),
    _attr("lore_discard", _lore_cards),
    _attr("lore_deal_to", _seat_list, _side_names),
    _attr("lore_after", lambda v: _one_of(v, _AFTER_LORE, "a Lore deal's next step")),
    Key(
        "lore_played",
        lambda s: s.lore_played,
        lambda cards: [_played_table(c) for c in cards],
        _set("lore_played", lambda v: [_read_played(c) for c in _list(v)]),
    ),
    Key(
        "effects",
        lambda s: s.lore_effects,
        lambda effects: [effect_table(e) for e in effects],
        _set("lore_effects", lambda v: [read_effect(e) for e in _list(v)]),
    ),
    Key("window", lambda s: s.window, _window_table, _set("window", _read_window)),
    _attr("hands_pending", _bool),
    _attr("command_origins", _read_origins, _origins_table),
    _attr("lore_origins", _read_origins, _origins_table),
)


def side_keys(seat: int) -> tuple[Key, ...]:
    """The keys of `[position.south]` (seat 1) or `[position.north]` (seat 2)."""
    i = seat - 1

    def banners(value: Any, state: BattleLoreState) -> None:
        state.banners[i] = _int(value)

    def listed(attr: str, parse: Callable[[Any], Any]) -> Callable[[Any, BattleLoreState], None]:
        def read(value: Any, state: BattleLoreState) -> None:
            getattr(state, attr)[seat] = parse(value)

        return read

    def flag(attr: str) -> Callable[[Any, BattleLoreState], None]:
        def read(value: Any, state: BattleLoreState) -> None:
            getattr(state, attr)[i] = _bool(value)

        return read

    def council(value: Any, state: BattleLoreState) -> None:
        state.councils[i] = _read_council(value)

    def command(value: Any) -> list[str]:
        return _cards(value, CARD_IDS, "a Command card")

    return (
        Key("banners", lambda s: s.banners[i], _same, banners),
        Key(
            "goblet",
            lambda s: _bank_of(s).goblet(seat),
            _same,
            lambda v, s: _goblet(s, seat, _int(v)),
        ),
        Key("command_hand", lambda s: s.hands[seat], _same, listed("hands", command)),
        Key("scout_drawn", lambda s: s.drawn[seat], _same, listed("drawn", command)),
        Key("lore_hand", lambda s: s.lore_hands[seat], _same, listed("lore_hands", _lore_cards)),
        Key("lore_drawn", lambda s: s.lore_drawn[seat], _same, listed("lore_drawn", _lore_cards)),
        Key("keep_lore", lambda s: s.keep_left[seat], _same, listed("keep_left", _int)),
        Key("lore_returned", lambda s: s.lore_returned[i], list, _returned(seat)),
        Key("played_lore", lambda s: s.lore_played_by[i], _same, flag("lore_played_by")),
        Key("council", lambda s: s.councils[i], _same, council),
    )


# read elsewhere: the options (position/state.py) and the landmarks placed (position/file.py)
TABLE_KEYS = frozenset(
    {key.name for key in KEYS} | set(SEATS) | {"councils", "custom_levels", "landmarks_placed"}
)


def read_placed(value: Any) -> dict[int, str]:
    """`landmarks_placed`: the Lore masters' landmarks placed at set-up (BL-9.3), by hex."""
    placed = {}
    for hex_name, mark in _table(value).items():
        try:
            placed[hex_of(hex_name)] = _one_of(mark, _LANDMARKS, "a landmark")
        except HexError as exc:
            raise Bad(str(exc)) from None
    return placed


def tables_of(state: BattleLoreState, base: BattleLoreState) -> dict[str, Any]:
    """The keys of `[position]` whose part of `state` differs from `base` (the state the file
    without them reads as), side tables last."""
    out: dict[str, Any] = {}
    for key in KEYS:
        value = key.get(state)
        if value != key.get(base):
            out[key.name] = key.write(value)
    for seat, side in SIDE_NAMES.items():
        table = {
            key.name: key.write(key.get(state))
            for key in side_keys(seat)
            if key.get(state) != key.get(base)
        }
        if table:
            out[side] = table
    return out


def apply_tables(tables: dict[str, Any], state: BattleLoreState) -> None:
    """Read the keys of `[position]` (all but `active`, `step` and the options) into `state`;
    Bad (with the key's path in `key`) on a bad value."""
    for key in KEYS:
        if key.name in tables:
            _read_key(key, tables[key.name], state, key.name)
    for seat, side in SIDE_NAMES.items():
        if side not in tables:
            continue
        keys = side_keys(seat)
        table = tables[side]
        try:
            _table(table, tuple(k.name for k in keys))
        except Bad as exc:
            raise KeyBad(side, exc) from None
        for key in keys:
            if key.name in table:
                _read_key(key, table[key.name], state, f"{side}.{key.name}")


class KeyBad(Bad):
    """A Bad value under the key `key` of `[position]`."""

    def __init__(self, key: str, bad: Bad) -> None:
        super().__init__(bad.reason, bad.rule)
        self.key = key


def _read_key(key: Key, value: Any, state: BattleLoreState, path: str) -> None:
    try:
        key.read(value, state)
    except KeyBad:
        raise
    except Bad as exc:
        raise KeyBad(path, exc) from None
