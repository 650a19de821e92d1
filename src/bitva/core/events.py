"""Events: what an action did, for logs, animation and replay.

An event has a public part and, optionally, a private part that only one seat may see (the card a
player drew, say). Events pass through the same filter as views (invariant 3): `for_seat`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    private: dict[str, Any] | None = None
    private_to: int | None = None

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The event as `seat` may see it (None = a spectator): private data only for its owner."""
        out: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.private is not None and seat is not None and seat == self.private_to:
            out.update(self.private)
        return out

    def to_json(self) -> dict[str, Any]:
        """The full event, secrets included: for records and tests, never for a seat."""
        out: dict[str, Any] = {"kind": self.kind, "data": self.data}
        if self.private is not None:
            out["private"] = self.private
            out["private_to"] = self.private_to
        return out
