"""Game-agnostic agents. Each sees a state only through the core contract.

>>> from bitva.ai import make_agent
>>> agent = make_agent("random", seed=1)
"""

from bitva.ai.agents import AGENTS, Agent, check_plays, make_agent, plays

__all__ = ["AGENTS", "Agent", "check_plays", "make_agent", "plays"]
