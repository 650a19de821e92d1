"""`bitva play GAME`: a whole game in the terminal."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer

from bitva.cli.common import console, friendly_errors, require_game
from bitva.core.errors import BitvaError

PLAYER_HELP = (
    "human, or an AI level: easy, medium, hard (under 2 s a move); experts: random, greedy,"
    " mcts, ismcts"
)


@friendly_errors
def play(
    game: Annotated[str, typer.Argument(help="the game, e.g. lords-of-war")],
    p1: Annotated[
        str, typer.Option(help=f"who plays seat 1 (moves first): {PLAYER_HELP}")
    ] = "human",
    p2: Annotated[str, typer.Option(help=f"who plays seat 2: {PLAYER_HELP}")] = "greedy",
    armies: Annotated[str, typer.Option(help="army or deck file per seat, e.g. orcs,dwarves")] = (
        "orcs,dwarves"
    ),
    advanced: Annotated[
        bool, typer.Option(help="advanced rules: cavalry and berserkers (LW-11)")
    ] = (False),
    borderless: Annotated[bool, typer.Option(help="borderless mat (LW-10.1)")] = False,
    units_to_win: Annotated[int, typer.Option(help="LW-10.2")] = 20,
    commands_to_win: Annotated[int, typer.Option(help="LW-10.2")] = 4,
    seed: Annotated[int | None, typer.Option(help="seed for the shuffle (default: random)")] = None,
    save: Annotated[Path | None, typer.Option(help="save the game record here as it goes")] = None,
) -> None:
    """Play a game in the terminal against an agent, hot-seat, or watch two agents."""
    require_game(game)
    from bitva.ai import AGENTS
    from bitva.cli.lords_of_war_play import TerminalGame

    for who in (p1, p2):
        if who != "human" and who not in AGENTS:
            raise BitvaError(f"unknown player {who!r} (choose {PLAYER_HELP})")
    options = {
        "armies": armies,
        "advanced": advanced,
        "borderless": borderless,
        "units_to_win": units_to_win,
        "commands_to_win": commands_to_win,
    }
    TerminalGame(
        console,
        {1: p1, 2: p2},
        options,
        seed if seed is not None else secrets.randbelow(2**31),
        save,
    ).run()
