"""One battle as decision points (BL-4.4 to BL-7): declare, roll (chance), hits and losses
(BL-5), flags and their ignoring (BL-6.1 to BL-6.3, the target's owner), the retreat hex by
hex (BL-6.5, BL-6.6, the owner chooses each step), goblin panic (BL-10.3, a chance roll of the
side that caused the retreat, D-29), then the follow-ons: battle back (BL-7.1, the defender),
take ground (BL-7.2), pursuit (BL-7.3) and the mounted bonus attack (BL-7.4). The rolls that
are not the attack's go on here too: a creature's critical re-roll and critical risk (BL-11.4,
BL-11.5, D-24, D-25) and a Lore card's dice (BL-13.9, `read_lore_dice`).

The rules themselves are the rules modules' (`field/combat.py`, `field/morale.py`,
`field/movement.py`); these functions only sequence them and ask whoever decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bitva.core.events import Event
from bitva.games.battlelore.battle import lore_dice as lore_dice_steps
from bitva.games.battlelore.battle.creature_steps import (
    apply_choices_after,
    apply_choices_before,
    creature_blocked,
    creature_choice,
    kill_creature,
    poison_risk_roll,
    retreat_or_risk,
    store_room,
    trample_risk_roll,
)
from bitva.games.battlelore.battle.current import Battle, announce, lose, retreat_steps
from bitva.games.battlelore.field.board import name
from bitva.games.battlelore.field.combat import Kind, base_dice
from bitva.games.battlelore.field.creatures import is_critical, risk_kills, risk_rerolls
from bitva.games.battlelore.field.followon import (
    bonus_attack_targets,
    may_battle_back,
    pursuit_hexes,
    take_ground_hex,
)
from bitva.games.battlelore.field.model import FACES, HELMET_OF, Unit
from bitva.games.battlelore.field.morale import (
    blocked_losses,
    ignorable_flags,
    panic_dice,
    panic_losses,
    read_roll,
    retreat_distance,
    takes_panic_check,
)
from bitva.games.battlelore.field.movement import enter
from bitva.games.battlelore.lore import windows
from bitva.games.battlelore.lore.effects import (
    bold_bonus,
    extra_dice,
    lore_dice_result,
    lore_hits,
    sword_hits,
)

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


def _emit(events: list[Event] | None, event: str, **data: Any) -> None:
    if events is not None:
        events.append(Event(event, data))


def card_dice(state: BattleLoreState, attacker: Unit, kind: Kind, back: bool) -> int:
    """BL-4.4 step 5: the Command card's dice (never capped): Mounted Charge +1 in melee
    (bonus attacks included), Volley +1 when its units shoot. A battle back is the
    defender's and gets none."""
    orders = state.orders
    if back or orders is None or attacker.uid not in state.ordered:
        return 0
    if kind == "ranged":
        return orders.ranged_bonus
    return orders.melee_bonus if attacker.type.status == "mounted" else 0


def declare(
    state: BattleLoreState,
    attacker: Unit,
    target: Unit,
    kind: Kind,
    events: list[Event] | None,
    *,
    back: bool = False,
    bonus: bool = False,
) -> None:
    """BL-4.4 steps 1-5: declare, take the capped base dice, add the card's and the Lore
    cards' (never capped, 5.2); then the roll."""
    dice = base_dice(state.field, attacker, target, kind) + card_dice(state, attacker, kind, back)
    dice += extra_dice(state.lore_effects, attacker.uid, attacker.side, melee=kind == "melee")
    state.battle = Battle(
        attacker.uid, target.uid, attacker.side, kind, dice, target.hex, back, bonus
    )
    if not back:
        attacker.battled = True
    state.phase = "roll"
    announce(state, events)
    window = "BAT_MELEE" if kind == "melee" else "BAT_RANGED"
    if not windows.offer(state, attacker.side, window, "before-roll", events):  # type: ignore[arg-type]
        go_on_battle(state, "before-roll", events)


def after_strike(state: BattleLoreState, events: list[Event] | None) -> None:
    """WR02: after the First Strike, the attack it interrupted is rolled, or cancelled (no
    follow-ons) if the attacker was eliminated or left its hex."""
    strike = state.battle
    assert strike is not None and strike.then is not None
    attacker = state.field.units[strike.target]
    state.battle = strike.then
    if attacker is None or attacker.hex != strike.target_hex:
        why = "eliminated" if attacker is None else "retreated"
        target = name(strike.then.target_hex)
        _emit(
            events,
            "attack-cancelled",
            player=strike.then.side,
            attacker=name(strike.target_hex),
            target=target,
            why=why,
        )
        end_battle(state, events)  # as after a Sidestep (RG03): no follow-ons
        return
    state.phase = "roll"


def go_on_battle(state: BattleLoreState, resume: str, events: list[Event] | None) -> None:
    """BL-4.4 steps 6-8, D-43: the attacker's BAT window, the target's ROLL_BEFORE, the roll,
    the target's ROLL_AFTER, then the roll is read."""
    battle = state.battle
    assert battle is not None
    if resume == "before-roll":
        if windows.offer(state, 3 - battle.side, "ROLL_BEFORE", "roll", events):
            return
        state.phase = "roll"
    elif resume == "roll" and state.unit(battle.target).hex != battle.target_hex:
        end_battle(state, events)  # Sidestep (RG03): the target left, the attack is cancelled
    elif resume == "roll":
        state.phase = "roll"
    elif resume == "read":
        phase = creature_choice(state)
        if phase:
            state.phase = phase
            return
        read_the_roll(state, events)
    else:
        raise AssertionError(f"no way to go on from {resume!r}")


def resolve_roll(
    state: BattleLoreState, counts: tuple[int, ...], events: list[Event] | None
) -> None:
    """BL-5.2: a creature's choices first (BL-11.6, the roller decides), then the roll is read
    (`read_roll`): hits remove figures (BL-5.1), survivors resolve their flags (BL-6). Panic,
    critical and critical-risk rolls are resolved by `battle.creature_steps.special_roll`."""
    battle = state.battle
    assert battle is not None
    if battle.special and not battle.rolled:  # a special roll after the attack's: keep that
        battle.attack_faces = battle.faces
    battle.rolled = battle.special
    battle.faces = tuple(f for f, n in zip(FACES, counts, strict=True) for _ in range(n))
    _emit(events, "rolled", player=battle.side, faces=list(battle.faces), special=battle.special)
    if battle.special == lore_dice_steps.LORE_ROLL:
        read_lore_dice(state, events)
        return
    if battle.special:
        special_roll(state, events)
        return
    if windows.offer(state, 3 - battle.side, "ROLL_AFTER", "read", events):
        return
    phase = creature_choice(state)
    if phase:
        state.phase = phase
        return
    read_the_roll(state, events)


def read_the_roll(state: BattleLoreState, events: list[Event] | None) -> None:
    """BL-5.2 steps 3-6: web before the reading (its flags are hits, BL-11.8), poison after
    (it counts from the next roll, D-20), the unused `L` as tokens for the roller (BL-12.4),
    then losses (a creature's hits are re-rolled for a critical, BL-11.4) and flags."""
    battle = state.battle
    assert battle is not None
    attacker = state.unit(battle.attacker)
    target = state.unit(battle.target)
    apply_choices_before(state, target)
    melee = battle.kind == "melee"
    effect = read_roll(
        state.field,
        attacker,
        target,
        battle.kind,
        battle.faces,  # type: ignore[arg-type]
        sword_hits_anywhere=sword_hits(state.lore_effects, attacker.uid, melee=melee),
        lore_hits=lore_hits(state.lore_effects, attacker.uid, melee=melee),
    )
    apply_choices_after(state, target, events)
    unused = max(0, effect.lore - battle.lore_spent - battle.stored)
    if unused:
        state.gain(battle.side, unused, events)
    battle.flags = effect.flags
    losses = effect.hits + effect.poison_losses
    if not losses and not effect.flags:  # BL-5.2: the target is untouched; the log says so
        where = {"attacker": name(attacker.hex), "target": name(target.hex)}
        _emit(events, "missed", player=battle.side, **where)
    if target.type.is_creature:
        creature_hits(state, effect.hits, effect.poison_losses, events)
        return
    if not target.type.is_creature and losses and lose(state, target, losses, events):
        after_morale(state, events)
        return
    start_flags(state, events)


def ignore_range(state: BattleLoreState) -> tuple[int, int]:
    """BL-6.1, BL-6.3: the fewest and most flags the target may ignore."""
    battle = state.battle
    assert battle is not None
    target = state.unit(battle.target)
    bonus = bold_bonus(state.lore_effects, target.uid)  # Sanctuary, Hold the Line (5.2)
    return ignorable_flags(state.field, target, battle.flags, bonus)


def start_flags(state: BattleLoreState, events: list[Event] | None) -> None:
    """BL-6.3: the target's owner chooses how many flags to ignore when there is a choice."""
    battle = state.battle
    assert battle is not None
    if battle.flags == 0:
        after_morale(state, events)
        return
    least, most = ignore_range(state)
    if most > least:
        state.phase = "flags"
        return
    start_retreat(state, battle.flags - least, events)


def ignore_choices(state: BattleLoreState) -> list[int]:
    least, most = ignore_range(state)
    return list(range(least, most + 1))


def start_retreat(state: BattleLoreState, flags: int, events: list[Event] | None) -> None:
    """BL-6.4: flags not ignored times the unit's hexes per flag (Frightened goblins 2)."""
    battle = state.battle
    assert battle is not None
    battle.flags = 0
    if flags <= 0:
        after_morale(state, events)
        return
    battle.retreat_left = retreat_distance(state.unit(battle.target), flags)
    go_on_retreating(state, events)


def go_on_retreating(state: BattleLoreState, events: list[Event] | None) -> None:
    """BL-6.5, BL-6.6: step while only one hex is open; ask the owner when two are; a blocked
    retreat costs a figure per hex left."""
    battle = state.battle
    assert battle is not None
    while battle.retreat_left > 0:
        steps = retreat_steps(state)
        if len(steps) > 1:
            state.phase = "retreat"
            return
        target = state.unit(battle.target)
        if not steps and target.type.is_creature:
            if creature_blocked(state, target, events):
                continue  # a trampled unit left a hex open (D-23)
            return
        if not steps:
            left, battle.retreat_left = battle.retreat_left, 0
            _emit(events, "blocked", side=target.side, hex=name(target.hex), hexes=left)
            losses = blocked_losses(target, left)
            if losses and lose(state, target, losses, events):
                after_morale(state, events)
                return
            break
        step_back(state, steps[0], events)
    after_retreat(state, events)


def step_back(state: BattleLoreState, hex_: int, events: list[Event] | None) -> None:
    battle = state.battle
    assert battle is not None
    target = state.unit(battle.target)
    start = target.hex
    enter(state.field, target, hex_, "retreat")
    battle.retreat_left -= 1
    battle.retreated += 1
    _emit(events, "retreated", side=target.side, **{"from": name(start), "to": name(hex_)})


def after_retreat(state: BattleLoreState, events: list[Event] | None) -> None:
    """BL-10.2, BL-10.3: a goblin that retreated takes a panic check, one die per hex actually
    retreated, rolled by the side that caused the retreat (D-29)."""
    battle = state.battle
    assert battle is not None
    target = state.field.units[battle.target]
    if target is not None and takes_panic_check(target) and battle.retreated > 0:
        battle.special = "panic"
        battle.dice = panic_dice(battle.retreated)
        state.phase = "roll"
        return
    after_morale(state, events)


def after_morale(state: BattleLoreState, events: list[Event] | None) -> None:
    """BL-5.2 step 7, BL-7: the follow-ons open to the attack just resolved."""
    if state.phase == "over":
        return
    battle = state.battle
    assert battle is not None
    if lore_dice_steps.is_lore_roll(battle):  # BL-13.9: no follow-ons after a card's dice
        lore_dice_steps.next_roll(state, events)
        return
    if battle.then is not None:  # WR02: no follow-ons after a First Strike
        after_strike(state, events)
        return
    attacker = state.field.units[battle.attacker]
    target = state.field.units[battle.target]
    if not battle.struck and may_battle_back(
        state.field,
        target,
        attacker,
        battle.kind,
        attacked_hex=battle.target_hex,
        against_battle_back=battle.back,
    ):
        assert target is not None and attacker is not None
        if target.type.is_creature:  # BL-11.5: a creature always battles back
            declare(state, target, attacker, "melee", events, back=True)
        else:
            state.phase = "battle-back"
        return
    vacated = target is None or target.hex != battle.target_hex
    if (
        vacated
        and attacker is not None
        and take_ground_hex(
            state.field, attacker, battle.kind, battle.target_hex, is_battle_back=battle.back
        )
        is not None
    ):
        state.phase = "take-ground"
        return
    end_battle(state, events)


def take_ground(state: BattleLoreState, events: list[Event] | None) -> None:
    battle = state.battle
    assert battle is not None
    attacker = state.unit(battle.attacker)
    start = attacker.hex
    enter(state.field, attacker, battle.target_hex, "take_ground")
    _emit(
        events,
        "took-ground",
        side=attacker.side,
        **{"from": name(start), "to": name(attacker.hex)},
    )
    if battle.bonus:  # BL-7.4, D-15: no second pursuit or bonus attack
        end_battle(state, events)
    elif pursuit_hexes(state.field, attacker):
        state.phase = "pursue"
    else:
        offer_bonus(state, events)


def pursue(state: BattleLoreState, hex_: int, events: list[Event] | None) -> None:
    battle = state.battle
    assert battle is not None
    attacker = state.unit(battle.attacker)
    start = attacker.hex
    enter(state.field, attacker, hex_, "pursuit")
    _emit(events, "pursued", side=attacker.side, **{"from": name(start), "to": name(hex_)})
    offer_bonus(state, events)


def offer_bonus(state: BattleLoreState, events: list[Event] | None) -> None:
    battle = state.battle
    assert battle is not None
    if bonus_attack_targets(state.field, state.unit(battle.attacker)):
        state.phase = "bonus"
    else:
        end_battle(state, events)


def end_battle(state: BattleLoreState, events: list[Event] | None) -> None:
    """The battle and its follow-ons are over (BL-4.1): back to the battle step."""
    # back to the turn's battle step, whose steps start each battle: a cycle by nature
    from bitva.games.battlelore.turn.steps import begin_battles

    state.battle = None
    begin_battles(state, events)


# -- a creature's rolls and a Lore card's dice: they go on with the battle --------------------
def after_choice(state: BattleLoreState, events: list[Event] | None) -> None:
    """Go on after an ability or store decision: the next choice, or read the roll."""
    battle = state.battle
    assert battle is not None
    if state.phase == "spider":
        battle.ability = battle.ability or "none"
        if store_room(state) > 0:
            state.phase = "store"
            return
    read_the_roll(state, events)


def special_roll(state: BattleLoreState, events: list[Event] | None) -> None:
    """The roll that was not the attack's: panic (BL-10.3), critical (BL-11.4), critical risk
    and its re-roll (BL-11.5, D-24)."""
    battle = state.battle
    assert battle is not None
    special, battle.special = battle.special, ""
    target = state.unit(battle.target)
    if special in ("risk", "risk-reroll") and battle.risk_unit >= 0:
        target = state.unit(battle.risk_unit)  # a trampled creature's dice (D-25)
    faces = battle.faces
    if special == "panic":
        killed = panic_losses(target, faces)  # type: ignore[arg-type]
        _emit(events, "panic", side=target.side, hex=name(target.hex), figures=killed)
        if killed and lose(state, target, killed, events):
            after_morale(state, events)
            return
        after_morale(state, events)
    elif special == "critical":
        if is_critical(target, faces):  # type: ignore[arg-type]
            kill_creature(state, target, events)
            after_morale(state, events)
            return
        if not poison_risk_roll(state):
            start_flags(state, events)
    elif special == "risk":
        again = risk_rerolls(target, faces)  # type: ignore[arg-type]
        if again:
            battle.special = "risk-reroll"
            battle.dice = again
            state.phase = "roll"
            return
        after_risk(state, events)
    else:  # risk-reroll
        if risk_kills(target, faces):  # type: ignore[arg-type]
            kill_creature(state, target, events)
            if battle.risk_unit < 0 or state.phase == "over":
                after_morale(state, events)
                return
        after_risk(state, events)


def creature_hits(
    state: BattleLoreState, hits: int, poison_losses: int, events: list[Event] | None
) -> None:
    """BL-11.4: the dice that hit a creature are re-rolled for a critical; D-25: its poison
    losses (BL-11.10) become critical-risk dice; then its flags."""
    battle = state.battle
    assert battle is not None
    battle.poison_risk = poison_losses
    if hits:
        battle.special = "critical"
        battle.dice = hits
        state.phase = "roll"
    elif not poison_risk_roll(state):
        start_flags(state, events)


def after_risk(state: BattleLoreState, events: list[Event] | None) -> None:
    battle = state.battle
    assert battle is not None
    then, battle.risk_then = battle.risk_then, ""
    if then == "flags":
        start_flags(state, events)
    elif then == "trample":  # BL-11.5, D-23, D-25: the next creature in the way, or go on
        battle.risk_unit = -1
        if battle.trample_left:
            trample_risk_roll(state)
        elif retreat_or_risk(state, state.unit(battle.target), events, trampled=True):
            go_on_retreating(state, events)
    else:
        after_retreat(state, events)


def read_lore_dice(state: BattleLoreState, events: list[Event] | None) -> None:
    """BL-13.9: what the faces of `state.battle` do to its target."""
    battle = state.battle
    assert battle is not None
    battle.special = ""
    _, roll = state.lore_rolls.pop(0)
    target = state.unit(battle.target)
    poisoned = target.poisoned and state.field.lore
    result = lore_dice_result(
        roll,
        battle.faces,  # type: ignore[arg-type]
        HELMET_OF[target.type.banner],
        poisoned=poisoned,
    )
    hits, flags = result.hits, result.flags
    if target.webbed and roll.flags == "retreat":  # BL-11.8: its flags are hits
        hits, flags = hits + flags, 0
    battle.flags = flags
    if target.type.is_creature:
        creature_hits(state, hits, result.poison, events)
        return
    losses = hits + result.poison
    if losses and lose(state, target, losses, events):
        after_morale(state, events)
        return
    start_flags(state, events)
