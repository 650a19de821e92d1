"""Dice expressions: a whole number or ``nDk+c`` with k in {3, 6} (section 3.1, AOS-1.5).

A D3 is a D6 halved and rounded up (AOS-1.5, T-1), so it is uniform on 1..3.

>>> Dice.parse("2D6").mean
Fraction(7, 1)
>>> str(Dice.parse("d3+1"))
'D3+1'
>>> [str(v) for v in Dice.parse("D3").distribution()]
['0', '1/3', '1/3', '1/3']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Annotated, Any

import numpy as np
import numpy.typing as npt
from pydantic import PlainSerializer, PlainValidator

from bitva.core.errors import BitvaError

_DICE_RE = re.compile(r"^\s*(\d*)\s*[dD]\s*([36])\s*(?:([+-])\s*(\d+))?\s*$")
MAX_DICE = 20
MAX_VALUE = 1000  # the most a dice expression may show: far above any warscroll, and a bound
# that keeps a mistyped number (1x99999999999 attacks) from building a gigantic distribution


class DiceError(BitvaError):
    """A dice expression that cannot be read, or a die that cannot show that face."""


@dataclass(frozen=True)
class Dice:
    """``count`` dice of ``sides`` sides plus ``bonus``; ``count == 0`` is a fixed value."""

    count: int = 0
    sides: int = 6
    bonus: int = 0

    def __post_init__(self) -> None:
        if self.sides not in (3, 6):
            raise DiceError(f"dice must be D3 or D6, not D{self.sides}")
        if not 0 <= self.count <= MAX_DICE:
            raise DiceError(f"between 0 and {MAX_DICE} dice, not {self.count}")
        if self.minimum < 0:
            raise DiceError(f"{self} can be negative")
        if self.maximum > MAX_VALUE:
            raise DiceError(f"{self} is more than {MAX_VALUE:,}, the most a dice value may be")

    @classmethod
    def fixed(cls, value: int) -> Dice:
        return cls(0, 6, value)

    @classmethod
    def parse(cls, value: object) -> Dice:
        """Read ``3``, ``"3"``, ``"D3"``, ``"2D6"``, ``"D6+1"`` (section 3.1)."""
        if isinstance(value, Dice):
            return value
        if isinstance(value, bool):
            raise DiceError(f"expected a number or a dice expression like D3, got {value!r}")
        if isinstance(value, int):
            return cls.fixed(value)
        if isinstance(value, str):
            text = value.strip()
            if re.fullmatch(r"\d+", text):
                return cls.fixed(int(text))
            match = _DICE_RE.match(text)
            if match:
                count = int(match.group(1)) if match.group(1) else 1
                if count == 0:
                    raise DiceError(f"{value!r} rolls no dice")
                bonus = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
                return cls(count, int(match.group(2)), bonus)
        raise DiceError(
            f"expected a whole number or a dice expression like D3, 2D6, D6+1; got {value!r}"
        )

    @property
    def is_fixed(self) -> bool:
        return self.count == 0

    @property
    def faces(self) -> int:
        return 3 if self.sides == 3 else 6

    @property
    def minimum(self) -> int:
        return self.count + self.bonus

    @property
    def maximum(self) -> int:
        return self.count * self.faces + self.bonus

    @property
    def mean(self) -> Fraction:
        return Fraction(self.count * (self.faces + 1), 2) + self.bonus

    def plus(self, value: int) -> Dice:
        """The expression with ``value`` added (stat_mod on attacks or damage, section 3.2)."""
        return Dice(self.count, self.sides, self.bonus + value)

    def distribution(self) -> tuple[Fraction, ...]:
        """Exact probabilities indexed by value, from 0 to :attr:`maximum`."""
        return _distribution(self.count, self.faces, self.bonus)

    def pmf(self, exact: bool = False) -> npt.NDArray[Any]:
        """:meth:`distribution` as a numpy array (object dtype of Fractions when ``exact``)."""
        dist = self.distribution()
        if exact:
            return np.array(dist, dtype=object)
        return np.array([float(p) for p in dist], dtype=np.float64)

    def roll(self, d6: list[int]) -> int:
        """The value of this expression for the given D6 results (one per die, AOS-1.5)."""
        if len(d6) != self.count:
            raise DiceError(f"{self} needs {self.count} dice, got {len(d6)}")
        return sum((d + 1) // 2 if self.sides == 3 else d for d in d6) + self.bonus

    def __str__(self) -> str:
        if self.is_fixed:
            return str(self.bonus)
        head = f"{self.count if self.count > 1 else ''}D{self.sides}"
        if self.bonus:
            return f"{head}{self.bonus:+d}"
        return head


@cache
def _distribution(count: int, faces: int, bonus: int) -> tuple[Fraction, ...]:
    dist: list[Fraction] = [Fraction(1)]
    one = Fraction(1, faces)
    for _ in range(count):
        nxt = [Fraction(0)] * (len(dist) + faces)
        for value, p in enumerate(dist):
            if p:
                for face in range(1, faces + 1):
                    nxt[value + face] += p * one
        dist = nxt
    while len(dist) > 1 and dist[-1] == 0:
        dist.pop()
    return tuple([Fraction(0)] * bonus + dist) if bonus >= 0 else tuple(dist[-bonus:])


def _validate(value: object) -> Dice:
    try:
        return Dice.parse(value)
    except DiceError as exc:
        raise ValueError(str(exc)) from None


def _serialize(value: Dice) -> int | str:
    return value.bonus if value.is_fixed else str(value)


DiceField = Annotated[Dice, PlainValidator(_validate), PlainSerializer(_serialize)]
"""A pydantic field holding a :class:`Dice` read from an int or a string."""
