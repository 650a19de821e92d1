"""One attack resolved literally from a list of dice in canonical draw order (AOS-11.5, D-38).

This is how the worked examples of section 8 (T-2, T-3) are stated, so the tests replay them
here. The resolver is the game's own (:mod:`bitva.games.age_of_sigmar.attack`), the one the
Monte Carlo cross-check samples; here it reads its dice from the list and logs every die drawn
as ``(step, face)``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bitva.games.age_of_sigmar.attack import AttackResult, resolve_attacks
from bitva.games.age_of_sigmar.calculator.profiles import AttackProfile, CalcOptions, TargetProfile
from bitva.games.age_of_sigmar.rolls import ScriptedDice, ScriptExhausted

ScriptedOutcome = AttackResult
"""What happened, with every die drawn in ``log``."""

__all__ = ["ScriptExhausted", "ScriptedOutcome", "resolve_scripted"]


def resolve_scripted(
    profiles: Sequence[AttackProfile],
    target: TargetProfile,
    dice: Iterable[int],
    options: CalcOptions | None = None,
    *,
    battleshock: bool = True,
) -> AttackResult:
    """Resolve all ``profiles`` against ``target`` with the given D6 results (D-38)."""
    return resolve_attacks(profiles, target, ScriptedDice(dice), options, battleshock=battleshock)
