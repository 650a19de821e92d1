"""Game options and seats on the command line, for every game alike.

A command takes a game's options three ways, later ones winning:

- `--options FILE.toml`: a TOML table of options;
- `-o key=value` (repeatable): one option;
- `--key value`, `--flag` / `--no-flag`: every field of the game's options model is also a flag of
  its own (`--units-to-win 10`, `--advanced`), so the flags of earlier versions keep working
  without the command knowing any game.

Values are read by the game's options model (pydantic), so "20" becomes 20 where the option is a
number and "true" a boolean; a bad one is an OptionsError naming the option.

Seats: `--seat N=AGENT` (repeatable) and the shorthand `--pN AGENT` (`--p1 human --p2 hard`).

>>> split_flags(["--advanced", "--units-to-win", "10", "--p2", "hard", "--no-borderless"])
({'advanced': 'true', 'units_to_win': '10', 'borderless': 'false'}, {2: 'hard'})
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import BaseModel

from bitva.core.errors import BitvaError, OptionsError
from bitva.core.game import Game

_SEAT_FLAG = re.compile(r"^--p(\d+)$")

FREE_FLAGS: dict[str, Any] = {"allow_extra_args": True, "ignore_unknown_options": True}
"""The `context_settings` of a command that takes a game's options as flags of their own: the
flags it does not declare reach it in `ctx.args` (give them to `options_and_seats`)."""

OPTIONS_HELP = (
    "Game options: -o key=value, --options FILE.toml, or a flag per option (--key value, --flag,"
    " --no-flag); `bitva games GAME` lists them. Seats: --seat N=AGENT or --pN AGENT."
)

OptionPairs = Annotated[
    list[str] | None,
    typer.Option(
        "-o",
        "--option",
        metavar="KEY=VALUE",
        help="a game option (repeatable); `bitva games GAME` lists them",
    ),
]
OptionsFile = Annotated[
    Path | None,
    typer.Option("--options", metavar="FILE.toml", help="game options from a TOML table"),
]
SeatSpecs = Annotated[
    list[str] | None,
    typer.Option(
        "--seat",
        metavar="N=AGENT",
        help="who plays seat N (repeatable); --pN AGENT says the same",
    ),
]


def split_flags(args: Sequence[str]) -> tuple[dict[str, str], dict[int, str]]:
    """Free `--name [value]` arguments as (options, seats). A flag followed by nothing or by
    another flag is a boolean; `--no-name` is false."""
    options: dict[str, str] = {}
    seats: dict[int, str] = {}
    items = list(args)
    i = 0
    while i < len(items):
        arg = items[i]
        if not arg.startswith("--") or len(arg) < 3:
            raise BitvaError(f"unexpected argument {arg!r}")
        name, eq, inline = arg[2:].partition("=")
        has_value = bool(eq) or (i + 1 < len(items) and not items[i + 1].startswith("--"))
        value = inline if eq else (items[i + 1] if has_value else None)
        i += 2 if has_value and not eq else 1
        seat = _SEAT_FLAG.match(f"--{name}")
        if seat:
            if value is None:
                raise BitvaError(f"--{name} needs an agent, e.g. --{name} hard")
            seats[int(seat.group(1))] = value
            continue
        key = name.replace("-", "_")
        if value is None:
            if key.startswith("no_"):
                options[key[3:]] = "false"
            else:
                options[key] = "true"
        else:
            options[key] = value
    return options, seats


def read_options_file(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise BitvaError(f"{path}: not a TOML file (not UTF-8 text)") from None
    except OSError as exc:
        raise BitvaError(f"{path}: cannot read the options ({exc.strerror})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BitvaError(f"{path}: not valid TOML: {exc}") from None


def parse_pairs(pairs: Sequence[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise BitvaError(f"-o {pair!r}: write -o key=value")
        out[key.strip().replace("-", "_")] = value.strip()
    return out


def game_options(
    game: Game[Any, Any],
    pairs: Sequence[str] = (),
    file: Path | None = None,
    flags: Mapping[str, str] | None = None,
) -> BaseModel:
    """The validated options of `game` from a file, `-o` pairs and free flags."""
    values: dict[str, Any] = {}
    if file is not None:
        values.update(read_options_file(file))
    values.update(parse_pairs(pairs))
    values.update(flags or {})
    known = game.options_model.model_fields
    for key in values:
        if key not in known:
            raise OptionsError(
                key, f"{game.name} has no such option (known: {', '.join(sorted(known))})"
            )
    options: BaseModel = game.options(values)
    return options


def seat_agents(
    seats: int,
    specs: Sequence[str] = (),
    shorthand: Mapping[int, str] | None = None,
    default: Mapping[int, str] | None = None,
) -> dict[int, str]:
    """Who plays each seat 1..seats: `--seat N=AGENT` and `--pN AGENT` over `default`."""
    chosen: dict[int, str] = dict(default or {})
    given: dict[int, str] = dict(shorthand or {})
    for spec in specs:
        number, eq, agent = spec.partition("=")
        if not eq or not number.strip().isdigit() or not agent.strip():
            raise BitvaError(f"--seat {spec!r}: write --seat N=AGENT, e.g. --seat 2=hard")
        given[int(number)] = agent.strip()
    for seat in given:
        if not 1 <= seat <= seats:
            raise BitvaError(f"seat {seat}: this game has seats 1 to {seats}")
    chosen.update(given)
    return {seat: chosen.get(seat, "random") for seat in range(1, seats + 1)}


def options_and_seats(
    game: Game[Any, Any],
    args: Sequence[str] = (),
    pairs: Sequence[str] | None = None,
    file: Path | None = None,
) -> tuple[BaseModel, dict[int, str]]:
    """A command's game options and `--pN` seats from its free arguments (`ctx.args`), `-o`
    pairs and `--options` file."""
    flags, seats = split_flags(args)
    return game_options(game, pairs or (), file, flags), seats
