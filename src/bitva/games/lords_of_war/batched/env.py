"""The batched Lords of War environment (issue 23, point 2): N games in lockstep on numba.

It speaks the protocol of `bitva.rl.vector.VectorEnv`. Codes are the scalar engine's integer
codes; chance is drawn inside `step` exactly as a `Match` draws it from each game's RNG, so lane
i's game is move for move the scalar game `GAME.new(options, seed)` played with the same codes
(`lane_state(i)` rebuilds that scalar state from the lane's row).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from bitva.core.errors import IllegalAction, NotSupported
from bitva.core.outcome import Outcome
from bitva.core.rng import Rng, derive_seed
from bitva.games.lords_of_war.batched import layout as L
from bitva.games.lords_of_war.batched.kernel import BUF
from bitva.games.lords_of_war.batched.layout import Tables, build_tables
from bitva.games.lords_of_war.batched.loops import (
    current_players,
    first_illegal,
    legal_into,
    random_steps,
    reset_all,
    step_all,
)
from bitva.games.lords_of_war.options import LordsOfWarOptions
from bitva.games.lords_of_war.state import LordsOfWarState
from bitva.games.lords_of_war.static import Static
from bitva.games.lords_of_war.victory import by_count, check_thresholds


def refuse_unsupported(options: LordsOfWarOptions) -> None:
    """The batched engine covers the basic and advanced rules on the printed mat; it refuses
    what it does not cover, naming the option (docs/research/vector.md)."""
    if options.borderless:
        raise NotSupported(
            "the batched Lords of War covers the printed 6 x 7 mat only: borderless=true "
            "(LW-10.1) is not supported"
        )


class BatchedLordsOfWar:
    """N games of Lords of War advanced in lockstep (`bitva.rl.vector.VectorEnv`)."""

    def __init__(self, static: Static, n: int, seed: int = 0, *, auto_reset: bool = True) -> None:
        refuse_unsupported(static.options)
        if n < 1:
            raise ValueError("a batch needs at least one lane")
        self.static = static
        self.n = n
        self.auto_reset = auto_reset
        self.tables: Tables = build_tables(static)
        self._t = self.tables.kernel_args()
        self.num_actions = self.tables.num_codes
        self.state = np.zeros((n, L.WIDTH), np.int64)
        self.rng = np.zeros(n, np.uint64)
        self.policy = np.zeros(n, np.uint64)
        self._rewards = np.zeros((n, 2), np.float32)
        self._done = np.zeros(n, np.bool_)
        self._players = np.zeros(n, np.int64)
        self._buf = np.zeros(BUF, np.int64)
        self.seed = 0
        self.reset(seed)

    # -- the protocol --------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> None:
        """Lane i starts the game `new(options, seed + i)`; its later games take seed + i + g*N."""
        if seed is not None:
            self.seed = int(seed)
        reset_all(self.state, self.rng, self.seed, self._t, self._buf)
        self.policy[:] = [derive_seed(self.seed, "random-policy", i) for i in range(self.n)]

    def legal_mask(self) -> np.ndarray:
        mask = np.zeros((self.n, self.num_actions), np.bool_)
        legal_into(self.state, mask, self._t, self._buf)
        return mask

    @property
    def current_player(self) -> np.ndarray:
        """Per lane the seat to act (1 or 2; 0 for a finished lane without auto-reset)."""
        current_players(self.state, self._players)
        return self._players.copy()

    def step(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each lane plays its legal code; returns (rewards (N, 2) float32, done (N,) bool)."""
        codes = np.ascontiguousarray(codes, np.int64)
        if codes.shape != (self.n,):
            raise ValueError(f"step takes one code per lane: shape ({self.n},), not {codes.shape}")
        bad = first_illegal(self.state, codes, self._t, self._buf)
        if bad >= 0:
            raise IllegalAction(
                f"lane {bad}: code {int(codes[bad])} is not legal at its decision point "
                f"({L.PHASES[int(self.state[bad, L.PHASE])]}); no lane was stepped",
                "CORE-3",
            )
        step_all(
            self.state,
            self.rng,
            codes,
            self.seed,
            self.auto_reset,
            self._rewards,
            self._done,
            self._t,
            self._buf,
        )
        return self._rewards.copy(), self._done.copy()

    def random_steps(self, k: int) -> dict[str, int]:
        """Every lane plays k uniformly random legal codes in one compiled loop (chance inside,
        auto-reset); the choices come from per-lane SplitMix64 streams seeded from the env's
        seed, so a run is reproducible. Returns the counts it played."""
        stats = np.zeros(5, np.int64)
        random_steps(
            self.state,
            self.rng,
            self.policy,
            int(k),
            self.seed,
            stats,
            self._t,
            self._buf,
        )
        keys = ("steps", "games", "wins_1", "wins_2", "draws")
        return {key: int(v) for key, v in zip(keys, stats, strict=True)}

    def observation(self) -> np.ndarray:
        """Each lane's current player's observation tensor, from the scalar encoder (slow: it
        rebuilds each lane's scalar state; for inspection, not for the speed path)."""
        players = self.current_player
        rows = []
        for i in range(self.n):
            state = self.lane_state(i)
            rows.append(np.asarray(state.observation_tensor(int(players[i]) or 1)))
        return np.stack(rows)

    # -- reading a lane back -------------------------------------------------------------------
    def done_lanes(self) -> np.ndarray:
        done: np.ndarray = self.state[:, L.PHASE] == L.OVER
        return done

    def lane_state(self, i: int) -> LordsOfWarState:
        """The scalar state of lane i, rebuilt from its row (for tests and inspection)."""
        r = [int(v) for v in self.state[i]]
        static = self.static
        state = LordsOfWarState(static, Rng(int(self.rng[i])))

        def ids(mask: int) -> list[int]:
            return [c for c in range(L.CARDS) if mask >> c & 1]

        for square in range(L.SQUARES):
            u = r[L.BOARD + square]
            if u >= 0:
                state.board[square] = u
                state.pos[u] = square
                state.occ[u >> 8] |= 1 << square
        for seat in (1, 2):
            k = seat - 1
            hand = L.HAND + k * 6
            state.hand[seat] = r[hand : hand + r[L.HLEN + k]]
            state.deck[seat] = ids(r[L.DECK + k])
            pile = L.PILE + k * L.CARDS
            state.pile[seat] = r[pile : pile + r[L.PLEN + k]]
            state.known[seat] = set(ids(r[L.KNOWN + k]))
            state.owed[seat] = bool(r[L.OWED + k])
        state.deal_to = r[L.DEALQ + r[L.DQ_HEAD] : L.DEALQ + r[L.DQ_LEN]]
        state.after_deal = L.AFTER[r[L.AFTER_DEAL]]
        state.phase = L.PHASES[r[L.PHASE]]
        state.active = r[L.ACTIVE]
        state.turn = r[L.TURN]
        state.idle = r[L.IDLE]
        state.placed = {r[L.PLACED]} if r[L.PLACED] >= 0 else set()
        state.took_part = {seat << 8 | c for seat in (1, 2) for c in ids(r[L.TOOK + seat - 1])}
        active = state.active
        state.shots = {
            active << 8 | c: r[L.SHOTS + c] for c in range(L.CARDS) if r[L.SHOTS + c] >= 0
        }
        state.pending = r[L.PEND + r[L.PEND_HEAD] : L.PEND + r[L.PEND_LEN]]
        for seat in (1, 2):
            for c in range(L.CARDS):
                squares = r[L.BERS + (seat - 1) * L.CARDS + c]
                if squares:
                    state.berserk[seat << 8 | c] = {s for s in range(L.SQUARES) if squares >> s & 1}
        state.berserk_seat = r[L.BSEAT]
        if r[L.REV_LEN] > L.REVEAL_CAP:
            raise NotSupported(f"lane {i} revealed its hand more than {L.REVEAL_CAP} times")
        for k in range(r[L.REV_LEN]):
            turn, seat, shown = r[L.REVEALS + 3 * k : L.REVEALS + 3 * k + 3]
            names = sorted(static.card_of(seat << 8 | c).ref for c in ids(shown))
            state.reveals.append({"turn": turn, "player": seat, "cards": names})
        state.resolutions = r[L.RESOLUTIONS]
        if r[L.PHASE] == L.OVER:
            state._outcome = self._outcome(state, r[L.REASON])
        return state

    @staticmethod
    def _outcome(state: LordsOfWarState, reason: int) -> Outcome:
        if L.REASONS[reason] == "no-placements":
            return by_count(state)
        outcome = check_thresholds(state)
        assert outcome is not None, "a lane ended by a threshold that the scalar rules miss"
        return outcome

    def lane_json(self, i: int) -> dict[str, Any]:
        return self.lane_state(i).to_json()

    def lane_digest(self, i: int) -> str:
        return self.lane_state(i).digest()
