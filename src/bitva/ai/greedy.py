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

The agent searches a determinization (`state.determinize(seat, rng)`), never the real state, so
it only knows what its seat knows; ties break at random, reproducibly.
"""

from __future__ import annotations

from typing import Any

from bitva.ai.values import Evaluate, Heuristic, Values, evaluator, require_decision
from bitva.core.chance import CHANCE
from bitva.core.rng import Rng
from bitva.core.state import State

TIE = 1e-12


class GreedyAgent:
    """One turn deep (see the module docstring). `blunder` is the chance of playing a random
    legal action instead (the `easy` level)."""

    name = "greedy"

    def __init__(
        self,
        seed: int = 0,
        max_nodes: int = 20_000,
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

    def choose(self, state: State[Any]) -> Any:
        seat = require_decision(state)
        codes = state.legal_codes()
        if len(codes) == 1:
            return state.decode_action(codes[0])
        if self.blunder and self.rng.random() < self.blunder:
            return state.decode_action(self.rng.choice(codes))
        base = state.determinize(seat, self.rng)
        values = evaluator(state.game, self.heuristic)
        share = self.max_nodes / len(codes)
        best: list[int] = []
        best_value = float("-inf")
        for code in codes:
            child = base.clone()
            child.apply_code(code)
            value = self._value(child, state.turn, values, share)[seat - 1]
            if value > best_value + TIE:
                best, best_value = [code], value
            elif abs(value - best_value) <= TIE:
                best.append(code)
        return state.decode_action(self.rng.choice(best))

    def _value(self, state: State[Any], turn: int, values: Evaluate, budget: float) -> Values:
        """The value vector of `state`: scored where the turn ends or the budget runs out."""
        mover = state.current_player
        if mover is None or state.turn != turn or budget < 1:
            return values(state)
        if mover == CHANCE:
            return self._expectation(state, turn, values, budget)
        codes = state.legal_codes()
        share = (budget - 1) / len(codes)
        index = mover - 1
        best: Values | None = None
        for code in codes:
            child = state.clone()
            child.apply_code(code)
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
            child.apply_code(state.sample_chance_code(self.rng))
            total = _add(total, self._value(child, turn, values, share), 1.0 / self.samples)
        return tuple(total)


def _add(total: list[float], value: Values, weight: float) -> list[float]:
    if not total:
        return [weight * v for v in value]
    for i, v in enumerate(value):
        total[i] += weight * v
    return total
