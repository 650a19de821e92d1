"""Whole-batch loops in numba: one step of every lane, and the fused random-play loop that the
benchmark times (`bitva bench lords-of-war --vector N`).

Every kernel runs without numba's reference counting (`_nrt=False`): nothing in it allocates,
and the atomic increments and decrements of array references on every call were most of the
time (measured with perf). The callers pass the scratch array `buf` of BUF int64."""

# mypy: allow-untyped-defs, allow-incomplete-defs, no-warn-return-any
# (numba types the kernels' arrays and table tuples when it compiles them)
from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

from bitva.games.lords_of_war.batched import kernel as _kernel_module
from bitva.games.lords_of_war.batched import machine as _machine_module
from bitva.games.lords_of_war.batched.kernel import (
    below,
    ctz,
    kernel,
    legal,
    pick_placement,
    placement_masks,
    popcount,
)
from bitva.games.lords_of_war.batched.layout import (
    ACTIVE,
    BERSERK,
    BSEAT,
    DEAL,
    DEPLOY,
    FORCED,
    GAMES,
    OVER,
    PHASE,
    PM_KINDS,
    PM_MASKS,
    PM_VALID,
    WINNER,
)
from bitva.games.lords_of_war.batched.machine import play, reset_lane, resolve_chance


@kernel
def game_seed(seed: int, lanes: int, lane: int, games: int) -> int:
    """The seed of a lane's next game: lane i's g-th game (g from 0) has seed + i + g * lanes."""
    return seed + lane + games * lanes


@kernel
def reset_all(S, rng, seed: int, T, buf) -> None:
    lanes = S.shape[0]
    for i in range(lanes):
        S[i, GAMES] = 0
        reset_lane(S[i], rng, i, game_seed(seed, lanes, i, 0), T, buf)


@kernel
def current_players(S, out) -> None:
    for i in range(S.shape[0]):
        phase = S[i, PHASE]
        out[i] = 0 if phase == OVER else (S[i, BSEAT] if phase == BERSERK else S[i, ACTIVE])


@kernel
def returns_of(winner: int, rewards, i: int) -> None:
    """Outcome.returns: +1 to the winner, -1 to the loser, 0 to both in a draw."""
    if winner == 0:
        rewards[i, 0] = 0.0
        rewards[i, 1] = 0.0
    else:
        rewards[i, winner - 1] = 1.0
        rewards[i, 2 - winner] = -1.0


@kernel
def step_all(S, rng, codes, seed: int, auto_reset: bool, rewards, done, T, buf) -> None:
    """Every lane plays its code (a finished lane without auto-reset ignores it), chance is
    resolved, and a lane whose game ended reports the returns and starts its next game."""
    lanes = S.shape[0]
    for i in range(lanes):
        r = S[i]
        rewards[i, 0] = 0.0
        rewards[i, 1] = 0.0
        done[i] = False
        if r[PHASE] == OVER:
            continue
        play(r, codes[i], -1, T, buf)
        resolve_chance(r, rng, i, T, buf)
        if r[PHASE] == OVER:
            done[i] = True
            returns_of(r[WINNER], rewards, i)
            if auto_reset:
                reset_lane(r, rng, i, game_seed(seed, lanes, i, r[GAMES]), T, buf)


@kernel
def first_illegal(S, codes, T, buf) -> int:
    """The first lane whose code is not legal there (-1: every code is legal). The kernels do no
    bounds checks, so `step` checks every code before playing any."""
    for i in range(S.shape[0]):
        if S[i, PHASE] == OVER:
            continue
        n = legal(S[i], buf, T)
        code = codes[i]
        found = False
        for j in range(n):
            if buf[j] == code:
                found = True
                break
        if not found:
            return i
    return -1


@kernel
def legal_into(S, mask, T, buf) -> None:
    """The (N, A) legal mask (allocated by the caller, all False)."""
    for i in range(S.shape[0]):
        n = legal(S[i], buf, T)
        for j in range(n):
            mask[i, buf[j]] = True


@kernel
def random_steps(S, rng, policy, steps: int, seed: int, stats, T, buf) -> None:
    """Each lane plays `steps` uniformly random legal codes (chance inside, auto-reset), the
    choice drawn from the lane's `policy` SplitMix64 state (`Rng(policy[i]).below(n)`), so a run
    is reproducible from the seed. stats: [decisions, games finished, wins 1, wins 2, draws]."""
    lanes = S.shape[0]
    for i in range(lanes):
        r = S[i]
        state = policy[i]
        masks = r[PM_MASKS : PM_MASKS + 64]
        listed = -1  # >= 0: the lane's legal codes are in buf[:listed] (play listed them)
        for _ in range(steps):
            if r[PHASE] == DEPLOY:  # the most common decision: pick without listing the codes
                if r[PM_VALID]:  # kept by start_turn
                    kinds = r[PM_KINDS]
                else:
                    kinds = placement_masks(r, T, masks)
                    r[PM_KINDS] = kinds
                    r[PM_VALID] = 1
                n = 0
                left = kinds
                while left:
                    n += popcount(masks[ctz(left)])
                    left &= left - 1
                j, state = below(state, n)
                code = pick_placement(r, j, kinds, masks, T)
            else:
                n = listed if listed >= 0 else legal(r, buf, T)
                if n == 0:  # no decision point is ever empty; a finished lane waits for a reset
                    break
                j, state = below(state, n)
                code = buf[j]
            listed = play(r, code, r[FORCED], T, buf)
            if r[PHASE] == DEAL:  # the deals overwrite buf
                listed = resolve_chance(r, rng, i, T, buf)
            stats[0] += 1
            if r[PHASE] == OVER:
                stats[1] += 1
                stats[2 + (r[WINNER] + 2) % 3] += 1
                reset_lane(r, rng, i, game_seed(seed, lanes, i, r[GAMES]), T, buf)
                listed = -1
        policy[i] = state


def sources_digest() -> str:
    """The SHA-256 of this package's sources, the files every cached kernel is built from."""
    here = Path(__file__).parent
    return hashlib.sha256(b"".join(p.read_bytes() for p in sorted(here.glob("*.py")))).hexdigest()


def cache_folders() -> set[Path]:
    """The folders numba caches this package's kernels in (`__pycache__`, or NUMBA_CACHE_DIR's)."""
    folders = set()
    for names in (vars(_kernel_module), vars(_machine_module), globals()):
        for value in names.values():
            path = getattr(getattr(value, "_cache", None), "cache_path", None)
            if path:
                folders.add(Path(path))
    return folders


STAMP = "lords-of-war-batched.sha256"


def drop_stale_caches(folders: Iterable[Path], digest: str) -> None:
    """numba keys each cached kernel by its own source file only, but a compiled kernel holds the
    kernels it calls and the layout's offsets: a kernel cached before another file of this
    package changed would read the new tables at the old offsets (a crash, or wrong games). So
    when the package's sources differ from those its caches were built from, they all go."""
    for folder in folders:
        stamp = folder / STAMP
        try:
            if stamp.exists() and stamp.read_text() == digest:
                continue
            for prefix in ("kernel.", "machine.", "loops."):
                for cached in folder.glob(prefix + "*.nb[ci]"):
                    cached.unlink(missing_ok=True)
            folder.mkdir(parents=True, exist_ok=True)
            stamp.write_text(digest)
        except OSError:  # a read-only cache: numba falls back to compiling
            pass


drop_stale_caches(cache_folders(), sources_digest())
