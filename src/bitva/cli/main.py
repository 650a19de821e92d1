"""The `bitva` command: one Typer app, each command in a module of its own.

A command that takes a `typer.Context` takes the game's options as flags of their own (`--advanced`,
`--units-to-win 10`): it is registered with `FREE_FLAGS`, so the flags it does not declare reach
it in `ctx.args` (see `bitva.cli.options`).

The commands here work for every game. A game's own commands come from its terminal adapter
(`TerminalAdapter.commands`, e.g. a calculator under `bitva calc`): the group mounts those of every
game the adapters' lookup finds, when a command line names a group of its own or help lists them,
so the commands every game shares start without loading every game's adapter.
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from bitva import __version__
from bitva.cli.analyse import analyse
from bitva.cli.bench import bench
from bitva.cli.common import Command, Group, console, fail
from bitva.cli.game_info import games
from bitva.cli.games import game_adapters
from bitva.cli.migrate import migrate
from bitva.cli.options import FREE_FLAGS
from bitva.cli.play import play
from bitva.cli.replay import replay_command
from bitva.cli.serve import serve
from bitva.cli.simulate import simulate
from bitva.cli.tournament import tournament


@functools.cache
def game_groups() -> dict[str, TyperGroup]:
    """The `bitva` groups the games' adapters bring commands to, by name: the commands of every
    adapter that names a group joined in one (two games' calculators both under `bitva calc`)."""
    merged: dict[str, typer.Typer] = {}
    for adapter in game_adapters():
        for name, commands in adapter.commands.items():
            if name not in merged:
                about = commands.info.help
                merged[name] = typer.Typer(
                    name=name,
                    help=about if isinstance(about, str) else None,
                    no_args_is_help=True,
                    cls=Group,
                )
            merged[name].registered_commands.extend(commands.registered_commands)
            merged[name].registered_groups.extend(commands.registered_groups)
    return {name: typer.main.get_group(app) for name, app in merged.items()}


class Bitva(Group):
    """The command group. A usage error (a missing argument, a number out of range) is one line
    with exit code 2, like every other bad input, instead of a framed message.

    Besides its own commands it offers the games' groups (`game_groups`); a game cannot replace
    a command every game shares."""

    # Typer's own Click types are private: `ctx` is a Context, the answer a Command or None
    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        own = super().get_command(ctx, cmd_name)
        return own if own is not None else game_groups().get(cmd_name)

    def list_commands(self, ctx: Any) -> list[str]:
        own = list(super().list_commands(ctx))
        return own + sorted(set(game_groups()) - set(own))

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


if __name__ == "__main__":
    app()
