"""The `bitva` command: one Typer app, each command in a module of its own.

A command that takes a `typer.Context` takes the game's options as flags of their own (`--advanced`,
`--units-to-win 10`): it is registered with `FREE_FLAGS`, so the flags it does not declare reach
it in `ctx.args` (see `bitva.cli.options`).
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any

import typer

from bitva import __version__
from bitva.cli import calc
from bitva.cli.analyse import analyse
from bitva.cli.bench import bench
from bitva.cli.common import Command, Group, console, fail
from bitva.cli.game_info import games
from bitva.cli.migrate import migrate
from bitva.cli.options import FREE_FLAGS
from bitva.cli.play import play
from bitva.cli.replay import replay_command
from bitva.cli.serve import serve
from bitva.cli.simulate import simulate
from bitva.cli.tournament import tournament


class Bitva(Group):
    """The command group. A usage error (a missing argument, a number out of range) is one line
    with exit code 2, like every other bad input, instead of a framed message."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        parent = super().main
        if not standalone_mode:
            return parent(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            result = parent(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except typer.Abort:
            fail("aborted", 1)
            sys.exit(1)
        except typer.TyperException as exc:  # Click's errors: usage, bad values, missing files
            code = int(getattr(exc, "exit_code", 2))
            if type(exc).__name__ == "NoArgsIsHelpError":  # the help is shown already
                sys.exit(code)
            ctx = getattr(exc, "ctx", None)
            where = f" (see {ctx.command_path} --help)" if ctx is not None else ""
            message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
            fail(message + where, code)
            sys.exit(code)
        sys.exit(result if isinstance(result, int) else 0)


app = typer.Typer(
    name="bitva",
    cls=Bitva,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
)


def show_version(value: bool) -> None:
    if value:
        console.print(f"bitva {__version__}", markup=False)
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=show_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Tabletop wargames, rules exact: play, analyse, simulate and replay.

    Shell completion: `bitva --install-completion` (bash, zsh, fish, PowerShell)."""


def takes_context(command: Callable[..., Any]) -> bool:
    return any(
        parameter.annotation in (typer.Context, "typer.Context", "Context")
        for parameter in inspect.signature(command).parameters.values()
    )


def add(command: Callable[..., Any], name: str | None = None) -> None:
    settings = FREE_FLAGS if takes_context(command) else None
    app.command(name, cls=Command, context_settings=settings)(command)


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
