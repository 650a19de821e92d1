"""BattleLore's evaluation (`ai/heuristics.py`) and its agents at their BattleLore defaults
(`ai/settings.py`, docs/ai.md "BattleLore"): banners first, then damage and the attacks in
reach, zero-sum; greedy takes a kill it sees; a decision with one action costs nothing."""

from __future__ import annotations

import itertools
import math

import pytest

from bitva.ai import make_agent
from bitva.ai.budget import Budget
from bitva.ai.greedy import GreedyAgent
from bitva.ai.search import SearchAgent
from bitva.core.record import Match
from bitva.core.registry import get_game
from bitva.core.rng import Rng, derive_seed
from bitva.games.battlelore.ai import heuristics
from bitva.games.battlelore.ai.heuristics import Attacks, evaluate, lore_score, roll_value, score
from bitva.games.battlelore.ai.settings import (
    GREEDY_NODES,
    HARD_EVALUATIONS,
    MEDIUM_EVALUATIONS,
)
from bitva.games.battlelore.field.board import hex_of
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import scene

DAMAGE = heuristics.DEFAULT.damage


def _facing(*, ordered: tuple[str, ...] | None = None, **kwargs: object) -> BattleLoreState:
    """A South sword unit on F4 next to a North one on F5, at South's battle step."""
    return scene(
        ("h_bf_sword", "F4", 1),
        ("h_bf_sword", "F5", 2),
        ordered=ordered,
        **kwargs,  # type: ignore[arg-type]
    )


def test_bl_16_1_a_finished_game_is_worth_its_outcome() -> None:
    state = _facing()
    state.finish(1, None)
    assert evaluate(state, 1) == 1.0 and evaluate(state, 2) == -1.0


def test_the_evaluation_is_zero_sum_and_inside_the_bounds() -> None:
    state = _facing()
    state.banners = [2, 1]
    value = evaluate(state, 1)
    assert value == -evaluate(state, 2)
    assert -1.0 < value < 1.0


def test_bl_5_3_a_banner_counts_more_than_anything_else() -> None:
    state = _facing()
    before = score(state)
    state.banners = [1, 0]
    assert score(state) == pytest.approx(before + 1.0)
    assert evaluate(state, 1) > evaluate(_facing(), 1)


def test_bl_5_2_lost_figures_are_part_of_a_banner() -> None:
    whole = score(_facing(ordered=()))
    hurt = _facing(ordered=())
    enemy = hurt.field.unit_at(hex_of("F5"))
    assert enemy is not None
    enemy.figures -= 1  # one of its four figures
    assert score(hurt) > whole
    assert score(hurt) - whole < 1.0  # less than the banner it would be worth dead


def test_bl_5_1_roll_value_is_the_expected_banner_progress() -> None:
    # one die hitting on two faces eliminates a unit of one figure a third of the time
    assert roll_value(1, 2, 1, 4, DAMAGE) == pytest.approx(1 / 3)
    # two dice hitting on one face cannot eliminate three figures: expected hits x damage share
    assert roll_value(2, 1, 3, 3, DAMAGE) == pytest.approx(2 / 6 * DAMAGE / 3)
    # three dice on a unit of one figure: eliminated unless every die misses
    assert roll_value(3, 2, 1, 4, DAMAGE) == pytest.approx(1 - (2 / 3) ** 3)


def test_bl_4_1_an_ordered_unit_next_to_an_enemy_counts_its_attack() -> None:
    ordered = _facing()
    idle = _facing(ordered=())
    assert score(ordered) > score(idle)
    # the attack is South's to make: North's view of the same position is the negation
    assert evaluate(ordered, 2) < evaluate(idle, 2)


def test_bl_4_7_a_forest_caps_the_attack_and_lowers_its_value() -> None:
    open_ground = _facing()
    forest = _facing(terrain={"F5": "forest"})
    attacker, target = open_ground.unit_at("F4"), open_ground.unit_at("F5")
    plain_value = Attacks(open_ground.field, DAMAGE).value(attacker, target, "melee")
    capped_value = Attacks(forest.field, DAMAGE).value(
        forest.unit_at("F4"), forest.unit_at("F5"), "melee"
    )
    assert 0 < capped_value < plain_value


def test_bl_6_6_a_flag_costs_a_figure_where_the_target_cannot_retreat() -> None:
    # North retreats toward row 9: on row 9 it has nowhere to go (BL-6.5, BL-6.6)
    cornered = scene(("h_bf_sword", "F8", 1), ("h_bf_sword", "F9", 2))
    free = scene(("h_bf_sword", "F6", 1), ("h_bf_sword", "F7", 2))
    stuck = Attacks(cornered.field, DAMAGE).value(
        cornered.unit_at("F8"), cornered.unit_at("F9"), "melee"
    )
    loose = Attacks(free.field, DAMAGE).value(free.unit_at("F6"), free.unit_at("F7"), "melee")
    assert stuck > loose


def test_bl_12_lore_tokens_and_cards_count_in_a_lore_adventure() -> None:
    poor = _facing(lore=True, goblets=(0, 0))
    rich = _facing(lore=True, goblets=(3, 0))
    assert score(rich) > score(poor)
    rich.lore_hands[1] = ["WZ01"]
    assert score(rich) > score(_facing(lore=True, goblets=(3, 0)))


def _lore_of(goblet: int, hand: list[str]) -> float:
    """South's Lore term with `goblet` tokens and `hand` in hand (North has nothing)."""
    state = _facing(lore=True, goblets=(goblet, 0), pool=60)
    state.lore_hands[1] = list(hand)
    return lore_score(state)


def test_bl_12_1_tokens_beyond_what_a_hand_can_spend_are_worth_little() -> None:
    cap = heuristics.DEFAULT.token_cap
    values = [_lore_of(goblet, ["WZ01"]) for goblet in range(61)]  # up to the supply (D-33)
    assert all(a < b for a, b in itertools.pairwise(values))  # more is never worse
    below = (values[cap] - values[0]) / cap
    beyond = (values[60] - values[cap]) / (60 - cap)
    assert beyond < below / 5
    unbounded_before = 0.03 * 60 + 0.08  # the old linear terms: 1.88 banners
    assert values[60] < unbounded_before / 3


def test_bl_13_5_casting_from_a_rich_goblet_costs_little_more_than_the_card() -> None:
    weights = heuristics.DEFAULT
    before, after = _lore_of(40, ["WZ01"]), _lore_of(38, [])  # Fire Bolt costs 2
    assert before - after == pytest.approx(weights.lore_card + 2 * weights.token_spare)
    poor_before, poor_after = _lore_of(2, ["WZ01"]), _lore_of(0, [])
    assert poor_before - poor_after == pytest.approx(weights.lore_card + 2 * weights.token)


def test_bl_15_2_a_rich_side_values_a_card_above_two_more_tokens() -> None:
    # the refill: (a) or (b) a card, (c) two tokens; a rich side has no use for more tokens
    rich = _lore_of(20, ["WZ01"])
    assert _lore_of(20, ["WZ01", "WZ01"]) - rich > 5 * (_lore_of(22, ["WZ01"]) - rich)


def _fire_bolt_in_reach() -> BattleLoreState:
    """A02-like position (Lore, a level-2 Wizard): North's last figure on F7 is 3 hexes from
    South's only unit, too far to reach and attack this turn, within Fire Bolt's 4 hexes
    (2 per level, D-38) and 3 dice (1 per level +1)."""
    state = scene(
        ("h_rf_sword", "F4", 1),
        ("h_bf_sword", "F7", 2, 1),
        ("h_bf_sword", "A9", 2),
        lore=True,
        phase="command",
        ordered=(),
        orders=None,
        hands=(["PATROL_C"], []),
        goblets=(30, 0),
    )
    state.councils = [{"wizard": 2}, {}]
    state.lore_hands = {1: ["WZ01"], 2: []}
    return state


def test_bl_13_9_greedy_casts_a_fire_bolt_that_may_eliminate_a_unit_out_of_reach() -> None:
    state = _fire_bolt_in_reach()
    assert {str(a) for a in state.legal_actions()} == {"play PATROL_C", "lore WZ01 F7"}
    for seed in range(3):
        assert str(make_agent("greedy", seed).choose(state)) == "lore WZ01 F7"


def test_greedy_attacks_the_unit_it_can_eliminate() -> None:
    state = scene(
        ("h_bf_sword", "F4", 1),
        ("h_bf_sword", "F5", 2, 1),  # one figure left
        ("h_bf_sword", "G5", 2),
    )
    texts = {str(a) for a in state.legal_actions()}
    assert {"battle F4 F5", "battle F4 G5"} <= texts
    for seed in range(3):
        assert str(make_agent("greedy", seed).choose(state)) == "battle F4 F5"


def _single_action_state() -> BattleLoreState:
    """A decision of A01 with one legal action, reached by seeded random play."""
    rng = Rng(7)
    for index in range(20):
        match = Match("battlelore", {"adventure": "A01"}, derive_seed(0, "game", index))
        state = match.state
        for _ in range(3000):
            if state.current_player is None:
                break
            if len(state.legal_codes()) == 1:
                assert isinstance(state, BattleLoreState)
                return state
            match.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no decision with a single action found")


@pytest.mark.parametrize("agent", ["greedy", "easy", "medium", "hard"])
def test_a_decision_with_one_action_is_not_searched(
    agent: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _single_action_state()

    def no_evaluation(*args: object) -> float:
        raise AssertionError("a single action was searched")

    monkeypatch.setattr(heuristics, "evaluate", no_evaluation)
    only = state.decode_action(state.legal_codes()[0])
    assert make_agent(agent, 1).choose(state) == only


def test_the_evaluation_stays_finite_over_a_random_game() -> None:
    match = Match("battlelore", {"adventure": "A02"}, derive_seed(0, "game", 1))
    state = match.state
    assert isinstance(state, BattleLoreState)
    rng = Rng(3)
    for _ in range(400):
        if state.current_player is None:
            break
        value = evaluate(state, 1)
        assert math.isfinite(value) and value == -evaluate(state, 2)
        match.apply(rng.choice(state.legal_actions()))


def test_battlelore_gives_its_agents_short_budgets() -> None:
    game = get_game("battlelore")
    greedy, easy = make_agent("greedy"), make_agent("easy")
    assert isinstance(greedy, GreedyAgent) and isinstance(easy, GreedyAgent)
    assert greedy.nodes_for(game) == easy.nodes_for(game) == GREEDY_NODES
    for name, evaluations in (("hard", HARD_EVALUATIONS), ("medium", MEDIUM_EVALUATIONS)):
        agent = make_agent(name)
        assert isinstance(agent, SearchAgent)
        assert agent.config_for(game).budget == Budget(None, None, evaluations)
    assert MEDIUM_EVALUATIONS < HARD_EVALUATIONS
    named = make_agent("hard:evaluations=2000")  # the player's own budget wins
    assert isinstance(named, SearchAgent)
    assert named.config_for(game).budget == Budget(None, None, 2000)
