"""Sniper Elite moves in the terminal (SE-6.2-6.4, issue 21): what a move gives away, as the
engine's view lists it (a hit, the last known area), the question a typed move that costs a hit
asks first, and why a typed space is no move's choice, in the engine's words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bitva.cli.games.sniper_elite_map import COSTLY
from bitva.core.errors import BitvaError
from bitva.core.state import State
from bitva.games.sniper_elite.actions import Move

if TYPE_CHECKING:
    from bitva.cli.terminal import HumanTurn


SPACE = re.compile(r"[a-z]\d{1,2}")


def move_warning(view: Mapping[str, Any], text: str) -> str:
    """What a move (its engine text) costs, from the view's moves (SE-6.4, issue 21): "" when
    nothing; else "move to c7 (2 steps) costs you a hit: ..." with the reason."""
    words = text.split()
    if len(words) != 3 or words[0] != "move":
        return ""
    for move in view.get("moves") or []:
        if move.get("to") == words[1] and str(move.get("steps")) == words[2]:
            hits = int(move.get("hits") or 0)
            if not hits:
                return ""
            why = (
                "a 3-step move is heard (Sniper challenge)"
                if move.get("lka")
                else "2 or 3 steps inside the last known area are seen"
            )
            cost = "a hit" if hits == 1 else f"{hits} hits"
            return f"move to {words[1]} ({words[2]} steps) costs you {cost}: {why} (SE-6.4)"
    return ""


def move_confirmed(turn: HumanTurn, view: Mapping[str, Any], action: Any) -> bool:
    """A move typed by its space (or in full) that costs a hit is asked first, as the move
    menu says it before the choice (SE-6.4, issue 21); any other action passes."""
    warning = move_warning(view, turn.state.action_text(action))
    if not warning:
        return True
    answer = turn.ask(
        f"P{turn.seat}: move there anyway? (y/n)", [], warning[0].upper() + warning[1:]
    )
    return answer.strip().lower() in ("y", "yes")


def move_refused(state: State[Any], typed: str) -> str:
    """Why no move takes the typed space, in the engine's words (SE-6.1, SE-6.2, SE-2.7):
    "i7 is 6 steps away; you can move 3 (SE-6.2)"."""
    try:
        violation = state.check(state.parse_action(f"move {typed.strip().lower()}"))
    except BitvaError:
        return f"{typed} is no space on this map: a space is a letter and a number, as 'd5'"
    if violation is None:
        return f"{typed} can be reached: type it again, or choose a numbered space"
    return str(violation)


def move_costs(state: State[Any], moves: Sequence[Move]) -> str:
    """What each move (numbered from 1) gives away, as the engine's view lists it: ". A hit
    (marked !): 4 5; the last known area moves: 1 2 (SE-6.4)" (a 1-step move goes unnoticed,
    SE-6.3; 2 or 3 steps inside the last known area cost a hit, outside it move it there)."""
    view = state.view(state.current_player)
    listed = {(m.get("to"), str(m.get("steps"))): m for m in view.get("moves") or []}
    hit, seen = [], []
    for number, move in enumerate(moves, start=1):
        cost = listed.get((move.space, str(move.steps))) or {}
        if cost.get("hits"):
            hit.append(str(number))
        elif cost.get("lka"):
            seen.append(str(number))
    told = [f"a hit (marked {COSTLY}): {' '.join(hit)}"] if hit else []
    told += [f"the last known area moves: {' '.join(seen)}"] if seen else []
    return f". {'; '.join(told).capitalize()} (SE-6.4)" if told else ""
