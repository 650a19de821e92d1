"""Calculator inputs (CALC-2): attack profiles, the target, options. Plain numbers only (CALC-1).

The numbers themselves are the game's (:mod:`bitva.games.age_of_sigmar.profiles`), shared with
the die-by-die resolver; the calculator's options are the attack options. The resolver in
:mod:`bitva.games.age_of_sigmar.calculator.resolve` turns warscrolls, loadouts and the
situation into these;
the ad-hoc profile string ``"5x2/4+/3+/-1/D3"`` is read by :func:`parse_profile`.
"""

from __future__ import annotations

import re

from bitva.games.age_of_sigmar.dice import Dice, DiceError
from bitva.games.age_of_sigmar.profiles import (
    POLICIES,
    Allocation,
    AttackOptions,
    AttackProfile,
    ProfileError,
    RerollKind,
    TargetProfile,
    Trigger,
)

CalcOptions = AttackOptions
"""The calculator's options (CALC-2) are the options of the attacks it weighs."""

__all__ = [
    "POLICIES",
    "Allocation",
    "AttackProfile",
    "CalcOptions",
    "ProfileError",
    "RerollKind",
    "TargetProfile",
    "Trigger",
    "parse_profile",
]


_PROFILE_RE = re.compile(
    r"^\s*(?:(\d+)\s*[xX*]\s*)?([^/]+)/\s*(\d)\+?\s*/\s*(\d)\+?\s*/\s*([-+]?\d+|-)\s*/\s*([^/]+)$"
)


def parse_profile(text: str) -> AttackProfile:
    """``"MODELSxA/H/W/R/D"``, e.g. ``"5x2/4+/3+/-1/D3"`` (MODELS defaults to 1, R may be ``-``).

    >>> p = parse_profile("5x2/4+/3+/-1/D3")
    >>> (p.n_models, str(p.attacks), p.hit, p.wound, p.rend, str(p.damage))
    (5, '2', 4, 3, -1, 'D3')
    """
    match = _PROFILE_RE.match(text)
    if not match:
        raise ProfileError(
            f"cannot read profile {text!r}: expected MODELSxA/H/W/R/D such as 5x2/4+/3+/-1/D3"
        )
    models, attacks, hit, wound, rend, damage = match.groups()
    try:
        attacks_dice = Dice.parse(attacks.strip())
        damage_dice = Dice.parse(damage.strip())
    except DiceError as exc:
        raise ProfileError(f"profile {text!r}: {exc}") from None
    rend_value = 0 if rend == "-" else int(rend)
    if rend_value > 0:
        raise ProfileError(f"profile {text!r}: rend is 0 or negative, got {rend}")
    hit_value, wound_value = int(hit), int(wound)
    for label, value in (("hit", hit_value), ("wound", wound_value)):
        if not 2 <= value <= 6:
            raise ProfileError(f"profile {text!r}: {label} must be 2+ to 6+, got {value}+")
    n_models = int(models) if models else 1
    if n_models < 1:
        raise ProfileError(f"profile {text!r}: at least 1 model")
    return AttackProfile(
        hit=hit_value,
        wound=wound_value,
        rend=rend_value,
        damage=damage_dice,
        attacks=attacks_dice,
        n_models=n_models,
        name=text.strip(),
    )
