"""Which deck each held card was drawn from, so that a determinization deals every hidden card
from the pile it really came from (BL-15.1: the Command deck; D-35: the Lore deck).

Both decks are rebuilt from their face-up discards when they run out. A card a seat holds was
drawn from the deck in use at the time: the current deck, a deck used up before it, or (the
Lore deck only) the first deck, built from the school piles with cards boxed unseen (BL-14.3).
A seat's held cards (its hand, then the cards drawn and not kept yet) stay oldest first: a draw
is appended and a card leaves by its oldest copy (`list.remove`), so two counts a seat are
enough: `earlier`, the leading cards drawn before the current deck was built, and `first`, the
leading ones of those drawn from the Lore deck's first build. The counts are an immutable value,
shared by clones for free (the search clones the state thousands of times a second).

Which of two copies of one card leaves is a convention (the oldest): the copies look the same,
and only the Lore deck's first build, whose boxed cards nobody saw, makes the choice matter to a
determinization (docs/battlelore.md, "Determinization").

The first deck's boxed cards (BL-14.3 step 2) are the one thing a seat's own cards tell it about:
a card it put back into the deck after the opening deal (step 5) is certainly not boxed. Each
seat's `lore_returned` lists the copies it returned that it may still count on among the first
deck's cards it has not seen (the deck, the other seat's cards from it): one more per card put
back, one fewer per copy of that card it later sees leave them (drawn by itself from the first
deck, or shown by the other seat from its cards of the first deck), whichever copy that was.
It is the fewest copies the seat's observations prove out of the box, so a determinization that
keeps them out of the box is always a state that could be the case."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


@dataclass(frozen=True, slots=True)
class Origins:
    """How many times the deck was rebuilt, and each seat's (South, North) leading held cards
    drawn before the current deck (`earlier`), from the first deck (`first`, <= earlier) and
    (the Lore deck) at the opening deal (`opening`, <= first once rebuilt), before any card was
    put back (BL-14.3 step 5)."""

    rebuilds: int = 0
    earlier: tuple[int, int] = (0, 0)
    first: tuple[int, int] = (0, 0)
    opening: tuple[int, int] = (0, 0)

    def rebuilt(self, held: tuple[int, int]) -> Origins:
        """The deck was rebuilt while the seats held `held` cards: all of them are earlier now,
        and at the first rebuild all of them came from the first deck."""
        first = held if self.rebuilds == 0 else self.first
        return Origins(self.rebuilds + 1, held, first, self.opening)

    def released(self, seat: int, index: int) -> Origins:
        """The card at `index` of `seat`'s held cards (hand, then drawn) left them."""
        i = seat - 1
        counts = [list(self.earlier), list(self.first), list(self.opening)]
        for count in counts:
            if index < count[i]:
                count[i] -= 1
        earlier, first, opening = ((c[0], c[1]) for c in counts)
        return Origins(self.rebuilds, earlier, first, opening)

    def kept(self, seat: int, count: int) -> Origins:
        """`seat` kept its `count` opening cards (BL-14.3 step 4): they lead its held cards."""
        south, north = self.opening
        return replace(self, opening=(count, north) if seat == 1 else (south, count))

    def split(self, seat: int, held: list[str]) -> tuple[list[str], list[str], list[str]]:
        """`seat`'s held cards as (from the first deck, from a later used-up deck, from the
        current deck); before any rebuild every card is from the current deck."""
        if not self.rebuilds:
            return [], [], list(held)
        first, earlier = self.first[seat - 1], self.earlier[seat - 1]
        return held[:first], held[first:earlier], held[earlier:]

    def to_json(self) -> list[Any]:
        return [self.rebuilds, list(self.earlier), list(self.first), list(self.opening)]

    @staticmethod
    def from_json(data: list[Any] | None) -> Origins:
        """A state saved before the counts existed reads as never rebuilt."""
        if not data:
            return Origins()
        rebuilds, earlier, first, *rest = data
        opening = rest[0] if rest else [0, 0]
        return Origins(int(rebuilds), _pair(earlier), _pair(first), _pair(opening))


def _pair(values: list[Any]) -> tuple[int, int]:
    south, north = values
    return int(south), int(north)


def held_counts(hands: dict[int, list[str]], drawn: dict[int, list[str]]) -> tuple[int, int]:
    return len(hands[1]) + len(drawn[1]), len(hands[2]) + len(drawn[2])


def let_go(
    origins: Origins,
    seat: int,
    hand: list[str],
    drawn: list[str],
    card: str,
    *,
    from_drawn: bool = False,
) -> Origins:
    """`card` leaves `seat`'s hand (or its drawn cards): its oldest copy, as `list.remove`."""
    if from_drawn:
        index = len(hand) + drawn.index(card)
        drawn.remove(card)
    else:
        index = hand.index(card)
        hand.remove(card)
    return origins.released(seat, index)


def command_let_go(
    state: BattleLoreState, seat: int, card: str, *, from_drawn: bool = False
) -> None:
    """A Command card leaves `seat`'s hand (played, BL-2.1) or its Scout draw (BL-15.1)."""
    state.command_origins = let_go(
        state.command_origins,
        seat,
        state.hands[seat],
        state.drawn[seat],
        card,
        from_drawn=from_drawn,
    )


def lore_let_go(state: BattleLoreState, seat: int, card: str, *, from_drawn: bool = False) -> None:
    """A Lore card leaves `seat`'s hand (played, BL-13.5; discarded, BL-14.5) or the cards it
    drew and did not keep (BL-15.2 a), face up: a copy from the first deck leaves the cards the
    other seat has not seen."""
    hand, origins = state.lore_hands[seat], state.lore_origins
    index = len(hand) + state.lore_drawn[seat].index(card) if from_drawn else hand.index(card)
    from_first = not origins.rebuilds or index < origins.first[seat - 1]
    if from_first and index >= origins.opening[seat - 1]:  # perhaps a card the other put back
        lore_seen(state, 3 - seat, card)
    state.lore_origins = let_go(
        state.lore_origins,
        seat,
        state.lore_hands[seat],
        state.lore_drawn[seat],
        card,
        from_drawn=from_drawn,
    )


def command_rebuilt(state: BattleLoreState) -> None:
    """BL-15.1: the Command deck was rebuilt from the discards."""
    state.command_origins = state.command_origins.rebuilt(held_counts(state.hands, state.drawn))


def lore_rebuilt(state: BattleLoreState) -> None:
    """D-35: the Lore deck was rebuilt from the discards."""
    held = held_counts(state.lore_hands, state.lore_drawn)
    state.lore_origins = state.lore_origins.rebuilt(held)


def lore_dealt_opening(state: BattleLoreState) -> None:
    """BL-14.3 step 3: the opening deal is done; every card each seat holds is from it."""
    for seat in (1, 2):
        count = len(state.lore_hands[seat]) + len(state.lore_drawn[seat])
        state.lore_origins = state.lore_origins.kept(seat, count)


def lore_put_back(state: BattleLoreState, seat: int, cards: list[str]) -> None:
    """BL-14.3 step 5: `seat` put `cards` back into the deck, after every opening card was
    dealt: they are certainly not boxed, and in the deck until a later draw."""
    state.lore_origins = state.lore_origins.kept(seat, len(state.lore_hands[seat]))
    returned = state.lore_returned[seat - 1] + tuple(cards)
    set_returned(state, seat, Counter(returned))


def lore_seen(state: BattleLoreState, seat: int, card: str) -> None:
    """`seat` saw a copy of `card` leave the first deck's cards it had not seen: perhaps the one
    it returned, so it counts on one copy fewer."""
    returned = list(state.lore_returned[seat - 1])
    if card in returned:
        returned.remove(card)
        set_returned(state, seat, Counter(returned))


def set_returned(state: BattleLoreState, seat: int, cards: Counter[str]) -> None:
    mine = tuple(sorted(cards.elements()))
    south, north = state.lore_returned
    state.lore_returned = (mine, north) if seat == 1 else (south, mine)
