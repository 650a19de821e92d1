"""One seeded random generator per state: SplitMix64, a single 64-bit integer of state.

Chosen over `random.Random` because its whole state is one int: it serializes into JSON as a number,
clones for free, and gives the same numbers on every machine and Python version (invariant 2).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(seed: int, *keys: int | str) -> int:
    """A new seed from a seed and keys (game index, seat, ...): stable across runs and machines."""
    z = seed & _MASK
    for key in keys:
        value = key if isinstance(key, int) else int.from_bytes(key.encode("utf-8")[:8], "little")
        z = _mix((z + _GOLDEN + (value & _MASK)) & _MASK)
    return z


class Rng:
    """SplitMix64 generator. `state` is the whole state; `Rng(state)` resumes exactly."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def roll(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def clone(self) -> Rng:
        return Rng(self.state)
