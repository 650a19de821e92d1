"""`bitva tournament GAME`: a round robin between agents at every table of the game's seats (a
benchmark for a solo game), stored in a database game by game (resumable), with win rates, Elo
(or Wilson intervals) and an optional Markdown report.

This module also holds what `bitva simulate` shares: the game's options and seats from the
command line (`bitva.cli.options`), and the backend of `--workers K` / `--ray [ADDRESS]`.
"""

from __future__ import annotations

import json
import math
import os
import types
import typing
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import BaseModel
from rich.table import Table

from bitva.arena.tournament import MAX_GAMES
from bitva.cli.common import (
    check_output_directory,
    console,
    err_console,
    fail,
    friendly_errors,
    games_progress,
    open_database,
    seed_option,
)
from bitva.cli.options import game_options, split_flags
from bitva.core.errors import BitvaError
from bitva.core.game import Game
from bitva.core.registry import get_game

if typing.TYPE_CHECKING:
    from bitva.arena.benchmark import Benchmark
    from bitva.arena.simulation import Backend
    from bitva.arena.standings import Summary
    from bitva.arena.tournament import Tournament
    from bitva.store.tournaments import StoredGame

# The parameters `bitva simulate` shares.
UseRay = Annotated[
    bool,
    typer.Option(
        "--ray",
        metavar="[ADDRESS]",
        help="run the games on Ray (pip install 'bitva\\[ray]'); an ADDRESS right after --ray"
        " (auto, HOST:PORT or ray://HOST:PORT) joins a running cluster, none starts a local one",
    ),
]
Workers = Annotated[int, typer.Option(min=1, help="local processes; with --ray, its CPUs")]
OptionPairs = Annotated[
    list[str] | None,
    typer.Option("-o", "--option", metavar="KEY=VALUE", help="a game option (repeatable)"),
]
OptionsFile = Annotated[
    Path | None, typer.Option("--options", metavar="FILE.toml", help="game options from TOML")
]
GAME_HELP = (
    "the game (`bitva games` lists them); each of its options is also a flag of its own"
    " (--key value, --flag, --no-flag)"
)
_BOOLEAN_WORDS = frozenset(("true", "false", "yes", "no", "on", "off", "1", "0"))


def _is_boolean(model: type[BaseModel], key: str) -> bool:
    field = model.model_fields.get(key)
    if field is None:
        return False
    annotation = field.annotation
    if annotation is bool:
        return True
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        return bool in typing.get_args(annotation)
    return False


def take_ray_address(
    args: Sequence[str], ray: bool, game: Game[Any, Any]
) -> tuple[str | None, list[str]]:
    """The Ray address among a command's free arguments, and the rest (the game's flags).

    `--ray` is a flag of the command, so the address written after it arrives among the free
    arguments: it is the word that no flag takes as its value (a boolean option such as
    `--advanced` takes only true/false, yes/no, on/off, 1/0)."""
    model = game.options_model
    rest: list[str] = []
    loose: list[str] = []
    items = list(args)
    i = 0
    while i < len(items):
        arg = items[i]
        i += 1
        if not (arg.startswith("--") and len(arg) > 2):
            loose.append(arg)
            continue
        rest.append(arg)
        name, eq, _ = arg[2:].partition("=")
        if eq or i >= len(items) or items[i].startswith("--"):
            continue
        key = name.replace("-", "_")
        if key.startswith("no_") and _is_boolean(model, key[3:]):
            continue
        if _is_boolean(model, key) and items[i].strip().lower() not in _BOOLEAN_WORDS:
            continue
        rest.append(items[i])
        i += 1
    if not loose:
        return None, rest
    if not ray or len(loose) > 1:
        raise BitvaError(f"unexpected argument {loose[-1]!r} (a Ray address goes after --ray)")
    return loose[0], rest


def command_options(
    game: str,
    args: Sequence[str],
    pairs: Sequence[str] | None,
    file: Path | None,
    ray: bool,
) -> tuple[Game[Any, Any], BaseModel, dict[int, str], str | None]:
    """The game, its validated options, the `--pN` seats and the Ray address of a command."""
    definition = get_game(game)
    address, rest = take_ray_address(args, ray, definition)
    flags, seats = split_flags(rest)
    options = game_options(definition, pairs or (), file, flags)
    return definition, options, seats, address


def backend_for(workers: int, ray: bool, address: str | None) -> Backend:
    """The backend of `--workers K` / `--ray [ADDRESS]` (shared with `bitva simulate`)."""
    from bitva.arena.simulation import LOCAL_RAY, Backend

    if address is not None and not ray:
        raise BitvaError(f"unexpected argument {address!r} (a Ray address goes after --ray)")
    return Backend(workers, (address or LOCAL_RAY) if ray else None)


def _elo(value: float) -> str:
    return "—" if math.isnan(value) else f"{value:.0f}"


@friendly_errors
def tournament(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            help="agents, comma separated: random, greedy, easy, medium, hard, mcts, ismcts;"
            " parameters after a colon, e.g. ismcts:iterations=400,c=0.3 (as every command"
            " takes them)",
        ),
    ] = "random,greedy,mcts,ismcts",
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            min=1,
            help="games per table (each deal in every seating of a table); at most"
            f" {MAX_GAMES:,} games in all, games are dealt out as workers free up",
        ),
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
    seed: Annotated[int, seed_option("master seed: same seed, same games")] = 0,
    report: Annotated[
        Path | None, typer.Option(help="write DIR/tournament.md and DIR/tournament.png")
    ] = None,
    option: OptionPairs = None,
    options_file: OptionsFile = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the results as JSON")] = False,
) -> None:
    """Play a round robin between AGENTS at every table of the game's seats (GAMES games per
    table, each deal in every seating), store every game as it ends (running the same command
    again resumes), and print win rates, Elo with 95% intervals and average game length. A solo
    game is a benchmark: win rates with Wilson 95% intervals and mean scores, no Elo."""
    from bitva.ai.agents import split_agents
    from bitva.arena.simulation import shutdown_ray
    from bitva.arena.tournament import Tournament, run_tournament
    from bitva.store.tournaments import TournamentStore

    definition, options, seats, address = command_options(game, ctx.args, option, options_file, ray)
    if seats:
        raise BitvaError("a tournament seats its agents itself: name them with --agents")
    if report is not None:
        check_output_directory(report, "report")  # before any game is played
    backend = backend_for(workers or os.cpu_count() or 1, ray, address)
    spec = Tournament.create(
        definition.name, options.model_dump(mode="json"), split_agents(agents), games, seed
    )
    store = TournamentStore(open_database(db))
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
        except KeyboardInterrupt:  # Ctrl-C: the workers are stopped, the finished games kept
            raise fail(
                "interrupted; the finished games are stored: the same command resumes", 130
            ) from None
        finally:
            if ray:
                shutdown_ray()
    summary = _summary(spec, played)
    _note_stopped(played)
    if report is not None:
        from bitva.arena.report import write_report

        path = write_report(report, spec, summary)
        err_console.print(f"report written to {path}")
    kind = "benchmark" if spec.solo else "tournament"
    if as_json:
        print(json.dumps({"tournament": spec.key, "kind": kind, **summary.to_json()}))
        return
    title = (
        f"{definition.name}: {summary.games} games, {games} per"
        f" {'agent' if spec.solo else 'table'} ({spec.seats} seat{'s' if spec.seats > 1 else ''}),"
        f" seed {seed} ({backend.describe()})"
    )
    from bitva.arena.benchmark import Benchmark

    if isinstance(summary, Benchmark):
        _print_benchmark(title, summary)
    else:
        _print_standings(title, summary)
    console.print(
        f"average length: {summary.average_length:.1f} actions; results fingerprint"
        f" {summary.fingerprint}; {kind} {spec.key}"
    )


def _note_stopped(played: list[StoredGame]) -> None:
    """Say which games no one won because the arena stopped them at the game's horizon."""
    from bitva.store.tournaments import STOPPED

    stopped = [game for game in played if game.result == STOPPED]
    if stopped:
        where = "; ".join(
            f"{' v '.join(game.seats[seat] for seat in sorted(game.seats))} (game {game.index})"
            for game in stopped[:5]
        )
        more = f" and {len(stopped) - 5} more" if len(stopped) > 5 else ""
        err_console.print(
            f"[yellow]{len(stopped)} game{'s were' if len(stopped) > 1 else ' was'} stopped at"
            f" the game's horizon with no winner and count as draws: {where}{more}[/yellow]"
        )


def _summary(spec: Tournament, played: list[StoredGame]) -> Summary | Benchmark:
    if spec.solo:
        from bitva.arena.benchmark import benchmark

        return benchmark(spec.agents, played)
    from bitva.arena.standings import summarize

    return summarize(spec.agents, played)


def _print_standings(title: str, summary: Summary) -> None:
    table = Table(title=title)
    columns = ("agent", "games", "W-D-L", "score", "return", "Elo [95%]", "length", "s/move (max)")
    for column in columns:
        table.add_column(column, justify="left" if column == "agent" else "right")
    for s in summary.standings:
        table.add_row(
            s.agent,
            str(s.games),
            f"{s.wins}-{s.draws}-{s.losses}",
            f"{s.score:.1%}",
            f"{s.mean_return:+.2f}",
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


def _print_benchmark(title: str, result: Benchmark) -> None:
    table = Table(title=title)
    columns = ("agent", "games", "W-D-L", "win rate [Wilson 95%]", "mean score", "length")
    for column in (*columns, "s/move (max)"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for r in result.rows:
        table.add_row(
            r.agent,
            str(r.games),
            f"{r.wins}-{r.draws}-{r.losses}",
            f"{r.win_rate:.1%} [{r.win_low:.1%}, {r.win_high:.1%}]",
            "—" if r.mean_score is None else f"{r.mean_score:.2f}",
            f"{r.average_length:.1f}",
            f"{r.move_seconds:.2f} ({r.max_move_seconds:.2f})",
        )
    console.print(table)
