"""`rush`, BattleLore's scripted opponent (issue 21, point 3; `games/battlelore/ai/rush.py`):
it closes in (BL-3), attacks at the best odds (BL-4), plays the Command card that orders the
most units able to act (BL-2.1), and is offered by name through the games' scripts hook
(`Game.scripts`) for BattleLore only."""

from __future__ import annotations

import pytest

from bitva.ai import check_plays, make_agent, plays
from bitva.ai.agents import known_agents, parse_agent
from bitva.core.errors import BitvaError
from bitva.core.record import Match
from bitva.core.registry import get_game
from bitva.core.rng import derive_seed
from bitva.games.battlelore.ai.heuristics import DISTANCES
from bitva.games.battlelore.ai.rush import RushAgent, card_value
from bitva.games.battlelore.field.board import hex_of
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import scene


def test_rush_is_offered_for_battlelore_only() -> None:
    assert parse_agent("rush") == ("rush", {})
    assert "rush" in known_agents()
    assert plays("rush", get_game("battlelore"))
    assert not plays("rush", get_game("lords-of-war"))
    with pytest.raises(BitvaError, match="scripted opponent of battlelore only"):
        check_plays("rush", get_game("lords-of-war"))
    with pytest.raises(BitvaError, match="takes no parameters"):
        parse_agent("rush:nodes=3")
    with pytest.raises(BitvaError, match="unknown agent"):
        parse_agent("rushh")


def test_bl_4_4_rush_attacks_at_the_best_odds() -> None:
    state = scene(
        ("h_bf_sword", "F4", 1),
        ("h_bf_sword", "F5", 2),  # four figures
        ("h_bf_sword", "G5", 2, 1),  # one figure: the roll may eliminate it
    )
    assert str(make_agent("rush").choose(state)) == "battle F4 G5"


def test_bl_3_2_rush_closes_in_to_a_hex_from_which_it_may_battle() -> None:
    state = scene(("h_bf_sword", "F3", 1), ("h_bf_sword", "F5", 2), phase="move")
    action = RushAgent().choose(state)
    assert action.verb == "move"
    state.apply_unchecked(action)
    unit = state.field.alive(1)[0]
    assert DISTANCES[unit.hex][hex_of("F5")] == 1
    assert unit.moved <= unit.type.move_battle  # it may still battle (BL-3.2)


def test_bl_3_rush_goes_as_far_as_it_can_toward_a_distant_enemy() -> None:
    state = scene(("h_bf_sword", "F1", 1), ("h_bf_sword", "F8", 2), phase="move")
    action = RushAgent().choose(state)
    assert DISTANCES[hex_of(action.args[1])][hex_of("F8")] == 5  # two hexes nearer


def test_bl_3_rush_stays_where_its_weapon_already_reaches() -> None:
    state = scene(("h_bf_sword", "F4", 1), ("h_bf_sword", "F5", 2), phase="move")
    assert str(RushAgent().choose(state)) == "done"


def test_bl_2_1_rush_plays_the_card_that_orders_units_able_to_act() -> None:
    state = scene(
        ("h_bf_sword", "B4", 1),  # left section, next to an enemy
        ("h_bf_sword", "B5", 2),
        ("h_bf_sword", "L9", 2),
        phase="command",
        ordered=(),
        orders=None,
        hands=(["PATROL_L", "PATROL_R"], []),
    )
    assert card_value(state, "PATROL_L") > card_value(state, "PATROL_R")
    assert str(RushAgent().choose(state)) == "play PATROL_L"


@pytest.mark.parametrize("adventure", ["A01", "A02"])
def test_rush_plays_a_whole_game_and_attacks_every_turn(adventure: str) -> None:
    match = Match("battlelore", {"adventure": adventure}, derive_seed(0, "game", 0))
    players = {1: make_agent("rush", 1), 2: make_agent("rush", 2)}
    state = match.state
    assert isinstance(state, BattleLoreState)
    turns: dict[int, set[str]] = {}
    for _ in range(5000):
        if state.current_player is None:
            break
        action = players[state.current_player].choose(state)
        if state.current_player == state.active:
            turns.setdefault(state.turn, set()).add(action.verb)
        match.apply(action)
    assert state.outcome is not None
    acting = sum(1 for verbs in turns.values() if verbs & {"move", "battle"})
    assert acting >= 0.8 * len(turns)
