"""Every test run registers the test games (tests/games: Dice and Cards, Long Jump) and passes them
on to the server and browser subprocesses the tests start, through BITVA_GAMES and PYTHONPATH."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST_GAMES = ("tests.games.dice_cards:GAME", "tests.games.long_jump:GAME")

_games = [g for g in os.environ.get("BITVA_GAMES", "").split(",") if g]
os.environ["BITVA_GAMES"] = ",".join([*_games, *(g for g in TEST_GAMES if g not in _games)])
os.environ["PYTHONPATH"] = os.pathsep.join(
    filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])
)
