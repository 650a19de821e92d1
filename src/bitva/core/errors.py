"""Errors the engine raises on bad input. Each carries enough to print one clear line."""

from __future__ import annotations


class BitvaError(Exception):
    """Base of every error a front end should show to the user instead of a traceback."""


class IllegalAction(BitvaError):
    """An action that the rules do not allow at this decision point.

    `rule` names the rule (e.g. "LW-6.2"); the state is left unchanged.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


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
