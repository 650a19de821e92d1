"""Issue 21 point 11 in the terminal: 'u' takes back the human's own last decision (before any
roll or draw, before the AI replies), says plainly why when it cannot, and the saved record is
the game without the decision taken back."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bitva.core.record import GameRecord, verify
from tests.cli.helpers import run
from tests.cli.terminal_session import TerminalSession


def test_issue21_11_u_takes_back_a_card_before_the_dice_and_not_after_them(
    tmp_path: Path,
) -> None:
    """Dice and Cards against greedy (seed 5: the human holds a 2 and a 3). 'u' at the start:
    the last step was the deal. 'play 2' then 'u': taken back, the record without it. 'play 3',
    'roll': the dice are chance, so 'u' is refused; the game is left and saved."""
    save = tmp_path / "undo.json"
    typed = "u\nplay 2\nu\nplay 3\nroll\nu\nq\ny\n"
    result = run("play", "dice-cards", "--p2", "greedy", "--seed", "5", "--save", str(save),
                 input=typed)  # fmt: skip
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())  # the console wraps long lines
    chance = "Cannot undo: the last step was chance (a roll or a draw): it cannot be taken back."
    assert out.count(chance) == 2, out
    assert "Taken back: play 2." in out
    record = GameRecord.load(save)
    assert "play 2" not in record.actions
    assert record.actions[4] == "play 3" and record.actions[5] == "roll"
    verify(record)


def test_issue21_11_u_cannot_take_back_once_the_ai_has_replied(tmp_path: Path) -> None:
    """Against the AI the human's turn ends with 'hold'; greedy then plays its turn, so at the
    human's next prompt the last decision is not his (or a roll or draw followed it)."""
    save = tmp_path / "replied.json"
    typed = "roll\nhold\nu\nq\ny\n"
    result = run("play", "dice-cards", "--p2", "greedy", "--seed", "5", "--save", str(save),
                 input=typed)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Cannot undo: the last " in result.stdout
    assert "Taken back" not in result.stdout


def test_issue21_11_the_help_names_the_undo_key() -> None:
    result = run("play", "dice-cards", "--p2", "greedy", "--seed", "5", input="?\nq\ny\n")
    assert "'u' takes back your last decision" in " ".join(result.stdout.split())


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_issue21_11_u_on_an_80x24_terminal(tmp_path: Path) -> None:
    """On a real 80x24 terminal (the live screen): 'u' after 'play 2' says what was taken back,
    a second 'u' says why not (the deal before it was chance); the hint line names 'u'."""
    save = tmp_path / "live.json"
    args = ["play", "dice-cards", "--p2", "greedy", "--seed", "5", "--save", str(save)]
    session = TerminalSession(args, tmp_path / "data", columns=80, lines=24)
    try:
        session.wait_for("P1: choice (1-")
        assert "u undo" in session.text
        session.answer_and_wait("play 2", "P1: choice (1-")
        session.answer("u")
        session.wait_for(lambda s: "Taken back: play 2." in " ".join(s.text.split()))
        session.answer("u")
        session.wait_for(
            lambda s: "Cannot undo: the last step was chance" in " ".join(s.text.split())
        )
        session.answer("q")
        session.wait_for("Leave the game? (y/n)")
        session.answer("y")
        assert session.wait_for_exit() == 0
    finally:
        session.close()
    assert "play 2" not in GameRecord.load(save).actions


def test_issue21_11_u_after_resume_takes_back_the_last_decision_of_the_record(
    tmp_path: Path,
) -> None:
    """A game left after 'play 2' and resumed: the record is replayed, and 'u' still takes the
    card back (the state before it rebuilt from the record)."""
    save = tmp_path / "resumed.json"
    args = ("play", "dice-cards", "--p2", "greedy", "--seed", "5", "--save", str(save))
    assert run(*args, input="play 2\nq\ny\n").exit_code == 0
    assert GameRecord.load(save).actions[-1] == "play 2"
    result = run("play", "--resume", str(save), input="u\nq\ny\n")
    assert result.exit_code == 0, result.output
    assert "Taken back: play 2." in " ".join(result.stdout.split())
    record = GameRecord.load(save)
    assert "play 2" not in record.actions
    verify(record)


def test_issue21_11_battlelore_u_takes_back_a_command_card_before_any_die(tmp_path: Path) -> None:
    """BattleLore A01 in the terminal (BL-2.1, BL-2.2): the Command card played first, then 'u'
    before ordering anything: the card is back in hand, the menu offers it again."""
    save = tmp_path / "bl.json"
    args = ("play", "battlelore", "--p2", "random", "--seed", "1", "-o", "adventure=A01")
    result = run(*args, "--save", str(save), input="1\nu\nq\ny\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "Taken back: play Assault Right Flank." in out
    assert out.count("1. play Assault Right Flank") == 2  # offered again after the undo
    assert not any(a.startswith("play ") for a in GameRecord.load(save).actions)


def test_issue21_11_play_help_names_the_undo_key() -> None:
    result = run("play", "--help")
    assert result.exit_code == 0
    assert "'u' takes back your last decision" in " ".join(result.stdout.split())
