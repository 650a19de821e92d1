"""A first position evaluation for greedy and ISMCTS: objectives done, health, the distance to
the nearest open objective, pressure from defenders and the order cards left (SE-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.games.sniper_elite.model import OFF

if TYPE_CHECKING:
    from bitva.games.sniper_elite.state import SniperEliteState


def evaluate(state: SniperEliteState) -> float:
    """Roughly in [-1, 1], higher is better for the sniper."""
    outcome = state.outcome
    if outcome is not None:
        return outcome.value(1)
    geo, core = state.geo, state.core
    done = sum(1 for _, c in state.held if c)
    health = len(core.health) + (0 if core.wounded else 6)
    value = 0.4 * done + 0.03 * health - 0.2
    if core.sniper != OFF:
        targets = [geo.objective_at[int(n)] for n, c in state.held if not c]
        if targets:
            value -= 0.02 * min(geo.dist[core.sniper][t] for t in targets)
        near = [geo.dist[s][core.sniper] for _, s in core.on_board()]
        if near and min(near) <= 1:
            value -= 0.05
    value += 0.01 * len(state.deck)
    return max(-0.95, min(0.95, value))
