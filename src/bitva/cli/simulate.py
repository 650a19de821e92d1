"""`bitva simulate GAME`: many games between agents seated by `--seat N=AGENT` / `--pN AGENT`, with
a progress bar, on one core, local processes (`--workers`) or Ray (`--ray [ADDRESS]`): the same
seed gives the same output on every backend.

It reports the wins of every seat and the draws; for a solo game the wins and losses, the win rate
with its Wilson 95% interval and the mean score.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.table import Table

from bitva.cli.common import console, friendly_errors, games_progress, seed_option
from bitva.cli.options import seat_agents
from bitva.cli.tournament import (
    GAME_HELP,
    OptionPairs,
    OptionsFile,
    UseRay,
    Workers,
    backend_for,
    command_options,
)
from bitva.core.errors import BitvaError
from bitva.core.record import GameRecord

SeatSpecs = Annotated[
    list[str] | None,
    typer.Option(
        "--seat", metavar="N=AGENT", help="who plays seat N (repeatable; also --pN AGENT)"
    ),
]


@friendly_errors
def simulate(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            min=1,
            help="how many games (no upper bound: games are dealt out as workers free up, so"
            " memory holds only the games in flight, and the progress bar starts at once)",
        ),
    ] = 100,
    seat: SeatSpecs = None,
    seed: Annotated[int, seed_option("master seed: same seed, same output")] = 0,
    option: OptionPairs = None,
    options_file: OptionsFile = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="print one JSON object with the records, as they end")
    ] = False,
    workers: Workers = 1,
    ray: UseRay = False,
) -> None:
    """Play GAMES games between agents (every seat not named plays `random`) and report the
    wins of every seat, the draws and the average length."""
    from bitva.ai import check_plays, make_agent
    from bitva.arena.simulation import GameJob, run_stream, shutdown_ray

    definition, options, shorthand, address = command_options(
        game, ctx.args, option, options_file, ray
    )
    seats = definition.seats_for(options)
    agents = seat_agents(seats, seat or (), shorthand)
    for number, name in agents.items():
        if name.strip().lower() == "human":
            raise BitvaError(
                f"seat {number}: a human cannot play in simulate, which plays whole games"
                " between agents; play yourself with `bitva play`"
            )
        make_agent(name)  # fail early on an unknown agent, or one that cannot play the game
        check_plays(name, definition)
    backend = backend_for(workers, ray, address)
    resolved = definition.new(options, 0).options.model_dump(mode="json")
    work = (
        (index, GameJob(definition.name, resolved, seed, index, agents)) for index in range(games)
    )
    tally = Tally(seats)
    if as_json:
        print(f'{{"games": {games}, "seats": {json.dumps(agents_json(agents))}, "records": [')
    with games_progress("simulating") as progress:
        task = progress.add_task("games", total=games)
        try:
            for result in run_stream(work, backend, ordered=True):
                tally.add(result.record)
                if as_json:
                    comma = "," if result.position else ""
                    print(comma + json.dumps(result.record.model_dump()))
                progress.advance(task)
        finally:
            if ray:
                shutdown_ray()
    if as_json:
        print("], " + json.dumps(tally.to_json())[1:])
        return
    _print(definition.name, agents, tally.to_json(), games, seed)


def agents_json(agents: dict[int, str]) -> dict[str, str]:
    return {str(seat): name for seat, name in agents.items()}


class Tally:
    """Wins per seat, draws and mean returns, counted game by game (for a solo game also the
    losses, the Wilson interval and the mean score): nothing grows with the number of games. A
    game stopped at the game's horizon (no outcome, `simulation.play_timed`) is a draw with a
    return of 0, counted also as `stopped`."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.games = 0
        self.wins = {str(s): 0 for s in range(1, seats + 1)}
        self.draws = 0
        self.stopped = 0
        self.returns = [0.0] * seats
        self.score_total = 0.0
        self.scored = 0
        self.actions = 0

    def add(self, record: GameRecord) -> None:
        self.games += 1
        from bitva.arena.simulation import stopped

        if stopped(record):
            self.stopped += 1
        outcome = record.outcome or {"result": "draw"}
        for winner in outcome.get("winners", []):
            self.wins[str(winner)] += 1
        self.draws += outcome.get("result") == "draw"
        for i, value in enumerate(outcome.get("returns", [])):
            self.returns[i] += value
        score = (outcome.get("scores") or {}).get("1")
        if self.seats == 1 and score is not None:
            self.score_total += float(score)
            self.scored += 1
        self.actions += len(record.actions)

    def to_json(self) -> dict[str, Any]:
        from bitva.arena.benchmark import wilson

        played = max(1, self.games)
        tally: dict[str, Any] = {"wins": self.wins, "draws": self.draws, "stopped": self.stopped}
        if self.seats == 1:
            won = self.wins["1"]
            low, high = wilson(won, self.games)
            tally["losses"] = self.games - won - self.draws
            tally["win_rate"] = round(won / played, 4)
            tally["win_interval"] = [round(low, 4), round(high, 4)]
            tally["mean_score"] = round(self.score_total / self.scored, 4) if self.scored else None
        tally["mean_returns"] = {
            str(i + 1): round(total / played, 4) for i, total in enumerate(self.returns)
        }
        tally["average_length"] = round(self.actions / played, 3)
        return tally


def _print(name: str, agents: dict[int, str], tally: dict[str, Any], games: int, seed: int) -> None:
    who = ", ".join(f"{agent} (seat {seat})" for seat, agent in agents.items())
    table = Table(title=f"{games} games of {name}: {who}, seed {seed}")
    for column in ("", "games", "share", "mean return"):
        table.add_column(column, justify="left" if not column else "right")
    wins, returns = tally["wins"], tally["mean_returns"]
    if len(agents) == 1:
        low, high = tally["win_interval"]
        table.add_row(
            f"wins ({agents[1]})",
            str(wins["1"]),
            f"{wins['1'] / games:.1%} [Wilson 95%: {low:.1%}, {high:.1%}]",
            f"{returns['1']:+.2f}",
        )
        table.add_row("losses", str(tally["losses"]), f"{tally['losses'] / games:.1%}", "")
    else:
        for seat, agent in agents.items():
            key = str(seat)
            share = f"{wins[key] / games:.1%}"
            table.add_row(
                f"seat {seat} ({agent}) wins", str(wins[key]), share, f"{returns[key]:+.2f}"
            )
    if tally["draws"] or len(agents) > 1:
        table.add_row("draws", str(tally["draws"]), f"{tally['draws'] / games:.1%}", "")
    if tally["stopped"]:
        table.add_row(
            "  of which stopped at the game's horizon",
            str(tally["stopped"]),
            f"{tally['stopped'] / games:.1%}",
            "",
        )
    console.print(table)
    if tally.get("mean_score") is not None:
        console.print(f"mean score: {tally['mean_score']:.2f}")
    console.print(f"average length: {tally['average_length']:.1f} actions")
