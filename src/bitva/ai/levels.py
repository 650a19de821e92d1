"""Levels a player understands (`easy`, `medium`, `hard`) and the defaults of the raw search
agents (`mcts`, `ismcts`). The budgets are iteration counts, so a seeded game is reproducible;
docs/ai.md gives the measurements behind each number (strength and time per move). A game may
set its own defaults for any agent (`Game.agent_defaults`); the parameters a player names win."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bitva.ai.agents import Agent
from bitva.ai.budget import Budget
from bitva.ai.greedy import GreedyAgent
from bitva.ai.search import SearchAgent, SearchConfig

# The defaults of the raw agents and of the levels built on them: every new node is expanded at
# once with the heuristic (a greedy look at each leaf), the budget counts leaf evaluations (about
# 0.1 ms each on the development machine), c suits values in [-1, 1].
ISMCTS = SearchConfig(
    budget=Budget(iterations=None, evaluations=3000),
    exploration=0.2,
    each_iteration=True,
    rollout_turns=0,
    expand_all=True,
)
MCTS = replace(ISMCTS, each_iteration=False)
HARD = ISMCTS
MEDIUM = replace(ISMCTS, budget=Budget(iterations=None, evaluations=500))
EASY_BLUNDER = 0.3  # the chance that `easy` plays a random legal action


def configure(config: SearchConfig, params: dict[str, Any]) -> SearchConfig:
    """`config` with the parameters of an agent name: `iterations`, `evaluations`, `seconds`
    (giving only `seconds` makes a pure time budget), `c`, `rollout`, `expand`, `workers`,
    `horizon` (turns), `width` (actions a node searches), `prior` (greedy's nodes ranking the
    root's actions)."""
    budget = config.budget
    if params.keys() & {"iterations", "evaluations", "seconds"}:
        if params.keys() & {"iterations", "evaluations"}:
            budget = Budget(
                params.get("iterations", budget.iterations),
                params.get("seconds", budget.seconds),
                params.get("evaluations", budget.evaluations),
            )
        else:
            budget = Budget(None, params["seconds"], None)
    return replace(
        config,
        budget=budget,
        exploration=params.get("c", config.exploration),
        rollout_turns=params.get("rollout", config.rollout_turns),
        workers=max(1, params.get("workers", config.workers)),
        expand_all=params.get("expand", config.expand_all),
        horizon=params.get("horizon", config.horizon),
        width=params.get("width", config.width),
        prior_nodes=params.get("prior", config.prior_nodes),
    )


def search_agent(kind: str, seed: int = 0, **params: Any) -> Agent:
    """`mcts` or `ismcts` with their defaults, overridden by `params`."""
    base = MCTS if kind == "mcts" else ISMCTS
    return SearchAgent(seed, configure(base, params), name=kind, params=params)


def level_agent(level: str, seed: int = 0, **params: Any) -> Agent:
    """The agent of a level, optionally with search parameters (`hard:seconds=1`)."""
    if level == "easy":
        agent = GreedyAgent(seed, max_nodes=params.get("nodes"), blunder=EASY_BLUNDER)
        agent.name = "easy"
        return agent
    config = MEDIUM if level == "medium" else HARD
    return SearchAgent(seed, configure(config, params), name=level, params=params)
