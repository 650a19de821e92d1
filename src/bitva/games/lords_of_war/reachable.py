"""Whether a position file describes a position a real game can reach (section 14: an impossible
position is refused with the key, the reason and the rule).

A position may leave cards out (a puzzle lists what matters), so each check bounds what is there.
Every position:

- holds at least one card (the challenge places two before turn 1, LW-4);
- names armies that exist: a shipped army, `mercenaries` (LW-10.4) or a deck file (LW-10.3);
- gives each seat at most 36 cards and one General (LW-1.1, LW-10.3); the General never lies in
  the deck, it starts in the hand (LW-3.2), and a deck has given up at least the opening hand and
  the card drawn after the challenge (LW-3.2, LW-4.1);
- is at turn 1 or later (D-15), with reveals from turns already begun (LW-6.5).

A seat that names its army is a seat of a real game, and is checked in full: its cards (hand,
deck, units on the board and units in the enemy's pile) fit in one deck of that army, with the core
number of each rank (LW-1.1), of that army's cards only (LW-10.3; any army's for `mercenaries`,
LW-10.4), each as often as a deck file holds it; and it has at least one card, the one it placed in
the challenge (LW-4). A shipped army is its core deck, each card as often as it ships (LW-1.1),
unless the seat says `custom = true`: a custom deck of that army (LW-10.3), whose copies a
position cannot tell. When both seats name their armies, the units placed (on the board and in
both piles) are at most the two of the challenge and one a turn since (LW-4, LW-6.1). A position
without armies is a rules puzzle of loose cards (as the worked examples of section 13 are): it
may repeat a card as often as the puzzle needs.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bitva.core.errors import BitvaError, PositionError
from bitva.games.lords_of_war.cards import COMPOSITION, DECK_SIZE, HAND_SIZE, RANKS, Card
from bitva.games.lords_of_war.catalogue import army_names, load_army, load_deck

MERCENARIES = "mercenaries"  # LW-10.4: any army's cards, as a game from a mercenary deck names it
NO_ARMY = "inline"  # no `army` key: the cards say everything
# LW-3.2, LW-4.1: the General and five cards make the opening hand, one more is drawn after the
# challenge placement, so a deck holds at most this many cards from turn 1 on
DECK_AFTER_CHALLENGE = DECK_SIZE - HAND_SIZE - 1


@dataclass
class SeatCards:
    """The cards of one seat as the file gives them, each with the key that named it."""

    army: str = NO_ARMY
    custom: bool = False  # `custom = true`: a custom deck of the shipped army (LW-10.3)
    cards: list[Card] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    deck: list[Card] = field(default_factory=list)

    def add(self, card: Card, key: str) -> None:
        self.cards.append(card)
        self.keys.append(key)


@dataclass(frozen=True)
class Turn:
    """What the file says of the turn: its number (1 when not given), whether its placements are
    counted (the file gives the number and names both armies), the phase, whether a placement
    was made, the units placed so far (on the board and in both piles), the turns of reveals."""

    number: int
    counted: bool
    phase: str
    placement_made: bool
    units_placed: int
    reveal_turns: tuple[int, ...]


def check_army(army: str, seat: int) -> None:
    """The `army` of a seat names a shipped army, `mercenaries` or a deck file (LW-3.1)."""
    if army in (NO_ARMY, MERCENARIES) or army.strip().lower() in army_names():
        return
    if Path(army).is_file():
        return
    raise PositionError(
        f"players.{seat}.army",
        f"unknown army {army!r} (known: {', '.join(army_names())}, {MERCENARIES},"
        " or the path of a deck file)",
        "LW-3.1",
    )


def check_seat(seat: int, given: SeatCards, inline: set[str]) -> None:
    """The cards of one seat fit in one deck (LW-1.1, LW-3.2, LW-4.1); in one deck of its army,
    when the seat names it (LW-1.1, LW-4, LW-10)."""
    base = f"players.{seat}"
    if given.custom and given.army.strip().lower() not in army_names():
        raise PositionError(
            f"{base}.custom",
            "only a seat that names a shipped army plays a custom deck of it; a deck file or"
            f' "{MERCENARIES}" lists its own cards',
            "LW-10.3",
        )
    if len(given.cards) > DECK_SIZE:
        raise PositionError(
            base, f"player {seat} has {len(given.cards)} cards; a deck holds {DECK_SIZE}", "LW-1.1"
        )
    generals = sum(card.rank == "general" for card in given.cards)
    if generals > 1:
        raise PositionError(
            base, f"player {seat} has {generals} Generals; a deck holds one", "LW-1.1"
        )
    for index, card in enumerate(given.deck):
        if card.rank == "general":
            raise PositionError(
                f"{base}.deck[{index}]",
                "the General is never in the deck: it starts in the hand",
                "LW-3.2",
            )
    if len(given.deck) > DECK_AFTER_CHALLENGE:
        raise PositionError(
            f"{base}.deck",
            f"{len(given.deck)} cards; from turn 1 on a deck holds at most"
            f" {DECK_AFTER_CHALLENGE} (the opening hand and a card after the challenge are drawn)",
            "LW-3.2",
        )
    if given.army == NO_ARMY:
        return
    if not given.cards:
        raise PositionError(
            base,
            f"player {seat} has no cards at all: each player placed one in the challenge",
            "LW-4.1" if seat == 1 else "LW-4.2",
        )
    ranks = Counter(card.rank for card in given.cards)
    for rank in RANKS:
        if ranks[rank] > COMPOSITION[rank]:
            raise PositionError(
                base,
                f"player {seat} has {ranks[rank]} {rank} cards; a deck holds {COMPOSITION[rank]}",
                "LW-1.1",
            )
    _check_army_cards(seat, given, inline)


def check_not_empty(seats: list[SeatCards]) -> None:
    """A position holds a card: the challenge places one of each player before turn 1 (LW-4)."""
    if not any(given.cards for given in seats):
        raise PositionError(
            "players",
            "the position holds no card at all: every game has placed two in the challenge",
            "LW-4",
        )


def _check_army_cards(seat: int, given: SeatCards, inline: set[str]) -> None:
    """Shipped cards belong to the seat's army (LW-10.3), or to its deck file, as often as the
    file holds them."""
    army = given.army.strip().lower()
    if army in (NO_ARMY, MERCENARIES):
        return
    if army in army_names():
        for card, key in zip(given.cards, given.keys, strict=True):
            if card.ref not in inline and card.army != army:
                raise PositionError(
                    key,
                    f"{card.ref} is a card of the {card.army}; player {seat} plays the {army}"
                    f' (a mercenary deck takes any army: army = "{MERCENARIES}", LW-10.4)',
                    "LW-10.3",
                )
        if not given.custom:  # the core deck: each card as often as it ships (LW-1.1)
            core = Counter(card.ref for card in load_army(army).deck())
            _check_copies(seat, given, inline, core, f"the {army} core deck", "LW-1.1")
        return
    try:
        deck = load_deck(given.army)
    except BitvaError as exc:
        raise PositionError(f"players.{seat}.army", str(exc)) from None
    held = Counter(card.ref for card in deck.cards)
    _check_copies(seat, given, inline, held, f"the deck {given.army}", "LW-10.3")


def _check_copies(
    seat: int, given: SeatCards, inline: set[str], held: Counter[str], deck: str, rule: str
) -> None:
    """No card more often than `deck` holds it: the key named is the first one too many."""
    used: Counter[str] = Counter()
    for card, key in zip(given.cards, given.keys, strict=True):
        if card.ref in inline:
            continue
        used[card.ref] += 1
        if used[card.ref] > held[card.ref]:
            count = sum(c.ref == card.ref for c in given.cards)
            custom = (
                "; `custom = true` says the seat plays a custom deck of its army"
                if rule == "LW-1.1"
                else ""
            )
            times = {1: "once", 2: "twice"}.get(held[card.ref], f"{held[card.ref]} times")
            holds = f"holds it {times}" if held[card.ref] else "does not hold it"
            raise PositionError(
                key, f"player {seat} has {card.ref} {count} times; {deck} {holds}{custom}", rule
            )


def check_turn(turn: Turn) -> None:
    """Turn numbers (D-15), reveals (LW-6.5) and, when counted, the placements the turn allows
    (LW-4, LW-6.1)."""
    number = turn.number
    if number < 1:
        raise PositionError(
            "turn.number",
            f"turn {number}: turns are numbered from 1 (the challenge is turns -1 and 0, and a"
            " position starts a turn)",
            "D-15",
        )
    for index, reveal in enumerate(turn.reveal_turns):
        if not 1 <= reveal <= number:
            raise PositionError(
                f"reveals[{index}].turn",
                f"a hand shown in turn {reveal}, but this is turn {number}",
                "LW-6.5",
            )
    if not turn.counted:
        return
    # two placements in the challenge, one at most in each turn played before this one, and
    # this turn's own once phase 1 is over
    most = 2 + (number - 1) + int(turn.phase == "reinforce" and turn.placement_made)
    if turn.units_placed > most:
        raise PositionError(
            "turn.number",
            f"{turn.units_placed} units were placed (on the board or eliminated), but by this"
            f" point of turn {number} at most {most} can have been",
            "LW-6.1",
        )
