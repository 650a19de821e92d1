"""Typed actions written as a verb and its words (`move c6 2`, `order I6`): the base a game's
frozen slotted dataclasses share, one class per verb (docs/adding-a-game.md). The fields, in
order, are the words after the verb; a field left None is not written."""

from __future__ import annotations

from dataclasses import Field, fields
from typing import Any, ClassVar


class VerbAction:
    """A subclass is a frozen slotted dataclass with a class-level `verb`; `is_chance` marks a
    chance outcome's type."""

    __slots__ = ()
    verb: ClassVar[str]
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]  # every subclass is a dataclass
    is_chance: ClassVar[bool] = False

    @property
    def words(self) -> tuple[str, ...]:
        """The words after the verb, in canonical form: the fields given, in order."""
        values = (getattr(self, f.name) for f in fields(self))
        return tuple(str(v) for v in values if v is not None)

    def __str__(self) -> str:
        return " ".join((self.verb, *self.words))
