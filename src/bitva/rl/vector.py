"""Batched environments (issue 23, point 2): N games of one game advanced in lockstep on numpy
arrays, for reinforcement learning at millions of steps a second.

Generic over the core contract: `make(name, n, seed, **options)` asks the game for its batched
engine (`Game.vector_env`, NotSupported for a game without one, or for options its engine does
not cover). The object it returns follows `VectorEnv` below; docs/research/vector.md documents
the one game that has a batched engine today, its rules coverage and its measured speed.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

import numpy as np

from bitva.core.registry import get_game


@runtime_checkable
class VectorEnv(Protocol):
    """N games in lockstep. Codes are the game's integer action codes (`Game.num_action_codes`,
    the same numbers as the scalar engine's `legal_codes`); chance is resolved inside `step`
    from each game's own RNG, exactly as a `Match` draws it, so lane i replays the scalar game
    `new(options, seed + i)` played with the same codes."""

    n: int  # lanes
    num_actions: int  # A, the size of the code space

    def reset(self, seed: int | None = None) -> None:
        """Every lane starts a new game: lane i the game of seed `seed + i` (its g-th later game,
        after auto-resets, has seed `seed + i + g * n`)."""

    def legal_mask(self) -> np.ndarray:
        """(n, A) bool: the legal codes of each lane's decision point."""

    @property
    def current_player(self) -> np.ndarray:
        """(n,) int: the seat to act in each lane (1 or 2; 0 for a finished lane that waits)."""

    def step(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each lane plays its code (n,) int: returns (rewards (n, 2) float32, done (n,) bool).
        Chance is resolved inside; a lane whose game ended gets the outcome's returns and, with
        auto-reset (the default), starts its next game at once."""

    def random_steps(self, k: int) -> dict[str, int]:
        """Each lane plays k uniformly random legal codes in one compiled loop (what the
        benchmark times), reproducible from the seed; returns the counts (steps, games...)."""

    def observation(self) -> np.ndarray:
        """Each lane's observation tensor for its current player (may be slow: the scalar
        encoder)."""

    def lane_state(self, i: int) -> Any:
        """Lane i as the scalar engine's state (its `to_json()` and `digest()` compare lanes
        with scalar games)."""


def make(name: str, n: int, seed: int = 0, **options: Any) -> VectorEnv:
    """The batched engine of the game `name`: `n` lanes, lane i starting the game of seed
    `seed + i` with these options. NotSupported for a game without one, or for options it does
    not cover (the refusal names them)."""
    env: VectorEnv = get_game(name).vector_env(n, options, seed)
    return env


__all__ = ["VectorEnv", "make"]
