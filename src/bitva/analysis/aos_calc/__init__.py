"""Age of Sigmar exact combat calculator (rules section 5, CALC-1..CALC-13).

``calculate`` gives the exact laws of wounds, models slain and battleshock; ``simulate`` is the
seeded Monte Carlo reference; ``resolve`` turns warscrolls into calculator profiles.
"""

from bitva.analysis.aos_calc.calculator import CalcResult, calculate
from bitva.analysis.aos_calc.montecarlo import MonteCarloResult, simulate
from bitva.analysis.aos_calc.profiles import (
    AttackProfile,
    CalcOptions,
    ProfileError,
    TargetProfile,
    Trigger,
    parse_profile,
)
from bitva.analysis.aos_calc.resolve import Resolution, Situation, resolve

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
