"""`bitva tournament GAME`: a round robin between agents, stored in a database game by game
(resumable), with win rates, Elo and an optional Markdown report."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from bitva.cli.common import console, err_console, friendly_errors, games_progress, require_game
from bitva.core.errors import BitvaError

ADDRESS_HELP = (
    "with --ray: the address of a running Ray cluster (auto, HOST:PORT or ray://HOST:PORT);"
    " without one, --ray starts a local Ray instance"
)
# The scale-out parameters `bitva simulate` shares.
RayAddress = Annotated[
    str | None, typer.Argument(metavar="[ADDRESS]", help=ADDRESS_HELP, show_default=False)
]
UseRay = Annotated[
    bool, typer.Option("--ray", help="run the games on Ray (pip install 'bitva\\[ray]')")
]


def backend_for(workers: int, ray: bool, address: str | None) -> Any:
    """The backend of `--workers K` / `--ray [ADDRESS]` (shared with `bitva simulate`)."""
    from bitva.simulation import LOCAL_RAY, Backend

    if address is not None and not ray:
        raise BitvaError(f"unexpected argument {address!r} (a Ray address goes after --ray)")
    return Backend(workers, (address or LOCAL_RAY) if ray else None)


def _elo(value: float) -> str:
    return "—" if math.isnan(value) else f"{value:.0f}"


@friendly_errors
def tournament(
    game: Annotated[str, typer.Argument(help="the game, e.g. lords-of-war")],
    address: RayAddress = None,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            help="agents, comma separated: random, greedy, easy, medium, hard, mcts, ismcts;"
            " parameters after a colon, e.g. ismcts:iterations=400",
        ),
    ] = "random,greedy,mcts,ismcts",
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, help="games per pairing (seats swap each deal)")
    ] = 20,
    workers: Annotated[
        int | None,
        typer.Option(min=1, help="local processes (default: one per CPU); with --ray, its CPUs"),
    ] = None,
    ray: UseRay = False,
    db: Annotated[
        str | None,
        typer.Option(help="database URL (default: a SQLite file in the user data directory)"),
    ] = None,
    seed: Annotated[int, typer.Option(help="master seed: same seed, same games")] = 0,
    report: Annotated[
        Path | None, typer.Option(help="write DIR/tournament.md and DIR/tournament.png")
    ] = None,
    armies: Annotated[str, typer.Option(help="army or deck file per seat")] = "orcs,dwarves",
    advanced: Annotated[bool, typer.Option(help="advanced rules (LW-11)")] = False,
    borderless: Annotated[bool, typer.Option(help="borderless mat (LW-10.1)")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print the results as JSON")] = False,
) -> None:
    """Play a round robin between AGENTS (GAMES games per pairing, seats swapped), store every
    game as it ends (running the same command again resumes), and print win rates, Elo with 95%
    intervals and average game length."""
    name = require_game(game)
    from bitva.ai.tournament import Tournament, run_tournament, summarize
    from bitva.simulation import shutdown_ray
    from bitva.store.db import make_engine
    from bitva.store.tournaments import StoredGame, TournamentStore

    backend = backend_for(workers or os.cpu_count() or 1, ray, address)
    options: dict[str, Any] = {"armies": armies, "advanced": advanced, "borderless": borderless}
    spec = Tournament.create(name, options, agents.split(","), games, seed)
    store = TournamentStore(make_engine(db))
    with games_progress("tournament") as progress:
        task = progress.add_task("tournament", total=None)

        def started(total: int, done: int) -> None:
            progress.update(task, total=total, completed=done)
            if done:
                err_console.print(f"resuming: {done} of {total} games already stored")

        def finished(_: StoredGame) -> None:
            progress.advance(task)

        try:
            played = run_tournament(spec, store, backend, finished, started)
        finally:
            if ray:
                shutdown_ray()
    summary = summarize(spec.agents, played)
    if report is not None:
        from bitva.ai.report import write_report

        path = write_report(report, spec, summary)
        err_console.print(f"report written to {path}")
    if as_json:
        print(json.dumps({"tournament": spec.key, **summary.to_json()}))
        return
    table = Table(
        title=f"{name}: {summary.games} games, {games} per pairing, seed {seed}"
        f" ({backend.describe()})"
    )
    columns = ("agent", "games", "W-D-L", "score", "Elo [95%]", "length", "s/move (max)")
    for column in columns:
        table.add_column(column, justify="left" if column == "agent" else "right")
    for s in summary.standings:
        table.add_row(
            s.agent,
            str(s.games),
            f"{s.wins}-{s.draws}-{s.losses}",
            f"{s.score:.1%}",
            f"{_elo(s.elo)} [{_elo(s.elo_low)}, {_elo(s.elo_high)}]",
            f"{s.average_length:.1f}",
            f"{s.move_seconds:.2f} ({s.max_move_seconds:.2f})",
        )
    console.print(table)
    order = [s.agent for s in summary.standings]
    matrix = Table(title="score of row against column")
    matrix.add_column("")
    for agent in order:
        matrix.add_column(agent, justify="right")
    for a in order:
        matrix.add_row(
            a, *(f"{summary.matrix[a][b]:.0%}" if b in summary.matrix[a] else "" for b in order)
        )
    console.print(matrix)
    console.print(
        f"average length: {summary.average_length:.1f} actions; results fingerprint"
        f" {summary.fingerprint}; tournament {spec.key}"
    )
