"""`bitva bench GAME`: how fast the engine plays random full games on one core, for any game.

Two paths: the fast path of search (`legal_codes` / `apply_code`, chance drawn by
`sample_chance_code`, no checks, no events) and the checked path of play (`apply` with its
checks and events, chance drawn by `sample_chance`). Games whose actions are parametric (checked,
not listed) or have no integer codes are measured on the checked path only.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass
from typing import Annotated, Any

import typer
from pydantic import BaseModel
from rich.table import Table

from bitva.cli.common import console, friendly_errors, load_game, seed_option
from bitva.cli.options import OptionPairs, OptionsFile, options_and_seats
from bitva.cli.pretty import scalar
from bitva.core.chance import CHANCE
from bitva.core.errors import BitvaError, NotSupported
from bitva.core.game import Game
from bitva.core.rng import Rng, derive_seed

CANDIDATES = 8  # actions a random player of a parametric game chooses among


@dataclass(frozen=True)
class Measure:
    path: str
    games: int
    seconds: float
    actions: int  # the seats' decisions
    chance: int  # chance outcomes

    def to_json(self) -> dict[str, Any]:
        return {
            **asdict(self),
            "games_per_second": self.games / self.seconds,
            "actions_per_second": self.actions / self.seconds,
            "actions_per_game": self.actions / self.games,
            "chance_per_game": self.chance / self.games,
        }


def fast_path(game: Game[Any, Any], options: BaseModel, seed: int, count: int) -> Measure:
    """Random games on integer codes: nothing in the loop but what the engine needs."""
    rng = Rng(seed)
    below = rng.below
    actions = chance = 0
    start = time.perf_counter()
    for index in range(count):
        state = game.new(options, derive_seed(seed, index))
        legal_codes, apply_code, sample = (
            state.legal_codes,
            state.apply_code,
            state.sample_chance_code,
        )
        while (player := state.current_player) is not None:
            if player == CHANCE:
                apply_code(sample(rng))
                chance += 1
            else:
                codes = legal_codes()
                apply_code(codes[below(len(codes))])
                actions += 1
    return Measure("fast (codes)", count, time.perf_counter() - start, actions, chance)


def checked_path(game: Game[Any, Any], options: BaseModel, seed: int, count: int) -> Measure:
    """Random games through `apply` (checked, with events), chance by `sample_chance`."""
    rng = Rng(seed)
    listed = game.traits.enumerable
    actions = chance = 0
    start = time.perf_counter()
    for index in range(count):
        state = game.new(options, derive_seed(seed, index))
        while (player := state.current_player) is not None:
            if player == CHANCE:
                state.apply(state.sample_chance(rng))
                chance += 1
            else:
                choices = (
                    state.legal_actions() if listed else state.candidate_actions(rng, CANDIDATES)
                )
                state.apply(rng.choice(choices))
                actions += 1
    return Measure("checked (apply)", count, time.perf_counter() - start, actions, chance)


VECTOR_STEPS = 200  # random steps per lane in one timed run of the batched engine
VECTOR_RUNS = 3  # timed runs; the best is reported (the machine is shared and noisy)


def vector_path(name: str, options: BaseModel, seed: int, lanes: int) -> dict[str, Any]:
    """The batched engine (`bitva.rl.vector`, issue 23): every lane plays VECTOR_STEPS random
    legal codes in one compiled loop, chance and auto-resets inside, after a warm-up run that
    compiles it and takes the lanes past their opening. Steps are the seats' decisions (chance
    outcomes are not counted), as `actions` on the scalar paths. Wall time and this process's
    CPU time are both reported: on a shared machine the CPU time is the engine's own."""
    from bitva.rl.vector import make

    start = time.perf_counter()
    env = make(name, lanes, seed, **options.model_dump())
    env.random_steps(VECTOR_STEPS)
    warmup = time.perf_counter() - start
    runs = []
    for _ in range(VECTOR_RUNS):
        wall, cpu = time.perf_counter(), time.process_time()
        counts = env.random_steps(VECTOR_STEPS)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        runs.append((counts["steps"] / wall, counts["steps"] / max(cpu, 1e-9), counts))
    best = max(runs, key=lambda run: run[0])
    return {
        "vector_steps_per_second": best[0],
        "vector_steps_per_cpu_second": max(run[1] for run in runs),
        "vector_runs_steps_per_second": [run[0] for run in runs],
        "batch": lanes,
        "steps_per_lane": VECTOR_STEPS,
        "vector_games_per_second": best[2]["games"] / (best[2]["steps"] / best[0]),
        "warmup_seconds": warmup,
    }


def has_codes(game: Game[Any, Any], options: BaseModel) -> bool:
    if not game.traits.enumerable:
        return False
    try:
        game.num_action_codes(options)
    except NotSupported:
        return False
    return True


@friendly_errors
def bench(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="the game (`bitva games` lists them)")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="games on the fast path")] = (
        1000
    ),
    seed: Annotated[int, seed_option("master seed")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="print the measures as JSON")] = False,
    option: OptionPairs = None,
    options_file: OptionsFile = None,
    vector: Annotated[
        int,
        typer.Option(
            "--vector",
            min=0,
            help="also time the game's batched engine with this many lanes (bitva.rl.vector)",
        ),
    ] = 0,
) -> None:
    """Random full games per second on this core, for any game.

    Games per second, actions per second, actions and chance outcomes per game: the fast path
    of search (integer codes, unchecked) and the checked path of play (apply, with events) on a
    fifth as many games. Game options as for `bitva play` (-o key=value, --options FILE,
    --flag). With --vector N, the batched engine's random steps per second at a batch of N
    beside the scalar fast path's, in the same run."""
    definition = load_game(game)
    options, seats = options_and_seats(definition, ctx.args, option, options_file)
    if seats:
        raise BitvaError("bench plays random moves for every seat: it takes no --pN")
    measures = []
    if has_codes(definition, options):
        measures.append(fast_path(definition, options, seed, games))
    if vector:
        batched = vector_path(definition.name, options, seed, vector)
        scalar_steps = measures[0].actions / measures[0].seconds if measures else 0.0
        if as_json:
            print(
                json.dumps(
                    {
                        "game": definition.name,
                        **batched,
                        "scalar_steps_per_second": scalar_steps,
                        "speedup": batched["vector_steps_per_second"] / max(scalar_steps, 1e-9),
                        "measures": [m.to_json() for m in measures],
                    }
                )
            )
            return
        _print_vector(definition.name, batched, scalar_steps)
        return
    measures.append(checked_path(definition, options, seed, max(1, games // 5)))
    if as_json:
        print(json.dumps({"game": definition.name, "measures": [m.to_json() for m in measures]}))
        return
    defaults = definition.options().model_dump(mode="json")
    changed = {k: v for k, v in options.model_dump(mode="json").items() if defaults.get(k) != v}
    shown = ", ".join(f"{k}={scalar(v)}" for k, v in changed.items())
    table = Table(
        title=f"{definition.name}: random full games on one core{f' ({shown})' if shown else ''}"
    )
    table.add_column("path")
    for column in ("games", "games/s", "actions/s", "actions/game", "chance/game"):
        table.add_column(column, justify="right")
    for measure in measures:
        data = measure.to_json()
        table.add_row(
            measure.path,
            str(measure.games),
            f"{data['games_per_second']:,.0f}",
            f"{data['actions_per_second']:,.0f}",
            f"{data['actions_per_game']:.1f}",
            f"{data['chance_per_game']:.1f}",
        )
    console.print(table)


def _print_vector(name: str, batched: dict[str, Any], scalar_steps: float) -> None:
    table = Table(title=f"{name}: random steps per second on one core")
    table.add_column("engine")
    table.add_column("steps/s (wall)", justify="right")
    table.add_column("steps/s (CPU)", justify="right")
    table.add_row(
        f"batched, {batched['batch']} lanes",
        f"{batched['vector_steps_per_second']:,.0f}",
        f"{batched['vector_steps_per_cpu_second']:,.0f}",
    )
    table.add_row("scalar fast path (codes)", f"{scalar_steps:,.0f}", "")
    console.print(table)
