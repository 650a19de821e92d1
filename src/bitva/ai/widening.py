"""Progressive widening: the tree search of `mcts` and `ismcts` for games whose actions are
checked, not listed (`traits.actions == "parametric"`: a jump of any length, a path on a
continuous table).

Such a game has no integer codes and no list of legal actions, so the search of
`bitva.ai.search` can neither key its tree by code nor try every action. Here the tree is keyed by
the action's text (`state.action_text`, which the contract makes unique and readable back), and
a decision node's children are drawn from the game's own `state.candidate_actions(rng, n)`, a
few more as the node is visited more (progressive widening: Couëtoux et al. 2011, "Continuous
upper confidence trees"; adding moves in the order of a heuristic: Chaslot et al. 2008,
"progressive unpruning"):

- **Schedule.** A decision node visited N times may have `widen_limit(N) = ceil(k * N^alpha)`
  children, at least one (`SearchConfig.widen_k` = 2 and `widen_alpha` = 0.5: two children once
  visited, 20 after 100 visits, 110 after 3,000), and at most `width` when a game or a player sets
  one. When the schedule allows one more child, the next candidate is admitted; when none is
  left, a fresh batch of `SearchConfig.candidates` (16) is drawn; a batch that brings no new
  action marks the node exhausted.
- **Order.** With `expand_all` (the levels' default) every candidate of a batch is scored at once
  by its leaf value (one evaluation each, as the listed search scores every untried action), the
  candidates are admitted best first for the seat to move, and a node's first visit backs up the
  value of its best candidate. Without it candidates are admitted in random order, each visited
  once when admitted. With `prior` and `width`, greedy's look to the end of the turn ranks the
  root's first batch instead (`GreedyAgent.action_values`).
- **Legality.** A candidate comes from `candidate_actions` at the state where it was drawn, so it
  is legal there. In `ismcts` on a game with hidden information the state at a node changes from
  one iteration to the next (each is a fresh determinization), so each child is checked
  (`state.check`) before it may be selected and UCB counts the iterations in which it was
  available, as for listed actions; where the state at a node is always the same (perfect
  information, or `mcts`'s single determinization) the check is skipped.
- **Chance.** An outcome is drawn afresh with the search's own RNG (`state.sample_chance(rng)`)
  and its child keyed by the outcome's text, as the listed search keys it by code.

Leaves, random rollouts (among candidates instead of codes), `horizon`, stopping and the backup
of value vectors are those of the listed search. The root's statistics are keyed by action text;
`SearchAgent` reads the best legal one back with `parse_action`.
"""

from __future__ import annotations

import math
import time
from typing import Any

from bitva.ai.search import SearchConfig, SearchResult, Stats
from bitva.ai.values import Evaluate, Heuristic, Values, evaluator
from bitva.core.chance import CHANCE
from bitva.core.rng import Rng
from bitva.core.state import State

ROLLOUT_CANDIDATES = 16  # a random rollout step picks among this many candidates


def widen_limit(visits: int, k: float, alpha: float) -> int:
    """How many children a decision node visited `visits` times may have: ceil(k * N^alpha),
    at least one."""
    return max(1, math.ceil(k * math.pow(visits, alpha)))


class WideNode:
    """One edge of the tree (an action or a chance outcome, with its text) and what lies below:
    visits, the total value vector of the iterations through it, how often it was available, the
    admitted children and the candidates drawn but not yet admitted (the next to admit last)."""

    __slots__ = ("action", "avail", "chance", "children", "exhausted", "n", "pending", "text", "w")

    def __init__(self, seats: int, action: Any = None, text: str = "") -> None:
        self.action = action
        self.text = text
        self.children: dict[str, WideNode] = {}
        self.pending: list[WideNode] | None = None  # None until the node is first reached
        self.chance: dict[str, WideNode] | None = None
        self.exhausted = False
        self.n = 0
        self.w = [0.0] * seats
        self.avail = 1

    def outcome(self, outcome: Any, text: str, seats: int) -> WideNode:
        """The child of a chance outcome (created when first drawn)."""
        if self.chance is None:
            self.chance = {}
        child = self.chance.get(text)
        if child is None:
            child = self.chance[text] = WideNode(seats, outcome, text)
        return child

    def mean(self, index: int) -> float:
        return self.w[index] / self.n if self.n else -math.inf


def search_actions(
    base: State[Any],
    seat: int,
    config: SearchConfig,
    seed: int,
    heuristic: Heuristic | None = None,
) -> SearchResult:
    """Search from `base` (a determinization: never the real state) for `seat` with progressive
    widening, and return the statistics of the root's actions keyed by their text. With a count
    budget the result depends only on the arguments."""
    started = time.perf_counter()
    search = Widening(base, config, Rng(seed), evaluator(base.game, heuristic))
    root = WideNode(base.seats)
    ranked = 0
    if config.prior_nodes is not None and config.width is not None:
        ranked = search.rank_root(root, base, seat)
    budget = config.budget
    deadline = budget.deadline()
    limit, evaluations = budget.iterations, budget.evaluations
    rng = search.rng
    done = 0
    while (limit is None or done < limit) and (evaluations is None or search.spent < evaluations):
        if deadline is not None and time.perf_counter() >= deadline:
            break
        if config.each_iteration:
            state = base.determinize(seat, rng)
        else:
            state = base.clone()
            state.rng = Rng(rng.next_u64())  # no future can repeat through the state's own RNG
        search.iterate(root, state)
        root.n += 1
        done += 1
        if deadline is None and done % 8 == 0:
            remaining = min(
                limit - done if limit is not None else math.inf,
                evaluations - search.spent if evaluations is not None else math.inf,
            )
            if _settled(root, remaining):
                break
    index = seat - 1
    stats: Stats = {text: (child.n, child.w[index]) for text, child in root.children.items()}
    return SearchResult(stats, done, time.perf_counter() - started, search.spent + ranked)


def _settled(root: WideNode, remaining: float) -> bool:
    """Whether the most visited root action can no longer be overtaken, even by an action
    admitted later (which starts with at most one visit, its score)."""
    first = second = 0
    for child in root.children.values():
        if child.n > first:
            first, second = child.n, first
        elif child.n > second:
            second = child.n
    if not root.exhausted:
        second = max(second, 1)
    return first - second > remaining


class Widening:
    """One search's settings, RNG and leaf evaluations made (`spent`): `iterate(root, state)`
    runs one iteration from `root` (a `WideNode`) on `state`, which it changes; the caller
    counts the root's visits (`search_actions` does all of it)."""

    def __init__(self, base: State[Any], config: SearchConfig, rng: Rng, values: Evaluate) -> None:
        self.seats = base.seats
        self.config = config
        self.rng = rng
        self.values = values
        # the state at a node is the same in every iteration unless each iteration deals the
        # hidden parts anew: only then must a child be checked before it is taken
        self.recheck = config.each_iteration and base.game.traits.information == "imperfect"
        self.ranked = config.expand_all
        self.stop = None if config.horizon is None else base.turn + config.horizon
        self.spent = 0

    def limit(self, visits: int) -> int:
        config = self.config
        allowed = widen_limit(visits, config.widen_k, config.widen_alpha)
        return allowed if config.width is None else min(allowed, config.width)

    def rank_root(self, root: WideNode, base: State[Any], seat: int) -> int:
        """`prior`: greedy's look ranks the root's first batch of candidates, admitted best
        first. Returns the evaluations it made (reported, not spent: the prior has its own
        budget)."""
        from bitva.ai.greedy import GreedyAgent

        config = self.config
        assert config.prior_nodes is not None
        actions = base.candidate_actions(self.rng, config.candidates)
        made = 0

        def counted(state: State[Any]) -> Values:
            nonlocal made
            made += 1
            return self.values(state)

        look = GreedyAgent(self.rng.next_u64())
        scores = look.action_values(base.clone(), seat, actions, config.prior_nodes, counted)
        nodes: dict[str, tuple[float, WideNode]] = {}
        for action, score in zip(actions, scores, strict=True):
            text = base.action_text(action)
            nodes.setdefault(text, (score, WideNode(self.seats, action, text)))
        ranked = sorted(nodes.values(), key=lambda pair: pair[0])  # stable: ties in draw order
        root.pending = [node for _, node in ranked]
        return made

    def iterate(self, root: WideNode, state: State[Any]) -> None:
        """One iteration: chance sampled, decisions widened then chosen by UCB1 (availability
        counts), a new leaf evaluated, the value vector backed up."""
        c = self.config.exploration
        log, sqrt = math.log, math.sqrt
        seats, stop, rng = self.seats, self.stop, self.rng
        node = root
        path: list[WideNode] = []
        while True:
            mover = state.current_player
            if mover is None or (stop is not None and state.turn >= stop):
                break
            if mover == CHANCE:
                outcome = state.sample_chance(rng)  # the search's RNG, never the state's
                node = node.outcome(outcome, state.action_text(outcome), seats)
                state.apply_unchecked(outcome)
                path.append(node)
                continue
            index = mover - 1
            if node.pending is None:
                node.pending = []
                self.draw(node, state, index)
                if self.ranked:
                    best = self.admit(node, state, index)
                    if best is None:
                        break  # no legal action here: a leaf
                    _backup(path, tuple(total / best.n for total in best.w))
                    return
            children = node.children
            if len(children) < self.limit(node.n):
                self.admit(node, state, index)
            best = untried = None
            best_score = -math.inf
            recheck = self.recheck
            for child in children.values():
                if recheck and state.check(child.action) is not None:
                    continue
                if child.n == 0:
                    if untried is None:
                        untried = child
                    continue
                child.avail += 1
                score = child.w[index] / child.n + c * sqrt(log(child.avail) / child.n)
                if score > best_score:
                    best, best_score = child, score
            if untried is None and best is None:
                # nothing admitted is legal in this determinization: admit what is legal here
                untried = self.admit(node, state, index, force=True)
                if untried is None:
                    break
                if untried.n:
                    best, untried = untried, None
            if untried is not None:
                state.apply_unchecked(untried.action)
                path.append(untried)
                break
            assert best is not None
            state.apply_unchecked(best.action)
            path.append(best)
            node = best
        self.spent += 1
        _backup(path, self.leaf_value(state))

    def admit(
        self, node: WideNode, state: State[Any], index: int, force: bool = False
    ) -> WideNode | None:
        """Admit the next candidate legal at `state` as a child (drawing a new batch when none is
        left), or None when the node has nothing more to offer. `index`: the mover's entry of
        the value vector; `force`: draw even at an exhausted node (another determinization may
        offer what this one did not)."""
        pending = node.pending
        assert pending is not None
        for _ in range(2):
            for i in range(len(pending) - 1, -1, -1):
                child = pending[i]
                if not self.recheck or state.check(child.action) is None:
                    del pending[i]
                    node.children[child.text] = child
                    return child
            if node.exhausted and not force:
                return None
            if not self.draw(node, state, index):
                node.exhausted = True
                return None
        return None

    def draw(self, node: WideNode, state: State[Any], index: int) -> int:
        """Draw a batch of candidates at `state` into the node's pending ones (scored and ordered
        best last when `ranked`, else shuffled), leaving out those it already has. Returns how
        many were new."""
        pending = node.pending
        assert pending is not None
        seen = {*node.children, *(child.text for child in pending)}
        fresh: list[WideNode] = []
        for action in state.candidate_actions(self.rng, self.config.candidates):
            text = state.action_text(action)
            if text in seen:
                continue
            seen.add(text)
            child = WideNode(self.seats, action, text)
            if self.ranked:
                after = state.clone()
                after.apply_unchecked(action)
                child.n = 1
                child.w = list(self.leaf_value(after))
                self.spent += 1
            fresh.append(child)
        if self.ranked:
            pending.extend(fresh)
            pending.sort(key=lambda child: child.mean(index))  # stable: ties in draw order
        else:
            self.rng.shuffle(fresh)
            pending[:0] = fresh
        return len(fresh)

    def leaf_value(self, state: State[Any]) -> Values:
        """The value vector of a new leaf: the heuristic, after random play among candidates if
        configured; chance still pending is sampled first (never into the horizon's turn)."""
        config, rng = self.config, self.rng
        turns = config.rollout_turns
        if turns != 0 and state.current_player is not None:
            stop = None if turns is None else state.turn + turns
            steps = config.max_rollout_actions
            while state.current_player is not None and steps > 0:
                if stop is not None and state.turn >= stop:
                    break
                if state.is_chance:
                    state.apply_unchecked(state.sample_chance(rng))
                else:
                    actions = state.candidate_actions(rng, ROLLOUT_CANDIDATES)
                    if not actions:
                        break
                    state.apply_unchecked(rng.choice(actions))
                steps -= 1
        steps = config.max_rollout_actions
        last = self.stop
        while state.is_chance and steps > 0 and (last is None or state.turn < last):
            state.apply_unchecked(state.sample_chance(rng))
            steps -= 1
        return self.values(state)


def _backup(path: list[WideNode], value: Values) -> None:
    """Add the value vector to every edge of the path (each seat reads its own entry)."""
    for node in path:
        node.n += 1
        w = node.w
        for i, v in enumerate(value):
            w[i] += v
