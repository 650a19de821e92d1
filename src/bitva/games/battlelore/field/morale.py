"""Resolving a roll, morale and retreat (BL-5.2, BL-5.3, BL-6, BL-10.1-10.3, D-10, D-11, D-14,
D-21, D-29, D-30).

The state machine resolves a roll step by step (BL-5.2); each step is a function here:
1-2. card and creature choices (the Lore and creature modules);
3. `read_roll`: the standing conversions - web turns `F` into hits, poison turns `L` into
   losses (BL-11.8, BL-11.10);
4. `take_losses`: figures removed, the unit eliminated at 0 (the caller gives the banner,
   BL-5.3);
5. flags: `ignorable_flags`, `retreat_distance`, then `retreat_steps` hex by hex, `enter(...,
   "retreat")`, and `blocked_losses` for the hexes left when no step is possible (BL-6.6);
   a goblin then takes its panic check (`panic_dice`, `panic_losses`, BL-10.3).
Creatures' flags, trample and critical risk are in `field/creatures.py` (BL-11.5).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from bitva.games.battlelore.field.board import NEIGHBOURS, toward_edge
from bitva.games.battlelore.field.combat import Kind, hit_faces
from bitva.games.battlelore.field.model import HELMET_OF, Face, Field, Unit
from bitva.games.battlelore.field.movement import enterable
from bitva.games.battlelore.lore.economy import lore_faces

SUPPORTERS_NEEDED = 2  # D-10


@dataclass(frozen=True, slots=True)
class RollEffect:
    """What a roll does to its target after the standing conversions (BL-5.2 step 3): `hits`
    (figures lost, or dice set aside for a critical re-roll against a creature), `flags` still
    to resolve by morale, `poison_losses` (one per `L` against a poisoned unit, BL-11.10) and
    `lore` (the `L` faces not used by a conversion, which may give tokens, BL-12.4)."""

    hits: int
    flags: int
    poison_losses: int
    lore: int


def read_roll(
    field: Field,
    attacker: Unit,
    target: Unit,
    kind: Kind,
    faces: Iterable[Face],
    *,
    sword_hits_anywhere: bool = False,
    lore_hits: bool = False,
) -> RollEffect:
    """BL-5.1, BL-5.2 step 3: count a roll against `target`. A webbed target's flags are hits
    (BL-11.8, D-21); each `L` against a poisoned target in a Lore adventure costs a figure and
    gives no token (BL-11.10, D-20); `L` faces that hit by a card (`lore_hits`) give none
    either (BL-13.8)."""
    hitting = hit_faces(
        field,
        attacker,
        target,
        kind,
        sword_hits_anywhere=sword_hits_anywhere,
        lore_hits=lore_hits,
    )
    rolled = list(faces)
    hits = sum(1 for face in rolled if face in hitting)
    flags = sum(1 for face in rolled if face == "F" and face not in hitting)
    # what the `L` faces give is `lore.lore_faces`'s to say (BL-5.1, BL-12.4): poison and a
    # card's `L` hits are the effects keyed to them
    keyed = target.poisoned or "L" in hitting
    lore = lore_faces(rolled.count("L"), keyed_effects=keyed, lore_adventure=field.lore)
    poison = lore.fed_effects if target.poisoned else 0
    return RollEffect(hits, flags, poison, lore.tokens)


def take_losses(field: Field, unit: Unit, losses: int) -> bool:
    """BL-5.2 step 4: remove `losses` figures; at 0 the unit is eliminated and taken off the
    board (BL-5.3: the caller gives its owner's opponent 1 banner). Returns whether it was."""
    unit.figures = max(unit.figures - losses, 0)
    if unit.figures == 0:
        field.remove(unit)
        return True
    return False


def supported(field: Field, unit: Unit) -> bool:
    """BL-6.2, D-10: at least 2 friendly units adjacent. A webbed unit never supports; a
    creature supports others but is never supported itself (BL-11.5)."""
    if unit.type.is_creature:
        return False
    friends = 0
    for hex_ in NEIGHBOURS[unit.hex]:
        other = field.unit_at(hex_)
        if other is not None and other.side == unit.side and not other.webbed:
            friends += 1
    return friends >= SUPPORTERS_NEEDED


def bold(field: Field, unit: Unit, bonus: int = 0) -> int:
    """BL-6.1, D-11: the flags `unit` may ignore in one roll: +1 supported, +1 Iron Morale
    (dwarf foot, BL-10.1), +1 on a bridge, +1 on a landmark (BL-9.1), + card `bonus`. A creature
    is exactly 1 + card bonuses (BL-11.5, D-26)."""
    if unit.type.is_creature:
        return 1 + bonus
    level = bonus
    level += supported(field, unit)
    level += "iron_morale" in unit.type.traits and unit.type.status == "foot"
    level += field.terrain[unit.hex] == "bridge"
    level += field.landmarks[unit.hex] is not None
    return level


def ignorable_flags(field: Field, unit: Unit, flags: int, bonus: int = 0) -> tuple[int, int]:
    """BL-6.3: the least and the most flags `unit` ignores of `flags` (those left after web
    conversion, D-21). Ignoring is optional, except that a creature must ignore 1 flag."""
    most = min(flags, bold(field, unit, bonus))
    least = min(flags, 1) if unit.type.is_creature else 0
    return least, most


def frightened(unit: Unit) -> bool:
    """BL-10.2, D-30: every goblin unit, mounted too, is Frightened when it must retreat."""
    return "frightened" in unit.type.traits or unit.type.race == "goblin"


def retreat_hexes_per_flag(unit: Unit) -> int:
    """BL-6.4: 1 hex per flag; Frightened units 2 (BL-10.2); a creature per its card."""
    if unit.type.is_creature:
        return unit.type.retreat_per_flag
    return 2 if frightened(unit) else 1


def retreat_distance(unit: Unit, flags_not_ignored: int) -> int:
    """BL-6.4: flags not ignored x hexes per flag."""
    return flags_not_ignored * retreat_hexes_per_flag(unit)


def retreat_steps(field: Field, unit: Unit) -> tuple[int, ...]:
    """BL-6.5, D-14: the hexes the next retreat step may enter: one of the two neighbours nearer
    the owner's edge, empty and not a river; terrain stops never apply (BL-3.5)."""
    return tuple(h for h in toward_edge(unit.hex, unit.side) if enterable(field, h))


def blocked_losses(unit: Unit, hexes_left: int) -> int:
    """BL-6.6: a non-creature loses 1 figure per hex it could not retreat (creatures: BL-11.5)."""
    return 0 if unit.type.is_creature else hexes_left


def retreat_paths(field: Field, unit: Unit, distance: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way the owner may retreat `unit` by `distance` hexes (BL-6.5, BL-6.6): (the hexes
    entered, the hexes left blocked). The unit's own hex empties as it goes; retreats only go
    toward its edge, so it never meets that hex again."""

    def walk(hex_: int, left: int, path: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        steps = [h for h in toward_edge(hex_, unit.side) if enterable(field, h)] if left else []
        if not steps:
            yield path, left
            return
        for step in steps:
            yield from walk(step, left - 1, (*path, step))

    yield from walk(unit.hex, distance, ())


def panic_dice(hexes_retreated: int) -> int:
    """BL-10.3, D-29: 1 die per hex actually retreated (blocked hexes do not count), rolled by
    the player whose roll caused the retreat."""
    return hexes_retreated


def panic_losses(unit: Unit, faces: Iterable[Face]) -> int:
    """BL-10.3: each face of the unit's banner colour kills 1 figure; the rest give nothing."""
    helmet = HELMET_OF[unit.type.banner]
    return sum(1 for face in faces if face == helmet)


def takes_panic_check(unit: Unit) -> bool:
    """BL-10.2: a goblin unit takes a panic check after retreating (if still alive, BL-10.3)."""
    return unit.type.race == "goblin"
