"""The agents' budgets in Sniper Elite (`Game.agent_defaults`; docs/sniper-elite.md,
"Difficulty", has the measurements behind each number).

A sniper's turn is a chain of small decisions (a move, a target, a number of tokens, a reward:
about 35 legal actions a decision), and every search iteration runs the defenders' rules with
their disputes (SE-5.9), so an evaluation costs about ten times one in Lords of War. A plain
ISMCTS spreads itself thin here: at 1,000 evaluations (0.13 s of CPU a decision) greedy's exact
look to the end of the turn won more often than it did. So `hard` is guided (docs/ai.md,
"Narrow and shallow"): greedy's look (1,000 nodes) ranks the sniper's actions, the 6 best are
searched, and 300 iterations play each through the defenders' turn (the die, the face-down card,
the disputes, drawn afresh every time) to the start of his next turn (horizon 2), where the
evaluation scores it. The values differ by a few hundredths, hence c = 0.05. That is about 0.12 s
of CPU a decision. `medium` is the plain search at 300 evaluations; the raw `ismcts` and `mcts`
keep the plain search at 1,000; greedy's one-turn look shares 2,000 nodes. A player's own
parameters (`hard:iterations=1000`, `hard:width=none`) win over these.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

GREEDY_NODES = 2000
HARD: Mapping[str, Any] = {
    "iterations": 300,
    "evaluations": 20_000,  # a bound on the expansions' work that 300 iterations never reach
    "horizon": 2,  # the sniper's turn and the defenders' turn (SE-6, SE-7)
    "width": 6,
    "prior": 1000,
    "c": 0.05,
}
MEDIUM_EVALUATIONS = 300
SEARCH_EVALUATIONS = 1000
RAW_SEARCHES = ("ismcts", "mcts")


def agent_defaults(agent: str) -> Mapping[str, Any]:
    """The defaults of the agent registered as `agent` in Sniper Elite ({} for the others)."""
    if agent in ("greedy", "easy"):
        return {"nodes": GREEDY_NODES}
    if agent == "hard":
        return HARD
    if agent == "medium":
        return {"evaluations": MEDIUM_EVALUATIONS}
    return {"evaluations": SEARCH_EVALUATIONS} if agent in RAW_SEARCHES else {}
