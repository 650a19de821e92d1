"""The evaluation that `greedy` and the searches use for BattleLore (docs/ai.md, "BattleLore").

A game is won by banners (BL-16.1), and banners come only from eliminated units (BL-5.3), so
everything is counted in banners and scaled by the banners needed to win:

- **banners** held, mine minus theirs;
- **damage**: each unit's lost figures as a share of its full strength, a partial banner (the
  dice a unit rolls do not depend on its figures, section 2.3: only the banner does);
- **attacks of this turn**: every unit of the side acting that may still battle (BL-4.1) and
  its best attack now (BL-4.3, BL-4.4: dice after the caps of BL-4.7), worth the expected banner
  progress of that roll (binomial over the hit faces of BL-5.1; a flag is a hit where the target
  can neither ignore it nor retreat, BL-6.1, BL-6.5, BL-6.6). This is what makes a position in
  the middle of a turn readable: an order, a move or a declared battle changes it;
- **threats of the next turns**: the best attacks each side's units could make from where they
  stand (adjacent enemies, or enemies in weapon range), the side to act next weighted more, and
  only the best few counted (a Command card orders a few units, BL-2);
- **advance**: rows moved toward the enemy's edge (so that neither side waits for ever);
- **Lore** (Lore adventures, `lore_score`): each Lore card in hand, and the tokens in the
  goblet, fully up to `token_cap` (about what a full hand costs to cast, BL-13.5, BL-14.5) and
  very little beyond: there is no limit on tokens (BL-12.1), but a token nothing will buy is
  worth nothing, and counted linearly a rich goblet (40 tokens) read as more than a banner, so
  casting a card always looked like a loss. Capped, a rich side casts a card for the card's
  value alone. (Caps that rose with the costs of the cards in hand made expensive cards look
  better to keep, and measured worse: docs/ai.md, "Lore in the evaluation".)

The weights live in `Weights`; `DEFAULT` is the measured choice (docs/ai.md). The result is
`tanh(score / banners to win)` from `seat`'s side: exactly +-1 once the game is over.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from bitva.games.battlelore.board import COORDS, HEX_COUNT, NEIGHBOURS, ROWS, distance
from bitva.games.battlelore.combat import Kind, base_dice, hit_faces, may_battle, targets
from bitva.games.battlelore.model import Field, Unit
from bitva.games.battlelore.morale import bold, retreat_steps

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState

FACES_ON_A_DIE = 6  # section 2.2
MAX_DICE = 12
# DISTANCES[a][b]: hex distance, looked up instead of computed in the inner loops
DISTANCES: tuple[tuple[int, ...], ...] = tuple(
    tuple(distance(a, b) for b in range(HEX_COUNT)) for a in range(HEX_COUNT)
)


@dataclass(frozen=True)
class Weights:
    """The terms of the evaluation, each in banners (see the module docstring)."""

    damage: float = 0.6  # a unit's lost share of figures, in banners
    now: float = 0.8  # the best attack of each unit that may still battle this turn
    next_turn: float = 0.4  # the side acting next: its best attacks from where it stands
    later: float = 0.15  # the other side's, a turn later
    attacks_counted: int = 2  # how many of a side's best threats count (a card orders a few)
    advance: float = 0.02  # per unit and row moved toward the enemy's edge
    lore_card: float = 0.08  # a Lore card in hand
    token: float = 0.03  # a Lore token in the goblet, up to `token_cap`
    token_cap: int = 8  # what a full hand (BL-14.5) costs to cast, about
    token_spare: float = 0.005  # a token beyond that (still kept from the opponent, D-33)


DEFAULT = Weights()


def _binomial(dice: int, hit: int) -> tuple[float, ...]:
    """P(exactly k hits) for k = 0..dice, each die hitting with probability hit/6."""
    p = hit / FACES_ON_A_DIE
    return tuple(math.comb(dice, k) * p**k * (1 - p) ** (dice - k) for k in range(dice + 1))


# HITS[dice][faces that hit]: the binomial distribution of the hits of one roll
HITS: tuple[tuple[tuple[float, ...], ...], ...] = tuple(
    tuple(_binomial(dice, hit) for hit in range(FACES_ON_A_DIE + 1)) for dice in range(MAX_DICE + 1)
)


@cache
def roll_value(dice: int, faces: int, figures: int, full: int, damage: float) -> float:
    """The expected banner progress of `dice` dice, each hitting on `faces` faces, on a unit of
    `figures` figures (of `full`): a whole banner when the roll eliminates it, else `damage` per
    share of figures lost (BL-5.1, BL-5.3)."""
    value = 0.0
    for hits, chance in enumerate(HITS[min(dice, MAX_DICE)][min(faces, FACES_ON_A_DIE)]):
        value += chance * (1.0 if hits >= figures else hits * damage / full)
    return value


class Attacks:
    """The attacks of one position, valued once each: whether a flag costs a target a figure
    (BL-6.1, BL-6.5, BL-6.6) is worked out once per target."""

    __slots__ = ("damage", "field", "flags_hit")

    def __init__(self, field: Field, damage: float) -> None:
        self.field = field
        self.damage = damage
        self.flags_hit: dict[int, bool] = {}

    def value(self, attacker: Unit, target: Unit, kind: Kind) -> float:
        """The expected banner progress of one roll of `attacker` on `target` (`roll_value`),
        with the base dice after the caps (BL-4.4, BL-4.7) and the faces that hit (BL-5.1); a
        flag counts as a hit where the target may ignore none and cannot retreat."""
        field = self.field
        dice = base_dice(field, attacker, target, kind)
        if dice <= 0:
            return 0.0
        hitting = hit_faces(field, attacker, target, kind)
        faces = len(hitting)
        if "F" not in hitting:
            blocked = self.flags_hit.get(target.uid)
            if blocked is None:
                blocked = self.flags_hit[target.uid] = (
                    not retreat_steps(field, target) and bold(field, target) == 0
                )
            faces += blocked
        return roll_value(dice, faces, target.figures, target.type.figures, self.damage)

    def best_now(self, unit: Unit) -> float:
        """The best attack `unit` may declare now (BL-4.1, BL-4.3): 0 when it may not battle."""
        field = self.field
        if not may_battle(field, unit):
            return 0.0
        best = 0.0
        for uid, kind in targets(field, unit):
            target = field.units[uid]
            if target is not None:
                best = max(best, self.value(unit, target, kind))
        return best

    def best_from_here(self, unit: Unit, enemies: list[Unit]) -> float:
        """The best attack `unit` could make from its hex next turn without moving: melee on an
        adjacent enemy, else ranged on an enemy in range (line of sight not checked: cheap)."""
        field = self.field
        best = 0.0
        close = False
        for hex_ in NEIGHBOURS[unit.hex]:
            enemy = field.unit_at(hex_)
            if enemy is not None and enemy.side != unit.side:
                close = True
                best = max(best, self.value(unit, enemy, "melee"))
        reach = unit.type.weapon.range
        if close or reach < 2:
            return best
        row = DISTANCES[unit.hex]
        for enemy in enemies:
            if 2 <= row[enemy.hex] <= reach:
                best = max(best, self.value(unit, enemy, "ranged"))
        return best


def _top(values: list[float], count: int) -> float:
    return sum(sorted(values, reverse=True)[:count])


def _advance(unit: Unit) -> int:
    """Rows moved from the own edge toward the enemy's (South's edge is row 1, North's 9)."""
    row = COORDS[unit.hex][1]
    return row - 1 if unit.side == 1 else ROWS - row


def score(state: BattleLoreState, weights: Weights = DEFAULT) -> float:
    """The evaluation in banners from South's side (seat 1), before scaling."""
    field = state.field
    units = (field.alive(1), field.alive(2))
    total = float(state.banners[0] - state.banners[1])
    for side, sign in ((0, 1.0), (1, -1.0)):
        lost = sum((u.type.figures - u.figures) / u.type.figures for u in units[1 - side])
        total += sign * weights.damage * lost
        total += sign * weights.advance * sum(_advance(u) for u in units[side])
    attacks = Attacks(field, weights.damage)
    acting = state.active
    now = sum(attacks.best_now(u) for u in units[acting - 1] if u.ordered)
    total += (1.0 if acting == 1 else -1.0) * weights.now * now
    waiting = 3 - acting
    for side, weight in ((waiting, weights.next_turn), (acting, weights.later)):
        enemies = units[2 - side]
        threats = [attacks.best_from_here(u, enemies) for u in units[side - 1]]
        total += (1.0 if side == 1 else -1.0) * weight * _top(threats, weights.attacks_counted)
    if state.static.lore:
        total += lore_score(state, weights)
    return total


def _lore_side(hand: list[str], goblet: int, weights: Weights) -> float:
    """One side's Lore (see the module docstring): its cards in hand, and its tokens, fully up
    to `token_cap` and at `token_spare` beyond."""
    counted = min(goblet, weights.token_cap)
    return (
        weights.lore_card * len(hand)
        + weights.token * counted
        + weights.token_spare * (goblet - counted)
    )


def lore_score(state: BattleLoreState, weights: Weights = DEFAULT) -> float:
    """The Lore term from South's side (BL-12, BL-13, BL-14.5): South's Lore minus North's."""
    goblets = state.bank.goblets
    hands = state.lore_hands
    return _lore_side(hands[1], goblets[0], weights) - _lore_side(hands[2], goblets[1], weights)


def evaluate(state: BattleLoreState, seat: int, weights: Weights = DEFAULT) -> float:
    """The value of `state` for `seat` in (-1, 1); exactly +-1 or 0 once the game is over."""
    outcome = state.outcome
    if outcome is not None:
        return outcome.value(seat)
    value = math.tanh(score(state, weights) / state.static.victory_banners)
    value = max(-0.999, min(0.999, value))
    return value if seat == 1 else -value
