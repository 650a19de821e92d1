"""How much a search may think per move: a number of iterations, of leaf evaluations, a time, or
several (whichever ends first). Iterations and evaluations are counts, so a budget without time is
reproducible: the same seed gives the same move on any machine and under any load; a time budget
is not. Evaluations bound the time of a move more tightly than iterations, since an iteration that
expands a node with many actions evaluates them all."""

from __future__ import annotations

import time
from dataclasses import dataclass

from bitva.core.errors import BitvaError


@dataclass(frozen=True)
class Budget:
    """`iterations`, leaf `evaluations` and/or `seconds` (wall clock) per move; at least one."""

    iterations: int | None = 1000
    seconds: float | None = None
    evaluations: int | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None and self.evaluations is None:
            raise BitvaError("a search budget needs iterations, evaluations or seconds")
        if self.iterations is not None and self.iterations < 1:
            raise BitvaError(f"iterations must be at least 1, not {self.iterations}")
        if self.evaluations is not None and self.evaluations < 1:
            raise BitvaError(f"evaluations must be at least 1, not {self.evaluations}")
        if self.seconds is not None and not self.seconds > 0:
            raise BitvaError(f"seconds must be positive, not {self.seconds}")

    @property
    def reproducible(self) -> bool:
        """Whether the search's result depends only on its seed (no clock involved)."""
        return self.seconds is None

    def split(self, parts: int) -> Budget:
        """The budget of one of `parts` root-parallel searches: the iterations are shared out,
        the time is not (they run side by side)."""

        def share(count: int | None) -> int | None:
            return None if count is None else max(1, -(-count // parts))

        return Budget(share(self.iterations), self.seconds, share(self.evaluations))

    def deadline(self) -> float | None:
        """The `time.perf_counter()` value at which a search started now must stop."""
        return None if self.seconds is None else time.perf_counter() + self.seconds

    def __str__(self) -> str:
        parts = []
        if self.iterations is not None:
            parts.append(f"{self.iterations} iterations")
        if self.evaluations is not None:
            parts.append(f"{self.evaluations} evaluations")
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        return " or ".join(parts) + " per move"
