"""Request and response bodies of the API (pydantic v2; they make the OpenAPI document at /docs).

Requests forbid unknown fields: a misspelt option is an error (422), never silently ignored.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from bitva.server.lords_of_war import LordsOfWarOptionsIn

SeatNumber = Literal[1, 2]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def clean_name(value: str) -> str:
    """A display name: printable characters only, spaces collapsed."""
    printable = "".join(ch if ch.isprintable() else " " for ch in value)
    return " ".join(printable.split())


# -- requests ------------------------------------------------------------------------------


class AiOpponent(Strict):
    kind: Literal["ai"] = "ai"
    level: str = Field(
        default="", max_length=32, description="an AI level of /api/meta; empty: the default"
    )


class FriendOpponent(Strict):
    kind: Literal["friend"] = "friend"


Opponent = Annotated[AiOpponent | FriendOpponent, Field(discriminator="kind")]


class CreateGameIn(Strict):
    game: Literal["lords-of-war"] = "lords-of-war"
    options: LordsOfWarOptionsIn = Field(default_factory=LordsOfWarOptionsIn)
    opponent: Opponent = Field(default_factory=AiOpponent)
    seat: Literal[1, 2, "random"] = Field(
        default=1, description="your seat: 1 moves first (D-12), 2, or random"
    )
    name: str = Field(default="", max_length=40, description="your name, shown to the other seat")

    @field_validator("name")
    @classmethod
    def _clean(cls, value: str) -> str:
        return clean_name(value)


class JoinIn(Strict):
    code: str = Field(min_length=1, max_length=64, description="the join code of the invitation")
    name: str = Field(default="", max_length=40)

    @field_validator("name")
    @classmethod
    def _clean(cls, value: str) -> str:
        return clean_name(value)


class ActionIn(Strict):
    action: str = Field(
        min_length=1,
        max_length=200,
        description="the action in text form: 'Orc Catapult@d2', 'shoot e4', 'arrows', "
        "'berserk d3-d4', 'draw', 'recall d3'",
        examples=["Orc Catapult@d2"],
    )
    version: int | None = Field(
        default=None,
        ge=0,
        description="the game version the action was chosen at; a stale one is refused (409)",
    )


class PreviewIn(Strict):
    card: str | None = Field(
        default=None, max_length=100, description="one card of your hand; empty: every card"
    )


class WsHello(Strict):
    type: Literal["hello"] = "hello"
    token: str | None = Field(default=None, max_length=128)


class WsPing(Strict):
    type: Literal["ping"] = "ping"


# -- responses -----------------------------------------------------------------------------


class ErrorOut(BaseModel):
    error: str
    rule: str | None = Field(default=None, description="the rule that forbids it, e.g. LW-6.2")


class SeatOut(BaseModel):
    seat: int
    kind: Literal["human", "ai"]
    level: str | None = None
    name: str = ""
    joined: bool


class GameSummary(BaseModel):
    id: str
    game: str
    title: str
    options: dict[str, Any]
    status: Literal["waiting", "playing", "over"]
    seats: list[SeatOut]
    to_move: int | None
    turn: int
    phase: str
    version: int = Field(description="the number of actions played")
    outcome: dict[str, Any] | None
    created_at: datetime
    updated_at: datetime


class GameOut(BaseModel):
    game: GameSummary
    seat: int | None = Field(description="the seat of the token; null for a spectator")
    invite_open: bool = Field(
        default=False, description="a friend has not joined yet (seat holders only)"
    )
    view: dict[str, Any] = Field(description="what this seat may see")


class CreateGameOut(BaseModel):
    game: GameSummary
    seat: int
    token: str = Field(description="your seat token: keep it, send it as 'Authorization: Bearer'")
    join_code: str | None = Field(default=None, description="for a friend game: one use")
    join_path: str | None = Field(
        default=None, description="the join link's path; give the friend this link"
    )
    view: dict[str, Any]


class JoinOut(BaseModel):
    game: GameSummary
    seat: int
    token: str
    view: dict[str, Any]


class InviteOut(BaseModel):
    seat: int
    join_code: str
    join_path: str


class ActionOut(BaseModel):
    version: int
    events: list[dict[str, Any]] = Field(description="what the action did, as this seat sees it")
    view: dict[str, Any]
    game: GameSummary


class LineOut(BaseModel):
    shots: dict[str, str] = Field(description="shooter square -> target square")
    moves: list[dict[str, str]] = Field(description="berserker moves, in order")
    eliminated: list[dict[str, Any]]
    result: dict[str, Any] | None


class SquarePreview(BaseModel):
    square: str
    lines: list[LineOut]
    truncated: bool = False


class CardPreview(BaseModel):
    card: str
    squares: list[SquarePreview]


class PreviewOut(BaseModel):
    version: int
    cards: list[CardPreview]


class LogEntry(BaseModel):
    index: int
    seat: int
    events: list[dict[str, Any]]


class LogOut(BaseModel):
    version: int
    entries: list[LogEntry]


class ReplayStep(BaseModel):
    index: int = Field(description="actions played so far (0: the position before any action)")
    seat: int | None
    events: list[dict[str, Any]]
    view: dict[str, Any] = Field(description="the view after the step, its 'cards' left out")


class ReplayOut(BaseModel):
    game: GameSummary
    seat: int | None
    cards: dict[str, Any] = Field(description="every card the steps name")
    steps: list[ReplayStep]


class ArmyOut(BaseModel):
    name: str
    title: str


class LevelOut(BaseModel):
    name: str
    default: bool


class MetaOut(BaseModel):
    games: list[str]
    armies: list[ArmyOut]
    levels: list[LevelOut]
    default_level: str
    defaults: dict[str, Any]
    limits: dict[str, Any]


class GameList(BaseModel):
    games: list[GameSummary]
