"""Age of Sigmar exact combat calculator (rules section 5, CALC-1..CALC-13).

``calculate`` gives the exact laws of wounds, models slain and battleshock; ``simulate`` is the
seeded Monte Carlo reference; ``resolve`` turns warscrolls into calculator profiles.
"""

from bitva.games.age_of_sigmar.calculator.calculator import CalcResult, calculate
from bitva.games.age_of_sigmar.calculator.montecarlo import MonteCarloResult, simulate
from bitva.games.age_of_sigmar.calculator.profiles import (
    AttackProfile,
    CalcOptions,
    ProfileError,
    TargetProfile,
    Trigger,
    parse_profile,
)
from bitva.games.age_of_sigmar.calculator.resolve import Resolution, Situation, resolve

__all__ = [
    "AttackProfile",
    "CalcOptions",
    "CalcResult",
    "MonteCarloResult",
    "ProfileError",
    "Resolution",
    "Situation",
    "TargetProfile",
    "Trigger",
    "calculate",
    "parse_profile",
    "resolve",
    "simulate",
]
