"""What a Lords of War decision point can lead to: every legal way to play it through to the end
of phase 2 (placement, each shooter's choice, berserker moves), with what each side loses. These
are the game's analyses: "lines" (`bitva analyse lords-of-war FILE`) and "placements" (the
previews the browser shows while a player chooses a square).

    >>> from bitva.games.lords_of_war.position import parse_position
    >>> # see examples/lords-of-war/*.toml and `bitva analyse lords-of-war FILE`
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bitva.core.events import Event
from bitva.games.lords_of_war.state import LordsOfWarState

# Events that mean phase 2 is over: what follows belongs to phase 3 or a later turn.
_PHASE_3 = frozenset(("drew", "recalled", "turn", "skipped"))
_PHASE_2_DECISIONS = frozenset(("challenge", "deploy", "shoot", "berserk"))


def _result(outcome: dict[str, Any]) -> dict[str, Any]:
    winner = outcome.get("winner")
    return {"draw": True} if winner is None else {"winner": winner}


@dataclass
class Line:
    """One way to play the decision point to the end of phase 2."""

    actions: list[str] = field(default_factory=list)
    place: dict[str, str] | None = None
    shots: dict[str, str] = field(default_factory=dict)
    moves: list[dict[str, str]] = field(default_factory=list)
    eliminated: list[dict[str, Any]] = field(default_factory=list)
    reinforce: str | dict[str, str] | None = None
    result: dict[str, Any] | None = None
    closed: bool = False  # phase 2 ended: later events are ignored
    final: LordsOfWarState | None = None  # the state after the line (for agents)

    def absorb(self, events: list[Event]) -> None:
        for event in events:
            if self.closed and event.kind != "game-over":
                continue
            kind, data = event.kind, event.data
            if kind in _PHASE_3:
                self.closed = True
            elif kind == "placed":
                self.place = {"card": data["card"], "square": data["square"]}
            elif kind == "declared" and data["attack"] == "ranged":
                self.shots[data["square"]] = data["target"]
            elif kind == "moved":
                self.moves.append({"from": data["from"], "to": data["to"]})
            elif kind == "eliminated":
                self.eliminated.append(
                    {"square": data["square"], "owner": data["owner"], "card": data["card"]}
                )
            if kind == "game-over" and not self.closed:
                self.result = _result(data)

    def copy(self) -> Line:
        return Line(
            list(self.actions),
            dict(self.place) if self.place else None,
            dict(self.shots),
            list(self.moves),
            list(self.eliminated),
            self.reinforce,
            self.result,
            self.closed,
        )

    def losses(self, owner: int) -> list[dict[str, Any]]:
        return [e for e in self.eliminated if e["owner"] == owner]

    def to_json(self) -> dict[str, Any]:
        if self.reinforce is not None:
            return {
                "reinforce": self.reinforce,
                "eliminated": self.eliminated,
                "result": self.result,
            }
        return {
            "place": self.place,
            "shots": self.shots,
            "moves": self.moves,
            "eliminated": self.eliminated,
            "result": self.result,
        }


def lines(state: LordsOfWarState, keep_states: bool = False) -> Iterator[Line]:
    """Every line from the current decision point, in the order of the legal actions."""
    if state.outcome is not None:
        return
    if state.phase == "reinforce":
        for action in state.legal_actions():
            child = state.clone()
            events = child.apply(action)
            line = Line(actions=[str(action)])
            line.reinforce = "draw" if str(action) == "draw" else {"recall": str(action)[7:]}
            line.closed = True
            for event in events:
                if event.kind == "game-over":
                    line.result = _result(event.data)
                if event.kind == "turn":
                    break
            line.final = child if keep_states else None
            yield line
        return
    yield from _walk(state, state.turn, Line(), keep_states)


def lines_after(state: LordsOfWarState, action: Any, keep_states: bool = False) -> Iterator[Line]:
    """The lines that begin with `action` (a legal action of a phase-1 or phase-2 decision)."""
    yield from _walk(state, state.turn, Line(), keep_states, [action])


def _walk(
    state: LordsOfWarState, turn: int, line: Line, keep: bool, first: list[Any] | None = None
) -> Iterator[Line]:
    for action in first if first is not None else state.legal_actions():
        child = state.clone()
        events = child.apply(action)
        branch = line.copy()
        branch.actions.append(str(action))
        branch.absorb(events)
        if (
            not branch.closed
            and child.outcome is None
            and child.turn == turn
            and child.phase in _PHASE_2_DECISIONS
        ):
            yield from _walk(child, turn, branch, keep)
        else:
            branch.closed = True
            branch.final = child if keep else None
            yield branch


def analyse(state: LordsOfWarState, seat: int | None = None) -> dict[str, Any]:
    """The `bitva analyse --json` object (see the README)."""
    return {"to_move": state.current_player, "lines": [line.to_json() for line in lines(state)]}


MAX_LINES_PER_SQUARE = 64


def _line_json(line: Line) -> dict[str, Any]:
    data = line.to_json()
    return {
        "shots": dict(data.get("shots") or {}),
        "moves": list(data.get("moves") or []),
        "eliminated": list(data.get("eliminated") or []),
        "result": data.get("result"),
    }


def placements(state: LordsOfWarState, seat: int | None) -> dict[str, Any]:
    """For each card of the hand of the seat to move, each square it may legally go on now and
    every line of play that placement starts, to the end of phase 2: eliminated units, shots,
    berserker moves and the result (at most 64 lines a square). The lines depend on the public
    board and the seat's own cards alone (a line ends where phase 3 would draw a card)."""
    from bitva.games.lords_of_war.actions import Place

    if seat is None or state.current_player != seat or state.phase not in ("challenge", "deploy"):
        return {"cards": []}
    by_card: dict[str, list[Place]] = {}
    for action in state.legal_actions():
        assert isinstance(action, Place)
        by_card.setdefault(action.card, []).append(action)
    out: list[dict[str, Any]] = []
    for ref, actions in by_card.items():
        squares = []
        for action in actions:
            found: list[dict[str, Any]] = []
            truncated = False
            for line in lines_after(state, action):
                if len(found) == MAX_LINES_PER_SQUARE:
                    truncated = True
                    break
                found.append(_line_json(line))
            squares.append({"square": action.square, "lines": found, "truncated": truncated})
        out.append({"card": ref, "squares": squares})
    return {"cards": out}
