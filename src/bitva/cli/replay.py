"""`bitva replay RECORD.json`: step through a saved game, or verify that it replays exactly.

Records of an older format are migrated as they load (`core.record.upgrade`); `bitva migrate`
rewrites the file itself."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from bitva.cli.common import console, fail, friendly_errors
from bitva.core.chance import CHANCE
from bitva.core.errors import RecordError
from bitva.core.record import GameRecord, replay, verify

SNIFF_BYTES = 8192  # how much of a file is read to tell a binary file from JSON text


def load_record(path: Path) -> GameRecord:
    """The record in `path`, migrated as it loads; a binary file, or any file that is not a
    record, is a RecordError of one line."""
    try:
        with path.open("rb") as file:
            head = file.read(SNIFF_BYTES)
    except OSError as exc:
        raise RecordError(f"{path}: cannot read the record ({exc.strerror})") from None
    if b"\x00" in head:
        raise RecordError(
            f"{path}: not a game record but a binary file (a record is JSON text, as"
            " `bitva play --save` writes it)"
        )
    return GameRecord.load(path)


@friendly_errors
def replay_command(
    record_file: Annotated[Path, typer.Argument(metavar="RECORD.json", help="a saved game")],
    check: Annotated[bool, typer.Option("--verify", help="re-play and fail on any divergence")] = (
        False
    ),
    step: Annotated[
        bool | None,
        typer.Option(
            help="wait for Enter after each step (default: when the terminal is interactive)"
        ),
    ] = (None),
) -> None:
    """Step through a recorded game, or verify that it replays exactly.

    Every step is shown, a seat's action or a chance outcome, with what it did. Records of an
    older format are migrated as they load (`bitva migrate` rewrites the file)."""
    from bitva.cli.games import Screen, adapter_for
    from bitva.core.registry import get_game

    record = load_record(record_file)
    if check:
        try:
            final = verify(record)
        except RecordError as exc:
            raise fail(f"{record_file}: {exc}", 1) from None
        outcome = final.outcome
        result = adapter_for(final.game).describe_outcome(outcome) if outcome else "unfinished"
        console.print(
            Text.assemble(("OK", "green"), f": {len(record.actions)} steps replay exactly; ")
            + Text(result)
        )
        return
    adapter = adapter_for(get_game(record.game))
    interactive = sys.stdin.isatty() if step is None else step
    players = {int(seat): f"({who})" for seat, who in record.players.items() if seat.isdigit()}
    log: list[str] = []
    state = None
    recent: list[dict[str, object]] = []
    bound = getattr(adapter, "bound", None)  # words that depend on this game's options
    for item in replay(record):
        state = item.state
        if callable(bound):
            adapter, bound = bound(state), None
        recent = [event.for_seat(None) for event in item.events]
        lines = adapter.describe_events(recent)
        log.extend(lines)
        who = "chance" if item.seat == CHANCE else f"P{item.seat}"
        console.print(
            Text.assemble(
                (f"{item.index + 1}/{len(record.actions)}", "bold"),
                f" {who}: {adapter.step_words(item.action)}",
            )
        )
        for line in lines:
            console.print("   " + line, markup=False)
        if interactive:
            console.print(adapter.render(state, None, Screen(players, log, recent)))
            try:
                answer = console.input("Enter: next, a: to the end, q: quit ").strip().lower()
            except EOFError:
                return
            if answer == "q":
                return
            if answer == "a":
                interactive = False
    if state is not None:
        console.print(adapter.render(state, None, Screen(players, log[-10:], recent)))
        if state.outcome:
            console.print(Text(adapter.describe_outcome(state.outcome), style="bold"))
