"""``bitva calc aos-reach BATTLE [--json]``: issue 22's reach analysis of a battle file.

For the active player (``[position] active``, or ``--active``): every unit on the table with its
coherency (GEO-5), and each of its units against each enemy unit: distance (GEO-3), line of
sight (GEO-8), missile weapons in range (AOS-11.2) and the exact charge chance (AOS-8, GEO-9).
A shipped setup may be named instead of a file (``starter_clash``, ``2``). Bad input prints one
``error:`` line and exits with code 2.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.table import Table

from bitva.cli.common import Command
from bitva.core.errors import BitvaError


class ActiveSide(StrEnum):
    A = "A"
    B = "B"


def _fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def aos_reach(
    battle: Annotated[
        str, typer.Argument(help="A battle file (TOML, rules 3.4) or a shipped setup name.")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print the answer as JSON.")] = False,
    active: Annotated[
        ActiveSide | None,
        typer.Option(help="Whose turn it is (default: the file's [position] active, else A)."),
    ] = None,
) -> None:
    """What can reach what, and the charge odds, for the active player (issue 22)."""
    from bitva.games.age_of_sigmar.analysis import reach_analysis
    from bitva.games.age_of_sigmar.battle import find_battle

    try:
        answer = reach_analysis(find_battle(battle), None if active is None else active.value)
    except BitvaError as exc:  # ContentError (file, field, reason), UnknownBattle
        _fail(str(exc))
    if as_json:
        typer.echo(json.dumps(answer))
        return
    _print(answer)


def _print(answer: dict[str, Any]) -> None:
    console = Console()
    units = Table(title=f"Units on the table (active player {answer['active']})")
    for column in ("Unit", "Models", "Coherent (GEO-5)"):
        units.add_column(column)
    for unit_id, facts in answer["units"].items():
        units.add_row(unit_id, str(facts["models"]), "yes" if facts["coherent"] else "no")
    console.print(units)
    pairs = Table(title="Reach of the active player's units")
    for column in ("Unit", "Target", "Distance", "Visible", "Missile in range", "Charge"):
        pairs.add_column(column, justify="right" if column in ("Distance", "Charge") else "left")
    for pair in answer["pairs"]:
        pairs.add_row(
            pair["unit"],
            pair["target"],
            f'{pair["distance"]:.3f}"',
            "yes" if pair["visible"] else "no",
            ", ".join(pair["in_range"]) or "-",
            f"{pair['charge_probability'] * 100:.2f}%",
        )
    console.print(pairs)


def mount(app: typer.Typer) -> None:
    """Add ``aos-reach`` to the calculators' command group."""
    app.command("aos-reach", cls=Command)(aos_reach)
