"""`bitva replay RECORD.json`: step through a saved game, or verify that it replays exactly."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from bitva.cli.common import console, fail, friendly_errors
from bitva.core.errors import RecordError
from bitva.core.record import GameRecord, replay, verify


@friendly_errors
def replay_command(
    record_file: Annotated[Path, typer.Argument(metavar="RECORD.json", help="a saved game")],
    check: Annotated[bool, typer.Option("--verify", help="re-play and fail on any divergence")] = (
        False
    ),
    step: Annotated[
        bool | None,
        typer.Option(
            help="wait for Enter after each action (default: when the terminal is interactive)"
        ),
    ] = (None),
) -> None:
    """Step through a recorded game; with --verify, prove that it replays exactly."""
    record = GameRecord.load(record_file)
    if check:
        try:
            final = verify(record)
        except RecordError as exc:
            raise fail(f"{record_file}: {exc}", 1) from None
        outcome = final.outcome
        result = outcome.reason if outcome else "unfinished"
        console.print(f"[green]OK[/]: {len(record.actions)} actions replay exactly; {result}")
        return
    interactive = sys.stdin.isatty() if step is None else step
    if record.game != "lords-of-war":
        for item in replay(record):
            console.print(f"{item.index + 1}. {item.action}")
        return
    from bitva.cli.lords_of_war_render import log_lines, render_screen
    from bitva.games.lords_of_war.state import LordsOfWarState

    log: list[str] = []
    state: LordsOfWarState | None = None
    for item in replay(record):
        assert isinstance(item.state, LordsOfWarState)
        state = item.state
        lines = log_lines(item.events, None)
        log.extend(lines)
        console.print(f"[bold]{item.index + 1}/{len(record.actions)}[/] {item.action}")
        for line in lines:
            console.print("   " + line)
        if interactive:
            console.print(render_screen(state, None, {}, log))
            answer = console.input("Enter: next, a: to the end, q: quit ").strip().lower()
            if answer == "q":
                return
            if answer == "a":
                interactive = False
    if state is not None:
        assert isinstance(state, LordsOfWarState)
        console.print(render_screen(state, None, {}, log[-10:]))
        if state.outcome:
            console.print(f"[bold]{state.outcome.reason}[/]")
