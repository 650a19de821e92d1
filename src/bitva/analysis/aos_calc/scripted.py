"""One attack resolved literally from a list of dice in canonical draw order (AOS-11.5, D-38).

This is how the worked examples of section 8 (T-2, T-3) are stated, so the tests replay them here.
Attacks alike in every respect but their number are rolled together in one batch (AOS-11.5).
Within a batch: variable Attacks per model; hit dice; hit re-rolls; hit outcome dice; wound dice
(one per hit); wound re-rolls; wound outcome dice; saves; save re-rolls; save outcome dice; variable
Damage per unsaved wound. Then a ward die per wound point in the order the wounds arose, the
allocation (AOS-12.2) and, when asked, the battleshock die (AOS-10.2).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from bitva.analysis.aos_calc.allocation import fleeing, slain_by_pool
from bitva.analysis.aos_calc.exact import save_modifier, succeeds
from bitva.analysis.aos_calc.profiles import (
    AttackProfile,
    CalcOptions,
    RerollKind,
    TargetProfile,
    Trigger,
)
from bitva.games.age_of_sigmar.dice import Dice


class ScriptExhausted(ValueError):
    """The dice list ran out before the attack was resolved."""


@dataclass
class ScriptedOutcome:
    """What happened, with every die drawn as ``(step, face)`` in ``log``."""

    hits: int = 0
    wounds: int = 0
    unsaved: int = 0
    mortal_wounds: int = 0
    pool: int = 0
    slain: int = 0
    fled: int = 0
    retaliation: int = 0
    log: list[tuple[str, int]] = field(default_factory=list)

    @property
    def dice_used(self) -> int:
        return len(self.log)


class _Dice:
    def __init__(self, dice: Iterable[int], log: list[tuple[str, int]]) -> None:
        self._it: Iterator[int] = iter(dice)
        self._log = log

    def draw(self, step: str) -> int:
        try:
            face = next(self._it)
        except StopIteration:
            raise ScriptExhausted(f"no die left for step {step!r}") from None
        if not 1 <= face <= 6:
            raise ValueError(f"a D6 shows 1..6, got {face}")
        self._log.append((step, face))
        return face

    def value(self, dice: Dice, step: str) -> int:
        return dice.roll([self.draw(step) for _ in range(dice.count)])


def _rerolls(
    faces: list[int],
    mods: Sequence[int],
    target: int,
    reroll: frozenset[RerollKind],
    one_fails: bool,
    dice: _Dice,
    step: str,
) -> list[int]:
    """Re-roll each allowed die once, before modifiers (AOS-1.6, D-19)."""
    out = []
    for face, mod in zip(faces, mods, strict=True):
        fails = not succeeds(face, mod, target, one_fails)
        allowed = fails and (
            ("ones" in reroll and face == 1) or "failed" in reroll or "any" in reroll
        )
        out.append(dice.draw(step) if allowed else face)
    return out


def _best(matched: Sequence[Trigger], outcome: str) -> Trigger | None:
    best: Trigger | None = None
    for trig in matched:
        if getattr(trig, outcome) is not None and (best is None or trig.on >= best.on):
            best = trig
    return best


def _batches(profiles: Sequence[AttackProfile]) -> list[list[AttackProfile]]:
    batches: dict[tuple[object, ...], list[AttackProfile]] = {}
    for profile in profiles:
        batches.setdefault(profile.per_attack_key(), []).append(profile)
    return list(batches.values())


def resolve_scripted(
    profiles: Sequence[AttackProfile],
    target: TargetProfile,
    dice: Iterable[int],
    options: CalcOptions | None = None,
    *,
    battleshock: bool = True,
) -> ScriptedOutcome:
    """Resolve all ``profiles`` against ``target`` with the given D6 results (D-38)."""
    options = options or CalcOptions()
    one = options.natural_one_fails
    out = ScriptedOutcome()
    roll = _Dice(dice, out.log)
    points: list[tuple[str, int]] = []  # wound points in the order they arose: (kind, amount)
    for batch in _batches(profiles):
        p = batch[0]
        n_attacks = 0
        for profile in batch:
            for _ in range(profile.n_models):
                n_attacks += max(0, roll.value(profile.attacks, "attacks") + profile.extra_attacks)
        hit_faces = [roll.draw("hit") for _ in range(n_attacks)]
        hit_faces = _rerolls(
            hit_faces, [p.hit_mod] * n_attacks, p.hit, p.hit_reroll, one, roll, "hit_reroll"
        )
        n_hits = 0
        for face in hit_faces:
            matched = [t for t in p.hit_triggers if t.matches(face, p.hit_mod)]
            end = False
            for trig in matched:
                if trig.mortal_wounds is not None:
                    points.append(("mortal", roll.value(trig.mortal_wounds, "hit_outcome")))
                    end = end or trig.end
            if succeeds(face, p.hit_mod, p.hit, one) and not end:
                best = _best(matched, "hits")
                n_hits += (
                    1 if best is None or best.hits is None else roll.value(best.hits, "hit_outcome")
                )
        out.hits += n_hits
        wound_faces = [roll.draw("wound") for _ in range(n_hits)]
        wound_faces = _rerolls(
            wound_faces, [p.wound_mod] * n_hits, p.wound, p.wound_reroll, one, roll, "wound_reroll"
        )
        wounding: list[tuple[int, Dice]] = []  # (rend, damage) of each wound to save
        for face in wound_faces:
            matched = [t for t in p.wound_triggers if t.matches(face, p.wound_mod)]
            end = False
            for trig in matched:
                if trig.mortal_wounds is not None:
                    points.append(("mortal", roll.value(trig.mortal_wounds, "wound_outcome")))
                    end = end or trig.end
            if succeeds(face, p.wound_mod, p.wound, one) and not end:
                rend = p.rend + sum(t.rend for t in matched if t.rend is not None)
                best = _best(matched, "damage")
                damage = p.damage if best is None or best.damage is None else best.damage
                wounding.append((rend, damage))
        out.wounds += len(wounding)
        unsaved: list[Dice] = []
        if target.save is None:
            unsaved = [damage for _, damage in wounding]  # D-21: no save roll at all
        else:
            mods = [save_modifier(p, target, rend) for rend, _ in wounding]
            faces = [roll.draw("save") for _ in wounding]
            faces = _rerolls(faces, mods, target.save, target.save_reroll, one, roll, "save_reroll")
            for face, ms, (_, damage) in zip(faces, mods, wounding, strict=True):
                for trig in target.save_triggers:
                    if trig.attacker_mortal_wounds is not None and trig.matches(face, ms):
                        out.retaliation += roll.value(trig.attacker_mortal_wounds, "save_outcome")
                if not succeeds(face, ms, target.save, one):
                    unsaved.append(damage)
        out.unsaved += len(unsaved)
        points.extend(("normal", roll.value(damage, "damage")) for damage in unsaved)
    for kind, amount in points:
        ward = target.ward if kind == "normal" else target.mortal_ward
        kept = amount
        if ward is not None:
            kept = sum(1 for _ in range(amount) if roll.draw("ward") < ward)
        out.pool += kept
        if kind == "mortal":
            out.mortal_wounds += kept
    out.slain = slain_by_pool(target.wounds, options.allocation, out.pool)
    tested = target.tests_battleshock and target.slain_before + out.slain > 0
    if battleshock and tested and out.slain < target.n_models:
        out.fled = fleeing(target, out.slain, roll.draw("battleshock"))
    return out
