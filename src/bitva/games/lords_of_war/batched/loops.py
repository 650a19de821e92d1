"""Whole-batch loops in numba: one step of every lane, and the fused random-play loop that the
benchmark times (`bitva bench lords-of-war --vector N`)."""

from __future__ import annotations

import numpy as np
from numba import njit

from bitva.games.lords_of_war.batched.kernel import LEGAL_CAP, below, legal
from bitva.games.lords_of_war.batched.layout import (
    ACTIVE,
    BERSERK,
    BSEAT,
    FORCED,
    GAMES,
    OVER,
    PHASE,
    SQUARES,
    WINNER,
)
from bitva.games.lords_of_war.batched.machine import play, reset_lane, resolve_chance


@njit(cache=True)
def game_seed(seed: int, lanes: int, lane: int, games: int) -> int:
    """The seed of a lane's next game: lane i's g-th game (g from 0) has seed + i + g * lanes."""
    return seed + lane + games * lanes


@njit(cache=True)
def reset_all(S, rng, seed: int, T) -> None:  # type: ignore[no-untyped-def]
    buf = np.empty(LEGAL_CAP, np.int64)
    scratch = np.empty(2 * SQUARES, np.int64)
    lanes = S.shape[0]
    for i in range(lanes):
        S[i, GAMES] = 0
        reset_lane(S[i], rng, i, game_seed(seed, lanes, i, 0), T, buf, scratch)


@njit(cache=True)
def current_players(S, out) -> None:  # type: ignore[no-untyped-def]
    for i in range(S.shape[0]):
        phase = S[i, PHASE]
        out[i] = 0 if phase == OVER else (S[i, BSEAT] if phase == BERSERK else S[i, ACTIVE])


@njit(cache=True)
def returns_of(winner: int, rewards, i: int) -> None:  # type: ignore[no-untyped-def]
    """Outcome.returns: +1 to the winner, -1 to the loser, 0 to both in a draw."""
    if winner == 0:
        rewards[i, 0] = 0.0
        rewards[i, 1] = 0.0
    else:
        rewards[i, winner - 1] = 1.0
        rewards[i, 2 - winner] = -1.0


@njit(cache=True)
def step_all(S, rng, codes, seed: int, auto_reset: bool, rewards, done, T) -> None:  # type: ignore[no-untyped-def]
    """Every lane plays its code (a finished lane without auto-reset ignores it), chance is
    resolved, and a lane whose game ended reports the returns and starts its next game."""
    buf = np.empty(LEGAL_CAP, np.int64)
    scratch = np.empty(2 * SQUARES, np.int64)
    lanes = S.shape[0]
    for i in range(lanes):
        r = S[i]
        rewards[i, 0] = 0.0
        rewards[i, 1] = 0.0
        done[i] = False
        if r[PHASE] == OVER:
            continue
        play(r, codes[i], -1, T, buf, scratch)
        resolve_chance(r, rng, i, T, buf, scratch)
        if r[PHASE] == OVER:
            done[i] = True
            returns_of(r[WINNER], rewards, i)
            if auto_reset:
                reset_lane(r, rng, i, game_seed(seed, lanes, i, r[GAMES]), T, buf, scratch)


@njit(cache=True)
def legal_into(S, mask, T) -> None:  # type: ignore[no-untyped-def]
    """The (N, A) legal mask (allocated by the caller, all False)."""
    buf = np.empty(LEGAL_CAP, np.int64)
    for i in range(S.shape[0]):
        n = legal(S[i], buf, T)
        for j in range(n):
            mask[i, buf[j]] = True


@njit(cache=True)
def random_steps(S, rng, policy, steps: int, seed: int, stats, T) -> None:  # type: ignore[no-untyped-def]
    """Each lane plays `steps` uniformly random legal codes (chance inside, auto-reset), the
    choice drawn from the lane's `policy` SplitMix64 state (`Rng(policy[i]).below(n)`), so a run
    is reproducible from the seed. stats: [decisions, games finished, wins 1, wins 2, draws]."""
    buf = np.empty(LEGAL_CAP, np.int64)
    scratch = np.empty(2 * SQUARES, np.int64)
    lanes = S.shape[0]
    for i in range(lanes):
        r = S[i]
        state = policy[i]
        for _ in range(steps):
            n = legal(r, buf, T)
            if n == 0:  # no decision point is ever empty; a finished lane waits for a reset
                break
            j, state = below(state, n)
            play(r, buf[j], r[FORCED], T, buf, scratch)
            resolve_chance(r, rng, i, T, buf, scratch)
            stats[0] += 1
            if r[PHASE] == OVER:
                stats[1] += 1
                stats[2 + (r[WINNER] + 2) % 3] += 1
                reset_lane(r, rng, i, game_seed(seed, lanes, i, r[GAMES]), T, buf, scratch)
        policy[i] = state
