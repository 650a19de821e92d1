"""Position files (rules section 14): read, write and round-trip a position as TOML.

A position is the state at the start of phase 1 ("deploy") or phase 3 ("reinforce") of a turn.
A deck is listed top first and is then stacked: its draws are certain (a puzzle, a test). With
`shuffled = true` the list is the deck's contents in no order, and every draw is a chance outcome
(LW-3.2); positions written from a game in progress say so.
Bad files raise PositionError naming the key and the reason, and the rule where the position
itself is impossible.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bitva.core.errors import BitvaError, ContentError, PositionError
from bitva.core.rng import Rng
from bitva.games.lords_of_war.cards import HAND_SIZE, Card
from bitva.games.lords_of_war.catalogue import (
    CardData,
    army_names,
    card_index,
    card_to_data,
    find_card,
    load_army,
)
from bitva.games.lords_of_war.mat import SquareError, make_mat
from bitva.games.lords_of_war.options import LordsOfWarOptions
from bitva.games.lords_of_war.reachable import (
    NO_ARMY,
    SeatCards,
    Turn,
    check_army,
    check_not_empty,
    check_seat,
    check_turn,
)
from bitva.games.lords_of_war.state import LordsOfWarState
from bitva.games.lords_of_war.static import Static
from bitva.games.lords_of_war.victory import reached_threshold

PHASES = ("deploy", "reinforce")
_TOP_KEYS = {"options", "turn", "players", "board", "board_state", "cards", "reveals"}
_OPTION_KEYS = {
    "advanced",
    "cavalry",
    "berserkers",
    "borderless",
    "units_to_win",
    "commands_to_win",
}
_TURN_KEYS = (
    "active",
    "phase",
    "number",
    "extra_turn",
    "placement_made",
    "turns_without_placement",
)
_PLAYER_KEYS = ("army", "custom", "hand", "known", "deck", "shuffled", "eliminated")
GONE = -1  # stands in `placed` for a unit placed this turn that is no longer on the board
_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


# -- reading -------------------------------------------------------------------------------------
def read_position(path: str | Path) -> LordsOfWarState:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PositionError(str(path), f"cannot read the file ({exc})") from exc
    return parse_position(text, str(path))


def _table(data: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise PositionError(f"{where}{key}", "must be a table")
    return value


def _strings(value: Any, key: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise PositionError(key, "must be a list of strings")
    return list(value)


def _int(value: Any, key: str, allowed: tuple[int, ...] | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(key, f"must be a whole number, not {value!r}")
    if allowed is not None and value not in allowed:
        raise PositionError(key, f"must be one of {list(allowed)}, not {value}")
    return value


def parse_position(text: str, source: str | None = None) -> LordsOfWarState:
    """The position of a TOML text; `source` (the file) is named in a TOML syntax error. A
    position a real game cannot reach is refused, naming the rule (`reachable`)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PositionError(source or "(file)", f"not valid TOML: {exc}") from None
    unknown = set(data) - _TOP_KEYS
    if unknown:
        raise PositionError(sorted(unknown)[0], f"unknown key (known: {sorted(_TOP_KEYS)})")

    # [options]
    raw_options = _table(data, "options", "")
    for key in raw_options:
        if key not in _OPTION_KEYS:
            raise PositionError(f"options.{key}", f"unknown option (known: {sorted(_OPTION_KEYS)})")
    players = _table(data, "players", "")
    for key in players:
        if key not in ("1", "2"):
            raise PositionError(f"players.{key}", "players are 1 and 2", "LW-1.6")
    armies = tuple(str(_table(players, s, "players.").get("army", "inline")) for s in ("1", "2"))
    for seat, army in enumerate(armies, start=1):
        check_army(army, seat)
    try:
        options = LordsOfWarOptions.model_validate({**raw_options, "armies": armies})
    except ValidationError as exc:
        first = exc.errors()[0]
        raise PositionError(
            "options." + ".".join(str(p) for p in first["loc"]), str(first["msg"])
        ) from exc
    mat = make_mat(options.borderless)

    # [cards] inline definitions
    inline: dict[str, Card] = {}
    for ref, raw in _table(data, "cards", "").items():
        if not isinstance(raw, dict):
            raise PositionError(f"cards.{ref}", "must be a table")
        try:
            card_data = CardData.model_validate(raw)
            inline[ref] = card_data.to_card(ref, card_data.name or ref, "inline", "position")
        except ValidationError as exc:
            first = exc.errors()[0]
            loc = ".".join(str(p) for p in first["loc"])
            raise PositionError(f'cards."{ref}".{loc}', str(first["msg"])) from exc
        except ContentError as exc:
            raise PositionError(f'cards."{ref}"', exc.reason) from exc

    def card(ref: str, key: str) -> Card:
        if ref in inline:
            return inline[ref]
        try:
            return find_card(ref, "position", key)
        except ContentError as exc:
            raise PositionError(key, exc.reason) from exc

    # [turn]
    turn = _table(data, "turn", "")
    for key in turn:
        if key not in _TURN_KEYS:
            raise PositionError(f"turn.{key}", f"unknown key (known: {', '.join(_TURN_KEYS)})")
    active = _int(turn.get("active", 1), "turn.active", (1, 2))
    phase = turn.get("phase", "deploy")
    if phase not in PHASES:
        raise PositionError(
            "turn.phase",
            f'no phase {phase!r}: a position starts phase 1 ("deploy") or phase 3 ("reinforce")',
            "LW-5.1",
        )
    number = _int(turn.get("number", 1), "turn.number")
    number_given = "number" in turn
    idle = _int(turn.get("turns_without_placement", 0), "turn.turns_without_placement", (0, 1))
    placement_made = turn.get("placement_made", phase == "reinforce")
    if not isinstance(placement_made, bool):
        raise PositionError("turn.placement_made", "must be true or false")
    if placement_made and phase == "deploy":
        raise PositionError("turn.placement_made", "nothing is placed before phase 1", "LW-5.1")
    extra = turn.get("extra_turn", 0)
    owed = (
        [_int(s, "turn.extra_turn", (1, 2)) for s in extra]
        if isinstance(extra, list)
        else ([] if _int(extra, "turn.extra_turn", (0, 1, 2)) == 0 else [extra])
    )

    # [players.N] and [board]: the cards of each seat, board first
    cards: list[list[Card]] = [[], [], []]
    given = [SeatCards(), SeatCards(armies[0]), SeatCards(armies[1])]  # what checks reachability

    def own(seat: int, ref: str, key: str) -> int:
        """Give `seat` the card `ref` (named by `key`); its card id."""
        found = card(ref, key)
        given[seat].add(found, key)
        cards[seat].append(found)
        return len(cards[seat]) - 1

    board: dict[int, tuple[int, int]] = {}
    for name, entry in _table(data, "board", "").items():
        key = f"board.{name}"
        try:
            square = mat.parse(name)
        except SquareError as exc:
            raise PositionError(key, str(exc), "LW-1.6") from exc
        if not isinstance(entry, dict):
            raise PositionError(key, 'must be { owner = 1 or 2, card = "..." }')
        if "owner" not in entry:
            raise PositionError(key, "a card on the board needs an owner", "LW-2.1")
        if set(entry) - {"owner", "card"}:
            raise PositionError(key, "only `owner` and `card` are allowed")
        owner = _int(entry["owner"], f"{key}.owner", (1, 2))
        if not isinstance(entry.get("card"), str):
            raise PositionError(f"{key}.card", "a card reference is needed")
        if square in board:
            raise PositionError(key, f"two cards on the square {mat.name(square)}", "LW-6.1")
        board[square] = (owner, own(owner, entry["card"], f"{key}.card"))
    hands: list[list[int]] = [[], [], []]
    decks: list[list[int]] = [[], [], []]
    piles: list[list[int]] = [[], [], []]
    stacked = [False, False, False]
    for seat in (1, 2):
        entry = _table(players, str(seat), "players.")
        base = f"players.{seat}"
        for key in entry:
            if key not in _PLAYER_KEYS:
                raise PositionError(
                    f"{base}.{key}", f"unknown key (known: {', '.join(_PLAYER_KEYS)})"
                )
        custom = entry.get("custom", False)
        if not isinstance(custom, bool):
            raise PositionError(f"{base}.custom", "must be true or false")
        given[seat].custom = custom
        hand = _strings(entry.get("hand", []), f"{base}.hand")
        if len(hand) > HAND_SIZE:
            raise PositionError(f"{base}.hand", f"a hand holds at most {HAND_SIZE} cards", "LW-9.1")
        for i, ref in enumerate(hand):
            hands[seat].append(own(seat, ref, f"{base}.hand[{i}]"))
        deck = _strings(entry.get("deck", []), f"{base}.deck")
        for i, ref in enumerate(deck):
            decks[seat].append(own(seat, ref, f"{base}.deck[{i}]"))
            given[seat].deck.append(cards[seat][-1])
        shuffled = entry.get("shuffled", False)
        if not isinstance(shuffled, bool):
            raise PositionError(f"{base}.shuffled", "must be true or false")
        stacked[seat] = not shuffled
        decks[seat].reverse()  # the file lists the top first; the engine keeps the top last
    for seat in (1, 2):
        base = f"players.{seat}"
        enemy = 3 - seat
        for i, ref in enumerate(
            _strings(
                _table(players, str(seat), "players.").get("eliminated", []), f"{base}.eliminated"
            )
        ):
            piles[seat].append(enemy << 8 | own(enemy, ref, f"{base}.eliminated[{i}]"))

    try:
        static = Static.build(options, cards[1], cards[2])
    except BitvaError as exc:
        raise PositionError("players", str(exc)) from exc
    state = LordsOfWarState(static, Rng(0))
    for square, (owner, card_id) in board.items():
        u = owner << 8 | card_id
        state.board[square] = u
        state.pos[u] = square
        state.occ[owner] |= 1 << square
    for seat in (1, 2):
        state.hand[seat] = hands[seat]
        state.deck[seat] = decks[seat]
        state.stacked[seat] = stacked[seat]
        state.pile[seat] = piles[seat]
        if reached_threshold(state, seat):
            raise PositionError(
                f"players.{seat}.eliminated",
                "that many eliminations would already have ended the game",
                "LW-8.1",
            )
    state.active = active
    state.turn = number
    state.idle = idle
    for seat in owed:
        state.owed[seat] = True
    for seat in (1, 2):
        state.known[seat] = _known_cards(state, seat, _table(players, str(seat), "players."))
    state.reveals = _reveals(data.get("reveals", []))

    # [board_state]
    facts = _table(data, "board_state", "")
    for key in facts:
        if key not in ("placed_this_turn", "took_part", "shots"):
            raise PositionError(
                f"board_state.{key}", "unknown key (known: placed_this_turn, took_part, shots)"
            )
    state.shots = _shots(state, _table(facts, "shots", "board_state."), phase)
    for key in ("placed_this_turn", "took_part"):
        squares = _strings(facts.get(key, []), f"board_state.{key}")
        if squares and phase == "deploy":
            raise PositionError(
                f"board_state.{key}",
                "at the start of phase 1 no unit has been placed or fought this turn",
                "LW-5.1",
            )
        units = set()
        for name in squares:
            try:
                square = mat.parse(name)
            except SquareError as exc:
                raise PositionError(f"board_state.{key}", str(exc), "LW-1.6") from exc
            if square not in state.board:
                raise PositionError(f"board_state.{key}", f"no unit on {name}")
            units.add(state.board[square])
        if key == "placed_this_turn":
            if len(units) > 1 or any(u >> 8 != active for u in units):
                raise PositionError(
                    f"board_state.{key}",
                    "one unit of the active player at most is placed in a turn",
                    "LW-6.1",
                )
            if units and not placement_made:
                raise PositionError(
                    "turn.placement_made", "false, but a unit was placed this turn", "LW-6.1"
                )
            state.placed = units or ({GONE} if placement_made else set())
        else:
            state.took_part = units
    check_not_empty(given[1:])
    for seat in (1, 2):
        check_seat(seat, given[seat], set(inline))
    placed_units = len(state.board) + len(state.pile[1]) + len(state.pile[2])
    reveal_turns = tuple(reveal["turn"] for reveal in state.reveals)
    counted = number_given and NO_ARMY not in armies  # a game's position, not a loose puzzle
    check_turn(Turn(number, counted, phase, placement_made, placed_units, reveal_turns))
    state.phase = phase
    if phase == "deploy" and not state.legal_codes():
        state.phase = "reinforce"  # LW-6.6 / D-6: nothing to place, phases 1 and 2 are skipped
        state._legal = None
    return state


def _known_cards(state: LordsOfWarState, seat: int, entry: dict[str, Any]) -> set[int]:
    """`known`: the cards of the hand the opponent knows (shown by a forced placement, LW-6.5,
    or recalled in plain sight, LW-9.1b; D-16)."""
    key = f"players.{seat}.known"
    known: set[int] = set()
    for ref in _strings(entry.get("known", []), key):
        found = next(
            (
                c
                for c in state.hand[seat]
                if c not in known and state.static.card_of(seat << 8 | c).ref == ref
            ),
            None,
        )
        if found is None:
            raise PositionError(key, f"{ref} is not in the hand (or is listed too often)", "D-16")
        known.add(found)
    return known


def _reveals(raw: Any) -> list[dict[str, Any]]:
    """`[[reveals]]`: the hands shown by forced placements so far (LW-6.5), public history."""
    if not isinstance(raw, list):
        raise PositionError("reveals", "must be an array of tables ([[reveals]])")
    out = []
    for i, entry in enumerate(raw):
        key = f"reveals[{i}]"
        if not isinstance(entry, dict) or set(entry) - {"turn", "player", "cards"}:
            raise PositionError(key, "a reveal is { turn, player, cards }")
        turn = _int(entry.get("turn"), f"{key}.turn")
        player = _int(entry.get("player"), f"{key}.player", (1, 2))
        out.append({"turn": turn, "player": player, "cards": _strings(entry.get("cards"), key)})
    return out


def _shots(state: LordsOfWarState, raw: dict[str, Any], phase: str) -> dict[int, int]:
    """`shots`: the ranged attacks declared this turn, shooter square -> target square; they hold
    for the whole turn (LW-7.3, LW-11.5, D-14)."""
    if raw and phase == "deploy":
        raise PositionError("board_state.shots", "no shot is declared before phase 2", "LW-5.1")
    mat = state.static.mat
    shots: dict[int, int] = {}
    for name, target in raw.items():
        key = f"board_state.shots.{name}"
        if not isinstance(target, str):
            raise PositionError(key, "the target is a square")
        try:
            shooter_square, target_square = mat.parse(name), mat.parse(target)
        except SquareError as exc:
            raise PositionError(key, str(exc), "LW-1.6") from exc
        shooter = state.board.get(shooter_square)
        victim = state.board.get(target_square)
        if shooter is None or not state.static.card_of(shooter).is_ranged:
            raise PositionError(key, f"no ranged unit on {name}", "LW-7.2")
        if victim is None or victim >> 8 == shooter >> 8:
            raise PositionError(key, f"no enemy unit on {target}", "LW-7.2")
        shots[shooter] = victim
    return shots


# -- writing -------------------------------------------------------------------------------------
def _key(text: str) -> str:
    return text if _BARE_KEY.match(text) else json.dumps(text)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} as TOML")


def write_position(state: LordsOfWarState) -> str:
    """The position as TOML; `parse_position` of the text gives the same position back."""
    if state.phase not in PHASES:
        raise PositionError(
            "turn.phase",
            f"the state is at {state.phase!r}: positions are "
            "written at the start of phase 1 or phase 3",
            "LW-5.1",
        )
    static = state.static
    mat = static.mat
    options = static.options
    lines = ["[options]", f"advanced = {_value(options.advanced)}"]
    if options.cavalry != options.advanced:
        lines.append(f"cavalry = {_value(options.cavalry)}")
    if options.berserkers != options.advanced:
        lines.append(f"berserkers = {_value(options.berserkers)}")
    lines += [
        f"borderless = {_value(options.borderless)}",
        f"units_to_win = {options.units_to_win}",
        f"commands_to_win = {options.commands_to_win}",
        "",
        "[turn]",
        f"active = {state.active}",
        f"phase = {_value(state.phase)}",
        f"number = {state.turn}",
    ]
    owed = [s for s in (1, 2) if state.owed[s]]
    lines.append(f"extra_turn = {_value(owed if len(owed) > 1 else (owed[0] if owed else 0))}")
    if state.phase == "reinforce" and not state.placed:
        lines.append("placement_made = false")
    if state.idle:
        lines.append(f"turns_without_placement = {state.idle}")
    used: dict[str, Card] = {}

    def ref(u: int) -> str:
        card = static.card_of(u)
        used[card.ref] = card
        return card.ref

    for seat in (1, 2):
        lines += ["", f"[players.{seat}]"]
        army = options.armies[seat - 1]
        if army != "inline":
            lines.append(f"army = {_value(army)}")
        if _custom(static, seat):
            lines.append("custom = true")
        lines.append(f"hand = {_value([ref(seat << 8 | c) for c in state.hand[seat]])}")
        known = sorted(ref(seat << 8 | c) for c in state.hand[seat] if c in state.known[seat])
        if known:
            lines.append(f"known = {_value(known)}")
        if state.stacked[seat]:
            deck = [ref(seat << 8 | c) for c in reversed(state.deck[seat])]
            lines.append(f"deck = {_value(deck)}")
        else:
            lines.append(f"deck = {_value(sorted(ref(seat << 8 | c) for c in state.deck[seat]))}")
            lines.append("shuffled = true")
        lines.append(f"eliminated = {_value([ref(u) for u in state.pile[seat]])}")
    lines += ["", "[board]"]
    for square, u in sorted(state.board.items()):
        lines.append(f"{_key(mat.name(square))} = {_value({'owner': u >> 8, 'card': ref(u)})}")
    placed = sorted(mat.name(state.pos[u]) for u in state.placed if u in state.pos)
    took_part = sorted(state.pos[u] for u in state.took_part if u in state.pos)
    shots = {
        mat.name(state.pos[s]): mat.name(state.pos[t])
        for s, t in sorted(state.shots.items(), key=lambda item: state.pos.get(item[0], -1))
        if s in state.pos and t in state.pos
    }
    if placed or took_part or shots:
        lines += [
            "",
            "[board_state]",
            f"placed_this_turn = {_value(placed)}",
            f"took_part = {_value([mat.name(s) for s in took_part])}",
        ]
        if shots:
            lines.append(f"shots = {_value(shots)}")
    for reveal in state.reveals:
        lines += ["", "[[reveals]]"]
        lines += [f"{key} = {_value(reveal[key])}" for key in ("turn", "player", "cards")]
    shipped = card_index()
    for name, card in sorted(used.items()):
        if shipped.get(name) == card:
            continue
        data = card_to_data(card, with_name=card.name != card.ref).to_toml()
        lines += ["", f"[cards.{_key(name)}]"]
        lines += [f"{_key(k)} = {_value(v)}" for k, v in data.items()]
    return "\n".join(lines) + "\n"


def _custom(static: Static, seat: int) -> bool:
    """Whether the seat's cards are a custom deck of its shipped army (LW-10.3): some card more
    often than the army's core deck holds it (LW-1.1), as a game from a custom deck file may
    have; such a position says `custom = true`, or it would not read back."""
    army = static.options.armies[seat - 1].strip().lower()
    if army not in army_names():
        return False
    core = Counter(card.ref for card in load_army(army).deck())
    shipped = card_index()
    used = Counter(card.ref for card in static.cards[seat] if shipped.get(card.ref) == card)
    return any(count > core[ref] for ref, count in used.items())


def save_position(state: LordsOfWarState, path: str | Path) -> None:
    Path(path).write_text(write_position(state), encoding="utf-8")
