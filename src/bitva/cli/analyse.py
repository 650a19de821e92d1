"""`bitva analyse GAME POSITION`: one of the game's analyses of a position file, with its
parameters where it takes some (`--param unit=A1`, issue 22)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bitva.cli.common import check_output_file, console, friendly_errors, load_game
from bitva.core.errors import BitvaError, NotSupported, PositionError


def read_text(path: Path, what: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise BitvaError(f"{path}: not a {what} (not UTF-8 text)") from None
    except OSError as exc:
        raise BitvaError(f"{path}: cannot read the {what} ({exc.strerror})") from None


def read_params(pairs: list[str]) -> dict[str, str]:
    """`--param NAME=VALUE` options as a mapping (the analysis's model converts the values)."""
    values: dict[str, str] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        key = key.strip()
        if not equals or not key:
            raise BitvaError(f"--param {pair!r}: write NAME=VALUE, e.g. --param unit=A1")
        if key in values:
            raise BitvaError(f"--param {key}: given twice")
        values[key] = value.strip()
    return values


@friendly_errors
def analyse(
    game: Annotated[str, typer.Argument(help="the game (`bitva games` lists them)")],
    position: Annotated[Path, typer.Argument(help="a position file in the game's notation")],
    as_json: Annotated[bool, typer.Option("--json", help="print the result as JSON")] = False,
    analysis: Annotated[
        str | None,
        typer.Option(help="which analysis (default: the game's first; `bitva games GAME`)"),
    ] = None,
    write: Annotated[
        Path | None,
        typer.Option(help="also write the position back out (a round trip of the file)"),
    ] = None,
    param: Annotated[
        list[str] | None,
        typer.Option(
            "--param",
            help="a parameter of the analysis, NAME=VALUE (repeat it: --param unit=A1 "
            "--param target=B1); `bitva games GAME` lists what each analysis takes",
        ),
    ] = None,
) -> None:
    """Run one of the game's analyses on a position file.

    The result is printed as a table or a tree, or as JSON with --json; `bitva games GAME` lists
    the analyses (the first is the default)."""
    definition = load_game(game)
    if write is not None:
        check_output_file(write, "position")  # before any work: a bad path costs nothing
    if definition.position_suffix is None:
        raise NotSupported(f"{definition.title} has no position files")
    analyses = definition.analyses
    if not analyses:
        raise NotSupported(f"{definition.title} offers no analyses")
    name = analysis if analysis is not None else next(iter(analyses))
    if name not in analyses:
        raise BitvaError(
            f"{definition.name} has no analysis {name!r} (known: {', '.join(analyses)})"
        )
    chosen = analyses[name]
    values = read_params(param or [])
    chosen.read_parameters(values)  # before the position is read: a bad parameter costs nothing
    text = read_text(position, "position file")
    try:
        state = definition.read_position(text, source=str(position))
    except PositionError as exc:  # the message names the file, whatever the game says
        message = str(exc)
        raise BitvaError(
            message if str(position) in message else f"{position}: {message}"
        ) from None
    if write is not None:
        text = definition.write_position(state)
        try:
            write.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise BitvaError(f"{write}: cannot write the position ({exc.strerror})") from None
    mover = state.current_player
    seat = mover if mover is not None and mover >= 1 else None
    if not chosen.offered(state, seat):
        where = ", ".join(sorted(chosen.decisions or ())) or "a decision point"
        now = "the game is over" if state.outcome is not None else f"it is at {state.decision!r}"
        raise BitvaError(f"{position}: the analysis {name!r} is offered at {where}; {now}")
    result = chosen.answer(state, seat, values)
    from bitva.cli.games import adapter_for

    adapter = adapter_for(definition)
    if as_json:
        print(adapter.analysis_json(chosen, result))
        return
    console.print(adapter.render_analysis(chosen, result, state, str(position)))
