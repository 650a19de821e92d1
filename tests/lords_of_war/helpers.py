"""Building Lords of War test positions in a few lines.

state = position(
    board={"d4": (2, "Marauder*"), "e4": (2, "Dwarf Slugger#1")},
    hands={1: ["Orc Deathbringer#1"]},
    cards={"Marauder*": card("veteran", "infantry", 4, front=1)},
)
events = play(state, "Orc Deathbringer#1@d3")
assert eliminated(events) == [("d4", 2, "Marauder*")]
"""

from __future__ import annotations

from typing import Any

from bitva.core.events import Event
from bitva.games.lords_of_war.position import parse_position, write_position
from bitva.games.lords_of_war.state import LordsOfWarState

_DIRECTION_KEYS = {
    "front": "front",
    "front_right": "front-right",
    "right": "right",
    "back_right": "back-right",
    "back": "back",
    "back_left": "back-left",
    "left": "left",
    "front_left": "front-left",
}


def card(
    rank: str,
    unit_class: str,
    defence: int,
    ranged: tuple[int, list[list[int]]] | None = None,
    **arrows: int,
) -> dict[str, Any]:
    """An inline card: card("veteran", "infantry", 4, front=1, front_left=2)."""
    data: dict[str, Any] = {
        "rank": rank,
        "class": unit_class,
        "defence": defence,
        "arrows": {_DIRECTION_KEYS[k]: v for k, v in arrows.items()},
    }
    if ranged is not None:
        data["ranged"] = {"value": ranged[0], "targets": ranged[1]}
    return data


def _toml_value(value: Any) -> str:
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f'"{k}" = {_toml_value(v)}' for k, v in value.items()) + " }"
    raise TypeError(value)


def position_text(
    board: dict[str, tuple[int, str]] | None = None,
    hands: dict[int, list[str]] | None = None,
    decks: dict[int, list[str]] | None = None,
    eliminated: dict[int, list[str]] | None = None,
    cards: dict[str, dict[str, Any]] | None = None,
    active: int = 1,
    phase: str = "deploy",
    placed: list[str] | None = None,
    took_part: list[str] | None = None,
    extra_turn: int = 0,
    **options: Any,
) -> str:
    lines = ["[options]"] + [f"{k} = {_toml_value(v)}" for k, v in options.items()]
    lines += [
        "[turn]",
        f"active = {active}",
        f'phase = "{phase}"',
        "number = 5",
        f"extra_turn = {extra_turn}",
    ]
    for seat in (1, 2):
        lines += [
            f"[players.{seat}]",
            f"hand = {_toml_value((hands or {}).get(seat, []))}",
            f"deck = {_toml_value((decks or {}).get(seat, []))}",
            f"eliminated = {_toml_value((eliminated or {}).get(seat, []))}",
        ]
    lines.append("[board]")
    for square, (owner, ref) in (board or {}).items():
        lines.append(f'"{square}" = {{ owner = {owner}, card = {_toml_value(ref)} }}')
    if placed or took_part:
        lines += [
            "[board_state]",
            f"placed_this_turn = {_toml_value(placed or [])}",
            f"took_part = {_toml_value(took_part or [])}",
        ]
    for ref, data in (cards or {}).items():
        lines.append(f"[cards.{_toml_value(ref)}]")
        lines += [f'"{k}" = {_toml_value(v)}' for k, v in data.items()]
    return "\n".join(lines) + "\n"


def position(**kwargs: Any) -> LordsOfWarState:
    """A state from keyword arguments (see `position_text`)."""
    return parse_position(position_text(**kwargs))


def play(state: LordsOfWarState, *actions: str) -> list[Event]:
    """Apply actions given as text, each followed by the chance it leads to (the cards drawn,
    sampled from the state's RNG as a match does); return all their events."""
    events: list[Event] = []
    for text in actions:
        events += state.apply(state.parse_action(text))
        events += state.resolve_chance()
    return events


def drawn(events: list[Event], seat: int) -> list[str]:
    """The cards `seat` drew in these events, in order (one event per card: LW-9.1a)."""
    return [
        card
        for e in events
        if e.kind == "drew" and e.data["player"] == seat
        for card in (e.private or {}).get("cards", [])
    ]


def eliminated(events: list[Event]) -> list[tuple[str, int, str]]:
    """(square, owner, card) of every elimination, in order."""
    return [
        (e.data["square"], e.data["owner"], e.data["card"])
        for e in events
        if e.kind == "eliminated"
    ]


def legal(state: LordsOfWarState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def squares_for(state: LordsOfWarState, ref: str) -> list[str]:
    """The squares where `ref` may be placed now."""
    return sorted(
        str(a).split("@")[1] for a in state.legal_actions() if str(a).startswith(ref + "@")
    )


def round_trip(state: LordsOfWarState) -> LordsOfWarState:
    return parse_position(write_position(state))


def new_game(seed: int = 1, armies: str = "orcs,dwarves", **options: Any) -> LordsOfWarState:
    """A new game at the challenge (LW-4): the opening hands dealt from the state's RNG."""
    from bitva.core import get_game

    state = get_game("lords-of-war").new({"armies": armies, **options}, seed=seed)
    assert isinstance(state, LordsOfWarState)
    state.resolve_chance()
    return state


def random_step(state: LordsOfWarState, rng: Any) -> list[Event]:
    """One step of a random game: a chance outcome with its probability, or a legal action
    chosen uniformly."""
    if state.is_chance:
        return state.apply(state.sample_chance(rng))
    return state.apply(rng.choice(state.legal_actions()))


def refused(state: LordsOfWarState, action: str) -> str | None:
    """Apply an illegal action: assert it is refused and changes nothing; return the rule named."""
    import pytest

    from bitva.core.errors import IllegalAction

    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        play(state, action)
    assert state.to_json() == before
    return info.value.rule


def board(state: LordsOfWarState) -> dict[str, tuple[int, str]]:
    """{square: (owner, card reference)}."""
    mat = state.static.mat
    return {
        mat.name(sq): (u >> 8, state.static.card_of(u).ref) for sq, u in sorted(state.board.items())
    }


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def moves(events: list[Event]) -> list[tuple[int, str, str]]:
    return [(e.data["player"], e.data["from"], e.data["to"]) for e in events if e.kind == "moved"]


def damages(events: list[Event]) -> list[dict[str, int]]:
    return [e.data["damage"] for e in events if e.kind == "resolution"]


def declared(events: list[Event]) -> list[tuple[str, str | None, str]]:
    return [
        (e.data["square"], e.data["target"], e.data["attack"])
        for e in events
        if e.kind == "declared"
    ]


# An independent reading of LW-1.3 / LW-2.3 (the arrow directions as card-frame steps), written
# apart from the engine's tables so that cross-checks do not share its mistakes.
STEPS = {
    "front": (0, 1),
    "front-right": (1, 1),
    "right": (1, 0),
    "back-right": (1, -1),
    "back": (0, -1),
    "back-left": (-1, -1),
    "left": (-1, 0),
    "front-left": (-1, 1),
}
ORDER = ("front", "front-right", "right", "back-right", "back", "back-left", "left", "front-left")
