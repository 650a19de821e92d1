"""The sniper's position evaluation for greedy and ISMCTS (docs/sniper-elite.md, "Difficulty").

The sniper wins by completing his second objective (SE-9.1) and loses to a second wound or an
empty order deck (SE-9.2), so the value counts, from his side:

- progress: objectives completed, and the path still to walk through the open ones (in the best
  order, from the entry's target space while he is off the board, SE-2.10);
- time: the turns left before the order deck runs dry (SE-7.1, one card a defenders' turn;
  the first completion shuffles the discard back, SE-6.7(4)) against the turns the walk needs
  (three steps a turn, SE-6.2): a walk that cannot finish in time is near a loss;
- health: the hits he can still take (the stack, and while unwounded the wound's rebuild of up
  to 3 tokens, SE-5.3);
- danger at the next defenders' turn: defenders that would find him by search (his or an
  adjacent space, SE-8.5) or recon (LOS at range 2 or less, SE-8.6), defenders close by path,
  and standing in the LKA (searches and moves aim at it, SE-8.13);
- the bag: the share of accuracy tokens (SE-6.5: shots hit on A and misfire on N and R).

The searches see the defenders' turn themselves; greedy stops where the sniper's turn ends, so
the danger terms are what keeps it off the defenders' paths. The weights were set by the
measurements in docs/sniper-elite.md ("Difficulty").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bitva.games.sniper_elite.model import OFF

if TYPE_CHECKING:
    from bitva.games.sniper_elite.board import Geometry
    from bitva.games.sniper_elite.state import SniperEliteState

STEPS_PER_TURN = 3  # SE-6.2: a move has allowance 3
CLIP = 0.95  # a position that is not finished never scores like a win or a loss


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights (each per unit of its term)."""

    objective: float = 0.35  # each completed objective
    walk: float = 0.03  # each step still to walk through the open objectives
    late: float = 0.15  # each turn the walk needs beyond the turns the deck leaves
    spare_turns: float = 0.02  # each turn to spare (at most SPARE_CAP of them count)
    health: float = 0.03  # each hit he can still take
    finder: float = 0.02  # each defender that would find him by search or recon
    close: float = 0.005  # each defender within 3 steps of him
    in_lka: float = 0.02  # he stands in the LKA
    accuracy: float = 0.1  # the share of A tokens in the bag


WEIGHTS = Weights()
SPARE_CAP = 4
RECON_REACH = 2  # SE-8.6


def remaining_walk(geo: Geometry, start: int, targets: list[int]) -> int:
    """The fewest steps from `start` through every space of `targets` (at most two), in the
    better order."""
    if not targets:
        return 0
    if len(targets) == 1:
        return geo.dist[start][targets[0]]
    first, second = targets[0], targets[1]
    between = geo.dist[first][second]
    return min(geo.dist[start][first], geo.dist[start][second]) + between


def evaluate(state: SniperEliteState, weights: Weights = WEIGHTS) -> float:
    """Higher is better for the sniper: exactly the outcome's value once the game is over,
    else inside (-CLIP, CLIP)."""
    outcome = state.outcome
    if outcome is not None:
        return outcome.value(1)
    geo, core = state.geo, state.core
    done = sum(1 for _, completed in state.held if completed)
    value = weights.objective * done - 0.3
    # while off the board he stands one step before the entry's target space (SE-2.10)
    where, extra = core.sniper, 0
    if where == OFF:
        if state.entry is None:  # set-up: nothing placed yet
            return value
        where, extra = geo.entries[state.entry][1], 1
    open_spaces = [geo.objective_at[int(n)] for n, completed in state.held if not completed]
    walk = remaining_walk(geo, where, open_spaces) + extra
    value -= weights.walk * walk
    # the deck gives one defenders' turn per card; the first completion refills it, so before
    # it only the first leg races the deck
    leg = walk
    if done == 0 and len(open_spaces) == 2:
        leg = min(geo.dist[where][s] for s in open_spaces) + extra
    turns_left = len(state.deck) + 1
    turns_needed = -(-leg // STEPS_PER_TURN)
    spare = turns_left - turns_needed
    value += weights.spare_turns * min(spare, SPARE_CAP) if spare >= 0 else weights.late * spare
    value += weights.health * (len(core.health) + (0 if core.wounded else 4))
    if core.sniper != OFF:
        value -= danger(weights, state, where)
    bag_size = sum(core.bag.values())
    if bag_size:
        value += weights.accuracy * core.bag.get("A", 0) / bag_size
    return max(-CLIP, min(CLIP, value))


def danger(weights: Weights, state: SniperEliteState, where: int) -> float:
    """The defenders' threat at their next turn (SE-8.5, SE-8.6, SE-8.13)."""
    geo, core = state.geo, state.core
    searchers, watchers = finders(geo, where)
    smoked = state.smoke == where
    threat = 0.0
    for _, space in core.on_board():
        if space in searchers or (space in watchers and not smoked):
            threat += weights.finder
        elif geo.dist[space][where] <= STEPS_PER_TURN:
            threat += weights.close
    if geo.areas[where] == core.lka:
        threat += weights.in_lka
    return threat


_FINDERS: dict[tuple[str, int], tuple[frozenset[int], frozenset[int]]] = {}


def finders(geo: Geometry, where: int) -> tuple[frozenset[int], frozenset[int]]:
    """The spaces from which a defender finds a sniper on `where`: by search (his own or an
    adjacent space, SE-8.5) and by recon (LOS at range 2 or less, SE-8.6), kept per map."""
    key = (geo.id, where)
    known = _FINDERS.get(key)
    if known is None:
        row, col = divmod(where, geo.width)
        near = [
            r * geo.width + c
            for r in range(max(0, row - RECON_REACH), min(geo.height, row + RECON_REACH + 1))
            for c in range(max(0, col - RECON_REACH), min(geo.width, col + RECON_REACH + 1))
        ]
        searchers = frozenset([where, *geo.neighbours(where)])
        watchers = frozenset(
            s
            for s in near
            if geo.standable(s) and geo.recon_range(s, where) <= RECON_REACH and geo.los(s, where)
        )
        known = _FINDERS[key] = (searchers, watchers)
    return known
