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
  the middle of a turn readable: an order, a move or a declared battle changes it. It ends
  with the battle step (BL-4.1): counted after it, ending the battles with `done` kept every
  attack's value without its risk, and `greedy` never battled (issue 21);
- **threats of the next turns**: the best attacks each side's units could make after a move
  that still lets them battle (BL-3.2), only the best three counted (a Command card orders a
  few units, BL-2), `next_turn` for the side that strikes next (during a turn the side
  waiting; at the very start of a turn, before its Command card, the side acting:
  `exposed_side`) at 0.3, `later` for the other at 0.15. At 0.4 they made the side to act step
  back rather than strike; at 0 nothing told a unit left next to the enemy's strongest units,
  a retreat or a taken hex from a safe one, and `greedy` lost 36% of its games to `rush`.
  `next_turn` used to go to the side waiting at every step, so at the end of a turn the two
  weights swapped (the side that had just acted read as the one striking first): only equal
  weights were consistent. With that fixed, `next_turn` 0.3 won A01 against `rush` far more
  often but lost more of A02 and A04. With the melee reach walked round the terrain (`paths`,
  :mod:`.reach`: rivers, forests, fords, landmarks, BL-3.3, BL-3.4, BL-9.1) 0.3 won 289 of
  400 games against `rush` (280 before): A01 and A03 up, A02 and A04 still down, within
  noise (docs/ai.md, "Paths in the threat");
- **exposure** (issue 21): the side the next attacks fall on (`exposed_side`), each of its
  units valued by the enemy attacks that could reach it after a move that still lets them
  battle, the best `focus` of them combined (focus fire: a unit several enemies reach reads as
  nearly a banner lost), its `exposed_counted` most exposed units counted. The threat terms
  count each enemy's best attack anywhere, so a unit sent alone into the enemy's lines added
  nothing once the enemy had three good attacks elsewhere. At 0.3 it lifted `greedy` against
  `rush` on A01 (74% against 67%, 100 games) but lost a little on A02-A04, 276 of 400 against
  280 over the four: no gain, so it is off by default (docs/ai.md, "Initiative");
- **initiative** (issue 21): while the side acting gives its orders and moves (BL-2, BL-3),
  each ordered unit that has not moved yet is worth what its move could bring: the best attack
  on an enemy it could reach and still battle (within `move_battle` hexes and its weapon's
  reach, BL-3.2, BL-4.3), or else the hexes it could close toward the nearest enemy. Without
  it an order was worth nothing until the unit stood next to an enemy, a look-ahead too short
  to see the move and the battle after it saw no point in ordering, and `hard` ordered units in
  fewer than half of its turns (docs/ai.md, "Initiative"). The term ends with the move step:
  the moves and battles it promised are then counted by the other terms. An `escape` weight
  (0 by default: tried, docs/ai.md "Why greedy lost to rush") also lets an ordered unit be
  worth the enemy's best attack on it (`danger`) that its move may take it out of;
- **advance**: rows moved toward the enemy's edge (so that neither side waits for ever);
- **impatience**: after `patience` turns, the side to act's units closing in on their nearest
  enemies, more with every turn (:func:`impatience`): armies that had passed each other stood
  at each other's edges, each at its full advance, and no banner came in 8,000 steps;
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

from bitva.games.battlelore.actions import Pass
from bitva.games.battlelore.ai.reach import may_strike
from bitva.games.battlelore.field.board import COORDS, HEX_COUNT, NEIGHBOURS, ROWS, distance
from bitva.games.battlelore.field.combat import Kind, base_dice, hit_faces, may_battle, targets
from bitva.games.battlelore.field.model import Field, Unit
from bitva.games.battlelore.field.morale import bold, retreat_steps
from bitva.games.battlelore.turn.legal import orderable

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
    next_turn: float = 0.3  # the side that strikes next (`exposed_side`): its best attacks
    later: float = 0.15  # the other side's, a turn later
    attacks_counted: int = 3  # how many of a side's best threats count (a card orders a few)
    advance: float = 0.02  # per unit and row moved toward the enemy's edge
    reach: float = 0.8  # an ordered unit's best attack after its move (initiative)
    closing: float = 0.03  # per hex an ordered unit could still close toward an enemy
    pending: float = 0.8  # an order not given yet, of the initiative of the unit it could take
    lore_card: float = 0.08  # a Lore card in hand
    token: float = 0.03  # a Lore token in the goblet, up to `token_cap`
    token_cap: int = 8  # what a full hand (BL-14.5) costs to cast, about
    token_spare: float = 0.005  # a token beyond that (still kept from the opponent, D-33)
    threat_moves: bool = True  # threats after a move that still allows a battle (BL-3.2)
    battle_back: float = 0.0  # a melee attack's expected battle back against it (BL-7.1)
    exposure: float = 0.0  # the side to be attacked next: its units the enemy may gang up on
    exposed_counted: int = 2  # how many of its most exposed units count
    focus: int = 2  # how many enemy attacks on one unit count (a card orders a few)
    escape: float = 0.0  # an ordered unit not yet moved: the enemy's best attack it may escape
    paths: bool = True  # melee reach round rivers, forests, fords and landmarks (`.reach`)
    patience: int = 60  # turns (both sides') before the side to act grows impatient
    impatience: float = 0.02  # per unit and hex nearer its nearest enemy, per `impatience_turns`
    impatience_turns: int = 20  # beyond `patience`


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


@cache
def survival(dice: int, faces: int, figures: int) -> float:
    """The chance that a roll of `dice` dice hitting on `faces` faces leaves a unit of
    `figures` figures alive (BL-5.1)."""
    return sum(HITS[min(dice, MAX_DICE)][min(faces, FACES_ON_A_DIE)][:figures])


class Attacks:
    """The attacks of one position, valued once each: whether a flag costs a target a figure
    (BL-6.1, BL-6.5, BL-6.6) is worked out once per target."""

    __slots__ = ("back", "damage", "field", "flags_hit", "paths")

    def __init__(self, field: Field, damage: float, back: float = 0.0, paths: bool = False) -> None:
        self.field = field
        self.damage = damage
        self.back = back
        self.paths = paths
        self.flags_hit: dict[int, bool] = {}

    def in_melee_reach(self, unit: Unit, target: Unit, steps: int, away: int) -> bool:
        """Whether `unit` may attack `target` in melee after moving up to `steps` hexes: by
        hex distance, or with `paths` round the terrain in the way (:mod:`.reach`)."""
        if not self.paths:
            return away <= steps + 1
        return away <= steps + 1 and may_strike(self.field, unit.hex, target.hex, steps)

    def _roll(self, attacker: Unit, target: Unit, kind: Kind) -> tuple[int, int]:
        """The dice of one roll of `attacker` on `target` after the caps (BL-4.4, BL-4.7) and
        the faces that hit (BL-5.1); a flag counts as a hit where the target may ignore none
        and cannot retreat."""
        field = self.field
        dice = base_dice(field, attacker, target, kind)
        if dice <= 0:
            return 0, 0
        hitting = hit_faces(field, attacker, target, kind)
        faces = len(hitting)
        if "F" not in hitting:
            blocked = self.flags_hit.get(target.uid)
            if blocked is None:
                blocked = self.flags_hit[target.uid] = (
                    not retreat_steps(field, target) and bold(field, target) == 0
                )
            faces += blocked
        return dice, faces

    def value(self, attacker: Unit, target: Unit, kind: Kind) -> float:
        """The expected banner progress of one roll of `attacker` on `target` (`roll_value`)."""
        dice, faces = self._roll(attacker, target, kind)
        if dice <= 0:
            return 0.0
        return roll_value(dice, faces, target.figures, target.type.figures, self.damage)

    def net(self, attacker: Unit, target: Unit, kind: Kind) -> float:
        """`value`, less `back` times the battle back it may draw (BL-7.1): a melee target
        that survives the roll, is Bold (or a creature) and not webbed strikes back, and that
        roll counts against the attack (`rush`, the yardstick, always battles back). Whether a
        flag drives the target off first is not checked (cheap)."""
        dice, faces = self._roll(attacker, target, kind)
        if dice <= 0:
            return 0.0
        gain = roll_value(dice, faces, target.figures, target.type.figures, self.damage)
        if not self.back or kind != "melee" or target.webbed:
            return gain
        if not target.type.is_creature and bold(self.field, target) < 1:
            return gain
        survives = survival(dice, faces, target.figures)
        return gain - self.back * survives * self.value(target, attacker, "melee")

    def best_now(self, unit: Unit) -> float:
        """The best attack `unit` may declare now (BL-4.1, BL-4.3): 0 when it may not battle."""
        if not may_battle(self.field, unit):
            return 0.0
        return self.best_target(unit)

    def best_target(self, unit: Unit) -> float:
        """The best attack on the enemies `unit` may target from where it stands (BL-4.3),
        whether or not it may battle now."""
        field = self.field
        best = 0.0
        for uid, kind in targets(field, unit):
            target = field.units[uid]
            if target is not None:
                best = max(best, self.net(unit, target, kind))
        return best

    def best_from_here(self, unit: Unit, enemies: list[Unit], steps: int = 0) -> float:
        """The best attack `unit` could make next turn after moving up to `steps` hexes: melee
        on an enemy within `steps` + 1 hexes (with `paths`, by a walk round the terrain:
        :mod:`.reach`), else ranged on an enemy in range (other units in the way and line of
        sight not checked: cheap)."""
        field = self.field
        best = 0.0
        if steps:
            row = DISTANCES[unit.hex]
            reach = unit.type.weapon.range
            for other in enemies:
                away = row[other.hex]
                if self.in_melee_reach(unit, other, steps, away):
                    best = max(best, self.net(unit, other, "melee"))
                elif 2 <= away <= reach:
                    best = max(best, self.net(unit, other, "ranged"))
            return best
        close = False
        for hex_ in NEIGHBOURS[unit.hex]:
            enemy = field.unit_at(hex_)
            if enemy is not None and enemy.side != unit.side:
                close = True
                best = max(best, self.net(unit, enemy, "melee"))
        reach = unit.type.weapon.range
        if close or reach < 2:
            return best
        row = DISTANCES[unit.hex]
        for enemy in enemies:
            if 2 <= row[enemy.hex] <= reach:
                best = max(best, self.net(unit, enemy, "ranged"))
        return best


def _top(values: list[float], count: int) -> float:
    return sum(sorted(values, reverse=True)[:count])


def _advance(unit: Unit) -> int:
    """Rows moved from the own edge toward the enemy's (South's edge is row 1, North's 9)."""
    row = COORDS[unit.hex][1]
    return row - 1 if unit.side == 1 else ROWS - row


def impatience(state: BattleLoreState, units: list[Unit], enemies: list[Unit], w: Weights) -> float:
    """After `patience` turns, the side to act's drive to engage, growing with every turn: each
    of its units worth the hexes it stands nearer than `ROWS` - 1 to its nearest enemy. Only
    banners end a game (BL-16.1), and two armies that had passed each other stood at each
    other's edges out of reach turn after turn, every unit at its full `advance` and any step
    toward the enemy a step into its reach (8,000 steps without a banner, docs/ai.md "Stalled
    games"). A term of the side to act alone: closeness counted for both sides cancels out.
    Nothing before `patience` turns, longer than 19 of 20 decided games, so a game of usual
    length is played as before."""
    late = state.turn - w.patience
    if late <= 0 or not w.impatience or not enemies:
        return 0.0
    near = sum(max(0, ROWS - 1 - min(distance(u.hex, e.hex) for e in enemies)) for u in units)
    return w.impatience * late / w.impatience_turns * near


MOVING_PHASES = frozenset(("order", "move"))  # BL-2.2 to BL-3: orders given, moves not made
# after the battle step (BL-15): no ordered unit may battle any more this turn
AFTER_BATTLES = frozenset(("deal", "draw-keep", "refill", "lore-deal", "lore-keep", "discard"))


def initiative(attacks: Attacks, unit: Unit, enemies: list[Unit], weights: Weights) -> float:
    """What an ordered unit that has not moved yet may still do this turn (the module
    docstring): its best attack after a move that still lets it battle (melee on an enemy
    within `move_battle` + 1 hexes, a missile weapon on one in range, BL-3.2, BL-4.3), else the
    hexes it could close toward the nearest enemy. Melee reach follows the terrain with
    `Weights.paths` (:mod:`.reach`); other units in the way and line of sight are not checked."""
    if unit.moved or unit.move_stopped or unit.webbed or unit.battled:
        return 0.0
    row = DISTANCES[unit.hex]
    unit_type = unit.type
    melee = unit_type.move_battle + 1
    reach = max(1, unit_type.weapon.range)
    best = 0.0
    nearest = 99
    for enemy in enemies:
        away = row[enemy.hex]
        nearest = min(nearest, away)
        if attacks.in_melee_reach(unit, enemy, melee - 1, away):
            best = max(best, attacks.net(unit, enemy, "melee"))
        if 2 <= away <= reach:
            best = max(best, attacks.net(unit, enemy, "ranged"))
    if best > 0:
        value = weights.reach * best
    else:
        value = weights.closing * min(unit_type.move_max, max(0, nearest - reach))
    if weights.escape:
        value = max(value, weights.escape * danger(attacks, unit, enemies, 1))
    return value


def pending_orders(
    state: BattleLoreState, attacks: Attacks, enemies: list[Unit], w: Weights
) -> float:
    """At the order step (BL-2.2 to BL-2.4): the orders the Command card still gives, each worth
    the `initiative` of one of the best units that may take the next order. This is what tells
    one Command card from another a step after it is played."""
    orders = state.orders
    if orders is None:
        return 0.0
    left = orders.size - len(state.ordered)
    if left <= 0:
        return 0.0
    values = [initiative(attacks, u, enemies, w) for u in orderable(state)]
    return _top(values, left)


def exposed_side(state: BattleLoreState) -> int:
    """The side whose units the next attacks fall on: the side acting once its turn has begun
    (its orders, moves and battles are made, the other side strikes next, BL-1.1), else, at
    the very start of a turn (no Command card played, BL-2.1), the side waiting."""
    if state.phase == "command" and state.orders is None:
        return 3 - state.active
    return state.active


def danger(attacks: Attacks, unit: Unit, enemies: list[Unit], focus: int) -> float:
    """The banner progress the enemy may make on `unit` in its next turn: the `focus` best
    attacks `enemies` could make on it after a move that still lets them battle (melee within
    `move_battle` + 1 hexes, a missile weapon in range, BL-3.2, BL-4.3), combined as 1 - the
    product of (1 - each attack's banner progress), so that ganging up on a unit approaches a
    whole banner. Melee reach follows the terrain with `Weights.paths` (:mod:`.reach`); other
    units in the way and line of sight are not checked (cheap)."""
    row = DISTANCES[unit.hex]
    on_it = []
    for enemy in enemies:
        away = row[enemy.hex]
        if attacks.in_melee_reach(enemy, unit, enemy.type.move_battle, away):
            on_it.append(attacks.value(enemy, unit, "melee"))
        elif 2 <= away <= enemy.type.weapon.range:
            on_it.append(attacks.value(enemy, unit, "ranged"))
    spared = 1.0
    for value in sorted(on_it, reverse=True)[:focus]:
        spared *= 1.0 - min(1.0, value)
    return 1.0 - spared


def exposure(attacks: Attacks, units: list[Unit], enemies: list[Unit], w: Weights) -> float:
    """What the enemy may take from `units` in its next turn, in banners: for each unit, the
    `focus` best attacks enemies could make on it after a move that still lets them battle
    (melee within `move_battle` + 1 hexes, a missile weapon in range, BL-3.2, BL-4.3), combined
    as 1 - the product of (1 - each attack's banner progress) so that ganging up on a unit
    approaches a whole banner; the `exposed_counted` most exposed units are summed. Unlike
    the threat terms (each enemy's best attack anywhere), a unit left where several enemies
    reach it reads worse than one beside a single enemy (issue 21)."""
    if not w.exposure:
        return 0.0
    per_unit = [danger(attacks, unit, enemies, w.focus) for unit in units]
    return w.exposure * _top(per_unit, w.exposed_counted)


def _pending_roll(state: BattleLoreState, attacks: Attacks) -> float:
    """A declared attack whose dice are not rolled yet (BL-4.4 step 5), from South's side: its
    expected banner progress. Scored before the roll, a battle looked worth less than keeping
    the attack in hand, and a short look-ahead ended the battle step instead (issue 21)."""
    battle = state.battle
    if state.phase != "roll" or battle is None or battle.special:
        return 0.0
    attacker = state.field.units[battle.attacker]
    target = state.field.units[battle.target]
    if attacker is None or target is None:
        return 0.0
    value = attacks.net(attacker, target, battle.kind)
    return value if battle.side == 1 else -value


def score(state: BattleLoreState, weights: Weights = DEFAULT) -> float:
    """The evaluation in banners from South's side (seat 1), before scaling."""
    field = state.field
    units = (field.alive(1), field.alive(2))
    total = float(state.banners[0] - state.banners[1])
    for side, sign in ((0, 1.0), (1, -1.0)):
        lost = sum((u.type.figures - u.figures) / u.type.figures for u in units[1 - side])
        total += sign * weights.damage * lost
        total += sign * weights.advance * sum(_advance(u) for u in units[side])
    attacks = Attacks(field, weights.damage, weights.battle_back, weights.paths)
    acting = state.active
    now = 0.0
    moving = state.phase in MOVING_PHASES
    battling = state.phase not in AFTER_BATTLES
    for unit in units[acting - 1]:
        if unit.ordered and battling:
            value = weights.now * attacks.best_now(unit)
            if moving:
                value = max(value, initiative(attacks, unit, units[2 - acting], weights))
            now += value
    if state.phase == "order":
        now += weights.pending * pending_orders(state, attacks, units[2 - acting], weights)
    now += impatience(state, units[acting - 1], units[2 - acting], weights)
    total += (1.0 if acting == 1 else -1.0) * now
    total += _pending_roll(state, attacks)
    striker = 3 - exposed_side(state)
    for side, weight in ((striker, weights.next_turn), (3 - striker, weights.later)):
        if not weight:
            continue  # off by default (issue 21): not computed
        enemies = units[2 - side]
        threats = [
            attacks.best_from_here(u, enemies, u.type.move_battle if weights.threat_moves else 0)
            for u in units[side - 1]
        ]
        total += (1.0 if side == 1 else -1.0) * weight * _top(threats, weights.attacks_counted)
    if weights.exposure:
        side = exposed_side(state)
        lost = exposure(attacks, units[side - 1], units[2 - side], weights)
        total -= lost if side == 1 else -lost
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


WINDOWS_PASSED = 4  # Lore windows looked through, at most, before a position is scored


def past_windows(state: BattleLoreState) -> BattleLoreState:
    """`state` with its open Lore windows passed (BL-13.3): a move, an order or a battle in a
    Lore adventure first opens a window in which the other side may answer with a Lore card,
    and the action is carried out only once the window closes. Scored as it stood, every move
    of a unit looked the same (the unit had not moved yet), and a short look-ahead chose among
    them at random (issue 21). A copy is returned; `state` is not changed."""
    if state.phase != "react":
        return state
    state = state.clone()
    for _ in range(WINDOWS_PASSED):
        if state.phase != "react":
            break
        state.apply_unchecked(Pass())
    return state


def evaluate(state: BattleLoreState, seat: int, weights: Weights = DEFAULT) -> float:
    """The value of `state` for `seat` in (-1, 1); exactly +-1 or 0 once the game is over. An
    open Lore window is looked through first (`past_windows`)."""
    state = past_windows(state)
    outcome = state.outcome
    if outcome is not None:
        return outcome.value(seat)
    value = math.tanh(score(state, weights) / state.static.victory_banners)
    value = max(-0.999, min(0.999, value))
    return value if seat == 1 else -value
