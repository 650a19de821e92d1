"""What an action would do, before it is played (issue 22, "Preview before commit").

`State.preview(action)` answers with a `Preview`: whether the action is legal, the violation if
it is not (the same sentence and rule `check` gives), and game-defined facts about what it would
do ("inches_used", "out_of_coherency", "landing"...), JSON-ready, so a front end can show a
drag's legality live. A preview never changes the state. The default (`State.preview`) is
`check` with no facts, so every game has one; games with something to say override it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bitva.core.errors import Violation


@dataclass(frozen=True)
class Preview:
    """The answer of `State.preview`: `legal` is `violation is None`; `facts` are the game's
    own JSON-ready observations about the action (empty when it has none)."""

    violation: Violation | None = None
    facts: dict[str, Any] = field(default_factory=dict)

    @property
    def legal(self) -> bool:
        return self.violation is None

    @classmethod
    def of(cls, violation: Violation | None, **facts: Any) -> Preview:
        return cls(violation, dict(facts))

    def to_json(self) -> dict[str, Any]:
        """`{"legal": bool, "violation": {"message", "rule", "code", "params"} | None,
        "facts": {...}}` (`code` null and `params` empty where the game gives none)."""
        violation = self.violation
        return {
            "legal": violation is None,
            "violation": None if violation is None else violation_json(violation),
            "facts": dict(self.facts),
        }


def violation_json(violation: Violation) -> dict[str, Any]:
    """A violation as JSON: its English sentence and rule, and the game's `code` and `params`
    for a front end that says it in another language."""
    return {
        "message": violation.message,
        "rule": violation.rule,
        "code": violation.code,
        "params": dict(violation.params),
    }


__all__ = ["Preview", "violation_json"]
