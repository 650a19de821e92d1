"""Scenario helpers for the Sniper Elite tests: positions from TOML text, chance applied by
hand, and short names for spaces."""

from __future__ import annotations

from typing import Any

from bitva.core.events import Event
from bitva.games.sniper_elite import GAME, GameState
from bitva.games.sniper_elite.board import depot
from bitva.games.sniper_elite.catalogue import shipped_content

GEO = depot()


def sp(name: str) -> int:
    return GEO.space(name)


def scenario(text: str) -> GameState:
    return GAME.read_position(text, "(test)")


def where(state: GameState) -> dict[str, str | None]:
    """Every defender's space as printed (None: off the board)."""
    return {d: (None if s is None else GEO.name_of(s)) for d, s in state.core.defenders.items()}


def settle(state: GameState, *outcomes: str) -> list[Event]:
    """Apply the given chance outcomes in order where they fit, else the first listed outcome,
    until a seat decides or the game ends; a tie without a given pick fails the test (but for
    which of several off-board defenders returns, SE-7.8)."""
    events: list[Event] = []
    queue = list(outcomes)
    while state.is_chance:
        pending = state.pending
        given = queue and queue[0].startswith("tie")
        # which interchangeable defender returns (SE-7.8) may be left to the first pick
        if state.decision == "tie" and not given and getattr(pending, "why", None) != "SE-7.8":
            raise AssertionError(f"unexpected random tie: {pending}")
        texts = [str(a) for a in state.legal_actions()]
        if queue and queue[0] in texts:
            events += state.apply(queue.pop(0))
        else:
            events += state.apply(texts[0])
    return events


def defenders_turn(text: str, card: str, *outcomes: str) -> tuple[GameState, list[Event]]:
    """The scenario, the sniper ends his turn, the die selects `card` (left slot)."""
    others = [c for c in ("PATROL", "STAND_TO", "CONVERGE") if c != card][:2]
    board = f'board = [["{card}", "up"], ["{others[0]}", "up"], ["{others[1]}", "down"]]'
    rest = [c.id for c in shipped_content().orders if c.id not in (card, *others)]
    deck = "deck = [" + ", ".join(f'"{c}"' for c in rest) + "]"
    state = scenario(f"die = 1\n{text}\n[orders]\n{board}\n{deck}\n")
    state.core.hits = 0
    events = state.apply("end")
    events += settle(state, *outcomes)
    return state, events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def data(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind]
