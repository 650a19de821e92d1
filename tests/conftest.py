"""Every test run registers the test game (tests/games/dice_cards) and passes it on to the
server and browser subprocesses the tests start, through BITVA_GAMES and PYTHONPATH."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST_GAMES = "tests.games.dice_cards:GAME"

_games = [g for g in os.environ.get("BITVA_GAMES", "").split(",") if g]
if TEST_GAMES not in _games:
    os.environ["BITVA_GAMES"] = ",".join([*_games, TEST_GAMES])
os.environ["PYTHONPATH"] = os.pathsep.join(
    filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])
)
