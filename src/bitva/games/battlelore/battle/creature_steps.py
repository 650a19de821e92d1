"""The Giant Spider's part of a battle (BL-11): the roller's choices after a creature's roll
(an ability, then storing `L`: BL-11.6, BL-11.7, D-22), a creature killed by a critical hit
(BL-11.4), the poison's critical-risk dice (D-25), and trample when its retreat is shut
(BL-11.5, D-23). The rules are `field/creatures.py`'s; these functions sequence them. The
rolls that then go on with the battle (the critical re-roll, critical risk, panic) are in
`steps.py`, which calls these, so this module sits below it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.core.events import Event
from bitva.games.battlelore.actions import Ability
from bitva.games.battlelore.battle.current import lose, retreat_steps
from bitva.games.battlelore.field.board import name
from bitva.games.battlelore.field.combat import hit_faces
from bitva.games.battlelore.field.creatures import (
    KILL_TOKENS,
    ability_payments,
    apply_poison,
    apply_web,
    critical_risk_dice,
    spend_stored,
    storable,
    store_lore,
    trample_victims,
    usable_abilities,
)
from bitva.games.battlelore.field.model import Unit

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


def _emit(events: list[Event] | None, event: str, **data: object) -> None:
    if events is not None:
        events.append(Event(event, dict(data)))


def _rolled_lore(state: BattleLoreState) -> int:
    battle = state.battle
    assert battle is not None
    return battle.faces.count("L") if state.field.lore else 0


def ability_actions(state: BattleLoreState) -> list[Ability]:
    """BL-11.6: each ability the roll allows, with each way to pay it (`ability web 1`: 1
    rolled `L` spent, the rest from the store). Poison needs a hit on the target (BL-11.10)."""
    battle = state.battle
    assert battle is not None
    creature = state.unit(battle.attacker)
    target = state.unit(battle.target)
    lore = _rolled_lore(state)
    hitting = hit_faces(state.field, creature, target, battle.kind)
    hit = any(face in hitting for face in battle.faces)
    out = []
    for ability in usable_abilities(creature, lore, hit):
        for rolled, _ in ability_payments(creature, ability, lore):
            out.append(Ability(ability.id, rolled))
    return out


def store_room(state: BattleLoreState) -> int:
    """BL-11.7, D-22: how many of the roll's unspent `L` the creature may store."""
    battle = state.battle
    assert battle is not None
    creature = state.unit(battle.attacker)
    return storable(creature, _rolled_lore(state) - battle.lore_spent, state.bank.pool)


def creature_choice(state: BattleLoreState) -> str:
    """The decision the roller of a creature's roll faces next: "spider" (an ability), "store",
    or "" when there is nothing to choose."""
    battle = state.battle
    assert battle is not None
    attacker = state.field.units[battle.attacker]
    if attacker is None or not attacker.type.is_creature or not state.field.lore:
        return ""
    if not battle.ability and ability_actions(state):
        return "spider"
    if battle.stored == 0 and store_room(state) > 0:
        return "store"
    return ""


def choose_ability(
    state: BattleLoreState, ability: str, rolled: int, events: list[Event] | None
) -> None:
    battle = state.battle
    assert battle is not None
    creature = state.unit(battle.attacker)
    needed = next(a.lore for a in creature.type.abilities if a.id == ability)
    spent = needed - rolled
    if spent:
        state.bank = state.bank.release(spend_stored(creature, spent))
    battle.ability = ability
    battle.lore_spent = rolled
    _emit(events, "ability", player=battle.side, ability=ability, rolled=rolled, stored=spent)


def store(state: BattleLoreState, count: int, events: list[Event] | None) -> None:
    battle = state.battle
    assert battle is not None
    creature = state.unit(battle.attacker)
    for _ in range(count):
        state.bank, done = state.bank.store()
        if done:
            store_lore(creature, 1)
            battle.stored += 1
    _emit(events, "stored", player=battle.side, count=battle.stored, beside=name(creature.hex))


def apply_choices_before(state: BattleLoreState, target: Unit) -> None:
    """BL-11.8: the web already applies to the roll that spun it."""
    battle = state.battle
    assert battle is not None
    if battle.ability == "web":
        apply_web(target)


def apply_choices_after(state: BattleLoreState, target: Unit, events: list[Event] | None) -> None:
    """BL-11.10, D-20: poison counts from the next roll on."""
    battle = state.battle
    assert battle is not None
    if battle.ability == "poison":
        apply_poison(target)
    if battle.ability in ("web", "poison"):
        _emit(events, battle.ability, side=target.side, hex=name(target.hex))


def kill_creature(state: BattleLoreState, creature: Unit, events: list[Event] | None) -> None:
    """BL-11.4: killed at once: a banner for the opponent, its stored tokens to the pool, and
    the killer takes 1 token from the pool."""
    killer = 3 - creature.side
    _emit(events, "critical", side=creature.side, hex=name(creature.hex))
    lose(state, creature, creature.figures, events)
    if state.phase != "over":
        state.gain(killer, KILL_TOKENS, events)


def poison_risk_roll(state: BattleLoreState) -> bool:
    """Start the risk dice of a poisoned creature's losses, if any (D-25)."""
    battle = state.battle
    assert battle is not None
    if not battle.poison_risk:
        return False
    battle.special, battle.risk_then = "risk", "flags"
    battle.dice, battle.poison_risk = battle.poison_risk, 0
    state.phase = "roll"
    return True


def creature_blocked(state: BattleLoreState, creature: Unit, events: list[Event] | None) -> bool:
    """BL-11.5, D-23: a shut retreat tramples the units in the way (1 figure per hex still to
    retreat, banners to their opponents; a creature in the way rolls that many critical-risk
    dice instead, D-25); True when a hex opened and the retreat goes on. Otherwise the
    attacker rolls 1 critical-risk die per hex not retreated."""
    battle = state.battle
    assert battle is not None
    victims = trample_victims(state.field, creature)
    creatures: list[int] = []
    for victim in victims:
        _emit(events, "trampled", side=victim.side, hex=name(victim.hex))
        if victim.type.is_creature:
            creatures.append(victim.uid)  # its losses are risk dice (D-25), rolled next
            continue
        lose(state, victim, battle.retreat_left, events)
        if state.phase == "over":
            return False
    if creatures:
        battle.trample_left = tuple(creatures)
        trample_risk_roll(state)
        return False
    return retreat_or_risk(state, creature, events, trampled=bool(victims))


def trample_risk_roll(state: BattleLoreState) -> None:
    """D-25: the next trampled creature rolls 1 critical-risk die per hex still to retreat."""
    battle = state.battle
    assert battle is not None
    battle.risk_unit, battle.trample_left = battle.trample_left[0], battle.trample_left[1:]
    battle.special, battle.risk_then = "risk", "trample"
    battle.dice = critical_risk_dice(battle.retreat_left)
    state.phase = "roll"


def retreat_or_risk(
    state: BattleLoreState, creature: Unit, events: list[Event] | None, trampled: bool
) -> bool:
    """After the trample (D-23): True when a hex opened and the retreat goes on; otherwise
    the creature's own critical-risk dice, 1 per hex not retreated (BL-11.5, D-24)."""
    battle = state.battle
    assert battle is not None
    if trampled and retreat_steps(state):
        return True
    left, battle.retreat_left = battle.retreat_left, 0
    _emit(events, "blocked", side=creature.side, hex=name(creature.hex), hexes=left)
    battle.special = "risk"
    battle.dice = critical_risk_dice(left)
    state.phase = "roll"
    return False
