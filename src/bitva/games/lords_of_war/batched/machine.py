"""The turn machinery of one lane (state.py `_play`, `_dispatch` and what they call), in numba.

Each function mirrors the scalar method of the same name; comments name the rules. `r` is one
lane's row, `T` the flat tables (`Tables.kernel_args()`, offsets in `layout.py`), `buf` a scratch
int64 array of BUF (codes, then masks, then at SCRATCH the damage and attackers of a resolution).
"""

# mypy: allow-untyped-defs, allow-incomplete-defs, no-warn-return-any
# (numba types the kernels' arrays and table tuples when it compiles them)
from __future__ import annotations

import numpy as np

from bitva.games.lords_of_war.batched.kernel import (
    AFTER_CHALLENGE,
    AFTER_REINFORCE,
    AFTER_SETUP,
    ARROWS_CODE,
    BOTH,
    COMMANDS,
    DRAW_CODE,
    GOLDEN,
    HAND_SIZE,
    MASKS,
    NO_PLACEMENTS,
    SCRATCH,
    UNITS,
    arrows_hit_enemy,
    below,
    ctz,
    eligible,
    engaged,
    inline_kernel,
    kernel,
    legal,
    placement_masks,
    popcount,
    targets,
)
from bitva.games.lords_of_war.batched.layout import (
    ACTIVE,
    AFTER_DEAL,
    ARROW_T,
    BERS,
    BERSERK,
    BOARD,
    BSEAT,
    C_BERSERK,
    C_COMMAND,
    C_DEF,
    C_GENERAL,
    C_KIND,
    C_RANGED,
    C_WIDTH,
    CARD_T,
    CARDS,
    CHALLENGE,
    CODES_T,
    DEAL,
    DEALC_T,
    DEALQ,
    DECK,
    DEPLOY,
    DHIT_T,
    DQ_HEAD,
    DQ_LEN,
    FORCED,
    GAMES,
    GENERAL_T,
    HAND,
    HLEN,
    IDLE,
    KIDS_T,
    KNOWN,
    OCC,
    OVER,
    OWED,
    P_BERSERKERS,
    P_COMMANDS,
    P_DECK,
    P_ND,
    P_UNITS,
    PCMD,
    PEND,
    PEND_HEAD,
    PEND_LEN,
    PHASE,
    PILE,
    PLACED,
    PLEN,
    PM_KINDS,
    PM_MASKS,
    PM_VALID,
    POS,
    RANGED_T,
    REASON,
    REINFORCE,
    RESOLUTIONS,
    RESOLVING,
    REV_LEN,
    REVEAL_CAP,
    REVEALS,
    SHOOT,
    SHOTMASK,
    SHOTS,
    SQUARES,
    TOOK,
    TURN,
    WIDTH,
    WINNER,
)


@inline_kernel
def finish(r, winner: int, reason: int) -> None:
    r[WINNER] = winner
    r[REASON] = reason
    r[PHASE] = OVER


# -- dealing.py ----------------------------------------------------------------------------------
@inline_kernel
def take(r, kind: int, T) -> bool:
    """The top card of the next dealt seat's deck is of `kind`: the lowest id of that kind goes
    to the hand (dealing.py `deal`). True when no deal is left."""
    head = r[DQ_HEAD]
    seat = r[DEALQ + head]
    r[DQ_HEAD] = head + 1
    deck = r[DECK + seat - 1]
    cid = ctz(deck & T[KIDS_T + (seat << 6 | kind)])
    r[DECK + seat - 1] = deck & ~(1 << cid)
    n = r[HLEN + seat - 1]
    r[HAND + (seat - 1) * HAND_SIZE + n] = cid
    r[HLEN + seat - 1] = n + 1
    done: bool = r[DQ_HEAD] == r[DQ_LEN]
    return done


@inline_kernel
def deal(r, kind: int, T, buf) -> None:
    """A chance outcome: one card dealt, then the deals that are certain."""
    if take(r, kind, T):
        after_deals(r, T, buf)
    else:
        deal_certain(r, T, buf)


@inline_kernel
def deal_certain(r, T, buf) -> None:
    """A deck whose cards are all of one kind deals without chance (no recursion: numba's
    cache cannot hold mutually recursive functions)."""
    while r[PHASE] == DEAL:
        seat = r[DEALQ + r[DQ_HEAD]]
        deck = r[DECK + seat - 1]
        first = T[CARD_T + ((seat << 8 | ctz(deck)) * C_WIDTH + C_KIND)]
        if deck & ~T[KIDS_T + (seat << 6 | first)]:
            return
        if take(r, first, T):
            after_deals(r, T, buf)


@inline_kernel
def start_deals(r, seat: int, count: int, then: int, T, buf) -> None:
    for j in range(count):
        r[DEALQ + j] = seat
    r[DQ_HEAD] = 0
    r[DQ_LEN] = count
    r[AFTER_DEAL] = then
    if count:
        r[PHASE] = DEAL
        deal_certain(r, T, buf)
    else:
        after_deals(r, T, buf)


@kernel
def after_deals(r, T, buf) -> None:
    then = r[AFTER_DEAL]
    r[AFTER_DEAL] = 0
    r[DQ_HEAD] = 0
    r[DQ_LEN] = 0
    if then == AFTER_SETUP:  # LW-4.1: player 1 opens the challenge
        r[PHASE] = CHALLENGE
        r[ACTIVE] = 1
    elif then == AFTER_CHALLENGE:
        if r[ACTIVE] == 1:  # LW-4.2: player 2 answers
            r[PHASE] = CHALLENGE
            r[ACTIVE] = 2
            r[TURN] = 0
            r[PLACED] = -1
        else:
            start_turn(r, 1, T, buf)
    else:
        end_turn(r, T, buf)


# -- turns ---------------------------------------------------------------------------------------
@inline_kernel
def end_turn(r, T, buf) -> None:
    seat = r[ACTIVE]
    r[IDLE] = r[IDLE] + 1 if r[PLACED] < 0 else 0
    if r[IDLE] >= 2:  # LW-8.3, D-7: more eliminated units wins
        a, b = r[PLEN], r[PLEN + 1]
        finish(r, 0 if a == b else (1 if a > b else 2), NO_PLACEMENTS)
        return
    following = 3 - seat
    if r[OWED + seat - 1]:  # LW-8.4: play again instead of the opponent
        r[OWED + seat - 1] = 0
        following = seat
    start_turn(r, following, T, buf)


@inline_kernel
def start_turn(r, seat: int, T, buf) -> None:
    r[TURN] += 1
    r[ACTIVE] = seat
    r[PLACED] = -1
    r[TOOK] = 0
    r[TOOK + 1] = 0
    shooters = r[SHOTMASK]
    while shooters:
        r[SHOTS + ctz(shooters)] = -1
        shooters &= shooters - 1
    r[SHOTMASK] = 0
    r[PEND_HEAD] = 0
    r[PEND_LEN] = 0
    if T[P_BERSERKERS]:
        for j in range(2 * CARDS):
            r[BERS + j] = 0
    r[RESOLUTIONS] = 0
    r[PHASE] = DEPLOY
    kinds = placement_masks(r, T, r[PM_MASKS : PM_MASKS + 64])
    if kinds == 0:  # LW-6.6 empty hand, or D-6 a full mat
        r[PHASE] = REINFORCE
    else:  # kept for the decision (PM_VALID: nothing changes the lane before it)
        r[PM_KINDS] = kinds
        r[PM_VALID] = 1


# -- placement and shots (LW-6, LW-7.2, LW-7.3) -------------------------------------------------
@kernel
def place(r, kind: int, square: int, forced: bool, T, buf) -> None:
    seat = r[ACTIVE]
    base = HAND + (seat - 1) * HAND_SIZE
    n = r[HLEN + seat - 1]
    index = 0
    while T[CARD_T + ((seat << 8 | r[base + index]) * C_WIDTH + C_KIND)] != kind:
        index += 1
    if forced:  # LW-6.5: the whole hand is shown to the opponent
        shown = 0
        for j in range(n):
            shown |= 1 << r[base + j]
        r[KNOWN + seat - 1] = shown
        k = r[REV_LEN]
        if k < REVEAL_CAP:
            r[REVEALS + 3 * k] = r[TURN]
            r[REVEALS + 3 * k + 1] = seat
            r[REVEALS + 3 * k + 2] = shown
        r[REV_LEN] = k + 1
    cid = r[base + index]
    for j in range(index, n - 1):
        r[base + j] = r[base + j + 1]
    r[HLEN + seat - 1] = n - 1
    r[KNOWN + seat - 1] &= ~(1 << cid)
    u = seat << 8 | cid
    r[BOARD + square] = u
    r[POS + (seat - 1) * CARDS + cid] = square
    r[OCC + seat] |= 1 << square
    r[PLACED] = u
    if r[PHASE] == CHALLENGE:  # LW-4.1, LW-4.2: draw one, no combat
        start_deals(r, seat, 1 if r[DECK + seat - 1] else 0, AFTER_CHALLENGE, T, buf)
        return
    r[IDLE] = 0
    declare_shots(r, T, buf)


@kernel
def declare_shots(r, T, buf) -> None:
    """LW-7.2, LW-7.3, D-3: each unengaged ranged unit of the active player with a target
    chooses; one with a single option takes it; the others use their arrows."""
    seat = r[ACTIVE]
    mask = 0  # the squares of the seat's ranged units on the mat, visited in square order
    ids = T[RANGED_T + seat]
    while ids:
        square = r[POS + (seat - 1) * CARDS + ctz(ids)]
        ids &= ids - 1
        if square >= 0:
            mask |= 1 << square
    while mask:
        square = ctz(mask)
        mask &= mask - 1
        u = r[BOARD + square]
        if engaged(r, square, seat, T):
            continue
        hits = targets(r, square, u, T)
        if hits == 0:
            continue
        if hits & (hits - 1) == 0 and not arrows_hit_enemy(r, square, u, T):
            r[SHOTS + (u & 255)] = r[BOARD + ctz(hits)]  # D-3: it must attack
            r[SHOTMASK] |= 1 << (u & 255)
        else:
            r[PEND + r[PEND_LEN]] = u
            r[PEND_LEN] += 1
    next_shooter(r, T, buf)


@inline_kernel
def next_shooter(r, T, buf) -> None:
    if r[PEND_HEAD] < r[PEND_LEN]:
        r[PHASE] = SHOOT
        return
    r[PHASE] = RESOLVING
    if not resolve(r, T, buf):
        after_resolution(r, T)


@inline_kernel
def choose(r, code: int, T, buf) -> None:
    shooter = r[PEND + r[PEND_HEAD]]
    r[PEND_HEAD] += 1
    if code != ARROWS_CODE:
        r[SHOTS + (shooter & 255)] = r[BOARD + T[CODES_T + 2 * (code) + 1]]
        r[SHOTMASK] |= 1 << (shooter & 255)
    next_shooter(r, T, buf)


# -- elimination (LW-7.1-7.7, LW-8.1-8.4) --------------------------------------------------------
@kernel
def resolve(r, T, buf) -> bool:
    """One resolution and the victory check; True if the game ended (state.py `_resolve`)."""
    active = r[ACTIVE]
    shooters = r[SHOTMASK]
    silent = 0  # LW-7.3: the squares of this turn's shooters, whose arrows deal no damage
    ids = shooters
    while ids:
        square = r[POS + (active - 1) * CARDS + ctz(ids)]
        ids &= ids - 1
        if square >= 0:
            silent |= 1 << square
    hit = 0  # squares with an entry at SCRATCH (damage, then attackers at SQUARES + square)
    for owner in (1, 2):  # LW-7.1: every arrow pointing at an enemy deals its value
        enemy = r[OCC + 3 - owner]  # read once: the stores below may alias it for numba
        mask = r[OCC + owner] & ~silent
        while mask:
            square = ctz(mask)
            mask &= mask - 1
            u = r[BOARD + square]
            targets = T[ARROW_T + (u << 6 | square)] & enemy
            while targets:
                other = ctz(targets)
                targets &= targets - 1
                value = T[DHIT_T + u * 17 + 8 + other - square]
                if hit >> other & 1:
                    buf[SCRATCH + other] += value
                    buf[SCRATCH + SQUARES + other] |= 1 << square
                else:
                    hit |= 1 << other
                    buf[SCRATCH + other] = value
                    buf[SCRATCH + SQUARES + other] = 1 << square
    while shooters:  # LW-7.2, LW-11.5: no shot once the shooter or target is gone
        cid = ctz(shooters)
        shooters &= shooters - 1
        target = r[SHOTS + cid]
        origin = r[POS + (active - 1) * CARDS + cid]
        at = r[POS + ((target >> 8) - 1) * CARDS + (target & 255)]
        if origin >= 0 and at >= 0:
            if hit >> at & 1:
                buf[SCRATCH + (at)] += T[CARD_T + ((active << 8 | cid) * C_WIDTH + C_RANGED)]
                buf[SCRATCH + (SQUARES + at)] |= 1 << origin
            else:
                hit |= 1 << at
                buf[SCRATCH + (at)] = T[CARD_T + ((active << 8 | cid) * C_WIDTH + C_RANGED)]
                buf[SCRATCH + (SQUARES + at)] = 1 << origin
    eliminated = 0
    mask = hit
    while mask:  # LW-7.4: more damage than defence
        square = ctz(mask)
        mask &= mask - 1
        u = r[BOARD + square]
        if buf[SCRATCH + (square)] > T[CARD_T + (u * C_WIDTH + C_DEF)]:
            eliminated |= 1 << square
    r[RESOLUTIONS] += 1
    if eliminated == 0:
        return False
    mask = eliminated
    while mask:  # LW-7.7: every attacker of a victim took part
        square = ctz(mask)
        mask &= mask - 1
        attackers = buf[SCRATCH + (SQUARES + square)]
        while attackers:
            a = r[BOARD + ctz(attackers)]
            attackers &= attackers - 1
            r[TOOK + (a >> 8) - 1] |= 1 << (a & 255)
    generals = 0
    general_owner = 0
    mask = eliminated
    while mask:  # LW-7.5, LW-7.6: removed together, to the opponent's pile
        square = ctz(mask)
        mask &= mask - 1
        u = r[BOARD + square]
        owner, cid = u >> 8, u & 255
        r[POS + (owner - 1) * CARDS + cid] = -1
        r[BOARD + square] = -1
        r[OCC + owner] &= ~(1 << square)
        taker = 3 - owner
        r[PILE + (taker - 1) * CARDS + r[PLEN + taker - 1]] = u
        r[PLEN + taker - 1] += 1
        if T[CARD_T + (u * C_WIDTH + C_COMMAND)]:
            r[PCMD + taker - 1] += 1
        if T[CARD_T + (u * C_WIDTH + C_GENERAL)]:
            generals += 1
            general_owner = owner
    if generals == 1:  # LW-8.4; both Generals at once: nobody
        r[OWED + (3 - general_owner) - 1] = 1
    if T[P_BERSERKERS]:  # LW-11.2: remember the squares a surviving berserker emptied
        mask = eliminated
        while mask:
            square = ctz(mask)
            mask &= mask - 1
            attackers = buf[SCRATCH + (SQUARES + square)] & ~eliminated
            while attackers:
                a = r[BOARD + ctz(attackers)]
                attackers &= attackers - 1
                if T[CARD_T + (a * C_WIDTH + C_BERSERK)]:
                    r[BERS + ((a >> 8) - 1) * CARDS + (a & 255)] |= 1 << square
    first = r[PLEN] >= T[P_UNITS] or r[PCMD] >= T[P_COMMANDS]
    second = r[PLEN + 1] >= T[P_UNITS] or r[PCMD + 1] >= T[P_COMMANDS]
    if first and second:  # LW-8.2, D-4
        finish(r, 0, BOTH)
        return True
    if first or second:  # LW-8.1
        winner = 1 if first else 2
        finish(r, winner, COMMANDS if r[PCMD + winner - 1] >= T[P_COMMANDS] else UNITS)
        return True
    return False


@inline_kernel
def after_resolution(r, T) -> None:
    """LW-11.3: the active player's berserkers move first, then the opponent's (D-10 prunes)."""
    if T[P_BERSERKERS]:
        pending = False
        for j in range(2 * CARDS):
            if r[BERS + j]:
                pending = True
                if not eligible(r, 1 + j // CARDS, j % CARDS, T):
                    r[BERS + j] = 0
        if pending:
            active = r[ACTIVE]
            for seat in (active, 3 - active):
                for cid in range(CARDS):
                    if r[BERS + (seat - 1) * CARDS + cid]:
                        r[PHASE] = BERSERK
                        r[BSEAT] = seat
                        return
    for j in range(2 * CARDS):
        r[BERS + j] = 0
    r[PHASE] = REINFORCE


@kernel
def berserk_move(r, origin: int, target: int, T, buf) -> None:
    """LW-11.2, LW-11.4: move, then every unit attacks again and victory is checked."""
    u = r[BOARD + origin]
    seat, cid = u >> 8, u & 255
    r[BOARD + origin] = -1
    r[BOARD + target] = u
    r[POS + (seat - 1) * CARDS + cid] = target
    r[OCC + seat] = r[OCC + seat] & ~(1 << origin) | (1 << target)
    r[BERS + (seat - 1) * CARDS + cid] = 0
    if not resolve(r, T, buf):
        after_resolution(r, T)


# -- reinforcement (LW-9) ------------------------------------------------------------------------
@inline_kernel
def recall(r, square: int) -> None:
    """LW-9.1b: the unit goes back to the hand, in plain sight."""
    u = r[BOARD + square]
    seat, cid = u >> 8, u & 255
    r[BOARD + square] = -1
    r[POS + (seat - 1) * CARDS + cid] = -1
    r[OCC + seat] &= ~(1 << square)
    n = r[HLEN + seat - 1]
    r[HAND + (seat - 1) * HAND_SIZE + n] = cid
    r[HLEN + seat - 1] = n + 1
    r[KNOWN + seat - 1] |= 1 << cid


# -- dispatch and play ---------------------------------------------------------------------------
@kernel
def dispatch(r, code: int, forced: int, T, buf) -> None:
    """Apply one legal code (`forced`: the deployment's LW-6.5 flag, -1 to work it out)."""
    phase = r[PHASE]
    if phase == DEPLOY and forced < 0:
        if not r[PM_VALID]:
            placement_masks(r, T, buf[MASKS:])
        forced = r[FORCED]
    r[PM_VALID] = 0  # the lane changes: the kept placements no longer hold
    if phase == DEAL:
        deal(r, T[CODES_T + 2 * (code)], T, buf)
    elif phase in (DEPLOY, CHALLENGE):
        place(
            r,
            T[CODES_T + 2 * (code)],
            T[CODES_T + 2 * (code) + 1],
            phase == DEPLOY and forced == 1,
            T,
            buf,
        )
    elif phase == SHOOT:
        choose(r, code, T, buf)
    elif phase == BERSERK:
        origin = T[CODES_T + 2 * (code) + 1]
        berserk_move(r, origin, origin + T[P_ND + T[CODES_T + 2 * (code)]], T, buf)
    elif phase == REINFORCE:
        if code == DRAW_CODE:  # LW-9.1a: draw up to six, one chance node per card
            seat = r[ACTIVE]
            count = min(HAND_SIZE - r[HLEN + seat - 1], popcount(r[DECK + seat - 1]))
            start_deals(r, seat, max(count, 0), AFTER_REINFORCE, T, buf)
        else:
            recall(r, T[CODES_T + 2 * (code) + 1])
            end_turn(r, T, buf)


@kernel
def play(r, code: int, forced: int, T, buf) -> int:
    """state.py `_play`: the code, then every single forced code of an auto phase. Returns the
    number of legal codes when it stops at a decision whose codes it listed (they are in
    buf[:n], for the caller to reuse), else -1."""
    dispatch(r, code, forced, T, buf)
    while True:
        phase = r[PHASE]
        if phase != SHOOT and phase != BERSERK and phase != REINFORCE:
            return -1
        n = legal(r, buf, T)
        if n != 1:
            return n
        dispatch(r, buf[0], -1, T, buf)


@kernel
def resolve_chance(r, rng, i: int, T, buf) -> int:
    """`state.resolve_chance()` as a Match plays it: each deal is sampled with a copy of the
    lane's RNG (`sample_chance_code`: deck[below(len(deck))], the deck in id order), applied,
    and then the lane's RNG steps once. Returns what the last `play` returned (-1 if none)."""
    listed = -1
    while r[PHASE] == DEAL:
        seat = r[DEALQ + r[DQ_HEAD]]
        deck = r[DECK + seat - 1]
        index, _ = below(rng[i], popcount(deck))
        for _ in range(index):
            deck &= deck - 1
        kind = T[CARD_T + ((seat << 8 | ctz(deck)) * C_WIDTH + C_KIND)]
        listed = play(r, T[DEALC_T + (seat << 6 | kind)], -1, T, buf)
        rng[i] = rng[i] + GOLDEN
    return listed


@kernel
def reset_lane(r, rng, i: int, seed: int, T, buf) -> None:
    """game.py `new` (LW-3): the General in hand, five deals to each seat, then the challenge."""
    games = r[GAMES]
    for j in range(WIDTH):
        r[j] = 0
    r[GAMES] = games + 1
    for s in range(SQUARES):
        r[BOARD + s] = -1
    for j in range(2 * CARDS):
        r[POS + j] = -1
    for j in range(CARDS):
        r[SHOTS + j] = -1
    for seat in (1, 2):
        r[HAND + (seat - 1) * HAND_SIZE] = T[GENERAL_T + (seat)]
        r[HLEN + seat - 1] = 1
        r[DECK + seat - 1] = T[P_DECK + seat - 1]
    for j in range(2 * (HAND_SIZE - 1)):
        r[DEALQ + j] = 1 if j < HAND_SIZE - 1 else 2
    r[DQ_LEN] = 2 * (HAND_SIZE - 1)
    r[AFTER_DEAL] = AFTER_SETUP
    r[PHASE] = DEAL
    r[ACTIVE] = 1
    r[TURN] = -1
    r[PLACED] = -1
    r[WINNER] = -1
    rng[i] = np.uint64(seed)  # Rng(seed)
    resolve_chance(r, rng, i, T, buf)
