"""What one unit's attacks on one target are made of, as plain numbers (CALC-2, AOS-11): attack
profiles (one weapon with one effect set, carried by alike models), the target, and the options
where the rules leave a choice.

The calculator (:mod:`bitva.games.age_of_sigmar.calculator`) turns warscrolls and the
situation into these (CALC-1) and computes their exact laws; the die-by-die resolver
(:mod:`bitva.games.age_of_sigmar.attack`) rolls them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bitva.core.errors import BitvaError
from bitva.games.age_of_sigmar.dice import Dice


class ProfileError(BitvaError):
    """Numbers that make no attack profile or target (a rend above 0, a save of 9+)."""


RerollKind = Literal["ones", "failed", "any"]
Allocation = Literal["wounded_first", "min_slain"]
POLICIES: tuple[Allocation, ...] = ("wounded_first", "min_slain")


@dataclass(frozen=True)
class Trigger:
    """An ``on_roll`` effect on a hit, wound or save die (section 3.2, D-20).

    Exactly one outcome is set: ``hits`` (hit roll), ``mortal_wounds`` (hit or wound roll, with
    ``end``: instead of the rest of the sequence), ``rend`` / ``damage`` (wound roll), or
    ``attacker_mortal_wounds`` (save roll, suffered by the attacker).
    """

    on: int
    unmodified: bool = True
    hits: Dice | None = None
    mortal_wounds: Dice | None = None
    end: bool = False
    rend: int | None = None
    damage: Dice | None = None
    attacker_mortal_wounds: Dice | None = None

    def matches(self, face: int, modifier: int) -> bool:
        """D-20: the unmodified die by default, else the modified total."""
        return (face if self.unmodified else face + modifier) >= self.on

    def describe(self) -> str:
        what = (
            f"{self.hits} hits"
            if self.hits is not None
            else f"{self.mortal_wounds} MW{' (ends)' if self.end else ''}"
            if self.mortal_wounds is not None
            else f"rend {self.rend}"
            if self.rend is not None
            else f"damage {self.damage}"
            if self.damage is not None
            else f"{self.attacker_mortal_wounds} MW to attacker"
        )
        return f"{self.on}+{'' if self.unmodified else ' (modified)'}: {what}"


@dataclass(frozen=True)
class AttackProfile:
    """One weapon with one effect set, carried by ``n_models`` alike models (CALC-2).

    ``save_mod`` is a save modifier that only this profile's attacks suffer (an attacker's or the
    defender's weapon-specific effect); cover and Mystic Shield live on the target.
    """

    hit: int
    wound: int
    rend: int = 0
    damage: Dice = field(default_factory=lambda: Dice.fixed(1))
    attacks: Dice = field(default_factory=lambda: Dice.fixed(1))
    n_models: int = 1
    extra_attacks: int = 0
    hit_mod: int = 0
    wound_mod: int = 0
    hit_reroll: frozenset[RerollKind] = frozenset()
    wound_reroll: frozenset[RerollKind] = frozenset()
    hit_triggers: tuple[Trigger, ...] = ()
    wound_triggers: tuple[Trigger, ...] = ()
    save_mod: int = 0
    name: str = "attack"

    def __post_init__(self) -> None:
        if self.n_models < 0:
            raise ProfileError("n_models must be 0 or more")
        if self.rend > 0:
            raise ProfileError("rend is 0 or negative")
        if not (1 <= self.hit <= 7 and 1 <= self.wound <= 7):
            raise ProfileError("hit and wound are 'x+' numbers from 1 to 7")

    def per_attack_key(self) -> tuple[object, ...]:
        """What makes attacks alike (AOS-11.5): everything but how many there are."""
        return (
            self.hit,
            self.wound,
            self.rend,
            self.damage,
            self.hit_mod,
            self.wound_mod,
            self.hit_reroll,
            self.wound_reroll,
            self.hit_triggers,
            self.wound_triggers,
            self.save_mod,
        )


@dataclass(frozen=True)
class TargetProfile:
    """The unit attacked (CALC-2). ``save`` None is a Save of "-" (D-21).

    ``wounds`` lists the wounds each model on the table has left. Wards: ``ward`` applies to
    wounds from attacks, ``mortal_ward`` to mortal wounds (an ``all`` ward sets both).
    ``bravery`` is without the per-10-models bonus (AOS-10.2); None means no battleshock test.
    """

    wounds: tuple[int, ...]
    save: int | None = None
    save_mod: int = 0
    save_reroll: frozenset[RerollKind] = frozenset()
    ignore_save_mods: Literal["none", "rend", "all"] = "none"
    ward: int | None = None
    mortal_ward: int | None = None
    bravery: int | None = None
    slain_before: int = 0
    battleshock_immune: bool = False
    save_triggers: tuple[Trigger, ...] = ()
    name: str = "target"

    def __post_init__(self) -> None:
        if any(w < 1 for w in self.wounds):
            raise ProfileError("every model on the table has at least 1 wound left")
        if self.save is not None and not 1 <= self.save <= 7:
            raise ProfileError("save is an 'x+' number from 1 to 7, or None for '-'")
        for ward in (self.ward, self.mortal_ward):
            if ward is not None and not 1 <= ward <= 7:
                raise ProfileError("a ward is an 'x+' number from 1 to 7")
        if self.slain_before < 0:
            raise ProfileError("slain_before must be 0 or more")

    @property
    def n_models(self) -> int:
        return len(self.wounds)

    @property
    def total_wounds(self) -> int:
        return sum(self.wounds)

    @property
    def tests_battleshock(self) -> bool:
        return self.bravery is not None and not self.battleshock_immune


@dataclass(frozen=True)
class AttackOptions:
    """How attacks are resolved where the rules leave a choice (CALC-2): the allocation policy
    (CALC-9, D-17) and the house rule of D-18 (a natural 1 always fails)."""

    allocation: Allocation = "wounded_first"
    natural_one_fails: bool = False
