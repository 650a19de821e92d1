"""`bitva calc`: combat calculators (filled in by the Age of Sigmar work)."""

from __future__ import annotations

import typer

app = typer.Typer(help="Exact combat calculators.", no_args_is_help=True)
