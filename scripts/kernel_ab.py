r"""A/B timing of the batched Lords of War kernel against a baseline copy, in one process.

The baseline is a copy of the batched package with its imports renamed to `lw_base`
(/tmp/abbase/lw_base, made from `git show BASE:src/bitva/games/lords_of_war/batched/*.py`).
Runs alternate (base, new, base, new...) so that both see the same load; the ratio of medians
is what counts on a shared machine. The two engines must also play the same games: after every
pair of runs the counts (steps, games, wins, draws), every lane's row and both RNGs are compared.

    mkdir -p /tmp/abbase/lw_base && for f in __init__ layout kernel machine loops env; do
      git show BASE:src/bitva/games/lords_of_war/batched/$f.py \
        | sed 's/bitva\.games\.lords_of_war\.batched/lw_base/g' > /tmp/abbase/lw_base/$f.py; done
    .venv/bin/python scripts/kernel_ab.py [--lanes 4096] [--pairs 7] [--base /tmp/abbase]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

import numpy as np


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lanes", type=int, default=4096)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--pairs", type=int, default=7)
    parser.add_argument("--base", default="/tmp/abbase")
    parser.add_argument("--advanced", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, args.base)
    from lw_base.env import BatchedLordsOfWar as Base  # type: ignore[import-not-found]

    from bitva.games.lords_of_war.batched.env import BatchedLordsOfWar as New
    from bitva.games.lords_of_war.batched.layout import PM_MASKS
    from bitva.games.lords_of_war.game import parse_options, resolve_decks
    from bitva.games.lords_of_war.static import Static

    options: dict[str, Any] = {"advanced": True} if args.advanced else {}
    parsed, decks = resolve_decks(parse_options(options))
    static = Static.build(parsed, decks[0], decks[1])
    envs = {"base": Base(static, args.lanes, 0), "new": New(static, args.lanes, 0)}
    for name, env in envs.items():  # compile / load the cache, and play past the openings
        start = time.perf_counter()
        counts = env.random_steps(args.steps)
        print(f"{name}: warm-up {time.perf_counter() - start:.2f}s {counts}")
    speeds: dict[str, list[float]] = {"base": [], "new": []}
    cpu: dict[str, list[float]] = {"base": [], "new": []}  # steps per second of CPU time
    for pair in range(args.pairs):
        counts = {}
        for name in ("base", "new") if pair % 2 == 0 else ("new", "base"):
            start, cpu_start = time.perf_counter(), time.process_time()
            counts[name] = envs[name].random_steps(args.steps)
            speeds[name].append(counts[name]["steps"] / (time.perf_counter() - start))
            cpu[name].append(counts[name]["steps"] / (time.process_time() - cpu_start))
        assert counts["base"] == counts["new"], f"the engines played different games: {counts}"
        # the same games to the bit: every lane's row (less the placement scratch), both RNGs
        width = PM_MASKS
        assert np.array_equal(envs["base"].state[:, :width], envs["new"].state[:, :width])
        assert np.array_equal(envs["base"].rng, envs["new"].rng)
        assert np.array_equal(envs["base"].policy, envs["new"].policy)
        print(
            f"pair {pair}: wall base {speeds['base'][-1]:,.0f}  new {speeds['new'][-1]:,.0f}  "
            f"ratio {speeds['new'][-1] / speeds['base'][-1]:.3f}   cpu ratio "
            f"{cpu['new'][-1] / cpu['base'][-1]:.3f}"
        )
    for label, table in (("wall", speeds), ("cpu", cpu)):
        base, new = statistics.median(table["base"]), statistics.median(table["new"])
        pairs = statistics.median(n / b for n, b in zip(table["new"], table["base"], strict=True))
        print(
            f"{label} median base {base:,.0f}  new {new:,.0f}  ratio {new / base:.3f}  "
            f"(median of the pairs' ratios {pairs:.3f})"
        )
        print(f"{label} best   base {max(table['base']):,.0f}  new {max(table['new']):,.0f}")


if __name__ == "__main__":
    main()
