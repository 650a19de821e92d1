"""Monte Carlo tree search over the core contract, for any game.

Two agents share one tree search:

- `mcts`: UCT (Kocsis and Szepesvári 2006) on a single determinization per move: the agent first
  replaces the real state by `state.determinize(seat, rng)`, then searches that game. Simple and
  fast, but it plans as if its guess of the hidden cards were true.
- `ismcts`: single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012). Every
  iteration starts from a *fresh* determinization, so the tree's statistics average over every
  hidden deal the seat cannot rule out; a child's exploration term counts the iterations in which
  it was available (legal) instead of its parent's visits.

Chance is part of the tree. At a chance node the iteration draws an outcome afresh with the
search's own RNG (`state.sample_chance_code(rng)`), never from the state's RNG, so no iteration
replays the future of another: the statistics average over the dice as over the hidden cards. The
chance node's children are keyed by outcome code and chosen by that draw, not by UCB.

Neither agent ever reads the real hidden state: the search only holds determinizations, which
depend on what the seat may see and on the agent's seed. Iterations walk the tree with the
integer fast path (`legal_codes` / `apply_code`) and end in a leaf evaluation: the game's
heuristic at once (`rollout_turns=0`), or random play for some turns (or to the end) first.
Values are vectors with one entry per seat (`bitva.ai.values`): each edge is scored for the seat
that took it, so any number of seats, solo games and general-sum returns need nothing special,
and the backup never flips a sign.

Three optional guides narrow the tree for games whose turn is a chain of small decisions: a
`horizon` of turns where it stops growing, a `width` of actions each node searches, and a `prior`
(greedy's look to the end of the turn) that picks the root's actions worth searching.

A game whose actions are checked, not listed (`traits.actions == "parametric"`) has no codes:
`run_search` hands it to progressive widening (`bitva.ai.widening`), a tree keyed by action text
whose nodes draw a few more of the game's `candidate_actions` as they are visited more. The
integer path here is untouched by it.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bitva.ai.budget import Budget
from bitva.ai.values import Evaluate, Heuristic, Values, evaluator, has_codes, require_decision
from bitva.core.chance import CHANCE
from bitva.core.errors import BitvaError
from bitva.core.game import Game
from bitva.core.rng import Rng, derive_seed
from bitva.core.state import State

# root action code (or, in a game with parametric actions, its text) -> (visits, total value for
# the mover)
Stats = dict[int | str, tuple[int, float]]


@dataclass(frozen=True)
class SearchConfig:
    """The knobs of one search. `rollout_turns`: 0 scores a new leaf with the heuristic at once,
    n > 0 plays n turns at random first, None plays at random to the end of the game."""

    budget: Budget = field(default_factory=Budget)
    exploration: float = 0.5
    each_iteration: bool = True  # ISMCTS: a fresh determinization every iteration
    rollout_turns: int | None = 0
    max_rollout_actions: int = 1000
    workers: int = 1  # root-parallel processes
    expand_all: bool = False  # score every child of a new node at once (a greedy look at leaves)
    # guides for turns of many small decisions (docs/ai.md, "Narrow and shallow"):
    horizon: int | None = None  # turns ahead of the root where the tree stops growing
    width: int | None = None  # a node searches only its `width` best actions (with expand_all)
    prior_nodes: int | None = None  # the root's actions ranked by greedy's look with these nodes
    # progressive widening, for games with parametric actions only (`bitva.ai.widening`): a
    # node visited N times has up to ceil(widen_k * N^widen_alpha) children, drawn from
    # `candidate_actions` in batches of `candidates`
    widen_k: float = 2.0
    widen_alpha: float = 0.5
    candidates: int = 16

    def with_budget(self, budget: Budget) -> SearchConfig:
        return replace(self, budget=budget)


class Node:
    """One edge of the tree and what lies below it: visits, the total value vector of the
    iterations through it (one entry per seat; the seat that took the edge reads its own),
    how often it was available (ISMCTS), the decisions below it by action code and, where a
    chance node follows, the outcomes below it by outcome code."""

    __slots__ = ("allowed", "avail", "chance", "children", "n", "w")

    def __init__(self, seats: int) -> None:
        self.children: dict[int, Node] = {}
        self.chance: dict[int, Node] | None = None
        self.allowed: frozenset[int] | None = None  # the actions searched here (`width`)
        self.n = 0
        self.w = [0.0] * seats
        self.avail = 1

    def outcome(self, code: int, seats: int) -> Node:
        """The child of a chance outcome (created when first drawn)."""
        if self.chance is None:
            self.chance = {}
        child = self.chance.get(code)
        if child is None:
            child = self.chance[code] = Node(seats)
        return child


@dataclass
class SearchResult:
    stats: Stats
    iterations: int
    seconds: float
    evaluations: int = 0


def run_search(
    base: State[Any],
    seat: int,
    config: SearchConfig,
    seed: int,
    heuristic: Heuristic | None = None,
) -> SearchResult:
    """Search from `base` (a determinization: never the real state) for `seat`, and return the
    statistics of the root's actions. With a count budget the result depends only on the
    arguments. A game without integer codes is searched by progressive widening
    (`bitva.ai.widening.search_actions`: the statistics are keyed by action text)."""
    if not has_codes(base):
        from bitva.ai.widening import search_actions

        return search_actions(base, seat, config, seed, heuristic)
    started = time.perf_counter()
    rng = Rng(seed)
    values = evaluator(base.game, heuristic)
    seats = base.seats
    root = Node(seats)
    budget = config.budget
    deadline = budget.deadline()
    limit = budget.iterations
    evaluations = budget.evaluations
    done = spent = 0
    stop = None if config.horizon is None else base.turn + config.horizon
    # the prior has its own budget (`prior_nodes`): its evaluations are reported, not spent
    ranked = 0
    if config.prior_nodes is not None and config.width is not None:
        ranked = _rank_root(root, base, seat, config, rng, values)
    while (limit is None or done < limit) and (evaluations is None or spent < evaluations):
        if deadline is not None and time.perf_counter() >= deadline:
            break
        if config.each_iteration:
            state = base.determinize(seat, rng)
        else:
            state = base.clone()
            # a fresh RNG each iteration: no future can repeat, even through a state's own RNG
            state.rng = Rng(rng.next_u64())
        spent += _iterate(root, state, seats, rng, config, values, stop)
        done += 1
        if deadline is None and done % 8 == 0:
            # each iteration visits one root action once and costs at least one evaluation
            remaining = min(
                limit - done if limit is not None else math.inf,
                evaluations - spent if evaluations is not None else math.inf,
            )
            if _decided(root, remaining):
                break
    index = seat - 1
    stats: Stats = {code: (child.n, child.w[index]) for code, child in root.children.items()}
    return SearchResult(stats, done, time.perf_counter() - started, spent + ranked)


def _decided(root: Node, remaining: float) -> bool:
    """Whether the most visited action can no longer be overtaken (the answer is the same as
    with the whole budget, so stopping keeps the search reproducible)."""
    first = second = 0
    for child in root.children.values():
        if child.n > first:
            first, second = child.n, first
        elif child.n > second:
            second = child.n
    return first - second > remaining


def _rank_root(
    root: Node, base: State[Any], seat: int, config: SearchConfig, rng: Rng, values: Evaluate
) -> int:
    """`prior_nodes`: greedy's look to the end of the turn ranks the root's actions, and only
    the `width` best are searched. Returns the evaluations it made."""
    from bitva.ai.greedy import GreedyAgent

    codes = base.legal_codes()
    assert config.width is not None and config.prior_nodes is not None
    if len(codes) <= config.width:
        return 0
    made = 0

    def counted(state: State[Any]) -> Values:
        nonlocal made
        made += 1
        return values(state)

    look = GreedyAgent(rng.next_u64())
    scores = look.action_values(base.clone(), seat, codes, config.prior_nodes, counted)
    ranked = sorted(range(len(codes)), key=lambda i: -scores[i])  # stable: ties in code order
    root.allowed = frozenset(codes[i] for i in ranked[: config.width])
    return made


def _iterate(
    root: Node,
    state: State[Any],
    seats: int,
    rng: Rng,
    config: SearchConfig,
    values: Evaluate,
    stop: int | None = None,
) -> int:
    """One iteration: select with UCB1 (availability counts) at decisions and by sampling at
    chance nodes, expand one untried action (or all, with `expand_all`), evaluate, back the
    value vector up. A decision at turn `stop` or later is a leaf (`horizon`). Returns the leaf
    evaluations made."""
    c = config.exploration
    log, sqrt = math.log, math.sqrt
    node = root
    path: list[Node] = []
    while True:
        mover = state.current_player
        if mover is None or (stop is not None and state.turn >= stop):
            break
        if mover == CHANCE:
            # chance is drawn afresh with the search's own RNG, never the state's
            code = state.sample_chance_code(rng)
            node = node.outcome(code, seats)
            state.apply_code(code)
            path.append(node)
            continue
        codes = state.legal_codes()
        if not codes:
            break
        if node.allowed is not None:
            # `width`: the node's best actions only (all of them if a determinization makes
            # none of those legal)
            codes = [code for code in codes if code in node.allowed] or codes
        index = mover - 1
        children = node.children
        untried: list[int] = []
        best: Node | None = None
        best_code = -1
        best_score = -math.inf
        for code in codes:
            child = children.get(code)
            if child is None:
                untried.append(code)
                continue
            child.avail += 1
            if untried:
                continue
            score = child.w[index] / child.n + c * sqrt(log(child.avail) / child.n)
            if score > best_score:
                best, best_code, best_score = child, code, score
        if untried and config.expand_all:
            value = _expand_all(state, node, codes, untried, index, rng, config, values, stop)
            _backup(path, value)
            return len(untried)
        if untried:
            code = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
            child = children[code] = Node(seats)
            state.apply_code(code)
            path.append(child)
            break
        assert best is not None
        state.apply_code(best_code)
        path.append(best)
        node = best
    _backup(path, _leaf_value(state, rng, config, values, stop))
    return 1


def _backup(path: list[Node], value: Values) -> None:
    """Add the value vector to every edge of the path: each seat's entry is read by that seat,
    so nothing changes sign (and chance edges need nothing special)."""
    for node in path:
        node.n += 1
        w = node.w
        for i, v in enumerate(value):
            w[i] += v


def _expand_all(
    state: State[Any],
    node: Node,
    codes: list[int],
    untried: list[int],
    index: int,
    rng: Rng,
    config: SearchConfig,
    values: Evaluate,
    stop: int | None = None,
) -> Values:
    """Add every untried action at once, each scored by its leaf value (one visit), and return
    the node's value vector: the mean of the action best for the seat to move (entry `index`).
    With `width`, a node met for the first time keeps only its `width` best actions."""
    children = node.children
    for code in untried:
        after = state.clone()
        after.apply_code(code)
        child = Node(0)
        child.n = 1
        child.w = list(_leaf_value(after, rng, config, values, stop))
        children[code] = child
    ranked = sorted(codes, key=lambda code: -children[code].w[index] / children[code].n)
    if config.width is not None and node.allowed is None and len(ranked) > config.width:
        node.allowed = frozenset(ranked[: config.width])
    best = children[ranked[0]]
    return tuple(total / best.n for total in best.w)


def _leaf_value(
    state: State[Any], rng: Rng, config: SearchConfig, values: Evaluate, last: int | None = None
) -> Values:
    """The value vector of a new leaf: the heuristic, after random play if configured. Chance
    still pending at the leaf is sampled first (with the search's RNG), so the heuristic scores
    a seat's decision, as in play; never into turn `last` (the horizon's)."""
    turns = config.rollout_turns
    if turns != 0 and state.current_player is not None:
        stop = None if turns is None else state.turn + turns
        steps = config.max_rollout_actions
        while state.current_player is not None and steps > 0:
            if stop is not None and state.turn >= stop:
                break
            if state.is_chance:
                state.apply_code(state.sample_chance_code(rng))
            else:
                codes = state.legal_codes()
                state.apply_code(codes[rng.below(len(codes))] if len(codes) > 1 else codes[0])
            steps -= 1
    steps = config.max_rollout_actions
    while state.is_chance and steps > 0 and (last is None or state.turn < last):
        state.apply_code(state.sample_chance_code(rng))
        steps -= 1
    return values(state)


def best_code(stats: Stats, codes: list[int]) -> int:
    """The most visited legal action; ties go to the higher mean value, then to the first in
    `codes` order (reproducible)."""
    best = codes[0]
    key = (-1, -math.inf)
    for code in codes:
        visits, total = stats.get(code, (0, 0.0))
        candidate = (visits, total / visits if visits else -math.inf)
        if candidate > key:
            best, key = code, candidate
    return best


def merge(results: list[SearchResult]) -> SearchResult:
    """Root-parallel: add up the root statistics of independent searches."""
    stats: Stats = {}
    for result in results:
        for code, (visits, total) in result.stats.items():
            n, w = stats.get(code, (0, 0.0))
            stats[code] = (n + visits, w + total)
    return SearchResult(
        stats,
        sum(r.iterations for r in results),
        max((r.seconds for r in results), default=0.0),
        sum(r.evaluations for r in results),
    )


@dataclass
class MoveLog:
    """What the last search did (for timing and for front ends that show the agent thinking)."""

    iterations: int = 0
    seconds: float = 0.0
    visits: dict[str, int] = field(default_factory=dict)
    evaluations: int = 0


class SearchAgent:
    """An MCTS or ISMCTS player (see the module docstring). `heuristic` defaults to the game's.

    >>> from bitva.ai.search import SearchAgent, SearchConfig
    >>> agent = SearchAgent(seed=1, config=SearchConfig(), name="ismcts")
    """

    def __init__(
        self,
        seed: int = 0,
        config: SearchConfig | None = None,
        name: str = "ismcts",
        heuristic: Heuristic | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        self.name = name
        self.seed = seed
        self.rng = Rng(seed)
        self.config = config or SearchConfig()
        # with `params` (the parameters the player named), a game's defaults for this agent
        # (`Game.agent_defaults`) apply under them; without, `config` is final
        self.params = dict(params) if params is not None else None
        self._configs: dict[str, SearchConfig] = {}
        self.heuristic = heuristic
        self.last = MoveLog()
        self._pool: Any = None

    def choose(self, state: State[Any]) -> Any:
        seat = require_decision(state)
        search_seed = self.rng.next_u64()
        if not has_codes(state):
            return self._choose_by_text(state, seat, search_seed)
        codes = state.legal_codes()
        if len(codes) == 1:
            self.last = MoveLog()
            return state.decode_action(codes[0])
        result = self.search(state, seat, search_seed)
        self.last = MoveLog(
            result.iterations,
            result.seconds,
            {
                state.action_text(state.decode_action(int(code))): n
                for code, (n, _) in result.stats.items()
            },
            result.evaluations,
        )
        return state.decode_action(best_code(result.stats, codes))

    def _choose_by_text(self, state: State[Any], seat: int, search_seed: int) -> Any:
        """A game with parametric actions (progressive widening, `bitva.ai.widening`): the most
        visited root action that is legal in the real state, ties to the higher mean, then to
        the first admitted; read back from its text."""
        result = self.search(state, seat, search_seed)
        self.last = MoveLog(
            result.iterations,
            result.seconds,
            {str(text): n for text, (n, _) in result.stats.items()},
            result.evaluations,
        )

        def rank(item: tuple[int | str, tuple[int, float]]) -> tuple[int, float]:
            visits, total = item[1]
            return (-visits, -total / visits if visits else math.inf)

        for text, _ in sorted(result.stats.items(), key=rank):
            try:
                action = state.parse_action(str(text))
            except BitvaError:
                continue
            if state.check(action) is None:
                return action
        # nothing searched is legal here (only a game with hidden information can get here)
        actions = state.candidate_actions(self.rng, 1)
        if not actions:
            raise BitvaError("no legal action to choose from")
        return actions[0]

    def config_for(self, game: Game[Any, Any]) -> SearchConfig:
        """The search's settings in `game`: the game's defaults for this agent, then the
        parameters the player named on top."""
        if self.params is None:
            return self.config
        config = self._configs.get(game.name)
        if config is None:
            from bitva.ai.levels import configure

            defaults = game.agent_defaults(self.name)
            config = self.config
            if defaults:
                config = configure(configure(config, dict(defaults)), self.params)
            self._configs[game.name] = config
        return config

    def search(self, state: State[Any], seat: int, search_seed: int) -> SearchResult:
        """Replace the real state by a determinization, then search (in parallel if asked)."""
        base = state.determinize(seat, Rng(derive_seed(search_seed, "base")))
        config = self.config_for(state.game)
        workers = config.workers
        if workers <= 1:
            return run_search(
                base, seat, config, derive_seed(search_seed, "search", 0), self.heuristic
            )
        from bitva.ai.parallel import root_parallel

        if self._pool is None:
            from bitva.ai.parallel import make_pool

            self._pool = make_pool(workers)
        return root_parallel(self._pool, base, seat, config, search_seed, self.heuristic)

    def close(self) -> None:
        """Stop the worker processes of a root-parallel agent (they also stop at exit)."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # interpreter shutdown
            self.close()
