"""scripts/sniper_elite_difficulty.py: the difficulty table's resumable runner plays the games
of `bitva simulate --seed 0`, resumes where a file stops, and tabulates with Wilson intervals."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

from bitva.arena.simulation import play_timed
from tests.scripts_loader import load_script


def script() -> ModuleType:
    return load_script("sniper_elite_difficulty")


def test_the_runner_resumes_and_plays_the_games_of_simulate(tmp_path: Path) -> None:
    runner = script()
    out = tmp_path / "table.jsonl"
    runner.run(out, ["random@dog", "random@none"], 2, 1)
    first = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted((g["row"], g["index"]) for g in first) == [
        ("random@dog", 0), ("random@dog", 1), ("random@none", 0), ("random@none", 1)
    ]  # fmt: skip
    runner.run(out, ["random@dog", "random@none"], 3, 1)  # only the third game of each row
    games = [json.loads(line) for line in out.read_text().splitlines()]
    assert games[:4] == first and len(games) == 6
    record, _ = play_timed("sniper-elite", {"challenge": "dog"}, 0, 2, {1: "random"})
    third = next(g for g in games if g["row"] == "random@dog" and g["index"] == 2)
    assert third["reason"] == record.outcome["reason"]  # type: ignore[index]


def test_the_table_has_a_row_per_agent_and_challenge_with_wilson_intervals(tmp_path: Path) -> None:
    out = tmp_path / "table.jsonl"
    lines = [
        {"row": "hard@dog", "index": i, "win": i < 3, "reason": "objectives" if i < 3 else "killed",
         "turn": 21, "moves": 30, "seconds": 3.0, "max": 0.2, "wall": 3.0}
        for i in range(4)
    ]  # fmt: skip
    out.write_text("".join(json.dumps(line) + "\n" for line in lines))
    table = script().table(out).splitlines()
    assert len(table) == 3
    assert table[2].startswith("| hard | Dog Handler (medium) | 4 | 3 | **75.0%** [")
    assert table[2].endswith("| 0 / 1 | 11.0 | 0.10 (0.20) | — |")  # no CPU time recorded
    timed = [dict(line, cpu=1.5) for line in lines]
    out.write_text("".join(json.dumps(line) + "\n" for line in timed))
    assert script().table(out).splitlines()[2].endswith("| 0.10 (0.20) | 0.05 |")


def test_two_agents_are_compared_over_the_deals_both_played(tmp_path: Path) -> None:
    out = tmp_path / "table.jsonl"
    wins = {("hard", 0): True, ("hard", 1): False, ("hard", 2): True, ("greedy", 0): False,
            ("greedy", 1): True, ("greedy", 2): True, ("greedy", 3): True}  # fmt: skip
    lines = [
        {"row": f"{agent}@dog", "index": i, "win": won, "reason": "objectives" if won else "killed",
         "turn": 21, "moves": 30, "seconds": 3.0, "max": 0.2, "wall": 3.0}
        for (agent, i), won in wins.items()
    ]  # fmt: skip
    out.write_text("".join(json.dumps(line) + "\n" for line in lines))
    table = script().compare(out, "hard", "greedy").splitlines()
    assert table[2] == "| Dog Handler (medium) | 3 | 2 | 2 | 1 / 1 |"  # deal 3: greedy's only
    assert table[3] == "| all | 3 | 2 | 2 | 1 / 1 |" and len(table) == 4
    rows = script().table(out).splitlines()
    assert rows[2].startswith("| hard |") and rows[3].startswith("| greedy |")


def test_the_table_lists_the_levels_strongest_first_then_the_other_agents() -> None:
    rows = ["ismcts@none", "easy@none", "medium@none", "greedy@none", "hard@dog", "hard@none"]
    assert sorted(rows, key=script().row_order) == [
        "hard@none", "hard@dog", "greedy@none", "medium@none", "easy@none", "ismcts@none"
    ]  # fmt: skip


def test_the_gauntlet_row_plays_five_penalties_at_once(tmp_path: Path) -> None:
    runner = script()
    assert runner.options_of("gauntlet") == {"modifiers": runner.GAUNTLET}
    assert runner.options_of("dog") == {"challenge": "dog"}
    out = tmp_path / "gauntlet.jsonl"
    runner.run(out, ["random@gauntlet"], 1, 1)
    game = json.loads(out.read_text())
    record, _ = play_timed("sniper-elite", {"modifiers": runner.GAUNTLET}, 0, 0, {1: "random"})
    assert sorted(record.options["modifiers"]) == sorted(runner.GAUNTLET)  # type: ignore[index]
    assert game["reason"] == record.outcome["reason"]  # type: ignore[index]
    assert game["turn"] == record.outcome["params"]["turn"]  # type: ignore[index]
