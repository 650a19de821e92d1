"""Follow-on actions (BL-7, D-12, D-13, D-15, D-45, D-47): who may battle back, take ground,
pursue or make a bonus attack, and where.

The state machine tracks the battle in progress (the attacker, the target's hex when attacked,
whether this attack is a battle back or a bonus attack); these functions answer from that.
"""

from __future__ import annotations

from bitva.games.battlelore.field.board import NEIGHBOURS, adjacent
from bitva.games.battlelore.field.combat import Kind, adjacent_enemies
from bitva.games.battlelore.field.model import Field, Unit
from bitva.games.battlelore.field.morale import bold
from bitva.games.battlelore.field.movement import enterable


def may_battle_back(
    field: Field,
    defender: Unit | None,
    attacker: Unit | None,
    kind: Kind,
    *,
    attacked_hex: int,
    against_battle_back: bool = False,
    bold_bonus: int = 0,
) -> bool:
    """BL-7.1, D-12, D-13: after a melee attack is fully resolved the defender may battle back
    if it is alive and still in the hex where it was attacked (a blocked retreat left it there,
    D-13), Bold (support counts) or a creature, not webbed, and the attacker is still next to
    it. Never after a ranged attack, never against a battle back."""
    if kind != "melee" or against_battle_back or defender is None or attacker is None:
        return False
    if field.units[defender.uid] is None or field.units[attacker.uid] is None:
        return False
    if defender.hex != attacked_hex or defender.webbed or not adjacent(defender.hex, attacker.hex):
        return False
    return defender.type.is_creature or bold(field, defender, bold_bonus) >= 1


def must_battle_back(defender: Unit) -> bool:
    """BL-11.5: a creature always battles back when eligible."""
    return defender.type.is_creature


def take_ground_hex(
    field: Field,
    attacker: Unit,
    kind: Kind,
    vacated: int,
    *,
    is_battle_back: bool = False,
) -> int | None:
    """BL-7.2, D-47: after a melee attack (not a battle back) that eliminated the target or drove
    it out, the attacker may move into the vacated hex - unless it entered a forest or a
    landmark this turn (the stop lasts the whole turn), or is webbed. None when it may not."""
    if kind != "melee" or is_battle_back or attacker.entered_stop or attacker.webbed:
        return None
    if not adjacent(attacker.hex, vacated) or not enterable(field, vacated):
        return None
    return vacated


def pursuit_hexes(field: Field, unit: Unit) -> tuple[int, ...]:
    """BL-7.3, D-45, D-47: after taking ground a mounted unit (never a creature) may move 1 more
    hex into any enterable neighbour (BL-3.3), unless it entered a forest or a landmark this
    turn, by taking ground or earlier. Fords never limit it."""
    if unit.type.status != "mounted" or unit.entered_stop or unit.webbed:
        return ()
    return tuple(h for h in NEIGHBOURS[unit.hex] if enterable(field, h))


def bonus_attack_targets(field: Field, unit: Unit) -> tuple[int, ...]:
    """BL-7.4, D-15, D-45: after taking ground (with or without pursuit) a mounted unit may
    attack any adjacent enemy, even from a forest, but not if it entered a landmark this turn;
    creatures never. One per turn; the caller tracks it. Target uids, by uid."""
    if unit.type.status != "mounted" or unit.entered_landmark or unit.webbed:
        return ()
    return tuple(sorted(e.uid for e in adjacent_enemies(field, unit)))
