"""The agents' budgets in Sniper Elite (`Game.agent_defaults`; docs/sniper-elite.md,
"Difficulty", has the measurements behind each number).

A sniper's turn offers a few hundred actions (every move, every shot with every number of
tokens, D-13), and every search iteration runs the defenders' rules with their disputes
(SE-5.9), so an evaluation costs about ten times one in Lords of War: at the generic 3,000
evaluations `hard` took about 1.1 s a decision (longest 3.1 s) on the shared development
machine. At 1,000 it takes about a third of that (0.13 s of CPU a decision on average, 0.3 s
at most), so `hard`, `ismcts` and `mcts` search 1,000 evaluations, `medium` 300; greedy's
one-turn look-ahead shares 2,000 nodes instead of 20,000. At these budgets greedy wins more
often than hard: whether a larger budget makes hard the stronger is still to be measured. A
player's own parameters (`hard:evaluations=3000`) win over these.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

GREEDY_NODES = 2000
HARD_EVALUATIONS = 1000
MEDIUM_EVALUATIONS = 300
FULL_SEARCHES = ("hard", "ismcts", "mcts")


def agent_defaults(agent: str) -> Mapping[str, Any]:
    """The defaults of the agent registered as `agent` in Sniper Elite ({} for the others)."""
    if agent in ("greedy", "easy"):
        return {"nodes": GREEDY_NODES}
    if agent == "medium":
        return {"evaluations": MEDIUM_EVALUATIONS}
    return {"evaluations": HARD_EVALUATIONS} if agent in FULL_SEARCHES else {}
