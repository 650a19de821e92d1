"""Where the dice of an attack come from: the core RNG, or a script (D-38).

A die is drawn with a step name ("hit", "hit_reroll", "ward", ...) so that a scripted source can
log which die went where and say which step ran out. `RngDice` draws from the seeded core RNG
(`bitva.core.rng.Rng`); `ScriptedDice` replays a list of faces in the canonical draw order of
D-38, which is how the worked examples of rules section 8 are written.

>>> dice = ScriptedDice([2, 5])
>>> dice.value(Dice.parse("D3"), "damage"), dice.d6("ward"), dice.log
(1, 5, [('damage', 2), ('ward', 5)])
>>> 1 <= RngDice(Rng(7)).d6("hit") <= 6
True
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator

from bitva.core.errors import BitvaError
from bitva.core.rng import Rng
from bitva.games.age_of_sigmar.dice import Dice, DiceError

# RngDice takes this many dice from one draw below 6**24 < 2**64: each digit in base 6 of a
# uniform number below 6**n is a uniform die, independent of the others (and Rng.below has no
# modulo bias), so this is exact and four times faster than a draw per die.
DICE_PER_DRAW = 24
_BLOCK = 6**DICE_PER_DRAW


class ScriptExhausted(BitvaError):
    """The scripted dice ran out before the attack was resolved."""


class DiceSource(ABC):
    """Something that rolls D6s, one at a time, in the order the rules draw them."""

    @abstractmethod
    def d6(self, step: str) -> int:
        """One D6 for `step` of the sequence (AOS-1.5)."""

    def value(self, dice: Dice, step: str) -> int:
        """The value of a dice expression: a fixed value draws nothing; a D3 is a D6 halved and
        rounded up (AOS-1.5, T-1)."""
        total = dice.bonus
        if dice.sides == 3:
            for _ in range(dice.count):
                total += (self.d6(step) + 1) // 2
        else:
            for _ in range(dice.count):
                total += self.d6(step)
        return total


class RngDice(DiceSource):
    """Dice from the seeded core RNG (24 dice per 64-bit draw, see `DICE_PER_DRAW`)."""

    __slots__ = ("_block", "_left", "rng")

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self._block = 0
        self._left = 0

    def d6(self, step: str = "") -> int:
        if not self._left:
            self._block = self.rng.below(_BLOCK)
            self._left = DICE_PER_DRAW
        self._left -= 1
        self._block, face = divmod(self._block, 6)
        return face + 1


class ScriptedDice(DiceSource):
    """The given faces in order, each logged as ``(step, face)``."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces: Iterator[int] = iter(faces)
        self.log: list[tuple[str, int]] = []

    def d6(self, step: str) -> int:
        try:
            face = next(self._faces)
        except StopIteration:
            raise ScriptExhausted(f"no die left for step {step!r}") from None
        if not 1 <= face <= 6:
            raise DiceError(f"a D6 shows 1 to 6, got {face}")
        self.log.append((step, face))
        return face
