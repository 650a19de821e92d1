"""OpenSpiel's own ISMCTS bot on a bitva game (issue 23, point 3).

`import bitva.rl.openspiel` registers every bitva game that can be an OpenSpiel game; this
loads one with `pyspiel.load_game("bitva_<name>")` and lets OpenSpiel's Python ISMCTS bot
(open_spiel.python.algorithms.ismcts, resampling hidden information through the game's
`determinize`, leaves valued by the game's heuristic) play a seat against uniform random play,
seats swapped every game. Prints the ISMCTS seat's wins, draws and losses:

    .venv/bin/python examples/rl/openspiel_ismcts.py --game lords-of-war --games 10 --simulations 50
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts

from bitva.rl.openspiel import HeuristicEvaluator, load


def option(text: str) -> tuple[str, Any]:
    key, _, value = text.partition("=")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def play(
    game_name: str, games: int, simulations: int, seed: int, options: dict[str, Any]
) -> dict[str, Any]:
    game = load(game_name, **options)
    players = game.num_players()
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, HeuristicEvaluator(), 2.0, simulations, random_state=rng)
    wins = draws = losses = 0
    started = time.perf_counter()
    for index in range(games):
        searcher = index % players
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                codes, odds = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(codes[int(rng.choice(len(codes), p=odds))])
            elif state.current_player() == searcher:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        returns = state.returns()
        mine, best = returns[searcher], max(returns)
        if players > 1 and all(value == mine for value in returns):
            draws += 1
        elif mine == best and mine > 0:
            wins += 1
        else:
            losses += 1
    return {
        "game": game.get_type().short_name,
        "options": options,
        "games": games,
        "simulations": simulations,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "seconds": round(time.perf_counter() - started, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="lords-of-war")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", "--option", action="append", default=[], type=option)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    report = play(args.game, args.games, args.simulations, args.seed, dict(args.option))
    if args.json:
        print(json.dumps(report))
        return
    print(
        f"ISMCTS ({report['simulations']} simulations a move) against random on"
        f" {report['game']}: {report['wins']} won, {report['draws']} drawn,"
        f" {report['losses']} lost of {report['games']} ({report['seconds']} s)"
    )


if __name__ == "__main__":
    main()
