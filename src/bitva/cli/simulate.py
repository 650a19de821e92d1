"""`bitva simulate GAME`: many games between agents seated by `--seat N=AGENT` / `--pN AGENT`, with
a progress bar, on one core, local processes (`--workers`) or Ray (`--ray [ADDRESS]`): the same
seed gives the same output on every backend.

It reports the wins of every seat and the draws; for a solo game the wins and losses, the win rate
with its Wilson 95% interval and the mean score.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.table import Table

from bitva.cli.common import console, friendly_errors, games_progress
from bitva.cli.options import seat_agents
from bitva.cli.tournament import (
    GAME_HELP,
    OptionPairs,
    OptionsFile,
    UseRay,
    Workers,
    backend_for,
    command_options,
)
from bitva.core.record import GameRecord

SeatSpecs = Annotated[
    list[str] | None,
    typer.Option(
        "--seat", metavar="N=AGENT", help="who plays seat N (repeatable; also --pN AGENT)"
    ),
]


@friendly_errors
def simulate(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="how many games")] = 100,
    seat: SeatSpecs = None,
    seed: Annotated[int, typer.Option(help="master seed: same seed, same output")] = 0,
    option: OptionPairs = None,
    options_file: OptionsFile = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object with records")] = (
        False
    ),
    workers: Workers = 1,
    ray: UseRay = False,
) -> None:
    """Play GAMES games between agents (every seat not named plays `random`) and report the
    wins of every seat, the draws and the average length."""
    from bitva.ai import check_plays, make_agent
    from bitva.arena.simulation import GameJob, run_jobs, shutdown_ray

    definition, options, shorthand, address = command_options(
        game, ctx.args, option, options_file, ray
    )
    seats = definition.seats_for(options)
    agents = seat_agents(seats, seat or (), shorthand)
    for name in agents.values():
        make_agent(name)  # fail early on an unknown agent, or one that cannot play the game
        check_plays(name, definition)
    backend = backend_for(workers, ray, address)
    resolved = definition.new(options, 0).options.model_dump(mode="json")
    jobs = [GameJob(definition.name, resolved, seed, index, agents) for index in range(games)]
    finished: list[GameRecord | None] = [None] * games
    with games_progress("simulating") as progress:
        task = progress.add_task("games", total=games)
        try:
            for result in run_jobs(jobs, backend):
                finished[result.position] = result.record
                progress.advance(task)
        finally:
            if ray:
                shutdown_ray()
    records = [record for record in finished if record is not None]
    tally = _tally(records, seats)
    if as_json:
        print(
            json.dumps(
                {
                    "games": games,
                    "seats": {str(s): name for s, name in agents.items()},
                    **tally,
                    "records": [record.model_dump() for record in records],
                }
            )
        )
        return
    _print(definition.name, agents, tally, games, seed)


def _tally(records: list[GameRecord], seats: int) -> dict[str, Any]:
    """Wins per seat, draws and mean returns (for a solo game: wins, losses, the Wilson interval
    and the mean score)."""
    from bitva.arena.benchmark import wilson

    wins = {str(s): 0 for s in range(1, seats + 1)}
    draws = 0
    returns = [0.0] * seats
    scores: list[float] = []
    for record in records:
        outcome = record.outcome or {}
        for winner in outcome.get("winners", []):
            wins[str(winner)] += 1
        draws += outcome.get("result") == "draw"
        for i, value in enumerate(outcome.get("returns", [])):
            returns[i] += value
        score = (outcome.get("scores") or {}).get("1")
        if seats == 1 and score is not None:
            scores.append(float(score))
    count = max(1, len(records))
    average = sum(len(record.actions) for record in records) / count
    tally: dict[str, Any] = {"wins": wins, "draws": draws}
    if seats == 1:
        low, high = wilson(wins["1"], len(records))
        tally["losses"] = len(records) - wins["1"] - draws
        tally["win_rate"] = round(wins["1"] / count, 4)
        tally["win_interval"] = [round(low, 4), round(high, 4)]
        tally["mean_score"] = round(sum(scores) / len(scores), 4) if scores else None
    tally["mean_returns"] = {str(i + 1): round(total / count, 4) for i, total in enumerate(returns)}
    tally["average_length"] = round(average, 3)
    return tally


def _print(name: str, agents: dict[int, str], tally: dict[str, Any], games: int, seed: int) -> None:
    who = ", ".join(f"{agent} (seat {seat})" for seat, agent in agents.items())
    table = Table(title=f"{games} games of {name}: {who}, seed {seed}")
    for column in ("", "games", "share", "mean return"):
        table.add_column(column, justify="left" if not column else "right")
    wins, returns = tally["wins"], tally["mean_returns"]
    if len(agents) == 1:
        low, high = tally["win_interval"]
        table.add_row(
            f"wins ({agents[1]})",
            str(wins["1"]),
            f"{wins['1'] / games:.1%} [Wilson 95%: {low:.1%}, {high:.1%}]",
            f"{returns['1']:+.2f}",
        )
        table.add_row("losses", str(tally["losses"]), f"{tally['losses'] / games:.1%}", "")
    else:
        for seat, agent in agents.items():
            key = str(seat)
            share = f"{wins[key] / games:.1%}"
            table.add_row(
                f"seat {seat} ({agent}) wins", str(wins[key]), share, f"{returns[key]:+.2f}"
            )
    if tally["draws"] or len(agents) > 1:
        table.add_row("draws", str(tally["draws"]), f"{tally['draws'] / games:.1%}", "")
    console.print(table)
    if tally.get("mean_score") is not None:
        console.print(f"mean score: {tally['mean_score']:.2f}")
    console.print(f"average length: {tally['average_length']:.1f} actions")
