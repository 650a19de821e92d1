"""Issue 21, point 14: Lords of War at 80x24. Each hand card's arrows (what a player chooses by,
LW-1.3) and the help line are shown whole, the name is shortened instead; a ranged unit's value
(LW-7.3) no longer runs into an arrow's digits (`3  3»33`); a resized window is redrawn at once
(SIGWINCH), not at the next key."""

from __future__ import annotations

import fcntl
import os
import re
import signal
import struct
import sys
import termios
from collections.abc import Iterator
from pathlib import Path

import pytest

from bitva.cli.games import Screen
from bitva.cli.games.generic import HINT
from bitva.cli.games.lords_of_war_screen import card_lines, frame, hand_line
from bitva.core.record import Match
from bitva.games.lords_of_war.cards import Card
from bitva.games.lords_of_war.catalogue import card_index
from bitva.games.lords_of_war.position import parse_position
from tests.cli.terminal_session import TerminalSession

GLYPHS = "↑↗→↘↓↙←↖"
# the widest hand lines there are: long names, seven arrows, ranged command units
WIDE = ["Vanak Fleshripper", "Goblin Spider Rider", "Dwarf Rock Hound#1", "Que-thil Sor'lax"]
WIDE += ["Ivor the Mad", "Quillshot"]


def arrows(card: Card) -> str:
    """A card's arrows as the hand shows them (as held, LW-1.3)."""
    return "".join(f"{g}{v}" for g, v in zip(GLYPHS, card.arrows, strict=True) if v)


def values(card: Card) -> str:
    """What a player chooses a card by, that a hand line must show whole."""
    return f"D{card.defence} {arrows(card) or '-'}" + (f" »{card.ranged}" if card.is_ranged else "")


def test_issue21_p14_every_hand_line_keeps_its_arrows_in_any_width() -> None:
    for card in card_index().values():
        for width in (26, 30, 40):
            for copies in (1, 2):
                line = hand_line(6, card, copies, width)
                assert len(line) <= width, (line, width)
                assert line.startswith("6 ") and line.endswith(values(card)), line
                assert (f" x{copies} " in line) == (copies > 1), line


def test_issue21_p14_the_widest_hand_and_the_help_line_fit_80x24() -> None:
    hand = ", ".join(f'"{ref}"' for ref in WIDE)
    state = parse_position(f'[players.1]\narmy = "mercenaries"\nhand = [{hand}]\n')
    menu = ["1 Vanak Fleshripper", "2 Goblin Spider Rider"]
    screen = Screen({1: "you", 2: "greedy"}, ["P2 places X on d4"], (), "Your card", menu)
    lines = [line.plain for line in frame(state, 1, screen, (80, 22), {}, set())]
    assert len(lines) <= 22 and max(len(line) for line in lines) <= 80, lines
    panel = [line[49:].strip() for line in lines]
    index = card_index()
    held = panel[panel.index("Your hand:") + 1 :]
    for number, ref in enumerate(WIDE, start=1):
        assert held[number - 1].startswith(f"{number} "), panel
        assert held[number - 1].endswith(values(index[ref])), panel
    hint = " · ".join(p for p in panel if p.startswith(("? help", "↑ earlier")))
    for part in HINT.split(" · "):
        assert part in hint, panel


def test_issue21_p14_a_ranged_value_is_never_followed_by_a_digit() -> None:
    """`3  3»33` read as a ranged value of 33: the value stands where a letter follows it."""
    for card in card_index().values():
        if not card.is_ranged:
            continue
        for owner in (1, 2):
            for flip in (False, True):
                cell = [line.plain for line in card_lines(card, owner, flip, False)]
                assert all(len(line) == 7 for line in cell), cell
                text = "\n".join(cell)
                assert text.count("»") == 1 and f"»{card.ranged}" in text, cell
                assert not re.search(r"»\d\d", text), cell
                assert re.search(r"\d»|^ ?»", cell[1]) and re.search(r"»\d[^\d\s]", cell[1]), cell


@pytest.fixture
def session(tmp_path: Path) -> Iterator[TerminalSession]:
    started = TerminalSession(["play", "lords-of-war", "--seed", "5"], tmp_path / "data")
    yield started
    started.close()


def resize(session: TerminalSession, columns: int, lines: int) -> None:
    """What a terminal does when its window is resized: the new size, then SIGWINCH."""
    size = struct.pack("HHHH", lines, columns, 0, 0)
    fcntl.ioctl(session.master, termios.TIOCSWINSZ, size)
    session.screen.resize(lines, columns)
    session.columns, session.lines = columns, lines
    os.killpg(session.process.pid, signal.SIGWINCH)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_issue21_p14_at_80x24_the_hand_and_help_are_whole_and_a_resize_redraws(
    session: TerminalSession,
) -> None:
    session.wait_for("card number (1-")
    wide = [line for line in session.written_lines() if len(line) > 80]
    assert not wide, wide
    match = Match("lords-of-war", {}, 5)
    state = match.state
    hand = [state.static.kinds[1][kind] for kind in state.hand_kinds(1)]
    panel = [row[50:] for row in session.rows]
    held = panel[panel.index("Your hand:") + 1 :]
    for number, card in enumerate(hand, start=1):
        assert held[number - 1].startswith(f"{number} "), session.text
        assert held[number - 1].endswith(values(card)), session.text
    assert "…" not in "".join(p for p in panel if p.startswith(("? help", "↑")))
    for part in HINT.split(" · "):
        assert part in session.text, session.text
    session.send("1")  # typed, not yet sent: a resize keeps it
    session.wait_for(lambda s: s.cursor_row.rstrip().endswith("card number (1-5) or an action: 1"))
    resize(session, 120, 40)  # no key pressed: the full mat is drawn at once
    session.wait_for(lambda s: s.rows[0].startswith("┌───┬"))
    session.wait_for(lambda s: s.cursor_row.rstrip().endswith("or an action: 1"))
    resize(session, 80, 24)
    session.wait_for(lambda s: re.match(r"^\s+a\s+b\s+c\s+d\s+e\s+f\s+Turn", s.rows[0]) is not None)
    session.answer_and_wait("", "card number (1-4)")  # the typed "1" was the answer: placed
    assert "P1 places" in session.text and session.scrolled_off == 0
