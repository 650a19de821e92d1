"""The exact combat calculator's front door (CALC-1, CALC-11).

>>> from bitva.games.age_of_sigmar.calculator.profiles import parse_profile, TargetProfile
>>> result = calculate([parse_profile("5x2/4+/3+/0/1")], TargetProfile(wounds=(1,) * 10, save=6))
>>> round(result.mean_damage, 4)
2.7778
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bitva.core.errors import BitvaError
from bitva.games.age_of_sigmar.calculator import allocation as A
from bitva.games.age_of_sigmar.calculator import exact as E
from bitva.games.age_of_sigmar.calculator import pmf as P
from bitva.games.age_of_sigmar.calculator.pmf import Pmf
from bitva.games.age_of_sigmar.calculator.profiles import (
    POLICIES,
    Allocation,
    AttackProfile,
    CalcOptions,
    TargetProfile,
)

PERCENTILES = (10, 25, 50, 75, 90)
SAVE_COLUMNS: tuple[int | None, ...] = (2, 3, 4, 5, 6, None)

# The bounds of one calculation. Its work grows with the square of the most wounds the attacks
# can inflict (CALC-7 convolves the law of one attack once per possible attack), so these keep
# the largest calculation to a few seconds and a few megabytes; beyond them a calculation is
# refused at once instead of running for minutes.
MAX_ATTACKS = 10_000  # the most attacks in all: models x the most attacks a model makes
MAX_WOUNDS = 60_000  # the most wounds in all: attacks x the most wounds one attack inflicts
MAX_TARGET_MODELS = 10_000


class CalculationTooLarge(BitvaError):
    """Attacks beyond the calculator's bounds (MAX_ATTACKS, MAX_WOUNDS, MAX_TARGET_MODELS)."""


@dataclass(frozen=True)
class Size:
    """How large a calculation is: the most attacks and the most wounds the profiles can
    inflict, and the target's models."""

    attacks: int
    wounds: int
    target_models: int


def calculation_size(
    profiles: Sequence[AttackProfile], target: TargetProfile, options: CalcOptions
) -> Size:
    """The size of a calculation, from the profiles' largest values (nothing is convolved)."""
    attacks = wounds = 0
    for profile in profiles:
        most = profile.n_models * max(0, profile.attacks.maximum + profile.extra_attacks)
        attacks += most
        wounds += most * (len(E.per_attack(profile, target, options, exact=False).wounds) - 1)
    return Size(attacks, wounds, target.n_models)


def check_size(
    profiles: Sequence[AttackProfile], target: TargetProfile, options: CalcOptions
) -> None:
    """CalculationTooLarge, in one line, for a calculation beyond the bounds."""
    size = calculation_size(profiles, target, options)
    limits = (
        (size.attacks, MAX_ATTACKS, "attacks"),
        (size.wounds, MAX_WOUNDS, "wounds"),
        (size.target_models, MAX_TARGET_MODELS, "target models"),
    )
    for value, bound, what in limits:
        if value > bound:
            raise CalculationTooLarge(
                f"too large to calculate exactly: up to {value:,} {what}, and the calculator"
                f" takes at most {bound:,} (at most {MAX_ATTACKS:,} attacks and"
                f" {MAX_WOUNDS:,} wounds in all, {MAX_TARGET_MODELS:,} target models)"
            )


@dataclass(frozen=True)
class ProfileSummary:
    profile: AttackProfile
    mean_attacks: Any
    mean_wounds: Any


@dataclass(frozen=True)
class CalcResult:
    """Everything CALC-11 asks for. Arrays are indexed by value; with ``exact`` they hold
    Fractions, otherwise floats. Scalar summaries are floats either way, except the ``*_exact``
    helpers."""

    profiles: tuple[AttackProfile, ...]
    target: TargetProfile
    options: CalcOptions
    exact: bool
    damage_pmf: Pmf
    allocated_pmf: Pmf
    slain_pmf: dict[Allocation, Pmf]
    flee_pmf: Pmf
    losses_pmf: Pmf
    gone_probability: Any
    per_profile: tuple[ProfileSummary, ...]
    mean_vs_save: dict[str, Any]
    mean_retaliation: Any
    notes: tuple[str, ...] = field(default=())

    @property
    def policy(self) -> Allocation:
        return self.options.allocation

    @property
    def mean_damage(self) -> float:
        return float(P.mean(self.damage_pmf))

    @property
    def sd_damage(self) -> float:
        return math.sqrt(float(P.variance(self.damage_pmf)))

    @property
    def damage_tail(self) -> Pmf:
        """``P(W >= x)``."""
        return P.tail(self.damage_pmf)

    @property
    def percentiles(self) -> dict[int, int]:
        return {p: P.percentile(self.damage_pmf, p / 100) for p in PERCENTILES}

    def mean_slain(self, policy: Allocation | None = None) -> float:
        return float(P.mean(self.slain_pmf[policy or self.policy]))

    def wipe_probability(self, policy: Allocation | None = None) -> Any:
        """CALC-9: ``P(W >= sum R)``; the same for both policies, kept per policy for clarity."""
        return self.slain_pmf[policy or self.policy][self.target.n_models]

    @property
    def mean_flee(self) -> float:
        return float(P.mean(self.flee_pmf))

    @property
    def mean_losses(self) -> float:
        return float(P.mean(self.losses_pmf))

    @property
    def total_probability(self) -> float:
        return float(sum(self.damage_pmf))


def _save_label(save: int | None) -> str:
    return "-" if save is None else f"{save}+"


def mean_against_save(
    profiles: Sequence[AttackProfile],
    target: TargetProfile,
    options: CalcOptions,
    save: int | None,
    *,
    exact: bool = False,
) -> Any:
    """Mean W against a plain target with Save ``save``: no save modifiers, re-rolls, ward or
    ethereal (the CALC-11 table, "no cover")."""
    plain = replace(
        target,
        save=save,
        save_mod=0,
        save_reroll=frozenset(),
        ignore_save_mods="none",
        ward=None,
        mortal_ward=None,
    )
    return mean_wounds(profiles, plain, options, exact=exact)


def mean_wounds(
    profiles: Sequence[AttackProfile],
    target: TargetProfile,
    options: CalcOptions,
    *,
    exact: bool = False,
) -> Any:
    """Mean W of ``profiles`` against ``target`` (CALC-6): each profile's mean number of attacks
    times the mean wounds of one attack, without building the whole law."""
    total = P.number(0, exact=exact)
    for profile in profiles:
        attack = E.per_attack(profile, target, options, exact=exact)
        total += P.mean(E.attack_count(profile, exact=exact)) * P.mean(attack.wounds)
    return total


def calculate(
    profiles: Sequence[AttackProfile],
    target: TargetProfile,
    options: CalcOptions | None = None,
    *,
    exact: bool = False,
    notes: Sequence[str] = (),
) -> CalcResult:
    """The exact CALC-11 outputs for ``profiles`` attacking ``target``. A calculation beyond the
    bounds (MAX_ATTACKS, MAX_WOUNDS, MAX_TARGET_MODELS) raises CalculationTooLarge at once."""
    options = options or CalcOptions()
    check_size(profiles, target, options)
    damage = P.delta(0, exact=exact)
    summaries: list[ProfileSummary] = []
    retaliation = P.number(0, exact=exact)
    for profile in profiles:
        law, attack = E.profile_wounds(profile, target, options, exact=exact)
        damage = P.convolve(damage, law)
        mean_attacks = P.mean(E.attack_count(profile, exact=exact))
        summaries.append(ProfileSummary(profile, mean_attacks, P.mean(law)))
        retaliation += mean_attacks * attack.retaliation
    damage = P.trim(damage)
    slain = {policy: A.slain_pmf(damage, target, policy) for policy in POLICIES}
    shock = A.battleshock(slain[options.allocation], target)
    vs_save = {
        _save_label(save): mean_against_save(profiles, target, options, save, exact=exact)
        for save in SAVE_COLUMNS
    }
    return CalcResult(
        profiles=tuple(profiles),
        target=target,
        options=options,
        exact=exact,
        damage_pmf=damage,
        allocated_pmf=A.allocated_pmf(damage, target),
        slain_pmf=slain,
        flee_pmf=shock.flee,
        losses_pmf=shock.losses,
        gone_probability=shock.gone,
        per_profile=tuple(summaries),
        mean_vs_save=vs_save,
        mean_retaliation=retaliation,
        notes=tuple(notes),
    )
