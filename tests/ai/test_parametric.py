"""Agents in a game whose actions are checked, not listed (the test game Long Jump, with its wind
die, LJ-5): random and greedy choose among the game's `candidate_actions`; the tree searches
(`mcts`, `ismcts`, the levels built on them) search it by progressive widening
(`bitva.ai.widening`, issue 22): a tree keyed by action text whose nodes draw more candidates as
they are visited more, chance sampled and keyed by the outcome's text."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar, Self

import pytest

from bitva.ai import AGENTS, check_plays, make_agent, plays
from bitva.ai.budget import Budget
from bitva.ai.levels import ISMCTS, MCTS
from bitva.ai.search import SearchAgent, SearchConfig, run_search
from bitva.ai.values import evaluator
from bitva.ai.widening import Widening, WideNode, widen_limit
from bitva.core import BitvaError, Game, Rng, Traits, get_game
from tests.games.long_jump import WINDS, Jump, LongJump, LongJumpState

JUMP = get_game("long-jump")
DICE = get_game("dice-cards")


def play_out(state: Any, players: dict[int, Any]) -> Any:
    """Play to the end, every seat's action checked legal before it is applied; the wind die
    (LJ-5) is rolled from the state's RNG, as a Match rolls it."""
    while state.current_player is not None:
        if state.is_chance:
            state.resolve_chance()
            continue
        action = players[state.current_player].choose(state)
        assert state.check(action) is None, action  # LJ-2, LJ-3: only legal jumps
        state.apply(action)
    assert state.outcome is not None and state.outcome.rule == "LJ-4"
    return state.outcome


@pytest.mark.parametrize("agent", ["random", "greedy", "easy"])
def test_an_agent_plays_a_parametric_game_legally_to_the_end(agent: str) -> None:
    for seed in range(3):
        state = JUMP.new({"track": 8}, seed)
        play_out(state, {1: make_agent(agent, seed), 2: make_agent("random", seed + 10)})


@pytest.mark.parametrize(
    ("agent", "seat"),
    [("mcts:evaluations=600", 1), ("ismcts:evaluations=600", 2), ("medium", 1), ("hard", 2)],
)
def test_issue22_the_searches_play_long_jump_legally_and_beat_random(agent: str, seat: int) -> None:
    """Progressive widening: every move legal, the game played to the end from either seat, and
    won against random (which wanders among the legal jumps)."""
    for seed in (1, 2):
        state = JUMP.new({"track": 5}, seed)
        players = {seat: make_agent(agent, seed), 3 - seat: make_agent("random", seed + 5)}
        assert play_out(state, players).winner == seat


def test_greedy_jumps_as_far_as_it_may() -> None:
    """One turn deep with the heuristic (the lead, after the wind by expectation): the longest
    legal jump is best."""
    state = JUMP.new({"track": 8}, 0)
    action = make_agent("greedy", 1).choose(state)
    assert str(action) == "jump 1.50"
    wins = 0
    for seed in range(6):
        game = JUMP.new({"track": 8}, seed)
        outcome = play_out(game, {1: make_agent("greedy", seed), 2: make_agent("random", seed)})
        wins += outcome.winner == 1
    assert wins == 6


def test_issue22_every_agent_plays_a_parametric_game() -> None:
    """No agent is refused Long Jump any more; a scripted opponent is still refused a game
    that does not offer it."""
    assert all(plays(name, JUMP) and plays(name, DICE) for name in AGENTS)
    for name in ("mcts", "ismcts:iterations=10", "medium", "hard"):
        check_plays(name, JUMP)
    with pytest.raises(BitvaError, match="rush is a scripted opponent of battlelore only"):
        check_plays("rush", JUMP)


def test_issue22_a_search_move_is_reproducible_and_reports_what_it_weighed() -> None:
    state = JUMP.new({"track": 8}, 2)
    first, second = make_agent("hard:evaluations=800", 7), make_agent("hard:evaluations=800", 7)
    assert first.choose(state) == second.choose(state)
    assert isinstance(first, SearchAgent)
    assert first.last.visits == second.last.visits and first.last.evaluations >= 800
    assert all(text.startswith("jump ") for text in first.last.visits)


def test_candidates_are_legal_reproducible_and_include_the_longest_jump() -> None:
    state = JUMP.new({}, 0)
    state.apply("jump 1.00")
    state.apply("wind 0.00")  # LJ-5: no push
    first = state.candidate_actions(Rng(4), 8)
    assert first == state.candidate_actions(Rng(4), 8)
    assert all(state.check(action) is None for action in first)
    assert str(first[-1]) == "jump 1.50" and len(first) <= 8


# -- the widening schedule -------------------------------------------------------------------


def test_issue22_widen_limit_grows_as_k_times_visits_to_the_alpha() -> None:
    k, alpha = SearchConfig().widen_k, SearchConfig().widen_alpha
    assert (k, alpha) == (2.0, 0.5)
    assert [widen_limit(n, k, alpha) for n in (0, 1, 2, 4, 9, 100, 3000)] == [
        1,
        2,
        3,
        4,
        6,
        20,
        110,
    ]
    assert widen_limit(100, 1.0, 0.25) == 4  # ceil(100 ** 0.25) = ceil(3.16)
    steps = [widen_limit(n + 1, k, alpha) - widen_limit(n, k, alpha) for n in range(1, 5000)]
    assert set(steps) == {0, 1}  # never more than one new child per visit


@pytest.mark.parametrize("expand", [False, True])
def test_issue22_the_root_has_as_many_children_as_its_visits_allow(expand: bool) -> None:
    """After N iterations the root has admitted widen_limit(N - 1) actions (one more whenever
    the schedule allows), each drawn from `candidate_actions` and legal, keyed by its text."""
    state = JUMP.new({"track": 8}, 0)
    for iterations in (1, 10, 40, 200):
        config = replace(
            MCTS, budget=Budget(iterations=iterations), expand_all=expand, exploration=2.0
        )
        result = run_search(state.clone(), 1, config, seed=3)
        assert result.iterations == iterations  # c = 2 keeps the visits spread: no early stop
        assert len(result.stats) == widen_limit(iterations - 1, 2.0, 0.5)
        for text in result.stats:
            assert state.check(state.parse_action(str(text))) is None


def test_issue22_a_widened_node_draws_new_candidates_only_and_stops_when_none_come() -> None:
    """Each batch adds only actions the node does not have (keyed by text), all legal; a batch
    that brings nothing new marks the node exhausted, and it admits nothing more."""
    state = JUMP.new({"track": 8}, 0)
    legal = {str(Jump(d)) for d in range(1, 151) if state.check(Jump(d)) is None}
    assert len(legal) == 101  # 0.50 to 1.50: clear of the other jumper, still at 0 (LJ-3)
    config = replace(MCTS, widen_k=40.0, candidates=64)
    search = Widening(state, config, Rng(2), evaluator(JUMP))
    root = WideNode(state.seats)
    while not root.exhausted:
        search.iterate(root, state.clone())
        root.n += 1
        assert root.n < 200  # one admitted a visit: about a hundred visits
    admitted = set(root.children)
    assert admitted <= legal and len(admitted) > 90
    assert [node.text for node in root.children.values()] == list(root.children)
    for _ in range(20):
        search.iterate(root, state.clone())
        root.n += 1
    assert set(root.children) == admitted


def test_issue22_chance_nodes_are_sampled_with_the_searchs_rng_and_keyed_by_outcome() -> None:
    """LJ-5: below a jump, the wind's children are the die's faces, drawn about 1/6 each (the
    search's own RNG; the state's is never read)."""
    state = JUMP.new({"track": 8}, 0)
    config = replace(MCTS, budget=Budget(iterations=600), expand_all=False, widen_k=0.5)
    search = Widening(state, config, Rng(9), evaluator(JUMP))
    root = WideNode(state.seats)
    for _ in range(600):
        base = state.clone()
        base.rng = Rng(0)  # the same state RNG every time: only the search's RNG varies
        search.iterate(root, base)
        root.n += 1
    child = max(root.children.values(), key=lambda node: node.n)
    assert child.chance is not None
    faces = {text: node.n for text, node in child.chance.items()}
    assert set(faces) == {str(wind) for wind, _ in WINDS}
    assert all(
        node.action == JUMP.new({}, 0).parse_action(text) for text, node in child.chance.items()
    )
    assert all(abs(n - child.n / 6) < 0.5 * child.n / 6 for n in faces.values()), faces


# -- hidden information: every child checked in its own determinization ---------------------


class FoggyState(LongJumpState):
    """Long Jump in fog: a seat knows the other jumper's place only to within 0.20, so each
    determinization moves the other jumper by up to 0.20 and the jumps clear of him (LJ-3) differ
    from one determinization to the next. `play` refuses an illegal jump: the search must never
    take a child that its own determinization forbids."""

    game: ClassVar[Game[Any, Any]]

    def determinize(self, seat: int, rng: Rng) -> Self:
        other = super().determinize(seat, rng)
        if not other.blowing and other.outcome is None:
            index = 2 - seat
            other.at[index] = max(0, other.at[index] + rng.below(41) - 20)
        return other

    def play(self, action: Any) -> Any:
        violation = self.check(action)
        assert violation is None, (str(action), violation)
        return super().play(action)


class FoggyJump(LongJump):
    name = "foggy-jump"
    title = "Foggy Jump"
    traits = Traits(
        seats=(2, 2),
        chance="explicit",
        information="imperfect",
        utility="zero-sum",
        actions="parametric",
    )

    def new(self, options: Any = None, seed: int = 0) -> FoggyState:
        return FoggyState(self.options(options), Rng(seed))


FOGGY = FoggyJump()
FoggyState.game = FOGGY


def test_issue22_ismcts_checks_each_child_in_each_determinization() -> None:
    """With hidden information each iteration is a fresh determinization: a jump admitted in one
    may foul in another, and is then passed over (never played), and the move chosen is legal
    in the real state."""
    state = FOGGY.new({"track": 8}, 0)
    state.apply("jump 1.20")
    state.apply("wind 0.00")
    agent = make_agent("ismcts:evaluations=1500", 4)
    action = agent.choose(state)
    assert state.check(action) is None
    checked = Widening(state, ISMCTS, Rng(1), evaluator(FOGGY))
    assert checked.recheck and not Widening(state, MCTS, Rng(1), evaluator(FOGGY)).recheck
    assert not Widening(JUMP.new({}, 0), ISMCTS, Rng(1), evaluator(JUMP)).recheck
