"""The battle's actions and chance outcomes as small frozen values with a text form that
round-trips (issue 22: parametric actions, quantized coordinates).

Decisions::

    first A                      who takes the first turn (AOS-3.4, AOS-4.1)
    inspire A1                   the general's Inspiring Presence on a unit (AOS-5.3)
    cast A4 arcane-bolt          a wizard attempts a spell (AOS-14.2); the 2D6 at once
    unbind B5                    the opponent's wizard tries to unbind it (AOS-14.3)
    target B2                    the spell's target, after the unbinding window (D-24)
    use B1 portal-of-skulls      an activated ability of the unit (section 3.2)
    use A3 NAME B2               ... aimed at another unit (its target, range, sight)
    command A2 NAME [A1]         a command ability of the general's warscroll (AOS-5.3)
    sacrifice A1                 a Damned sacrifice: D3 mortal wounds, +1 to hit (AOS-2.5)
    move A1 m1 24.000,9.000 24.000,12.000; m2 ...   a per-model path (GEO-9, GEO-10)
    retreat A1 m1 ...; ...       a retreat (AOS-6.4)
    run A1                       declare a run: the D6 is rolled at once (AOS-6.5, D-12)
    hold A1                      the unit stays (a run or charge given up moves nothing, D-13)
    shoot A3 at B2               the unit shoots the target (AOS-7, AOS-11.2)
    shoot A3 at B2; m5 at B4     ... model 5 at another target (AOS-11.3; ``m5 skybolt_bow at
                                 B4``: one weapon of it), resolved target by target
    charge A1                    declare a charge: 2D6 rolled before any model moves (D-38)
    fight A1                     pick a unit to fight (AOS-9.2)
    fight A1 inspired            ... declaring the Inspired triumph on it (AOS-3.7, D-33)
    name B1                      the unit named for Assassinate or Blunt (AOS-3.6)
    deploy A1 m1 x,y; ..., territory low, general A2.1, objective blunt, landscape F1 arcane,
    scenery 2:                   before the battle (:mod:`.set_up_actions`)
    pile-in A1 m1 x,y x,y; ...   its pile-in, one straight segment a model (GEO-11)
    attack A1 at B1              its melee attacks on the target (AOS-9.3, AOS-11.2)
    allocate B1 m3 m1 m2         the order its models take the pooled wounds (AOS-12.2, D-16)
    flee B1 m5 m4                the models that flee a battleshock test (AOS-10.2, D-25)
    bless 2 6                    the Blessed triumph sets a die of a roll (AOS-3.7, .blessed)
    done                         end this step or phase

Chance outcomes: ``roll-off 3 5`` (A's die first, AOS-1.7, D-38), ``dice run 4``,
``dice charge 7`` (the 2D6 total: modifiers apply to the total, D-13), ``dice battleshock 2``,
``dice deadly 1`` (a model's Deadly terrain die, AOS-2.5, D-36), ``dice cast 7`` and
``dice unbind 8`` (2D6 totals, AOS-14), ``dice mortal 2`` (Arcane Bolt's D3),
``dice scenery 7`` (a cell's 2D6 total, AOS-2.3, D-35),
``dice landscape 4`` (a feature's AOS-2.5 rule), ``dice triumph 5`` (AOS-3.7),
``dice heal 2`` (a dice amount of healing, AOS-12.5), and the attack dice of
:mod:`.attack_steps` (``dice hit 12/15/3``).

Points are ``x,y`` in inches with at most three decimals (1/1000 inch, geometry.measure); a path
starts where the model stands (the checked truth is the path, GEO-9).

>>> a = parse_action("move A1 m1 (24, 9) (24, 12.5); m2 22,9 22,12.5")
>>> str(a)
'move A1 m1 24.000,9.000 24.000,12.500; m2 22.000,9.000 22.000,12.500'
>>> parse_action(str(a)) == a
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Literal, get_args

from bitva.core.errors import UnreadableAction
from bitva.games.age_of_sigmar.battle.set_up_actions import (
    Deploy,
    General,
    Landscape,
    Objective,
    SceneryCount,
    Territory,
    parse_set_up,
)
from bitva.games.age_of_sigmar.geometry.measure import Point, format_point, quantize

PathKind = Literal["move", "retreat", "pile-in"]
UnitVerb = Literal[
    "inspire", "run", "hold", "charge", "fight", "unbind", "target", "sacrifice", "name"
]
UNIT_VERBS = ("inspire", "run", "hold", "charge", "fight", "unbind", "target", "sacrifice", "name")
TargetVerb = Literal["shoot", "attack"]
DieKind = Literal[
    "run",
    "charge",
    "battleshock",
    "deadly",
    "cast",
    "unbind",
    "mortal",
    "mystical",
    "landscape",
    "triumph",
    "heal",
    "scenery",
]
DIE_KINDS: tuple[str, ...] = get_args(DieKind)

Paths = tuple[tuple[int, tuple[Point, ...]], ...]
"""Per-model paths: (model number from 1, points from the model's position)."""

_UNIT = r"[A-Za-z][A-Za-z0-9_-]*"
_NUM = r"-?\d+(?:\.\d+)?"
_POINT = re.compile(rf"\(?\s*({_NUM})\s*,\s*({_NUM})\s*\)?")
_MODEL = re.compile(r"\s*m(\d+)\s+(.*)$", re.DOTALL)
_SPLIT = re.compile(rf"[mM]([1-9]\d*)(?:\s+([A-Za-z][A-Za-z0-9_]*))?\s+at\s+({_UNIT})")


@dataclass(frozen=True, slots=True)
class Done:
    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class First:
    side: Literal["A", "B"]

    def __str__(self) -> str:
        return f"first {self.side}"


@dataclass(frozen=True, slots=True)
class UnitAction:
    verb: UnitVerb
    unit: str

    def __str__(self) -> str:
        return f"{self.verb} {self.unit}"


@dataclass(frozen=True, slots=True)
class CastAction:
    """A wizard attempts a spell (AOS-14.2): ``cast A4 arcane-bolt``."""

    unit: str
    spell: str

    def __str__(self) -> str:
        return f"cast {self.unit} {self.spell}"


@dataclass(frozen=True, slots=True)
class InspiredFight:
    """Pick a unit to fight and declare the Inspired triumph on it (AOS-3.7, D-33)."""

    unit: str

    def __str__(self) -> str:
        return f"fight {self.unit} inspired"


@dataclass(frozen=True, slots=True)
class _Named:
    """An ability named on a unit, maybe aimed at another: ``VERB UNIT NAME [TARGET]``."""

    VERB: ClassVar[str] = ""
    unit: str
    ability: str
    target: str | None = None

    def __str__(self) -> str:
        aimed = "" if self.target is None else f" {self.target}"
        return f"{self.VERB} {self.unit} {self.ability}{aimed}"


@dataclass(frozen=True, slots=True)
class UseAction(_Named):
    """A unit's activated ability (section 3.2): ``use B1 portal-of-skulls``, or aimed at
    another unit ``use A3 NAME B2``."""

    VERB: ClassVar[str] = "use"


@dataclass(frozen=True, slots=True)
class CommandAction(_Named):
    """A command ability of the general's warscroll (AOS-5.3): ``command A2 NAME`` or, with a
    range, aimed at a unit ``command A2 NAME A1``."""

    VERB: ClassVar[str] = "command"


@dataclass(frozen=True, slots=True)
class TargetAction:
    """A unit's attacks: every model that can at ``target`` (AOS-11.2), except the ``splits``
    (model number, weapon id or ``""`` for all its weapons, other target: AOS-11.3)."""

    verb: TargetVerb
    unit: str
    target: str
    splits: tuple[tuple[int, str, str], ...] = ()

    def __str__(self) -> str:
        rest = "".join(f"; m{n}{' ' + w if w else ''} at {t}" for n, w, t in self.splits)
        return f"{self.verb} {self.unit} at {self.target}{rest}"


@dataclass(frozen=True, slots=True)
class PathAction:
    """A unit's models moved one at a time along their paths, in the order written (GEO-10)."""

    verb: PathKind
    unit: str
    paths: Paths = ()

    def __str__(self) -> str:
        parts = [
            f"m{number} " + " ".join(format_point(p) for p in points)
            for number, points in self.paths
        ]
        body = "; ".join(parts)
        return f"{self.verb} {self.unit}" + (f" {body}" if body else "")


@dataclass(frozen=True, slots=True)
class CasualtyAction:
    """The owner's choice of casualties (:mod:`.allocation`): ``allocate B1 m3 m1 m2``, the
    order its models take the pooled wounds (AOS-12.2, D-16, D-17), or ``flee B1 m5 m4``, the
    models that flee (AOS-10.2, D-25). Models are numbered from 1, as in paths."""

    verb: Literal["allocate", "flee"]
    unit: str
    models: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.verb} {self.unit} " + " ".join(f"m{n}" for n in self.models)


@dataclass(frozen=True, slots=True)
class RollOff:
    """A roll-off's two dice, A's first (AOS-1.7, D-38)."""

    a: int
    b: int

    def __str__(self) -> str:
        return f"roll-off {self.a} {self.b}"


@dataclass(frozen=True, slots=True)
class Die:
    """A single roll of the battle: the run D6, the charge 2D6 total, a battleshock D6, a
    Deadly terrain D6."""

    kind: DieKind
    value: int
    faces: tuple[int, ...] = ()
    """A 2D6's dice, the lower first, when a Blessed holder could set one (AOS-3.7)."""

    def __str__(self) -> str:
        if self.faces:
            return f"dice {self.kind} " + "+".join(str(f) for f in self.faces)
        return f"dice {self.kind} {self.value}"


@dataclass(frozen=True, slots=True)
class BlessAction:
    """The Blessed triumph (AOS-3.7, D-33): ``bless 6`` sets a single die, ``bless 2 6`` a die
    of a 2D6 showing 2, ``bless A 6`` a roll-off's die, ``bless miss hit`` one attack die."""

    what: str
    to: str = ""

    def __str__(self) -> str:
        return f"bless {self.what} {self.to}".rstrip()


@dataclass(frozen=True, slots=True)
class AttackDice:
    """The grouped dice of one attack step (:mod:`.attack_steps`): ``dice <step> <counts>``."""

    step: str
    counts: tuple[int, ...]

    def __str__(self) -> str:
        return f"dice {self.step} " + "/".join(str(c) for c in self.counts)


Action = (
    Done
    | First
    | UnitAction
    | CastAction
    | UseAction
    | CommandAction
    | InspiredFight
    | TargetAction
    | PathAction
    | CasualtyAction
    | BlessAction
    | RollOff
    | Die
    | AttackDice
    | Landscape
    | Territory
    | Deploy
    | General
    | Objective
    | SceneryCount
)
CHANCE_TYPES = (RollOff, Die, AttackDice)


def _coordinate(text: str, whole: str) -> float:
    if "." in text and len(text.split(".")[1]) > 3:
        raise UnreadableAction(f"{whole!r}: coordinates are in 1/1000 inch (at most 3 decimals)")
    return quantize(float(text))


def parse_paths(body: str, whole: str) -> Paths:
    """``m1 x,y x,y; m2 ...`` to per-model paths."""
    paths: list[tuple[int, tuple[Point, ...]]] = []
    for part in body.split(";"):
        if not part.strip():
            continue
        match = _MODEL.match(part)
        if match is None:
            raise UnreadableAction(f"{whole!r}: each model's path is m<number> then x,y points")
        rest = match.group(2)
        points = []
        for point in _POINT.finditer(rest):
            points.append((_coordinate(point.group(1), whole), _coordinate(point.group(2), whole)))
        leftover = _POINT.sub("", rest).strip()
        if not points or leftover:
            raise UnreadableAction(f"{whole!r}: cannot read the path {rest.strip()!r}")
        paths.append((int(match.group(1)), tuple(points)))
    return tuple(paths)


def parse_action(text: str) -> Action:
    """Text to an action or chance outcome (any decision point: legality is `check`'s)."""
    words = text.split()
    if not words:
        raise UnreadableAction("an empty action")
    verb = words[0].lower()
    set_up = parse_set_up(text)  # AOS-2.5, AOS-3.1 to 3.6 (set_up_actions.py)
    if set_up is not None:
        return set_up
    if verb == "done" and len(words) == 1:
        return Done()
    if verb == "first" and len(words) == 2 and words[1].upper() in ("A", "B"):
        return First("A" if words[1].upper() == "A" else "B")
    unit = len(words) >= 2 and re.fullmatch(_UNIT, words[1]) is not None
    if verb in UNIT_VERBS and len(words) == 2 and unit:
        return UnitAction(verb, words[1])  # type: ignore[arg-type]
    if verb in ("shoot", "attack") and ";" in text:
        head, *parts = text.split(";")
        first = parse_action(head)
        why = f"{text!r}: after the target, each split is m<number> [weapon] at TARGET"
        if not isinstance(first, TargetAction):
            raise UnreadableAction(why)
        splits = []
        for part in parts:
            match = _SPLIT.fullmatch(part.strip())
            if match is None:
                raise UnreadableAction(why)
            splits.append((int(match.group(1)), (match.group(2) or "").lower(), match.group(3)))
        return TargetAction(first.verb, first.unit, first.target, tuple(splits))
    if (
        verb in ("shoot", "attack")
        and len(words) == 4
        and words[2].lower() == "at"
        and unit
        and re.fullmatch(_UNIT, words[3])
    ):
        return TargetAction(verb, words[1], words[3])  # type: ignore[arg-type]
    if verb in ("move", "retreat", "pile-in") and unit:
        body = text.strip().split(None, 2)
        paths = parse_paths(body[2], text) if len(body) > 2 else ()
        return PathAction(verb, words[1], paths)  # type: ignore[arg-type]
    if verb == "bless" and len(words) in (2, 3) and re.fullmatch(r"[A-Za-z0-9_-]+", words[1]):
        return BlessAction(words[1], words[2] if len(words) == 3 else "")
    if (
        verb in ("allocate", "flee")
        and len(words) >= 3
        and unit
        and all(re.fullmatch(r"[mM][1-9]\d*", w) for w in words[2:])
    ):
        numbers = tuple(int(w[1:]) for w in words[2:])
        return CasualtyAction(verb, words[1], numbers)  # type: ignore[arg-type]
    if verb == "fight" and len(words) == 3 and unit and words[2].lower() == "inspired":
        return InspiredFight(words[1])
    if verb in ("use", "command") and len(words) in (3, 4) and unit:
        aimed = words[3] if len(words) == 4 and re.fullmatch(_UNIT, words[3]) else None
        if re.fullmatch(r"[a-z0-9][a-z0-9-]*", words[2]) and (len(words) == 3 or aimed):
            made = UseAction if verb == "use" else CommandAction
            return made(words[1], words[2], aimed)
    if verb == "cast" and len(words) == 3 and unit and re.fullmatch(r"[a-z][a-z-]*", words[2]):
        return CastAction(words[1], words[2])
    if (
        verb == "roll-off"
        and len(words) == 3
        and all(w in ("1", "2", "3", "4", "5", "6") for w in words[1:])
    ):
        return RollOff(int(words[1]), int(words[2]))
    if verb == "dice" and len(words) == 3:
        kind, value = words[1].lower(), words[2]
        if kind in DIE_KINDS and value.isdigit():
            return Die(kind, int(value))  # type: ignore[arg-type]
        pair = re.fullmatch(r"([1-6])\+([1-6])", value)
        if kind in DIE_KINDS and pair is not None and pair.group(1) <= pair.group(2):
            low, high = int(pair.group(1)), int(pair.group(2))
            return Die(kind, low + high, (low, high))  # type: ignore[arg-type]
        if re.fullmatch(r"[a-z][a-z_-]*", kind) and re.fullmatch(r"\d+(/\d+)*", value):
            return AttackDice(kind, tuple(int(c) for c in value.split("/")))
    raise UnreadableAction(
        f"cannot read {text!r}: try done, move UNIT m1 x,y x,y; ..., run UNIT, charge UNIT, "
        "shoot UNIT at TARGET, fight UNIT, first A"
    )
