"""The one error hierarchy of bitva. Every error meant for a user is a `BitvaError` and carries
enough to print one clear line (front ends print it; they never show a traceback).

Reading an action and judging it are kept apart, as python-chess keeps `InvalidMoveError` and
`IllegalMoveError` apart: text that cannot be read as any action of the game is an
`UnreadableAction` (HTTP 400), an action the position forbids is an `IllegalAction` naming the
rule (HTTP 409).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


class BitvaError(Exception):
    """Base of every error a front end should show to the user instead of a traceback."""


@dataclass(frozen=True)
class Violation:
    """Why an action is illegal: a sentence and the rule it breaks (e.g. "LW-6.2"); where the
    game gives them, a short `code` for programs and its JSON-ready `params`, so that a front end
    can say it in the player's language (the sentence stays English, for logs and terminals)."""

    message: str
    rule: str | None = None
    code: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message


class IllegalAction(BitvaError):
    """An action that the rules do not allow at this decision point.

    `rule` names the rule (e.g. "LW-6.2"); the state is left unchanged.
    """

    def __init__(
        self,
        message: str,
        rule: str | None = None,
        code: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        self.message = message
        self.rule = rule
        self.code = code
        self.params: Mapping[str, Any] = params or {}
        super().__init__(f"{message} ({rule})" if rule else message)

    @classmethod
    def of(cls, violation: Violation) -> IllegalAction:
        return cls(violation.message, violation.rule, violation.code, violation.params)

    @property
    def violation(self) -> Violation:
        return Violation(self.message, self.rule, self.code, self.params)


class UnreadableAction(BitvaError):
    """Text that is not any action of the game (a syntax error, not a rules question)."""

    def __init__(self, message: str) -> None:
        self.message = message
        self.rule: str | None = None
        super().__init__(message)


class ContentError(BitvaError):
    """Bad content data (deck, card, warscroll file): names the file, the field and the reason."""

    def __init__(self, source: str, field: str, reason: str) -> None:
        self.source = source
        self.field = field
        self.reason = reason
        where = f"{source}: {field}" if field else source
        super().__init__(f"{where}: {reason}")


class PositionError(BitvaError):
    """A position file that cannot be read: names the key, the reason and, where it applies, the
    rule that makes the position impossible."""

    def __init__(self, key: str, reason: str, rule: str | None = None) -> None:
        self.key = key
        self.reason = reason
        self.rule = rule
        text = f"{key}: {reason}" if key else reason
        super().__init__(f"{text} ({rule})" if rule else text)


class RecordError(BitvaError):
    """A game record that cannot be read or does not replay."""


class OptionsError(BitvaError):
    """Game options that do not validate: names the option and the reason."""

    def __init__(self, field: str, reason: str) -> None:
        self.field = field
        self.reason = reason
        super().__init__(f"bad option {field}: {reason}")


class NotSupported(BitvaError):
    """The game does not offer this (positions, an enumerable action list, an analysis...)."""
