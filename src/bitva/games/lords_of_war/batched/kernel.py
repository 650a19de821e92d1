"""The rules of Lords of War on one lane's row (`layout.py`), compiled with numba.

A line-for-line mirror of the scalar turn machinery (`state.py` `_play` / `_dispatch`,
`deployment.py`, `combat.py`, `dealing.py`, `reinforcement.py`, `victory.py`, `berserkers.py`):
the same decision points, the same order of legal codes, the same auto-played single codes
(AUTO_PHASES), the same chance draws (SplitMix64 and `Rng.below`, bit-exact). The equivalence
test (tests/lords_of_war/test_batched.py) replays random games on both engines and compares the
whole state after every step.

Functions take `r`, one lane's row of the int64 state matrix, and `T`, the flat table array of
`Tables.kernel_args()` (one array: each array argument costs numba seven words per call). Sets
of squares and of card ids are int64 bit masks.
"""

# mypy: allow-untyped-defs, allow-incomplete-defs, no-warn-return-any
# (numba types the kernels' arrays and table tuples when it compiles them)
from __future__ import annotations

from typing import Any, TypeVar, cast

import numba
import numpy as np
from numba.core.extending import intrinsic
from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros

from bitva.games.lords_of_war.batched.layout import (
    ACTIVE,
    ARROW_T,
    BERS,
    BERSC_T,
    BERSERK,
    BOARD,
    BSEAT,
    C_CAVALRY,
    C_HIT,
    C_KIND,
    C_SPEAR,
    C_WIDTH,
    CARD_T,
    CARDS,
    CHALLENGE,
    DEAL,
    DEALC_T,
    DEALQ,
    DECK,
    DEPLOY,
    DQ_HEAD,
    FORCED,
    GRID_T,
    HAND,
    HLEN,
    KDM_T,
    KSUP_T,
    OCC,
    P_CAVALRY,
    P_ND,
    P_ON_MAT,
    P_RECALL,
    P_SHOOT,
    P_START,
    PEND,
    PEND_HEAD,
    PHASE,
    PLACE_T,
    PLACED,
    POS,
    REINFORCE,
    SHOOT,
    SQUARES,
    TOOK,
)

F = TypeVar("F", bound=Any)
_NJIT: Any = numba.njit


def kernel(fn: F) -> F:
    """numba-compiled, cached on disk, without reference counting: nothing in the kernels
    allocates, and the atomic reference counts of the arrays passed on every call were most of
    the time (perf)."""
    return cast(F, _NJIT(cache=True, _nrt=False)(fn))


def inline_kernel(fn: F) -> F:
    """`kernel`, inlined into its callers by numba."""
    return cast(F, _NJIT(cache=True, inline="always", _nrt=False)(fn))


HAND_SIZE = 6  # LW-3.2, LW-9.1
AFTER_SETUP, AFTER_CHALLENGE, AFTER_REINFORCE = 1, 2, 3
BOTH, COMMANDS, UNITS, NO_PLACEMENTS = 1, 2, 3, 4  # layout.REASONS
DRAW_CODE, ARROWS_CODE = 0, 1  # state.py
LEGAL_CAP = 512  # more than 6 kinds x 42 squares, the most codes of any decision point
MASKS = LEGAL_CAP  # buffers hold LEGAL_CAP codes, then 64 per-kind masks of squares,
SCRATCH = MASKS + 64  # then the damage and the attackers of a resolution (2 * SQUARES)
BUF = SCRATCH + 2 * SQUARES
ATTACK = 56  # placement_masks' 8 scratch masks after the kinds' (a seat has at most 36 kinds)

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
U0 = np.uint64(0)
S30, S27, S31 = np.uint64(30), np.uint64(27), np.uint64(31)


# -- SplitMix64 (core/rng.py), bit-exact ---------------------------------------------------------
@inline_kernel
def mix(z: np.uint64) -> np.uint64:
    z = (z ^ (z >> S30)) * MIX1
    z = (z ^ (z >> S27)) * MIX2
    return z ^ (z >> S31)


@inline_kernel
def below(state: np.uint64, n: int) -> tuple[np.int64, np.uint64]:
    """`Rng(state).below(n)`: the value and the generator's state after it (rejection as in
    `Rng.below`: values at or over 2**64 - 2**64 % n are drawn again)."""
    un = np.uint64(n)
    while True:
        state = state + GOLDEN
        value = mix(state)
        if value < U0 - un:  # under 2**64 - n, so under 2**64 - 2**64 % n: no division needed
            return np.int64(value % un), state
        rest = (U0 - un) % un  # 2**64 % n
        if rest == U0 or value < U0 - rest:
            return np.int64(value % un), state


# -- bits ----------------------------------------------------------------------------------------
@inline_kernel
def ctz(x: int) -> int:
    return trailing_zeros(x)


trailing_zeros: Any = _trailing_zeros


@intrinsic
def _ctpop_intrinsic(typingctx, src):
    """LLVM's population count (one instruction where the CPU has it)."""

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return src(src), codegen


_ctpop: Any = _ctpop_intrinsic


@inline_kernel
def popcount(x: int) -> int:
    return _ctpop(x)


@inline_kernel
def shift(mask: int, delta: int) -> int:
    return mask << delta if delta >= 0 else mask >> -delta


@inline_kernel
def around(mask: int, T) -> int:
    """LW-2.2: the squares adjacent to `mask`, on the mat, `mask` itself excluded (mat.around)."""
    out = 0
    for k in range(8):
        out |= shift(mask, T[P_ND + k])
    return out & T[P_ON_MAT] & ~mask


# -- facts (combat.py) ---------------------------------------------------------------------------
@inline_kernel
def engaged(r, square: int, owner: int, T, spear: bool = False) -> bool:
    """LW-2.4: an enemy arrow points at `square` (with `spear`: an enemy spear unit's, LW-11.1)."""
    for k in range(8):
        other = square + T[P_ND + k]
        if 0 <= other < SQUARES:
            u = r[BOARD + other]
            if (
                u >= 0
                and u >> 8 != owner
                and T[CARD_T + (u * C_WIDTH + C_HIT + ((k + 4) & 7))] > 0
                and (not spear or T[CARD_T + (u * C_WIDTH + C_SPEAR)])
            ):
                return True
    return False


@inline_kernel
def arrows_hit_enemy(r, square: int, u: int, T) -> bool:
    owner = u >> 8
    for k in range(8):
        if T[CARD_T + (u * C_WIDTH + C_HIT + k)] > 0:
            other = square + T[P_ND + k]
            if 0 <= other < SQUARES:
                v = r[BOARD + other]
                if v >= 0 and v >> 8 != owner:
                    return True
    return False


@inline_kernel
def targets(r, square: int, u: int, T) -> int:
    """LW-7.2: mask of the enemy units' squares in ranged unit `u`'s target grid."""
    owner = u >> 8
    return T[GRID_T + (u << 6 | square)] & r[OCC + 3 - owner]


@inline_kernel
def pos_of(r, u: int) -> int:
    return r[POS + ((u >> 8) - 1) * CARDS + (u & 255)]


@inline_kernel
def hand_kinds(r, seat: int, T) -> int:
    """Mask of the kinds in `seat`'s hand (ascending bits: `hand_kinds` sorted)."""
    out = 0
    base = HAND + (seat - 1) * HAND_SIZE
    for j in range(r[HLEN + seat - 1]):
        out |= 1 << T[CARD_T + ((seat << 8 | r[base + j]) * C_WIDTH + C_KIND)]
    return out


# -- legal codes (state.py `_compute_legal`) -----------------------------------------------------
@inline_kernel
def _emit_kinds(kinds: int, mask: int, T, seat: int, out, n: int) -> int:
    while kinds:
        kind = ctz(kinds)
        kinds &= kinds - 1
        base = T[PLACE_T + (seat << 6 | kind)]
        m = mask
        while m:
            out[n] = base + ctz(m)
            n += 1
            m &= m - 1
    return n


@kernel
def placement_masks(r, T, masks) -> int:
    """deployment.placement_masks: returns the mask of the kinds that may be placed and writes
    each one's mask of squares into masks[kind]; r[FORCED] says whether the placement is forced.
    LW-6.2 contact, LW-6.3 support, LW-6.4 no enemy, LW-6.5 / D-6 forced."""
    seat = r[ACTIVE]
    r[FORCED] = 0
    kinds = hand_kinds(r, seat, T)
    if kinds == 0:
        return 0
    friend = r[OCC + seat]
    enemy = r[OCC + 3 - seat]
    on_mat = T[P_ON_MAT]
    empty = on_mat & ~(friend | enemy)
    if empty == 0:
        return 0
    mask = 0
    if enemy == 0:
        mask = empty if friend == 0 else around(friend, T) & empty
    else:
        next_to_friend = around(friend, T) & empty
        for k in range(8):  # per direction k, the empty squares whose k-neighbour is an enemy
            masks[ATTACK + k] = shift(enemy, -T[P_ND + k]) & empty
        found = 0
        left = kinds
        while left:
            kind = ctz(left)
            left &= left - 1
            m = 0
            dirs = T[KDM_T + (seat << 6 | kind)]
            while dirs:
                m |= masks[ATTACK + ctz(dirs)]
                dirs &= dirs - 1
            if T[KSUP_T + (seat << 6 | kind)]:
                m |= next_to_friend
            if m:
                masks[kind] = m
                found |= 1 << kind
        if found:
            return found
    if mask == 0:
        r[FORCED] = 1
        mask = around(enemy, T) & empty
        if mask == 0:
            mask = around(friend | enemy, T) & empty
        if mask == 0:
            mask = empty
    left = kinds
    while left:
        kind = ctz(left)
        left &= left - 1
        masks[kind] = mask
    return kinds


@kernel
def placements(r, out, T) -> int:
    """The placement codes in the scalar order (kind, then square); out[MASKS:] is scratch."""
    kinds = placement_masks(r, T, out[MASKS:])
    seat = r[ACTIVE]
    n = 0
    while kinds:
        kind = ctz(kinds)
        kinds &= kinds - 1
        base = T[PLACE_T + (seat << 6 | kind)]
        m = out[MASKS + kind]
        while m:
            out[n] = base + ctz(m)
            n += 1
            m &= m - 1
    return n


@inline_kernel
def pick_placement(r, j, kinds: int, masks, T) -> int:
    """The j-th placement code (scalar order) without listing them."""
    seat = r[ACTIVE]
    while kinds:
        kind = ctz(kinds)
        kinds &= kinds - 1
        m = masks[kind]
        c = popcount(m)
        if j < c:
            for _ in range(j):
                m &= m - 1
            return T[PLACE_T + (seat << 6 | kind)] + ctz(m)
        j -= c
    return -1


@inline_kernel
def attacked(r, seat: int, T) -> int:
    """LW-2.4: the mask of the squares `seat`'s arrows point at (engaging any enemy there)."""
    out = 0
    mask = r[OCC + seat]
    while mask:
        square = ctz(mask)
        mask &= mask - 1
        out |= T[ARROW_T + (r[BOARD + square] << 6 | square)]
    return out


@kernel
def recallable(r, out, n: int, T) -> int:
    """LW-9.2, LW-11.1, D-11: recall codes of the active player's units, lowest square first."""
    seat = r[ACTIVE]
    if r[HLEN + seat - 1] >= HAND_SIZE:
        return n
    cavalry = T[P_CAVALRY]
    took = r[TOOK + seat - 1]
    engaging = attacked(r, 3 - seat, T)
    mask = r[OCC + seat]
    while mask:
        square = ctz(mask)
        mask &= mask - 1
        u = r[BOARD + square]
        cid = u & 255
        if u == r[PLACED] or took >> cid & 1:
            continue
        if engaging >> square & 1:
            if not (cavalry and T[CARD_T + (u * C_WIDTH + C_CAVALRY)]):
                continue
            if engaged(r, square, seat, T, True):
                continue
        out[n] = T[P_RECALL] + square
        n += 1
    return n


@inline_kernel
def candidates(r, seat: int, cid: int) -> int:
    """berserkers.candidate_squares as a mask."""
    return r[BERS + (seat - 1) * CARDS + cid] & ~(r[OCC + 1] | r[OCC + 2])


@inline_kernel
def eligible(r, seat: int, cid: int, T) -> bool:
    """berserkers.eligible for one unit: alive, not engaged, an empty square to go to."""
    if r[BERS + (seat - 1) * CARDS + cid] == 0:
        return False
    square = r[POS + (seat - 1) * CARDS + cid]
    if square < 0 or engaged(r, square, seat, T):
        return False
    return candidates(r, seat, cid) != 0


@kernel
def legal(r, out, T) -> int:
    """The legal codes of the lane's decision point, in the scalar engine's order."""
    phase = r[PHASE]
    if phase == DEPLOY:
        return placements(r, out, T)
    if phase == REINFORCE:
        out[0] = DRAW_CODE
        return recallable(r, out, 1, T)
    if phase == SHOOT:
        u = r[PEND + r[PEND_HEAD]]
        square = pos_of(r, u)
        mask = targets(r, square, u, T)
        n = 0
        while mask:
            out[n] = T[P_SHOOT] + ctz(mask)
            n += 1
            mask &= mask - 1
        if arrows_hit_enemy(r, square, u, T):
            out[n] = ARROWS_CODE
            n += 1
        return n
    if phase == BERSERK:
        seat = r[BSEAT]
        n = 0
        for cid in range(CARDS):
            if eligible(r, seat, cid, T):
                origin = r[POS + (seat - 1) * CARDS + cid]
                mask = candidates(r, seat, cid)
                while mask:
                    target = ctz(mask)
                    mask &= mask - 1
                    for k in range(8):
                        if T[P_ND + k] == target - origin:
                            out[n] = T[BERSC_T + origin * 8 + k]
                            n += 1
        return n
    if phase == CHALLENGE:
        seat = r[ACTIVE]
        return _emit_kinds(hand_kinds(r, seat, T), 1 << T[P_START + seat - 1], T, seat, out, 0)
    if phase == DEAL:
        seat = r[DEALQ + r[DQ_HEAD]]
        deck = r[DECK + seat - 1]
        kinds = 0
        while deck:
            kinds |= 1 << T[CARD_T + ((seat << 8 | ctz(deck)) * C_WIDTH + C_KIND)]
            deck &= deck - 1
        n = 0
        while kinds:
            out[n] = T[DEALC_T + (seat << 6 | ctz(kinds))]
            n += 1
            kinds &= kinds - 1
        return n
    return 0
