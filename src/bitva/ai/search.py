"""Monte Carlo tree search over the core contract, for any game.

Two agents share one tree search:

- `mcts`: UCT (Kocsis and Szepesvári 2006) on a single determinization per move: the agent first
  replaces the real state by `state.determinize(seat, rng)`, then searches that perfect-information
  game. Simple and fast, but it plans as if its guess of the hidden cards were true.
- `ismcts`: single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012). Every
  iteration starts from a *fresh* determinization, so the tree's statistics average over every
  hidden deal the seat cannot rule out; a child's exploration term counts the iterations in which
  it was available (legal) instead of its parent's visits.

Neither ever reads the real hidden state: the search only holds determinizations, which depend on
what the seat may see and on the agent's seed. Iterations walk the tree with the integer fast
path (`legal_codes` / `apply_code`) and end in a leaf evaluation: the game's heuristic at once
(`rollout_turns=0`), or random play for some turns (or to the end) first. Values are kept from the
point of view of the player who moved into a node (two-player zero-sum, or one player), so a
decision point where the same player moves again needs nothing special.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from bitva.ai.budget import Budget
from bitva.core.rng import Rng, derive_seed
from bitva.core.state import State

Heuristic = Callable[[State, int], float]
Stats = dict[int, tuple[int, float]]  # root action code -> (visits, total value for the mover)


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

    def with_budget(self, budget: Budget) -> SearchConfig:
        return replace(self, budget=budget)


class Node:
    """Statistics of one action from one node: visits, total value for the player who took it,
    and (ISMCTS) how often it was available."""

    __slots__ = ("avail", "children", "n", "w")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 1


@dataclass
class SearchResult:
    stats: Stats
    iterations: int
    seconds: float
    evaluations: int = 0


def run_search(
    base: State,
    seat: int,
    config: SearchConfig,
    seed: int,
    heuristic: Heuristic | None = None,
) -> SearchResult:
    """Search from `base` (a determinization: never the real state) for `seat`, and return the
    statistics of the root's actions. With an iteration budget the result depends only on the
    arguments."""
    started = time.perf_counter()
    rng = Rng(seed)
    evaluate = heuristic or base.game.heuristic
    root = Node()
    budget = config.budget
    deadline = budget.deadline()
    limit = budget.iterations
    evaluations = budget.evaluations
    done = spent = 0
    while (limit is None or done < limit) and (evaluations is None or spent < evaluations):
        if deadline is not None and time.perf_counter() >= deadline:
            break
        state = base.determinize(seat, rng) if config.each_iteration else base.clone()
        spent += _iterate(root, state, seat, rng, config, evaluate)
        done += 1
        if deadline is None and done % 8 == 0:
            # each iteration visits one root action once and costs at least one evaluation
            remaining = min(
                limit - done if limit is not None else math.inf,
                evaluations - spent if evaluations is not None else math.inf,
            )
            if _decided(root, remaining):
                break
    stats = {code: (child.n, child.w) for code, child in root.children.items()}
    return SearchResult(stats, done, time.perf_counter() - started, spent)


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


def _iterate(
    root: Node,
    state: State,
    seat: int,
    rng: Rng,
    config: SearchConfig,
    evaluate: Heuristic,
) -> int:
    """One iteration: select with UCB1 (availability counts), expand one untried action (or
    all, with `expand_all`), evaluate, back the value up. Returns the leaf evaluations made."""
    c = config.exploration
    log, sqrt = math.log, math.sqrt
    node = root
    path: list[tuple[Node, int]] = []
    while True:
        mover = state.current_player
        if mover is None:
            break
        codes = state.legal_codes()
        if not codes:
            break
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
            score = child.w / child.n + c * sqrt(log(child.avail) / child.n)
            if score > best_score:
                best, best_code, best_score = child, code, score
        if untried and config.expand_all:
            value = _expand_all(state, children, codes, untried, mover, seat, rng, config, evaluate)
            _backup(path, seat, value)
            return len(untried)
        if untried:
            code = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
            child = Node()
            children[code] = child
            state.apply_code(code)
            path.append((child, mover))
            break
        assert best is not None
        state.apply_code(best_code)
        path.append((best, mover))
        node = best
    _backup(path, seat, _leaf_value(state, seat, rng, config, evaluate))
    return 1


def _backup(path: list[tuple[Node, int]], seat: int, value: float) -> None:
    for child, mover in path:
        child.n += 1
        child.w += value if mover == seat else -value


def _expand_all(
    state: State,
    children: dict[int, Node],
    codes: list[int],
    untried: list[int],
    mover: int,
    seat: int,
    rng: Rng,
    config: SearchConfig,
    evaluate: Heuristic,
) -> float:
    """Add every untried action at once, each scored by its leaf value (one visit), and return
    the node's value for `seat`: the best action's mean for the player to move."""
    for code in untried:
        after = state.clone()
        after.apply_code(code)
        value = _leaf_value(after, seat, rng, config, evaluate)
        child = Node()
        child.n = 1
        child.w = value if mover == seat else -value
        children[code] = child
    best = max(children[code].w / children[code].n for code in codes)
    return best if mover == seat else -best


def _leaf_value(
    state: State, seat: int, rng: Rng, config: SearchConfig, evaluate: Heuristic
) -> float:
    """The value of a new leaf for `seat`: the heuristic, after random play if configured."""
    turns = config.rollout_turns
    if turns != 0 and state.current_player is not None:
        stop = None if turns is None else state.turn + turns
        steps = config.max_rollout_actions
        while state.current_player is not None and steps > 0:
            if stop is not None and state.turn >= stop:
                break
            codes = state.legal_codes()
            state.apply_code(codes[rng.below(len(codes))] if len(codes) > 1 else codes[0])
            steps -= 1
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns(state.game.players)[seat - 1]
    return evaluate(state, seat)


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
    ) -> None:
        self.name = name
        self.seed = seed
        self.rng = Rng(seed)
        self.config = config or SearchConfig()
        self.heuristic = heuristic
        self.last = MoveLog()
        self._pool: Any = None

    def choose(self, state: State) -> Any:
        seat = state.current_player
        if seat is None:
            from bitva.core.errors import BitvaError

            raise BitvaError("the game is over: nobody is to move")
        search_seed = self.rng.next_u64()
        codes = state.legal_codes()
        if len(codes) == 1:
            self.last = MoveLog()
            return state.decode_action(codes[0])
        result = self.search(state, seat, search_seed)
        self.last = MoveLog(
            result.iterations,
            result.seconds,
            {str(state.decode_action(code)): n for code, (n, _) in result.stats.items()},
            result.evaluations,
        )
        return state.decode_action(best_code(result.stats, codes))

    def search(self, state: State, seat: int, search_seed: int) -> SearchResult:
        """Replace the real state by a determinization, then search (in parallel if asked)."""
        base = state.determinize(seat, Rng(derive_seed(search_seed, "base")))
        workers = self.config.workers
        if workers <= 1:
            return run_search(
                base, seat, self.config, derive_seed(search_seed, "search", 0), self.heuristic
            )
        from bitva.ai.parallel import root_parallel

        if self._pool is None:
            from bitva.ai.parallel import make_pool

            self._pool = make_pool(workers)
        return root_parallel(self._pool, base, seat, self.config, search_seed, self.heuristic)

    def close(self) -> None:
        """Stop the worker processes of a root-parallel agent (they also stop at exit)."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # interpreter shutdown
            self.close()
