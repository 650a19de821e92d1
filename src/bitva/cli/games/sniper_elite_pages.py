"""Sniper Elite in the terminal: what is told on pages of their own, away from the map (whose
side holds only a few log lines): the defenders' turn step by step, on as many pages as the
window needs, and the log's latest lines on `l`.
"""

from __future__ import annotations

import textwrap
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from bitva.cli.terminal_screen import LiveDisplay
from bitva.core.chance import CHANCE
from bitva.core.events import Event

if TYPE_CHECKING:
    from bitva.cli.terminal import HumanTurn, TerminalGame

END_OF_TURN = "SE-6.9"
# how far each live game's log has been told as a report of the defenders' turn
REPORTED: weakref.WeakKeyDictionary[TerminalGame, int] = weakref.WeakKeyDictionary()


def report_the_defenders(turn: HumanTurn) -> None:
    """On a live screen, the defenders' turn that just ran told whole, step by step, on a page
    of its own (the map's side has room for only its last lines): the die, the card, each step,
    each figure moving, each hit."""
    from bitva.cli.terminal import Move  # the terminal imports the adapters

    game = turn.game
    if not isinstance(game.display, LiveDisplay):
        return  # a printed game prints every line as it happens
    start = REPORTED.get(game, 0)
    REPORTED[game] = len(game.moves)
    events = [event for move in game.moves[start:] for event in move.events]
    told = defenders_turn_in(events)
    if not told:
        return
    lines = game.lines(Move(CHANCE, "", told), turn.seat)
    width, height = game.console.size
    for page in report_pages(lines, width, height):
        turn.show(Text(page))


def defenders_turn_in(events: Sequence[Event]) -> list[Event]:
    """The last defenders' turn among `events`, with the end of the sniper's turn before it
    (the hit a defender beside him gives, SE-6.9): what its page tells; none if there is none."""
    begun = [i for i, event in enumerate(events) if event.kind == "defenders-turn"]
    if not begun:
        return []
    start = begun[-1]
    while start and events[start - 1].data.get("rule") == END_OF_TURN:
        start -= 1
    return list(events[start:])


def page_rows(lines: Sequence[str], width: int) -> list[str]:
    """Log lines wrapped to `width`, a long one's later rows indented."""
    rows: list[str] = []
    for line in lines:
        rows += textwrap.wrap(line, max(width, 20), subsequent_indent="    ") or [""]
    return rows


def report_pages(
    lines: Sequence[str], width: int, height: int, title: str = "The defenders' turn, step by step"
) -> list[str]:
    """The defenders' turn told on pages that each fit the window (a long turn would scroll its
    first lines, the die and the card, out of sight): a title line, the lines wrapped to
    `width`, and a line left for "Press Enter"."""
    room = max(height - 2, 4)
    rows = page_rows(lines, width)
    chunks = [rows[i : i + room] for i in range(0, len(rows), room)] or [[]]
    pages = []
    for number, chunk in enumerate(chunks, start=1):
        count = f" ({number} of {len(chunks)})" if len(chunks) > 1 else ""
        pages.append("\n".join([f"{title}{count}:", *chunk]))
    return pages


def log_page(log: Sequence[str], width: int, height: int) -> str:
    """'l': the log's latest lines on a page of their own, as many as the window holds (the
    screen beside the map has room for only a few)."""
    rows = page_rows(log, width)[-max(height - 2, 4) :]
    return "\n".join(["The log, the latest last:", *rows])
