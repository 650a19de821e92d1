"""Shared helpers for the agent tests: positions from seeded random play, tiny search budgets."""

from __future__ import annotations

from pathlib import Path

import pytest

from bitva.core.registry import get_game
from bitva.core.rng import Rng
from bitva.games.lords_of_war.state import LordsOfWarState


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands that use the default database get a fresh one, never the user's."""
    monkeypatch.setenv("BITVA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("BITVA_DB", raising=False)


# every registered agent, with budgets small enough for tests
TINY = {
    "random": "random",
    "greedy": "greedy",
    "easy": "easy",
    "medium": "medium:iterations=12,evaluations=150",
    "hard": "hard:iterations=12,evaluations=150",
    "mcts": "mcts:iterations=12,evaluations=150",
    "ismcts": "ismcts:iterations=12,evaluations=150",
}


def random_position(seed: int, plies: int, **options: object) -> LordsOfWarState:
    """The state after `plies` random decisions of a seeded game (or its end), chance drawn with
    its odds; never a chance node (agents are asked at decisions only)."""
    state = get_game("lords-of-war").new(dict(options), seed)
    assert isinstance(state, LordsOfWarState)
    rng = Rng(seed ^ 0x5EED)
    state.resolve_chance(rng)
    for _ in range(plies):
        if state.current_player is None:
            break
        state.apply_code(rng.choice(state.legal_codes()))
        while state.is_chance:
            state.apply_code(state.sample_chance_code(rng))
    return state
