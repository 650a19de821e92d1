"""The REST endpoints (`/api/...`). Seats are held by tokens sent as `Authorization: Bearer`;
without a token a request reads as a spectator. Every error is `{"error": ..., "rule": ...}`."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from bitva.server import ai, lords_of_war
from bitva.server.errors import ApiError
from bitva.server.models import (
    ActionIn,
    ActionOut,
    CreateGameIn,
    CreateGameOut,
    ErrorOut,
    GameList,
    GameOut,
    InviteOut,
    JoinIn,
    JoinOut,
    LogOut,
    MetaOut,
    PreviewIn,
    PreviewOut,
    ReplayOut,
)
from bitva.server.service import GameService

bearer = HTTPBearer(
    auto_error=False,
    scheme_name="seat token",
    description="the token that holds a seat (from creating or joining a game)",
)

router = APIRouter(prefix="/api")

GameId = Annotated[
    str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$", description="game id")
]

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorOut, "description": text}
    for status, text in (
        (400, "bad request"),
        (401, "a seat token is required"),
        (403, "the token holds no seat in this game"),
        (404, "no such game"),
        (409, "not allowed now: the error names the rule"),
        (422, "the request does not validate"),
    )
}


def service(request: Request) -> GameService:
    found: GameService = request.app.state.service
    return found


def token(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Security(bearer)],
) -> str | None:
    """The seat token, or None. A malformed Authorization header is an error, never a
    spectator's read."""
    if credentials is not None:
        return credentials.credentials
    if request.headers.get("authorization") is not None:
        raise ApiError(401, "malformed Authorization header: send 'Authorization: Bearer TOKEN'")
    return None


Service = Annotated[GameService, Depends(service)]
Token = Annotated[str | None, Depends(token)]


@router.get("/health", tags=["server"])
async def health(games: Service) -> dict[str, Any]:
    """Whether the server runs (for scripts and tests)."""
    return {"ok": True, "games_in_memory": len(games._games)}


@router.get("/meta", response_model=MetaOut, tags=["server"])
async def meta() -> MetaOut:
    """What a new game may be: games, armies, AI levels (weakest first) and option limits."""
    default = ai.default_level()
    return MetaOut.model_validate(
        {
            "games": ["lords-of-war"],
            "armies": lords_of_war.armies(),
            "levels": [{"name": n, "default": n == default} for n in ai.levels()],
            "default_level": default,
            "defaults": lords_of_war.LordsOfWarOptionsIn().model_dump(),
            "limits": lords_of_war.option_limits(),
        }
    )


@router.get("/games", response_model=GameList, tags=["games"])
async def list_games(
    games: Service,
    limit: Annotated[int, Query(ge=1, le=100)] = 30,
    status: Literal["waiting", "playing", "over"] | None = None,
) -> GameList:
    """Recent games, most recently active first (public facts only)."""
    return GameList(games=await games.list_games(limit, status))


@router.post(
    "/games", response_model=CreateGameOut, status_code=201, responses=ERRORS, tags=["games"]
)
async def create_game(body: CreateGameIn, games: Service) -> CreateGameOut:
    """A new game against the AI or a friend. The answer holds your seat token and, for a friend
    game, the join link to give them."""
    return await games.create(body)


@router.get("/games/{game_id}", response_model=GameOut, responses=ERRORS, tags=["games"])
async def read_game(game_id: GameId, games: Service, auth: Token) -> GameOut:
    """The game as your seat sees it (your hand included), or as a spectator without a token."""
    return await games.read(game_id, auth)


@router.post("/games/{game_id}/join", response_model=JoinOut, responses=ERRORS, tags=["games"])
async def join_game(game_id: GameId, body: JoinIn, games: Service) -> JoinOut:
    """Take the open seat with the join code of the invitation (once): gives the seat's token."""
    return await games.join(game_id, body)


@router.post("/games/{game_id}/invite", response_model=InviteOut, responses=ERRORS, tags=["games"])
async def new_invite(game_id: GameId, games: Service, auth: Token) -> InviteOut:
    """A new join link for the open seat, for a seat holder (the old link stops working)."""
    return await games.invite(game_id, auth)


@router.post("/games/{game_id}/actions", response_model=ActionOut, responses=ERRORS, tags=["play"])
async def play_action(game_id: GameId, body: ActionIn, games: Service, auth: Token) -> ActionOut:
    """Play an action for your seat. An illegal one is refused (409) naming the rule, and
    nothing changes."""
    runtime = await games.runtime(game_id)
    seat = games.seat_of(runtime, auth, required=True)
    assert seat is not None
    return await games.act(game_id, seat, body.action, body.version)


@router.post("/games/{game_id}/preview", response_model=PreviewOut, responses=ERRORS, tags=["play"])
async def preview(
    game_id: GameId, games: Service, auth: Token, body: PreviewIn | None = None
) -> PreviewOut:
    """What each legal placement of your cards would do, to the end of phase 2: every line of
    shooter choices and berserker moves, with the units eliminated and the result."""
    return await games.previews(game_id, auth, body.card if body else None)


@router.get("/games/{game_id}/log", response_model=LogOut, responses=ERRORS, tags=["play"])
async def game_log(
    game_id: GameId, games: Service, auth: Token, since: Annotated[int, Query(ge=0)] = 0
) -> LogOut:
    """The events of every action from `since` on, as your seat (or a spectator) sees them."""
    return await games.log(game_id, auth, since)


@router.get("/games/{game_id}/replay", response_model=ReplayOut, responses=ERRORS, tags=["play"])
async def game_replay(game_id: GameId, games: Service, auth: Token) -> ReplayOut:
    """Every step of the game as your seat (or a spectator) saw it, for the replay viewer."""
    return await games.replay(game_id, auth)
