"""scripts/aos_ai_measure.py (issue 22, point 5): a battle's record names the side that won,
and the table prints a mirror row (a level against itself) by side, the setup's own balance,
beside the usual rows by agent."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

from tests.scripts_loader import load_script


def script() -> ModuleType:
    return load_script("aos_ai_measure")


def record(row: str, game: int, seats: list[str], side: str | None) -> dict[str, object]:
    winner = None if side is None else seats["AB".index(side)]
    return {
        "row": row,
        "game": game,
        "seats": seats,
        "winner": winner,
        "winner_side": side,
        "decisions": {},
    }


def test_a_battle_record_names_the_winning_side() -> None:
    played = script().play("random-random@starter_clash", 0)
    assert played["winner_side"] in ("A", "B", None)
    assert (played["winner_side"] is None) == (played["winner"] is None)


def test_mirror_rows_are_counted_by_side_and_other_rows_by_agent(tmp_path: Path) -> None:
    mirror = "random-random@starter_clash"
    pair = "greedy-random@starter_clash"
    lines = [
        record(mirror, 0, ["random", "random"], "A"),
        record(mirror, 1, ["random", "random"], "A"),
        record(mirror, 2, ["random", "random"], None),
        record(mirror, 3, ["random", "random"], "B"),
        record(pair, 0, ["greedy", "random"], "A"),
        record(pair, 1, ["random", "greedy"], "A"),
    ]
    path = tmp_path / "measure.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    rows = script().table(path).splitlines()
    mirror_row = "| random v random (side A v side B) | starter_clash | 4 | 2 | 1 | 1 | side A 50%"
    assert rows[2].startswith(mirror_row)
    assert rows[3].startswith("| greedy v random | starter_clash | 2 | 1 | 0 | 1 | 50%")
    assert "1/1, 0/1" in rows[3]


def test_a_mirror_win_recorded_before_the_side_was_is_not_counted_as_a_draw(
    tmp_path: Path,
) -> None:
    old = record("greedy-greedy@starter_clash", 0, ["greedy", "greedy"], "A")
    del old["winner_side"]
    path = tmp_path / "measure.jsonl"
    path.write_text(json.dumps(old) + "\n")
    row = script().table(path).splitlines()[2]
    assert "(1 won by a side not recorded) | starter_clash | 1 | 0 | 0 | 0 |" in row
