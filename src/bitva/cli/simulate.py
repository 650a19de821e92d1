"""`bitva simulate GAME`: many games between agents, with a progress bar, on one core, local
processes (`--workers`) or Ray (`--ray [ADDRESS]`): the same seed gives the same output on every
backend."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.table import Table

from bitva.cli.common import console, friendly_errors, games_progress, require_game
from bitva.cli.tournament import RayAddress, UseRay, backend_for


@friendly_errors
def simulate(
    game: Annotated[str, typer.Argument(help="the game, e.g. lords-of-war")],
    address: RayAddress = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="how many games")] = 100,
    p1: Annotated[str, typer.Option(help="agent of seat 1")] = "random",
    p2: Annotated[str, typer.Option(help="agent of seat 2")] = "random",
    seed: Annotated[int, typer.Option(help="master seed: same seed, same output")] = 0,
    armies: Annotated[str, typer.Option(help="army or deck file per seat")] = "orcs,dwarves",
    advanced: Annotated[bool, typer.Option(help="advanced rules (LW-11)")] = False,
    borderless: Annotated[bool, typer.Option(help="borderless mat (LW-10.1)")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object with records")] = (
        False
    ),
    workers: Annotated[int, typer.Option(min=1, help="local processes; with --ray, its CPUs")] = 1,
    ray: UseRay = False,
) -> None:
    """Play GAMES games between two agents and report wins, draws and average length."""
    name = require_game(game)
    from bitva.ai import make_agent
    from bitva.simulation import GameJob, run_jobs, shutdown_ray

    make_agent(p1), make_agent(p2)  # fail early on an unknown agent
    backend = backend_for(workers, ray, address)
    options: dict[str, Any] = {"armies": armies, "advanced": advanced, "borderless": borderless}
    wins = {"1": 0, "2": 0}
    draws = 0
    lengths = []
    records = []
    with games_progress("simulating") as progress:
        task = progress.add_task("games", total=games)
        jobs = [GameJob(name, options, seed, index, {1: p1, 2: p2}) for index in range(games)]
        finished: list[Any] = [None] * games
        try:
            for result in run_jobs(jobs, backend):
                finished[result.position] = result.record
                progress.advance(task)
        finally:
            if ray:
                shutdown_ray()
    for record in finished:
        outcome = record.outcome or {}
        if outcome.get("winner") in (1, 2):
            wins[str(outcome["winner"])] += 1
        else:
            draws += 1
        lengths.append(len(record.actions))
        records.append(record.model_dump())
    average = sum(lengths) / len(lengths)
    if as_json:
        print(
            json.dumps(
                {
                    "games": games,
                    "wins": wins,
                    "draws": draws,
                    "average_length": round(average, 3),
                    "records": records,
                }
            )
        )
        return
    table = Table(title=f"{games} games of {name}: {p1} (seat 1) vs {p2} (seat 2), seed {seed}")
    for column in ("", "wins", "share"):
        table.add_column(column)
    table.add_row(f"seat 1 ({p1})", str(wins["1"]), f"{wins['1'] / games:.1%}")
    table.add_row(f"seat 2 ({p2})", str(wins["2"]), f"{wins['2'] / games:.1%}")
    table.add_row("draws", str(draws), f"{draws / games:.1%}")
    console.print(table)
    console.print(f"average length: {average:.1f} actions")
