"""`bitva bench GAME`: how fast the engine plays random games on one core."""

from __future__ import annotations

import time
from typing import Annotated

import typer
from rich.table import Table

from bitva.cli.common import console, friendly_errors, require_game


@friendly_errors
def bench(
    game: Annotated[str, typer.Argument(help="the game, e.g. lords-of-war")],
    games: Annotated[int, typer.Option("--games", "-n", min=1)] = 1000,
    seed: Annotated[int, typer.Option()] = 0,
    advanced: Annotated[bool, typer.Option(help="advanced rules (LW-11)")] = False,
) -> None:
    """Random full games per second and actions per second, on this core."""
    name = require_game(game)
    from bitva.core.registry import get_game
    from bitva.core.rng import Rng, derive_seed
    from bitva.games.lords_of_war.state import LordsOfWarState

    definition = get_game(name)
    rows = []
    for label, checked in (
        ("fast path (codes, unchecked)", False),
        ("checked path (apply + events)", True),
    ):
        count = games if not checked else max(1, games // 5)
        actions = 0
        rng = Rng(seed)
        start = time.perf_counter()
        for index in range(count):
            state = definition.new({"advanced": advanced}, derive_seed(seed, index))
            assert isinstance(state, LordsOfWarState)
            if checked:
                while state.current_player is not None:
                    state.apply(rng.choice(state.legal_actions()))
                    actions += 1
            else:
                while state.current_player is not None:
                    state.apply_code(rng.choice(state.legal_codes()))
                    actions += 1
        elapsed = time.perf_counter() - start
        rows.append((label, count, count / elapsed, actions / elapsed, actions / count))
    table = Table(
        title=f"{name}: random full games on one core{' (advanced rules)' if advanced else ''}"
    )
    for column in ("path", "games", "games/s", "actions/s", "actions/game"):
        table.add_column(column, justify="right")
    for label, count, gps, aps, per_game in rows:
        table.add_row(label, str(count), f"{gps:,.0f}", f"{aps:,.0f}", f"{per_game:.1f}")
    console.print(table)
