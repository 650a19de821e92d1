"""Battle: who may battle, range, line of sight, base dice and caps, the faces that hit
(BL-4, BL-5.1, D-8, D-9, D-16, D-17, D-44).

Pure functions over `model.Field`. Dice counts here are *base* dice with the caps of BL-4.7
applied; card dice are added by the caller afterwards and are never capped (BL-4.4 step 5).
"""

from __future__ import annotations

from typing import Literal

from bitva.games.battlelore.field.board import NEIGHBOURS, adjacent, distance, line_of_sight
from bitva.games.battlelore.field.model import HELMET_OF, Face, Field, Unit

Kind = Literal["melee", "ranged"]
FOREST_CAP = 2  # BL-4.7: attacker or target in a forest
HILL_CAP = 3  # attacker on a hill
UPHILL_CAP = 2  # attacker off a hill, target on one
FORD_CAP = 2  # attacker on a ford (attacking a unit on a ford is uncapped)
LANDMARK_CAP = 2  # attacker or target on a landmark (BL-9.1)


def may_battle(field: Field, unit: Unit, *, extra_battle_hexes: int = 0) -> bool:
    """Whether `unit` may declare a battle now (BL-4.1): ordered (BL-2.6), not yet battled,
    moved no more than `move_battle` hexes (BL-3.2; + `extra_battle_hexes` for Forward March
    or Forced March; a rush overrides it, BL-10.4), not having entered a landmark this turn
    (BL-9.1, BL-3.4), not webbed (BL-11.8). A rushing goblin whose target is gone or no longer
    adjacent may not battle (BL-10.4, D-28)."""
    if not unit.ordered or unit.battled or unit.webbed or unit.entered_landmark:
        return False
    if unit.rush_target is not None:
        target = field.units[unit.rush_target]
        return target is not None and adjacent(unit.hex, target.hex)
    return unit.moved <= unit.type.move_battle + extra_battle_hexes


def _blocks_sight(field: Field, hex_: int, a: int, b: int) -> bool:
    """BL-4.5, BL-4.6, D-17: a unit, a forest, a landmark or a hill blocks; a hill adjacent to
    an endpoint that itself stands on a hill does not (both ways)."""
    if field.at[hex_] is not None or field.landmarks[hex_] is not None:
        return True
    terrain = field.terrain[hex_]
    if terrain == "forest":
        return True
    if terrain == "hill":
        return not any(field.terrain[end] == "hill" and adjacent(end, hex_) for end in (a, b))
    return False


def sees(field: Field, a: int, b: int) -> bool:
    """Line of sight from hex `a` to hex `b` (BL-4.5, BL-4.6, D-16, D-17)."""
    return line_of_sight(a, b, lambda h: _blocks_sight(field, h, a, b))


def adjacent_enemies(field: Field, unit: Unit) -> list[Unit]:
    """The enemy units next to `unit`, by hex index."""
    out = []
    for hex_ in NEIGHBOURS[unit.hex]:
        other = field.unit_at(hex_)
        if other is not None and other.side != unit.side:
            out.append(other)
    return out


def ranged_dice(unit: Unit, at_distance: int) -> int:
    """The weapon's ranged dice at `at_distance` less the moving penalty (section 2.3, D-8):
    "minus1" loses a die, "none" forbids a ranged battle after moving."""
    weapon = unit.type.weapon
    if at_distance < 2 or at_distance > weapon.range:
        return 0
    dice = weapon.dice_at(at_distance)
    if unit.moved > 0:
        if weapon.moved == "none":
            return 0
        if weapon.moved == "minus1":
            dice -= 1
    return max(dice, 0)


def targets(field: Field, unit: Unit) -> list[tuple[int, Kind]]:
    """The enemies `unit` may attack now and how (BL-4.3, BL-4.4 step 2), by target uid: every
    adjacent enemy in melee; with no enemy adjacent (D-44), every enemy within the weapon's
    range, in line of sight, that the weapon may still fire at after this turn's move. A
    rushing goblin may attack only its declared target (BL-10.4). Whether the unit may battle
    at all is `may_battle`."""
    close = adjacent_enemies(field, unit)
    if unit.rush_target is not None:
        return [(e.uid, "melee") for e in close if e.uid == unit.rush_target]
    if close:
        return sorted((e.uid, "melee") for e in close)
    out: list[tuple[int, Kind]] = []
    for enemy in field.alive():
        if enemy.side == unit.side:
            continue
        if ranged_dice(unit, distance(unit.hex, enemy.hex)) > 0 and sees(
            field, unit.hex, enemy.hex
        ):
            out.append((enemy.uid, "ranged"))
    return sorted(out)


def dice_cap(field: Field, attacker_hex: int, target_hex: int) -> int | None:
    """BL-4.7, BL-8, BL-9.1, BL-9.2: the lowest cap that the two hexes impose, or None."""
    caps: list[int] = []
    mine, theirs = field.terrain[attacker_hex], field.terrain[target_hex]
    if mine == "forest" or theirs == "forest":
        caps.append(FOREST_CAP)
    if mine == "hill":
        caps.append(HILL_CAP)
    elif theirs == "hill":
        caps.append(UPHILL_CAP)
    if mine == "ford":
        caps.append(FORD_CAP)
    if field.landmarks[attacker_hex] is not None or field.landmarks[target_hex] is not None:
        caps.append(LANDMARK_CAP)
    return min(caps) if caps else None


def capped(dice: int, cap: int | None) -> int:
    return dice if cap is None else min(dice, cap)


def uncapped_dice(attacker: Unit, target: Unit, kind: Kind) -> int:
    """BL-4.4 step 3: melee dice (a creature's from its card), or the weapon's ranged dice at
    that distance less the moving penalty."""
    if kind == "melee":
        return attacker.type.melee_dice
    return ranged_dice(attacker, distance(attacker.hex, target.hex))


def base_dice(field: Field, attacker: Unit, target: Unit, kind: Kind) -> int:
    """BL-4.4 steps 3-4: the base dice with the caps of BL-4.7 applied (the lowest wins). Battle
    backs and bonus attacks are melee attacks and take the same caps."""
    return capped(uncapped_dice(attacker, target, kind), dice_cap(field, attacker.hex, target.hex))


def sword_hits(attacker: Unit, kind: Kind) -> bool:
    """BL-5.1, D-9: `S` hits in melee only, for a sword, spear or lance, or a creature whose card
    gives a bonus strike."""
    if kind != "melee":
        return False
    return attacker.type.weapon.sword_hits or (
        attacker.type.is_creature and attacker.type.bonus_strike
    )


def hit_faces(
    field: Field,
    attacker: Unit,
    target: Unit,
    kind: Kind,
    *,
    sword_hits_anywhere: bool = False,
    lore_hits: bool = False,
) -> frozenset[Face]:
    """BL-5.1: the faces that hit `target` (against a creature: the dice set aside for the
    critical re-roll, BL-11.4): the helmet of its banner colour; `S` in melee when the weapon
    or creature card allows it (D-9), or anywhere with `sword_hits_anywhere` (Weapon Mastery);
    `L` only with `lore_hits` (Rampage!) in a Lore adventure; `F` against a webbed target
    (BL-11.8). Poison's `L` losses are a separate conversion (BL-11.10, `field/creatures.py`)."""
    faces: set[Face] = {HELMET_OF[target.type.banner]}
    if sword_hits_anywhere or sword_hits(attacker, kind):
        faces.add("S")
    if lore_hits and field.lore:
        faces.add("L")
    if target.webbed:
        faces.add("F")
    return frozenset(faces)
