"""One unit's attacks compiled into a fixed program of grouped dice steps (AOS-11.5, D-38).

The die-by-die resolver (`bitva.games.age_of_sigmar.attack`) draws one die at a time; a battle
needs every roll as a chance node, with dice grouped by what matters. This module turns the same
batches (`attack.Batch`, whose face tables it reads, so both resolve alike) into a list of
`Stage`s in the canonical order of D-38: per target as assigned, per batch: variable Attacks per
model; hit dice; hit re-rolls; hit outcome dice; wound dice; wound re-rolls; wound outcome dice;
saves; save re-rolls; save outcome dice; variable Damage per unsaved wound; then, per target, a
ward die per wound point (normal, then mortal).

A stage rolls ``per_unit`` dice for each of its units (the sum of some integer registers plus a
constant) and adds what they show to registers through `Write`s, linear in the outcome:

- a counts stage partitions the six faces into classes (what the face does given the modifiers,
  re-rolls of D-19, triggers of D-20 and the option of D-18) and its outcome is the number of
  dice in each class: 30 hit dice of (miss, hit, 6 = two hits) are 496 outcomes;
- a sum stage (Attacks, Damage, outcome dice such as D3 mortal wounds) gives each face a value
  and its outcome is the total alone: 10 D6 are 51 outcomes, not 3,003.

A stage whose units come to 0 dice rolls nothing (it is no chance node) and only applies its
constant part, which is how transfers between registers and fixed values (Damage 2) are written.
Nothing here is random or mutable; `bitva.games.age_of_sigmar.battle.attack_steps` runs it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypeVar

from bitva.core.errors import BitvaError
from bitva.games.age_of_sigmar.attack import AttackPlan, Batch, FaceEffect, SaveTable
from bitva.games.age_of_sigmar.dice import Dice
from bitva.games.age_of_sigmar.profiles import AttackOptions, AttackProfile, TargetProfile

FACES = (1, 2, 3, 4, 5, 6)
K = TypeVar("K", bound=Hashable)
_REROLL = "reroll"  # the class of the faces re-rolled (D-19)


class AttackStepsError(BitvaError):
    """An outcome that does not fit its roll, or an attack state that cannot be read."""


@dataclass(frozen=True)
class TargetAttacks:
    """The attack profiles one unit aims at one target (AOS-11.2, AOS-11.3), in the order the
    attacks are resolved (weapon order, then lowest model id: AOS-11.5)."""

    profiles: tuple[AttackProfile, ...]
    target: TargetProfile


@dataclass(frozen=True)
class Write:
    """Add to ``register``: the counts times ``weights`` (a counts stage) or the total (a sum
    stage, ``weights`` None), plus ``per_unit`` per unit rolled for (a dice bonus); ``floor``
    keeps the amount at 0 or more (a model's Attacks with a negative modifier, AOS-11.1)."""

    register: int
    weights: tuple[int, ...] | None = None
    per_unit: int = 0
    floor: bool = False


@dataclass(frozen=True)
class Stage:
    """One step of the program: ``per_unit`` dice per unit, units = ``units`` plus the sum of
    the ``source`` registers. ``faces[i]`` are the faces of class ``classes[i]``; ``values`` is
    None for a counts stage, else the value of each class (a sum stage)."""

    step: str
    target: int
    batch: int
    label: str
    source: tuple[int, ...]
    units: int
    per_unit: int
    classes: tuple[str, ...]
    faces: tuple[tuple[int, ...], ...]
    values: tuple[int, ...] | None
    writes: tuple[Write, ...]


@dataclass(frozen=True)
class TargetTally:
    """The registers that make one target's result: per-batch hits, wounds and unsaved wounds,
    the mortal wounds kept after wards and the pool of wound points to allocate."""

    hits: tuple[int, ...]
    wounds: tuple[int, ...]
    unsaved: tuple[int, ...]
    mortal_wounds: int
    pool: int


@dataclass(frozen=True)
class Program:
    stages: tuple[Stage, ...]
    names: tuple[str, ...]  # a name per register, for reading and debugging
    targets: tuple[TargetTally, ...]
    retaliation: int  # register of the mortal wounds the attacker suffers (save outcomes)


@dataclass
class _Builder:
    stages: list[Stage] = field(default_factory=list)
    names: list[str] = field(default_factory=list)

    def reg(self, name: str) -> int:
        self.names.append(name)
        return len(self.names) - 1

    def transfer(self, source: Sequence[int], into: int, where: tuple[int, int]) -> None:
        """``into`` += the sum of ``source``: a stage of no dice."""
        self.add("transfer", where, "", tuple(source), 0, 0, (), (), None, (Write(into, None, 1),))

    def add(
        self,
        step: str,
        where: tuple[int, int],
        label: str,
        source: tuple[int, ...],
        units: int,
        per_unit: int,
        classes: tuple[str, ...],
        faces: tuple[tuple[int, ...], ...],
        values: tuple[int, ...] | None,
        writes: tuple[Write, ...],
    ) -> None:
        target, batch = where
        self.stages.append(
            Stage(
                step, target, batch, label, source, units, per_unit, classes, faces, values, writes
            )
        )

    def value(
        self,
        step: str,
        where: tuple[int, int],
        label: str,
        dice: Dice,
        source: tuple[int, ...],
        into: int,
        *,
        units: int = 0,
        shift: int = 0,
        floor: bool = False,
    ) -> None:
        """A sum stage: ``dice`` rolled once per unit, its total (plus ``shift`` per unit) added
        to ``into``. A D3 is a D6 halved, rounded up (AOS-1.5, T-1)."""
        face_value = [(f + 1) // 2 if dice.sides == 3 else f for f in FACES]
        values = sorted(set(face_value))
        faces = tuple(tuple(f for f in FACES if face_value[f - 1] == v) for v in values)
        write = Write(into, None, dice.bonus + shift, floor)
        classes = tuple(str(v) for v in values)
        self.add(
            step, where, label, source, units, dice.count, classes, faces, tuple(values), (write,)
        )


def _runs(models: Sequence[tuple[Dice, int]]) -> list[tuple[Dice, int, int]]:
    """Consecutive models with the same Attacks and modifier, as (attacks, extra, models)."""
    out: list[tuple[Dice, int, int]] = []
    for attacks, extra in models:
        if out and out[-1][:2] == (attacks, extra):
            out[-1] = (attacks, extra, out[-1][2] + 1)
        else:
            out.append((attacks, extra, 1))
    return out


def _attacks(b: _Builder, where: tuple[int, int], label: str, batch: Batch, into: int) -> None:
    """AOS-11.1: Attacks rolled per model, never below 0 after modifiers. One D6 per model
    clips face by face; a value of several dice that could fall below 0 is rolled per model."""
    for dice, extra, models in _runs(batch.attacks):
        if dice.is_fixed:
            write = Write(into, None, max(0, dice.bonus + extra))
            b.add("attacks", where, label, (), models, 0, (), (), None, (write,))
        elif dice.count == 1:
            # the floor of max(0, value + extra) applies die by die: a value per face
            face_value = [(f + 1) // 2 if dice.sides == 3 else f for f in FACES]
            shifted = [max(0, v + dice.bonus + extra) for v in face_value]
            values = sorted(set(shifted))
            faces = tuple(tuple(f for f in FACES if shifted[f - 1] == v) for v in values)
            classes = tuple(str(v) for v in values)
            write = Write(into, None)
            b.add("attacks", where, label, (), models, 1, classes, faces, tuple(values), (write,))
        elif dice.minimum + extra >= 0:
            b.value("attacks", where, label, dice, (), into, units=models, shift=extra)
        else:
            for _ in range(models):
                b.value("attacks", where, label, dice, (), into, units=1, shift=extra, floor=True)


def _counts_stage(
    b: _Builder,
    step: str,
    where: tuple[int, int],
    label: str,
    source: tuple[int, ...],
    keys: Sequence[K],
    names: dict[K, str],
    regs: dict[K, int],
    rerolled: Sequence[bool],
    reroll_reg: int | None,
) -> None:
    """A counts stage over faces 1..6 whose face f does ``keys[f - 1]``, except the faces
    ``rerolled`` (D-19), which go to ``reroll_reg``; classes in the order of their lowest face."""
    groups: dict[K | None, list[int]] = {}  # None: re-rolled
    for f in FACES:
        groups.setdefault(None if rerolled[f - 1] else keys[f - 1], []).append(f)
    classes = tuple(_REROLL if g is None else names[g] for g in groups)
    faces = tuple(tuple(fs) for fs in groups.values())
    writes = []
    for i, group in enumerate(groups):
        register = reroll_reg if group is None else regs[group]
        assert register is not None
        writes.append(Write(register, tuple(int(j == i) for j in range(len(groups)))))
    b.add(step, where, label, source, 0, 1, classes, faces, None, tuple(writes))


def _class_names(keys: Sequence[K], name: dict[K, str]) -> dict[K, str]:
    """Names must tell classes apart; a clash (it should not happen) gets the faces added."""
    out: dict[K, str] = {}
    for key in dict.fromkeys(keys):
        text = name[key]
        if text in out.values() or text == _REROLL:
            faces = "".join(str(f) for f in FACES if keys[f - 1] == key)
            text = f"{text}@{faces}"
        out[key] = text
    return out


def _rolls_with_rerolls(
    b: _Builder,
    step: str,
    where: tuple[int, int],
    label: str,
    source: tuple[int, ...],
    keys: Sequence[K],
    base_names: dict[K, str],
    rerolled: Sequence[bool],
    reg_prefix: str,
) -> tuple[dict[K, int], list[Stage]]:
    """The first roll of a step as a stage now, and its re-roll stage (returned, to be added
    where D-38 puts it); the final count per key lands in the returned registers."""
    names = _class_names(keys, base_names)
    regs = {key: b.reg(f"{reg_prefix}.{names[key]}") for key in names}
    rerolls = any(rerolled)
    reroll_reg = b.reg(f"{reg_prefix}.reroll") if rerolls else None
    _counts_stage(b, step, where, label, source, keys, names, regs, rerolled, reroll_reg)
    later: list[Stage] = []
    if reroll_reg is not None:
        mark = len(b.stages)
        no = [False] * 6
        _counts_stage(b, f"{step}_reroll", where, label, (reroll_reg,), keys, names, regs, no, None)
        later = b.stages[mark:]
        del b.stages[mark:]
    return regs, later


def _hit_key(face: FaceEffect) -> tuple[bool, tuple[Dice, ...], Dice | None]:
    return (face.goes_on, face.mortals, face.hits if face.goes_on else None)


def _hit_name(key: tuple[bool, tuple[Dice, ...], Dice | None]) -> str:
    goes_on, mortals, hits = key
    parts = [("hit" if hits is None else f"{hits}hits")] if goes_on else []
    parts += [f"{m}mw" for m in mortals]
    return "+".join(parts) or "miss"


def _wound_key(face: FaceEffect) -> tuple[bool, tuple[Dice, ...], int, Dice | None]:
    if not face.goes_on:
        return (False, face.mortals, 0, None)
    return (True, face.mortals, face.rend, face.damage)


def _wound_name(key: tuple[bool, tuple[Dice, ...], int, Dice | None], base: AttackProfile) -> str:
    goes_on, mortals, rend, damage = key
    parts: list[str] = []
    if goes_on:
        head = "wound"
        if rend != base.rend:
            head += f" rend{rend}"
        if damage != base.damage:
            head += f" dmg{damage}"
        parts.append(head)
    parts += [f"{m}mw" for m in mortals]
    return "+".join(parts) or "fail"


def _save_name(key: tuple[bool, tuple[Dice, ...]]) -> str:
    fails, retaliation = key
    return "+".join(["unsaved" if fails else "saved", *(f"{m}mw" for m in retaliation)])


def _outcomes(
    b: _Builder,
    step: str,
    where: tuple[int, int],
    label: str,
    sources: dict[Dice, list[int]],
    into: int,
) -> None:
    """Outcome dice (D-20): one sum stage per dice expression, units = the dice that showed it."""
    for dice, regs in sources.items():
        b.value(step, where, label, dice, tuple(regs), into)


Kind = tuple[int, Dice]  # what a save and Damage need of a wound: its rend and its Damage


def _hit_steps(
    b: _Builder, where: tuple[int, int], label: str, batch: Batch, attacks: int, mortals: int
) -> int:
    """AOS-11.4.1: hit dice, re-rolls (D-19), outcome dice (D-20); returns the hits register."""
    pre = f"t{where[0]}.b{where[1]}"
    keys = [_hit_key(batch.hit[f]) for f in FACES]
    names = {k: _hit_name(k) for k in keys}
    rerolled = [batch.hit_reroll[f] for f in FACES]
    finals, later = _rolls_with_rerolls(
        b, "hit", where, label, (attacks,), keys, names, rerolled, f"{pre}.hit"
    )
    b.stages.extend(later)
    hits = b.reg(f"{pre}.hits")
    mortal_src: dict[Dice, list[int]] = {}
    hits_src: dict[Dice, list[int]] = {}
    for (goes_on, outcomes, extra_hits), reg in finals.items():
        for m in outcomes:
            mortal_src.setdefault(m, []).append(reg)
        if goes_on:
            hits_src.setdefault(extra_hits or Dice.fixed(1), []).append(reg)
    _outcomes(b, "hit_outcome", where, label, mortal_src, mortals)
    _outcomes(b, "hit_outcome", where, label, hits_src, hits)
    return hits


def _wound_steps(
    b: _Builder,
    where: tuple[int, int],
    batch: Batch,
    base: AttackProfile,
    hits: int,
    mortals: int,
) -> tuple[int, dict[Kind, list[int]], dict[Kind, SaveTable | None]]:
    """AOS-11.4.2: a wound die per hit, re-rolls, outcome dice; returns the wounds register,
    the registers of each kind of wound and the save each kind takes."""
    pre = f"t{where[0]}.b{where[1]}"
    keys = [_wound_key(batch.wound[f]) for f in FACES]
    names = {k: _wound_name(k, base) for k in keys}
    rerolled = [batch.wound_reroll[f] for f in FACES]
    finals, later = _rolls_with_rerolls(
        b, "wound", where, base.name, (hits,), keys, names, rerolled, f"{pre}.wound"
    )
    b.stages.extend(later)
    mortal_src: dict[Dice, list[int]] = {}
    kinds: dict[Kind, list[int]] = {}
    tables: dict[Kind, SaveTable | None] = {}
    for key, reg in finals.items():
        goes_on, outcomes, rend, damage = key
        for m in outcomes:
            mortal_src.setdefault(m, []).append(reg)
        if goes_on and damage is not None:
            kinds.setdefault((rend, damage), []).append(reg)
            face = next(f for f in FACES if keys[f - 1] == key)
            tables[(rend, damage)] = batch.save[face]  # the save depends on the rend alone
    _outcomes(b, "wound_outcome", where, base.name, mortal_src, mortals)
    wounds = b.reg(f"{pre}.wounds")
    b.transfer([r for regs in kinds.values() for r in regs], wounds, where)
    return wounds, kinds, tables


def _save_steps(
    b: _Builder,
    where: tuple[int, int],
    label: str,
    kinds: dict[Kind, list[int]],
    tables: dict[Kind, SaveTable | None],
    retaliation: int,
) -> dict[Kind, list[int]]:
    """AOS-11.4.3: the saves of each kind of wound, then all save re-rolls, then the save
    outcome dice; returns the registers of the wounds not saved, per kind."""
    pre = f"t{where[0]}.b{where[1]}"
    later_all: list[Stage] = []
    retaliation_src: dict[Dice, list[int]] = {}
    fail_regs: dict[Kind, list[int]] = {}
    for n, (kind, regs) in enumerate(kinds.items()):
        kind_reg = b.reg(f"{pre}.k{n}.wounds")
        b.transfer(regs, kind_reg, where)
        table = tables[kind]
        if table is None:  # D-21: a Save of "-" rolls nothing and saves nothing
            fail_regs[kind] = [kind_reg]
            continue
        keys = [(table.fails[f], table.retaliation[f]) for f in FACES]
        names = {k: _save_name(k) for k in keys}
        rerolled = [table.reroll[f] for f in FACES]
        finals, later = _rolls_with_rerolls(
            b, "save", where, label, (kind_reg,), keys, names, rerolled, f"{pre}.k{n}.save"
        )
        later_all.extend(later)
        fail_regs[kind] = []
        for (fails, outcomes), reg in finals.items():
            for m in outcomes:
                retaliation_src.setdefault(m, []).append(reg)
            if fails:
                fail_regs[kind].append(reg)
    b.stages.extend(later_all)
    _outcomes(b, "save_outcome", where, label, retaliation_src, retaliation)
    return fail_regs


def _batch(
    b: _Builder,
    where: tuple[int, int],
    batch: Batch,
    base: AttackProfile,
    points: tuple[int, int],
    retaliation: int,
) -> tuple[int, int, int]:
    """The stages of one batch, in D-38 order; ``points`` are the target's mortal and normal
    wound point registers. Returns the batch's hits, wounds and unsaved registers."""
    mortals, normal = points
    pre = f"t{where[0]}.b{where[1]}"
    attacks = b.reg(f"{pre}.attacks")
    _attacks(b, where, base.name, batch, attacks)
    hits = _hit_steps(b, where, base.name, batch, attacks, mortals)
    wounds, kinds, tables = _wound_steps(b, where, batch, base, hits, mortals)
    fail_regs = _save_steps(b, where, base.name, kinds, tables, retaliation)
    unsaved = b.reg(f"{pre}.unsaved")
    damage_src: dict[Dice, list[int]] = {}
    for (_, damage), regs in fail_regs.items():
        damage_src.setdefault(damage, []).extend(regs)
    b.transfer([r for regs in fail_regs.values() for r in regs], unsaved, where)
    # AOS-11.4.4 variable Damage per unsaved wound
    _outcomes(b, "damage", where, base.name, damage_src, normal)
    return hits, wounds, unsaved


def _ward(
    b: _Builder,
    step: str,
    t: int,
    ward: int | None,
    points: int,
    into: tuple[int, ...],
) -> None:
    """A ward die per wound point (CALC-4): a face of ``ward`` or more ignores it."""
    if ward is None:
        for reg in into:
            b.transfer((points,), reg, (t, -1))
        return
    groups = {"kept": [f for f in FACES if f < ward], "ignored": [f for f in FACES if f >= ward]}
    named = [(name, tuple(fs)) for name, fs in groups.items() if fs]
    classes = tuple(name for name, _ in named)
    weights = tuple(int(name == "kept") for name in classes)
    writes = tuple(Write(reg, weights) for reg in into)
    faces = tuple(fs for _, fs in named)
    b.add(step, (t, -1), "", (points,), 0, 1, classes, faces, None, writes)


@lru_cache(maxsize=256)
def compile_program(attacks: tuple[TargetAttacks, ...], options: AttackOptions) -> Program:
    """The stages of all the attacks, per target as assigned (AOS-11.3, D-38)."""
    b = _Builder()
    retaliation = b.reg("retaliation")
    tallies = []
    for t, aimed in enumerate(attacks):
        target = aimed.target
        plan = AttackPlan(aimed.profiles, target, options)
        mortal_points = b.reg(f"t{t}.mortal_points")
        normal_points = b.reg(f"t{t}.normal_points")
        per_batch = []
        bases: dict[tuple[object, ...], AttackProfile] = {}
        for profile in aimed.profiles:
            bases.setdefault(profile.per_attack_key(), profile)
        for i, (batch, base) in enumerate(zip(plan.batches, bases.values(), strict=True)):
            points = (mortal_points, normal_points)
            per_batch.append(_batch(b, (t, i), batch, base, points, retaliation))
        pool = b.reg(f"t{t}.pool")
        mortal_kept = b.reg(f"t{t}.mortal_wounds")
        _ward(b, "ward", t, target.ward, normal_points, (pool,))
        _ward(b, "mortal_ward", t, target.mortal_ward, mortal_points, (pool, mortal_kept))
        tallies.append(
            TargetTally(
                hits=tuple(h for h, _, _ in per_batch),
                wounds=tuple(w for _, w, _ in per_batch),
                unsaved=tuple(u for _, _, u in per_batch),
                mortal_wounds=mortal_kept,
                pool=pool,
            )
        )
    return Program(tuple(b.stages), tuple(b.names), tuple(tallies), retaliation)
