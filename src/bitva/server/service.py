"""The game service: keeping games in memory, creating, joining and playing them, for the REST and
WebSocket endpoints alike (reading, logs, replays and analyses: `bitva.server.reading`).

Every change runs under the game's lock: the action is applied to a clone of the state, followed
by the chance it leads to (sampled from the state's RNG), every step is committed to the
database, and only then does the game take the new state and do the watchers hear of it. A step
that the database did not accept never happened.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import OrderedDict
from contextvars import ContextVar
from typing import Any

from anyio import to_thread
from pydantic import BaseModel, ValidationError

from bitva.core.errors import BitvaError, IllegalAction, UnreadableAction
from bitva.core.game import Game
from bitva.core.registry import all_games, get_game
from bitva.server import ai
from bitva.server.auth import hash_secret, matches, new_code, new_game_id, new_token
from bitva.server.config import ServerConfig
from bitva.server.errors import ApiError, invalid, not_found, without_input, without_text
from bitva.server.games import adapter_for
from bitva.server.hub import Hub
from bitva.server.migration import behind, migrate
from bitva.server.models import (
    AiOpponent,
    CreateGameIn,
    CreateGameOut,
    InviteOut,
    JoinIn,
    JoinOut,
)
from bitva.server.runtime import GameRuntime, play_step, progress_of, rebuild, resolve_chance
from bitva.server.writer import Writer
from bitva.store.games import GameStore, StoreConflict, StoredGame
from bitva.store.games import StoredSeat as Seat
from bitva.store.games import now as utc_now

log = logging.getLogger("bitva.server")

# Where a request's time went (seconds by name), for the Server-Timing header.
timings: ContextVar[dict[str, float] | None] = ContextVar("bitva_timings", default=None)


def _spent(name: str, since: float) -> None:
    spans = timings.get()
    if spans is not None:
        spans[name] = spans.get(name, 0.0) + time.perf_counter() - since


def join_path(game_id: str, code: str) -> str:
    """The join link's path: the code rides in the fragment, which browsers never send."""
    return f"/#/join/{game_id}/{code}"


def engine_message(exc: BitvaError) -> str:
    """The engine's message without the rule it appends (the rule has its own field)."""
    text = str(exc)
    rule = getattr(exc, "rule", None)
    suffix = f" ({rule})"
    return text[: -len(suffix)] if rule and text.endswith(suffix) else text


def find_game(name: str) -> Game[Any, Any]:
    try:
        return get_game(name)
    except BitvaError:  # its message repeats the name; an error never echoes the input
        known = ", ".join(game.name for game in all_games())
        raise invalid(["body", "game"], f"unknown game (known: {known})") from None


def chosen_options(game: Game[Any, Any], values: dict[str, Any]) -> BaseModel:
    """The client's options, validated by the game adapter's client-safe model (422 naming the
    option), then by the game itself."""
    adapter = adapter_for(game.name)
    try:  # strict, as JSON: "yes" is no boolean and "12" no number
        chosen = adapter.options_model.model_validate_json(json.dumps(values), strict=True)
    except ValidationError as exc:
        loc, message = without_input(exc.errors()[0])
        raise invalid(["body", "options", *loc], message) from None
    try:
        options: BaseModel = game.options(adapter.engine_options(chosen))
    except BitvaError as exc:
        raise invalid(["body", "options"], str(exc)) from exc
    return options


class GameService:
    def __init__(self, store: GameStore, config: ServerConfig, hub: Hub) -> None:
        self.store = store
        self.config = config
        self.hub = hub
        self.ai = ai.AiPlayer(self, config)
        self._games: OrderedDict[str, GameRuntime] = OrderedDict()
        self._loading: dict[str, asyncio.Lock] = {}
        # one thread writes to the database, in order, committing the moves that wait together
        self.writer = Writer(store)
        self._write = self.writer.run

    def close(self) -> None:
        self.writer.close()

    # -- the games in memory ---------------------------------------------------------------
    async def runtime(self, game_id: str) -> GameRuntime:
        """The live game, loaded from the database (migrated, replayed) when not in memory."""
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
                stored = await self._load(game_id)
                try:
                    runtime = await to_thread.run_sync(rebuild, stored)
                except BitvaError as exc:
                    raise ApiError(500, f"game {game_id} cannot be restored: {exc}") from exc
                self._remember(runtime)
                return runtime
        finally:
            if not lock.locked():
                self._loading.pop(game_id, None)

    async def _load(self, game_id: str) -> StoredGame:
        """A stored game in its game's current record format (migrated and rewritten if not)."""
        stored = await to_thread.run_sync(self.store.load, game_id)
        if stored is None:
            raise not_found(game_id)
        if not behind(stored):
            return stored
        try:
            migrated = await to_thread.run_sync(migrate, stored)
        except BitvaError as exc:
            raise ApiError(500, f"game {game_id} cannot be restored: {exc}") from exc
        done = await self._write(
            self.store.rewrite_steps,
            game_id,
            stored.format,
            stored.version,
            migrated.format,
            migrated.actions,
            migrated.progress,
        )
        if done:
            log.info("game %s migrated to record format %d", game_id, migrated.format)
        again = await to_thread.run_sync(self.store.load, game_id)
        if again is None or behind(again):
            raise ApiError(500, f"game {game_id} cannot be restored: the migration did not stick")
        return again

    async def migrate_all(self) -> int:
        """Migrate every stored game of an older record format (at start-up); returns how many.
        A game that cannot be migrated is logged and left as it is."""
        formats = {game.name: game.record_format for game in all_games()}
        ids = await to_thread.run_sync(self.store.games_behind, formats)
        for game_id in ids:
            try:
                await self._load(game_id)
            except ApiError as exc:
                log.error("%s", exc.error)
        return len(ids)

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
        game = find_game(body.game)
        options = chosen_options(game, body.options)
        count = game.seats_for(options)
        if body.seat == "random":
            seat = 1 + secrets.randbelow(count)
        elif not 1 <= body.seat <= count:
            problem = f"seat {body.seat} is not a seat of this game (1-{count})"
            raise invalid(["body", "seat"], problem)
        else:
            seat = body.seat
        others = [s for s in range(1, count + 1) if s != seat]
        opponents = body.opponents
        if opponents is None:
            opponents = [AiOpponent() for _ in others]
        if len(opponents) != len(others):
            what = "a solo game has none" if count == 1 else f"{len(others)}, one per other seat"
            raise invalid(
                ["body", "opponents"],
                f"this game has {count} seat{'s' if count > 1 else ''}: give {what}",
            )
        seed = secrets.randbelow(2**62)
        token = new_token()
        seats = [Seat(seat, "human", name=body.name, token_hash=hash_secret(token))]
        codes: dict[int, str] = {}
        for number, opponent in zip(others, opponents, strict=True):
            if isinstance(opponent, AiOpponent):
                level = opponent.level or ai.default_level(game)
                if level not in ai.levels(game):
                    known = ", ".join(ai.levels(game))
                    what = "cannot play " + game.title if level in ai.levels() else "is unknown"
                    raise ApiError(422, f"the AI level of seat {number} {what} (choose {known})")
                seats.append(Seat(number, "ai", agent=level))
            else:
                codes[number] = new_code()
                seats.append(Seat(number, "human", invite_hash=hash_secret(codes[number])))
        seats.sort(key=lambda s: s.seat)

        def start() -> tuple[Any, Any, Any]:
            state = game.new(options, seed)
            steps, rows = resolve_chance(state, 0)  # the set-up's chance (a deal)
            return state, steps, rows

        try:
            state, steps, rows = await to_thread.run_sync(start)
        except BitvaError as exc:
            raise ApiError(400, str(exc)) from exc
        moment = utc_now()
        stored = StoredGame(
            id=new_game_id(),
            game=game.name,
            format=game.record_format,
            options=state.options.model_dump(mode="json"),
            seed=seed,
            progress=progress_of(state, seats),
            version=len(rows),
            created_at=moment,
            updated_at=moment,
            seats=seats,
            actions=rows,
            undo=body.undo,
        )
        await self._write(self.store.create, stored)
        runtime = GameRuntime(stored, state, steps)
        self._remember(runtime)
        if runtime.ai_to_move() is not None:
            self.ai.schedule(runtime.id)
        invites = [
            InviteOut(seat=number, join_code=code, join_path=join_path(runtime.id, code))
            for number, code in sorted(codes.items())
        ]
        return CreateGameOut.model_validate(
            {
                "game": runtime.summary(),
                "token": token,
                "invites": invites,
                **runtime.seat_state(seat),
            }
        )

    async def join(self, game_id: str, body: JoinIn) -> JoinOut:
        runtime = await self.runtime(game_id)
        async with runtime.lock:
            open_seats = [s for s in runtime.seats if s.kind == "human" and s.token_hash is None]
            seat = next((s for s in open_seats if matches(body.code, s.invite_hash)), None)
            if seat is None:
                if not open_seats:
                    raise ApiError(409, "every seat of this game is taken")
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
        return JoinOut.model_validate(
            {"game": runtime.summary(), "token": token, **runtime.seat_state(seat.seat)}
        )

    async def invite(self, game_id: str, token: str | None, wanted: int | None) -> InviteOut:
        """A new join code for an open seat (its old code stops working)."""
        runtime = await self.runtime(game_id)
        self.seat_of(runtime, token, required=True)
        async with runtime.lock:
            open_seats = [s for s in runtime.seats if s.kind == "human" and s.token_hash is None]
            if wanted is not None:
                open_seats = [s for s in open_seats if s.seat == wanted]
            if not open_seats:
                what = f"seat {wanted} is not open" if wanted else "every seat is taken"
                raise ApiError(409, f"{what} in this game")
            open_seat = open_seats[0]
            code = new_code()
            ok = await self._write(
                self.store.set_invite, runtime.id, open_seat.seat, hash_secret(code)
            )
            if not ok:
                self.forget(runtime.id)
                raise ApiError(409, "that seat was taken meanwhile")
            open_seat.invite_hash = hash_secret(code)
        return InviteOut(seat=open_seat.seat, join_code=code, join_path=join_path(game_id, code))

    # -- playing ---------------------------------------------------------------------------
    async def act(self, game_id: str, seat: int, text: str, version: int | None = None) -> str:
        """Play `text` for `seat`; the answer (an `ActionOut`) as JSON text, built from the same
        pieces as the pushes of this move (the view of a seat is encoded once per move)."""
        runtime = await self.runtime(game_id)
        waited = time.perf_counter()
        async with runtime.lock:
            _spent("lock", waited)
            state = runtime.state
            if state.outcome is not None:
                raise ApiError(409, "the game is over", state.outcome.rule)
            if runtime.status == "waiting":
                raise ApiError(409, "waiting for the other players to join")
            if version is not None and version != runtime.version:
                raise ApiError(  # the version sent is not repeated: no error echoes input
                    409,
                    f"the game has moved on: it is at version {runtime.version}, the action "
                    "was chosen at another",
                )
            mover = state.current_player
            if seat != mover:  # before the engine reads the action: names resolve per seat
                raise ApiError(409, f"it is not your turn: player {mover} is to move")
            child = state.clone()
            index = runtime.version
            words = adapter_for(state.game.name).player_words
            try:
                action = child.parse_action(text)
                step, row = play_step(child, index, action)
            except UnreadableAction as exc:
                raise ApiError(400, words(without_text(engine_message(exc), text))) from exc
            except IllegalAction as exc:
                raise ApiError(409, words(engine_message(exc)), exc.rule) from exc
            except BitvaError as exc:
                message = words(without_text(engine_message(exc), text))
                raise ApiError(400, message, getattr(exc, "rule", None)) from exc
            chance, chance_rows = resolve_chance(child, index + 1)
            steps, rows = [step, *chance], [row, *chance_rows]
            progress = runtime.progress_of(child)
            writing = time.perf_counter()
            try:
                moment = await self.writer.append(runtime.id, index, rows, progress)
            except StoreConflict as exc:
                self.forget(runtime.id)
                raise ApiError(409, "the game moved on; reload it") from exc
            _spent("db", writing)
            runtime.keep(state, bool(chance))  # for an undo (`bitva.server.undo`)
            runtime.commit(child, steps, progress, moment)
            self.hub.publish_steps(runtime, steps)
            out = runtime.message(seat, steps=[step.for_seat(seat) for step in steps])
        if runtime.ai_to_move() is not None:
            self.ai.schedule(runtime.id)
        return out
