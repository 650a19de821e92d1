"""The exact distribution of wounds one unit's attacks inflict (CALC-3 to CALC-7).

No sampling and no smoothing: each die face is weighed by its exact chance after re-rolls
(CALC-3), triggers read the face (D-20), and attacks combine by convolution (CALC-7). What one
die does (`succeeds`, `save_modifier`) is the game's rule, shared with the die-by-die resolver.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from bitva.games.age_of_sigmar.attack import save_modifier, succeeds
from bitva.games.age_of_sigmar.calculator import pmf as P
from bitva.games.age_of_sigmar.calculator.pmf import Pmf
from bitva.games.age_of_sigmar.calculator.profiles import (
    AttackProfile,
    CalcOptions,
    RerollKind,
    TargetProfile,
    Trigger,
)
from bitva.games.age_of_sigmar.dice import Dice

FACES = (1, 2, 3, 4, 5, 6)


def rerolled_faces(
    modifier: int, target: int, reroll: frozenset[RerollKind], natural_one_fails: bool
) -> frozenset[int]:
    """CALC-3's S: failing faces the owner may re-roll. "ones" is the unmodified 1 and only when
    it fails (a 1 that succeeds is kept); "failed" and "any" take every failing face (D-19)."""
    failing = {f for f in FACES if not succeeds(f, modifier, target, natural_one_fails)}
    chosen: set[int] = set()
    if "ones" in reroll and 1 in failing:
        chosen.add(1)
    if "failed" in reroll or "any" in reroll:
        chosen |= failing
    return frozenset(chosen)


def face_chances(
    modifier: int,
    target: int,
    reroll: frozenset[RerollKind],
    natural_one_fails: bool,
    *,
    exact: bool,
) -> list[Any]:
    """CALC-3: chance the final die shows each face 1..6, re-rolls before modifiers (AOS-1.6,
    D-19): ``q(d) = [d not in S]/6 + |S|/36``. Index 0 is face 1."""
    chosen = rerolled_faces(modifier, target, reroll, natural_one_fails)
    return [P.number((0 if face in chosen else 6) + len(chosen), 36, exact=exact) for face in FACES]


def unsaved_chance(
    profile: AttackProfile, target: TargetProfile, rend: int, options: CalcOptions, *, exact: bool
) -> Any:
    """CALC-4: chance a wound is not saved; a Save of "-" is never made (D-21)."""
    if target.save is None:
        return P.number(1, exact=exact)
    ms = save_modifier(profile, target, rend)
    chances = face_chances(
        ms, target.save, target.save_reroll, options.natural_one_fails, exact=exact
    )
    return sum(
        (
            q
            for face, q in zip(FACES, chances, strict=True)
            if not succeeds(face, ms, target.save, options.natural_one_fails)
        ),
        P.number(0, exact=exact),
    )


def retaliation_per_save(
    profile: AttackProfile, target: TargetProfile, rend: int, options: CalcOptions, *, exact: bool
) -> Any:
    """Mean mortal wounds the attacker suffers per save die rolled (``attacker_mortal_wounds``)."""
    zero = P.number(0, exact=exact)
    if target.save is None or not target.save_triggers:
        return zero
    ms = save_modifier(profile, target, rend)
    chances = face_chances(
        ms, target.save, target.save_reroll, options.natural_one_fails, exact=exact
    )
    total = zero
    for face, q in zip(FACES, chances, strict=True):
        for trig in target.save_triggers:
            if trig.attacker_mortal_wounds is not None and trig.matches(face, ms):
                amount = trig.attacker_mortal_wounds.mean
                total += q * (amount if exact else float(amount))
    return total


def keep_chance(ward: int | None, *, exact: bool) -> Any:
    """Chance a wound survives a ward of ``ward``+ (CALC-4: ``1 - (7 - on)/6``)."""
    if ward is None:
        return P.number(1, exact=exact)
    ignored = min(6, max(0, 7 - ward))
    return P.number(6 - ignored, 6, exact=exact)


def dice_pmf(dice: Dice, *, exact: bool) -> Pmf:
    return dice.pmf(exact=exact)


def _mortal_part(
    matched: Sequence[Trigger], target: TargetProfile, *, exact: bool
) -> tuple[Pmf, bool]:
    """The mortal wounds a die face causes (all matched outcomes add), ward-thinned, and whether
    one of them ends the attack (section 3.2 ``then = end``)."""
    part = P.delta(0, exact=exact)
    end = False
    for trig in matched:
        if trig.mortal_wounds is not None:
            part = P.convolve(part, dice_pmf(trig.mortal_wounds, exact=exact))
            end = end or trig.end
    if target.mortal_ward is not None and len(part) > 1:
        part = P.thin(part, keep_chance(target.mortal_ward, exact=exact))
    return part, end


def _most_specific(matched: Sequence[Trigger], outcome: str) -> Trigger | None:
    """Among matched triggers giving ``outcome``, the one with the highest ``on`` (later wins a
    tie): "on a 6, 3 hits" overrides "on a 5+, 2 hits"."""
    best: Trigger | None = None
    for trig in matched:
        if getattr(trig, outcome) is not None and (best is None or trig.on >= best.on):
            best = trig
    return best


@dataclass(frozen=True)
class AttackLaw:
    """Per-attack results of CALC-6: the wounds law and the mean retaliation it provokes."""

    wounds: Pmf
    retaliation: Any


def per_hit(
    profile: AttackProfile, target: TargetProfile, options: CalcOptions, *, exact: bool
) -> tuple[Pmf, Any]:
    """CALC-5: wounds (normal after save and ward, plus mortal) caused by one hit, and mean
    retaliation per hit."""
    chances = face_chances(
        profile.wound_mod,
        profile.wound,
        profile.wound_reroll,
        options.natural_one_fails,
        exact=exact,
    )
    keep = keep_chance(target.ward, exact=exact)
    law = P.zeros(1, exact=exact)
    retaliation = P.number(0, exact=exact)
    for face, q in zip(FACES, chances, strict=True):
        if not q:
            continue
        matched = [t for t in profile.wound_triggers if t.matches(face, profile.wound_mod)]
        mortal, end = _mortal_part(matched, target, exact=exact)
        ok = succeeds(face, profile.wound_mod, profile.wound, options.natural_one_fails)
        if end or not ok:
            normal = P.delta(0, exact=exact)
        else:
            rend = profile.rend + sum(t.rend for t in matched if t.rend is not None)
            damage_trigger = _most_specific(matched, "damage")
            damage = damage_trigger.damage if damage_trigger is not None else profile.damage
            assert damage is not None
            damage_law = dice_pmf(damage, exact=exact)
            if target.ward is not None:
                damage_law = P.thin(damage_law, keep)
            u = unsaved_chance(profile, target, rend, options, exact=exact)
            normal = P.add_scaled(damage_law * u, P.delta(0, exact=exact), 1 - u)
            retaliation += q * retaliation_per_save(profile, target, rend, options, exact=exact)
        law = P.add_scaled(law, P.convolve(normal, mortal), q)
    return law, retaliation


def per_attack(
    profile: AttackProfile, target: TargetProfile, options: CalcOptions, *, exact: bool
) -> AttackLaw:
    """CALC-6: ``A = sum_d q_h(d) * (sum_k P(K_d = k) H^(*k)) (*) M_d``."""
    hit_law, hit_retaliation = per_hit(profile, target, options, exact=exact)
    chances = face_chances(
        profile.hit_mod, profile.hit, profile.hit_reroll, options.natural_one_fails, exact=exact
    )
    law = P.zeros(1, exact=exact)
    retaliation = P.number(0, exact=exact)
    for face, q in zip(FACES, chances, strict=True):
        if not q:
            continue
        matched = [t for t in profile.hit_triggers if t.matches(face, profile.hit_mod)]
        mortal, end = _mortal_part(matched, target, exact=exact)
        if end or not succeeds(face, profile.hit_mod, profile.hit, options.natural_one_fails):
            hits = P.delta(0, exact=exact)
        else:
            hits_trigger = _most_specific(matched, "hits")
            hits_dice = hits_trigger.hits if hits_trigger is not None else Dice.fixed(1)
            assert hits_dice is not None
            hits = dice_pmf(hits_dice, exact=exact)
        from_hits = P.power_series(hits, hit_law)
        law = P.add_scaled(law, P.convolve(from_hits, mortal), q)
        retaliation += q * P.mean(hits) * hit_retaliation
    return AttackLaw(P.trim(law), retaliation)


def attacks_per_model(profile: AttackProfile, *, exact: bool) -> Pmf:
    """A model's attacks with this weapon: its Attacks plus ``extra_attacks``, never below 0."""
    law = dice_pmf(profile.attacks, exact=exact)
    shift = profile.extra_attacks
    if shift >= 0:
        return np.concatenate([P.zeros(shift, exact=exact), law])
    out = P.zeros(max(1, len(law) + shift), exact=exact)
    for value, p in enumerate(law):
        out[max(0, value + shift)] += p
    return out


def attack_count(profile: AttackProfile, *, exact: bool) -> Pmf:
    """CALC-7: N, the convolution over models of each model's attacks (dice rolled per model,
    AOS-11.1)."""
    return P.power(attacks_per_model(profile, exact=exact), profile.n_models)


def profile_wounds(
    profile: AttackProfile, target: TargetProfile, options: CalcOptions, *, exact: bool
) -> tuple[Pmf, AttackLaw]:
    """CALC-7: ``P_profile = sum_n P(N = n) A^(*n)`` and the per-attack law it came from."""
    attack = per_attack(profile, target, options, exact=exact)
    return P.trim(P.power_series(attack_count(profile, exact=exact), attack.wounds)), attack


def total_wounds(
    profiles: Sequence[AttackProfile],
    target: TargetProfile,
    options: CalcOptions,
    *,
    exact: bool = False,
) -> Pmf:
    """W, the wounds all profiles inflict before allocation: their convolution (CALC-7)."""
    law = P.delta(0, exact=exact)
    for profile in profiles:
        law = P.convolve(law, profile_wounds(profile, target, options, exact=exact)[0])
    return P.trim(law)
