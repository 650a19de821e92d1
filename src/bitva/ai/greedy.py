"""`greedy`: one turn deep with the game's heuristic (and `easy`, which blunders on purpose).

The agent scores each legal action by the position where the current turn ends: it follows the
decisions of the same turn, each seat taking what is best for itself (its own entry of the value
vector, `bitva.ai.values`; in a two-seat zero-sum game that is the opponent minimising the greedy
seat's value), and the chance inside the turn (a die, a card drawn), by expectation:

- a chance node with few outcomes (up to `exact_outcomes`, 24 by default) is worth the
  probability-weighted mean of its outcomes (`chance_outcomes()`, exact probabilities);
- one with more outcomes is worth the mean of `samples` outcomes drawn with the agent's own RNG.

The look-ahead shares `max_nodes` out evenly: each root action gets the same part, and each node
splits what it has among its children, so a long turn (push-your-luck dice) is cut at the same
depth for every action instead of exhausting the budget on the first. Where the budget runs out
the heuristic scores the position as it stands.

`max_nodes` is the agent's own when given (`greedy:nodes=300`), else the game's default for the
agent (`Game.agent_defaults`, key `nodes`), else 20,000.

The agent searches a determinization (`state.determinize(seat, rng)`), never the real state, so
it only knows what its seat knows; ties break at random, reproducibly.

In a game whose actions are parametric (checked, not listed) it weighs the game's
`candidate_actions` instead of every legal action, and walks the look-ahead with action objects
(`apply_unchecked`) instead of integer codes.
"""

from __future__ import annotations

from typing import Any

from bitva.ai.values import Evaluate, Heuristic, Values, evaluator, has_codes, require_decision
from bitva.core.chance import CHANCE
from bitva.core.errors import BitvaError
from bitva.core.game import Game
from bitva.core.rng import Rng
from bitva.core.state import State

TIE = 1e-12
MAX_NODES = 20_000  # the look-ahead's budget when neither the player nor the game sets one
CANDIDATES = 16  # actions weighed at a decision of a game with parametric actions


class GreedyAgent:
    """One turn deep (see the module docstring). `blunder` is the chance of playing a random
    legal action instead (the `easy` level)."""

    name = "greedy"

    def __init__(
        self,
        seed: int = 0,
        max_nodes: int | None = None,
        heuristic: Heuristic | None = None,
        blunder: float = 0.0,
        exact_outcomes: int = 24,
        samples: int = 8,
    ) -> None:
        self.rng = Rng(seed)
        self.max_nodes = max_nodes
        self.heuristic = heuristic
        self.blunder = blunder
        self.exact_outcomes = exact_outcomes
        self.samples = samples
        self._coded = True
        self._nodes: dict[str, int] = {}  # the budget for each game met, by game name

    # -- choices: integer codes where the game has them, else candidate actions -----------------
    def _choices(self, state: State[Any]) -> list[Any]:
        if self._coded:
            return state.legal_codes()
        return state.candidate_actions(self.rng, CANDIDATES)

    def _step(self, state: State[Any], choice: Any) -> None:
        if self._coded:
            state.apply_code(choice)
        else:
            state.apply_unchecked(choice)

    def _action(self, state: State[Any], choice: Any) -> Any:
        return state.decode_action(choice) if self._coded else choice

    def choose(self, state: State[Any]) -> Any:
        seat = require_decision(state)
        self._coded = has_codes(state)
        choices = self._choices(state)
        if not choices:
            raise BitvaError("no legal action to choose from")
        if len(choices) == 1:
            return self._action(state, choices[0])
        if self.blunder and self.rng.random() < self.blunder:
            return self._action(state, self.rng.choice(choices))
        base = state.determinize(seat, self.rng)
        values = evaluator(state.game, self.heuristic)
        scores = self.action_values(base, seat, choices, self.nodes_for(state.game), values)
        best: list[Any] = []
        best_value = float("-inf")
        for choice, value in zip(choices, scores, strict=True):
            if value > best_value + TIE:
                best, best_value = [choice], value
            elif abs(value - best_value) <= TIE:
                best.append(choice)
        return self._action(state, self.rng.choice(best))

    def action_values(
        self, base: State[Any], seat: int, choices: list[Any], nodes: float, values: Evaluate
    ) -> list[float]:
        """The value for `seat` of each of `choices` at `base` (a determinization, never the
        real state): the position where the turn ends, looked at with `nodes` shared out.
        Choices are integer codes where the game has them, else action objects. The tree
        searches use this to rank a root's actions (`SearchConfig.prior_nodes`)."""
        self._coded = has_codes(base)
        share = nodes / len(choices)
        scores = []
        for choice in choices:
            child = base.clone()
            self._step(child, choice)
            scores.append(self._value(child, base.turn, values, share)[seat - 1])
        return scores

    def nodes_for(self, game: Game[Any, Any]) -> int:
        """The look-ahead budget in `game`: the agent's own, else the game's default."""
        if self.max_nodes is not None:
            return self.max_nodes
        nodes = self._nodes.get(game.name)
        if nodes is None:
            nodes = self._nodes[game.name] = int(
                game.agent_defaults(self.name).get("nodes", MAX_NODES)
            )
        return nodes

    def _value(self, state: State[Any], turn: int, values: Evaluate, budget: float) -> Values:
        """The value vector of `state`: scored where the turn ends or the budget runs out."""
        mover = state.current_player
        if mover is None or state.turn != turn or budget < 1:
            return values(state)
        if mover == CHANCE:
            return self._expectation(state, turn, values, budget)
        choices = self._choices(state)
        if not choices:
            return values(state)
        share = (budget - 1) / len(choices)
        index = mover - 1
        best: Values | None = None
        for choice in choices:
            child = state.clone()
            self._step(child, choice)
            value = self._value(child, turn, values, share)
            if best is None or value[index] > best[index] + TIE:
                best = value
        assert best is not None
        return best

    def _expectation(self, state: State[Any], turn: int, values: Evaluate, budget: float) -> Values:
        """A chance node: the exact expectation over few outcomes, else a sample mean."""
        outcomes = state.chance_outcomes()
        if len(outcomes) <= self.exact_outcomes:
            share = (budget - 1) / len(outcomes)
            total: list[float] = []
            for outcome, probability in outcomes:
                child = state.clone()
                child.apply_unchecked(outcome)
                value = self._value(child, turn, values, share)
                total = _add(total, value, float(probability))
            return tuple(total)
        share = (budget - 1) / self.samples
        total = []
        for _ in range(self.samples):
            child = state.clone()
            if self._coded:
                child.apply_code(state.sample_chance_code(self.rng))
            else:
                child.apply_unchecked(state.sample_chance(self.rng))
            total = _add(total, self._value(child, turn, values, share), 1.0 / self.samples)
        return tuple(total)


def _add(total: list[float], value: Values, weight: float) -> list[float]:
    if not total:
        return [weight * v for v in value]
    for i, v in enumerate(value):
        total[i] += weight * v
    return total
