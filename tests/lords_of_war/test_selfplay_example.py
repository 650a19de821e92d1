"""Issue 23, point 3: the self-play example (examples/rl/selfplay_lords_of_war.py) trains and
plays `random` as its docstring says. Its strength is measured by running it for minutes
(docs/research.md quotes the run); here it runs for a moment, to prove it works end to end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np

from bitva.core.registry import get_game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl" / "selfplay_lords_of_war.py"


def test_issue23_the_self_play_example_trains_saves_and_plays_random(tmp_path: Path) -> None:
    weights = tmp_path / "weights.npy"
    args = ["--minutes", "0.01", "--eval-games", "2", "--json", "--save", str(weights)]
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), *args], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["training_games"] >= 1
    assert result["trained_against_random"]["games"] == 2
    learned = np.load(weights)
    size = int(np.prod(get_game("lords-of-war").observation_shape({})))
    assert learned.shape == (size,) and np.any(learned != 0)  # the games moved the weights
