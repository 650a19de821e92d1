"""Age of Sigmar: an agent of this working tree against the same agent of another commit, one
battle after another, sides swapped (docs/ai.md, "Age of Sigmar", corrections 7-9).

The other commit answers for its seat from a second process that imports it from a worktree:

    git worktree add /tmp/wt 5533c6c
    .venv/bin/python scripts/aos_versus_old.py FILE --old /tmp/wt --agent hard \
        --setup scenery_and_sorcery --games 0:24

Battle i has seed i; this tree's agent is side A when i is even. A line per battle goes to FILE
(the seat of this tree's agent, the returns, how it ended). The state crosses as its JSON
(`Game.state_from_json`), the answer as the action's text.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ANSWER = """
import json, sys
from bitva.ai.agents import make_agent
from bitva.games.age_of_sigmar.game import GAME
agents = {}
for line in sys.stdin:
    ask = json.loads(line)
    key = (ask["battle"], ask["seat"])
    if key not in agents:
        agents = {key: make_agent(ask["agent"], ask["seed"])}
    state = GAME.state_from_json(ask["state"])
    print(json.dumps({"action": str(agents[key].choose(state))}), flush=True)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--old", type=Path, required=True, help="a worktree of the other commit")
    parser.add_argument("--agent", default="hard")
    parser.add_argument("--setup", default="scenery_and_sorcery")
    parser.add_argument("--games", default="0:24", help="first:stop battle numbers")
    args = parser.parse_args()
    from bitva.ai.agents import make_agent
    from bitva.games.age_of_sigmar.game import GAME

    first, stop = (int(x) for x in args.games.split(":"))
    env = dict(os.environ, PYTHONPATH=str(args.old / "src"))
    old = subprocess.Popen(
        [sys.executable, "-c", ANSWER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=args.old,
    )
    assert old.stdin is not None and old.stdout is not None
    for index in range(first, stop):
        new_seat = 1 if index % 2 == 0 else 2
        state = GAME.new({"battle": args.setup}, seed=index)
        mine = make_agent(args.agent, 1000 * index + new_seat)
        while state.current_player is not None:
            if state.is_chance:
                state.apply_unchecked(state.sample_chance(state.rng))
                continue
            seat = state.current_player
            if seat == new_seat:
                state.apply(mine.choose(state))
                continue
            ask = {
                "battle": index,
                "seat": seat,
                "agent": args.agent,
                "seed": 1000 * index + seat,
                "state": state.to_json(),
            }
            old.stdin.write(json.dumps(ask) + "\n")
            old.stdin.flush()
            state.apply(state.parse_action(json.loads(old.stdout.readline())["action"]))
        outcome = state.outcome
        assert outcome is not None
        line = {
            "game": index,
            "new_seat": new_seat,
            "returns": list(outcome.returns),
            "reason": outcome.reason,
        }
        with args.file.open("a") as out:
            out.write(json.dumps(line) + "\n")
        print(index, new_seat, outcome.returns, outcome.reason, flush=True)


if __name__ == "__main__":
    main()
