"""Issue 21 point 8 in an 80x24 terminal (pyte): a move's hidden cost is shown before it is
made. The move question marks the spaces whose move costs a hit (SE-6.4) with "!" on the map;
a space typed at the turn's prompt that costs a hit asks first; a space out of reach says how
far it is; the hit, once taken, says why in the log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bitva.cli.games.sniper_elite import ADAPTER
from bitva.core.record import GameRecord, verify
from bitva.games.sniper_elite.movement import fewest_steps
from tests.cli.terminal_session import TerminalSession

TURN = "a space, or an action:"


def first_turn(session: TerminalSession) -> None:
    """Answer 1 (the first entry, the first objective to the bottom) up to the first turn."""
    session.wait_for("P1:")
    for _ in range(10):
        if TURN in session.cursor_row:
            return
        session.answer_and_wait("1", "P1:")
    raise AssertionError(session.text)


def the_state(record: Path) -> Any:
    """The game as its record (saved after every step) has it now."""
    return verify(GameRecord.load(record))


def test_se_6_4_issue_21_8_a_typed_move_that_costs_a_hit_asks_first(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    args = ["play", "sniper-elite", "--seed", "3", "--save", str(record)]
    session = TerminalSession(args, tmp_path / "data")
    try:
        first_turn(session)
        state = the_state(record)
        view = state.view(1)
        fewest: dict[str, dict[str, Any]] = {}
        for move in view["moves"]:  # the move a typed space takes: its fewest steps
            if move["to"] not in fewest or move["steps"] < fewest[move["to"]]["steps"]:
                fewest[move["to"]] = move
        costly = sorted(space for space, move in fewest.items() if move["hits"])
        assert costly, view["moves"]
        target = costly[0]
        geo = state.geo
        reach = fewest_steps(geo, state.core.sniper, state.core.occupied(), state.entry)
        far = min((s for s, n in reach.items() if n == 5), key=geo.name_of)

        session.answer_and_wait(geo.name_of(far), TURN)  # out of reach: how far it is
        assert f"{geo.name_of(far)} is 5 steps away; you can move 3 (SE-6.2)" in session.text

        session.answer_and_wait(target, "(y/n)")  # costs a hit: asked first
        steps = fewest[target]["steps"]
        told = " ".join(session.text.split())
        assert f"Move to {target} ({steps} steps) costs you a hit" in told, session.text
        assert "inside the last known area are seen (SE-6.4)" in told
        session.answer_and_wait("n", TURN)  # no: nothing moved, the turn asks again
        assert "You move" not in session.text and "You step in" not in session.text

        session.answer_and_wait("1", "'b' to go back")  # the move menu: "!" marks the cost
        assert "A hit (marked !)" in " ".join(session.text.split())
        marked = [row for row in session.rows if "!" in row[:45]]
        assert marked, session.text
        session.answer_and_wait("b", TURN)

        session.answer_and_wait(target, "(y/n)")
        session.answer_and_wait("y", "P1:")
        told = " ".join(session.text.split())
        assert "Seen moving in the last known area: you take 1 hit" in told, session.text
        assert the_state(record).core.hits_taken == 1
    finally:
        session.close()


def test_se_6_4_issue_21_8_the_help_says_what_the_mark_means() -> None:
    """'?' explains the "!" the move question puts on a space that costs a hit."""
    assert "a number marked ! (in red) costs a hit" in " ".join(ADAPTER.help.split())
