"""Issue 21, point 13: `bitva calc aos --slain-before N`. The target is the models on the table
(CALC-2) and N the unit's models slain earlier this turn (AOS-10.2), so N = 50 beside 10 models
is a unit of 60 at the start of the turn: open play never refuses a unit's size (section 3.1),
so it is taken, with a note saying how the numbers were read; a unit larger than the calculator
takes (10,000 models) is refused in one line."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from bitva.cli.main import app

runner = CliRunner()
AD_HOC = ["--profile", "5x2/4+/3+/-1/D3", "--target-save", "4+", "--target-wounds", "2"]
AD_HOC += ["--target-bravery", "6"]


@pytest.mark.parametrize(
    ("target", "models"),
    [
        ([*AD_HOC, "--target-models", "10"], 10),
        (["--target", "bloodreavers", "--attacker", "liberators"], 10),
        ([*AD_HOC, "--target-models", "9000"], 9000),
    ],
    ids=["ad-hoc", "warscroll", "large"],
)
def test_issue21_p13_aos_10_2_slain_before_beyond_the_unit_limit_is_one_line(
    target: list[str], models: int
) -> None:
    slain = 10_001 - models
    result = runner.invoke(app, ["calc", "aos", *target, "--slain-before", str(slain)])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --slain-before"), lines
    assert f"with {models:,} models on the table the unit had 10,001" in lines[0]
    assert "at most 10,000 models" in lines[0]


def test_issue21_p13_aos_10_2_slain_before_more_than_the_models_left_is_noted() -> None:
    args = ["calc", "aos", *AD_HOC, "--target-models", "10", "--json"]
    noted = json.loads(runner.invoke(app, [*args, "--slain-before", "50"]).stdout)["notes"]
    assert any("a unit of 60 at the start of the turn" in note for note in noted), noted
    quiet = json.loads(runner.invoke(app, [*args, "--slain-before", "10"]).stdout)["notes"]
    assert not any("--slain-before" in note for note in quiet), quiet


def test_issue21_p13_the_help_says_what_target_models_and_slain_before_count() -> None:
    result = runner.invoke(app, ["calc", "aos", "--help"], env={"COLUMNS": "200"})
    text = " ".join(result.stdout.split())
    assert "Target models on the table now" in text
    assert "slain earlier this turn, besides those on the table" in text
