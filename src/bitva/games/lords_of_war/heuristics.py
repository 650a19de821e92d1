"""How good a position looks (for `greedy` and for search): a score in [-1, 1] for a seat.

The score adds, for each side, the value of what it has eliminated (LW-7.6) by rank: every unit
counts towards the unit threshold, a command unit (LW-1.5) also towards the command threshold
(LW-3.3), with a bonus that grows as a side nears a threshold. To that it adds the *threats*: the
enemy units that the side placing next could eliminate with one placement (LW-6.2, LW-7.4) and its
ready ranged units (LW-7.2), given the cards of its hand. `tanh` maps the sum to (-1, 1); a finished
game scores exactly +-1.

Everything read here is either public (board, piles, hand sizes) or the hand of the side being
scored. Search agents call it on determinized states (`State.determinize`), where the opponent's
hand is a sample consistent with what the searching seat knows; the real hidden cards are never
read. The weights were chosen by measurement: docs/ai.md has the experiments and their numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bitva.games.lords_of_war.victory import eliminated_counts

if TYPE_CHECKING:
    from bitva.games.lords_of_war.state import LordsOfWarState


@dataclass(frozen=True)
class Weights:
    """The terms of `evaluate`, in "threshold" units: 1.0 is a whole victory threshold."""

    units: float = 1.0  # per unit eliminated, times 1/units_to_win
    commands: float = 1.0  # per command unit eliminated, times 1/commands_to_win
    near: float = 1.0  # times the square of the nearer threshold's progress
    threat_next: float = 0.5  # kills the side placing next can make (its best kill)
    threat_later: float = 0.2  # kills the other side could make a turn later
    extra_kills: float = 0.25  # share of the further kills on top of the best one
    board: float = 0.0  # per unit on the board, times 1/units_to_win
    scale: float = 1.0  # the sum is divided by this before tanh
    opponent_cards: str = "hand"  # "hand" or "pool" (hand and deck: what the seat cannot tell)


WEIGHTS = Weights()


def progress(state: LordsOfWarState, seat: int) -> float:
    """How far `seat` is towards winning, 0..1: the nearer of its two thresholds."""
    options = state.static.options
    units, commands = eliminated_counts(state, seat)
    return max(units / options.units_to_win, commands / options.commands_to_win)


def next_to_place(state: LordsOfWarState) -> int:
    """The seat whose placement comes next (LW-5.1, LW-8.4)."""
    if state.phase in ("deploy", "challenge"):
        return state.active
    return state.active if state.owed[state.active] else 3 - state.active


def kill_values(state: LordsOfWarState, attacker: int, cards: list[int]) -> list[float]:
    """Material value (in thresholds) of each enemy unit that `attacker` could eliminate in its
    next turn: by placing one of `cards` (card ids) on an empty square next to it with an arrow
    pointing at it (the contact rule makes that placement legal, LW-6.2), plus the shots of its
    ready ranged units (LW-7.2, not engaged), on top of the damage the unit already receives
    (LW-7.1). Highest value first."""
    return _kills(state, attacker, cards, _incoming(state))


def _incoming(state: LordsOfWarState) -> dict[int, int]:
    """The damage every unit receives from enemy arrows as the board stands (LW-7.1)."""
    board = state.board
    arrows = state.static.arrows
    incoming: dict[int, int] = {}
    get = board.get
    for square, u in board.items():
        owner = u >> 8
        for delta, value in arrows[u]:
            other = get(square + delta)
            if other is not None and other >> 8 != owner:
                incoming[other] = incoming.get(other, 0) + value
    return incoming


def _kills(
    state: LordsOfWarState, attacker: int, cards: list[int], incoming: dict[int, int]
) -> list[float]:
    static = state.static
    board = state.board
    arrows = static.arrows
    card = static.card
    options = static.options
    unit_value = 1.0 / options.units_to_win
    command_value = 1.0 / options.commands_to_win
    # best arrow of a card in hand, per board delta from the placed card to its target
    best: dict[int, int] = {}
    base = attacker << 8
    for card_id in cards:
        for delta, value in arrows[base | card_id]:
            if value > best.get(delta, 0):
                best[delta] = value
    strongest = max(best.values(), default=0)
    defender = 3 - attacker
    shots: dict[int, int] = {}
    for square, u in board.items():
        if u >> 8 != attacker:
            continue
        c = card[u]
        if c is None or not c.is_ranged or u in incoming:
            continue  # LW-7.3: an engaged ranged unit cannot shoot
        for target in static.grid(u, square):
            other = board.get(target)
            if other is not None and other >> 8 == defender:
                shots[other] = shots.get(other, 0) + c.ranged
    free = static.mat.on_mat & ~(state.occ[1] | state.occ[2])
    neighbours = static.mat.neighbour_deltas
    out: list[float] = []
    for square, u in board.items():
        if u >> 8 != defender:
            continue
        c = card[u]
        assert c is not None
        margin = c.defence - incoming.get(u, 0) - shots.get(u, 0)
        if margin >= strongest:
            continue  # no card of the hand can tip it over
        if margin >= 0:
            add = 0
            for delta in neighbours:
                spot = square + delta
                if spot >= 0 and free >> spot & 1:
                    value = best.get(-delta, 0)
                    if value > add:
                        add = value
            if add <= margin:
                continue
        out.append(unit_value + command_value if c.is_command else unit_value)
    out.sort(reverse=True)
    return out


def _threat(values: list[float], extra: float) -> float:
    if not values:
        return 0.0
    return values[0] + extra * sum(values[1:])


def _material(state: LordsOfWarState, seat: int, w: Weights) -> float:
    options = state.static.options
    units, commands = eliminated_counts(state, seat)
    a, b = units / options.units_to_win, commands / options.commands_to_win
    nearest = max(a, b)
    return w.units * a + w.commands * b + w.near * nearest * nearest


def _cards(state: LordsOfWarState, seat: int, scored: int, w: Weights) -> list[int]:
    if seat == scored or w.opponent_cards == "hand":
        return state.hand[seat]
    return state.hand[seat] + state.deck[seat]


def score(state: LordsOfWarState, seat: int, w: Weights = WEIGHTS) -> float:
    """The unbounded sum behind `evaluate` (positive: good for `seat`)."""
    opponent = 3 - seat
    total = _material(state, seat, w) - _material(state, opponent, w)
    if w.threat_next or w.threat_later:
        mover = next_to_place(state)
        other = 3 - mover
        incoming = _incoming(state)
        now = _threat(_kills(state, mover, _cards(state, mover, seat, w), incoming), w.extra_kills)
        later = _threat(
            _kills(state, other, _cards(state, other, seat, w), incoming), w.extra_kills
        )
        sign = 1.0 if mover == seat else -1.0
        total += sign * (w.threat_next * now - w.threat_later * later)
    if w.board:
        mine = state.occ[seat].bit_count()
        theirs = state.occ[opponent].bit_count()
        total += w.board * (mine - theirs) / state.static.options.units_to_win
    return total


def evaluate(state: LordsOfWarState, seat: int, w: Weights = WEIGHTS) -> float:
    """A score in [-1, 1] for `seat`: +-1 (0 for a draw) for a finished game, else
    `tanh(score / scale)`, strictly inside (-1, 1) (a sure win still beats any position)."""
    outcome = state.outcome
    if outcome is not None:
        return outcome.value(seat)
    return max(-0.9999, min(0.9999, math.tanh(score(state, seat, w) / w.scale)))
