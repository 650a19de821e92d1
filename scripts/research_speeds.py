"""The speed table of docs/research.md, measured in one run on this machine: random play of Lords
of War on bitva's scalar engine (the integer fast path) and on the batched engine
(`bitva bench lords-of-war --vector N`), beside OpenSpiel's chess driven from Python
(`pyspiel`, C++ under a Python loop, as a researcher would drive it).

    .venv/bin/python scripts/research_speeds.py [--vector 4096] [--seconds 5]

A step is one decision of a seat (chance outcomes are resolved inside the step on the bitva
side; chess has none). The machine is shared and noisy: compare the ratios of one run.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

BITVA = Path(sys.executable).with_name("bitva")


def chess_steps_per_second(seconds: float) -> float:
    """Uniformly random chess games through pyspiel from Python, for `seconds`."""
    import pyspiel

    game = pyspiel.load_game("chess")
    rng = random.Random(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vector", type=int, default=4096, help="batch of the batched engine")
    parser.add_argument("--seconds", type=float, default=5.0, help="time for the chess loop")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    bench = subprocess.run(
        [str(BITVA), "bench", "lords-of-war", "--vector", str(args.vector), "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    measured = json.loads(bench.stdout)
    chess = chess_steps_per_second(args.seconds)
    rows = [
        (
            "bitva Lords of War, scalar engine (Python, integer codes)",
            measured["scalar_steps_per_second"],
        ),
        (
            f"bitva Lords of War, batched engine (numba, batch {args.vector})",
            measured["vector_steps_per_second"],
        ),
        ("OpenSpiel chess (C++) driven from Python", chess),
    ]
    if args.json:
        print(json.dumps({**measured, "openspiel_chess_steps_per_second": chess}))
        return
    print("| engine | random steps per second, one core |")
    print("|---|---:|")
    for name, speed in rows:
        print(f"| {name} | {speed:,.0f} |")


if __name__ == "__main__":
    main()
