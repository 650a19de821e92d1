"""The analysis of issue 12: what the sniper can do from a position as it stands (before any
shot or move this turn): his moves with the fewest steps (SE-2.5, SE-2.7, SE-6.2) and every
defender in line of sight with its range and the exact chance to hit for each number of tokens
drawn (SE-2.8, SE-2.9, SE-6.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bitva.games.sniper_elite.model import DEFENDER_IDS, OFF
from bitva.games.sniper_elite.sniper_turn import hit_chance

if TYPE_CHECKING:
    from bitva.games.sniper_elite.state import SniperEliteState


def options_analysis(state: SniperEliteState, seat: int | None) -> dict[str, Any]:
    geo, core = state.geo, state.core
    name = geo.name_of
    moves = {name(s): min(counts) for s, counts in sorted(state.moves().items())}
    shots = []
    if core.sniper != OFF:
        size = sum(core.bag.values())
        for defender in DEFENDER_IDS:
            if defender not in state.targets():
                continue
            space = core.defenders[defender]
            assert space is not None
            reach = state.shot_reach(defender)
            odds = {
                str(k): float(hit_chance(core.bag, k, reach, state.rules))
                for k in range(1, size + 1)
            }
            shots.append({"target": defender, "space": name(space), "range": reach, "hit": odds})
    return {
        "sniper": state.entry if core.sniper == OFF else name(core.sniper),
        "lka": core.lka,
        "probable": sorted(core.probable),
        "moves": moves,
        "shots": shots,
    }
