"""Reading games: a seat's view of a game, the lobby's list, the log, the replay, and the game's
analyses (`Game.analyses`, asked for through `POST /api/games/{id}/analysis/{name}`).

Everything here is what one seat (or a spectator) may see: views by the adapter, events by
`event.for_seat`, and analyses run on `state.determinize(seat, rng)`, a state that holds only
what the seat knows (its hidden parts dealt anew), so that an analysis cannot leak either. The
text of a step is never sent (a chance outcome may be a secret).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from anyio import to_thread

from bitva.core.chance import CHANCE
from bitva.core.errors import BitvaError
from bitva.core.game import Analysis
from bitva.core.record import GameRecord, replay
from bitva.core.registry import get_game
from bitva.core.rng import Rng, derive_seed
from bitva.core.state import State
from bitva.server.errors import ApiError
from bitva.server.games import adapter_for
from bitva.server.models import AnalysisOut, GameOut, GameSummary, LogOut, ReplayOut
from bitva.server.runtime import summary_of
from bitva.server.service import GameService

REPLAYS_KEPT = 16  # replays are big (a view per step): keep only the last few asked for


class Reader:
    """The read side of a `GameService`."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self._replays: OrderedDict[tuple[str, int | None, int], dict[str, Any]] = OrderedDict()

    async def read(self, game_id: str, token: str | None) -> GameOut:
        games = self.service
        runtime = await games.runtime(game_id)
        seat = games.seat_of(runtime, token, required=False)
        return GameOut.model_validate(
            {
                "game": runtime.summary(),
                "invite_open": games.invite_open(runtime, seat),
                **runtime.seat_state(seat),
            }
        )

    async def list_games(
        self, limit: int, status: str | None, offset: int = 0
    ) -> list[GameSummary]:
        games = self.service
        stored = await to_thread.run_sync(games.store.list_games, limit, status, offset)
        out = []
        for game in stored:
            live = games._games.get(game.id)
            out.append(live.summary() if live is not None else summary_of(game))
        return out

    async def log(self, game_id: str, token: str | None, since: int) -> LogOut:
        games = self.service
        runtime = await games.runtime(game_id)
        seat = games.seat_of(runtime, token, required=False)
        return LogOut.model_validate(
            {"version": runtime.version, "entries": runtime.events_for(seat, since)}
        )

    async def replay(self, game_id: str, token: str | None) -> ReplayOut:
        games = self.service
        runtime = await games.runtime(game_id)
        seat = games.seat_of(runtime, token, required=False)
        key = (runtime.id, seat, runtime.version)
        data = self._replays.get(key)
        if data is None:
            record = runtime.stored.record()
            record.actions = [step.action for step in runtime.steps]
            record.digests = []
            data = await to_thread.run_sync(replay_data, record, seat)
            self._replays[key] = data
            while len(self._replays) > REPLAYS_KEPT:
                self._replays.popitem(last=False)
        else:
            self._replays.move_to_end(key)
        return ReplayOut.model_validate({"game": runtime.summary(), "seat": seat, **data})

    async def analysis(self, game_id: str, name: str, token: str | None) -> AnalysisOut:
        games = self.service
        runtime = await games.runtime(game_id)
        seat = games.seat_of(runtime, token, required=False)
        game = runtime.game
        analysis = game.analyses.get(name)
        if analysis is None:
            known = ", ".join(game.analyses) or "none"
            raise ApiError(404, f"{game.title} has no analysis {name!r} (it has: {known})")
        if seat is None and game.traits.information == "imperfect":
            raise ApiError(401, "a seat token is required: this game hides things from spectators")
        state = runtime.state
        if not analysis.offered(state, seat):
            raise ApiError(409, not_offered(analysis, state, seat))
        version, epoch = runtime.version, runtime.epoch  # an undo changes the epoch
        cached = runtime.analyses.get((name, seat))
        if cached is not None and cached[0] == version:
            return AnalysisOut(name=name, version=version, seat=seat, result=cached[1])
        seed = derive_seed(runtime.stored.seed, "analysis", name, seat or 0, version)
        seen = seen_by(state, seat, Rng(seed))
        try:
            result = await to_thread.run_sync(analysis.run, seen, seat)
        except BitvaError as exc:
            raise ApiError(409, str(exc), getattr(exc, "rule", None)) from exc
        if runtime.version == version and runtime.epoch == epoch:
            runtime.analyses[(name, seat)] = (version, result)
        return AnalysisOut(name=name, version=version, seat=seat, result=result)


def seen_by(state: State[Any], seat: int | None, rng: Rng) -> State[Any]:
    """A state holding only what `seat` knows: its determinization (a spectator of a game without
    hidden information: a copy whose RNG, the future, is reseeded)."""
    if seat is not None:
        return state.determinize(seat, rng)
    other = state.clone()
    other.rng = Rng(rng.next_u64())
    return other


def not_offered(analysis: Analysis, state: State[Any], seat: int | None) -> str:
    if state.outcome is not None:
        return f"the game is over: {analysis.name!r} is not offered"
    if analysis.decisions is not None and state.decision not in analysis.decisions:
        where = ", ".join(sorted(analysis.decisions))
        return f"{analysis.name!r} is offered at these decisions only: {where}"
    return f"{analysis.name!r} is for the seat about to decide"


def replay_data(record: GameRecord, seat: int | None) -> dict[str, Any]:
    """Every move of a game as `seat` saw it: a seat's action with the chance that followed it,
    its events and the view after them. Step 0 is the position after the set-up (its chance
    events included). View keys the adapter shares (card tables) are sent once."""
    game = get_game(record.game)
    adapter = adapter_for(game.name)
    shared: dict[str, Any] = {key: {} for key in adapter.shared_view_keys}

    def strip(view: dict[str, Any]) -> dict[str, Any]:
        for key in adapter.shared_view_keys:
            table = view.get(key)
            if isinstance(table, dict):
                shared[key].update(table)
        return {k: v for k, v in view.items() if k not in adapter.shared_view_keys}

    start = game.new(record.options, record.seed)
    first: dict[str, Any] = {"index": 0, "seat": None, "events": [], "view": {}}
    if not start.is_chance:
        first["view"] = strip(adapter.view(start, seat))
    steps = [first]
    for step in replay(record):
        if step.seat != CHANCE:
            steps.append({"index": step.index, "seat": step.seat, "events": [], "view": {}})
        current = steps[-1]
        current["events"] += [event.for_seat(seat) for event in step.events]
        current["index"] = step.index + 1
        if not step.state.is_chance:
            current["view"] = strip(adapter.view(step.state, seat))
    return {"shared": shared, "steps": steps}
