"""Seeded Monte Carlo reference: the same attack rules rolled die by die (CALC-12).

Independent of :mod:`bitva.analysis.aos_calc.exact`: it rolls every die (attacks per model, hit,
re-roll, outcome, wound, save, damage, ward, battleshock), vectorised over trials with numpy. Tests
and ``bitva calc aos-bench`` compare it with the exact laws within standard errors.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from bitva.analysis.aos_calc.profiles import (
    POLICIES,
    Allocation,
    AttackProfile,
    CalcOptions,
    RerollKind,
    TargetProfile,
    Trigger,
)
from bitva.games.age_of_sigmar.dice import Dice

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class MonteCarloResult:
    """Per-trial samples: wounds inflicted (W), models slain per policy, fled, losses and the
    attacker's mortal wounds from the target's save triggers."""

    trials: int
    seed: int
    damage: IntArray
    slain: dict[Allocation, IntArray]
    flee: IntArray
    losses: IntArray
    retaliation: IntArray

    @staticmethod
    def pmf(samples: IntArray, length: int | None = None) -> npt.NDArray[np.float64]:
        counts = np.bincount(samples, minlength=length or 0).astype(np.float64)
        return counts / len(samples)

    @staticmethod
    def mean_and_se(samples: IntArray) -> tuple[float, float]:
        """Sample mean and its standard error."""
        values = samples.astype(np.float64)
        return float(values.mean()), float(values.std(ddof=1) / np.sqrt(len(values)))


def _succeeds(faces: IntArray, mods: Any, target: int, one_fails: bool) -> BoolArray:
    ok: BoolArray = faces + mods >= target
    if one_fails:
        ok &= faces != 1
    return ok


def _roll_with_rerolls(
    rng: np.random.Generator,
    size: int,
    mods: Any,
    target: int,
    reroll: frozenset[RerollKind],
    one_fails: bool,
) -> IntArray:
    """Roll, then re-roll once each die the owner may (AOS-1.6, D-19): an unmodified 1 that
    fails for "ones", any failing die for "failed"/"any"; modifiers apply to the final die."""
    faces = rng.integers(1, 7, size=size)
    if not reroll or size == 0:
        return faces
    fails = ~_succeeds(faces, mods, target, one_fails)
    again = np.zeros(size, dtype=bool)
    if "ones" in reroll:
        again |= fails & (faces == 1)
    if "failed" in reroll or "any" in reroll:
        again |= fails
    faces[again] = rng.integers(1, 7, size=int(again.sum()))
    return faces


def _matches(trig: Trigger, faces: IntArray, mods: Any) -> BoolArray:
    value = faces if trig.unmodified else faces + mods
    matched: BoolArray = value >= trig.on
    return matched


def _sample(dice: Dice, rng: np.random.Generator, size: int) -> IntArray:
    return dice.sample(rng, size) if size else np.zeros(0, dtype=np.int64)


def _mortals(
    triggers: Sequence[Trigger],
    faces: IntArray,
    mods: Any,
    owner: IntArray,
    trials: int,
    rng: np.random.Generator,
    keep: float,
) -> tuple[IntArray, BoolArray]:
    """Mortal wounds per trial from matched outcomes, each wound point facing the ward."""
    total = np.zeros(trials, dtype=np.int64)
    end = np.zeros(len(faces), dtype=bool)
    for trig in triggers:
        if trig.mortal_wounds is None:
            continue
        hit = _matches(trig, faces, mods)
        amounts = _sample(trig.mortal_wounds, rng, int(hit.sum()))
        if keep < 1:
            amounts = rng.binomial(amounts, keep)
        total += np.bincount(owner[hit], weights=amounts, minlength=trials).astype(np.int64)
        if trig.end:
            end |= hit
    return total, end


def _keep(ward: int | None) -> float:
    return 1.0 if ward is None else (6 - min(6, max(0, 7 - ward))) / 6


def _profile_once(
    profile: AttackProfile,
    target: TargetProfile,
    options: CalcOptions,
    trials: int,
    rng: np.random.Generator,
) -> tuple[IntArray, IntArray]:
    """Wounds and attacker mortal wounds per trial for one profile."""
    one = options.natural_one_fails
    counts = np.zeros(trials, dtype=np.int64)
    for _ in range(profile.n_models):  # Attacks rolled per model (AOS-11.1)
        counts += np.maximum(0, profile.attacks.sample(rng, trials) + profile.extra_attacks)
    owner = np.repeat(np.arange(trials), counts)

    # Hit rolls (AOS-11.4.1) and their outcomes.
    hit_faces = _roll_with_rerolls(
        rng, len(owner), profile.hit_mod, profile.hit, profile.hit_reroll, one
    )
    wounds, end = _mortals(
        profile.hit_triggers,
        hit_faces,
        profile.hit_mod,
        owner,
        trials,
        rng,
        _keep(target.mortal_ward),
    )
    hit_ok = _succeeds(hit_faces, profile.hit_mod, profile.hit, one) & ~end
    hits = hit_ok.astype(np.int64)
    for trig in sorted(profile.hit_triggers, key=lambda t: t.on):  # highest "on" wins
        if trig.hits is not None:
            chosen = hit_ok & _matches(trig, hit_faces, profile.hit_mod)
            hits[chosen] = _sample(trig.hits, rng, int(chosen.sum()))
    owner = np.repeat(owner, hits)

    # Wound rolls (AOS-11.4.2) and their outcomes.
    wound_faces = _roll_with_rerolls(
        rng, len(owner), profile.wound_mod, profile.wound, profile.wound_reroll, one
    )
    mortal, end = _mortals(
        profile.wound_triggers,
        wound_faces,
        profile.wound_mod,
        owner,
        trials,
        rng,
        _keep(target.mortal_ward),
    )
    wounds += mortal
    wounded = _succeeds(wound_faces, profile.wound_mod, profile.wound, one) & ~end
    rend = np.full(len(owner), profile.rend, dtype=np.int64)
    damage_choice = np.full(len(owner), -1, dtype=np.int64)
    for index, trig in sorted(enumerate(profile.wound_triggers), key=lambda it: it[1].on):
        matched = _matches(trig, wound_faces, profile.wound_mod)
        if trig.rend is not None:
            rend[matched] += trig.rend
        if trig.damage is not None:
            damage_choice[matched] = index
    owner, rend, damage_choice = owner[wounded], rend[wounded], damage_choice[wounded]

    # Save rolls (AOS-11.4.3, CALC-4), re-rolled before modifiers.
    retaliation = np.zeros(trials, dtype=np.int64)
    if target.save is None:
        unsaved = np.ones(len(owner), dtype=bool)  # D-21
    else:
        mods = target.save_mod + profile.save_mod
        if target.ignore_save_mods == "all":
            ms: Any = 0
        elif target.ignore_save_mods == "rend":
            ms = mods
        else:
            ms = rend + mods
        faces = _roll_with_rerolls(rng, len(owner), ms, target.save, target.save_reroll, one)
        unsaved = ~_succeeds(faces, ms, target.save, one)
        for trig in target.save_triggers:
            if trig.attacker_mortal_wounds is not None:
                hit = _matches(trig, faces, ms)
                amounts = _sample(trig.attacker_mortal_wounds, rng, int(hit.sum()))
                retaliation += np.bincount(owner[hit], weights=amounts, minlength=trials).astype(
                    np.int64
                )
    owner, damage_choice = owner[unsaved], damage_choice[unsaved]

    # Damage (AOS-11.4.4), then a ward roll per wound point (CALC-4).
    damage = np.zeros(len(owner), dtype=np.int64)
    for index in np.unique(damage_choice):
        chosen = damage_choice == index
        dice = profile.damage if index < 0 else profile.wound_triggers[int(index)].damage
        assert dice is not None
        damage[chosen] = _sample(dice, rng, int(chosen.sum()))
    if target.ward is not None:
        damage = rng.binomial(damage, _keep(target.ward))
    wounds += np.bincount(owner, weights=damage, minlength=trials).astype(np.int64)
    return wounds, retaliation


def _battleshock(target: TargetProfile, slain: IntArray, rng: np.random.Generator) -> IntArray:
    """AOS-10.2: a D6 plus models slain this turn against Bravery + 1 per 10 models left."""
    faces = rng.integers(1, 7, size=len(slain))
    left = target.n_models - slain
    if not target.tests_battleshock:
        return np.zeros(len(slain), dtype=np.int64)
    assert target.bravery is not None
    excess = faces + target.slain_before + slain - (target.bravery + left // 10)
    fled = np.clip(excess, 0, left)
    tested = (left > 0) & (target.slain_before + slain > 0)
    result: IntArray = np.where(tested, fled, 0)
    return result


def simulate(
    profiles: Sequence[AttackProfile],
    target: TargetProfile,
    options: CalcOptions | None = None,
    *,
    trials: int = 100_000,
    seed: int = 0,
    chunk: int = 100_000,
) -> MonteCarloResult:
    """``trials`` seeded runs of the whole attack, allocation and battleshock."""
    options = options or CalcOptions()
    rng = np.random.default_rng(seed)
    damage_parts: list[IntArray] = []
    retaliation_parts: list[IntArray] = []
    done = 0
    while done < trials:
        size = min(chunk, trials - done)
        wounds = np.zeros(size, dtype=np.int64)
        retaliation = np.zeros(size, dtype=np.int64)
        for profile in profiles:
            w, r = _profile_once(profile, target, options, size, rng)
            wounds += w
            retaliation += r
        damage_parts.append(wounds)
        retaliation_parts.append(retaliation)
        done += size
    damage = np.concatenate(damage_parts)
    slain: dict[Allocation, IntArray] = {}
    for policy in POLICIES:
        order = sorted(target.wounds, reverse=policy == "min_slain")
        slain[policy] = np.searchsorted(np.cumsum(order), damage, side="right").astype(np.int64)
    flee = _battleshock(target, slain[options.allocation], rng)
    return MonteCarloResult(
        trials=trials,
        seed=seed,
        damage=damage,
        slain=slain,
        flee=flee,
        losses=slain[options.allocation] + flee,
        retaliation=np.concatenate(retaliation_parts),
    )
