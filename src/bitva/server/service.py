"""The game service: creating, joining, reading and playing games, for the REST and WebSocket
endpoints alike.

Every change runs under the game's lock: the action is applied to a clone of the state, the
action row is committed to the database, and only then does the game take the new state and do
the watchers hear of it. An action that the database did not accept never happened.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections import OrderedDict
from contextvars import ContextVar
from typing import Any

from anyio import to_thread

from bitva.core.errors import BitvaError, IllegalAction
from bitva.core.registry import get_game
from bitva.core.state import State
from bitva.server import ai, lords_of_war
from bitva.server.auth import hash_secret, matches, new_code, new_game_id, new_token
from bitva.server.config import ServerConfig
from bitva.server.errors import ApiError, not_found
from bitva.server.hub import Hub
from bitva.server.models import (
    ActionOut,
    CreateGameIn,
    CreateGameOut,
    GameOut,
    GameSummary,
    InviteOut,
    JoinIn,
    JoinOut,
    LogOut,
    PreviewOut,
    ReplayOut,
)
from bitva.server.runtime import GameRuntime, Step, rebuild, status_of, summary_of
from bitva.server.writer import Writer
from bitva.store.games import GameStore, Progress, StoreConflict, StoredAction, StoredGame
from bitva.store.games import StoredSeat as Seat
from bitva.store.games import now as utc_now

# Where a request's time went (seconds by name), for the Server-Timing header.
timings: ContextVar[dict[str, float] | None] = ContextVar("bitva_timings", default=None)


def _spent(name: str, since: float) -> None:
    spans = timings.get()
    if spans is not None:
        spans[name] = spans.get(name, 0.0) + time.perf_counter() - since


REPLAYS_KEPT = 16  # replays are big (a view per step): keep only the last few asked for


def join_path(game_id: str, code: str) -> str:
    """The join link's path: the code rides in the fragment, which browsers never send."""
    return f"/#/join/{game_id}/{code}"


def engine_message(exc: BitvaError) -> str:
    """The engine's message without the rule it appends (the rule has its own field)."""
    text = str(exc)
    rule = getattr(exc, "rule", None)
    suffix = f" ({rule})"
    return text[: -len(suffix)] if rule and text.endswith(suffix) else text


class GameService:
    def __init__(self, store: GameStore, config: ServerConfig, hub: Hub) -> None:
        self.store = store
        self.config = config
        self.hub = hub
        self.ai = ai.AiPlayer(self, config)
        self._games: OrderedDict[str, GameRuntime] = OrderedDict()
        self._loading: dict[str, asyncio.Lock] = {}
        self._replays: OrderedDict[tuple[str, int | None, int], dict[str, Any]] = OrderedDict()
        # one thread writes to the database, in order, committing the moves that wait together
        self.writer = Writer(store)
        self._write = self.writer.run

    def close(self) -> None:
        self.writer.close()

    # -- the games in memory ---------------------------------------------------------------
    async def runtime(self, game_id: str) -> GameRuntime:
        """The live game, loaded from the database (and replayed) when not in memory."""
        runtime = self._games.get(game_id)
        if runtime is not None:
            self._games.move_to_end(game_id)
            return runtime
        if len(game_id) > 64:
            raise not_found(game_id[:64])
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                runtime = self._games.get(game_id)
                if runtime is not None:
                    return runtime
                stored = await to_thread.run_sync(self.store.load, game_id)
                if stored is None:
                    raise not_found(game_id)
                try:
                    runtime = await to_thread.run_sync(rebuild, stored)
                except BitvaError as exc:
                    raise ApiError(500, f"game {game_id} cannot be restored: {exc}") from exc
                self._remember(runtime)
                return runtime
        finally:
            if not lock.locked():
                self._loading.pop(game_id, None)

    def _remember(self, runtime: GameRuntime) -> None:
        self._games[runtime.id] = runtime
        excess = len(self._games) - self.config.max_cached_games
        if excess <= 0:
            return
        for game_id in list(self._games):  # least recently used first
            if excess <= 0:
                break
            old = self._games[game_id]
            if old is runtime or old.lock.locked() or self.hub.watched(game_id):
                continue
            if game_id in self.ai.tasks:
                continue
            del self._games[game_id]
            excess -= 1

    def forget(self, game_id: str) -> None:
        self._games.pop(game_id, None)

    # -- seats -----------------------------------------------------------------------------
    @staticmethod
    def seat_of(runtime: GameRuntime, token: str | None, required: bool) -> int | None:
        """The seat a token holds in this game: no token is a spectator (or 401 where a seat
        is required); a token that holds no seat here is refused (403)."""
        if token is None:
            if required:
                raise ApiError(
                    401, "a seat token is required: send it as 'Authorization: Bearer TOKEN'"
                )
            return None
        seat = runtime.seat_of_token(token)
        if seat is None:
            raise ApiError(403, "this token holds no seat in this game")
        return seat

    @staticmethod
    def invite_open(runtime: GameRuntime, seat: int | None) -> bool:
        return seat is not None and any(
            s.kind == "human" and s.token_hash is None for s in runtime.seats
        )

    # -- creating and joining --------------------------------------------------------------
    async def create(self, body: CreateGameIn) -> CreateGameOut:
        game = get_game(body.game)
        opponent = body.opponent
        level = None
        if opponent.kind == "ai":
            level = opponent.level or ai.default_level()
            if level not in ai.levels():
                raise ApiError(422, f"unknown AI level {level!r} (known: {', '.join(ai.levels())})")
        seat = body.seat if body.seat != "random" else 1 + secrets.randbelow(2)
        seed = secrets.randbelow(2**62)
        try:
            state = await to_thread.run_sync(game.new, body.options.engine_options(), seed)
        except BitvaError as exc:
            raise ApiError(400, str(exc)) from exc
        token, code = new_token(), None
        other: Seat
        if level is not None:
            other = Seat(3 - seat, "ai", agent=level, name="")
        else:
            code = new_code()
            other = Seat(3 - seat, "human", invite_hash=hash_secret(code))
        mine = Seat(seat, "human", name=body.name, token_hash=hash_secret(token))
        seats = sorted([mine, other], key=lambda s: s.seat)
        moment = utc_now()
        stored = StoredGame(
            id=new_game_id(),
            game=game.name,
            options=state.options.model_dump(mode="json"),
            seed=seed,
            progress=_progress(state, seats),
            version=0,
            created_at=moment,
            updated_at=moment,
            seats=seats,
        )
        await self._write(self.store.create, stored)
        runtime = GameRuntime(stored, state, [])
        self._remember(runtime)
        if runtime.ai_to_move() is not None:
            self.ai.schedule(runtime.id)
        return CreateGameOut(
            game=runtime.summary(),
            seat=seat,
            token=token,
            join_code=code,
            join_path=join_path(runtime.id, code) if code else None,
            view=runtime.view(seat),
        )

    async def join(self, game_id: str, body: JoinIn) -> JoinOut:
        runtime = await self.runtime(game_id)
        async with runtime.lock:
            open_seats = [s for s in runtime.seats if s.kind == "human" and s.token_hash is None]
            seat = next(
                (s for s in open_seats if matches(body.code, s.invite_hash)),
                None,
            )
            if seat is None:
                if not open_seats:
                    raise ApiError(409, "both seats of this game are taken")
                raise ApiError(403, "this join code is not valid for this game")
            token = new_token()
            token_hash = hash_secret(token)
            others_held = all(s.held for s in runtime.seats if s is not seat)
            status = "over" if runtime.state.outcome else ("playing" if others_held else "waiting")
            claimed = await self._write(
                self.store.claim_seat,
                runtime.id,
                seat.seat,
                seat.invite_hash or "",
                token_hash,
                body.name,
                status,
            )
            if not claimed:
                self.forget(runtime.id)
                raise ApiError(409, "this invitation was used already")
            seat.token_hash, seat.invite_hash, seat.name = token_hash, None, body.name
            runtime.refresh_status()
            self.hub.publish_game(runtime)
        if runtime.ai_to_move() is not None:
            self.ai.schedule(runtime.id)
        return JoinOut(
            game=runtime.summary(), seat=seat.seat, token=token, view=runtime.view(seat.seat)
        )

    async def invite(self, game_id: str, token: str | None) -> InviteOut:
        """A new join code for the open seat (the old code stops working)."""
        runtime = await self.runtime(game_id)
        self.seat_of(runtime, token, required=True)
        async with runtime.lock:
            open_seat = next(
                (s for s in runtime.seats if s.kind == "human" and s.token_hash is None), None
            )
            if open_seat is None:
                raise ApiError(409, "both seats of this game are taken")
            code = new_code()
            ok = await self._write(
                self.store.set_invite, runtime.id, open_seat.seat, hash_secret(code)
            )
            if not ok:
                self.forget(runtime.id)
                raise ApiError(409, "both seats of this game are taken")
            open_seat.invite_hash = hash_secret(code)
        return InviteOut(seat=open_seat.seat, join_code=code, join_path=join_path(game_id, code))

    # -- reading ---------------------------------------------------------------------------
    async def read(self, game_id: str, token: str | None) -> GameOut:
        runtime = await self.runtime(game_id)
        seat = self.seat_of(runtime, token, required=False)
        return GameOut(
            game=runtime.summary(),
            seat=seat,
            invite_open=self.invite_open(runtime, seat),
            view=runtime.view(seat),
        )

    async def list_games(self, limit: int, status: str | None) -> list[GameSummary]:
        stored = await to_thread.run_sync(self.store.list_games, limit, status)
        out = []
        for game in stored:
            live = self._games.get(game.id)
            out.append(live.summary() if live is not None else summary_of(game))
        return out

    async def log(self, game_id: str, token: str | None, since: int) -> LogOut:
        runtime = await self.runtime(game_id)
        seat = self.seat_of(runtime, token, required=False)
        return LogOut.model_validate(
            {"version": runtime.version, "entries": runtime.events_for(seat, since)}
        )

    async def previews(self, game_id: str, token: str | None, card: str | None) -> PreviewOut:
        runtime = await self.runtime(game_id)
        seat = self.seat_of(runtime, token, required=True)
        assert seat is not None
        state = runtime.state
        if state.current_player != seat or state.decision not in ("challenge", "deploy"):
            raise ApiError(409, "previews are for the seat about to place a card", "LW-6.1")
        if card is not None and card not in runtime.view(seat)["players"][str(seat)]["hand"]:
            raise ApiError(409, f"{card} is not in your hand", "LW-6.1")
        version = runtime.version
        cached = runtime.previews.get(seat)
        if cached is None or cached[0] != version:
            computed = await to_thread.run_sync(lords_of_war.previews, state.clone(), seat, None)
            if runtime.version != version:
                raise ApiError(409, "the game moved on while the previews were computed")
            cached = (version, computed)
            runtime.previews = {seat: cached}
        cards = [c for c in cached[1] if card is None or c["card"] == card]
        return PreviewOut.model_validate({"version": version, "cards": cards})

    async def replay(self, game_id: str, token: str | None) -> ReplayOut:
        runtime = await self.runtime(game_id)
        seat = self.seat_of(runtime, token, required=False)
        key = (runtime.id, seat, runtime.version)
        data = self._replays.get(key)
        if data is None:
            record = runtime.stored.record()
            record.actions = [step.action for step in runtime.steps]
            seats = [step.seat for step in runtime.steps]
            data = await to_thread.run_sync(_replay_data, record, seats, seat)
            self._replays[key] = data
            while len(self._replays) > REPLAYS_KEPT:
                self._replays.popitem(last=False)
        else:
            self._replays.move_to_end(key)
        return ReplayOut.model_validate({"game": runtime.summary(), "seat": seat, **data})

    # -- playing ---------------------------------------------------------------------------
    async def act(
        self, game_id: str, seat: int, text: str, version: int | None = None
    ) -> ActionOut:
        runtime = await self.runtime(game_id)
        waited = time.perf_counter()
        async with runtime.lock:
            _spent("lock", waited)
            state = runtime.state
            if state.outcome is not None:
                raise ApiError(409, "the game is over", "LW-8.1")
            if runtime.status == "waiting":
                raise ApiError(409, "waiting for the other player to join")
            if version is not None and version != runtime.version:
                raise ApiError(
                    409,
                    f"the game has moved on: it is at version {runtime.version}, the action "
                    f"was chosen at {version}",
                )
            mover = state.current_player
            if seat != mover:  # before the engine reads the action: a card name is resolved
                raise ApiError(409, f"it is not your turn: player {mover} is to move")
            child = state.clone()
            try:
                action = child.parse_action(text)
                events = child.apply(action)
            except IllegalAction as exc:
                raise ApiError(409, engine_message(exc), exc.rule) from exc
            except BitvaError as exc:
                raise ApiError(400, engine_message(exc), getattr(exc, "rule", None)) from exc
            index = runtime.version
            step = Step(index, seat, str(action), events)
            progress = runtime.progress_of(child)
            stored = StoredAction(seat, step.action, child.digest())
            writing = time.perf_counter()
            try:
                moment = await self.writer.append(runtime.id, index, stored, progress)
            except StoreConflict as exc:
                self.forget(runtime.id)
                raise ApiError(409, "the game moved on; reload it") from exc
            _spent("db", writing)
            runtime.commit(child, step, progress, moment)
            runtime.previews.clear()
            self.hub.publish_step(runtime, step)
            out = ActionOut(
                version=runtime.version,
                events=[e.for_seat(seat) for e in events],
                view=runtime.view(seat),
                game=runtime.summary(),
            )
        if runtime.ai_to_move() is not None:
            self.ai.schedule(runtime.id)
        return out


def _progress(state: State, seats: list[Seat]) -> Progress:
    outcome = state.outcome
    return Progress(
        status=status_of(state, seats),
        to_move=state.current_player,
        turn=state.turn,
        phase=state.decision,
        outcome=outcome.to_json() if outcome else None,
    )


def _replay_data(record: Any, seats: list[int], seat: int | None) -> dict[str, Any]:
    """Every step of a game as `seat` saw it: events and the view after them."""
    from bitva.core.record import replay

    cards: dict[str, Any] = {}

    def strip(view: dict[str, Any]) -> dict[str, Any]:
        cards.update(view.get("cards", {}))
        return {k: v for k, v in view.items() if k != "cards"}

    start = get_game(record.game).new(record.options, record.seed)
    steps: list[dict[str, Any]] = [
        {"index": 0, "seat": None, "events": [], "view": strip(start.view(seat))}
    ]
    for step in replay(record):
        steps.append(
            {
                "index": step.index + 1,
                "seat": seats[step.index],
                "events": [e.for_seat(seat) for e in step.events],
                "view": strip(step.state.view(seat)),
            }
        )
    return {"cards": cards, "steps": steps}
