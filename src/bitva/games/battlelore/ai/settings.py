"""The agents' budgets in BattleLore (`Game.agent_defaults`, docs/ai.md "BattleLore").

A BattleLore turn is a long chain of small decisions (a card, each order, each unit's move,
each battle with its roll, flags and retreat), so the budgets that suit Lords of War, where a
turn is one placement, cost seconds per decision here: greedy's one-turn look-ahead of 20,000
nodes took over 20 s a decision. The evaluation (`ai/heuristics.py`) reads a position in the
middle of a turn (an ordered unit's attack counts before it is declared), so a short look is
enough: greedy shares 20 nodes (every action of a wide decision is scored once, a narrow one
such as an order is looked at two decisions deep), and the searches count a few hundred
evaluations. docs/ai.md ("BattleLore") has the measurements behind each number. A player's own
parameters (`hard:evaluations=2000`) win over these.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

GREEDY_NODES = 20
HARD_EVALUATIONS = 500
MEDIUM_EVALUATIONS = 150

AGENT_DEFAULTS: dict[str, dict[str, Any]] = {
    "greedy": {"nodes": GREEDY_NODES},
    "easy": {"nodes": GREEDY_NODES},
    "medium": {"evaluations": MEDIUM_EVALUATIONS},
    "hard": {"evaluations": HARD_EVALUATIONS},
    "ismcts": {"evaluations": HARD_EVALUATIONS},
    "mcts": {"evaluations": HARD_EVALUATIONS},
}


def agent_defaults(agent: str) -> Mapping[str, Any]:
    """The defaults of the agent registered as `agent` in BattleLore ({} for the others)."""
    return AGENT_DEFAULTS.get(agent, {})
