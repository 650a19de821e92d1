"""The `bitva` command: one Typer app, each command in a module of its own."""

from __future__ import annotations

import typer

from bitva.cli import calc

app = typer.Typer(
    name="bitva",
    help="Tabletop wargames, rules exact: play, analyse, simulate and replay.",
    no_args_is_help=True,
    add_completion=False,
)

app.add_typer(calc.app, name="calc")


if __name__ == "__main__":
    app()
