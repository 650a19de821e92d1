"""Age of Sigmar AI measurements (docs/ai.md, "Age of Sigmar"; issue 22 point 5), resumable.

Plays the battles of every row in turn (round robin, so a run stopped early leaves rows of equal
length), one JSON line per battle appended to FILE as it ends; run it again with the same FILE
and it goes on where it stopped. A row is `AGENT1-AGENT2@SETUP`; battle i of a row has seed i and
puts AGENT1 on side A (seat 1) when i is even, on side B when i is odd (sides swapped). Each line
records the winner, how the battle ended, and every agent's decisions with their mean and
longest time in seconds (decisions with a single candidate included).

    .venv/bin/python scripts/aos_ai_measure.py docs/data/aos-ai-1.jsonl \
        --rows greedy-random@starter_clash,hard-greedy@starter_clash --games 200 --workers 1
    .venv/bin/python scripts/aos_ai_measure.py docs/data/aos-ai-1.jsonl --table
"""

from __future__ import annotations

import argparse
import json
import math
import re
import time
from collections import defaultdict
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any


def play(row: str, index: int) -> dict[str, Any]:
    """Battle `index` of `row`, with its record."""
    from bitva.ai.agents import make_agent
    from bitva.games.age_of_sigmar.game import GAME

    pairing, setup = row.split("@")
    first, second = pairing.split("-")
    names = (first, second) if index % 2 == 0 else (second, first)
    state = GAME.new({"battle": setup}, seed=index)
    agents = {seat: make_agent(name, 1000 * index + seat) for seat, name in enumerate(names, 1)}
    times: dict[int, list[float]] = {1: [], 2: []}
    started = time.perf_counter()
    while state.current_player is not None:
        if state.is_chance:
            state.apply_unchecked(state.sample_chance(state.rng))
            continue
        seat = state.current_player
        t = time.perf_counter()
        action = agents[seat].choose(state)
        times[seat].append(time.perf_counter() - t)
        state.apply(action)
    outcome = state.outcome
    assert outcome is not None
    winner = outcome.winners[0] if outcome.winners else None
    return {
        "row": row,
        "game": index,
        "setup": setup,
        "seats": list(names),
        "winner": None if winner is None else names[winner - 1],
        "winner_side": None if winner is None else "AB"[winner - 1],
        "result": outcome.result,
        "reason": outcome.reason,
        "casualties": list(state.rt.casualties),
        "army_size": list(state.rt.army_size),
        "rounds": state.rt.round,
        "seconds": round(time.perf_counter() - started, 3),
        "decisions": {
            names[seat - 1]: {
                "n": len(ts),
                "mean_s": round(sum(ts) / max(1, len(ts)), 4),
                "max_s": round(max(ts, default=0.0), 4),
            }
            for seat, ts in times.items()
        }
        if names[0] != names[1]
        else {},
    }


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def table(path: Path) -> str:
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for line in path.read_text().splitlines():
        if line.strip():
            record = json.loads(line)
            rows[record["row"]].append(record)
    out = [
        "| pairing | setup | battles | first wins | draws | second wins | first's win rate "
        "(95% Wilson) | first as A / as B | first's s/decision mean, max |",
        "|---|---|---:|---:|---:|---:|---|---|---|",
    ]
    for row, records in rows.items():
        pairing, setup = row.split("@")
        first, second = pairing.split("-")
        n = len(records)
        if first == second:  # a mirror: how often each side wins (the setup's own balance)
            sides = [r.get("winner_side") for r in records]
            a, b = sides.count("A"), sides.count("B")
            draws = sum(r["winner"] is None for r in records)
            unknown = n - a - b - draws  # won, in a file written before `winner_side`
            low, high = wilson(a, n)
            note = f" ({unknown} won by a side not recorded)" if unknown else ""
            out.append(
                f"| {first} v {second} (side A v side B){note} | {setup} | {n} | {a} | {draws} "
                f"| {b} | side A {a / max(1, n):.0%} ({low:.0%}-{high:.0%}) | | |"
            )
            continue
        wins = sum(r["winner"] == first for r in records)
        losses = sum(r["winner"] == second for r in records)
        as_a = [r for r in records if r["seats"][0] == first]
        as_b = [r for r in records if r["seats"][1] == first]
        low, high = wilson(wins, n)
        stats = [r["decisions"][first] for r in records if first in r["decisions"]]
        count = sum(s["n"] for s in stats)
        mean = sum(s["mean_s"] * s["n"] for s in stats) / max(1, count)
        longest = max((s["max_s"] for s in stats), default=0.0)
        out.append(
            f"| {first} v {second} | {setup} | {n} | {wins} | {n - wins - losses} | {losses} | "
            f"{wins / max(1, n):.0%} ({low:.0%}-{high:.0%}) | "
            f"{sum(r['winner'] == first for r in as_a)}/{len(as_a)}, "
            f"{sum(r['winner'] == first for r in as_b)}/{len(as_b)} | "
            f"{mean:.2f} s, {longest:.1f} s |"
        )
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--rows", default="")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--table", action="store_true")
    args = parser.parse_args()
    if args.table:
        print(table(args.file))
        return
    # a row ends at its setup, so an agent's parameters may hold commas
    # (`hard:prior=40,width=4-greedy@scenery_and_sorcery,greedy-random@starter_clash`)
    rows = [r.lstrip(",") for r in re.findall(r"[^@]+@[\w.]+", args.rows)]
    if ",".join(rows) != args.rows.strip(","):
        parser.error(f"rows are AGENT1-AGENT2@SETUP separated by commas, not {args.rows!r}")
    done: set[tuple[str, int]] = set()
    if args.file.exists():
        for line in args.file.read_text().splitlines():
            if line.strip():
                record = json.loads(line)
                done.add((record["row"], record["game"]))
    todo = [(row, i) for i in range(args.games) for row in rows if (row, i) not in done]
    with ProcessPoolExecutor(args.workers) as pool, args.file.open("a") as out:
        pending: set[Future[dict[str, Any]]] = set()
        while todo or pending:
            while todo and len(pending) < args.workers:
                pending.add(pool.submit(play, *todo.pop(0)))
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                record = future.result()
                out.write(json.dumps(record) + "\n")
                out.flush()
                print(record["row"], record["game"], record["winner"], record["reason"], flush=True)


if __name__ == "__main__":
    main()
