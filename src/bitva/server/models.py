"""Request and response bodies of the API (pydantic v2; they make the OpenAPI document at /docs).

Requests are strict: an unknown field is an error (422), never silently ignored, and so is a
value of the wrong type (`"yes"` for a boolean, `"2"` for a number: nothing is coerced). A game's
options are validated, as strictly, by its adapter's client-safe options model (`server/games`).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

NAME_LENGTH = 40
# Characters of an action's text. Age of Sigmar moves a unit as one action: a 20-model unit
# whose models each follow a path of 6 points written "(xx.xxx,yy.yyy)" is about 2,100
# characters (tests/server/test_preview.py measures it), so 8,000 leaves room for longer paths
# while one request still cannot make the engine read a megabyte (issue 22).
ACTION_LENGTH = 8000
PARAMETERS = 16  # parameters of one analysis request
MAX_VERSION = 2**31 - 1  # far beyond any game's steps: a bigger number is refused, not echoed
MAX_SEATS = 16


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


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
SeatChoice = Annotated[int, Field(ge=1, le=MAX_SEATS)] | Literal["random"]


class CreateGameIn(Strict):
    game: str = Field(min_length=1, max_length=64, description="a game of /api/meta (its name)")
    options: dict[str, Any] = Field(
        default_factory=dict, description="the game's options (its JSON Schema in /api/meta)"
    )
    seat: SeatChoice = Field(default=1, description="your seat (1 moves first), or random")
    opponents: list[Opponent] | None = Field(
        default=None,
        max_length=MAX_SEATS - 1,
        description="who plays each other seat, in seat order (a solo game has none); "
        "default: the AI at its default level for every other seat",
    )
    name: str = Field(
        default="", max_length=NAME_LENGTH, description="your name, shown to the other seats"
    )
    undo: bool | None = Field(
        default=None,
        description="whether a seat may take back its own last decision before chance or an "
        "answer (docs/server.md, Undo); default: yes where one person plays (solo, against "
        "the AI), no where friends play (they are shown every move as it is made)",
    )

    @field_validator("name")
    @classmethod
    def _clean(cls, value: str) -> str:
        return clean_name(value)


class OptionsIn(Strict):
    game: str = Field(min_length=1, max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)


class JoinIn(Strict):
    code: str = Field(min_length=1, max_length=64, description="the join code of the invitation")
    name: str = Field(default="", max_length=NAME_LENGTH)

    @field_validator("name")
    @classmethod
    def _clean(cls, value: str) -> str:
        return clean_name(value)


class InvitationIn(Strict):
    code: str = Field(min_length=1, max_length=64, description="the join code of a link")


class InvitationOut(BaseModel):
    seat: int | None = Field(description="the seat the code opens; null: none (used or replaced)")
    open: bool = Field(description="whether the code still opens a seat")


class InviteIn(Strict):
    seat: int | None = Field(
        default=None, ge=1, le=MAX_SEATS, description="the open seat; default: the first one"
    )


def printable_action(value: str) -> str:
    """Action text is printable: control characters (a terminal's escape codes among them)
    are refused as the body is validated (422), so that no error or log carries them."""
    if not value.isprintable():
        raise ValueError("control characters are not allowed in an action")
    return value


# action text: printable, at most ACTION_LENGTH characters (the Field gives the length)
ActionText = Annotated[str, AfterValidator(printable_action)]


class ActionIn(Strict):
    action: ActionText = Field(
        min_length=1,
        max_length=ACTION_LENGTH,
        description="the action in the game's text form (the seat's `legal_actions` list them "
        "where a game can)",
        examples=["roll"],
    )
    version: int | None = Field(
        default=None,
        ge=0,
        le=MAX_VERSION,
        description="the game version the action was chosen at; a stale one is refused (409)",
    )


class PreviewIn(Strict):
    action: ActionText = Field(
        min_length=1,
        max_length=ACTION_LENGTH,
        description="the action in the game's text form, as for POST .../actions",
        examples=["jump 0.75"],
    )
    version: int | None = Field(
        default=None,
        ge=0,
        le=MAX_VERSION,
        description="the game version the action is meant for; a stale one is refused (409)",
    )


class AnalysisIn(Strict):
    parameters: dict[str, Any] = Field(
        default_factory=dict,
        max_length=PARAMETERS,
        description="the analysis's parameters (their JSON Schema in /api/meta); none for an "
        "analysis that takes none",
    )


class UndoIn(Strict):
    version: int | None = Field(
        default=None,
        ge=0,
        le=MAX_VERSION,
        description="the game version the undo was asked at; a stale one is refused (409)",
    )


class WsHello(Strict):
    type: Literal["hello"]  # required: `{}` is no hello (issue 21, point 17)
    token: str | None = Field(default=None, max_length=128)


class WsPing(Strict):
    type: Literal["ping"]


class WsPreview(Strict):
    """`{"type": "preview", "action": TEXT, "id": N}`: answered by `preview_result` with the
    same id (a page that types fast matches each answer to its question)."""

    type: Literal["preview"]
    action: ActionText = Field(min_length=1, max_length=ACTION_LENGTH)
    version: int | None = Field(default=None, ge=0, le=MAX_VERSION)
    id: int | None = Field(default=None, ge=0, le=MAX_VERSION)


# -- responses -----------------------------------------------------------------------------


class ErrorOut(BaseModel):
    error: str
    rule: str | None = Field(default=None, description="the rule that forbids it, e.g. DC-2")


class SeatOut(BaseModel):
    seat: int
    kind: Literal["human", "ai"]
    level: str | None = None
    name: str = ""
    joined: bool
    result: Literal["win", "draw", "loss"] | None = Field(
        default=None, description="how the game ended for this seat (null while it goes on)"
    )
    score: float | None = Field(default=None, description="the seat's points, where kept")


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
    version: int = Field(description="the number of steps so far (actions and chance outcomes)")
    outcome: dict[str, Any] | None = Field(description="`Outcome.to_json()`: codes, not prose")
    undo: bool = Field(default=False, description="whether this table allows undo at all")
    created_at: datetime
    updated_at: datetime


class SeatState(BaseModel):
    """What one seat (or a spectator) may know and do now."""

    seat: int | None = Field(description="the seat of the token; null for a spectator")
    view: dict[str, Any] = Field(description="what this seat may see")
    legal_actions: list[str] | None = Field(
        default=None,
        description="the seat's legal actions as text, when it is to move in a game whose "
        "actions can be listed",
    )
    analyses: list[str] = Field(
        default_factory=list, description="the analyses this seat may ask for now"
    )
    undo: bool | None = Field(
        default=None,
        description="whether this seat may take back its last decision now (null: not at "
        "this table, or a spectator)",
    )
    undo_refusal: str | None = Field(
        default=None,
        description="why not, as a code: nothing, chance, other-seat, revealed, over, table",
    )


class GameOut(SeatState):
    game: GameSummary
    invite_open: bool = Field(
        default=False, description="a friend's seat is still open (seat holders only)"
    )


class InviteOut(BaseModel):
    seat: int
    join_code: str = Field(description="one use; give it (or the link) to the friend")
    join_path: str = Field(description="the join link's path; the code rides in the fragment")


class CreateGameOut(SeatState):
    game: GameSummary
    token: str = Field(description="your seat token: keep it, send it as 'Authorization: Bearer'")
    invites: list[InviteOut] = Field(
        default_factory=list, description="one per friend's seat, in seat order"
    )


class JoinOut(SeatState):
    game: GameSummary
    token: str


class StepOut(BaseModel):
    index: int = Field(description="0-based position of the step in the game")
    seat: int = Field(description="who took it: a seat, or -1 for a chance outcome")
    events: list[dict[str, Any]] = Field(description="what it did, as this seat sees it")


class ActionOut(SeatState):
    version: int
    steps: list[StepOut] = Field(description="the action and the chance outcomes that followed")
    game: GameSummary


class UndoOut(SeatState):
    type: Literal["undo"] = "undo"
    version: int
    undone: int = Field(description="the index of the step taken back")
    actor: int = Field(description="the seat whose decision it was")
    game: GameSummary


class AnalysisOut(BaseModel):
    name: str
    version: int = Field(description="the game version the analysis is of")
    seat: int | None
    result: dict[str, Any]


class ViolationOut(BaseModel):
    message: str = Field(description="why the action is illegal, in the player's words")
    rule: str | None = Field(default=None, description="the rule it breaks, e.g. LJ-3")
    code: str | None = Field(
        default=None, description="the game's short code for it, where it gives one"
    )
    params: dict[str, Any] = Field(
        default_factory=dict,
        description="the code's parameters (units, models, inches), for a front end's own words",
    )


class PreviewOut(BaseModel):
    version: int = Field(description="the game version the preview is of")
    seat: int
    legal: bool
    violation: ViolationOut | None = Field(description="null when the action is legal")
    facts: dict[str, Any] = Field(
        description="what the action would do, as the game tells it (docs/adding-a-game.md)"
    )


class LogOut(BaseModel):
    version: int
    entries: list[StepOut]


class ReplayStep(BaseModel):
    index: int = Field(description="steps played so far (the version after this one)")
    seat: int | None = Field(description="the seat whose action it was; null for the set-up")
    events: list[dict[str, Any]] = Field(
        description="the action's events and those of the chance that followed"
    )
    view: dict[str, Any] = Field(description="the view after the step, shared keys left out")


class LevelOut(BaseModel):
    name: str
    default: bool


class AnalysisMeta(BaseModel):
    name: str
    title: str
    description: str
    decisions: list[str] | None
    to_move_only: bool
    parameters: dict[str, Any] | None = Field(
        default=None, description="JSON Schema of the parameters it takes; null: none"
    )


class GameMeta(BaseModel):
    name: str
    title: str
    traits: dict[str, Any]
    seats: dict[str, int] = Field(description="the fewest and most seats: {min, max}")
    options_schema: dict[str, Any] = Field(description="JSON Schema of the options a client sets")
    defaults: dict[str, Any]
    lobby: dict[str, Any] = Field(description="extras for the lobby (armies, adventures, maps)")
    analyses: list[AnalysisMeta]
    positions: bool
    module: bool = Field(description="whether the web client has a module of its own for it")
    levels: list[str] = Field(description="the AI levels that can play it, weakest first")
    default_level: str = Field(description="the level a new game gets when none is named")


class MetaOut(BaseModel):
    games: list[GameMeta]
    levels: list[LevelOut]
    default_level: str
    limits: dict[str, Any]


class OptionsOut(BaseModel):
    game: str
    options: dict[str, Any] = Field(description="the options as the game will use them")
    seats: int


class GameList(BaseModel):
    games: list[GameSummary]
