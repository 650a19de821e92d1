"""What the game waits for: a player's decision or a chance outcome, as typed values.

The engine (`flow.Flow`) stops at one of these; the state reads it to list the legal actions
or the chance outcomes. Each has a JSON form (`to_json`, `pending_from_json`), the same dicts
records and saved positions have always held.
"""

from __future__ import annotations

from dataclasses import Field, dataclass, fields
from typing import Any, ClassVar


class _Pending:
    __slots__ = ()
    kind: ClassVar[str]
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]  # every subclass is a dataclass
    decision: ClassVar[bool] = False  # the player answers it; otherwise chance does

    def to_json(self) -> dict[str, Any]:
        """The JSON form: the kind, then the fields given (tuples as lists)."""
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None:
                data[f.name] = list(value) if isinstance(value, tuple) else value
        return data


# -- the player's decisions --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BottomChoice(_Pending):
    """SE-4.9: both objectives of one colour: which goes to the bottom."""

    kind: ClassVar[str] = "bottom"
    decision: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class EntryChoice(_Pending):
    """SE-4.10: the entry point."""

    kind: ClassVar[str] = "entry"
    decision: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class RewardChoice(_Pending):
    """SE-6.5(4): the reward of a hit, among `options`."""

    kind: ClassVar[str] = "reward"
    decision: ClassVar[bool] = True
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class KeepChoice(_Pending):
    """SE-6.6: the looted card kept."""

    kind: ClassVar[str] = "keep"
    decision: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class PlaceChoice(_Pending):
    """SE-7.8: where `defender`, back beside its occupied iron cross, stands (`spaces`)."""

    kind: ClassVar[str] = "place"
    decision: ClassVar[bool] = True
    defender: str
    spaces: tuple[int, ...]


# -- chance ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DrawTokens(_Pending):
    """SE-6.5(3): `k` tokens drawn from the bag."""

    kind: ClassVar[str] = "draw"
    k: int


@dataclass(frozen=True, slots=True)
class DieRoll(_Pending):
    """SE-7.2: the order die."""

    kind: ClassVar[str] = "die"


@dataclass(frozen=True, slots=True)
class BoxOrder(_Pending):
    """SE-4.4: an order card of `group` (urgent, normal) boxed unseen."""

    kind: ClassVar[str] = "order"
    group: str

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "to": "box", **_Pending.to_json(self)}


@dataclass(frozen=True, slots=True)
class SlotOrder(_Pending):
    """SE-4.4, SE-7.7: an order card onto `slot`, face up or down; `group` during set-up (the
    set-up pool it comes from), None later (the deck)."""

    kind: ClassVar[str] = "order"
    slot: int
    up: bool
    group: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "to": "slot", **_Pending.to_json(self)}


@dataclass(frozen=True, slots=True)
class EquipDraw(_Pending):
    """SE-4.6, SE-6.6: an equipment card drawn for the set-up or for loot (`to`)."""

    kind: ClassVar[str] = "equip"
    to: str


@dataclass(frozen=True, slots=True)
class ObjectiveDraw(_Pending):
    """SE-4.9: an objective card drawn."""

    kind: ClassVar[str] = "objective"


@dataclass(frozen=True, slots=True)
class TieDraw(_Pending):
    """SE-5.9: equally bad results (Core JSON) of the rule `why`, picked at random by weight."""

    kind: ClassVar[str] = "tie"
    why: str
    results: tuple[dict[str, Any], ...]
    weights: tuple[int, ...]


Pending = (
    BottomChoice | EntryChoice | RewardChoice | KeepChoice | PlaceChoice
    | DrawTokens | DieRoll | BoxOrder | SlotOrder | EquipDraw | ObjectiveDraw | TieDraw
)  # fmt: skip


def pending_from_json(data: dict[str, Any] | None) -> Pending | None:
    """The pending task of its JSON form (see `to_json`)."""
    if data is None:
        return None
    match data["kind"]:
        case "bottom":
            return BottomChoice()
        case "entry":
            return EntryChoice()
        case "reward":
            return RewardChoice(tuple(str(o) for o in data["options"]))
        case "keep":
            return KeepChoice()
        case "place":
            return PlaceChoice(str(data["defender"]), tuple(int(s) for s in data["spaces"]))
        case "draw":
            return DrawTokens(int(data["k"]))
        case "die":
            return DieRoll()
        case "order" if data["to"] == "box":
            return BoxOrder(str(data["group"]))
        case "order":
            group = data.get("group")
            return SlotOrder(
                int(data["slot"]), bool(data["up"]), None if group is None else str(group)
            )
        case "equip":
            return EquipDraw(str(data["to"]))
        case "objective":
            return ObjectiveDraw()
        case "tie":
            results = tuple(dict(r) for r in data["results"])
            return TieDraw(str(data["why"]), results, tuple(int(w) for w in data["weights"]))
    raise ValueError(f"no pending task of kind {data['kind']!r}")
