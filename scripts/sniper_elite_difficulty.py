"""Sniper Elite's difficulty table (docs/sniper-elite.md, "The difficulty table"), resumable.

Plays game i of every row in turn (round robin, so a run stopped early leaves rows of equal
length), one JSON line per game appended to FILE as it ends; run it again with the same FILE
and it goes on where it stopped. Game i of a row is game i of

    bitva simulate sniper-elite --p1 AGENT --challenge CHALLENGE --seed 0 -n N

(the same seeds, so the same games; the row `AGENT@gauntlet` plays `--modifiers` GAUNTLET
instead of a challenge, for comparing agents). `--table` prints the Markdown table of FILE
instead, and `--compare A B` how two agents did over the same deals.

    .venv/bin/python scripts/sniper_elite_difficulty.py docs/data/sniper-elite-difficulty.jsonl \
        --rows hard@none,hard@medic,hard@radio,hard@scout,hard@dog,hard@marksman,hard@sniper \
        --games 500 --workers 2
    .venv/bin/python scripts/sniper_elite_difficulty.py docs/data/sniper-elite-difficulty.jsonl \
        --table
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter, defaultdict
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

CHALLENGES = {
    "none": "none",
    "medic": "Medic (easy)",
    "radio": "Radio Operator (easy)",
    "scout": "Scout (medium)",
    "dog": "Dog Handler (medium)",
    "marksman": "Marksman (hard)",
    "sniper": "Sniper (hard)",
    "gauntlet": "Gauntlet (5 penalties)",
}
# Not a challenge: five of SE-10.1's penalties at once, where a good agent wins about 6 games in
# 10, so that two agents' strengths differ by more than at 9 in 10 (docs/sniper-elite.md)
GAUNTLET = ["dog-deck", "marksman-double", "radio-misfire", "sniper-loud", "scout-close"]


def options_of(challenge: str) -> dict[str, Any]:
    """The game options of a row's challenge (the gauntlet is a set of modifiers)."""
    return {"modifiers": GAUNTLET} if challenge == "gauntlet" else {"challenge": challenge}


def play(row: str, index: int) -> dict[str, Any]:
    """Game `index` of `row` ("AGENT@CHALLENGE"), as `bitva simulate --seed 0` plays it."""
    from bitva.arena.simulation import play_timed

    agent, challenge = row.split("@")
    started, cpu = time.time(), time.process_time()
    record, times = play_timed("sniper-elite", options_of(challenge), 0, index, {1: agent})
    moves, seconds, longest = times[1]
    outcome = record.outcome
    assert outcome is not None
    return {
        "row": row,
        "index": index,
        "win": 1 in outcome["winners"],
        "reason": outcome["reason"],
        "turn": outcome["params"].get("turn"),
        "moves": moves,
        "seconds": seconds,
        "max": longest,
        "wall": time.time() - started,
        "cpu": time.process_time() - cpu,  # this process's CPU: what a free core would take
    }


def run(path: Path, rows: list[str], games: int, workers: int) -> None:
    """Play what FILE lacks of `games` games a row, round robin, `workers` processes."""
    done: set[tuple[str, int]] = set()
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            game = json.loads(line)
            done.add((game["row"], game["index"]))
    jobs = iter([(r, i) for i in range(games) for r in rows if (r, i) not in done])
    if workers <= 1:  # in this process: no pool to start
        with path.open("a", encoding="utf-8") as out:
            for job in jobs:
                out.write(json.dumps(play(*job)) + "\n")
                out.flush()
        return
    with ProcessPoolExecutor(workers) as pool, path.open("a", encoding="utf-8") as out:
        pending: set[Future[dict[str, Any]]] = set()
        for job in jobs:
            pending.add(pool.submit(play, *job))
            if len(pending) >= 2 * workers:
                break
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                out.write(json.dumps(future.result()) + "\n")
                out.flush()
                following = next(jobs, None)
                if following is not None:
                    pending.add(pool.submit(play, *following))


LEVELS = ("hard", "greedy", "medium", "easy", "random")


def row_order(row: str) -> tuple[int, str, int]:
    """The levels strongest first, then the other agents by name; a row's challenges as
    CHALLENGES lists them."""
    agent, challenge = row.split("@")
    level = LEVELS.index(agent) if agent in LEVELS else len(LEVELS)
    return (level, agent, list(CHALLENGES).index(challenge))


def games_of(path: Path) -> dict[tuple[str, int], dict[str, Any]]:
    """FILE's games by (row, index)."""
    games = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines())
    return {(game["row"], game["index"]): game for game in games}


def compare(path: Path, first: str, second: str) -> str:
    """Two agents over the same deals, a Markdown row per challenge that both played: games,
    the wins of each, and the deals only one of them won (a sign test's discordant pairs)."""
    games = games_of(path)
    lines = [
        f"| challenge | deals | {first} wins | {second} wins | won only by {first} / only by"
        f" {second} |",
        "|---|---:|---:|---:|---|",
    ]
    totals = [0, 0, 0, 0, 0]
    for challenge, label in CHALLENGES.items():
        ones = {i: g["win"] for (row, i), g in games.items() if row == f"{first}@{challenge}"}
        twos = {i: g["win"] for (row, i), g in games.items() if row == f"{second}@{challenge}"}
        deals = sorted(ones.keys() & twos.keys())
        if not deals:
            continue
        counts = [
            len(deals),
            sum(ones[i] for i in deals),
            sum(twos[i] for i in deals),
            sum(ones[i] and not twos[i] for i in deals),
            sum(twos[i] and not ones[i] for i in deals),
        ]
        totals = [t + c for t, c in zip(totals, counts, strict=True)]
        n, a, b, only_a, only_b = counts
        lines.append(f"| {label} | {n} | {a} | {b} | {only_a} / {only_b} |")
    n, a, b, only_a, only_b = totals
    lines.append(f"| all | {n} | {a} | {b} | {only_a} / {only_b} |")
    return "\n".join(lines)


def table(path: Path) -> str:
    """The Markdown table of FILE's games, a row per agent and challenge."""
    from bitva.arena.benchmark import wilson

    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for line in path.read_text(encoding="utf-8").splitlines():
        game = json.loads(line)
        rows[game["row"]].append(game)
    lines = [
        "| agent | challenge | games | wins | win rate [Wilson 95%] | losses: deck empty / killed"
        " | sniper turns of a win (mean) | s/move (longest) | CPU s/move |",
        "|---|---|---:|---:|---|---|---:|---:|---:|",
    ]
    for row in sorted(rows, key=row_order):
        played = rows[row]
        agent, challenge = row.split("@")
        n = len(played)
        wins = sum(1 for g in played if g["win"])
        low, high = wilson(wins, n)
        reasons = Counter(g["reason"] for g in played)
        turns = [(g["turn"] + 1) / 2 for g in played if g["win"]]  # the engine counts both sides
        moves = sum(g["moves"] for g in played)
        seconds = sum(g["seconds"] for g in played)
        longest = max(g["max"] for g in played)
        timed = [g for g in played if "cpu" in g]  # rows played before it was recorded have none
        cpu = (
            f"{sum(g['cpu'] for g in timed) / max(sum(g['moves'] for g in timed), 1):.2f}"
            if timed
            else "—"
        )
        lines.append(
            f"| {agent} | {CHALLENGES[challenge]} | {n} | {wins} | **{100 * wins / n:.1f}%**"
            f" [{100 * low:.1f}, {100 * high:.1f}] | {reasons.get('deck-empty', 0)} /"
            f" {reasons.get('killed', 0)} | {sum(turns) / max(len(turns), 1):.1f} |"
            f" {seconds / max(moves, 1):.2f} ({longest:.2f}) | {cpu} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", type=Path, help="JSON lines, one game each (appended to)")
    parser.add_argument(
        "--rows", default=",".join(f"hard@{c}" for c in CHALLENGES if c != "gauntlet")
    )
    parser.add_argument("--games", type=int, default=500, help="games a row")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--table", action="store_true", help="print the Markdown table only")
    parser.add_argument(
        "--compare", nargs=2, metavar="AGENT", help="print two agents' wins over the same deals"
    )
    args = parser.parse_args()
    if args.table:
        print(table(args.file))
        return
    if args.compare:
        print(compare(args.file, *args.compare))
        return
    rows = [r.strip() for r in args.rows.split(",") if r.strip()]
    for row in rows:
        if row.count("@") != 1 or row.split("@")[1] not in CHALLENGES:
            parser.error(f"{row!r}: a row is AGENT@CHALLENGE, CHALLENGE one of {list(CHALLENGES)}")
    run(args.file, rows, args.games, args.workers)


if __name__ == "__main__":
    main()
