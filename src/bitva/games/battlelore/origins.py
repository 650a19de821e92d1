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
determinization (docs/battlelore.md, "Determinization")."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


@dataclass(frozen=True, slots=True)
class Origins:
    """How many times the deck was rebuilt, and each seat's (South, North) leading held cards
    drawn before the current deck (`earlier`) and from the first deck (`first`, <= earlier)."""

    rebuilds: int = 0
    earlier: tuple[int, int] = (0, 0)
    first: tuple[int, int] = (0, 0)

    def rebuilt(self, held: tuple[int, int]) -> Origins:
        """The deck was rebuilt while the seats held `held` cards: all of them are earlier now,
        and at the first rebuild all of them came from the first deck."""
        first = held if self.rebuilds == 0 else self.first
        return Origins(self.rebuilds + 1, held, first)

    def released(self, seat: int, index: int) -> Origins:
        """The card at `index` of `seat`'s held cards (hand, then drawn) left them."""
        i = seat - 1
        earlier, first = list(self.earlier), list(self.first)
        if index < earlier[i]:
            earlier[i] -= 1
        if index < first[i]:
            first[i] -= 1
        return replace(self, earlier=(earlier[0], earlier[1]), first=(first[0], first[1]))

    def split(self, seat: int, held: list[str]) -> tuple[list[str], list[str], list[str]]:
        """`seat`'s held cards as (from the first deck, from a later used-up deck, from the
        current deck); before any rebuild every card is from the current deck."""
        if not self.rebuilds:
            return [], [], list(held)
        first, earlier = self.first[seat - 1], self.earlier[seat - 1]
        return held[:first], held[first:earlier], held[earlier:]

    def to_json(self) -> list[Any]:
        return [self.rebuilds, list(self.earlier), list(self.first)]

    @staticmethod
    def from_json(data: list[Any] | None) -> Origins:
        """A state saved before the counts existed reads as never rebuilt."""
        if not data:
            return Origins()
        rebuilds, (south, north), (south_first, north_first) = data
        return Origins(
            int(rebuilds), (int(south), int(north)), (int(south_first), int(north_first))
        )


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
    drew and did not keep (BL-15.2 a)."""
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
