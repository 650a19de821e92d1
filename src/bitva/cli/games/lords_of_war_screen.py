"""Lords of War on one terminal screen: the mat beside a panel (the score, the question, the
hand, the end of the log), fitted to the window.

A window of 120x40 or more gets the full mat (`render_board`, four lines a square); a smaller
one the compact mat, three lines a square, which fits 80x24 with the prompt:

     5  3  2     the arrows around the card as they point on the board (LW-1.3, LW-2.3),
     1Rava3 4    its name and its defence (in inverse: 3),
     2G  1  2    G/C for a General or command unit.

A ranged unit's value (LW-7.3) takes the first two places of its name, `1»4Ca3 2`, where a letter
follows it: next to an arrow's digit (`3  3»33`) it read as one number (issue 21). The panel's
hand shows every card's arrows whole, and the help line, at 80 columns: a name is shortened
first.

The seat that plays the second army sees the mat from its own edge, turned half round (row 7
at the bottom, column f on the left; its cards' arrows point up), as across a real table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from bitva.cli.games import Screen, Size
from bitva.cli.games.generic import HINT, fitted, log_tail, wrapped
from bitva.cli.games.lords_of_war_render import (
    RACE_WORDS,
    SEAT_STYLE,
    board_arrows,
    render_board,
    short_name,
)
from bitva.cli.pretty import lines_of
from bitva.games.lords_of_war.cards import CLASS_ABBREVIATIONS, Card
from bitva.games.lords_of_war.mat import COLUMNS, ROWS
from bitva.games.lords_of_war.state import LordsOfWarState
from bitva.games.lords_of_war.victory import eliminated_counts

CELL = 7  # columns of a compact square
PANEL = 28  # the narrowest panel that reads
LEGEND = "digits: arrows · inverse: defence, G/C General or command, »2 ranged"
NAME_ROOM = 4  # the fewest letters of a name a hand line keeps before it drops the class


def turned(values: Sequence[int], flip: bool) -> list[int]:
    """Arrow values by screen direction: the board's, or half round for the second seat."""
    return [values[(i + 4) % 8] for i in range(8)] if flip else list(values)


def flipped(seat: int | None) -> bool:
    """Whether `seat` sees the mat from the far edge (player 2's, LW-2.3)."""
    return seat == 2


def board_ranges(
    state: LordsOfWarState, flip: bool, marks: Sequence[int] = ()
) -> tuple[list[int], list[int]]:
    """The columns (left to right) and rows (top to bottom) to draw, as the viewer sees them;
    a borderless mat (LW-11) grows around the cards."""
    mat = state.static.mat
    if mat.borderless:
        squares = [*state.board, *marks]
        xs = [mat.coords(s)[0] for s in squares] + [0, COLUMNS - 1]
        ys = [mat.coords(s)[1] for s in squares] + [0, ROWS - 1]
        columns = list(range(min(xs) - 1, max(xs) + 2))
        rows = list(range(max(ys) + 1, min(ys) - 2, -1))
    else:
        columns, rows = list(range(COLUMNS)), list(range(ROWS - 1, -1, -1))
    return (columns[::-1], rows[::-1]) if flip else (columns, rows)


def _digit(values: Sequence[int], direction: int) -> str:
    return str(values[direction]) if values[direction] else " "


def card_lines(card: Card, owner: int, flip: bool, last: bool) -> list[Text]:
    """A card in three lines of CELL columns (see the module's docstring)."""
    a = turned(board_arrows(card, owner), flip)
    style = SEAT_STYLE[owner]
    badge = style + " reverse"  # what is not an arrow reads in inverse
    tag = "G" if card.rank == "general" else ("C" if card.is_command else "")
    middle = Text(_digit(a, 6), style=style)
    name_style = style + (" underline" if last else "")
    if card.is_ranged:  # the value where a letter follows it, never an arrow's digit
        middle.append(f"»{card.ranged % 10}", style=badge)
        middle.append(short_name(card, 2).ljust(2), style=name_style)
    else:
        middle.append(short_name(card, 4).ljust(4), style=name_style)
    middle.append(str(card.defence % 10), style=badge)
    middle.append(_digit(a, 2), style=style)
    bottom = Text(_digit(a, 5), style=style)
    bottom.append(tag, style=badge)
    bottom.append(" " * (2 - len(tag)) + _digit(a, 4) + "  " + _digit(a, 3), style=style)
    return [Text(f"{_digit(a, 7)}  {_digit(a, 0)}  {_digit(a, 1)}", style=style), middle, bottom]


def empty_lines(name: str, note: str, style: str) -> list[Text]:
    return [Text(" " * CELL), Text(name.center(CELL), style=style), Text(note.center(CELL)[:CELL])]


def compact_board(
    state: LordsOfWarState, seat: int | None, marks: Mapping[int, str], last: set[int]
) -> list[Text]:
    """The mat, three lines a square, from `seat`'s edge; `marks` notes squares (a placement's
    preview), `last` the squares the last move changed."""
    static = state.static
    mat = static.mat
    flip = flipped(seat)
    columns, rows = board_ranges(state, flip, list(marks))
    label_width = max(len(str(y + 1)) for y in rows) + 1  # a borderless mat has rows -1, 10...
    header = Text(" " * label_width)
    header.append(
        " ".join(("abcdef"[x] if 0 <= x < COLUMNS else str(x)).center(CELL) for x in columns),
        style="bold",
    )
    starts = {mat.start_square(1): "start", mat.start_square(2): "start"}
    lines = [header]
    for y in rows:
        cells: list[list[Text]] = []
        for x in columns:
            square = mat.index(x, y)
            unit = state.board.get(square)
            if unit is not None:
                cells.append(card_lines(static.card_of(unit), unit >> 8, flip, square in last))
            elif square in marks:
                cells.append(empty_lines(mat.name(square), marks[square], "bold green"))
            else:
                note = starts.get(square, "") if state.turn < 1 else ""
                cells.append(empty_lines(mat.name(square), note, "dim"))
        for row in range(3):
            label = str(y + 1) if row == 1 else ""
            line = Text(label.rjust(label_width - 1) + " ", style="bold")
            line.append(Text(" ").join(cell[row] for cell in cells))
            lines.append(line)
    return lines


def status_lines(state: LordsOfWarState, names: Mapping[int, str]) -> list[Text]:
    """The turn and each seat's kills (enemy units in its elimination pile, LW-7.6), hand and
    deck."""
    options = state.static.options
    lines = [Text(f"Turn {max(state.turn, 0)} · player {state.active} · {state.phase}", "bold")]
    for seat in (1, 2):
        units, commands = eliminated_counts(state, seat)
        line = Text(f"P{seat} {names.get(seat, '')}".strip(), style=SEAT_STYLE[seat])
        line.append(f" hand {len(state.hand[seat])} · deck {len(state.deck[seat])}")
        lines.append(line)
        line = Text(f"  kills {units}/{options.units_to_win}, command {commands}/")
        line.append(f"{options.commands_to_win}")
        if state.owed[seat]:
            line.append(" · plays again", style="yellow")
        lines.append(line)
    return lines


def plain_name(card: Card) -> str:
    """The card's name without its race ("Goblin Bow Pest" -> "Bow Pest")."""
    words = card.name.split()
    return " ".join([w for w in words if w not in RACE_WORDS] or words)


def short_for(name: str, room: int) -> str:
    """`name` in at most `room` columns: whole, else its words run together, else cut with an
    ellipsis ("Vanak Fleshripper" -> "VanakFleshripper" -> "VanakFle…")."""
    if cell_len(name) <= room:
        return name
    joined = name.replace(" ", "")
    if cell_len(joined) <= room:
        return joined
    return joined[: max(room - 1, 1)] + "…"


def hand_line(number: int, card: Card, copies: int, width: int) -> str:
    """One card of the hand in `width` columns: its number, name, class, defence, arrows (as
    held, LW-1.3) and ranged value (LW-7.3). What a player chooses by, the number, the arrows
    and the values, is never cut: the name is shortened first, then the class left out."""
    arrows = "".join(f"{g}{v}" for g, v in zip("↑↗→↘↓↙←↖", card.arrows, strict=True) if v)
    values = f"D{card.defence} {arrows or '-'}" + (f" »{card.ranged}" if card.is_ranged else "")
    count = f" x{copies}" if copies > 1 else ""
    facts = f"{CLASS_ABBREVIATIONS[card.unit_class]} {values}"
    if width - cell_len(f"{number} {count} {facts}") < NAME_ROOM:
        facts = values
    room = max(width - cell_len(f"{number} {count} {facts}"), 1)
    return f"{number} {short_for(plain_name(card), room)}{count} {facts}"


def hand_lines(state: LordsOfWarState, seat: int, width: int = 80) -> list[Text]:
    """The seat's hand, numbered as the card question counts, each card in `width` columns
    (`hand_line`)."""
    static = state.static
    lines = [Text("Your hand:", style=SEAT_STYLE[seat])]
    for number, kind in enumerate(state.hand_kinds(seat), start=1):
        card = static.kinds[seat][kind]
        copies = sum(1 for c in state.hand[seat] if static.kind_of[seat][c] == kind)
        lines.append(Text(hand_line(number, card, copies, width)))
    return lines


def hint_lines(width: int) -> list[Text]:
    """The help line (`? help · u undo · q leave · ↑ earlier answers`) in `width` columns:
    broken between its parts where it is too wide, never cut."""
    lines: list[str] = []
    for part in HINT.split(" · "):
        if lines and cell_len(f"{lines[-1]} · {part}") <= width:
            lines[-1] = f"{lines[-1]} · {part}"
        else:
            lines.append(part)
    return fitted(lines, width, "dim")


def panel_lines(
    state: LordsOfWarState,
    seat: int | None,
    screen: Screen,
    size: Size,
    compact: bool = True,
) -> list[Text]:
    """The panel beside the mat, at most `height` lines: the score, the message, the
    question, the hand and, in what room is left, the end of the log (and the compact mat's
    legend)."""
    width, height = size
    top = status_lines(state, screen.names)
    if screen.message:
        top += lines_of(Text(screen.message, style="bold red"), width)
    if screen.heading:
        top += lines_of(Text(screen.heading, style="bold"), width)
    top += wrapped(screen.menu, width)
    if screen.heading or screen.menu:
        top += hint_lines(width)
    hand = hand_lines(state, seat, width) if seat is not None and state.hand[seat] else []
    if len(top) + len(hand) > height:
        hand = []
    room = height - len(top) - len(hand)
    legend: list[Text] = []
    if compact and room > 4 + len(screen.log):
        legend = lines_of(Text(LEGEND, style="dim"), width)
    room -= len(legend)
    log = log_tail(screen.log, width, room) if room > 0 else []
    lines = [*top, *hand, *log, *legend][:height]
    for line in lines:
        line.truncate(width, overflow="ellipsis")
    return lines


def frame(
    state: LordsOfWarState,
    seat: int | None,
    screen: Screen,
    size: Size,
    marks: Mapping[int, str],
    last: set[int],
) -> list[Text]:
    """The screen for `size`: the full mat and the panel beside it if they fit, else the
    compact mat; more lines than `size` allows when even that does not fit."""
    width, height = size
    boards: list[list[Text]] = []
    big = lines_of(render_board(state, dict(marks), last, flip=flipped(seat)), width)
    if height >= len(big) and width - max(line.cell_len for line in big) - 1 >= PANEL + 10:
        boards.append(big)
    boards.append(compact_board(state, seat, marks, last))
    board = boards[0]
    board_width = max(line.cell_len for line in board)
    panel_width = max(width - board_width - 1, PANEL)
    panel = panel_lines(state, seat, screen, (panel_width, height), compact=board is not big)
    rows = max(len(board), len(panel))
    lines = []
    for row in range(rows):
        line = board[row].copy() if row < len(board) else Text()
        line.pad_right(board_width - line.cell_len)
        line.append(" ")
        if row < len(panel):
            line.append_text(panel[row])
        line.rstrip()
        lines.append(line)
    return lines


def marked_squares(state: LordsOfWarState, marks: Mapping[str, str]) -> dict[int, str]:
    """A screen's marks (square name -> note) as squares of the mat."""
    mat = state.static.mat
    return {mat.parse(name): note for name, note in marks.items()}


def changed(state: LordsOfWarState, events: Sequence[Mapping[str, Any]]) -> set[int]:
    """The squares the last move placed or moved a card onto (marked on the mat)."""
    mat = state.static.mat
    squares = {mat.parse(e["square"]) for e in events if e["kind"] == "placed"}
    return squares | {mat.parse(e["to"]) for e in events if e["kind"] == "moved"}
