"""`bitva migrate RECORD.json`: rewrite a game record of an older format in the current one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from bitva.cli.common import console, friendly_errors
from bitva.cli.replay import load_record
from bitva.core.errors import BitvaError, RecordError
from bitva.core.record import verify


@friendly_errors
def migrate(
    record_file: Annotated[Path, typer.Argument(metavar="RECORD.json", help="a saved game")],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="write the migrated record here (default: in place)"),
    ] = None,
) -> None:
    """Rewrite a game record of an older format in its game's current format.

    A record saved by an earlier version of bitva is migrated, so that any version from now on
    reads it as it is.

    `bitva replay` and the server read old records too (they migrate them as they load), so this
    is only needed to keep the file itself up to date. A record of the first format, written
    before chance outcomes were steps of a record, gets every card dealt (every die rolled)
    written in as a step of its own. The migrated record is replayed before it is written: a
    record that does not replay is left as it was.
    """
    record = load_record(record_file)  # migrated as it loads
    try:
        old = json.loads(record_file.read_text(encoding="utf-8")).get("format", 1)
    except (OSError, ValueError, AttributeError):
        old = record.format
    try:
        verify(record)
    except RecordError as exc:
        raise RecordError(f"{record_file}: the migrated record does not replay: {exc}") from None
    target = out or record_file
    if old == record.format and out is None:
        console.print(
            f"{record_file}: already in the current format ({record.format})",
            markup=False,
            soft_wrap=True,
        )
        return
    try:
        record.save(target)
    except OSError as exc:
        raise BitvaError(f"{target}: cannot write the record ({exc.strerror})") from None
    console.print(
        f"{record_file}: {record.game} record of format {old} written in format {record.format}"
        f" to {target} ({len(record.actions)} steps)",
        markup=False,
        soft_wrap=True,
    )
