"""Shared pieces of the BattleLore content loaders (`catalogue/load.py`): reading TOML, turning
pydantic's complaints into `ContentError`s (file, dotted field, reason), and the level notation
of BL-13.2 (`Scaled`, `scaled`, `half_up`)."""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from bitva.core.errors import ContentError
from bitva.games.battlelore.field.model import Banner, Landmark

CONTENT_PACKAGE = "bitva.games.battlelore.content"
BANNERS: tuple[Banner, ...] = ("green", "blue", "red")
LANDMARKS: tuple[Landmark, ...] = (
    "fortification",
    "wizard_tower",
    "cleric_shrine",
    "warrior_camp",
    "rogue_den",
)
Flank = Literal["left", "centre", "right"]


# -- errors -----------------------------------------------------------------------------------
def field_path(loc: tuple[int | str, ...]) -> str:
    """A pydantic location as a dotted path: (sides, north, units, 2) -> sides.north.units[2]."""
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        elif part == "[key]":
            continue
        else:
            path += f".{part}" if path else str(part)
    return path


def _reason(error: Mapping[str, Any], errors: list[Any]) -> str:
    kind = error["type"]
    if kind == "extra_forbidden":
        # a misspelt key also shows up as the right key missing beside it
        parent = tuple(error["loc"][:-1])
        missing = [
            str(e["loc"][-1])
            for e in errors
            if e["type"] == "missing" and tuple(e["loc"][:-1]) == parent
        ]
        close = difflib.get_close_matches(str(error["loc"][-1]), missing, n=1)
        return f"unknown key (did you mean {close[0]}?)" if close else "unknown key"
    if kind == "missing":
        return "missing (this key is required)"
    message = str(error["msg"])
    return message.removeprefix("Value error, ")


def content_error(exc: ValidationError, source: str, prefix: str = "") -> ContentError:
    """The first problem pydantic found, as a ContentError (file, field, reason); an unknown
    key comes first, since it is most likely a misspelling of a missing one."""
    errors = exc.errors()
    first = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
    path = field_path(tuple(first["loc"]))
    if prefix:
        path = f"{prefix}.{path}" if path else prefix
    reason = _reason(first, list(errors))
    if "[key]" in first["loc"]:
        return ContentError(source, path, f"{reason} (this key is not allowed here)")
    return ContentError(source, path, reason)


_TOML_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


def read_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML text; a syntax error names the file and the line."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        at = _TOML_AT.search(message)
        if at is None:
            raise ContentError(source, "", f"not valid TOML: {message}") from exc
        reason = f"not valid TOML: {message[: at.start()]} (column {at.group(2)})"
        raise ContentError(source, f"line {at.group(1)}", reason) from exc


def validate(model: type[BaseModel], data: Any, source: str, prefix: str = "") -> Any:
    """`model.model_validate(data)`, a failure becoming a ContentError."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise content_error(exc, source, prefix) from exc


def read_content(name: str) -> dict[str, Any]:
    """A shipped content file, parsed (`units.toml`, `adventures/A01.toml`, ...)."""
    resource = resources.files(CONTENT_PACKAGE).joinpath(*name.split("/"))
    return read_toml(resource.read_text(encoding="utf-8"), name)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True, slots=True)
class Label:
    """Words for something the runtime types name only by id (a weapon, a trait, a creature
    ability): the English and Czech name and rules text, for front ends."""

    name: str
    name_cs: str
    text: str = ""
    text_cs: str = ""


# -- the level notation of BL-13.2 -------------------------------------------------------------
class Scaled(Strict):
    """A value in the level notation of BL-13.2: `per_level` x the casting master's level, plus
    `plus`. `1D/level+1` is `Scaled(per_level=1, plus=1)`; a plain number is `Scaled(plus=n)`."""

    per_level: int = Field(default=0, ge=0, le=9)
    plus: int = Field(default=0, ge=-9, le=9)

    def at(self, level: int) -> int:
        return max(0, self.per_level * level + self.plus)

    def notation(self, unit: str = "") -> str:
        """`2D/level+3`, `1/level`, `3` (the card notation of BL-13.2)."""
        if not self.per_level:
            return f"{self.plus}{unit}"
        plus = f"{self.plus:+d}" if self.plus else ""
        return f"{self.per_level}{unit}/level{plus}"


def _as_scaled(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return {"plus": value}
    return value


ScaledField = Annotated[Scaled, BeforeValidator(_as_scaled)]


def scaled(value: Scaled | int | None, level: int) -> int:
    """BL-13.2: the number a level-scaled value gives at `level` (1..3), never below 0.

    >>> [scaled(Scaled(per_level=2, plus=3), lv) for lv in (1, 2, 3)]
    [5, 7, 9]
    >>> [scaled(Scaled(per_level=1, plus=-1), lv) for lv in (1, 2, 3)]
    [0, 1, 2]
    """
    if value is None:
        return 0
    if isinstance(value, int):
        return max(0, value)
    return value.at(level)


def half_up(number: int) -> int:
    """BL-13.8: half of an odd number rounds up (half of 3 is 2)."""
    return (number + 1) // 2
