"""One unit's attacks on one target, resolved die by die (AOS-11, AOS-12, AOS-10.2, D-38).

The one attack resolver of the game: the calculator's Monte Carlo cross-check and the scripted
worked examples use it, and so will the battle engine. Its dice come from a `DiceSource`: the
seeded core RNG for sampling, or a scripted list for tests (`bitva.games.age_of_sigmar.rolls`).

Dice are drawn in the canonical order of D-38 (AOS-11.5). Attacks alike in every respect but
their number are rolled together in one batch; within a batch: variable Attacks per model; hit
dice; hit re-rolls; hit outcome dice; wound dice (one per hit); wound re-rolls; wound outcome
dice; saves; save re-rolls; save outcome dice; variable Damage per unsaved wound. Then a ward die
per wound point in the order the wounds arose, the allocation model by model (AOS-12.2) and, when
asked, the battleshock die (AOS-10.2).

>>> from bitva.games.age_of_sigmar.rolls import ScriptedDice
>>> hammer = AttackProfile(hit=4, wound=3, attacks=Dice.fixed(2))
>>> target = TargetProfile(wounds=(1, 1, 1), save=6, bravery=5)
>>> r = resolve_attacks([hammer], target, ScriptedDice([4, 2, 3, 1, 2]))
>>> (r.hits, r.wounds, r.unsaved, r.slain, r.fled, r.wounds_left)
(1, 1, 1, 1, 0, (0, 1, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bitva.games.age_of_sigmar.damage import allocate_one_by_one, fleeing
from bitva.games.age_of_sigmar.dice import Dice
from bitva.games.age_of_sigmar.profiles import (
    AttackOptions,
    AttackProfile,
    RerollKind,
    TargetProfile,
    Trigger,
)
from bitva.games.age_of_sigmar.rolls import DiceSource

FACES = (1, 2, 3, 4, 5, 6)


# -- one die ---------------------------------------------------------------------------------------
def succeeds(face: int, modifier: int, target: int, natural_one_fails: bool) -> bool:
    """AOS-11.4: the modified total meets the target; no automatic failure (D-18) unless the
    ``natural_one_fails`` house rule is on."""
    return face + modifier >= target and not (natural_one_fails and face == 1)


def save_modifier(profile: AttackProfile, target: TargetProfile, rend: int) -> int:
    """CALC-4's ``ms``: rend plus save modifiers; ethereal targets drop rend or everything."""
    mods = target.save_mod + profile.save_mod
    if target.ignore_save_mods == "all":
        return 0
    if target.ignore_save_mods == "rend":
        return mods
    return rend + mods


def rerolled(
    face: int, modifier: int, target: int, reroll: frozenset[RerollKind], natural_one_fails: bool
) -> bool:
    """AOS-1.6, D-19: whether the owner re-rolls this die (once, before modifiers): a failing
    unmodified 1 for "ones", any failing die for "failed" or "any"."""
    if succeeds(face, modifier, target, natural_one_fails) or not reroll:
        return False
    return (face == 1 and "ones" in reroll) or "failed" in reroll or "any" in reroll


def _best(matched: Sequence[Trigger], outcome: str) -> Trigger | None:
    """Decision 4 of docs/age-of-sigmar.md: of several `hits` or `damage` outcomes on one die,
    the most specific (highest ``on``, the later listed on a tie) wins."""
    best: Trigger | None = None
    for trig in matched:
        if getattr(trig, outcome) is not None and (best is None or trig.on >= best.on):
            best = trig
    return best


# -- what each face of a die does, worked out once per batch ---------------------------------
@dataclass(frozen=True)
class FaceEffect:
    """A final hit or wound face: whether the attack goes on (it succeeds and no outcome ended
    it), the mortal-wound outcome dice it triggers, and, for a hit, the `hits` outcome (None:
    one hit); for a wound, its rend and Damage."""

    goes_on: bool
    mortals: tuple[Dice, ...]
    hits: Dice | None = None
    rend: int = 0
    damage: Dice | None = None


_NO_FACE = FaceEffect(False, ())  # index 0 of the face tables: dice show 1 to 6


@dataclass(frozen=True)
class SaveTable:
    """The save rolls against wounds of one rend: which faces are re-rolled, which fail, and
    the attacker's mortal-wound outcome dice each face triggers. Indexed by face (0 unused)."""

    reroll: tuple[bool, ...]
    fails: tuple[bool, ...]
    retaliation: tuple[tuple[Dice, ...], ...]


def _faces(
    triggers: Sequence[Trigger], modifier: int, target: int, one_fails: bool
) -> list[tuple[bool, list[Trigger], tuple[Dice, ...]]]:
    """Per face 1..6: whether it goes on, the triggers it matches, its mortal outcome dice."""
    out = []
    for face in FACES:
        matched = [t for t in triggers if t.matches(face, modifier)]
        mortals = tuple(t.mortal_wounds for t in matched if t.mortal_wounds is not None)
        end = any(t.end for t in matched if t.mortal_wounds is not None)
        out.append((succeeds(face, modifier, target, one_fails) and not end, matched, mortals))
    return out


class Batch:
    """Attacks alike in every respect but their number (AOS-11.5), with their faces worked out.

    The face tables (``hit``, ``wound``, ``save``, ``*_reroll``, indexed by face, 0 unused) are
    also what the grouped chance nodes of `battle.attack_program` read, so both resolve alike."""

    def __init__(
        self, profiles: list[AttackProfile], target: TargetProfile, options: AttackOptions
    ) -> None:
        p = profiles[0]
        one = options.natural_one_fails
        self.attacks = [(q.attacks, q.extra_attacks) for q in profiles for _ in range(q.n_models)]
        self.hit_reroll = _rerolls(p.hit_mod, p.hit, p.hit_reroll, one)
        self.wound_reroll = _rerolls(p.wound_mod, p.wound, p.wound_reroll, one)
        hits = [_NO_FACE]
        for goes_on, matched, mortals in _faces(p.hit_triggers, p.hit_mod, p.hit, one):
            best = _best(matched, "hits")
            hits.append(FaceEffect(goes_on, mortals, hits=best.hits if best else None))
        self.hit = tuple(hits)
        wounds = [_NO_FACE]
        saves: list[SaveTable | None] = [None]
        for goes_on, matched, mortals in _faces(p.wound_triggers, p.wound_mod, p.wound, one):
            rend = p.rend + sum(t.rend for t in matched if t.rend is not None)
            best = _best(matched, "damage")
            damage = best.damage if best is not None and best.damage is not None else p.damage
            wounds.append(FaceEffect(goes_on, mortals, rend=rend, damage=damage))
            saves.append(_save_table(p, target, rend, one))
        self.wound = tuple(wounds)
        self.save: tuple[SaveTable | None, ...] = tuple(saves)


def _rerolls(
    modifier: int, target: int, reroll: frozenset[RerollKind], one_fails: bool
) -> tuple[bool, ...]:
    """Which faces the owner re-rolls, indexed by face (0 unused)."""
    return (False, *(rerolled(f, modifier, target, reroll, one_fails) for f in FACES))


def _save_table(
    profile: AttackProfile, target: TargetProfile, rend: int, one_fails: bool
) -> SaveTable | None:
    """The save against a wound of `rend` (AOS-11.4.3, CALC-4); None for a Save of "-" (D-21)."""
    if target.save is None:
        return None
    ms = save_modifier(profile, target, rend)
    save = target.save
    return SaveTable(
        reroll=_rerolls(ms, save, target.save_reroll, one_fails),
        fails=(False, *(not succeeds(f, ms, save, one_fails) for f in FACES)),
        retaliation=(
            (),
            *(
                tuple(
                    t.attacker_mortal_wounds
                    for t in target.save_triggers
                    if t.attacker_mortal_wounds is not None and t.matches(f, ms)
                )
                for f in FACES
            ),
        ),
    )


# -- resolving -------------------------------------------------------------------------------
@dataclass
class AttackResult:
    """What the attacks did. ``pool`` is the wounds inflicted (mortal wounds included, after
    wards); ``wounds_left`` the wounds each model has left after allocation, in allocation order
    (0: slain). ``log`` holds the dice drawn, as ``(step, face)``, when the source keeps one."""

    hits: int = 0
    wounds: int = 0
    unsaved: int = 0
    mortal_wounds: int = 0
    pool: int = 0
    slain: int = 0
    fled: int = 0
    retaliation: int = 0
    wounds_left: tuple[int, ...] = ()
    log: list[tuple[str, int]] = field(default_factory=list)

    @property
    def dice_used(self) -> int:
        return len(self.log)


class AttackPlan:
    """`profiles` attacking `target`, worked out once and resolved as often as asked (a Monte
    Carlo run resolves one plan many times)."""

    def __init__(
        self,
        profiles: Sequence[AttackProfile],
        target: TargetProfile,
        options: AttackOptions | None = None,
    ) -> None:
        self.target = target
        self.options = options or AttackOptions()
        grouped: dict[tuple[object, ...], list[AttackProfile]] = {}
        for profile in profiles:
            grouped.setdefault(profile.per_attack_key(), []).append(profile)
        self.batches = [Batch(group, target, self.options) for group in grouped.values()]

    def resolve(self, dice: DiceSource, *, battleshock: bool = True) -> AttackResult:
        """Roll the attacks with `dice`, allocate the damage and take the battleshock test."""
        target = self.target
        out = AttackResult()
        d6 = dice.d6
        value = dice.value
        points: list[tuple[bool, int]] = []  # wound points as they arose: (mortal, amount)
        for batch in self.batches:
            n_attacks = 0
            for attacks, extra in batch.attacks:  # AOS-11.1: Attacks rolled per model
                n_attacks += max(0, value(attacks, "attacks") + extra)
            faces = [d6("hit") for _ in range(n_attacks)]  # AOS-11.4.1
            reroll = batch.hit_reroll
            faces = [d6("hit_reroll") if reroll[f] else f for f in faces]
            n_hits = 0
            for f in faces:
                face = batch.hit[f]
                for outcome in face.mortals:
                    points.append((True, value(outcome, "hit_outcome")))
                if face.goes_on:
                    n_hits += 1 if face.hits is None else value(face.hits, "hit_outcome")
            out.hits += n_hits
            faces = [d6("wound") for _ in range(n_hits)]  # AOS-11.4.2
            reroll = batch.wound_reroll
            faces = [d6("wound_reroll") if reroll[f] else f for f in faces]
            wounding: list[int] = []  # the wound faces that go on to a save
            for f in faces:
                face = batch.wound[f]
                for outcome in face.mortals:
                    points.append((True, value(outcome, "wound_outcome")))
                if face.goes_on:
                    wounding.append(f)
            out.wounds += len(wounding)
            # D-21: a Save of "-" rolls no save at all
            saves = target.save is not None
            unsaved = self._saves(batch, wounding, dice, out) if saves else wounding
            out.unsaved += len(unsaved)
            for f in unsaved:  # AOS-11.4.4
                damage = batch.wound[f].damage
                assert damage is not None
                points.append((False, value(damage, "damage")))
        for mortal, amount in points:  # a ward die per wound point (CALC-4)
            ward = target.mortal_ward if mortal else target.ward
            kept = amount if ward is None else sum(d6("ward") < ward for _ in range(amount))
            out.pool += kept
            if mortal:
                out.mortal_wounds += kept
        left = allocate_one_by_one(target.wounds, self.options.allocation, out.pool)
        out.wounds_left = tuple(left)
        out.slain = left.count(0)
        tested = target.tests_battleshock and target.slain_before + out.slain > 0
        if battleshock and tested and out.slain < target.n_models:
            out.fled = fleeing(target, out.slain, d6("battleshock"))
        return out

    @staticmethod
    def _saves(batch: Batch, wounding: list[int], dice: DiceSource, out: AttackResult) -> list[int]:
        """AOS-11.4.3: a save per wound, re-rolls after all saves, then the save outcomes; the
        wound faces that were not saved."""
        d6 = dice.d6
        tables = [batch.save[f] for f in wounding]
        faces = [d6("save") for _ in wounding]
        faces = [
            d6("save_reroll") if table is not None and table.reroll[f] else f
            for f, table in zip(faces, tables, strict=True)
        ]
        unsaved = []
        for wound, f, table in zip(wounding, faces, tables, strict=True):
            assert table is not None
            for outcome in table.retaliation[f]:
                out.retaliation += dice.value(outcome, "save_outcome")
            if table.fails[f]:
                unsaved.append(wound)
        return unsaved


def resolve_attacks(
    profiles: Sequence[AttackProfile],
    target: TargetProfile,
    dice: DiceSource,
    options: AttackOptions | None = None,
    *,
    battleshock: bool = True,
) -> AttackResult:
    """Resolve all `profiles` against `target` with `dice` (D-38); the log of a scripted source
    comes back in the result."""
    result = AttackPlan(profiles, target, options).resolve(dice, battleshock=battleshock)
    log = getattr(dice, "log", None)
    if isinstance(log, list):
        result.log = log
    return result
