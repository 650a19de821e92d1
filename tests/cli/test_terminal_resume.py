"""`bitva play --resume FILE` (issue 10, point 12): a saved game is replayed and goes on where it
was left, with the seats' agents restored; a finished record says so. And `bitva play` takes
the same agent strings as every command (point 10): `hard:evaluations=15000`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bitva.core.outcome import Outcome
from bitva.core.record import GameRecord
from tests.cli.helpers import one_clear_line, run
from tests.cli.terminal_session import TerminalSession

ROLL_AND_HOLD = "roll\nhold\n" * 200


def left_after_one_roll(save: Path) -> GameRecord:
    """A game against greedy, saved as it goes, left after the human's first roll."""
    result = run("play", "dice-cards", "--p2", "greedy", "--rounds", "3", "--seed", "5",
                 "--save", str(save), input="roll\nq\ny\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert f"Resume it with:\n  bitva play --resume {save}" in result.stdout
    record = GameRecord.load(save)
    assert record.outcome is None and record.players == {"1": "human", "2": "greedy"}
    return record


def test_a_saved_game_goes_on_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    before = left_after_one_roll(save)
    result = run("play", "--resume", str(save), input=ROLL_AND_HOLD)
    assert result.exit_code == 0, result.output
    assert f"resumed after {len(before.actions)} steps" in result.stdout
    after = GameRecord.load(save)  # saved to the same file as it goes
    assert after.outcome is not None and after.actions[: len(before.actions)] == before.actions
    assert after.players == before.players and after.options == before.options
    assert "[greedy] P2 " in result.stdout  # the agent plays its seat again
    assert run("replay", str(save), "--verify").exit_code == 0
    outcome = Outcome.from_json(after.outcome)
    end = "You win — " if outcome.winner == 1 else ("Draw — " if outcome.is_draw else "Player 2")
    assert end in result.stdout


def test_a_seat_may_change_hands_on_resuming(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    left_after_one_roll(save)
    result = run("play", "--resume", str(save), "--p1", "greedy")
    assert result.exit_code == 0, result.output
    assert GameRecord.load(save).players == {"1": "greedy", "2": "greedy"}


def test_a_finished_record_says_so(tmp_path: Path) -> None:
    save = tmp_path / "over.json"
    assert run("play", "dice-cards", "--p1", "greedy", "--save", str(save)).exit_code == 0
    result = run("play", "--resume", str(save))
    assert one_clear_line(result) and "this game is over" in result.output
    assert f"bitva replay {save}" in result.output


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("dice-cards",), "--resume takes the game"),
        (("-o", "rounds=2"), "--resume takes the game"),
        (("--rounds", "2"), "--resume takes the game"),
        (("--seed", "3"), "--resume takes the game"),
    ],
)
def test_resuming_takes_the_game_from_the_record(
    tmp_path: Path, args: tuple[str, ...], says: str
) -> None:
    save = tmp_path / "game.json"
    left_after_one_roll(save)
    result = run("play", "--resume", str(save), *args)
    assert one_clear_line(result) and says in result.output, result.output


def test_resuming_what_is_not_a_record_is_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_bytes(b"\x00\xff binary")
    for path in (junk, tmp_path / "missing.json"):
        result = run("play", "--resume", str(path))
        assert one_clear_line(result) and str(path) in result.output


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_resume_on_a_terminal_plays_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "solo.json"
    result = run("play", "dice-cards", "--seats", "1", "--rounds", "1", "--seed", "2",
                 "--save", str(save), input="roll\nq\ny\n")  # fmt: skip
    assert result.exit_code == 0 and GameRecord.load(save).outcome is None
    session = TerminalSession(["play", "--resume", str(save)], tmp_path / "data")
    try:
        while True:  # keep rolling: the only round ends with a bust (DC-3) or the target
            session.wait_for(lambda s: "choice (1-" in s.cursor_row or s.process.poll() is not None)
            if session.process.poll() is not None:
                break
            session.answer_and_wait("roll", "")
            if "choice (1-" not in session.cursor_row:
                session.wait_for(lambda s: "choice" in s.cursor_row or "saved" in s.text)
                if "Record saved" in session.text:
                    break
        assert session.wait_for_exit() == 0
        assert "You win — " in session.text or "You lose to the rules — " in session.text
    finally:
        session.close()
    assert GameRecord.load(save).outcome is not None


def test_play_takes_the_agent_strings_of_every_command(tmp_path: Path) -> None:
    save = tmp_path / "agents.json"
    result = run("play", "lords-of-war", "--p1", "hard:evaluations=150",
                 "--p2", "ismcts:evaluations=100", "--seed", "1", "--save", str(save))  # fmt: skip
    assert result.exit_code == 0, result.output
    record = GameRecord.load(save)
    assert record.outcome is not None
    assert record.players == {"1": "hard:evaluations=150", "2": "ismcts:evaluations=100"}
    # the documented strings are taken as they are written (nothing is played here)
    for agent in ("hard:evaluations=15000", "ismcts:evaluations=10000", "Hard:evaluations=15000"):
        quit_at_once = run("play", "lords-of-war", "--p2", agent, "--seed", "1", input="q\ny\n")
        assert quit_at_once.exit_code == 0, quit_at_once.output
        assert f"P2 ({agent.lower()})" in quit_at_once.stdout


@pytest.mark.parametrize(
    ("agent", "says"),
    [
        ("hard:evaluations=lots", "evaluations must be a number"),
        ("hard:depth=3", "bad parameter 'depth=3'"),
        ("wizard", "unknown agent 'wizard'"),
    ],
)
def test_a_bad_agent_string_is_one_line(agent: str, says: str) -> None:
    result = run("play", "lords-of-war", "--p2", agent)
    assert one_clear_line(result) and says in result.output, result.output


def test_a_record_s_seat_that_no_agent_plays_here_asks_for_one(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    record = left_after_one_roll(save)
    record.players = {"1": "human", "2": "a friend by link"}  # e.g. a record from the server
    record.save(save)
    refused = run("play", "--resume", str(save))
    assert one_clear_line(refused) and "say who plays them with --pN AGENT" in refused.output
    taken_over = run("play", "--resume", str(save), "--p2", "random", input=ROLL_AND_HOLD)
    assert taken_over.exit_code == 0, taken_over.output
    assert GameRecord.load(save).players == {"1": "human", "2": "random"}


def test_a_save_cut_short_leaves_the_last_whole_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing is lost: a game killed while it saves keeps the save before (the record goes to a
    file beside it and replaces it in one step), and no half-written file is left behind."""
    save = tmp_path / "game.json"
    first = GameRecord(game="dice-cards", seed=5, actions=["roll"])
    first.save(save)
    longer = first.model_copy(update={"actions": ["roll", "hold"]})

    def killed(source: object, target: object) -> None:
        raise OSError("killed while saving")

    monkeypatch.setattr("bitva.core.record.os.replace", killed)
    with pytest.raises(OSError):
        longer.save(save)
    assert GameRecord.load(save).actions == ["roll"]
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    monkeypatch.undo()
    longer.save(save)
    assert GameRecord.load(save).actions == ["roll", "hold"]
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
