"""Lore-card dice as chance nodes (BL-13.9): Fire Bolt, River Rage, Creeping Doom, Wrath of
Heaven. Each `LoreDice` of a card is rolled in turn, in the order the card gives them, as a
`roll` of the caster (the view's `battle.special` is "lore"): helmets of the target's colour
hit, `S`, `L` and `F` only where the card says; otherwise `F` makes it retreat (Bold and
Frightened apply, the caster rolls any panic, D-29); a webbed target's flags are hits
(BL-11.8); each `L` against a poisoned target costs a figure (BL-11.10); a creature takes the
critical-hit procedure (BL-11.4). No caps, no tokens for `L`, no battle back or follow-ons.

This module queues and starts the rolls; `steps.py` reads each (`read_lore_dice`), as the
faces go on in the battle's own steps. The roll is a `Battle` whose attacker is its target (no
unit battles itself): `steps.py` knows it so and comes back here instead of offering
follow-ons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.core.events import Event
from bitva.games.battlelore.battle.current import Battle
from bitva.games.battlelore.field.board import name

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState

LORE_ROLL = "lore"  # `Battle.special` of a Lore card's roll


def is_lore_roll(battle: Battle) -> bool:
    return battle.attacker == battle.target


def start(state: BattleLoreState, resume: str, events: list[Event] | None) -> bool:
    """After a card's effect: roll the dice it queued (True: the game waits for them, then
    goes on with `resume`)."""
    if not state.lore_rolls:
        return False
    state.lore_resume = resume
    next_roll(state, events)
    return True


def next_roll(state: BattleLoreState, events: list[Event] | None) -> None:
    """The next queued roll whose target still stands (BL-13.8), or the game goes on."""
    # the turn goes on where the card was played; the turn's steps start these rolls
    from bitva.games.battlelore.turn.steps import go_on

    state.battle = None
    while state.lore_rolls:
        seat, roll = state.lore_rolls[0]
        unit = state.field.units[roll.unit]
        if unit is None:
            state.lore_rolls.pop(0)
            continue
        state.battle = Battle(
            unit.uid, unit.uid, seat, "melee", roll.dice, unit.hex, special=LORE_ROLL
        )
        state.phase = "roll"
        if events is not None:
            events.append(
                Event("lore-roll", {"player": seat, "target": name(unit.hex), "dice": roll.dice})
            )
        return
    resume, state.lore_resume = state.lore_resume, ""
    go_on(state, resume, events)
