"""A smoke test on a real (pseudo-)terminal: `bitva play` in its own process, with Rich's
colours and the terminal's line discipline, answered like a person at the keyboard."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bitva.core.record import GameRecord
from tests.cli.terminal_session import TerminalSession


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_play_on_a_pseudo_terminal(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["play", "dice-cards", "--seats", "1", "--seed", "1", "--save", str(save)]
    session = TerminalSession(args, tmp_path / "data", columns=100, lines=30)
    try:
        session.wait_for("P1: choice (1-")
        assert "Dice and Cards — as player 1 sees it" in session.text and "1. roll" in session.text
        session.answer_and_wait("1", "P1: choice (1-")
        session.answer("q")
        session.wait_for("Leave the game? (y/n)")
        assert f"`bitvaplay--resume{save}`goeson" in "".join(session.text.split())
        session.answer("y")
        assert session.wait_for_exit() == 0
        assert "Game left unfinished. Resume it with:" in session.text
        assert f"bitvaplay--resume{save}" in "".join(session.text.split())
    finally:
        session.close()
    assert GameRecord.load(save).actions[-1].startswith("dice ")  # the roll was kept
