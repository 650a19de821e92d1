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
    assert (
        "| random v random (side A v side B) | starter_clash | 4 | 2 | 1 | 1 | side A 50%"
        in (rows[2])
    )
    assert rows[3].startswith("| greedy v random | starter_clash | 2 | 1 | 0 | 1 | 50%")
    assert "1/1, 0/1" in rows[3]
