"""BattleLore in the terminal: the other side's turn told on a page of its own before the human's
next prompt (issue 21.4). The screen beside the board has room for only a few log lines at
80x24, so the other side's orders, moves, attacks and their dice would scroll by unseen; on a
live screen the whole turn is told, on as many pages as the window needs. A printed game
prints every line as it happens and needs no page.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from rich.text import Text

from bitva.cli.games.battlelore_board import SIDE_NAMES
from bitva.cli.games.sniper_elite_pages import report_pages
from bitva.cli.terminal_screen import LiveDisplay

if TYPE_CHECKING:
    from bitva.cli.terminal import HumanTurn, Move, TerminalGame

# how far each live game's log has been looked at, by the seat it was told to
TOLD: weakref.WeakKeyDictionary[TerminalGame, dict[int, int]] = weakref.WeakKeyDictionary()


def other_turn(game: TerminalGame, start: int, seat: int) -> list[Move]:
    """The moves since `start` from the start of the other side's turn (its `turn` event, the
    move that brought it cut there), or none: the other side's own turn did not begin since."""
    from bitva.cli.terminal import Move  # the terminal imports the adapters

    for index in range(start, len(game.moves)):
        move = game.moves[index]
        for at, event in enumerate(move.events):
            if event.kind == "turn" and event.data.get("player") not in (None, seat):
                first = Move(move.seat, move.who, move.events[at:])
                return [first, *game.moves[index + 1 :]]
    return []


def report_the_other_turn(turn: HumanTurn) -> None:
    """On a live screen, once per turn of the other side: its turn from its start to now, told
    whole on a page ("North's turn, as it went:"), before the human is asked again."""
    game, seat = turn.game, turn.seat
    if not isinstance(game.display, LiveDisplay):
        return
    told = TOLD.setdefault(game, {})
    start = told.get(seat, 0)
    told[seat] = len(game.moves)
    lines = [line for move in other_turn(game, start, seat) for line in game.lines(move, seat)]
    if not lines:
        return
    other = SIDE_NAMES.get(3 - seat, "The other side") if seat in (1, 2) else "The other side"
    width, height = game.console.size
    for page in report_pages(lines, width, height, f"{other}'s turn, as it went"):
        turn.show(Text(page))
