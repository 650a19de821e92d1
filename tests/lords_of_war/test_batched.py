"""Issue 23, point 2: the batched Lords of War plays the scalar engine's games exactly.

Random games are played on both engines with the same choices (lane i and its scalar game take
the k-th legal code, k from one seeded generator): after EVERY step the whole scalar JSON rebuilt
from each lane equals the scalar game's (board, hands, decks, piles, phase, the turn's facts, the
RNG), the lane's legal mask equals the scalar legal codes, and the rewards are the outcome's
returns. The scalar side draws chance with `resolve_chance()`, as a `Match` does. 10,000 games
run behind `-m slow`; a few hundred in the default suite.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from bitva.cli.main import app
from bitva.core.errors import IllegalAction, NotSupported
from bitva.core.rng import Rng
from bitva.games.lords_of_war.batched import BatchedLordsOfWar
from bitva.games.lords_of_war.game import GAME, parse_options, resolve_decks
from bitva.games.lords_of_war.state import LordsOfWarState
from bitva.games.lords_of_war.static import Static
from bitva.rl.vector import VectorEnv, make


def batched(options: dict[str, Any], n: int, seed: int, auto_reset: bool) -> BatchedLordsOfWar:
    parsed, decks = resolve_decks(parse_options(options))
    static = Static.build(parsed, decks[0], decks[1])
    return BatchedLordsOfWar(static, n, seed, auto_reset=auto_reset)


def scalar_game(options: dict[str, Any], seed: int) -> LordsOfWarState:
    state = GAME.new(options, seed)
    state.resolve_chance()  # as a Match: sampled from a copy of the state's RNG, then stepped
    return state


def play_both(options: dict[str, Any], n: int, seed: int, choice_seed: int) -> dict[str, int]:
    """n random games on both engines, compared after every step; returns what they visited."""
    env = batched(options, n, seed, auto_reset=False)
    games = [scalar_game(options, seed + i) for i in range(n)]
    pick = Rng(choice_seed)
    seen = {"steps": 0, "shoot": 0, "berserk": 0, "recall": 0, "forced": 0}
    for i, state in enumerate(games):
        assert env.lane_json(i) == state.to_json(), f"lane {i} after set-up (LW-3.2)"
    while True:
        codes = np.zeros(n, np.int64)
        mask = env.legal_mask()
        players = env.current_player
        live = False
        for i, state in enumerate(games):
            if state.outcome is not None:
                assert players[i] == 0 and not mask[i].any()
                continue
            live = True
            legal = state.legal_codes()
            assert np.flatnonzero(mask[i]).tolist() == sorted(legal), f"lane {i}: mask"
            assert players[i] == state.current_player
            seen["shoot"] += state.phase == "shoot"
            seen["berserk"] += state.phase == "berserk"
            seen["forced"] += state.phase == "deploy" and state.forced_placement
            codes[i] = legal[pick.below(len(legal))]
            seen["recall"] += state.phase == "reinforce" and codes[i] != 0
            state.apply(state.decode_action(int(codes[i])))
            state.resolve_chance()
        if not live:
            break
        rewards, done = env.step(codes)
        seen["steps"] += 1
        for i, state in enumerate(games):
            assert env.lane_json(i) == state.to_json(), f"lane {i}, step {seen['steps']}"
            if done[i]:
                assert state.outcome is not None
                assert rewards[i].tolist() == list(state.outcome.returns)
            else:
                assert not rewards[i].any()
    for i, state in enumerate(games):
        assert env.lane_state(i).outcome == state.outcome  # LW-8.1-8.3
        assert state.outcome is not None
        seen[state.outcome.reason] = seen.get(state.outcome.reason, 0) + 1
    return seen


def test_basic_games_match_the_scalar_engine_step_by_step() -> None:
    seen = play_both({}, 40, seed=1000, choice_seed=1)
    assert seen["shoot"] and seen["recall"]  # LW-7.3 choices and LW-9.1b recalls were played


def test_advanced_games_match_the_scalar_engine_step_by_step() -> None:
    """LW-11.1 cavalry and LW-11.2-11.5 berserkers, with other armies and thresholds."""
    seen = play_both({"advanced": True}, 80, seed=2000, choice_seed=2)
    assert seen["berserk"] or seen["shoot"]
    seen = play_both(
        {"advanced": True, "armies": "elves,lizardmen", "units_to_win": 12}, 40, 3000, 3
    )
    assert seen["steps"]


def test_games_without_placements_end_by_count_on_both_engines() -> None:
    """LW-8.3 / D-7: with thresholds nobody reaches, the decks run out and two turns without a
    placement end the game by count."""
    options = {"advanced": True, "armies": "lizardmen,elves", "units_to_win": 72}
    seen = play_both({**options, "commands_to_win": 12}, 6, seed=4000, choice_seed=4)
    assert seen.get("no-placements") == 6


@pytest.mark.slow
def test_ten_thousand_games_match_the_scalar_engine() -> None:
    """Issue 23: 10,000 random games, every state compared, basic and advanced rules."""
    seen = {"berserk": 0, "shoot": 0, "forced": 0}
    for block in range(50):
        options: dict[str, Any] = {"advanced": block % 2 == 1}
        if block % 5 == 4:
            options["armies"] = ("elves", "lizardmen", "orcs", "dwarves")[block % 4] + ",elves"
        result = play_both(options, 200, seed=100_000 + 200 * block, choice_seed=block)
        for key in seen:
            seen[key] += result[key]
    assert seen["berserk"] and seen["shoot"] and seen["forced"]


def test_make_reaches_the_batched_engine_and_refuses_borderless() -> None:
    """bitva.rl.vector is generic: it goes through Game.vector_env; LW-10.1 is not covered and
    the refusal names it."""
    env = make("lords-of-war", 3, seed=5, advanced=True)
    assert isinstance(env, VectorEnv)
    assert env.n == 3 and env.num_actions == GAME.num_action_codes({"advanced": True})
    with pytest.raises(NotSupported, match="borderless"):
        make("lords-of-war", 2, borderless=True)
    with pytest.raises(NotSupported, match="batched"):
        make("dice-cards", 2)


def test_an_illegal_code_is_refused_before_any_lane_moves() -> None:
    """CORE-3: a seat takes only its legal actions; the kernels check nothing, so step does."""
    env = batched({}, 3, 11, auto_reset=True)
    before = env.state.copy()
    codes = np.array([np.flatnonzero(row)[0] for row in env.legal_mask()], np.int64)
    codes[1] = env.num_actions - 1  # a deal code: never a seat's action
    with pytest.raises(IllegalAction, match="lane 1"):
        env.step(codes)
    assert np.array_equal(env.state, before)


def test_finished_lanes_start_their_next_game_with_the_next_seed() -> None:
    """Auto-reset: lane i's g-th game is the scalar game of seed `seed + i + g * n`."""
    n, seed = 4, 70
    env = batched({}, n, seed, auto_reset=True)
    pick = Rng(9)
    finished = [0] * n
    for _ in range(2000):
        mask = env.legal_mask()
        codes = np.array([pick.choice(np.flatnonzero(row).tolist()) for row in mask], np.int64)
        rewards, done = env.step(codes)
        for i in np.flatnonzero(done).tolist():
            finished[i] += 1
            assert sorted(rewards[i].tolist()) in ([-1.0, 1.0], [0.0, 0.0])  # LW-8.1, D-4
            fresh = scalar_game({}, seed + i + finished[i] * n)
            assert env.lane_json(i) == fresh.to_json()
        if min(finished) >= 1:
            break
    assert min(finished) >= 1
    assert set(env.current_player.tolist()) <= {1, 2}


def test_random_steps_are_reproducible_from_the_seed() -> None:
    """The benchmark's fused loop: the same seed gives the same games, another seed others."""
    first, second, other = (batched({"advanced": True}, 16, s, True) for s in (4, 4, 5))
    counts = first.random_steps(300)
    assert counts == second.random_steps(300)
    assert np.array_equal(first.state, second.state) and np.array_equal(first.rng, second.rng)
    other.random_steps(300)
    assert not np.array_equal(first.state, other.state)
    assert counts["steps"] == 16 * 300
    assert counts["games"] == counts["wins_1"] + counts["wins_2"] + counts["draws"] > 0
    observations = first.observation()
    assert observations.shape == (16, *GAME.observation_shape({"advanced": True}))
    players = first.current_player
    for i in range(16):  # every lane still reads back as a legal scalar state
        state = first.lane_state(i)
        assert np.flatnonzero(first.legal_mask()[i]).tolist() == sorted(state.legal_codes())
        assert players[i] == state.current_player
        assert np.array_equal(observations[i], state.observation_tensor(state.current_player))


def test_bench_vector_times_both_engines_in_one_run() -> None:
    """Issue 23: `bitva bench lords-of-war --vector N --json` reports the batched and the scalar
    steps per second of the same run; borderless is refused by name (LW-10.1)."""
    runner = CliRunner()
    result = runner.invoke(app, ["bench", "lords-of-war", "--vector", "16", "-n", "2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["batch"] == 16
    assert data["vector_steps_per_second"] > 0 and data["scalar_steps_per_second"] > 0
    assert len(data["vector_runs_steps_per_second"]) == 3
    refused = runner.invoke(
        app, ["bench", "lords-of-war", "--vector", "8", "-n", "1", "-o", "borderless=true"]
    )
    assert refused.exit_code != 0 and "borderless" in refused.output


def test_cached_kernels_from_other_sources_are_dropped(tmp_path: Path) -> None:
    """numba keys a cached kernel by its own file only; the package drops every cached kernel
    of its own when any of its sources changed (a stale one reads the tables at old offsets)."""
    from bitva.games.lords_of_war.batched.loops import (
        STAMP,
        cache_folders,
        drop_stale_caches,
        sources_digest,
    )

    assert cache_folders()  # the kernels are cached somewhere, and that is where it looks
    digest = sources_digest()
    mine = [tmp_path / "loops.random_steps-1.py311.nbi", tmp_path / "kernel.legal-2.py311.1.nbc"]
    other = tmp_path / "other.kernel-3.py311.nbi"
    for path in (*mine, other):
        path.write_text("cached")
    (tmp_path / STAMP).write_text("the digest of older sources")
    drop_stale_caches([tmp_path], digest)
    assert not any(path.exists() for path in mine) and other.exists()
    assert (tmp_path / STAMP).read_text() == digest
    for path in mine:  # built from these sources: kept
        path.write_text("cached")
    drop_stale_caches([tmp_path], digest)
    assert all(path.exists() for path in mine)
