"""Lore cards' windows (BL-13.3, BL-13.6, D-43) and the registry the Lore wiring fills.

A window is a decision point of the seat that may play a Lore card now: `react` (`lore CARD
[HEX [HEX]]` or `pass`). It opens by public criteria only, so that the game's structure never
depends on a hidden hand: the seat holds a Lore card, has not played one this turn (BL-13.6: one
in its own turn, one in its opponent's), a card registered in `LORE_EFFECTS` has this window's
phase, and the seat's goblet could pay for one such card (its cost, +3 without the master,
BL-14.4). While `LORE_EFFECTS` is empty no window opens and `lore ...` is never legal.

The windows and who they belong to (D-43): "CMD" (the active side, with its Command card:
CMD_WITH and CMD_INSTEAD, offered at the `command` decision itself), "CMD_REACT" (the other side,
after the Command card is revealed), "ORD_OWN" (the active side, before its orders), "ORD_REACT"
(the other side, after them), "MOV_OWN" (the active side, before any unit moves), "MOV_REACT"
(the other side, before each unit's move), "BAT_MELEE" / "BAT_RANGED" (the attacker's side, at
the declaration), "ROLL_BEFORE" (the target's side, before the roll), "ROLL_AFTER" (the target's
side, after the roll, before it is read), "LORE_REACT" (the other side, after a Lore card).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from bitva.core.events import Event
from bitva.games.battlelore import origins
from bitva.games.battlelore.actions import PlayLore
from bitva.games.battlelore.catalogue.load import load_catalogue
from bitva.games.battlelore.lore.economy import PlayedCard, Window, casting, check_timing, fits

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


class LoreEffect(Protocol):
    """What the Lore wiring registers in `LORE_EFFECTS` for one card id."""

    def choices(
        self, state: BattleLoreState, seat: int, window: Window, level: int
    ) -> list[tuple[str, ...]]:
        """The ways `seat` may play the card now, each the action's words after the card id
        (0 to 2 hex names, e.g. `("F4",)`); empty when it cannot be played here."""
        ...

    def play(
        self,
        state: BattleLoreState,
        seat: int,
        window: Window,
        level: int,
        args: tuple[str, ...],
        events: list[Event] | None,
    ) -> None:
        """Apply the card (its cost is already on it, BL-13.5). It may change the state (units,
        tokens, the battle in progress, `state.orders`), but not `state.phase`: the window
        closes and the game goes on from where it opened."""
        ...


LORE_EFFECTS: dict[str, LoreEffect] = {}


@dataclass(frozen=True, slots=True)
class OpenWindow:
    """A window in progress: its name, the seat that may play, and where the game goes on."""

    window: str
    seat: int
    resume: str


def phase_of(card_id: str) -> str:
    return str(_cards()[card_id].phase)  # type: ignore[attr-defined]


def _cards() -> dict[str, object]:
    return dict(load_catalogue().lore)


def may_open(state: BattleLoreState, seat: int, window: Window) -> bool:
    """The public test (module docstring)."""
    if not LORE_EFFECTS or not state.static.lore or not state.lore_hands[seat]:
        return False
    if state.lore_played_by[seat - 1]:
        return False
    goblet = state.bank.goblet(seat)
    cards = _cards()
    council = state.councils[seat - 1]
    for card_id in LORE_EFFECTS:
        card = cards.get(card_id)
        if card is None or not fits(card.phase, window):  # type: ignore[attr-defined]
            continue
        if seat != state.active and not card.reaction:  # type: ignore[attr-defined]
            continue
        if casting(card, council).cost <= goblet:  # type: ignore[arg-type]
            return True
    return False


def lore_actions(state: BattleLoreState, seat: int, window: Window) -> list[PlayLore]:
    """`lore CARD ...` for each card of `seat`'s hand that it may play in `window` now."""
    if not LORE_EFFECTS or not state.static.lore:
        return []
    cards = _cards()
    council = state.councils[seat - 1]
    out = []
    for card_id in sorted(set(state.lore_hands[seat])):
        effect = LORE_EFFECTS.get(card_id)
        card = cards[card_id]
        if effect is None or not fits(card.phase, window):  # type: ignore[attr-defined]
            continue
        played = state.lore_played_by[seat - 1]
        if check_timing(card, seat=seat, active=state.active, played_this_turn=played):  # type: ignore[arg-type]
            continue
        cast = casting(card, council)  # type: ignore[arg-type]
        if cast.cost > state.bank.goblet(seat):
            continue
        for args in effect.choices(state, seat, window, cast.level):
            out.append(PlayLore(card_id, tuple(args)))
    return out


def offer(
    state: BattleLoreState, seat: int, window: Window, resume: str, events: list[Event] | None
) -> bool:
    """Open `window` for `seat` if it may open (then True: the caller stops; the game goes on
    with `resume` once the window closes)."""
    if not may_open(state, seat, window):
        return False
    state.window = OpenWindow(window, seat, resume)
    state.phase = "react"
    if events is not None:
        events.append(Event("window", {"player": seat, "window": window}))
    return True


@dataclass(frozen=True, slots=True)
class Casting:
    """A Lore card revealed and paid, its effect still to come (after the other side's
    LORE_REACT window): which entry of `state.lore_played` it is, and where the game goes on."""

    index: int
    window: str
    args: tuple[str, ...]
    resume: str


def reveal(
    state: BattleLoreState, seat: int, action: PlayLore, resume: str, events: list[Event] | None
) -> Casting:
    """BL-13.5: reveal the card and pay onto it, before its effect. A card played in the
    opponent's turn costs no refill: the next one comes at the end of the seat's own next
    turn, as always (BL-15.3)."""
    card_id, args = action.card, action.words
    card = _cards()[card_id]
    window = state.window.window if state.window is not None else "CMD"
    cast = casting(card, state.councils[seat - 1])  # type: ignore[arg-type]
    state.bank = state.bank.pay_card(seat, cast.cost)
    origins.lore_let_go(state, seat, card_id)
    state.lore_played.append(PlayedCard(card_id, seat, cast.cost, cast.level))
    state.lore_played_by[seat - 1] = True
    if events is not None:
        events.append(Event("lore-played", {"player": seat, "card": card_id, "args": list(args)}))
    return Casting(len(state.lore_played) - 1, window, tuple(args), resume)


def resolve(state: BattleLoreState, cast: Casting, events: list[Event] | None) -> None:
    """The card's effect, unless a later card stopped it (Dispel, Foil: BL-13.7)."""
    played = state.lore_played[cast.index]
    if played.in_force:
        effect = LORE_EFFECTS[played.card]
        effect.play(state, played.seat, cast.window, played.level, cast.args, events)  # type: ignore[arg-type]
