"""`bitva play GAME`: a whole game in the terminal, for any registered game."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer

from bitva.cli.common import console, friendly_errors, load_game
from bitva.cli.options import OptionPairs, OptionsFile, SeatSpecs, options_and_seats, seat_agents


@friendly_errors
def play(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="the game (`bitva games` lists them)")],
    seat: SeatSpecs = None,
    option: OptionPairs = None,
    options_file: OptionsFile = None,
    seed: Annotated[int | None, typer.Option(help="seed for chance (default: random)")] = None,
    save: Annotated[Path | None, typer.Option(help="save the game record here as it goes")] = None,
) -> None:
    """Play a game in the terminal: against agents, hot-seat, solo, or watch agents play.

    Seats: --seat N=AGENT or --pN AGENT, where AGENT is human, or an AI level: easy, medium,
    hard (under 2 s a move); experts: random, greedy, mcts, ismcts. By default seat 1 is human
    and every other seat greedy (a solo game: the human alone).

    Game options: -o key=value, --options FILE.toml, or a flag per option (--units-to-win 10,
    --advanced, --no-advanced); `bitva games GAME` lists them.
    """
    definition = load_game(game)
    options, shorthand = options_and_seats(definition, ctx.args, option, options_file)
    seats = definition.seats_for(options)
    default = {number: "human" if number == 1 else "greedy" for number in range(1, seats + 1)}
    players = seat_agents(seats, seat or (), shorthand, default)
    from bitva.cli.terminal import TerminalGame

    TerminalGame(
        console,
        definition,
        options,
        players,
        seed if seed is not None else secrets.randbelow(2**31),
        save,
    ).run()
