"""Advanced rule: berserkers (LW-11.2-11.4, D-8, D-10).

After each resolution, a berserk unit that helped eliminate units remembers the squares they left.
It must move onto one of them if, when its move comes, it is not engaged and one is still empty;
otherwise its obligation lapses (D-10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.games.lords_of_war.combat import engaged

if TYPE_CHECKING:
    from bitva.games.lords_of_war.combat import Resolution
    from bitva.games.lords_of_war.state import LordsOfWarState


def note_kills(state: LordsOfWarState, resolution: Resolution, vacated: dict[int, int]) -> None:
    """Record, for each berserker that took part (LW-7.7), the squares it helped to empty."""
    card = state.static.card
    for victim in resolution.eliminated:
        for attacker in resolution.attackers[victim]:
            if card[attacker].is_berserk and attacker in state.pos:  # type: ignore[union-attr]
                state.berserk.setdefault(attacker, set()).add(vacated[victim])


def candidate_squares(state: LordsOfWarState, u: int) -> list[int]:
    """The empty squares berserker `u` may move onto now (LW-11.2, LW-11.3), lowest first."""
    board = state.board
    return sorted(square for square in state.berserk.get(u, ()) if square not in board)


def eligible(state: LordsOfWarState, seat: int) -> list[int]:
    """The berserkers of `seat` that must move now: alive, not engaged, an empty square to go to."""
    out = []
    for u in sorted(state.berserk):
        if u >> 8 == seat and u in state.pos:
            square = state.pos[u]
            if not engaged(state, square, seat) and candidate_squares(state, u):
                out.append(u)
    return out


def prune(state: LordsOfWarState) -> None:
    """D-10: drop every pending berserker that cannot move now (dead, engaged, or no square)."""
    for u in list(state.berserk):
        square = state.pos.get(u)
        if square is None or engaged(state, square, u >> 8) or not candidate_squares(state, u):
            del state.berserk[u]
