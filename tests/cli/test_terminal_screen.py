"""The terminal game on a real (pseudo-)terminal, read through a terminal emulator (issue 10,
point 12): the screen fits 80x24 with the prompt on it and is redrawn in place, the prompt has a
history, 'q' asks first and says how to resume, and Lords of War is drawn compact at 80x24, in
full at 120x40, and from the second seat's own edge."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bitva.core.record import GameRecord
from tests.cli.terminal_session import UP, TerminalSession

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")

PROMPT = "choice (1-"


@pytest.fixture
def sessions(tmp_path: Path) -> Iterator[list[TerminalSession]]:
    started: list[TerminalSession] = []
    yield started
    for session in started:
        session.close()


def start(
    sessions: list[TerminalSession], tmp_path: Path, *args: str, size: tuple[int, int] = (80, 24)
) -> TerminalSession:
    session = TerminalSession(["play", *args], tmp_path / "data", *size)
    sessions.append(session)
    return session


def fits(session: TerminalSession) -> None:
    """No line the program wrote is wider than the terminal, and the prompt is on the screen
    with the cursor on it."""
    wide = [line for line in session.written_lines() if len(line) > session.columns]
    assert not wide, wide
    assert "? help" in session.text or "Square for" in session.cursor_row
    assert session.cursor_row.rstrip().endswith((":", "or an action:")), session.text


def test_dice_cards_fits_80x24_and_is_redrawn_in_place(
    sessions: list[TerminalSession], tmp_path: Path
) -> None:
    session = start(sessions, tmp_path, "dice-cards", "--p2", "greedy", "--seed", "3")
    session.wait_for(PROMPT)
    fits(session)
    assert session.rows[0].startswith("Dice and Cards — as player 1 sees it")
    assert PROMPT in session.cursor_row
    for _ in range(4):  # four answers, each redraws the whole screen
        session.answer_and_wait("roll", PROMPT)
        fits(session)
    assert session.frames >= 5  # the cursor goes home for every screen...
    assert session.scrolled_off == 0  # ...and nothing scrolls off the top
    assert session.rows[0].startswith("Dice and Cards")


def test_the_up_arrow_recalls_an_earlier_answer(
    sessions: list[TerminalSession], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    session = start(sessions, tmp_path, "dice-cards", "--seats", "1", "--seed", "2",
                    "--save", str(save))  # fmt: skip
    session.wait_for(PROMPT)
    session.answer_and_wait("roll", PROMPT)
    session.send(UP)  # readline's history: the answer typed before
    session.wait_for(lambda s: s.cursor_row.endswith("roll"))
    session.send("\r")
    session.wait_for(lambda s: len(GameRecord.load(save).actions) > 4)
    player_actions = [
        a for a in GameRecord.load(save).actions if not a.startswith(("deal", "dice"))
    ]
    assert player_actions[:2] == ["roll", "roll"]


def test_q_asks_first_then_says_how_to_resume(
    sessions: list[TerminalSession], tmp_path: Path
) -> None:
    session = start(sessions, tmp_path, "dice-cards", "--seats", "1", "--seed", "2")
    session.wait_for(PROMPT)
    session.answer("q")
    session.wait_for("Leave the game? (y/n)")
    session.answer_and_wait("n", PROMPT)  # no: the game goes on
    session.answer_and_wait("1", PROMPT)
    session.answer("q")
    session.wait_for("Leave the game? (y/n)")
    session.answer("y")
    assert session.wait_for_exit() == 0
    kept = tmp_path / "data" / "unfinished" / "dice-cards-2.json"
    assert "Game left unfinished. Resume it with:" in session.text
    assert f"bitva play --resume {kept}" in "".join(session.rows).replace(" ", "") or (
        str(kept) in session.text.replace("\n", "")
    )
    record = GameRecord.load(kept)
    assert record.outcome is None and record.players == {"1": "human"}
    assert "roll" in record.actions


def rows_top_to_bottom(session: TerminalSession) -> list[int]:
    """The mat's row labels as they stand on the screen, top to bottom."""
    return [int(match.group(1)) for row in session.rows if (match := re.match(r"^ ?(\d) ", row))]


def test_lords_of_war_is_compact_at_80x24(sessions: list[TerminalSession], tmp_path: Path) -> None:
    session = start(sessions, tmp_path, "lords-of-war", "--seed", "5")
    session.wait_for("card number (1-")
    fits(session)
    assert rows_top_to_bottom(session) == [7, 6, 5, 4, 3, 2, 1]  # the whole mat, row 1 nearest
    assert re.match(r"^\s+a\s+b\s+c\s+d\s+e\s+f\s+Turn", session.rows[0])
    assert "Your hand:" in session.text and "card number (1-" in session.cursor_row
    session.answer_and_wait("1", "card number (1-")  # the challenge: the start square (LW-4.1)
    session.answer_and_wait("1", "Square for")  # a card, its squares previewed on the mat
    fits(session)
    assert "+0 -0" in session.text or "+1" in session.text
    session.answer_and_wait("a7", "Square for")  # not a legal square: the reason, then the rule
    panel = " ".join(row[50:].strip() for row in session.rows)
    assert re.search(r"Goblin Bow Pest makes no contact from a7 .*\(LW-6\.3\)", panel), panel
    assert session.scrolled_off == 0


def test_the_second_seat_sees_the_mat_from_its_own_edge(
    sessions: list[TerminalSession], tmp_path: Path
) -> None:
    session = start(sessions, tmp_path, "lords-of-war", "--p1", "greedy", "--p2", "human",
                    "--seed", "5")  # fmt: skip
    session.wait_for("card number (1-")
    fits(session)
    assert rows_top_to_bottom(session) == [1, 2, 3, 4, 5, 6, 7]  # row 7 at the bottom
    assert re.match(r"^\s+f\s+e\s+d\s+c\s+b\s+a\s", session.rows[0])  # turned half round


def test_lords_of_war_in_full_at_120x40(sessions: list[TerminalSession], tmp_path: Path) -> None:
    session = start(sessions, tmp_path, "lords-of-war", "--seed", "5", size=(120, 40))
    session.wait_for("card number (1-")
    fits(session)
    assert session.rows[0].startswith("┌───┬")  # the full mat, four lines a square
    assert "Your hand:" in session.text and "card number (1-" in session.cursor_row


def test_a_window_too_small_says_what_it_needs(
    sessions: list[TerminalSession], tmp_path: Path
) -> None:
    session = start(sessions, tmp_path, "lords-of-war", "--seed", "5", size=(60, 20))
    session.wait_for("card number (1-")
    assert re.match(r"Window 60×20: Lords of War needs \d+×24; make it larger\.$", session.rows[0])
    assert "card number (1-" in session.cursor_row
