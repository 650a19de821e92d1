"""Reading games: a seat's view of a game, the lobby's list, the log, and the game's analyses
(`Game.analyses`, asked for through `POST /api/games/{id}/analysis/{name}`, with their
parameters where they take some); replays, in pages:
`bitva.server.replays`.

Everything here is what one seat (or a spectator) may see: views by the adapter, events by
`event.for_seat`, and analyses run on `state.determinize(seat, rng)`, a state that holds only
what the seat knows (its hidden parts dealt anew), so that an analysis cannot leak either. The
text of a step is never sent (a chance outcome may be a secret).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from anyio import to_thread

from bitva.core.errors import BitvaError
from bitva.core.game import Analysis, ParameterError
from bitva.core.rng import Rng, derive_seed
from bitva.core.state import State
from bitva.server.errors import ApiError, invalid
from bitva.server.models import AnalysisOut, GameOut, GameSummary, LogOut
from bitva.server.runtime import summary_of
from bitva.server.service import GameService


class Reader:
    """The read side of a `GameService`."""

    def __init__(self, service: GameService) -> None:
        self.service = service

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

    async def analysis(
        self,
        game_id: str,
        name: str,
        token: str | None,
        parameters: Mapping[str, Any] | None = None,
    ) -> AnalysisOut:
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
        try:  # before any work: a bad parameter costs nothing
            params = analysis.read_parameters(parameters)
        except ParameterError as exc:
            raise invalid(["body", "parameters", exc.field], exc.reason) from None
        given = params.model_dump(mode="json") if params is not None else None
        key = (name, seat, json.dumps(given, sort_keys=True))
        version, epoch = runtime.version, runtime.epoch  # an undo changes the epoch
        cached = runtime.analyses.get(key)
        if cached is not None and cached[0] == version:
            return AnalysisOut(name=name, version=version, seat=seat, result=cached[1])
        seed = derive_seed(runtime.stored.seed, "analysis", name, seat or 0, version)
        seen = seen_by(state, seat, Rng(seed))
        try:
            result = await to_thread.run_sync(analysis.answer, seen, seat, given)
        except BitvaError as exc:
            raise ApiError(409, str(exc), getattr(exc, "rule", None)) from exc
        if runtime.version == version and runtime.epoch == epoch:
            runtime.analyses[key] = (version, result)
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
