"""`bitva play GAME`: a whole game in the terminal, for any registered game; `bitva play --resume
FILE` goes on with a saved one."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Annotated

import typer

from bitva.cli.common import check_output_file, console, friendly_errors, load_game, seed_option
from bitva.cli.options import (
    OptionPairs,
    OptionsFile,
    SeatSpecs,
    options_and_seats,
    seat_agents,
    split_flags,
)
from bitva.core.errors import BitvaError, RecordError
from bitva.core.record import GameRecord

RANDOM_SEEDS = 2**31  # a seed left to chance is drawn below this (any seed up to 2**63-1 plays)


def agents_of(players: dict[int, str]) -> dict[int, str]:
    """Each seat's agent string checked the way every command reads it (`hard`,
    `ismcts:evaluations=10000`, `human`), names in lower case."""
    from bitva.ai.agents import parse_agent

    checked: dict[int, str] = {}
    for seat, who in players.items():
        if who.strip().lower() == "human":
            checked[seat] = "human"
            continue
        name, _ = parse_agent(who)  # a one-line BitvaError for an unknown name or parameter
        checked[seat] = name + who.strip()[len(name) :]
    return checked


@friendly_errors
def play(
    ctx: typer.Context,
    game: Annotated[
        str | None, typer.Argument(help="the game (`bitva games` lists them)", show_default=False)
    ] = None,
    seat: SeatSpecs = None,
    option: OptionPairs = None,
    options_file: OptionsFile = None,
    seed: Annotated[int | None, seed_option("seed for chance (default: random)")] = None,
    save: Annotated[Path | None, typer.Option(help="save the game record here as it goes")] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="go on with a saved game: its record is replayed and its seats play on"
            " (saving to FILE unless --save says otherwise)",
        ),
    ] = None,
) -> None:
    """Play a game in the terminal: against agents, hot-seat, solo, or watch agents play.

    Seats: --seat N=AGENT or --pN AGENT, where AGENT is human, or an AI level: easy, medium,
    hard (under 2 s a move); experts: random, greedy, mcts, ismcts; with parameters as in
    every command (hard:evaluations=15000, ismcts:iterations=800,c=0.4). By default seat 1 is
    human and every other seat greedy (a solo game: the human alone).

    Game options: -o key=value, --options FILE.toml, or a flag per option (--units-to-win 10,
    --advanced, --no-advanced); `bitva games GAME` lists them.

    On a terminal the game is one screen redrawn in place (80x24 is enough); the up arrow
    recalls earlier answers; 'u' takes back your last decision (back to the last roll or card
    drawn, or the other side's last move); 'q' leaves, after asking, and says how to resume.
    """
    for output in (save, resume if save is None else None):  # the record is written there
        if output is not None:
            check_output_file(output, "game record")
    args = list(ctx.args)
    if game is not None and game.startswith("-"):  # a game's own flag came first: not a game
        args = [game, *args]
        game = None
    if resume is not None:
        if game is not None or option or options_file or seed is not None:
            raise BitvaError("--resume takes the game, its options and its seed from the record")
        record = GameRecord.load(resume)
        game_name = record.game
    elif game is None:
        raise BitvaError(
            "Missing argument 'GAME' (`bitva games` lists them) or --resume FILE"
            " (see bitva play --help)"
        )
    else:
        game_name, record = game, None
    definition = load_game(game_name)
    if record is not None:
        flags, shorthand = split_flags(args)
        if flags:
            raise BitvaError("--resume takes the game, its options and its seed from the record")
        if record.outcome is not None:
            _check_replays(resume, record)  # a corrupt record is not sent to `replay`
            raise BitvaError(
                f"{resume}: this game is over; watch it again with `bitva replay {resume}`"
            )
        options = definition.options(record.options)
        default = {int(s): who for s, who in record.players.items() if s.isdigit()}
    else:
        options, shorthand = options_and_seats(definition, ctx.args, option, options_file)
        default = {}
    seats = definition.seats_for(options)
    default = default or {n: "human" if n == 1 else "greedy" for n in range(1, seats + 1)}
    chosen = seat_agents(seats, seat or (), shorthand, default)
    try:
        players = agents_of(chosen)
    except BitvaError as exc:
        if record is None:
            raise
        restored = [n for n, who in chosen.items() if who == default.get(n)]
        raise BitvaError(
            f"{exc}: the record's seats ({', '.join(map(str, restored))}) need an agent or"
            " human here; say who plays them with --pN AGENT"
        ) from None
    from bitva.cli.terminal import TerminalGame

    try:
        terminal = TerminalGame(
            console,
            definition,
            options,
            players,
            seed if seed is not None else secrets.randbelow(RANDOM_SEEDS),
            save if save is not None else resume,
            resume=record,
        )
    except RecordError as exc:  # the record does not replay (it is checked step by step)
        raise BitvaError(f"{resume}: {_CANNOT_GO_ON}: {exc}") from None
    terminal.run()


_CANNOT_GO_ON = "the record does not replay, so the game cannot go on"


def _check_replays(path: Path | None, record: GameRecord) -> None:
    """A BitvaError saying what is wrong with `record` when it does not replay exactly."""
    from bitva.core.record import verify

    try:
        verify(record)
    except RecordError as exc:
        raise BitvaError(f"{path}: {_CANNOT_GO_ON}: {exc}") from None
