"""Playing whole games between agents, reproducibly: game `index` of a run with master seed
`seed` always uses the same game seed and agent seeds, whatever process plays it."""

from __future__ import annotations

from typing import Any

from bitva.ai import make_agent
from bitva.core.record import GameRecord, Match
from bitva.core.rng import derive_seed


def play_game(
    game: str, options: dict[str, Any], seed: int, index: int, agents: dict[int, str]
) -> GameRecord:
    """Play one whole game and return its record."""
    game_seed = derive_seed(seed, "game", index)
    match = Match(game, options, game_seed)
    players = {
        seat: make_agent(name, derive_seed(seed, "agent", index, seat))
        for seat, name in agents.items()
    }
    match.record.players = {str(seat): name for seat, name in agents.items()}
    state = match.state
    while state.current_player is not None:
        match.apply(players[state.current_player].choose(state))
    return match.record
