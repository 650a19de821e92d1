"""Creatures on the battlefield (BL-11, D-20..D-26, D-45): critical hits, morale, retreat,
trample, critical risk, abilities and stacking, web and poison.

A creature moves and battles like a foot unit of its colour unless its card says otherwise
(BL-11.1): its `UnitType` carries the card's move, dice, bonus strike, retreat per flag, store
cap and abilities, so `movement` and `combat` need nothing special. What is special is here, as
steps the state machine calls in the order of BL-5.2:
- after the roll (step 2): `usable_abilities`, `ability_payments`, `storable`;
- the dice that hit are re-rolled (`critical_rerolls`, `is_critical`, BL-11.4);
- flags: `morale.ignorable_flags` (1 is mandatory), then the retreat: `morale.retreat_steps`
  each step, `trample_victims` when both ways are shut by units, `critical_risk_dice` for the
  hexes finally not retreated and `risk_kills` on their faces (BL-11.5, D-23, D-24);
- losses that do not come from battle dice become risk dice (`risk_dice_for_losses`, D-25).
"""

from __future__ import annotations

from collections.abc import Iterable

from bitva.games.battlelore.field.board import toward_edge
from bitva.games.battlelore.field.model import HELMET_OF, Ability, Face, Field, Unit
from bitva.games.battlelore.field.morale import RollEffect

KILL_TOKENS = 1  # BL-11.4: the killer takes 1 token from the pool


def critical_rerolls(effect: RollEffect) -> int:
    """BL-11.3, BL-11.4: a creature ignores normal wounds; every die that hit (its colour's
    helmet, `S` when the weapon allows, a webbed creature's flags) is set aside and re-rolled."""
    return effect.hits


def is_critical(creature: Unit, reroll: Iterable[Face]) -> bool:
    """BL-11.4: any re-rolled face of the creature's colour is a critical hit and kills it."""
    helmet = HELMET_OF[creature.type.banner]
    return any(face == helmet for face in reroll)


def risk_rerolls(creature: Unit, risk: Iterable[Face]) -> int:
    """BL-11.5, D-24: critical-risk dice showing the creature's colour are re-rolled."""
    helmet = HELMET_OF[creature.type.banner]
    return sum(1 for face in risk if face == helmet)


def risk_kills(creature: Unit, reroll: Iterable[Face]) -> bool:
    """BL-11.5, D-24: the creature's colour on a critical-risk re-roll kills it."""
    return is_critical(creature, reroll)


def critical_risk_dice(hexes_not_retreated: int) -> int:
    """BL-11.5: the attacker rolls 1 die per hex the creature finally could not retreat."""
    return hexes_not_retreated


def risk_dice_for_losses(losses: int) -> int:
    """BL-11.4, D-25: figure losses from non-dice effects (trample, poison, Lore cards) each
    become one critical-risk die."""
    return losses


def trample_victims(field: Field, creature: Unit) -> tuple[Unit, ...]:
    """BL-11.5, D-23: when neither retreat hex can be entered and at least one holds a unit,
    every unit (friend or foe) in those hexes is trampled: it loses 1 figure per hex still to
    retreat (creatures: risk dice, D-25). Empty when the retreat is not shut by units."""
    candidates = toward_edge(creature.hex, creature.side)
    if any(field.at[h] is None and field.terrain[h] != "river" for h in candidates):
        return ()
    return tuple(u for h in candidates if (u := field.unit_at(h)) is not None)


def usable_abilities(creature: Unit, rolled_lore: int, hit_on_target: bool) -> tuple[Ability, ...]:
    """BL-11.6, BL-11.10, D-22: the abilities this roll allows: those whose Lore requirement is
    met by the `L` it rolled plus the tokens stored beside it (never goblet tokens), and for
    poison a hit on the target in the same roll. Use is optional, at most one per roll."""
    available = rolled_lore + creature.stored_lore
    return tuple(
        ability
        for ability in creature.type.abilities
        if ability.lore <= available and (hit_on_target or not ability.requires_hit)
    )


def ability_payments(
    creature: Unit, ability: Ability, rolled_lore: int
) -> tuple[tuple[int, int], ...]:
    """BL-11.6, BL-11.7: the ways to pay `ability`: (rolled `L` spent, stored tokens spent).
    Spent `L` faces give no token; spent stored tokens return to the pool (T-04, T-07)."""
    return tuple(
        (rolled, ability.lore - rolled)
        for rolled in range(min(rolled_lore, ability.lore), -1, -1)
        if ability.lore - rolled <= creature.stored_lore
    )


def storable(creature: Unit, unused_lore: int, pool: int) -> int:
    """BL-11.7, D-22: how many of the roll's unused `L` may be stored instead of taken as
    tokens: 1 pool token each, never beyond the card's cap nor beyond the pool."""
    room = creature.type.max_stored_lore - creature.stored_lore
    return max(0, min(unused_lore, room, pool))


def store_lore(creature: Unit, count: int) -> int:
    """BL-11.7: put `count` tokens (checked by `storable`) from the pool beside the creature;
    returns the tokens taken from the pool."""
    creature.stored_lore += count
    return count


def spend_stored(creature: Unit, count: int) -> int:
    """BL-11.6: spend `count` stored tokens on an ability; returns the tokens going back to the
    pool."""
    if count > creature.stored_lore:
        raise ValueError(f"unit {creature.uid} stores {creature.stored_lore} tokens, not {count}")
    creature.stored_lore -= count
    return count


def release_on_death(creature: Unit) -> int:
    """BL-11.4, BL-11.7: a killed creature's stored tokens return to the pool; returns them."""
    returned, creature.stored_lore = creature.stored_lore, 0
    return returned


def apply_web(target: Unit) -> None:
    """BL-11.8: a web marker; it already applies to the triggering roll (apply it before
    `morale.read_roll`, so that roll's flags are hits)."""
    target.webbed = True


def apply_poison(target: Unit) -> None:
    """BL-11.10, D-20: a poison marker for the rest of the game, counting from the next roll
    (apply it after `morale.read_roll` of the triggering roll)."""
    target.poisoned = True


def free_from_web(unit: Unit) -> None:
    """BL-11.9, D-21: the owner paid 1 token; the unit moves and battles normally this turn."""
    unit.webbed = False
