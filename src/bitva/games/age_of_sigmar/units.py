"""Units: models of one warscroll with their loadouts, tags and damage (AOS-1.2, section 3.4).

A unit file is TOML with a ``[unit]`` table and, optionally, its own ``[[warscroll]]`` tables::

    [unit]
    warscroll = "liberators"
    models = [
      { loadout = "warhammer_shield", champion = true },
      { loadout = "warhammer_shield", count = 3 },
      { loadout = "grandhammer" },
    ]
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bitva.core.errors import BitvaError, ContentError
from bitva.games.age_of_sigmar.loader import (
    UnknownWarscroll,
    builtin_warscrolls,
    find_warscroll,
    format_loc,
    parse_warscrolls,
)
from bitva.games.age_of_sigmar.warscroll import Loadout, Warscroll


class UnitError(BitvaError):
    """A unit its warscroll does not allow: no models, a loadout it lacks, two champions."""


@dataclass(frozen=True)
class ModelSpec:
    """One model: its loadout, whether it is the champion, role tags, wounds already suffered."""

    loadout: str
    champion: bool = False
    tags: tuple[str, ...] = ()
    wounds_taken: int = 0


@dataclass(frozen=True)
class UnitSpec:
    """A unit on the table (AOS-1.2). Validated on creation; soft issues go to ``warnings``."""

    warscroll: Warscroll
    models: tuple[ModelSpec, ...]
    warnings: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if not self.models:
            raise UnitError("a unit needs at least one model")
        ids = {loadout.id for loadout in self.warscroll.loadouts}
        for model in self.models:
            if model.loadout not in ids:
                raise UnitError(
                    f"{self.warscroll.name} has no loadout {model.loadout!r} "
                    f"(loadouts: {', '.join(sorted(ids))})"
                )
            if not 0 <= model.wounds_taken < self.warscroll.stats.wounds:
                raise UnitError(
                    f"wounds taken must be 0..{self.warscroll.stats.wounds - 1}, "
                    f"got {model.wounds_taken}"
                )
        champions = sum(model.champion for model in self.models)
        if champions and self.warscroll.champion is None:
            raise UnitError(f"{self.warscroll.name} has no champion")
        if champions > 1:
            raise UnitError("a unit has at most one champion")
        object.__setattr__(self, "warnings", tuple(self._soft_checks()))

    def _soft_checks(self) -> list[str]:
        """Open play warns, never refuses (section 3.1): unit size and ``one_in`` loadouts."""
        notes: list[str] = []
        size = len(self.models)
        if size < self.warscroll.stats.min_models:
            notes.append(
                f"{self.warscroll.name}: {size} models, fewer than the usual "
                f"{self.warscroll.stats.min_models}"
            )
        for loadout in self.warscroll.loadouts:
            used = sum(model.loadout == loadout.id for model in self.models)
            if loadout.one_in is not None and used > max(1, size // loadout.one_in):
                notes.append(
                    f"{self.warscroll.name}: {used} x {loadout.id}, more than one in "
                    f"every {loadout.one_in} models"
                )
        return notes

    def loadout_of(self, model: ModelSpec) -> Loadout:
        return self.warscroll.loadout(model.loadout)

    def tags_of(self, model: ModelSpec) -> frozenset[str]:
        """A model's tags: its loadout's and its own roles (section 3.1)."""
        return frozenset(self.loadout_of(model).tags) | frozenset(model.tags)

    def has_tag(self, tag: str) -> bool:
        """``requires_in_unit``: a model on the table carries ``tag`` (section 3.2)."""
        return any(tag in self.tags_of(model) for model in self.models)

    def remaining_wounds(self, extra_wounds: int = 0) -> list[int]:
        """Wounds each model has left (AOS-12.3), characteristic raised by ``extra_wounds``."""
        wounds = self.warscroll.stats.wounds + extra_wounds
        return [max(0, wounds - model.wounds_taken) for model in self.models]

    def describe(self) -> str:
        counts: dict[str, int] = {}
        for model in self.models:
            counts[model.loadout] = counts.get(model.loadout, 0) + 1
        parts = ", ".join(f"{n} {loadout}" for loadout, n in counts.items())
        taken = sum(model.wounds_taken for model in self.models)
        damaged = f", {taken} wound{'s' if taken != 1 else ''} taken" if taken else ""
        return f"{len(self.models)} {self.warscroll.name} ({parts}){damaged}"


def default_loadout(scroll: Warscroll) -> str:
    """The first loadout without a ``one_in`` limit (the unit's standard arms)."""
    for loadout in scroll.loadouts:
        if loadout.one_in is None:
            return loadout.id
    return scroll.loadouts[0].id


def default_unit(
    scroll: Warscroll,
    models: int | None = None,
    loadout: str | None = None,
    champion: bool = True,
    wounds_taken: int = 0,
) -> UnitSpec:
    """``models`` models (default ``min_models``) with one loadout; the first is the champion
    when the warscroll has one; ``wounds_taken`` sit on the last model (AOS-12.2)."""
    count = scroll.stats.min_models if models is None else models
    if count < 1:
        raise UnitError("a unit needs at least one model")
    chosen = loadout or default_loadout(scroll)
    specs = [
        ModelSpec(chosen, champion=champion and i == 0 and scroll.champion is not None)
        for i in range(count)
    ]
    if wounds_taken:
        last = specs[-1]
        specs[-1] = ModelSpec(last.loadout, last.champion, last.tags, wounds_taken)
    return UnitSpec(scroll, tuple(specs))


class _ModelEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    loadout: str | None = None
    champion: bool = False
    tags: list[str] = Field(default_factory=list)
    wounds_taken: int = Field(default=0, ge=0)
    count: int = Field(default=1, ge=1)
    at: list[float] | None = None  # battle-file positions are accepted and ignored here


class _UnitTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str | None = None
    warscroll: str
    models: list[_ModelEntry] = Field(min_length=1)


def load_unit_file(path: str | Path) -> UnitSpec:
    """A unit from a unit file, or a warscroll file's single warscroll at its default size."""
    path = Path(path)
    file = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ContentError(file, "", f"cannot read file: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ContentError(file, "", "not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(file, "", f"invalid TOML: {exc}") from None
    unknown = sorted(set(data) - {"unit", "warscroll"})
    if unknown:
        raise ContentError(file, unknown[0], "unknown table; expected [unit] or [[warscroll]]")
    scrolls = {}
    if "warscroll" in data:
        scrolls = {s.id: s for s in parse_warscrolls({"warscroll": data["warscroll"]}, file)}
    if "unit" not in data:
        if len(scrolls) != 1:
            raise ContentError(
                file, "unit", "no [unit] table, and not exactly one warscroll to use"
            )
        return default_unit(next(iter(scrolls.values())))
    try:
        table = _UnitTable.model_validate(data["unit"])
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        loc = format_loc(("unit", *err["loc"]))
        raise ContentError(file, loc, str(err["msg"]).removeprefix("Value error, ")) from None
    known = {**builtin_warscrolls(), **scrolls}
    try:
        scroll = find_warscroll(table.warscroll, known)
    except UnknownWarscroll as exc:
        raise ContentError(file, "unit.warscroll", str(exc)) from None
    specs: list[ModelSpec] = []
    for entry in table.models:
        loadout = entry.loadout or default_loadout(scroll)
        for _ in range(entry.count):
            specs.append(ModelSpec(loadout, entry.champion, tuple(entry.tags), entry.wounds_taken))
    try:
        return UnitSpec(scroll, tuple(specs))
    except UnitError as exc:
        raise ContentError(file, "unit.models", str(exc)) from None
