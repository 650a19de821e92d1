"""One unit's attacks as a sequence of grouped chance nodes (AOS-11, AOS-12.1, D-38, issue 22).

The die-by-die resolver (`bitva.games.age_of_sigmar.attack`) draws dice from a source; a battle
draws every roll at a chance node of its state, so that the record holds it and the odds are the
engine's own. `AttackSteps` is that resolution as an immutable value: the planned attacks (per
target as assigned, AOS-11.3), the options, and where it stands. Each chance node is a `Roll` of
n dice grouped by what matters for the steps after it (`battle.attack_program`): hit dice as
counts of (miss, hit, ...), Damage D6 as its total; its `outcomes()` are exact and sum to 1.
Steps with no dice to roll are passed over. What is left when the dice are done is the pool of
wound points per target (AOS-12.1, wards applied); allocating it (AOS-12.2, D-16, D-17) is the
defender's decision and not a chance node: `allocate_pool` applies the default policy.

How a battle state uses it (the pending attack resolution):

>>> from bitva.core.chance import sample
>>> from bitva.core.rng import Rng
>>> from bitva.games.age_of_sigmar.dice import Dice
>>> from bitva.games.age_of_sigmar.profiles import AttackProfile, TargetProfile
>>> hammer = AttackProfile(hit=4, wound=3, attacks=Dice.fixed(2), n_models=5, name="Warhammer")
>>> reavers = TargetProfile(wounds=(1,) * 10, save=6, bravery=5, name="Bloodreavers")
>>> steps = plan_steps([TargetAttacks((hammer,), reavers)])
>>> node = steps.roll()              # state.current_player == CHANCE while this is not None
>>> node.step, node.dice, node.classes, node.sizes
('hit', 10, ('miss', 'hit'), (3, 3))
>>> len(steps.outcomes())            # state.chance_outcomes(): counts, exact Fraction
11
>>> text = outcome_text(node, (4, 6))    # the action written in the record
>>> text
'dice hit 4/6'
>>> steps = steps.advance(parse_outcome(node, text))
>>> steps.roll().step, steps.roll().dice
('wound', 6)
>>> while steps.roll() is not None:  # a sampled playout, as a search would do it
...     steps = steps.advance(sample(steps.outcomes(), Rng(1)))
>>> outcome = steps.result()
>>> outcome.targets[0].hits
6
>>> left = allocate_pool(reavers, outcome.targets[0].pool)   # the defender's choice, D-17
>>> left.count(0) == min(10, outcome.targets[0].pool)
True
>>> AttackSteps.from_json(steps.to_json()) == steps
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any

from bitva.core.chance import dice_sum, grouped_dice
from bitva.games.age_of_sigmar.battle.attack_json import (
    options_from_json,
    options_to_json,
    profile_from_json,
    profile_to_json,
    target_from_json,
    target_to_json,
)
from bitva.games.age_of_sigmar.battle.attack_program import (
    FACES,
    AttackStepsError,
    Program,
    Stage,
    TargetAttacks,
    compile_program,
)
from bitva.games.age_of_sigmar.damage import allocate_one_by_one
from bitva.games.age_of_sigmar.dice import DiceError
from bitva.games.age_of_sigmar.profiles import (
    Allocation,
    AttackOptions,
    AttackProfile,
    TargetProfile,
)
from bitva.games.age_of_sigmar.rolls import ScriptExhausted

__all__ = [
    "AttackOutcome",
    "AttackSteps",
    "AttackStepsError",
    "Roll",
    "TargetAttacks",
    "TargetOutcome",
    "allocate_pool",
    "counts_from_faces",
    "outcome_text",
    "parse_outcome",
    "plan_steps",
    "play_faces",
    "steps_for",
]

JSON_VERSION = 1


@dataclass(frozen=True)
class Roll:
    """A chance node: ``dice`` D6 rolled together for ``step`` (hit, hit_reroll, hit_outcome,
    wound, ..., damage, ward, mortal_ward, or attacks), their faces partitioned into ``classes``
    (``faces[i]`` are the faces of class i, ``sizes[i]`` how many). A counts roll (``values``
    None) comes out as the number of dice per class; a sum roll as ``(total,)``, class i
    being worth ``values[i]`` a die. ``target`` and ``batch`` say whose dice these are (batch
    -1: the target's wards), ``label`` the weapon."""

    step: str
    dice: int
    classes: tuple[str, ...]
    sizes: tuple[int, ...]
    faces: tuple[tuple[int, ...], ...]
    values: tuple[int, ...] | None = None
    target: int = 0
    batch: int = 0
    label: str = ""

    @property
    def sums(self) -> bool:
        return self.values is not None

    def face_values(self) -> tuple[int, ...]:
        """What each face 1..6 is worth in a sum roll."""
        assert self.values is not None
        worth = {f: v for fs, v in zip(self.faces, self.values, strict=True) for f in fs}
        return tuple(worth[f] for f in FACES)

    def outcomes(self) -> list[tuple[tuple[int, ...], Fraction]]:
        """Every outcome with its exact probability (they sum to 1)."""
        if self.values is None:
            return _grouped(self.dice, self.sizes)
        return _sums(self.dice, self.face_values())


@lru_cache(maxsize=1024)
def _grouped(n: int, sizes: tuple[int, ...]) -> list[tuple[tuple[int, ...], Fraction]]:
    return grouped_dice(n, sizes)


@lru_cache(maxsize=1024)
def _sums(n: int, face_values: tuple[int, ...]) -> list[tuple[tuple[int, ...], Fraction]]:
    return [((total,), p) for total, p in dice_sum(n, face_values)]


@dataclass(frozen=True)
class TargetOutcome:
    """What one target suffers: ``pool`` wound points to allocate (AOS-12.1; normal and mortal,
    after wards), of which ``mortal_wounds`` mortal; and for the log the hits, wounds and
    unsaved wounds (AOS-11.4)."""

    hits: int
    wounds: int
    unsaved: int
    mortal_wounds: int
    pool: int


@dataclass(frozen=True)
class AttackOutcome:
    """Per target as assigned, and the mortal wounds the attacker suffers (save outcomes such
    as ``attacker_mortal_wounds``; the attacker's own wards are not applied here)."""

    targets: tuple[TargetOutcome, ...]
    retaliation: int


@dataclass(frozen=True)
class AttackSteps:
    """The pending resolution: immutable, hashable, JSON round trip exact. ``stage`` is the
    index of the next stage of the compiled program, ``registers`` its tallies so far."""

    attacks: tuple[TargetAttacks, ...]
    options: AttackOptions
    stage: int
    registers: tuple[int, ...]

    @cached_property
    def program(self) -> Program:
        """The compiled stages (shared by every state of one resolution, see `_settle`)."""
        return compile_program(self.attacks, self.options)

    def roll(self) -> Roll | None:
        """The next chance node, None when all dice are rolled."""
        stages = self.program.stages
        if self.stage >= len(stages):
            return None
        stage = stages[self.stage]
        return Roll(
            step=stage.step,
            dice=_dice(stage, self.registers),
            classes=stage.classes,
            sizes=tuple(len(fs) for fs in stage.faces),
            faces=stage.faces,
            values=stage.values,
            target=stage.target,
            batch=stage.batch,
            label=stage.label,
        )

    def outcomes(self) -> list[tuple[tuple[int, ...], Fraction]]:
        """The outcomes of the next node, grouped, exact, summing to 1."""
        node = self.roll()
        if node is None:
            raise AttackStepsError("all dice are rolled: no chance node left")
        return node.outcomes()

    def advance(self, outcome: Sequence[int]) -> AttackSteps:
        """The state after the next node came out as ``outcome`` (counts per class, or the
        total of a sum roll)."""
        node = self.roll()
        if node is None:
            raise AttackStepsError("all dice are rolled: nothing to advance")
        counts = _checked(node, tuple(outcome))
        stage = self.program.stages[self.stage]
        registers = _apply(stage, list(self.registers), counts)
        return _settle(self.program, self.stage + 1, registers, self)

    def tally(self) -> AttackOutcome:
        """The tallies so far (complete once `roll` is None)."""
        regs = self.registers
        targets = tuple(
            TargetOutcome(
                hits=sum(regs[r] for r in t.hits),
                wounds=sum(regs[r] for r in t.wounds),
                unsaved=sum(regs[r] for r in t.unsaved),
                mortal_wounds=regs[t.mortal_wounds],
                pool=regs[t.pool],
            )
            for t in self.program.targets
        )
        return AttackOutcome(targets, regs[self.program.retaliation])

    def expected_pools(self) -> tuple[float, ...]:
        """Each target's mean pool of wound points once every die is rolled, from here (what a
        player reads off a roll still to come). The program is linear in the dice: a stage's
        dice are a sum of registers and its writes are linear in its counts, so running each
        stage on its mean counts (a die falls in a class with its faces' share, a sum stage
        adds its dice times the mean face value) gives the exact means, but where a ``floor``
        (Attacks below 0) cuts a negative amount: there the mean is floored."""
        regs = [float(r) for r in self.registers]
        for stage in self.program.stages[self.stage :]:
            units = stage.units + sum(regs[r] for r in stage.source)
            dice = stage.per_unit * units
            counts: list[float]
            if not stage.faces:
                counts = []
            elif stage.values is None:
                counts = [dice * len(fs) / len(FACES) for fs in stage.faces]
            else:
                worth = sum(len(fs) * v for fs, v in zip(stage.faces, stage.values, strict=True))
                counts = [dice * worth / len(FACES)]
            for write in stage.writes:
                amount = write.per_unit * units
                if not counts:
                    pass  # a stage of no dice (a transfer) adds its constant part alone
                elif write.weights is None:
                    amount += counts[0]
                else:
                    amount += sum(c * w for c, w in zip(counts, write.weights, strict=True))
                regs[write.register] += max(0.0, amount) if write.floor else amount
        return tuple(regs[t.pool] for t in self.program.targets)

    def result(self) -> AttackOutcome:
        """What the attacks did, once every die is rolled."""
        node = self.roll()
        if node is not None:
            raise AttackStepsError(f"dice are still to be rolled: {node.step} ({node.dice} dice)")
        return self.tally()

    def to_json(self) -> dict[str, Any]:
        return {
            "version": JSON_VERSION,
            "options": options_to_json(self.options),
            "targets": [
                {
                    "target": target_to_json(a.target),
                    "profiles": [profile_to_json(p) for p in a.profiles],
                }
                for a in self.attacks
            ],
            "stage": self.stage,
            "registers": list(self.registers),
        }

    @classmethod
    def from_json(cls, value: object) -> AttackSteps:
        """Read `to_json`'s value back; anything else is an AttackStepsError naming the field."""
        if not isinstance(value, dict):
            raise AttackStepsError(f"attack steps: expected an object, got {type(value).__name__}")
        known = {"version", "options", "targets", "stage", "registers"}
        unknown = sorted(set(value) - known)
        if unknown:
            raise AttackStepsError(f"attack steps.{unknown[0]}: unknown field")
        if value.get("version") != JSON_VERSION:
            raise AttackStepsError(f"attack steps.version: expected {JSON_VERSION}")
        targets = value.get("targets")
        if not isinstance(targets, list):
            raise AttackStepsError("attack steps.targets: expected a list")
        attacks = []
        for i, item in enumerate(targets):
            where = f"attack steps.targets[{i}]"
            if not isinstance(item, dict) or set(item) != {"target", "profiles"}:
                raise AttackStepsError(f"{where}: expected an object of target and profiles")
            profiles = item["profiles"]
            if not isinstance(profiles, list):
                raise AttackStepsError(f"{where}.profiles: expected a list")
            attacks.append(
                TargetAttacks(
                    tuple(
                        profile_from_json(p, f"{where}.profiles[{j}]")
                        for j, p in enumerate(profiles)
                    ),
                    target_from_json(item["target"], f"{where}.target"),
                )
            )
        options = options_from_json(value.get("options", {}), "attack steps.options")
        program = compile_program(tuple(attacks), options)
        stage, registers = value.get("stage"), value.get("registers")
        if type(stage) is not int or not 0 <= stage <= len(program.stages):
            raise AttackStepsError(
                f"attack steps.stage: expected a stage from 0 to {len(program.stages)}"
            )
        if (
            not isinstance(registers, list)
            or len(registers) != len(program.names)
            or not all(type(r) is int and r >= 0 for r in registers)
        ):
            raise AttackStepsError(
                f"attack steps.registers: expected {len(program.names)} whole numbers >= 0"
            )
        steps = cls(tuple(attacks), options, stage, tuple(registers))
        if stage < len(program.stages) and _dice(program.stages[stage], steps.registers) == 0:
            raise AttackStepsError("attack steps.stage: that stage rolls no dice")
        return steps


def _dice(stage: Stage, registers: Sequence[int]) -> int:
    return stage.per_unit * _units(stage, registers)


def _units(stage: Stage, registers: Sequence[int]) -> int:
    return stage.units + sum(registers[r] for r in stage.source)


def _apply(stage: Stage, registers: list[int], counts: tuple[int, ...]) -> tuple[int, ...]:
    units = _units(stage, registers)
    for write in stage.writes:
        amount = write.per_unit * units
        if not counts:
            pass  # a stage of no dice adds its constant part alone
        elif write.weights is None:
            amount += counts[0]
        else:
            amount += sum(c * w for c, w in zip(counts, write.weights, strict=True))
        registers[write.register] += max(0, amount) if write.floor else amount
    return tuple(registers)


def _settle(
    program: Program, index: int, registers: tuple[int, ...], like: AttackSteps
) -> AttackSteps:
    """Apply every stage that rolls no dice, up to the next chance node."""
    regs = list(registers)
    stages = program.stages
    while index < len(stages) and _dice(stages[index], regs) == 0:
        regs = list(_apply(stages[index], regs, ()))
        index += 1
    out = AttackSteps(like.attacks, like.options, index, tuple(regs))
    out.__dict__["program"] = program  # the cached_property, without hashing the plan again
    return out


def _checked(node: Roll, outcome: tuple[int, ...]) -> tuple[int, ...]:
    """The outcome, if it is one of ``node``'s."""
    if not all(type(c) is int and c >= 0 for c in outcome):
        raise AttackStepsError(f"{node.step}: counts are whole numbers >= 0, got {outcome}")
    if node.values is None:
        if len(outcome) != len(node.classes) or sum(outcome) != node.dice:
            raise AttackStepsError(
                f"{node.step}: expected {len(node.classes)} counts "
                f"({'/'.join(node.classes)}) summing to {node.dice}, got {outcome}"
            )
        return outcome
    totals = {t for (t,), _ in node.outcomes()}
    if len(outcome) != 1 or outcome[0] not in totals:
        raise AttackStepsError(
            f"{node.step}: {node.dice} dice total {min(totals)} to {max(totals)}, got {outcome}"
        )
    return outcome


def plan_steps(
    attacks: Iterable[TargetAttacks], options: AttackOptions | None = None
) -> AttackSteps:
    """The resolution of one unit's attacks on its targets, in the order given (AOS-11.3), at
    its first chance node (or done, if nothing is rolled)."""
    chosen = tuple(attacks)
    opts = options or AttackOptions()
    program = compile_program(chosen, opts)
    start = AttackSteps(chosen, opts, 0, (0,) * len(program.names))
    return _settle(program, 0, start.registers, start)


def outcome_text(node: Roll, outcome: Sequence[int]) -> str:
    """The outcome as an action for a record: ``dice hit 12/15/3`` (counts per class) or
    ``dice damage 7`` (a total)."""
    return f"dice {node.step} {'/'.join(str(c) for c in _checked(node, tuple(outcome)))}"


def parse_outcome(node: Roll, text: str) -> tuple[int, ...]:
    """`outcome_text` read back; an AttackStepsError says what does not fit."""
    parts = text.split()
    if len(parts) != 3 or parts[0] != "dice" or parts[1] != node.step:
        raise AttackStepsError(f"expected 'dice {node.step} COUNTS', got {text!r}")
    try:
        counts = tuple(int(c) for c in parts[2].split("/"))
    except ValueError:
        raise AttackStepsError(f"{node.step}: counts are whole numbers, got {parts[2]!r}") from None
    return _checked(node, counts)


def counts_from_faces(node: Roll, faces: Sequence[int]) -> tuple[int, ...]:
    """The outcome of ``node`` for these D6 faces (scripted dice, section 8): counts per class,
    or the total of a sum roll."""
    if len(faces) != node.dice:
        raise AttackStepsError(f"{node.step}: {node.dice} dice, got {len(faces)} faces")
    where = {f: i for i, fs in enumerate(node.faces) for f in fs}
    counts = [0] * len(node.classes)
    for face in faces:
        if face not in where:
            raise DiceError(f"a D6 shows 1 to 6, got {face}")
        counts[where[face]] += 1
    if node.values is None:
        return tuple(counts)
    return (sum(c * v for c, v in zip(counts, node.values, strict=True)),)


def play_faces(steps: AttackSteps, faces: Iterable[int]) -> AttackSteps:
    """Roll every remaining node with the given faces in order (D-38): each node takes as many
    faces as it has dice. Running out is ScriptExhausted; faces left over are an error."""
    rest = list(faces)
    node = steps.roll()
    while node is not None:
        if len(rest) < node.dice:
            raise ScriptExhausted(f"no die left for step {node.step!r}")
        taken, rest = rest[: node.dice], rest[node.dice :]
        steps = steps.advance(counts_from_faces(node, taken))
        node = steps.roll()
    if rest:
        raise AttackStepsError(f"{len(rest)} faces left over after the attacks: {rest}")
    return steps


def allocate_pool(
    target: TargetProfile, pool: int, policy: Allocation = "wounded_first"
) -> tuple[int, ...]:
    """AOS-12.2 with a default policy (D-16, D-17): the wounds each model has left after
    ``pool`` wound points, in allocation order (0: slain). A battle asks the defender."""
    return tuple(allocate_one_by_one(target.wounds, policy, pool))


def steps_for(
    profiles: Sequence[AttackProfile], target: TargetProfile, options: AttackOptions | None = None
) -> AttackSteps:
    """`plan_steps` for one target."""
    return plan_steps([TargetAttacks(tuple(profiles), target)], options)
