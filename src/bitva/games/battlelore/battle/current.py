"""The battle in progress (BL-4.4 to BL-7): the `Battle` record the state holds, its
announcement, the losses any step of a battle or a Lore card may inflict (BL-5.2 step 4, BL-5.3)
and the hexes a retreat may step into (BL-6.5), and First Strike's battle inside another
(WR02). The steps that sequence a battle (`steps.py`, `battle.creature_steps.py`, `lore_dice.py`)
and the Lore wiring share these, so they sit below all of them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from bitva.core.events import Event
from bitva.games.battlelore.battle.victory import eliminated
from bitva.games.battlelore.field.board import name
from bitva.games.battlelore.field.combat import Kind, base_dice
from bitva.games.battlelore.field.model import Unit
from bitva.games.battlelore.field.morale import retreat_steps as morale_retreat_steps
from bitva.games.battlelore.field.morale import take_losses
from bitva.games.battlelore.lore.effects import extra_dice

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


def _emit(events: list[Event] | None, event: str, **data: Any) -> None:
    if events is not None:
        events.append(Event(event, data))


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
    risk_then: str = ""  # after critical risk: "flags" (poison), "trample" or "" (blocked)
    struck: bool = False  # First Strike (WR02): its target struck first, so it may not battle back
    then: Battle | None = None  # this is a First Strike: the attack it interrupted (WR02)
    rolled: str = ""
    attack_faces: tuple[str, ...] = ()
    # BL-11.5, D-25: the creature in the way whose trample risk dice are rolling (-1: the
    # target's own dice), and the trampled creatures still to roll theirs
    risk_unit: int = -1
    trample_left: tuple[int, ...] = ()

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
            "risk_unit": self.risk_unit,
            "trample_left": list(self.trample_left),
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
            int(data.get("risk_unit", -1)),
            tuple(int(uid) for uid in data.get("trample_left", ())),
        )


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
    announce(state, events)


def announce(state: BattleLoreState, events: list[Event] | None) -> None:
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


def retreat_steps(state: BattleLoreState) -> list[int]:
    """BL-6.5: the hexes the retreating unit may step into next."""
    battle = state.battle
    assert battle is not None
    return list(morale_retreat_steps(state.field, state.unit(battle.target)))
