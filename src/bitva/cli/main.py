"""The `bitva` command: one Typer app, each command in a module of its own.

A command that takes a `typer.Context` takes the game's options as flags of their own (`--advanced`,
`--units-to-win 10`): it is registered with `FREE_FLAGS`, so the flags it does not declare reach
it in `ctx.args` (see `bitva.cli.options`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import typer

from bitva.cli import calc
from bitva.cli.analyse import analyse
from bitva.cli.bench import bench
from bitva.cli.game_info import games
from bitva.cli.migrate import migrate
from bitva.cli.options import FREE_FLAGS
from bitva.cli.play import play
from bitva.cli.replay import replay_command
from bitva.cli.serve import serve
from bitva.cli.simulate import simulate
from bitva.cli.tournament import tournament

app = typer.Typer(
    name="bitva",
    help="Tabletop wargames, rules exact: play, analyse, simulate and replay.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def takes_context(command: Callable[..., Any]) -> bool:
    return any(
        parameter.annotation in (typer.Context, "typer.Context", "Context")
        for parameter in inspect.signature(command).parameters.values()
    )


def add(command: Callable[..., Any], name: str | None = None) -> None:
    settings = FREE_FLAGS if takes_context(command) else None
    app.command(name, context_settings=settings)(command)


add(games, "games")
add(play)
add(analyse)
add(simulate)
add(tournament)
add(replay_command, "replay")
add(migrate)
add(bench)
add(serve)
app.add_typer(calc.app, name="calc")


if __name__ == "__main__":
    app()
