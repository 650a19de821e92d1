"""`bitva analyse GAME POSITION`: every way to play the position's decision point."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from bitva.cli.common import console, friendly_errors, require_game


@friendly_errors
def analyse(
    game: Annotated[str, typer.Argument(help="the game, e.g. lords-of-war")],
    position: Annotated[Path, typer.Argument(help="a position file (TOML, rules section 14)")],
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    write: Annotated[
        Path | None,
        typer.Option(help="also write the position back out (a round trip of the file)"),
    ] = None,
) -> None:
    """List every legal way to play the current decision point to the end of phase 2, with the
    units each side loses and the result."""
    require_game(game)
    from bitva.games.lords_of_war.lines import lines
    from bitva.games.lords_of_war.position import read_position, save_position

    state = read_position(position)
    if write is not None:
        save_position(state, write)
    all_lines = list(lines(state))
    if as_json:
        print(
            json.dumps(
                {"to_move": state.current_player, "lines": [line.to_json() for line in all_lines]}
            )
        )
        return
    seat = state.current_player
    table = Table(
        title=f"{position}: player {seat} to move ({state.phase}), {len(all_lines)} line(s)"
    )
    for column in ("#", "play", "P1 loses", "P2 loses", "result"):
        table.add_column(column)
    for number, line in enumerate(all_lines, start=1):
        if line.reinforce is not None:
            play = line.actions[0]
        else:
            play = f"{line.place['card']}@{line.place['square']}" if line.place else ""
            play += "".join(f"; {s} shoots {t}" for s, t in line.shots.items())
            play += "".join(f"; {m['from']}→{m['to']}" for m in line.moves)
        losses = {
            owner: ", ".join(f"{e['card']}@{e['square']}" for e in line.losses(owner))
            for owner in (1, 2)
        }
        result = (
            ""
            if not line.result
            else "draw"
            if line.result.get("draw")
            else f"P{line.result['winner']} wins"
        )
        table.add_row(str(number), play, losses[1] or "—", losses[2] or "—", result)
    console.print(table)
