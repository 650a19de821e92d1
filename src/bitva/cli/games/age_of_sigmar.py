"""Age of Sigmar in the terminal: the commands of its exact calculator.

Age of Sigmar is not a registered game yet (its engine is warscrolls, the attack resolver and the
calculator); its adapter is the generic one that brings the game's own commands,
`bitva calc aos` and `bitva calc aos-bench` (`age_of_sigmar_calc.py`, rules section 5,
CALC-1..13), and `bitva calc aos-reach`, issue 22's reach analysis of a battle file
(`age_of_sigmar_reach.py`). The command line mounts them as it mounts any game's `commands`,
so nothing shared names the game; once the game is registered (issue 22) the same adapter serves it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import typer

from bitva.cli.games.age_of_sigmar_calc import app as calculators
from bitva.cli.games.age_of_sigmar_reach import mount
from bitva.cli.games.generic import GenericAdapter


class AgeOfSigmarAdapter(GenericAdapter):
    """The generic adapter with the calculator's commands under `bitva calc`."""

    commands: Mapping[str, typer.Typer] = MappingProxyType({"calc": calculators})


mount(calculators)
ADAPTER = AgeOfSigmarAdapter()
