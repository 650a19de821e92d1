"""A random agent loop over bitva's PettingZoo environment (issue 23, point 3).

Every agent picks a uniformly random legal code from its action mask; chance is played inside
the environment from the seed given to `reset`. Prints each game's returns and the speed:

    .venv/bin/python examples/rl/random_pettingzoo.py --game lords-of-war --games 5
    .venv/bin/python examples/rl/random_pettingzoo.py --game dice-cards -o seats=3 --json

Any registered game with codes and observations works (docs/research.md); one without says
what it lacks.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from bitva.rl import aec_env


def option(text: str) -> tuple[str, Any]:
    key, _, value = text.partition("=")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def play(game: str, games: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    env = aec_env(game, **options)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    results = []
    steps = 0
    started = time.perf_counter()
    for index in range(games):
        env.reset(seed=seed + index)
        returns = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            returns[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += env.steps
        results.append(returns)
        for agent, value in returns.items():
            totals[agent] += value
    seconds = time.perf_counter() - started
    env.close()
    return {
        "game": game,
        "options": options,
        "games": games,
        "returns": results,
        "mean_returns": {agent: total / games for agent, total in totals.items()},
        "steps": steps,
        "seconds": round(seconds, 3),
        "steps_per_second": round(steps / seconds) if seconds else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="lords-of-war")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", "--option", action="append", default=[], type=option)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    report = play(args.game, args.games, args.seed, dict(args.option))
    if args.json:
        print(json.dumps(report))
        return
    for index, returns in enumerate(report["returns"]):
        print(f"game {index + 1}: " + ", ".join(f"{a} {v:+g}" for a, v in returns.items()))
    print(
        f"{report['games']} games, {report['steps']} steps (actions and chance) in"
        f" {report['seconds']} s: {report['steps_per_second']} steps/s"
    )


if __name__ == "__main__":
    main()
