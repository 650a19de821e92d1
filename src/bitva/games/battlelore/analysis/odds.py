"""The odds a BattleLore player sees before an attack is rolled (issue 11 point 5), shared by
the terminal and the browser: for each attack the seat to act may declare now, for a battle
back it may make, and for an attack declared and waiting for its roll, the dice it will roll,
the chance that a die hits and the chance of eliminating.

The numbers are the game's analysis (`analysis/report.py`: BL-5.1 hits, BL-5.2 with the target's
best retreat, panic and critical hits) for the attack as it will be rolled in this game: the capped
base dice (BL-4.4, BL-4.7) plus the Command card's (Mounted Charge, Volley: BL-4.4 step 5) and
the Lore cards' extra dice already played (BL-13), every attack the rules allow now (a unit
that Forward March let move further still battles, BL-3.2), and a battle back (BL-7.1: the
defender's melee dice, no card's). A Lore card that changes which faces hit is not counted.
Pure functions over the state; no front end's types."""

from __future__ import annotations

from typing import Any

from bitva.core.state import State
from bitva.games.battlelore.analysis.report import hit_chance, p_eliminated
from bitva.games.battlelore.battle.steps import card_dice
from bitva.games.battlelore.field.board import adjacent, hex_of, name
from bitva.games.battlelore.field.combat import Kind, base_dice
from bitva.games.battlelore.field.model import Unit
from bitva.games.battlelore.lore.effects import extra_dice
from bitva.games.battlelore.state import BattleLoreState

DIGITS = 10  # as the analysis writes them
ATTACK_DECISIONS = ("battle", "bonus")  # where a seat chooses an attack (BL-4, BL-7.4)


def odds_entry(
    state: BattleLoreState, attacker: Unit, target: Unit, *, back: bool = False
) -> dict[str, Any]:
    """One attack's odds, in the analysis' shape (attacker, target, kind, dice, hit_chance,
    p_eliminated): melee when adjacent, else ranged (BL-4.3); a battle back is melee."""
    kind: Kind = "melee" if back or adjacent(attacker.hex, target.hex) else "ranged"
    dice = base_dice(state.field, attacker, target, kind) + card_dice(state, attacker, kind, back)
    dice += extra_dice(state.lore_effects, attacker.uid, attacker.side, melee=kind == "melee")
    return _entry(state, attacker, target, kind, dice)


def _entry(
    state: BattleLoreState, attacker: Unit, target: Unit, kind: Kind, dice: int
) -> dict[str, Any]:
    field = state.field
    return {
        "attacker": name(attacker.hex),
        "target": name(target.hex),
        "kind": kind,
        "dice": dice,
        "hit_chance": round(float(hit_chance(field, attacker, target, kind)), DIGITS),
        "p_eliminated": round(float(p_eliminated(field, attacker, target, kind, dice)), DIGITS),
    }


def declared_odds(state: State[Any]) -> list[dict[str, Any]]:
    """The odds of the attack declared and not yet rolled, with the dice it holds: what both
    sides weigh in its reaction windows (BL-13.3, D-43); [] when none is waiting for its roll
    (a panic check or a creature's critical dice are no attack)."""
    if not isinstance(state, BattleLoreState) or state.battle is None:
        return []
    battle = state.battle
    if battle.faces or battle.special:
        return []
    attacker, target = state.field.units[battle.attacker], state.field.units[battle.target]
    if attacker is None or target is None:
        return []
    return [_entry(state, attacker, target, battle.kind, battle.dice)]


def attack_odds(state: State[Any]) -> list[dict[str, Any]]:
    """The odds of every attack the seat to act may declare now (each legal `battle A B`), or
    of its battle back; [] at any other decision."""
    if not isinstance(state, BattleLoreState):
        return []
    battle = state.battle
    if state.decision == "battle-back" and battle is not None:
        defender, attacker = state.field.units[battle.target], state.field.units[battle.attacker]
        if defender is None or attacker is None:
            return []
        return [odds_entry(state, defender, attacker, back=True)]
    if state.decision not in ATTACK_DECISIONS:
        return []
    out = []
    for action in state.legal_actions():
        words = str(action).split()
        if words[0] != "battle" or len(words) != 3:
            continue
        attacker = state.field.unit_at(hex_of(words[1]))
        target = state.field.unit_at(hex_of(words[2]))
        if attacker is not None and target is not None:
            out.append(odds_entry(state, attacker, target))
    return sorted(out, key=lambda entry: (entry["attacker"], entry["target"]))
