"""The REST endpoints (`/api/...`). Seats are held by tokens sent as `Authorization: Bearer`;
without a token a request reads as a spectator. Every error is `{"error": ..., "rule": ...}`.

What costs the server work is limited per client address (`limits`): new games and seats, moves
against the AI, replay pages (`replays`), join codes checked, analyses and previews; beyond a
limit the answer is 429 with Retry-After."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Path, Query, Request, Response, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from bitva.server.auth import matches
from bitva.server.errors import ApiError
from bitva.server.limits import Limits, client_of
from bitva.server.meta import meta
from bitva.server.models import (
    ActionIn,
    ActionOut,
    AnalysisIn,
    AnalysisOut,
    CreateGameIn,
    CreateGameOut,
    ErrorOut,
    GameList,
    GameOut,
    InvitationIn,
    InvitationOut,
    InviteIn,
    InviteOut,
    JoinIn,
    JoinOut,
    LogOut,
    MetaOut,
    OptionsIn,
    OptionsOut,
    PreviewIn,
    PreviewOut,
    UndoIn,
    UndoOut,
)
from bitva.server.preview import preview
from bitva.server.reading import Reader
from bitva.server.runtime import GameRuntime
from bitva.server.service import GameService, chosen_options, find_game
from bitva.server.undo import take_back
from bitva.store.games import now as utc_now
from bitva.web import web_dir

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
        (429, "over a limit of your address or of the server: see Retry-After"),
    )
}


async def service(request: Request) -> GameService:
    found: GameService = request.app.state.service
    return found


async def reader(request: Request) -> Reader:
    found: Reader = request.app.state.reader
    return found


def limits(request: Request) -> Limits:
    found: Limits = request.app.state.limits
    return found


def charge(request: Request, kind: str) -> None:
    """Count one request of `kind` against its client's rate (429 beyond it)."""
    limits(request).rates.charge(kind, client_of(request.scope))


async def token(
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
Reading = Annotated[Reader, Depends(reader)]
AnalysisName = Annotated[
    str, Path(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$", description="analysis")
]
Token = Annotated[str | None, Depends(token)]


@router.get("/health", tags=["server"])
async def health(games: Service) -> dict[str, Any]:
    """Whether the server runs (for scripts and tests)."""
    return {"ok": True, "games_in_memory": len(games._games)}


@router.get("/meta", response_model=MetaOut, tags=["server"])
async def game_meta(request: Request) -> MetaOut:
    """What a new game may be: every game with its traits, seats, options (JSON Schema and
    defaults), lobby extras and analyses; the AI levels (weakest first) and the limits."""
    return meta(request.app.state.config, web_dir())


@router.post("/options", response_model=OptionsOut, responses=ERRORS, tags=["server"])
async def check_options(body: OptionsIn) -> OptionsOut:
    """Validate a game's options as a new game would (422 naming the option) and say how many
    seats a game with them has."""
    game = find_game(body.game)
    options = chosen_options(game, body.options)
    return OptionsOut(
        game=game.name, options=options.model_dump(mode="json"), seats=game.seats_for(options)
    )


@router.get("/games", response_model=GameList, tags=["games"])
async def list_games(
    games: Reading,
    limit: Annotated[int, Query(ge=1, le=100)] = 30,
    status: Literal["waiting", "playing", "over"] | None = None,
    offset: Annotated[int, Query(ge=0, le=1_000_000, description="games to skip: paging")] = 0,
) -> GameList:
    """Recent games, most recently active first (public facts only, per-seat results too);
    `offset` skips that many: the lobby pages with `limit` and `offset`."""
    return GameList(games=await games.list_games(limit, status, offset))


def wants_ai(body: CreateGameIn) -> bool:
    """Whether a new game would have an AI seat (every other seat is the AI by default)."""
    if body.opponents is not None:
        return any(opponent.kind == "ai" for opponent in body.opponents)
    try:
        game = find_game(body.game)
        return game.seats_for(chosen_options(game, body.options)) > 1
    except ApiError:  # the service refuses the body with its own error
        return False


@router.post(
    "/games", response_model=CreateGameOut, status_code=201, responses=ERRORS, tags=["games"]
)
async def create_game(body: CreateGameIn, games: Service, request: Request) -> CreateGameOut:
    """A new game of any game of /api/meta: your seat, and who plays each other seat (the AI at
    a level, or a friend, who gets a one-use join link of their own). The answer holds your seat
    token and the join links to give your friends."""
    charge(request, "create")
    client = client_of(request.scope)
    ai_games = limits(request).ai_games
    if not wants_ai(body):
        return await games.create(body)
    with ai_games.starting_one(games, client, utc_now()):
        made = await games.create(body)
        ai_games.add(made.game.id, client)
    return made


def etag(runtime: GameRuntime, seat: int | None) -> str:
    """What a read of the game depends on: its version (with the runtime's epoch: after an undo
    a version number comes again for another position), status and seats, and who asks."""
    held = "".join("1" if s.held else "0" for s in runtime.seats)
    return f'"{runtime.version}.{runtime.epoch}-{runtime.status}-{held}-{seat or 0}"'


@router.get("/games/{game_id}", response_model=GameOut, responses=ERRORS, tags=["games"])
async def read_game(
    game_id: GameId,
    games: Reading,
    auth: Token,
    response: Response,
    if_none_match: Annotated[str | None, Header()] = None,
) -> GameOut | Response:
    """The game as your seat sees it (your hand, your legal actions, the analyses offered now),
    or as a spectator without a token. It carries an ETag: asked again with `If-None-Match`,
    an unchanged game answers 304 with no body (a cheap poll for a page without its socket)."""
    runtime = await games.service.runtime(game_id)
    tag = etag(runtime, games.service.seat_of(runtime, auth, required=False))
    if if_none_match is not None and tag in (part.strip() for part in if_none_match.split(",")):
        return Response(status_code=304, headers={"ETag": tag})
    response.headers["ETag"] = tag
    return await games.read(game_id, auth)


@router.post("/games/{game_id}/join", response_model=JoinOut, responses=ERRORS, tags=["games"])
async def join_game(game_id: GameId, body: JoinIn, games: Service, request: Request) -> JoinOut:
    """Take the open seat of the invitation with its join code (once): gives the seat's token."""
    charge(request, "create")
    return await games.join(game_id, body)


@router.post(
    "/games/{game_id}/invitation", response_model=InvitationOut, responses=ERRORS, tags=["games"]
)
async def check_invitation(
    game_id: GameId, body: InvitationIn, games: Service, request: Request
) -> InvitationOut:
    """Whether a join code still opens a seat, and which (read only: nothing changes). A code
    that opens none was used, or replaced by a newer link: the join page says the seat is
    taken at once instead of showing a form that cannot work. The code travels in the body,
    never in a URL that a log could keep. Limited per client (`invitation_rate`), so that it is
    no oracle to guess codes against."""
    charge(request, "invitation")
    runtime = await games.runtime(game_id)
    seat = next(
        (
            s.seat
            for s in runtime.seats
            if s.kind == "human" and s.token_hash is None and matches(body.code, s.invite_hash)
        ),
        None,
    )
    return InvitationOut(seat=seat, open=seat is not None)


@router.post("/games/{game_id}/invite", response_model=InviteOut, responses=ERRORS, tags=["games"])
async def new_invite(
    game_id: GameId, games: Service, auth: Token, request: Request, body: InviteIn | None = None
) -> InviteOut:
    """A new join link for an open seat, for a seat holder (that seat's old link stops
    working)."""
    charge(request, "create")
    return await games.invite(game_id, auth, body.seat if body else None)


@router.post("/games/{game_id}/actions", response_model=ActionOut, responses=ERRORS, tags=["play"])
async def play_action(
    game_id: GameId, body: ActionIn, games: Service, auth: Token, request: Request
) -> Response:
    """Play an action for your seat; the chance that follows it is resolved at once. Text that
    is no action of the game is refused (400); an illegal action is refused (409) naming the
    rule. Either way nothing changes."""
    runtime = await games.runtime(game_id)
    seat = games.seat_of(runtime, auth, required=True)
    assert seat is not None
    if any(s.kind == "ai" for s in runtime.seats):  # the AI may think after this move
        charge(request, "ai_move")
    answer = await games.act(game_id, seat, body.action, body.version)  # an ActionOut's JSON
    return Response(answer, media_type="application/json")


@router.post("/games/{game_id}/preview", response_model=PreviewOut, responses=ERRORS, tags=["play"])
async def preview_action(
    game_id: GameId, body: PreviewIn, games: Service, auth: Token, request: Request
) -> PreviewOut:
    """What an action would do, without doing it (issue 22): legal or the violation naming the
    rule, and the game's facts (a move's inches, its models out of coherency). Only the seat
    to move may ask, and the preview is computed on what that seat knows (docs/server.md,
    "Preview"). Text that is no action of the game is refused (400); nothing changes."""
    runtime = await games.runtime(game_id)
    seat = games.seat_of(runtime, auth, required=True)
    charge(request, "preview")
    return await preview(games, game_id, seat, body.action, body.version)


@router.post("/games/{game_id}/undo", response_model=UndoOut, responses=ERRORS, tags=["play"])
async def undo_decision(
    game_id: GameId, games: Service, auth: Token, request: Request, body: UndoIn | None = None
) -> Response:
    """Take back your seat's last decision (docs/server.md, "Undo"): refused (409, CORE-4)
    after chance, another seat's decision or a decision that showed you something hidden, and
    at a table that does not allow undo. Every watcher gets the game as it was before it."""
    runtime = await games.runtime(game_id)
    seat = games.seat_of(runtime, auth, required=True)
    assert seat is not None
    if any(s.kind == "ai" for s in runtime.seats):  # counted as a move against the AI
        charge(request, "ai_move")
    answer = await take_back(games, game_id, seat, body.version if body else None)
    return Response(answer, media_type="application/json")


@router.post(
    "/games/{game_id}/analysis/{name}",
    response_model=AnalysisOut,
    responses=ERRORS,
    tags=["play"],
)
async def run_analysis(
    game_id: GameId,
    name: AnalysisName,
    games: Reading,
    auth: Token,
    request: Request,
    body: AnalysisIn | None = None,
) -> AnalysisOut:
    """One of the game's analyses (/api/meta lists them), run on what your seat knows: where it
    is offered now, and for the seat about to decide where the analysis says so. An analysis
    that takes parameters gets them in the body (`{"parameters": {"unit": "A1"}}`, their JSON
    Schema in /api/meta); a bad one is refused (422) naming it."""
    charge(request, "analysis")
    async with limits(request).heavy:
        return await games.analysis(game_id, name, auth, body.parameters if body else None)


@router.get("/games/{game_id}/log", response_model=LogOut, responses=ERRORS, tags=["play"])
async def game_log(
    game_id: GameId, games: Reading, auth: Token, since: Annotated[int, Query(ge=0)] = 0
) -> LogOut:
    """The steps from `since` on (seat -1: chance), with their events as your seat (or a
    spectator) sees them."""
    return await games.log(game_id, auth, since)
