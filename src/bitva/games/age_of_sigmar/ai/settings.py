"""The agents' budgets in Age of Sigmar (`Game.agent_defaults`; docs/ai.md, "Age of Sigmar").

A turn is a long chain of decisions (the hero phase, each unit's move, run or retreat, each
shooting target, each charge and its move, each fight, pile-in and attack target), and a
candidate move of a 20-model unit among scenery is planned and checked model by model (several
milliseconds each), so the budgets of Lords of War (greedy's 20,000-node look to the end of the
turn, 3,000 evaluations for `hard`) cost minutes a decision here. The evaluation
(:mod:`.evaluation`) reads a position in the middle of a turn (the threat of units in reach), so
a short look is enough. A player's own parameters (`hard:evaluations=500`) win over these.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

GREEDY_NODES = 40
HARD_EVALUATIONS = 200
MEDIUM_EVALUATIONS = 60

AGENT_DEFAULTS: dict[str, dict[str, Any]] = {
    "greedy": {"nodes": GREEDY_NODES},
    "easy": {"nodes": GREEDY_NODES},
    "medium": {"evaluations": MEDIUM_EVALUATIONS},
    "hard": {"evaluations": HARD_EVALUATIONS},
    "ismcts": {"evaluations": HARD_EVALUATIONS},
    "mcts": {"evaluations": HARD_EVALUATIONS},
}


def agent_defaults(agent: str) -> Mapping[str, Any]:
    """The defaults of the agent registered as `agent` in Age of Sigmar ({} for the others)."""
    return AGENT_DEFAULTS.get(agent, {})
