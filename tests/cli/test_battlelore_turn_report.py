"""Issue 21.4 in BattleLore's terminal: a log line is tagged with the agent that really acted
(a South move resolved by North's "pass" of a Lore window, D-43, is South's, not "[hard]"), and
before a human's next prompt a page tells what the other side did since his last decision."""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from bitva.cli.terminal import Move, TerminalGame, sentence
from bitva.core.events import Event
from bitva.core.registry import get_game
from bitva.core.rng import Rng
from tests.cli.terminal_session import TerminalSession


def a_pass_that_resolves_the_other_sides_move() -> tuple[int, list[Event]]:
    """A real A02 game: the events of a seat's `pass` of a Lore window that end with the other
    seat's unit moving (the move resolves once the window closes)."""
    state = get_game("battlelore").new({"adventure": "A02"}, 5)
    dice, rng = Rng(1), random.Random(2)
    for _ in range(3000):
        if state.is_chance:
            state.apply(state.sample_chance(dice))
            continue
        seat = state.current_player
        assert seat is not None
        action = rng.choice(state.legal_actions())
        events = state.apply(action)
        moved = [e for e in events if e.kind == "moved"]
        if state.action_text(action) == "pass" and moved and moved[0].data["player"] != seat:
            return seat, events
    raise AssertionError("no such pass in 3,000 steps")


def game(players: dict[int, str]) -> TerminalGame:
    console = Console(width=80, file=io.StringIO())
    return TerminalGame(
        console, get_game("battlelore"), {"adventure": "A02"}, players, 1, live=False
    )


def test_issue_21_4_a_line_is_tagged_by_the_seat_that_really_acted() -> None:
    seat, events = a_pass_that_resolves_the_other_sides_move()
    mover = 3 - seat
    players = {seat: "hard", mover: "human"}
    lines = game(players).lines(Move(seat, "hard", events), mover)
    moved = next(line for line in lines if " moves " in line)
    assert not moved.startswith("[hard]"), lines  # the human's own move
    assert not any(line.startswith("[hard]") for line in lines), lines
    # two agents: the line goes to the agent whose unit moved
    agents = {seat: "hard", mover: "greedy"}
    tagged = game(agents).lines(Move(seat, "hard", events), None)
    assert tagged[0].startswith("[greedy] ") and " moves " in tagged[0], tagged


def asked_or_told(before: int, title: str) -> Callable[[TerminalSession], bool]:
    """A new screen that asks South again, or the page titled `title`."""
    return lambda s: s.frames > before and ("P1: " in s.cursor_row or title in s.text)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_issue_21_4_the_other_sides_turn_on_a_page_before_the_next_prompt(tmp_path: Path) -> None:
    """A01 on an 80x24 pseudo-terminal against `random`: once South's turn is played (choice 1
    each time), North's turn is told on a page, "North's turn, as it went:", its lines whole,
    before South is asked again."""
    args = ["play", "battlelore", "--adventure", "A01", "--p1", "human", "--p2", "random"]
    session = TerminalSession([*args, "--seed", "1"], tmp_path / "data")
    title = "North's turn, as it went"
    try:
        session.wait_for("P1: ")
        for _ in range(40):
            if title in session.text:
                break
            before = session.frames
            session.answer("1")
            session.wait_for(asked_or_told(before, title))
        page = session.text
        assert title in page, page
        assert "Turn 2: North" in page and "North plays " in page, page
        assert max(len(row) for row in session.rows) <= 80
        assert "Press Enter to go back to the game." in page
        session.answer("")
        session.wait_for(lambda s: "P1: " in s.cursor_row)
        assert title not in session.text  # the board again, South asked
        session.answer("q")
        session.wait_for("Leave the game? (y/n)")
        session.answer("y")
        assert session.wait_for_exit() == 0
    finally:
        session.close()


def test_issue_21_7_no_full_stop_after_a_card_name_ending_in_an_exclamation_mark() -> None:
    """South keeps Rampage! (WR03) among its starting Lore cards (BL-14.3) and takes it back:
    "Taken back: keep Rampage!", never "Rampage!." (the game's seed 4 deals it to South)."""
    players = {1: "human", 2: "random"}
    console = Console(width=80, file=io.StringIO())
    terminal = TerminalGame(console, get_game("battlelore"), {"adventure": "A02"}, players, 4)
    while terminal.state.is_chance:
        terminal.match.resolve_chance()
    state = terminal.state
    assert state.decision == "keep-lore" and state.current_player == 1
    before = state.clone()
    steps = terminal.match.play(state.parse_action("keep WR03"))
    terminal._kept(before, steps)
    terminal._record(Move(1, "human", [e for step in steps for e in step.events]))
    assert terminal.undo_refusal(1) is None
    terminal.take_back(1)
    assert terminal.notice == "Taken back: keep Rampage!"
    assert sentence("Taken back: keep Patrol Centre") == "Taken back: keep Patrol Centre."
    assert sentence("Really?") == "Really?" and sentence("Done.") == "Done."
