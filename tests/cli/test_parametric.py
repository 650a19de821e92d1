"""A game whose actions are checked, not listed (the test game Long Jump) in the terminal: a
sample of candidate actions to pick from, any other typed in full; a foul is refused naming the
rule (LJ-3), text that is no action says so; greedy plays it, and so do the searches (issue 22)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bitva.core.record import GameRecord
from tests.cli.helpers import run
from tests.core.test_preview import PARAMETRIC
from tests.games.long_jump import LongJump


def test_jumps_are_typed_fouls_refused_and_the_game_ends(tmp_path: Path) -> None:
    save = tmp_path / "jump.json"
    answers = "hop 3\njump 0.2\n" + "jump 1.5\n" * 12
    result = run("play", "long-jump", "--track", "5", "--seed", "1", "--save", str(save),
                 input=answers)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Some of the legal actions (type any other in full)" in result.stdout
    assert "cannot read 'hop 3'" in result.stdout
    assert "within 0.50 of the other jumper" in result.stdout and "LJ-3" in result.stdout
    record = GameRecord.load(save)
    assert record.players == {"1": "human", "2": "greedy"}
    assert record.outcome is not None and record.outcome["rule"] == "LJ-4"
    assert run("replay", str(save), "--verify").exit_code == 0


def test_issue22_the_searches_play_it_and_the_wind_is_recorded() -> None:
    """Progressive widening (bitva.ai.widening): mcts plays Long Jump from the terminal; the
    records hold the wind die's faces (LJ-5) between the jumps."""
    result = run("simulate", "long-jump", "--track", "5", "-n", "2", "--p1",
                 "mcts:evaluations=300", "--p2", "random", "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["wins"] == {"1": 2, "2": 0}
    actions = summary["records"][0]["actions"]
    assert actions[0].startswith("jump ") and actions[1].startswith("wind ")
    fine = run("simulate", "long-jump", "-n", "3", "--p1", "greedy", "--p2", "easy", "--json")
    assert fine.exit_code == 0, fine.output


def test_issue22_an_analysis_with_parameters_in_the_terminal_and_in_bitva_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`a NAME KEY=VALUE` passes parameters (a bad one is one clear line, the game goes on);
    `bitva games GAME` lists them with their types."""
    monkeypatch.setattr(
        LongJump, "analyses", property(lambda self: {"landing": PARAMETRIC}), raising=False
    )
    answers = "a landing jump=0.3\na landing jump=2\na landing 0.3\n" + "jump 1.5\n" * 12
    result = run("play", "long-jump", "--track", "5", "--seed", "1", input=answers)
    assert result.exit_code == 0, result.output
    assert "legal: no" in result.stdout and "landing: 0.3" in result.stdout
    assert "parameter jump: Input should be less than or equal to 1.5" in result.stdout
    assert "give parameters as NAME=VALUE" in result.stdout
    listing = run("games", "long-jump")
    assert listing.exit_code == 0, listing.output
    assert "jump (float)" in listing.stdout
