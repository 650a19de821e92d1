"""scripts/battlelore_rush.py (issue 21, point 3): the initiative table's resumable runner plays
each deal both ways, resumes where a file stops, counts the turns each side acted in, and
tabulates with Wilson intervals."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

from tests.scripts_loader import load_script


def script() -> ModuleType:
    return load_script("battlelore_rush")


def test_the_runner_plays_each_deal_both_ways_and_resumes(tmp_path: Path) -> None:
    runner = script()
    out = tmp_path / "rush.jsonl"
    runner.run(out, ["rush-rush@A01"], 2)
    first = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(g["index"], g["deal"], g["agent_seat"]) for g in first] == [(0, 0, 1), (1, 0, 2)]
    # the same deal with the same scripted players: the same game, seen from either seat
    assert first[0]["banners"] == first[1]["banners"]
    assert {first[0]["result"], first[1]["result"]} == {"win", "loss"}
    assert all(g["agent_acting_turns"] <= g["agent_turns"] for g in first)
    runner.run(out, ["rush-rush@A01"], 3)  # only the third game
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert games[:2] == first and [g["index"] for g in games] == [0, 1, 2]
    table = runner.table(out)
    assert "| rush-rush@A01 | 3 |" in table and "%-" in table


def test_wilson_interval_of_a_proportion() -> None:
    low, high = script().wilson(8, 10)
    assert 0.49 < low < 0.50 and 0.94 < high < 0.95  # 49.0% to 94.3%
