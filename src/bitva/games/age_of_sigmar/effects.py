"""Abilities as data: effect kinds (section 3.2) and their conditions (section 3.3).

Every effect has a ``kind`` plus the optional filters ``scope``, ``weapons``, ``models``,
``requires_in_unit`` and ``when``. Unknown fields are errors, so a typo in a warscroll is caught at
load (architecture invariant 6).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bitva.games.age_of_sigmar.dice import DiceField

Roll = Literal["hit", "wound", "save", "run", "charge", "cast", "unbind", "battleshock"]
AttackRoll = Literal["hit", "wound", "save"]
Scope = Literal["own_attacks", "attacks_against", "unit"]
RerollWhich = Literal["ones", "failed", "any"]
Stat = Literal["move", "bravery", "wounds", "attacks", "range", "rend", "damage"]
Phase = Literal["hero", "movement", "shooting", "charge", "combat", "battleshock"]
AttackKind = Literal["melee", "missile"]
MysteriousKind = Literal["damned", "arcane", "inspiring", "deadly", "mystical", "sinister"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Condition(_Strict):
    """``when``: all given predicates must hold; ``any_of`` and ``not`` nest (section 3.3)."""

    target_keyword: str | None = None
    target_wounds_at_least: int | None = Field(default=None, ge=1)
    phase: Phase | None = None
    turn: Literal["own", "enemy"] | None = None
    charged_this_turn: bool | None = None
    moved_this_turn: bool | None = None
    unit_has_tag: str | None = None
    model_has_tag: str | None = None
    attack_kind: AttackKind | None = None
    within_feature: MysteriousKind | None = None
    any_of: list[Condition] | None = None
    not_: Condition | None = Field(default=None, alias="not")


class _Filters(_Strict):
    """The optional filters every effect may carry (section 3.2)."""

    scope: Scope | None = None
    weapons: list[str] | AttackKind | None = None
    models: str | None = None
    requires_in_unit: str | None = None
    when: Condition | None = None


class RollMod(_Filters):
    """Add ``value`` to hit, wound, save, run, charge, cast, unbind or battleshock rolls."""

    kind: Literal["roll_mod"]
    roll: Roll
    value: int


class Reroll(_Filters):
    """The owner may re-roll dice of ``roll``: ones, failed or any (AOS-1.6, D-19)."""

    kind: Literal["reroll"]
    roll: Roll
    which: RerollWhich


class StatMod(_Filters):
    """Add ``value`` to a characteristic (move, bravery, wounds, attacks, range, rend, damage)."""

    kind: Literal["stat_mod"]
    stat: Stat
    value: int


class Outcome(_Strict):
    """What an ``on_roll`` trigger does; exactly one of its fields (``then`` goes with mortals)."""

    hits: DiceField | None = None
    mortal_wounds: DiceField | None = None
    then: Literal["end", "continue"] | None = None
    rend: int | None = Field(default=None, le=0)
    damage: DiceField | None = None
    attacker_mortal_wounds: DiceField | None = None

    @model_validator(mode="after")
    def _one_outcome(self) -> Outcome:
        given = [name for name in _OUTCOME_NAMES if getattr(self, name) is not None]
        if len(given) != 1:
            raise ValueError(
                f"an outcome needs exactly one of {', '.join(_OUTCOME_NAMES)} "
                f"(got {', '.join(given) or 'none'})"
            )
        if given[0] == "mortal_wounds" and self.then is None:
            raise ValueError("mortal_wounds needs then = 'end' or 'continue'")
        if given[0] != "mortal_wounds" and self.then is not None:
            raise ValueError("then only goes with mortal_wounds")
        return self

    @property
    def name(self) -> str:
        """Which outcome this is: hits, mortal_wounds, rend, damage or attacker_mortal_wounds."""
        return next(name for name in _OUTCOME_NAMES if getattr(self, name) is not None)


_OUTCOME_NAMES = ("hits", "mortal_wounds", "rend", "damage", "attacker_mortal_wounds")
_OUTCOMES_FOR_ROLL: dict[str, frozenset[str]] = {
    "hit": frozenset({"hits", "mortal_wounds"}),
    "wound": frozenset({"mortal_wounds", "rend", "damage"}),
    "save": frozenset({"attacker_mortal_wounds"}),
}


class OnRoll(_Filters):
    """Trigger on a hit, wound or save die of ``on``+ (D-20: unmodified unless told)."""

    kind: Literal["on_roll"]
    roll: AttackRoll
    on: int = Field(ge=1, le=7)
    unmodified: bool = True
    outcome: Outcome

    @model_validator(mode="after")
    def _outcome_fits_roll(self) -> OnRoll:
        allowed = _OUTCOMES_FOR_ROLL[self.roll]
        if self.outcome.name not in allowed:
            raise ValueError(
                f"outcome {self.outcome.name} does not fit a {self.roll} roll "
                f"(allowed: {', '.join(sorted(allowed))})"
            )
        return self


class Ward(_Filters):
    """Roll a die per wound suffered; ``on``+ ignores it (section 3.2, CALC-4)."""

    kind: Literal["ward"]
    on: int = Field(ge=2, le=6)
    against: Literal["all", "normal", "mortal"] = "all"


class IgnoreSaveMods(_Filters):
    """ "Ethereal": save rolls ignore rend, or every modifier (CALC-4)."""

    kind: Literal["ignore_save_mods"]
    which: Literal["rend", "all"]


class NoBattleshock(_Filters):
    """The unit takes no battleshock tests (AOS-10.1)."""

    kind: Literal["no_battleshock"]


class Heal(_Filters):
    """Heal wounds (AOS-12.5); not modeled by the calculator (CALC-12)."""

    kind: Literal["heal"]
    amount: DiceField
    trigger: Literal["hero_phase", "on_slay"]


class MortalWounds(_Filters):
    """Immediate mortal wounds from a spell or activated ability (AOS-12.4)."""

    kind: Literal["mortal_wounds"]
    amount: DiceField


class Status(_Filters):
    """A named status (AOS-2.5, AOS-6)."""

    kind: Literal["status"]
    name: Literal["cannot_move", "befuddled", "ensorcelled", "causes_fear"]


class Aura(_Filters):
    """Effects on units within ``range`` inches (GEO-3)."""

    kind: Literal["aura"]
    range: float = Field(gt=0)
    who: Literal["friendly", "enemy", "all"]
    keywords_any: list[str] = Field(default_factory=list)
    include_self: bool = False
    effects: list[Effect]


class Activated(_Filters):
    """An ability its owner chooses to use (section 3.2)."""

    kind: Literal["activated"]
    phase: Phase
    whose: Literal["yours", "enemy", "any"] = "yours"
    limit: Literal["once_per_turn", "once_per_phase", "once_per_battle"] | None = None
    target: Literal["self", "friendly_unit", "enemy_unit", "any_unit"] = "self"
    range: float | None = Field(default=None, gt=0)
    visible: bool = False
    duration: Literal["phase", "turn", "until_your_next_hero_phase", "battle"]
    effects: list[Effect]


class Custom(_Filters):
    """A registered Python hook with its own test; ignored by the calculator (CALC-12)."""

    kind: Literal["custom"]
    hook: str = Field(pattern=r"^[\w.]+:\w+$")
    note: str = ""


Effect = Annotated[
    RollMod
    | Reroll
    | StatMod
    | OnRoll
    | Ward
    | IgnoreSaveMods
    | NoBattleshock
    | Heal
    | MortalWounds
    | Status
    | Aura
    | Activated
    | Custom,
    Field(discriminator="kind"),
]

Aura.model_rebuild()
Activated.model_rebuild()
Condition.model_rebuild()

DEFAULT_SCOPE: dict[str, Scope] = {"hit": "own_attacks", "wound": "own_attacks"}


def effective_scope(effect: _Filters, roll: str | None) -> Scope:
    """The scope of an effect on ``roll``: hit and wound rolls default to the owner's own attacks,
    saves and wards to attacks against the owner, everything else to the unit (section 3.2)."""
    if effect.scope is not None:
        return effect.scope
    if roll in ("hit", "wound"):
        return "own_attacks"
    if roll in ("save", "ward"):
        return "attacks_against"
    return "unit"
