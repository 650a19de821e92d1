"""Self-play policy gradient for Lords of War, in numpy alone (issue 23, point 3).

The policy scores each legal action by the position it leads to: the acting seat's observation
tensor of the afterstate (`State.observation_tensor`, built from that seat's view only), times
one weight vector, through a softmax over the legal actions. Both seats share the weights and
play each other (self-play); after each game REINFORCE moves the weights toward the actions of
the seat that won and away from those of the seat that lost (the gradient of log pi(a) for a
softmax over afterstates is x_a minus the policy's mean x), with a running baseline per seat.
Then the greedy policy (the best-scored action) plays `random`, seats swapped.

    .venv/bin/python examples/rl/selfplay_lords_of_war.py --minutes 3 --eval-games 200

prints the training games played and the result against `random` (and `--json` the same as
one JSON object). `--save FILE.npy` keeps the weights; `--load FILE.npy` skips training.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

import numpy as np

from bitva.ai.agents import RandomAgent
from bitva.core.chance import CHANCE
from bitva.core.registry import get_game
from bitva.core.rng import Rng, derive_seed
from bitva.core.state import State

GAME = get_game("lords-of-war")


class AfterstatePolicy:
    """A linear softmax policy over afterstates: pi(a | s) is proportional to exp(w . x(s, a))."""

    def __init__(self, size: int, learning_rate: float = 0.02) -> None:
        self.weights = np.zeros(size, dtype=np.float64)
        self.learning_rate = learning_rate
        self.baseline = [0.0, 0.0]

    def features(self, state: State[Any], seat: int, codes: list[int]) -> np.ndarray:
        rows = []
        for code in codes:
            child = state.clone()
            child.apply_code(code)
            rows.append(child.observation_tensor(seat).ravel())
        return np.asarray(rows, dtype=np.float64)

    def probabilities(self, features: np.ndarray) -> np.ndarray:
        logits = features @ self.weights
        logits -= logits.max()
        weights: np.ndarray = np.exp(logits)
        probabilities: np.ndarray = weights / weights.sum()
        return probabilities

    def choose(
        self, state: State[Any], rng: np.random.Generator, greedy: bool = False
    ) -> tuple[int, np.ndarray | None]:
        """A code to play and, when sampled for learning, its score-function gradient."""
        seat = state.current_player
        assert seat is not None and seat != CHANCE
        codes = state.legal_codes()
        if len(codes) == 1:
            return codes[0], None
        features = self.features(state, seat, codes)
        p = self.probabilities(features)
        index = int(np.argmax(p)) if greedy else int(rng.choice(len(codes), p=p))
        return codes[index], features[index] - p @ features

    def learn(self, gradients: dict[int, list[np.ndarray]], returns: tuple[float, ...]) -> None:
        for seat, grads in gradients.items():
            if not grads:
                continue
            advantage = returns[seat - 1] - self.baseline[seat - 1]
            self.baseline[seat - 1] += 0.02 * (returns[seat - 1] - self.baseline[seat - 1])
            step = np.sum(grads, axis=0) / math.sqrt(len(grads))
            self.weights += self.learning_rate * advantage * step


def resolve_chance(state: State[Any], rng: Rng) -> None:
    while state.current_player == CHANCE:
        state.apply_code(state.sample_chance_code(rng))


def self_play_game(policy: AfterstatePolicy, seed: int, rng: np.random.Generator) -> None:
    state = GAME.new({}, seed)
    chance = Rng(derive_seed(seed, "chance"))
    gradients: dict[int, list[np.ndarray]] = {1: [], 2: []}
    resolve_chance(state, chance)
    while state.current_player is not None:
        seat = state.current_player
        code, gradient = policy.choose(state, rng)
        if gradient is not None:
            gradients[seat].append(gradient)
        state.apply_code(code)
        resolve_chance(state, chance)
    policy.learn(gradients, state.returns())


def against_random(policy: AfterstatePolicy, games: int, seed: int) -> dict[str, float]:
    """The greedy policy against `random`, in seat 1 for even games and seat 2 for odd ones."""
    wins = draws = 0
    rng = np.random.default_rng(seed)
    for index in range(games):
        ours = 1 if index % 2 == 0 else 2
        state = GAME.new({}, derive_seed(seed, "eval", index))
        chance = Rng(derive_seed(seed, "eval-chance", index))
        other = RandomAgent(derive_seed(seed, "random", index))
        resolve_chance(state, chance)
        while (seat := state.current_player) is not None:
            if seat == ours:
                code, _ = policy.choose(state, rng, greedy=True)
            else:
                code = state.encode_action(other.choose(state))
            state.apply_code(code)
            resolve_chance(state, chance)
        outcome = state.outcome
        assert outcome is not None
        if outcome.result == "draw":
            draws += 1
        elif ours in outcome.winners:
            wins += 1
    score = (wins + draws / 2) / games
    return {"games": games, "wins": wins, "draws": draws, "score": score}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--learning-rate", type=float, default=0.02)
    parser.add_argument("--save", help="write the trained weights to this .npy file")
    parser.add_argument("--load", help="read weights from this .npy file and skip training")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()

    size = int(np.prod(GAME.observation_shape({})))
    policy = AfterstatePolicy(size, args.learning_rate)
    rng = np.random.default_rng(args.seed)
    before = against_random(policy, min(args.eval_games, 40), derive_seed(args.seed, "before"))
    trained, start = 0, time.perf_counter()
    if args.load:
        policy.weights = np.load(args.load)
    else:
        while time.perf_counter() - start < args.minutes * 60:
            self_play_game(policy, derive_seed(args.seed, "train", trained), rng)
            trained += 1
            if not args.json and trained % 50 == 0:
                print(f"  {trained} self-play games, {time.perf_counter() - start:.0f} s")
    seconds = time.perf_counter() - start
    if args.save:
        np.save(args.save, policy.weights)
    after = against_random(policy, args.eval_games, derive_seed(args.seed, "after"))
    result = {
        "training_games": trained,
        "training_seconds": round(seconds, 1),
        "untrained_against_random": before,
        "trained_against_random": after,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"trained on {trained} self-play games in {seconds:.0f} s; against random: "
            f"{after['wins']} wins, {after['draws']} draws in {after['games']} games "
            f"({after['score']:.0%}; untrained: {before['score']:.0%} of {before['games']})"
        )


if __name__ == "__main__":
    main()
