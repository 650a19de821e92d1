"""What every command shares: consoles, turning a BitvaError into one clear line, the seed
option, output paths checked before any work starts, and opening a database."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from typer.core import TyperCommand, TyperGroup

from bitva.core.errors import BitvaError

if TYPE_CHECKING:
    from sqlalchemy.engine import Engine

    from bitva.core.game import Game

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

P = ParamSpec("P")
R = TypeVar("R")


def quiet_flags(params: list[Any]) -> list[Any]:
    """Flags that take no value (`--json`, `--help`, `--advanced/--no-advanced`) show no value
    in the help: Typer would write `<bool>` after them, as if they took one. (Typer's options
    are its own copy of Click's, so they are told by their attributes.)"""
    for param in params:
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""
    return params


class Command(TyperCommand):
    """Every `bitva` command: its help shows flags without a value."""

    def get_params(self, ctx: Any) -> list[Any]:
        return quiet_flags(super().get_params(ctx))


class Group(TyperGroup):
    """A group of commands (`bitva`, `bitva calc`): its help shows flags without a value."""

    def get_params(self, ctx: Any) -> list[Any]:
        return quiet_flags(super().get_params(ctx))


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


# -- seeds ------------------------------------------------------------------------------------

SEED_MAX = 2**63 - 1
"""Every command takes seeds from 0 to 2**63 - 1 (what a tournament stores)."""


def seed_option(description: str) -> Any:
    """The `--seed` option of every command: a whole number from 0 to SEED_MAX."""
    return typer.Option(min=0, max=SEED_MAX, help=f"{description} (0 to 2**63-1)")


# -- output paths -----------------------------------------------------------------------------


def check_output_file(path: Path, what: str) -> Path:
    """`path` if a file can be written there, checked before any work starts: a BitvaError of
    one line when it is a directory, when its directory does not exist, or when it cannot be
    written. (`bitva analyse --write`, `bitva play --save`, `bitva calc aos --plot`.)"""
    if path.is_dir():
        raise BitvaError(f"{path}: is a directory; give a file name for the {what}")
    folder = path.parent
    if not folder.exists():
        raise BitvaError(f"{path}: the directory {folder} does not exist (for the {what})")
    if not folder.is_dir():
        raise BitvaError(f"{path}: {folder} is not a directory (for the {what})")
    target = path if path.exists() else folder
    if not os.access(target, os.W_OK):
        raise BitvaError(f"{path}: cannot write the {what} there (permission denied)")
    return path


def check_output_directory(path: Path, what: str) -> Path:
    """`path` if it is, or can be made, a directory to write into (`tournament --report DIR`),
    checked before any work starts."""
    if path.exists() and not path.is_dir():
        raise BitvaError(f"{path}: not a directory (for the {what})")
    existing = path
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise BitvaError(f"{path}: {existing} is not a directory (for the {what})")
    if not os.access(existing, os.W_OK):
        raise BitvaError(f"{path}: cannot write the {what} there (permission denied)")
    return path


# -- databases --------------------------------------------------------------------------------


def open_database(url: str | None) -> Engine:
    """The engine of `--db` (default: the user's SQLite file); a file that is not a database, or
    a database that cannot be used, is one clear line that shows no password."""
    from sqlalchemy.exc import SQLAlchemyError

    from bitva.store.db import default_url, make_engine
    from bitva.store.urls import hide_secrets

    chosen = url or default_url()
    try:
        engine = make_engine(chosen)
        with engine.connect():  # a file that is not a database fails here, not mid-run
            pass
    except SQLAlchemyError as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        problem = f"cannot use the database {chosen}: {reason[0] if reason else exc}"
        raise BitvaError(hide_secrets(problem, chosen)) from None
    return engine


def shown_url(url: str) -> str:
    """A database URL fit for the screen: its secrets hidden (`bitva.store.urls`)."""
    from bitva.store.urls import shown_url as masked

    return masked(url)
