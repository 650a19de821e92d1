"""`bitva simulate GAME`: many games between agents, with a progress bar."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from bitva.cli.common import console, err_console, friendly_errors, require_game


@friendly_errors
def simulate(
    game: Annotated[str, typer.Argument(help="the game, e.g. lords-of-war")],
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
) -> None:
    """Play GAMES games between two agents and report wins, draws and average length."""
    name = require_game(game)
    from bitva.ai import make_agent
    from bitva.simulation import play_game

    make_agent(p1), make_agent(p2)  # fail early on an unknown agent
    options: dict[str, Any] = {"armies": armies, "advanced": advanced, "borderless": borderless}
    wins = {"1": 0, "2": 0}
    draws = 0
    lengths = []
    records = []
    with Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
        disable=not err_console.is_terminal,
    ) as progress:
        task = progress.add_task("games", total=games)
        for index in range(games):
            record = play_game(name, options, seed, index, {1: p1, 2: p2})
            outcome = record.outcome or {}
            if outcome.get("winner") in (1, 2):
                wins[str(outcome["winner"])] += 1
            else:
                draws += 1
            lengths.append(len(record.actions))
            records.append(record.model_dump())
            progress.advance(task)
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
