"""BattleLore's initiative table (docs/ai.md, "Initiative"), resumable.

Plays game i of every row in turn (round robin, so a run stopped early leaves rows of equal
length), one JSON line per game appended to FILE as it ends; run it again with the same FILE and
it goes on where it stopped. A row is `AGENT-OPPONENT@ADVENTURE`; game i of a row is deal i//2 of
master seed 0 (`derive_seed(0, "game", i // 2)`), AGENT in seat 1 when i is even and seat 2 when
it is odd, so every deal is played both ways. Each line also counts the turns in which each
side ordered a unit that then moved or battled (initiative), and the CPU time per decision.

    .venv/bin/python scripts/battlelore_rush.py docs/data/battlelore-rush-2.jsonl \\
        --rows greedy-rush@A01,hard-rush@A01,greedy-rush@A02,hard-rush@A02 --games 100
    .venv/bin/python scripts/battlelore_rush.py docs/data/battlelore-rush-2.jsonl --table

The table also splits each row's score by the agent's seat (South, seat 1 / North, seat 2):
several adventures favour one side when both attack (A03: `rush` against itself wins 27 of 30
deals as South), so a row's score is the mean of two quite different numbers.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

MAX_STEPS = 8000  # decisions and chance outcomes of one game before it counts as a draw
ACTING = frozenset(("move", "battle", "rush"))


def play(row: str, index: int) -> dict[str, Any]:
    """Game `index` of `row` (the module docstring)."""
    from bitva.ai import make_agent
    from bitva.core.record import Match
    from bitva.core.rng import derive_seed

    pair, adventure = row.split("@")
    agent, opponent = pair.split("-")
    deal = index // 2
    seat_of_agent = 1 if index % 2 == 0 else 2
    names = {seat_of_agent: agent, 3 - seat_of_agent: opponent}
    match = Match("battlelore", {"adventure": adventure}, derive_seed(0, "game", deal))
    players = {s: make_agent(n, derive_seed(0, "agent", deal, s)) for s, n in names.items()}
    state: Any = match.state
    verbs: dict[tuple[int, int], set[str]] = defaultdict(set)
    cpu = {1: 0.0, 2: 0.0}
    moves = {1: 0, 2: 0}
    longest = {1: 0.0, 2: 0.0}
    steps = 0
    while state.current_player is not None and steps < MAX_STEPS:
        seat = state.current_player
        started = time.process_time()
        action = players[seat].choose(state)
        spent = time.process_time() - started
        cpu[seat] += spent
        moves[seat] += 1
        longest[seat] = max(longest[seat], spent)
        if state.active == seat:
            verbs[(state.turn, seat)].add(action.verb)
        match.apply(action)
        steps += 1
    outcome = state.outcome
    winner = None if outcome is None else outcome.winner
    turns = {s: [v for (_, who), v in verbs.items() if who == s] for s in (1, 2)}
    return {
        "row": row,
        "index": index,
        "deal": deal,
        "agent_seat": seat_of_agent,
        "winner": winner,
        "result": "draw" if winner is None else ("win" if winner == seat_of_agent else "loss"),
        "banners": list(state.banners),
        "steps": steps,
        **{
            f"{who}_{key}": value
            for who, seat in (("agent", seat_of_agent), ("opponent", 3 - seat_of_agent))
            for key, value in (
                ("turns", len(turns[seat])),
                ("acting_turns", sum(1 for v in turns[seat] if v & ACTING)),
                ("cpu_per_move", cpu[seat] / max(1, moves[seat])),
                ("longest", longest[seat]),
            )
        },
    }


def done_of(path: Path) -> set[tuple[str, int]]:
    if not path.exists():
        return set()
    return {(d["row"], d["index"]) for d in map(json.loads, path.read_text().splitlines()) if d}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion (draws counted as half a win)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _seat_score(games: list[dict[str, Any]], seat: int) -> str:
    """The agent's score in the games of `games` where it sat in `seat`, as `wins/games`."""
    mine = [g for g in games if g["agent_seat"] == seat]
    points = sum(
        1.0 if g["result"] == "win" else 0.5 if g["result"] == "draw" else 0.0 for g in mine
    )
    return f"{points:g}/{len(mine)}"


def table(path: Path) -> str:
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for line in path.read_text().splitlines():
        if line:
            data = json.loads(line)
            rows[data["row"]].append(data)
    out = [
        "| row | games | W-D-L | score | Wilson 95% | acting turns (agent / opponent) "
        "| as South / as North | agent CPU s/decision (longest) |",
        "|---|---:|---|---:|---|---|---|---|",
    ]
    for row, games in rows.items():
        n = len(games)
        w = sum(g["result"] == "win" for g in games)
        d = sum(g["result"] == "draw" for g in games)
        score = (w + d / 2) / n
        low, high = wilson(w + d / 2, n)
        acting = sum(g["agent_acting_turns"] for g in games) / max(
            1, sum(g["agent_turns"] for g in games)
        )
        theirs = sum(g["opponent_acting_turns"] for g in games) / max(
            1, sum(g["opponent_turns"] for g in games)
        )
        seats = " / ".join(_seat_score(games, seat) for seat in (1, 2))
        cpu = sum(g["agent_cpu_per_move"] for g in games) / n
        longest = max(g["agent_longest"] for g in games)
        out.append(
            f"| {row} | {n} | {w}-{d}-{n - w - d} | {score:.0%} | {low:.0%}-{high:.0%} "
            f"| {acting:.0%} / {theirs:.0%} | {seats} | {cpu:.3f} ({longest:.2f}) |"
        )
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--rows", default="")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--table", action="store_true")
    args = parser.parse_args()
    if args.table:
        print(table(args.file))
        return
    # a row ends at its adventure, so an agent's parameters may hold commas
    # (`hard:prior=20,width=4-greedy@A02,greedy-rush@A01`)
    rows = [r.strip().lstrip(",") for r in re.findall(r"[^@]+@[\w.]+", args.rows)]
    if ",".join(rows) != args.rows.strip().strip(","):
        parser.error(f"rows are AGENT-OPPONENT@ADVENTURE separated by commas, not {args.rows!r}")
    for row in rows:
        if row.count("@") != 1 or row.split("@")[0].count("-") != 1:
            parser.error(f"a row is AGENT-OPPONENT@ADVENTURE, not {row!r}")
    run(args.file, rows, args.games)


def run(path: Path, rows: list[str], games: int) -> None:
    """Games 0 to `games` - 1 of every row, round robin, skipping those `path` already holds."""
    done = done_of(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    for index in range(games):
        for row in rows:
            if (row, index) in done:
                continue
            result = play(row, index)
            with path.open("a") as out:
                out.write(json.dumps(result) + "\n")
            print(row, index, result["result"], result["banners"], flush=True)


if __name__ == "__main__":
    main()
