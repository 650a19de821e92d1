"""Game-AI research interfaces over the core contract (docs/research.md): PettingZoo, Gymnasium
and OpenSpiel environments for every registered game with enumerable actions, and a batched
Lords of War (`bitva.rl.vector`). Install with `pip install 'bitva[rl]'`.

Entry points (each imports its library only when called):

- `aec_env(name, **options)`: a PettingZoo AEC environment (`bitva.rl.aec`);
- `gym_env(name, opponent="random", seat=1, **options)`: a Gymnasium environment for one seat,
  the others played by a bitva agent (`bitva.rl.gym`; ids `bitva/<name>-v0` once it is imported);
- `import bitva.rl.openspiel`, then `pyspiel.load_game("bitva_<name with underscores>")`.

A game that lacks part of the research contract is refused in one line that names what it
lacks (`research_spec`, NotSupported).
"""

from __future__ import annotations

from typing import Any

from bitva.rl.support import ResearchSpec, research_games, research_spec, resolve_chance


def aec_env(
    name: str,
    render_mode: str | None = None,
    max_steps: int | None = None,
    seed: int | None = None,
    **options: Any,
) -> Any:
    """A PettingZoo AEC environment of the game `name` with these options (NotSupported, naming
    what is missing, for a game without codes or observations)."""
    from bitva.rl.aec import BitvaAECEnv

    return BitvaAECEnv(name, options, render_mode=render_mode, max_steps=max_steps, seed=seed)


def gym_env(
    name: str,
    opponent: str = "random",
    seat: int = 1,
    render_mode: str | None = None,
    max_steps: int | None = None,
    illegal: str = "lose",
    **options: Any,
) -> Any:
    """A Gymnasium environment of the game `name` for `seat`, every other seat played by the
    bitva agent `opponent` ("random", "greedy", "hard", "ismcts:iterations=200", a game's
    scripted opponent)."""
    from bitva.rl.gym import BitvaGymEnv

    return BitvaGymEnv(
        name,
        options,
        opponent=opponent,
        seat=seat,
        render_mode=render_mode,
        max_steps=max_steps,
        illegal=illegal,
    )


__all__ = [
    "ResearchSpec",
    "aec_env",
    "gym_env",
    "research_games",
    "research_spec",
    "resolve_chance",
]
