"""Issue 23, point 3: the examples of examples/rl run, with tiny settings, on the test game
(a separate process, as a researcher runs them) and print what they promise."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rl"


def run(script: str, *args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args, "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report: dict[str, object] = json.loads(done.stdout)
    return report


def test_the_random_pettingzoo_loop_plays_its_games() -> None:
    report = run("random_pettingzoo.py", "--game", "dice-cards", "-o", "seats=3", "--games", "4")
    returns = report["returns"]
    assert isinstance(returns, list) and len(returns) == 4
    for game in returns:
        assert set(game) == {"player_1", "player_2", "player_3"}
        assert sorted(game.values())[-1] in (0.0, 1.0)  # a winner, or a draw of all
    assert isinstance(report["steps"], int) and report["steps"] > 4


def test_the_openspiel_ismcts_example_plays_its_games() -> None:
    report = run(
        "openspiel_ismcts.py", "--game", "dice-cards", "--games", "4", "--simulations", "10"
    )
    assert report["game"] == "bitva_dice_cards"
    assert report["wins"] + report["draws"] + report["losses"] == 4  # type: ignore[operator]
