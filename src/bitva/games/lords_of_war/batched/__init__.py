"""The batched Lords of War (issue 23, point 2): N games in lockstep, compiled with numba.

`layout.py` (the state matrix and the static tables), `kernel.py` (facts and legal codes),
`machine.py` (the turn machinery), `loops.py` (whole-batch loops), `env.py` (the environment).
Reached through `bitva.rl.vector.make("lords-of-war", n)`; docs/research/vector.md.
"""

from bitva.games.lords_of_war.batched.env import BatchedLordsOfWar, refuse_unsupported

__all__ = ["BatchedLordsOfWar", "refuse_unsupported"]
