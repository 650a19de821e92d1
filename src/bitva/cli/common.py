"""What every command shares: consoles, and turning a BitvaError into one clear line."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from bitva.core.errors import BitvaError

if TYPE_CHECKING:
    from bitva.core.game import Game

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

P = ParamSpec("P")
R = TypeVar("R")


def fail(message: str, code: int = 2) -> typer.Exit:
    err_console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    return typer.Exit(code)


def friendly_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Bad input ends the command with a one-line message and exit code 2, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except BitvaError as exc:
            raise fail(str(exc)) from None
        except KeyboardInterrupt:
            raise fail("interrupted", 130) from None

    return wrapper


def load_game(name: str) -> Game[Any, Any]:
    """The registered game called `name` (BitvaError naming the known games otherwise)."""
    from bitva.core.registry import get_game

    return get_game(name)


def games_progress(label: str) -> Progress:
    """A progress bar of finished games on stderr (hidden when stderr is not a terminal, so
    piped and JSON output stay clean)."""
    return Progress(
        TextColumn(f"[bold]{label}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err_console,
        transient=True,
        disable=not err_console.is_terminal,
    )
