"""The analysis of a position (issue 11, "The analysis command"): for the side to act, where each
ordered unit may move, and each legal battle with its dice and exact odds.

`p_eliminated` is exact: the roll's outcomes are enumerated by face counts
(`bitva.core.chance.dice_counts`) and each is resolved as BL-5.2 does, with no card played and
no creature ability used ("this roll alone"). The target ignores every flag it may ignore and
retreats the way that gives it the best chance to survive; battle back and follow-ons are left
out. The readings behind it are in docs/battlelore.md, "Analysis decisions".
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from math import comb
from typing import Any, Literal

from bitva.core.chance import dice_counts
from bitva.games.battlelore.field.board import SOUTH, name
from bitva.games.battlelore.field.combat import Kind, base_dice, hit_faces, may_battle, targets
from bitva.games.battlelore.field.creatures import trample_victims
from bitva.games.battlelore.field.model import FACES, Face, Field, Unit
from bitva.games.battlelore.field.morale import (
    blocked_losses,
    ignorable_flags,
    read_roll,
    retreat_distance,
    retreat_paths,
    retreat_steps,
    takes_panic_check,
)
from bitva.games.battlelore.field.movement import move_destinations

Step = Literal["move", "battle"]
FACE_CHANCE = Fraction(1, 6)
# BL-11.4, BL-11.5, D-24: a re-rolled hit kills a creature on its colour; a critical-risk die
# kills on its colour twice running
CRITICAL_CHANCE = FACE_CHANCE
RISK_CHANCE = FACE_CHANCE * FACE_CHANCE
DIGITS = 10  # the floats: exact to 1e-9


def side_name(seat: int) -> str:
    return "south" if seat == SOUTH else "north"


def analyse(field: Field, active: int, step: Step) -> dict[str, Any]:
    """The issue's JSON object for `active` (a seat) at `step`: `moves` at step "move", `battles`
    at step "battle", hexes written as names, sorted by name."""
    moves: dict[str, list[str]] = {}
    battles: list[dict[str, Any]] = []
    mine = [u for u in field.alive(active) if u.ordered]
    if step == "move":
        for unit in mine:
            if unit.moved == 0:
                reach = move_destinations(field, unit)
                moves[name(unit.hex)] = sorted(name(h) for h in reach)
    else:
        for unit in mine:
            if may_battle(field, unit):
                battles.extend(_battles_of(field, unit))
    battles.sort(key=lambda b: (b["attacker"], b["target"]))
    return {
        "active": side_name(active),
        "step": step,
        "moves": dict(sorted(moves.items())),
        "battles": battles,
    }


def _battles_of(field: Field, attacker: Unit) -> list[dict[str, Any]]:
    out = []
    for uid, kind in targets(field, attacker):
        target = field.units[uid]
        assert target is not None
        dice = base_dice(field, attacker, target, kind)
        out.append(
            {
                "attacker": name(attacker.hex),
                "target": name(target.hex),
                "kind": kind,
                "dice": dice,
                "hit_chance": round(float(hit_chance(field, attacker, target, kind)), DIGITS),
                "p_eliminated": round(
                    float(p_eliminated(field, attacker, target, kind, dice)), DIGITS
                ),
            }
        )
    return out


def losing_faces(field: Field, attacker: Unit, target: Unit, kind: Kind) -> frozenset[Face]:
    """The faces that cost the target a figure (or, for a creature, a critical re-roll or a risk
    die) with no card played: BL-5.1's hits, a webbed target's flags (BL-11.8) and, in a Lore
    adventure, `L` against a poisoned target (BL-11.10)."""
    faces = hit_faces(field, attacker, target, kind)
    if target.poisoned and field.lore:
        faces |= {"L"}
    return faces


def hit_chance(field: Field, attacker: Unit, target: Unit, kind: Kind) -> Fraction:
    """The chance that one die scores a hit on `target` (BL-5.1; `L` misses without Lore)."""
    return Fraction(len(losing_faces(field, attacker, target, kind)), 6)


def _faces_of(counts: Iterable[int]) -> list[Face]:
    return [face for face, count in zip(FACES, counts, strict=True) for _ in range(count)]


def p_eliminated(field: Field, attacker: Unit, target: Unit, kind: Kind, dice: int) -> Fraction:
    """The exact chance that `dice` dice of `attacker` eliminate `target` (issue 11): each
    outcome resolved by BL-5.2 with the target's best retreat (BL-6, BL-10.2, BL-10.3, BL-11.5)."""
    survive: dict[tuple[int, int, int], Fraction] = {}
    total = Fraction(0)
    for counts, p in dice_counts(dice):
        effect = read_roll(field, attacker, target, kind, _faces_of(counts))
        key = (effect.hits, effect.poison_losses, effect.flags)
        if key not in survive:
            if target.type.is_creature:
                survive[key] = _creature_survives(field, target, *key)
            else:
                survive[key] = _unit_survives(field, target, *key)
        total += p * (1 - survive[key])
    return total


def _unit_survives(field: Field, target: Unit, hits: int, poison: int, flags: int) -> Fraction:
    """BL-5.2 steps 3-5 for a unit: hits and poison losses, then the flags it cannot ignore, the
    retreat that leaves it the best chance, blocked losses (BL-6.6) and a goblin's panic check
    (BL-10.3: 1 die per hex actually retreated, its colour kills)."""
    left = target.figures - hits - poison
    if left <= 0:
        return Fraction(0)
    _, most = ignorable_flags(field, target, flags)
    distance = retreat_distance(target, flags - most)
    best = Fraction(0)
    for path, blocked in retreat_paths(field, target, distance):
        remaining = left - blocked_losses(target, blocked)
        if remaining <= 0:
            continue
        chance = _panic_survival(len(path), remaining) if takes_panic_check(target) else 1
        best = max(best, Fraction(chance))
    return best


@cache
def _panic_survival(dice: int, figures: int) -> Fraction:
    """The chance that fewer than `figures` of `dice` panic dice show the unit's colour."""
    return sum(
        (
            comb(dice, kills) * FACE_CHANCE**kills * (1 - FACE_CHANCE) ** (dice - kills)
            for kills in range(min(dice, figures - 1) + 1)
        ),
        Fraction(0),
    )


def _creature_survives(field: Field, target: Unit, hits: int, poison: int, flags: int) -> Fraction:
    """BL-11.3-11.5, D-23..D-25 for a creature: each hit die re-rolled (its colour kills), each
    poison loss a risk die, the mandatory ignored flag, then the retreat (its own choice of
    hexes, trample clearing the way) and a risk die per hex finally not retreated."""
    chance = (1 - CRITICAL_CHANCE) ** hits * (1 - RISK_CHANCE) ** poison
    if chance == 0:
        return chance
    _, most = ignorable_flags(field, target, flags)
    distance = retreat_distance(target, flags - most)
    return chance * _retreat_survival(field.copy(), target.uid, distance)


def _retreat_survival(field: Field, uid: int, left: int) -> Fraction:
    """The creature's best chance to come through `left` more retreat hexes (BL-11.5)."""
    creature = field.units[uid]
    assert creature is not None
    if left == 0:
        return Fraction(1)
    steps = retreat_steps(field, creature)
    if steps:
        best = Fraction(0)
        for step in steps:
            after = field.copy()
            moved = after.units[uid]
            assert moved is not None
            after.move_unit(moved, step)
            best = max(best, _retreat_survival(after, uid, left - 1))
        return best
    stuck = (1 - RISK_CHANCE) ** left
    victims = trample_victims(field, creature)
    if not victims:
        return stuck
    # D-23, D-25: each victim loses `left` figures; a trampled creature rolls as many risk dice
    outcomes: list[tuple[Field, Fraction]] = [(field.copy(), Fraction(1))]
    for victim in victims:
        branched: list[tuple[Field, Fraction]] = []
        for state, p in outcomes:
            trampled = state.units[victim.uid]
            assert trampled is not None
            if trampled.type.is_creature:
                dies = 1 - (1 - RISK_CHANCE) ** left
                survivor = state.copy()
                branched.append((survivor, p * (1 - dies)))
                state.remove(trampled)
                branched.append((state, p * dies))
            else:
                trampled.figures -= left
                if trampled.figures <= 0:
                    state.remove(trampled)
                branched.append((state, p))
        outcomes = branched
    total = Fraction(0)
    for state, p in outcomes:
        if p == 0:
            continue
        cleared = state.units[uid]
        assert cleared is not None
        total += p * (
            _retreat_survival(state, uid, left) if retreat_steps(state, cleared) else stuck
        )
    return total
