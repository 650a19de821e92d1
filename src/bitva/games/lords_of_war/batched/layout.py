"""The batched engine's memory layout and its static tables (issue 23, point 2).

Each lane (one game) is one row of an int64 matrix `S` of shape (N, WIDTH); the fields below are
column offsets into a row. One row per lane keeps a lane's whole state in a few cache lines, which
is what the kernel touches when it plays one lane for many steps. Squares are the bounded mat's
padded grid (`mat.py`: 7 rows of 7 columns, the 7th a padding column), so a set of squares is a
49-bit mask in one int64. A unit is `owner << 8 | card_id`, as in the scalar engine.

The tables are built from a scalar `Static` by calling its codec and its card geometry, never by
repeating the codec's arithmetic: the codes are the scalar engine's codes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bitva.games.lords_of_war.cards import DIRECTION_OFFSETS, HAND_SIZE
from bitva.games.lords_of_war.static import Static

SQUARES = 49  # the bounded mat's padded grid (7 x 7)
UNITS = 3 << 8  # unit ids owner << 8 | card_id (static.UNIT_SLOTS)
CARDS = 36  # LW-1.1: cards per deck
PEND_CAP = CARDS  # ranged units waiting to choose (LW-7.3): at most a seat's cards
DEAL_CAP = 2 * (HAND_SIZE - 1)  # LW-3.2: the set-up deals five cards to each seat
REVEAL_CAP = 24  # LW-6.5 reveals kept per game (a lane that reveals more cannot be read back)

# phases (the scalar engine's `phase` strings, in this order)
PHASES = ("deal", "challenge", "deploy", "shoot", "berserk", "reinforce", "over", "resolving")
DEAL, CHALLENGE, DEPLOY, SHOOT, BERSERK, REINFORCE, OVER, RESOLVING = range(8)
AFTER = ("", "setup", "challenge", "reinforce")  # `after_deal`
# outcome reasons (victory.py)
REASONS = ("", "both-thresholds", "commands", "units", "no-placements")

# -- field offsets in a lane's row --------------------------------------------------------------
BOARD = 0  # SQUARES: the unit on each square, -1 if empty
OCC = BOARD + SQUARES  # 3: per seat (index 1, 2), mask of occupied squares
POS = OCC + 3  # 2 * CARDS: (seat - 1) * CARDS + card_id -> square, -1 if not on the board
HAND = POS + 2 * CARDS  # 2 * HAND_SIZE: card ids in the order they came
HLEN = HAND + 2 * HAND_SIZE  # 2
DECK = HLEN + 2  # 2: mask of the card ids left in the deck (the scalar list is in id order)
PILE = DECK + 2  # 2 * CARDS: units each seat eliminated, in order (LW-7.6)
PLEN = PILE + 2 * CARDS  # 2
PCMD = PLEN + 2  # 2: command units among them (LW-3.3)
DEALQ = PCMD + 2  # DEAL_CAP: seats still to be dealt a card
DQ_HEAD = DEALQ + DEAL_CAP
DQ_LEN = DQ_HEAD + 1
AFTER_DEAL = DQ_LEN + 1
PHASE = AFTER_DEAL + 1
ACTIVE = PHASE + 1
TURN = ACTIVE + 1
OWED = TURN + 1  # 2
IDLE = OWED + 2
PLACED = IDLE + 1  # the unit placed this turn, -1 none (one placement a turn)
TOOK = PLACED + 1  # 2: per seat, mask of card ids that took part in an elimination (LW-7.7)
SHOTS = TOOK + 2  # CARDS: per card id of the active seat, the target unit, -1 none
PEND = SHOTS + CARDS  # PEND_CAP: pending shooters (units), a queue
PEND_HEAD = PEND + PEND_CAP
PEND_LEN = PEND_HEAD + 1
BERS = PEND_LEN + 1  # 2 * CARDS: per unit, mask of squares it helped to empty (LW-11.2)
BSEAT = BERS + 2 * CARDS
KNOWN = BSEAT + 1  # 2: per seat, mask of hand card ids the opponent knows
REVEALS = KNOWN + 2  # REVEAL_CAP * 3: (turn, player, mask of card ids shown)
REV_LEN = REVEALS + 3 * REVEAL_CAP
RESOLUTIONS = REV_LEN + 1
FORCED = RESOLUTIONS + 1  # the current deployment is forced (LW-6.5)
WINNER = FORCED + 1  # -1 playing, 0 draw, 1 or 2
REASON = WINNER + 1
GAMES = REASON + 1  # games started in this lane (for the next seed)
SHOTMASK = GAMES + 1  # mask of the card ids with an entry in SHOTS (cleared each turn)
PM_VALID = SHOTMASK + 1  # 1: PM_KINDS, PM_MASKS and FORCED hold this deployment's placements
PM_KINDS = PM_VALID + 1  # mask of the kinds that may be placed
PM_MASKS = PM_KINDS + 1  # 64: per kind, its mask of squares
WIDTH = PM_MASKS + 64

# -- per-card table columns (CARD[seat, card_id, column]) ---------------------------------------
C_KIND, C_DEF, C_RANGED, C_IS_RANGED, C_SUPPORT, C_BERSERK, C_CAVALRY, C_SPEAR = range(8)
C_COMMAND, C_GENERAL, C_NARROWS = 8, 9, 10
C_HIT = 11  # 8: arrow value towards board direction k (mat.neighbour_deltas[k]), 0 none
C_DIRS = C_HIT + 8  # mask of the board directions k with an arrow
C_WIDTH = C_DIRS + 1


P_ND, P_ON_MAT, P_START, P_UNITS, P_COMMANDS, P_CAVALRY, P_BERSERKERS = 0, 8, 9, 11, 12, 13, 14
P_RECALL, P_SHOOT, P_DECK = 15, 16, 17  # P_DECK: 2, each seat's deck after the General is out
P_DIR = 19  # 17: the direction k of a board step delta (P_DIR + 8 + delta), -1 none
P_WIDTH = P_DIR + 17

# -- the tables: one flat int64 array, each table at a fixed offset ------------------------------
# One array rather than a tuple of thirteen: numba passes every array as seven words, so each
# call between the kernels copied about a hundred words of table arguments (perf: most of a
# step's cost). The P_ parameters come first, so that T[P_X] reads parameter P_X.
GENERAL_T = P_WIDTH  # 3: the General's card id per seat
RANGED_T = GENERAL_T + 4  # 3: the mask of the ranged card ids per seat (LW-7.2)
KDM_T = RANGED_T + 4  # [seat << 6 | kind]: bit k set when the kind has an arrow along k
KSUP_T = KDM_T + 3 * 64  # [seat << 6 | kind]: 1 for a support kind (LW-1.5, LW-6.3)
PLACE_T = KSUP_T + 3 * 64  # [seat << 6 | kind]: codec.place(seat, kind, 0)
DEALC_T = PLACE_T + 3 * 64  # [seat << 6 | kind]: codec.deal(seat, kind)
KIDS_T = DEALC_T + 3 * 64  # [seat << 6 | kind]: mask of the card ids of that kind
BERSC_T = KIDS_T + 3 * 64  # [origin * 8 + k]: codec.berserk(origin, k)
CARD_T = BERSC_T + SQUARES * 8  # [u * C_WIDTH + column], u = owner << 8 | card_id
GRID_T = CARD_T + UNITS * C_WIDTH  # [u << 6 | square]: mask of the ranged target grid
ARROW_T = GRID_T + UNITS * 64  # [u << 6 | square]: mask of the squares its arrows point at
DHIT_T = ARROW_T + UNITS * 64  # [u * 17 + 8 + delta]: arrow value towards the board step delta
CODES_T = DHIT_T + UNITS * 17  # [2 * code]: the kind (a berserker move: the direction k),
# [2 * code + 1]: the square (a berserker move: the origin) of a code, -1 for other codes


@dataclass(frozen=True)
class Tables:
    """Everything the kernel reads that never changes in a game of these options and decks."""

    flat: np.ndarray  # int64, the tables above at their offsets (the kernels' `T`)
    num_codes: int

    def kernel_args(self) -> np.ndarray:
        """The flat table array the kernels take as `T`."""
        return self.flat


def build_tables(static: Static) -> Tables:
    mat = static.mat
    codec = static.codec
    options = static.options
    nd = mat.neighbour_deltas
    kinds = 64  # per seat (seat << 6 | kind): a seat has at most CARDS kinds
    card = np.zeros((UNITS, C_WIDTH), np.int64)
    grid = np.zeros((UNITS, 64), np.int64)
    arrow_at = np.zeros((UNITS, 64), np.int64)
    dhit = np.zeros((UNITS, 17), np.int64)
    kind_delta_mask = np.zeros((3, kinds), np.int64)
    kind_support = np.zeros((3, kinds), np.int64)
    place_base = np.full((3, kinds), -1, np.int64)
    deal_code = np.full((3, kinds), -1, np.int64)
    kind_ids = np.zeros((3, kinds), np.int64)
    general = np.zeros(3, np.int64)
    ranged = np.zeros(3, np.int64)
    squares = [sq for sq in range(SQUARES) if mat.on_mat >> sq & 1]
    for seat in (1, 2):
        for cid, c in enumerate(static.cards[seat]):
            kind = static.kind_of[seat][cid]
            u = seat << 8 | cid
            row = card[u]
            row[C_KIND] = kind
            row[C_DEF] = c.defence
            row[C_RANGED] = c.ranged or 0
            row[C_IS_RANGED] = c.is_ranged
            row[C_SUPPORT] = c.is_support
            row[C_BERSERK] = c.is_berserk
            row[C_CAVALRY] = c.is_cavalry
            row[C_SPEAR] = c.unit_class == "spear"
            row[C_COMMAND] = c.is_command
            row[C_GENERAL] = c.rank == "general"
            row[C_NARROWS] = sum(1 for v in c.arrows if v)
            for (dx, dy), value in zip(DIRECTION_OFFSETS, c.arrows, strict=True):
                if value:
                    k = nd.index(mat.direction_delta(seat, dx, dy))
                    row[C_HIT + k] = value
                    dhit[u, 8 + nd[k]] = value
                    row[C_DIRS] |= 1 << k
                    kind_delta_mask[seat, kind] |= 1 << k
            for sq in squares:  # LW-2.3, LW-2.4: the squares its arrows point at, on the mat
                for k in range(8):
                    at = sq + nd[k]
                    if row[C_HIT + k] and at >= 0 and mat.on_mat >> at & 1:
                        arrow_at[u, sq] |= 1 << at
            if c.is_ranged:
                for sq in squares:
                    for target in static.grid(u, sq):
                        grid[u, sq] |= 1 << target
            kind_ids[seat, kind] |= 1 << cid
            ranged[seat] |= c.is_ranged << cid
            kind_support[seat, kind] = c.is_support
            if c.rank == "general":
                general[seat] = cid
        for kind in range(len(static.kinds[seat])):
            place_base[seat, kind] = codec.place(seat, kind, 0)
            deal_code[seat, kind] = codec.deal(seat, kind)
    size = codec.size()
    code_kind = np.full(size, -1, np.int64)
    code_square = np.full(size, -1, np.int64)
    for seat in (1, 2):
        for kind in range(len(static.kinds[seat])):
            code_kind[codec.deal(seat, kind)] = kind
            for sq in squares:
                code = codec.place(seat, kind, sq)
                placed = codec.placed(code)
                assert placed == (seat, kind, sq), "the codec's placement codes do not round-trip"
                code_kind[code] = kind
                code_square[code] = sq
    bers_code = np.full((SQUARES, 8), -1, np.int64)
    for sq in squares:
        code_square[codec.recall(sq)] = sq
        code_square[codec.shoot(sq)] = sq
        for k in range(8):
            code = codec.berserk(sq, k)
            bers_code[sq, k] = code
            code_square[code] = sq
            code_kind[code] = k
    params = np.zeros(P_WIDTH, np.int64)
    params[P_ND : P_ND + 8] = nd
    params[P_ON_MAT] = mat.on_mat
    params[P_START] = mat.start_square(1)
    params[P_START + 1] = mat.start_square(2)
    params[P_UNITS] = options.units_to_win
    params[P_COMMANDS] = options.commands_to_win
    params[P_CAVALRY] = options.cavalry_rule
    params[P_BERSERKERS] = options.berserker_rule
    params[P_DIR : P_DIR + 17] = -1
    for k, delta in enumerate(nd):
        params[P_DIR + 8 + delta] = k
    params[P_RECALL] = codec.recall(0)
    params[P_SHOOT] = codec.shoot(0)
    for seat in (1, 2):  # LW-3.2: the General goes to the hand, the rest is the deck
        params[P_DECK + seat - 1] = ((1 << len(static.cards[seat])) - 1) & ~(1 << general[seat])
    flat = np.full(CODES_T + 2 * size, -1, np.int64)
    flat[:P_WIDTH] = params
    flat[GENERAL_T : GENERAL_T + 3] = general
    flat[RANGED_T : RANGED_T + 3] = ranged
    for offset, table in (
        (KDM_T, kind_delta_mask),
        (KSUP_T, kind_support),
        (PLACE_T, place_base),
        (DEALC_T, deal_code),
        (KIDS_T, kind_ids),
        (BERSC_T, bers_code),
        (CARD_T, card),
        (GRID_T, grid),
        (ARROW_T, arrow_at),
        (DHIT_T, dhit),
    ):
        flat[offset : offset + table.size] = table.reshape(-1)
    flat[CODES_T::2] = code_kind
    flat[CODES_T + 1 :: 2] = code_square
    return Tables(flat, size)
