"""Shared builders for the Age of Sigmar tests (rules section 8 units)."""

from __future__ import annotations

from bitva.games.age_of_sigmar.calculator.profiles import TargetProfile
from bitva.games.age_of_sigmar.loader import builtin_warscrolls
from bitva.games.age_of_sigmar.units import ModelSpec, UnitSpec, default_unit
from bitva.games.age_of_sigmar.warscroll import Warscroll


def scroll(warscroll_id: str) -> Warscroll:
    return builtin_warscrolls()[warscroll_id]


def liberators(*loadouts: str, champion: bool = True) -> UnitSpec:
    """Liberators with the given loadouts; the first model is the Liberator-Prime."""
    models = tuple(
        ModelSpec(loadout, champion=champion and i == 0) for i, loadout in enumerate(loadouts)
    )
    return UnitSpec(scroll("liberators"), models)


def bloodreavers(n: int = 10, champion: bool = True) -> UnitSpec:
    """n Bloodreavers with Reaver Blades; the first is the Chieftain unless told otherwise."""
    return default_unit(scroll("bloodreavers"), models=n, champion=champion)


def br_target(n: int = 10) -> TargetProfile:
    """n Bloodreavers: W1, Sv 6+, Br 5 (section 8 abbreviations)."""
    return TargetProfile(wounds=(1,) * n, save=6, bravery=5)
