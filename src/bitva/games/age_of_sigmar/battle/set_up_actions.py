"""The actions of the steps before the battle (AOS-2.3, AOS-2.5, AOS-3.1 to AOS-3.6), with a
text form that round-trips:

    scenery 2                    the features a cell gets on a scenery roll of 11-12 (AOS-2.3)
    landscape F1 arcane          the roll-off's winner chooses a feature's rule (AOS-2.5, AOS-1.8)
    territory low                the territory roll-off's loser picks a half (AOS-3.1, GEO-12)
    deploy A1 m1 24.000,9.000; m2 22.000,9.000   a unit set up, one point a model (AOS-3.2)
    general A2.1                 the model named general (AOS-3.5)
    objective blunt              the outnumbered player's objective, or ``objective none``;
    objective seize-ground F1    Seize Ground names its feature (AOS-3.6, D-32)

(``name B1``, the opponent's unit for Assassinate or Blunt, is a unit action of
:mod:`.actions`; ``done`` ends a player's set-up, D-28.)

>>> a = parse_set_up("deploy A1 m1 (24, 9); m2 22,9")
>>> str(a)
'deploy A1 m1 24.000,9.000; m2 22.000,9.000'
>>> parse_set_up(str(a)) == a
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from bitva.core.errors import UnreadableAction
from bitva.games.age_of_sigmar.geometry.measure import Point, format_point

LANDSCAPES = ("damned", "arcane", "inspiring", "deadly", "mystical", "sinister")
"""AOS-2.5, in the order of the D6 (1 Damned ... 6 Sinister)."""
ObjectiveChoice = Literal["assassinate", "blunt", "endure", "seize_ground", "none"]
OBJECTIVES: tuple[ObjectiveChoice, ...] = ("assassinate", "blunt", "endure", "seize_ground", "none")
_ID = r"[A-Za-z][A-Za-z0-9_-]*"


@dataclass(frozen=True, slots=True)
class SceneryCount:
    """The count of features chosen for a cell whose scenery roll was 11 or 12 (AOS-2.3,
    D-35: 0 to 3, by the roll-off's winner)."""

    count: int

    def __str__(self) -> str:
        return f"scenery {self.count}"


@dataclass(frozen=True, slots=True)
class Landscape:
    """A feature's mysterious rule chosen (AOS-2.5)."""

    feature: str
    rule: str

    def __str__(self) -> str:
        return f"landscape {self.feature} {self.rule}"


@dataclass(frozen=True, slots=True)
class Territory:
    """The half of the table a player takes (AOS-3.1, GEO-12: ``low`` holds (width/2, 0)
    for a horizontal or diagonal split, (0, depth/2) for a vertical one)."""

    half: Literal["low", "high"]

    def __str__(self) -> str:
        return f"territory {self.half}"


@dataclass(frozen=True, slots=True)
class Deploy:
    """A unit set up (AOS-3.2): each model's centre, models by number from 1."""

    unit: str
    points: tuple[tuple[int, Point], ...]

    def __str__(self) -> str:
        body = "; ".join(f"m{n} {format_point(p)}" for n, p in self.points)
        return f"deploy {self.unit} {body}"


@dataclass(frozen=True, slots=True)
class General:
    """The model named general (AOS-3.5), by its id ``<unit>.<n>``."""

    model: str

    def __str__(self) -> str:
        return f"general {self.model}"


@dataclass(frozen=True, slots=True)
class Objective:
    """The sudden death objective (AOS-3.6), ``none`` to take none."""

    objective: ObjectiveChoice
    feature: str | None = None

    def __str__(self) -> str:
        word = self.objective.replace("_", "-")
        return f"objective {word}" + (f" {self.feature}" if self.feature else "")


SetUpAction = SceneryCount | Landscape | Territory | Deploy | General | Objective


def parse_set_up(text: str) -> SetUpAction | None:
    """The set-up action ``text`` spells, None if it is none of them."""
    words = text.split()
    verb = words[0].lower() if words else ""
    if verb == "scenery" and len(words) == 2:
        if words[1].isdigit():
            return SceneryCount(int(words[1]))
        raise UnreadableAction(f"{text!r}: the count is a number, scenery 0 to scenery 3")
    if verb == "landscape" and len(words) == 3 and re.fullmatch(_ID, words[1]):
        if words[2].lower() in LANDSCAPES:
            return Landscape(words[1], words[2].lower())
        raise UnreadableAction(f"{text!r}: the rule is one of {', '.join(LANDSCAPES)}")
    if verb == "territory" and len(words) == 2 and words[1].lower() in ("low", "high"):
        return Territory("low" if words[1].lower() == "low" else "high")
    if verb == "general" and len(words) == 2 and re.fullmatch(rf"{_ID}\.\d+", words[1]):
        return General(words[1])
    if verb == "objective" and len(words) in (2, 3):
        name = words[1].lower().replace("-", "_")
        if name not in OBJECTIVES:
            raise UnreadableAction(
                f"{text!r}: the objective is assassinate, blunt, endure, seize-ground or none"
            )
        feature = words[2] if len(words) == 3 else None
        if (name == "seize_ground") != (feature is not None):
            raise UnreadableAction(f"{text!r}: seize-ground names a feature, the others none")
        return Objective(name, feature)
    if verb == "deploy" and len(words) >= 3 and re.fullmatch(_ID, words[1]):
        from bitva.games.age_of_sigmar.battle.actions import parse_paths  # no import cycle

        paths = parse_paths(text.strip().split(None, 2)[2], text)
        if any(len(points) != 1 for _, points in paths):
            raise UnreadableAction(f"{text!r}: deploy gives one point a model (m1 x,y; m2 x,y)")
        return Deploy(words[1], tuple((n, points[0]) for n, points in paths))
    return None
