"""Why an action is illegal: one clear sentence naming the rule (invariant 4).

Only called on the slow path, after the action was found missing from the legal actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.core.errors import IllegalAction
from bitva.games.lords_of_war.actions import (
    Action,
    BerserkMove,
    Dealt,
    Draw,
    Place,
    Recall,
    Shoot,
    UseArrows,
)
from bitva.games.lords_of_war.combat import engaged, targets_in_grid
from bitva.games.lords_of_war.mat import SquareError

if TYPE_CHECKING:
    from bitva.games.lords_of_war.state import LordsOfWarState

_EXPECTED = {
    "challenge": ("place a card on your start square", "LW-4.1"),
    "deploy": ("place a card of your hand", "LW-6.1"),
    "shoot": ("choose a target for the ranged unit ('shoot SQUARE') or 'arrows'", "LW-7.3"),
    "berserk": ("move a berserker ('berserk FROM-TO')", "LW-11.2"),
    "reinforce": ("'draw' or 'recall SQUARE'", "LW-9.1"),
    "deal": ("a card comes off the top of a deck ('deal CARD')", "LW-3.2"),
}
_KIND_OF_PHASE = {
    Place: ("challenge", "deploy"),
    Shoot: ("shoot",),
    UseArrows: ("shoot",),
    BerserkMove: ("berserk",),
    Draw: ("reinforce",),
    Recall: ("reinforce",),
    Dealt: ("deal",),
}


def canonical_square(state: LordsOfWarState, text: str) -> str:
    mat = state.static.mat
    try:
        return mat.name(mat.parse(text))
    except SquareError as exc:
        raise IllegalAction(str(exc), "LW-1.6") from exc


def canonical(state: LordsOfWarState, action: Action) -> Action:
    """The same action with its squares written the standard way."""
    match action:
        case Shoot(target=target):
            return Shoot(canonical_square(state, target))
        case Recall(square=square):
            return Recall(canonical_square(state, square))
        case BerserkMove(origin=origin, target=target):
            return BerserkMove(canonical_square(state, origin), canonical_square(state, target))
    return action


def resolve_card(state: LordsOfWarState, seat: int, text: str) -> str:
    """A card reference as typed (any case; the bare name where only one card of that name is in
    the hand) turned into the seat's exact reference."""
    kinds = state.static.kinds[seat]
    wanted = text.strip().lower()
    for card in kinds:
        if card.ref.lower() == wanted:
            return card.ref
    in_hand = {kinds[k] for k in state.hand_kinds(seat)}
    named = sorted({card.ref for card in in_hand if card.name.lower() == wanted})
    if len(named) == 1:
        return named[0]
    if len(named) > 1:
        raise IllegalAction(f"{text!r} is ambiguous: write one of {named}", "LW-6.1")
    raise IllegalAction(f"player {seat} has no card {text!r}", "LW-6.1")


def resolve_dealt(state: LordsOfWarState, seat: int, text: str) -> str:
    """The reference of a card that may come off `seat`'s deck, as typed in any case."""
    wanted = text.strip().lower()
    kinds = state.static.kinds[seat]
    for card in kinds:
        if card.ref.lower() == wanted:
            return card.ref
    named = sorted({kinds[state.static.kind_of[seat][c]].ref for c in state.deck[seat]})
    matches = [
        ref for ref in named if kinds[state.static.kind_index[seat][ref]].name.lower() == wanted
    ]
    if len(matches) == 1:
        return matches[0]
    raise IllegalAction(f"player {seat}'s deck holds no card {text!r}", "LW-3.2")


def explain(state: LordsOfWarState, action: Action) -> tuple[str, str]:
    phase = state.phase
    expected, rule = _EXPECTED.get(phase, ("nothing", "LW-8.1"))
    if phase not in _KIND_OF_PHASE.get(type(action), ()):
        return f"{action} is not possible now: {expected}", rule
    match action:
        case Place():
            return _explain_place(state, action)
        case Shoot(target=target):
            u = state.pending[0]
            square = state.pos[u]
            where = state.static.mat.name(square)
            if target not in [state.static.mat.name(t) for t in targets_in_grid(state, square, u)]:
                return (
                    f"{target} holds no enemy unit in the target grid of the ranged unit on "
                    f"{where}",
                    "LW-7.2",
                )
        case UseArrows():
            return ("the ranged unit's arrows point at no enemy: it must shoot (D-3)", "D-3")
        case BerserkMove(origin=origin, target=target):
            return (
                f"no berserker on {origin} must move to {target}: it moves only onto a "
                "square it helped to empty, when not engaged",
                "LW-11.2",
            )
        case Dealt(card=card):
            seat = state.deal_to[0]
            if state.stacked[seat]:
                top = state.static.card_of(seat << 8 | state.deck[seat][-1]).ref
                return f"the top card of player {seat}'s deck is {top}, not {card}", "LW-3.2"
            return f"player {seat}'s deck holds no {card}", "LW-3.2"
        case Recall(square=square):
            from bitva.games.lords_of_war.reinforcement import recall_blocker

            blocker = recall_blocker(state, state.static.mat.parse(square))
            if blocker:
                reason, rule = blocker
                return f"cannot recall the unit on {square}: {reason}", rule
    return f"{action} is not legal now: {expected}", rule


def _explain_place(state: LordsOfWarState, action: Place) -> tuple[str, str]:
    seat = state.active
    static = state.static
    kind = static.kind_index[seat].get(action.card)
    if kind is None or kind not in state.hand_kinds(seat):
        return f"{action.card} is not in your hand", "LW-6.1"
    square = static.mat.parse(action.square)
    if state.phase == "challenge":
        start = static.mat.name(static.mat.start_square(seat))
        return f"the challenge card goes on your start square {start}", f"LW-4.{seat}"
    if square in state.board:
        return f"{action.square} is not empty", "LW-6.1"
    if state.forced_placement:
        return (
            "no card of your hand can make contact: place it next to an enemy unit "
            "(and show your hand)",
            "LW-6.5",
        )
    card = static.kinds[seat][kind]
    if not state.occ[3 - seat]:
        return "with no enemy on the board, place next to one of your units", "LW-6.4"
    if card.is_support:
        return (
            f"{card.ref} makes no contact from {action.square} and has no friendly unit next to it",
            "LW-6.3",
        )
    # would any arrow point at an enemy from there?
    if not _would_engage(state, seat, kind, square):
        return (
            f"no arrow of {card.ref} would point at an enemy unit from {action.square}",
            "LW-6.2",
        )
    return f"{action} is not legal now", "LW-6.2"


def _would_engage(state: LordsOfWarState, seat: int, kind: int, square: int) -> bool:
    board = state.board
    for delta in state.static.kind_deltas[seat][kind]:
        other = board.get(square + delta)
        if other is not None and other >> 8 != seat:
            return True
    return False


__all__ = ["canonical", "canonical_square", "engaged", "explain", "resolve_card"]
