"""Phase 1, deployment (LW-6), and the challenge (LW-4): where each card of the hand may go.

Squares are bit masks (see `mat.py`); the contact rule is one shift of the enemy mask per arrow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bitva.games.lords_of_war.state import LordsOfWarState


def placement_masks(state: LordsOfWarState) -> tuple[dict[int, int], bool]:
    """For the active player, {card kind: mask of legal squares}, and whether the placement is
    forced (LW-6.5, D-6: the hand must then be shown to the opponent).

    LW-6.2 contact rule; LW-6.3 support units next to a friend; LW-6.4 no enemy on the board;
    LW-6.5 forced placement next to an enemy; D-6 fall-backs when even that is impossible.
    """
    static = state.static
    mat = static.mat
    seat = state.active
    kinds_in_hand = state.hand_kinds(seat)
    if not kinds_in_hand:
        return {}, False
    friend = state.occ[seat]
    enemy = state.occ[3 - seat]
    empty = mat.on_mat & ~(friend | enemy)
    if not empty:
        return {}, False
    masks: dict[int, int] = {}
    if not enemy:
        if not friend:
            # LW-6.4: an empty board; any empty square (on a borderless mat every square is the
            # same up to translation, so the player's start square stands for all: D-10)
            mask = (1 << mat.start_square(seat)) if mat.borderless else empty
        else:
            mask = mat.around(friend) & empty  # LW-6.4: next to a friendly unit
        if mask:
            return dict.fromkeys(kinds_in_hand, mask), False
    else:
        next_to_friend = mat.around(friend) & empty
        kind_deltas = static.kind_deltas[seat]
        kinds = static.kinds[seat]
        on_mat = mat.on_mat
        for kind in kinds_in_hand:
            mask = 0
            for delta in kind_deltas[kind]:
                # squares s with an enemy on s + delta: the enemy mask moved back by delta
                mask |= enemy >> delta if delta >= 0 else enemy << -delta
            mask &= on_mat & empty
            if kinds[kind].is_support:
                mask |= next_to_friend  # LW-6.3
            if mask:
                masks[kind] = mask
        if masks:
            return masks, False
    # LW-6.5 forced placement, then the fall-backs of D-6
    for mask in (mat.around(enemy) & empty, mat.around(friend | enemy) & empty, empty):
        if mask:
            return dict.fromkeys(kinds_in_hand, mask), True
    return {}, False
