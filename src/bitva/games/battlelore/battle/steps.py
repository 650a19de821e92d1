"""One battle as decision points (BL-4.4 to BL-7): declare, roll (chance), hits and losses
(BL-5), flags and their ignoring (BL-6.1 to BL-6.3, the target's owner), the retreat hex by
hex (BL-6.5, BL-6.6, the owner chooses each step), goblin panic (BL-10.3, a chance roll of the
side that caused the retreat, D-29), then the follow-ons: battle back (BL-7.1, the defender),
take ground (BL-7.2), pursuit (BL-7.3) and the mounted bonus attack (BL-7.4).

The rules themselves are the rules modules' (`field/combat.py`, `field/morale.py`,
`field/movement.py`); these functions only sequence them and ask whoever decides.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from bitva.core.events import Event
from bitva.games.battlelore.battle import lore_dice as lore_dice_steps
from bitva.games.battlelore.battle.victory import eliminated
from bitva.games.battlelore.field.board import name
from bitva.games.battlelore.field.combat import Kind, base_dice
from bitva.games.battlelore.field.followon import (
    bonus_attack_targets,
    may_battle_back,
    pursuit_hexes,
    take_ground_hex,
)
from bitva.games.battlelore.field.model import FACES, Unit
from bitva.games.battlelore.field.morale import (
    blocked_losses,
    ignorable_flags,
    panic_dice,
    read_roll,
    retreat_distance,
    take_losses,
    takes_panic_check,
)
from bitva.games.battlelore.field.morale import retreat_steps as morale_retreat_steps
from bitva.games.battlelore.field.movement import enter
from bitva.games.battlelore.lore import windows
from bitva.games.battlelore.lore.effects import bold_bonus, extra_dice, lore_hits, sword_hits

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


@dataclass(slots=True)
class Battle:
    """The battle being resolved. `side`: the attacking seat (the roller); `back`: a battle
    back (no follow-ons, none against it); `bonus`: a mounted bonus attack (no pursuit or
    bonus after it); `target_hex`: where the target was attacked (the hex take ground
    enters); `flags`, `retreat_left`, `retreated`: the target's morale in progress;
    `special`: the current chance is not the attack's roll but a panic check ("panic",
    BL-10.3), a critical re-roll ("critical", BL-11.4) or critical risk ("risk", then
    "risk-reroll", BL-11.5); `ability`, `lore_spent`, `stored`: a creature's choices after its
    roll (BL-11.6, BL-11.7); `rolled`: what `faces` are (the `special` they were rolled for,
    "" for the attack's roll) and `attack_faces`: the attack's roll, kept once a special roll
    replaced it in `faces`, so that each roll is shown under its own header (issue 21.4)."""

    attacker: int
    target: int
    side: int
    kind: Kind
    dice: int
    target_hex: int
    back: bool = False
    bonus: bool = False
    faces: tuple[str, ...] = ()
    flags: int = 0
    retreat_left: int = 0
    retreated: int = 0
    special: str = ""
    ability: str = ""
    lore_spent: int = 0
    stored: int = 0
    poison_risk: int = 0  # a poisoned creature's `L` losses, rolled as risk dice (D-25)
    risk_then: str = ""  # after critical risk: "flags" (poison) or "" (a blocked retreat)
    struck: bool = False  # First Strike (WR02): its target struck first, so it may not battle back
    then: Battle | None = None  # this is a First Strike: the attack it interrupted (WR02)
    rolled: str = ""
    attack_faces: tuple[str, ...] = ()

    @property
    def panic(self) -> bool:
        return self.special == "panic"

    def copy(self) -> Battle:
        return replace(self, then=None if self.then is None else self.then.copy())

    def to_json(self) -> dict[str, Any]:
        return {
            "attacker": self.attacker,
            "target": self.target,
            "side": self.side,
            "kind": self.kind,
            "dice": self.dice,
            "target_hex": self.target_hex,
            "back": self.back,
            "bonus": self.bonus,
            "faces": list(self.faces),
            "flags": self.flags,
            "retreat_left": self.retreat_left,
            "retreated": self.retreated,
            "special": self.special,
            "ability": self.ability,
            "lore_spent": self.lore_spent,
            "stored": self.stored,
            "poison_risk": self.poison_risk,
            "risk_then": self.risk_then,
            "struck": self.struck,
            "then": None if self.then is None else self.then.to_json(),
            "rolled": self.rolled,
            "attack_faces": list(self.attack_faces),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Battle:
        return cls(
            int(data["attacker"]),
            int(data["target"]),
            int(data["side"]),
            data["kind"],
            int(data["dice"]),
            int(data["target_hex"]),
            bool(data["back"]),
            bool(data["bonus"]),
            tuple(data["faces"]),
            int(data["flags"]),
            int(data["retreat_left"]),
            int(data["retreated"]),
            str(data["special"]),
            str(data["ability"]),
            int(data["lore_spent"]),
            int(data["stored"]),
            int(data["poison_risk"]),
            str(data["risk_then"]),
            bool(data.get("struck", False)),
            None if data.get("then") is None else cls.from_json(data["then"]),
            str(data.get("rolled", "")),
            tuple(data.get("attack_faces", ())),
        )


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
    _announce(state, events)
    window = "BAT_MELEE" if kind == "melee" else "BAT_RANGED"
    if not windows.offer(state, attacker.side, window, "before-roll", events):  # type: ignore[arg-type]
        go_on_battle(state, "before-roll", events)


def strike_first(
    state: BattleLoreState, striker: Unit, attacker: Unit, events: list[Event] | None
) -> None:
    """WR02 First Strike, played in the ROLL_BEFORE window of the attack in `state.battle`:
    the attacked unit battles its attacker first, a melee battle of its own (its dice, the
    attacker's flags, retreat and panic) with no follow-ons; the attack goes on after it
    (`after_morale`). The game goes on to the strike's roll from the window's "roll"."""
    attack = state.battle
    assert attack is not None
    attack.struck = True  # "your unit may not battle back"
    dice = base_dice(state.field, striker, attacker, "melee")
    dice += extra_dice(state.lore_effects, striker.uid, striker.side, melee=True)
    state.battle = Battle(striker.uid, attacker.uid, striker.side, "melee", dice, attacker.hex)
    state.battle.then = attack
    _announce(state, events)


def _announce(state: BattleLoreState, events: list[Event] | None) -> None:
    """The `battle` event of the battle just declared."""
    battle = state.battle
    assert battle is not None
    _emit(
        events,
        "battle",
        player=battle.side,
        attacker=name(state.unit(battle.attacker).hex),
        target=name(state.unit(battle.target).hex),
        kind=battle.kind,
        dice=battle.dice,
        back=battle.back,
        bonus=battle.bonus,
    )


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
    from bitva.games.battlelore.battle.creature_steps import creature_choice

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
    critical and critical-risk rolls are resolved by `creature_steps.special_roll`."""
    from bitva.games.battlelore.battle.creature_steps import creature_choice, special_roll

    battle = state.battle
    assert battle is not None
    if battle.special and not battle.rolled:  # a special roll after the attack's: keep that
        battle.attack_faces = battle.faces
    battle.rolled = battle.special
    battle.faces = tuple(f for f, n in zip(FACES, counts, strict=True) for _ in range(n))
    _emit(events, "rolled", player=battle.side, faces=list(battle.faces), special=battle.special)
    if battle.special == lore_dice_steps.LORE_ROLL:
        lore_dice_steps.read(state, events)
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
    from bitva.games.battlelore.battle.creature_steps import (
        apply_choices_after,
        apply_choices_before,
    )

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
    if target.type.is_creature:
        from bitva.games.battlelore.battle.creature_steps import creature_hits

        creature_hits(state, effect.hits, effect.poison_losses, events)
        return
    if not target.type.is_creature and losses and lose(state, target, losses, events):
        after_morale(state, events)
        return
    start_flags(state, events)


def lose(state: BattleLoreState, unit: Unit, figures: int, events: list[Event] | None) -> bool:
    """Remove figures (BL-5.2 step 4); a unit at 0 is eliminated and gives its owner's opponent
    a banner (BL-5.3), which may end the game at once (BL-16.1). True if eliminated."""
    _emit(events, "losses", side=unit.side, hex=name(unit.hex), figures=min(figures, unit.figures))
    if not take_losses(state.field, unit, figures):
        return False
    if unit.stored_lore:  # BL-11.4, BL-11.7: a dead creature's tokens go back to the pool
        state.bank = state.bank.release(unit.stored_lore)
        unit.stored_lore = 0
    eliminated(state, unit, events)  # BL-5.3, BL-16.1
    return True


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


def retreat_steps(state: BattleLoreState) -> list[int]:
    """BL-6.5: the hexes the retreating unit may step into next."""
    battle = state.battle
    assert battle is not None
    return list(morale_retreat_steps(state.field, state.unit(battle.target)))


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
            from bitva.games.battlelore.battle.creature_steps import creature_blocked

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
    from bitva.games.battlelore.turn.steps import begin_battles

    state.battle = None
    begin_battles(state, events)
