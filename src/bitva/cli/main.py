"""The `bitva` command: one Typer app, each command in a module of its own."""

from __future__ import annotations

import typer

from bitva.cli import calc
from bitva.cli.analyse import analyse
from bitva.cli.bench import bench
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

app.command()(play)
app.command()(analyse)
app.command()(simulate)
app.command()(tournament)
app.command("replay")(replay_command)
app.command()(bench)
app.command()(serve)
app.add_typer(calc.app, name="calc")


@app.command("games")
def list_games() -> None:
    """List the games bitva knows."""
    from bitva.core.registry import all_games

    for game in all_games():
        typer.echo(f"{game.name}\t{game.title}")


if __name__ == "__main__":
    app()
