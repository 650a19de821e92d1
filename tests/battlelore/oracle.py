"""An independent oracle for `bitva analyse battlelore` (issue 11, "The analysis command").

Written from the rules (../shared/rules/battlelore.md) and the issue text alone, without the
engine's movement, combat, morale, creatures or analysis modules: only the board geometry
(`field/board.py`), the unit data of the catalogue and the position reader are shared. The method is
the most obvious one, not the fastest: moves are every simple path hex by hex; a battle's odds
sum over every ORDERED roll (6**n sequences), and each roll's retreat is searched over every
choice of the retreating side (the target keeps the choice that leaves it the best chance).
Exact Fractions throughout.

Readings (the same as docs/battlelore.md "Analysis decisions"):
- no card is played and the attacker uses no creature ability (web, poison, storing);
- `hit_chance` counts a helmet of the target's colour, `S` in melee for a weapon or creature
  card that allows it, `F` against a webbed target (BL-11.8: its flags are hits) and `L`
  against a poisoned target in a Lore adventure (BL-11.10: each costs a figure).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb
from typing import Any

from bitva.games.battlelore.field.board import (
    NEIGHBOURS,
    SOUTH,
    distance,
    line_of_sight,
    name,
    toward_edge,
)
from bitva.games.battlelore.field.model import FACES, HELMET_OF, Field, UnitType

SIXTH = Fraction(1, 6)
RISK_DIE_KILLS = SIXTH * SIXTH  # a critical-risk die: the colour, then the colour again (BL-11.5)


@dataclass(frozen=True)
class Piece:
    """One unit as the oracle sees it: its own copy of the position file's facts."""

    kind: UnitType
    side: int
    hex: int
    figures: int
    ordered: bool
    moved: int
    webbed: bool
    poisoned: bool

    @property
    def creature(self) -> bool:
        return self.kind.status == "creature"


@dataclass(frozen=True)
class Board:
    terrain: tuple[str, ...]
    landmark: tuple[bool, ...]
    lore: bool
    pieces: tuple[Piece, ...]

    def at(self, hex_: int) -> Piece | None:
        for piece in self.pieces:
            if piece.hex == hex_:
                return piece
        return None


def board_of(field: Field) -> Board:
    pieces = tuple(
        Piece(u.type, u.side, u.hex, u.figures, u.ordered, u.moved, u.webbed, u.poisoned)
        for u in field.units
        if u is not None
    )
    landmark = tuple(mark is not None for mark in field.landmarks)
    return Board(tuple(field.terrain), landmark, field.lore, pieces)


# -- moves (BL-3) --------------------------------------------------------------------------
def _stops_on_entry(board: Board, hex_: int) -> bool:
    """Forest, landmark (BL-3.4, BL-9.1) and ford (the ordinary move) end the move."""
    return board.landmark[hex_] or board.terrain[hex_] in ("forest", "ford")


def _enterable(board: Board, hex_: int) -> bool:
    """BL-3.3: never a unit's hex, never a river (the board's hexes are all playable)."""
    return board.at(hex_) is None and board.terrain[hex_] != "river"


def move_ends(board: Board, piece: Piece) -> list[int]:
    """Every hex where an ordinary move may end: every simple path of 1..move_max steps."""
    ends: set[int] = set()

    def walk(here: int, used: int, seen: frozenset[int]) -> None:
        if used == piece.kind.move_max:
            return
        for nxt in NEIGHBOURS[here]:
            if nxt in seen or not _enterable(board, nxt):
                continue
            ends.add(nxt)
            if not _stops_on_entry(board, nxt):
                walk(nxt, used + 1, seen | {nxt})

    walk(piece.hex, 0, frozenset({piece.hex}))
    ends.discard(piece.hex)
    return sorted(ends)


# -- who may battle whom, with how many dice (BL-3.2, BL-4) --------------------------------
def may_battle(board: Board, piece: Piece) -> bool:
    entered_landmark = piece.moved > 0 and board.landmark[piece.hex]
    return not piece.webbed and not entered_landmark and piece.moved <= piece.kind.move_battle


def _hill_blocks(board: Board, hex_: int, a: int, b: int) -> bool:
    """BL-4.6, D-17: a hill is clear only next to an endpoint standing on a hill."""
    next_to_a_hill_end = [
        board.terrain[end] == "hill" and hex_ in NEIGHBOURS[end] for end in (a, b)
    ]
    return not any(next_to_a_hill_end)


def sees(board: Board, a: int, b: int) -> bool:
    def blocks(hex_: int) -> bool:
        if board.at(hex_) is not None or board.terrain[hex_] == "forest" or board.landmark[hex_]:
            return True
        return board.terrain[hex_] == "hill" and _hill_blocks(board, hex_, a, b)

    return line_of_sight(a, b, blocks)


def capped(board: Board, attacker: Piece, target: Piece, dice: int) -> int:
    """BL-4.7: the lowest cap that applies to either hex."""
    caps = [dice]
    a_ground, t_ground = board.terrain[attacker.hex], board.terrain[target.hex]
    if a_ground == "forest" or t_ground == "forest":
        caps.append(2)
    if a_ground == "hill":
        caps.append(3)
    if a_ground != "hill" and t_ground == "hill":
        caps.append(2)
    if a_ground == "ford":
        caps.append(2)
    if board.landmark[attacker.hex] or board.landmark[target.hex]:
        caps.append(2)
    return min(caps)


def battles_of(board: Board, attacker: Piece) -> list[tuple[Piece, str, int]]:
    """(target, kind, dice) for every legal target (BL-4.3, D-44, weapon range, LOS)."""
    enemies = [p for p in board.pieces if p.side != attacker.side]
    adjacent = [p for p in enemies if distance(attacker.hex, p.hex) == 1]
    if adjacent:
        return [
            (p, "melee", capped(board, attacker, p, attacker.kind.melee_dice)) for p in adjacent
        ]
    weapon = attacker.kind.weapon
    if weapon.range < 2 or (attacker.moved > 0 and weapon.moved == "none"):
        return []
    found: list[tuple[Piece, str, int]] = []
    for target in enemies:
        reach = distance(attacker.hex, target.hex)
        if reach > weapon.range or not sees(board, attacker.hex, target.hex):
            continue
        dice = weapon.dice_at(reach) - (1 if attacker.moved > 0 and weapon.moved == "minus1" else 0)
        if dice > 0:
            found.append((target, "ranged", capped(board, attacker, target, dice)))
    return found


# -- reading one die (BL-5.1, BL-11.8, BL-11.10) -------------------------------------------
def sword_hits(attacker: Piece, kind: str) -> bool:
    return kind == "melee" and (attacker.kind.weapon.sword_hits or attacker.kind.bonus_strike)


def face_counts_as_hit(board: Board, attacker: Piece, target: Piece, kind: str, face: str) -> bool:
    if face == HELMET_OF[target.kind.banner]:
        return True
    if face == "S":
        return sword_hits(attacker, kind)
    if face == "F":
        return target.webbed
    if face == "L":
        return board.lore and target.poisoned
    return False


def hit_chance(board: Board, attacker: Piece, target: Piece, kind: str) -> Fraction:
    hits = sum(face_counts_as_hit(board, attacker, target, kind, f) for f in FACES)
    return Fraction(hits, 6)


# -- morale (BL-6, BL-10) ------------------------------------------------------------------
def bold(board: Board, target: Piece) -> int:
    """BL-6.1, BL-6.2, BL-10.1; a creature is always exactly Bold 1 (D-26)."""
    if target.creature:
        return 1
    friends = [
        p for p in board.pieces
        if p.side == target.side and p is not target and not p.webbed
        and distance(p.hex, target.hex) == 1
    ]  # fmt: skip
    level = 1 if len(friends) >= 2 else 0
    if target.kind.race == "dwarf" and target.kind.status == "foot":
        level += 1
    if board.terrain[target.hex] == "bridge":
        level += 1
    if board.landmark[target.hex]:
        level += 1
    return level


def retreat_paths(board: Board, piece: Piece, hexes: int) -> Iterator[tuple[int, int]]:
    """(hexes retreated, hexes blocked) of every retreat the owner may choose (BL-6.5, 6.6)."""
    occupied = {p.hex for p in board.pieces if p is not piece}

    def walk(here: int, left: int, done: int) -> Iterator[tuple[int, int]]:
        if left == 0:
            yield done, 0
            return
        steps = [
            h for h in toward_edge(here, piece.side)
            if h not in occupied and board.terrain[h] != "river"
        ]  # fmt: skip
        if not steps:
            yield done, left
            return
        for step in steps:
            yield from walk(step, left - 1, done + 1)

    yield from walk(piece.hex, hexes, 0)


def at_least(k: int, n: int, p: Fraction) -> Fraction:
    return sum((comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1)), Fraction(0))


def unit_eliminated(board: Board, target: Piece, figures: int, flags: int) -> Fraction:
    """A non-creature with `figures` left after the hits and `flags` to resolve."""
    if figures <= 0:
        return Fraction(1)
    flags -= min(bold(board, target), flags)
    goblin = target.kind.race == "goblin"
    hexes = flags * (2 if goblin else 1)
    best = Fraction(1)
    for retreated, blocked in retreat_paths(board, target, hexes):
        left = figures - blocked
        if left <= 0:
            chance = Fraction(1)
        elif goblin:
            chance = at_least(left, retreated, SIXTH)  # panic: 1 die a hex, its colour kills
        else:
            chance = Fraction(0)
        best = min(best, chance)
    return best


# -- a creature target (BL-11.3..11.5, D-23..D-26) -----------------------------------------
def _risk_survives(dice: int) -> Fraction:
    return (1 - RISK_DIE_KILLS) ** dice


def creature_retreat_survives(board: Board, target: Piece, hexes: int) -> Fraction:
    """The creature's best chance to live through its retreat: expectimax over its choices,
    the trample outcomes of creatures in its way, and the final critical-risk dice."""

    def go(pieces: tuple[Piece, ...], here: int, left: int) -> Fraction:
        if left == 0:
            return Fraction(1)
        occupied = {p.hex: p for p in pieces if p.hex != here}
        candidates = toward_edge(here, target.side)
        open_ = [h for h in candidates if h not in occupied and board.terrain[h] != "river"]
        if open_:
            return max(go(pieces, h, left - 1) for h in open_)
        in_way = [occupied[h] for h in candidates if h in occupied]
        if not in_way:
            return _risk_survives(left)
        # trample: each unit in the way loses `left` figures (a creature: `left` risk dice)
        branches: list[list[tuple[Fraction, Piece | None]]] = []
        for p in in_way:
            if p.creature:
                dies = 1 - _risk_survives(left)
                branches.append([(dies, None), (1 - dies, p)])
            elif p.figures <= left:
                branches.append([(Fraction(1), None)])
            else:
                branches.append([(Fraction(1), replace(p, figures=p.figures - left))])
        total = Fraction(0)
        for outcome in itertools.product(*branches):
            chance = Fraction(1)
            for c, _ in outcome:
                chance *= c
            if chance == 0:
                continue
            after = [p for p in pieces if p not in in_way]
            after += [p for _, p in outcome if p is not None]
            if any(p is None for _, p in outcome):
                total += chance * go(tuple(after), here, left)
            else:
                total += chance * _risk_survives(left)
        return total

    return go(board.pieces, target.hex, hexes)


def creature_eliminated(
    board: Board, target: Piece, criticals: int, poison: int, flags: int
) -> Fraction:
    lives = (1 - SIXTH) ** criticals * _risk_survives(poison)
    hexes = max(flags - 1, 0) * target.kind.retreat_per_flag
    lives *= creature_retreat_survives(board, target, hexes)
    return 1 - lives


# -- the odds of one battle ----------------------------------------------------------------
def p_eliminated(board: Board, attacker: Piece, target: Piece, kind: str, dice: int) -> Fraction:
    total = Fraction(0)
    for roll in itertools.product(FACES, repeat=dice):
        hits = sum(
            f == HELMET_OF[target.kind.banner] or (f == "S" and sword_hits(attacker, kind))
            for f in roll
        )  # fmt: skip
        flags = roll.count("F")
        if target.webbed:  # BL-11.8, D-21: flags against it are hits, never ignored
            hits, flags = hits + flags, 0
        poison = roll.count("L") if board.lore and target.poisoned else 0
        if target.creature:
            total += creature_eliminated(board, target, hits, poison, flags)
        else:
            total += unit_eliminated(board, target, target.figures - hits - poison, flags)
    return total * SIXTH**dice


# -- the whole answer ----------------------------------------------------------------------
def oracle_analyse(field: Field, active: int, step: str) -> dict[str, Any]:
    """The answer of the issue's analysis command, probabilities as exact Fractions."""
    board = board_of(field)
    moves: dict[str, list[str]] = {}
    battles: list[dict[str, Any]] = []
    mine = [p for p in board.pieces if p.side == active and p.ordered]
    if step == "move":
        for piece in mine:
            if piece.moved == 0:
                ends = [] if piece.webbed else move_ends(board, piece)
                moves[name(piece.hex)] = sorted(name(h) for h in ends)
    else:
        for piece in mine:
            if not may_battle(board, piece):
                continue
            for target, kind, dice in battles_of(board, piece):
                battles.append({
                    "attacker": name(piece.hex), "target": name(target.hex), "kind": kind,
                    "dice": dice, "hit_chance": hit_chance(board, piece, target, kind),
                    "p_eliminated": p_eliminated(board, piece, target, kind, dice),
                })  # fmt: skip
        battles.sort(key=lambda b: (b["attacker"], b["target"]))
    side = "south" if active == SOUTH else "north"
    return {"active": side, "step": step, "moves": moves, "battles": battles}
