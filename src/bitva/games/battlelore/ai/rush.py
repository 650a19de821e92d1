"""`rush`: a scripted BattleLore opponent that advances and attacks (issue 21, docs/ai.md
"Initiative").

It looks at no future and plays by a few rules, the way a beginner who only wants a fight does:

- **Command card** (BL-2.1): the card that orders the most units able to attack or to close in
  (each card is tried on a copy: played, then its orders given as below, counting the useful
  ones, an attack worth more than a step);
- **orders** (BL-2.2 to BL-2.4): the unit with the best attack from where it stands first, then
  the one that can close in the most; `done` once no ordered unit would do anything;
- **movement** (BL-3): each ordered unit into reach of an enemy (adjacent, or in range for a
  missile unit, BL-4.3) on a hex from which it may still battle (BL-3.2), else as far toward
  the nearest enemy as it goes; a unit whose weapon already reaches one stays;
- **battles** (BL-4): the attack with the best odds (the expected banner progress of the roll,
  `heuristics.Attacks.value`) until no ordered unit may battle; the follow-ons taken (battle
  back BL-7.1, take ground BL-7.2, pursue BL-7.3, a bonus attack BL-7.4); flags ignored as far
  as the unit is Bold (BL-6.3);
- **Lore** (BL-12 to BL-15): simple: it never casts a Lore card (it passes every window), keeps
  and discards the first cards offered, and refills with option b (a card and a token, BL-15.2).

Ties go to the first action in the game's order, so the same position gets the same move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bitva.core.chance import CHANCE
from bitva.core.errors import BitvaError
from bitva.games.battlelore.actions import (
    Ability,
    Battle,
    BattleBack,
    BattleLoreAction,
    Done,
    Free,
    Ignore,
    Move,
    Order,
    Pass,
    Play,
    Pursue,
    Refill,
    Store,
    TakeGround,
)
from bitva.games.battlelore.ai.heuristics import DEFAULT, DISTANCES, Attacks
from bitva.games.battlelore.field.board import hex_of
from bitva.games.battlelore.field.combat import targets
from bitva.games.battlelore.field.model import Field, Unit
from bitva.games.battlelore.field.movement import move_destinations
from bitva.games.battlelore.state import BattleLoreState

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState

STEP = 0.1  # an order that closes in, per hex nearer (an attack counts its banner progress)
ATTACK = 1.0  # an order whose unit can attack at once, on top of the attack's value
REFILL = "b"  # BL-15.2: one Lore card and one token
MAX_SIMULATED = 40  # actions followed when trying a Command card on a copy


def reach(unit: Unit) -> int:
    """How far `unit`'s weapon reaches (1: melee only; a missile weapon's range, BL-4.3)."""
    return max(1, unit.type.weapon.range)


def nearest(field: Field, unit: Unit, at: int | None = None) -> int:
    """The distance from `at` (default: where `unit` stands) to the nearest enemy (99: none)."""
    row = DISTANCES[unit.hex if at is None else at]
    return min((row[e.hex] for e in field.alive(3 - unit.side)), default=99)


def _gap(field: Field, unit: Unit, at: int | None = None) -> int:
    """Hexes still to go before the weapon reaches the nearest enemy."""
    return max(0, nearest(field, unit, at) - reach(unit))


def best_attack(field: Field, unit: Unit, attacks: Attacks | None = None) -> float:
    """The best attack `unit` could make from where it stands (expected banner progress)."""
    return (attacks or Attacks(field, DEFAULT.damage)).best_target(unit)


def closing(field: Field, unit: Unit) -> int:
    """The hexes by which `unit`, if ordered, could close the gap to the nearest enemy."""
    if _gap(field, unit) == 0:
        return 0
    ordered = unit.copy()
    ordered.ordered = True
    found = move_destinations(field, ordered)
    if not found:
        return 0
    return _gap(field, unit) - min(_gap(field, unit, end) for end in found)


def usefulness(field: Field, unit: Unit) -> float:
    """What ordering `unit` is worth to `rush`: an attack now, else the hexes it closes in."""
    attack = best_attack(field, unit)
    if attack > 0:
        return ATTACK + attack
    return STEP * closing(field, unit)


def _order_choice(
    state: BattleLoreState, acts: list[BattleLoreAction]
) -> tuple[BattleLoreAction | None, float]:
    """The order worth most (`usefulness`) among `acts`, with its worth; paid orders skipped."""
    field = state.field
    best: BattleLoreAction | None = None
    best_value = 0.0
    for action in acts:
        if not isinstance(action, Order | Free) or (isinstance(action, Order) and action.pay):
            continue
        unit = field.unit_at(hex_of(action.hex))
        if unit is None:
            continue
        value = usefulness(field, unit)
        if value > best_value:
            best, best_value = action, value
    return best, best_value


def card_value(state: BattleLoreState, card: str) -> float:
    """What playing `card` now would order (the sum of `usefulness` of the units ordered),
    tried on a copy: windows the play opens are passed."""
    copy = state.clone()
    copy.apply_unchecked(Play(card))
    total = 0.0
    for _ in range(MAX_SIMULATED):
        if copy.phase == "react":
            copy.apply_unchecked(Pass())
            continue
        if copy.phase != "order" or copy.current_player in (None, CHANCE):
            break
        action, value = _order_choice(copy, copy.legal_actions())
        if action is None:
            break
        total += value
        copy.apply_unchecked(action)
    return total


def _command(state: BattleLoreState, acts: list[BattleLoreAction]) -> BattleLoreAction:
    plays = [a for a in acts if isinstance(a, Play)]
    if not plays:
        return acts[0]
    return max(plays, key=lambda a: card_value(state, a.card))


def _order(state: BattleLoreState, acts: list[BattleLoreAction]) -> BattleLoreAction:
    action, _ = _order_choice(state, acts)
    return action or Done()


def _move(state: BattleLoreState, acts: list[BattleLoreAction]) -> BattleLoreAction:
    """The move into reach of an enemy from which the unit may still battle (BL-3.2), else the
    one that closes the most hexes."""
    field = state.field
    best: BattleLoreAction = Done()
    best_key: tuple[int, int, int] = (0, 0, 0)
    for action in acts:
        if not isinstance(action, Move):
            continue
        unit = field.unit_at(hex_of(action.start))
        end = hex_of(action.end)
        if unit is None:
            continue
        now = _gap(field, unit)
        if now == 0:
            continue  # its weapon already reaches an enemy: it stays to battle
        hexes = unit.moved + DISTANCES[unit.hex][end]
        battles = hexes <= unit.type.move_battle
        after = _gap(field, unit, end)
        key = (int(after == 0 and battles), now - after, -nearest(field, unit, end))
        if key[1] > 0 and key > best_key:
            best, best_key = action, key
    return best


def _battle(state: BattleLoreState, acts: list[BattleLoreAction]) -> BattleLoreAction:
    """The declared battle (or bonus attack) with the best odds; else what ends the step."""
    field = state.field
    attacks = Attacks(field, DEFAULT.damage)
    best: BattleLoreAction | None = None
    best_value = -1.0
    for action in acts:
        if not isinstance(action, Battle):
            continue
        attacker = field.unit_at(hex_of(action.attacker))
        target = field.unit_at(hex_of(action.target))
        if attacker is None or target is None:
            continue
        kinds = dict(targets(field, attacker))
        value = attacks.value(attacker, target, kinds.get(target.uid, "melee"))
        if value > best_value:
            best, best_value = action, value
    if best is not None:
        return best
    return next((a for a in acts if isinstance(a, Done | Pass)), acts[0])


def _first_of(
    kind: type[BattleLoreAction],
) -> Callable[[BattleLoreState, list[BattleLoreAction]], BattleLoreAction]:
    def choose(state: BattleLoreState, acts: list[BattleLoreAction]) -> BattleLoreAction:
        return next((a for a in acts if isinstance(a, kind)), acts[0])

    return choose


def _most(state: BattleLoreState, acts: list[BattleLoreAction]) -> BattleLoreAction:
    """The largest number offered (`ignore N` flags, `store N` Lore)."""
    return max(acts, key=lambda a: a.flags if isinstance(a, Ignore) else _stored(a))


def _stored(action: BattleLoreAction) -> int:
    return action.lore if isinstance(action, Store) else -1


def _last_pass(state: BattleLoreState, acts: list[BattleLoreAction]) -> BattleLoreAction:
    return next((a for a in acts if isinstance(a, Pass)), acts[-1])


def _refill(state: BattleLoreState, acts: list[BattleLoreAction]) -> BattleLoreAction:
    return next((a for a in acts if a == Refill(REFILL)), acts[0])


def _first(state: BattleLoreState, acts: list[BattleLoreAction]) -> BattleLoreAction:
    return acts[0]


RULES: dict[str, Callable[[BattleLoreState, list[BattleLoreAction]], BattleLoreAction]] = {
    "command": _command,
    "order": _order,
    "move": _move,
    "battle": _battle,
    "bonus": _battle,
    "flags": _most,
    "store": _most,
    "battle-back": _first_of(BattleBack),
    "take-ground": _first_of(TakeGround),
    "pursue": _first_of(Pursue),
    "spider": _first_of(Ability),
    "react": _last_pass,
    "refill": _refill,
}


class RushAgent:
    """Advance and attack (the module docstring): a scripted BattleLore opponent."""

    name = "rush"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # no choice is random: kept for the agents' common signature

    def choose(self, state: Any) -> BattleLoreAction:
        if not isinstance(state, BattleLoreState):
            raise BitvaError(f"rush plays BattleLore only, not {state.game.title}")
        seat = state.current_player
        if seat is None or seat == CHANCE:
            raise BitvaError("rush is asked only at a seat's decision")
        acts = state.legal_actions()
        if not acts:
            raise BitvaError("no legal action to choose from")
        if len(acts) == 1:
            return acts[0]
        return RULES.get(state.phase, _first)(state, acts)


def make_rush(seed: int = 0) -> RushAgent:
    return RushAgent(seed)
