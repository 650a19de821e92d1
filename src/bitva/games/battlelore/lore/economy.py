"""The Lore economy and the rules of playing Lore cards (BL-12, BL-13, BL-14.4, BL-14.5,
BL-15.2, BL-15.3, D-18, D-19, D-33, D-35, D-46).

- `LoreBank`: where the finite supply of tokens lies (D-33): the pool, the two goblets, on the
  cards played this turn, beside creatures. Every move of tokens is a method returning a new
  bank; gains take only what the pool holds (BL-12.2, BL-13.8).
- `lore_faces`: what the `L` faces of one roll give (BL-12.4, D-18, D-19).
- `casting`: a card's cost and level for a council (BL-13.5, BL-14.4).
- `check_timing`, `fits`: the play limits and phases (BL-13.3, BL-13.6).
- `Refill`: the end-of-turn refill, announced first (BL-15.2, BL-15.3, D-35), and the hand
  limit (BL-14.5).

The cards themselves (targets and effects) are in `lore/cards.py`; the effects they produce
are the small dataclasses of `lore/effects.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal, Protocol

from bitva.core.errors import IllegalAction, Violation
from bitva.games.battlelore.lore.council import SCHOOLS, Council, hand_limit, level

SUPPLY = 60  # D-33
WITHOUT_MASTER_SURCHARGE = 3  # BL-14.4
Phase = Literal[
    "CMD_WITH",
    "CMD_INSTEAD",
    "CMD_REACT",
    "ORD_OWN",
    "ORD_REACT",
    "MOV_OWN",
    "MOV_REACT",
    "BAT_ANY",
    "BAT_MELEE",
    "BAT_RANGED",
    "ROLL_BEFORE",
    "ROLL_AFTER",
    "LORE_REACT",
]
# The moments of a turn when Lore cards may come into play (D-43). "CMD" is the active
# player's Command step (CMD_WITH and CMD_INSTEAD); "BAT_MELEE"/"BAT_RANGED" a battle declared
# by one of the caster's units, melee or ranged.
Window = Literal[
    "CMD",
    "CMD_REACT",
    "ORD_OWN",
    "ORD_REACT",
    "MOV_OWN",
    "MOV_REACT",
    "BAT_MELEE",
    "BAT_RANGED",
    "ROLL_BEFORE",
    "ROLL_AFTER",
    "LORE_REACT",
]
RollKind = Literal["battle", "panic", "critical", "lore_card"]


class LoreCardLike(Protocol):
    """What the Lore rules read of a card (the catalogue's `LoreCard` has more)."""

    @property
    def id(self) -> str: ...

    @property
    def schools(self) -> tuple[str, ...]: ...

    @property
    def cost(self) -> int | None: ...  # None: "?" (set by the effect, BL-13.1)

    @property
    def phase(self) -> str: ...

    @property
    def reaction(self) -> bool: ...


# -- the tokens (BL-12, D-33) ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LoreBank:
    """Where the Lore tokens are (D-33: a finite supply). `goblets[0]` is South's, `[1]`
    North's; `on_cards` lie on the Lore cards played this turn until cleanup (BL-13.5);
    `stored` lie beside creatures (BL-11.7). Goblets are public (BL-12.1)."""

    pool: int
    goblets: tuple[int, int]
    on_cards: int = 0
    stored: int = 0

    @property
    def supply(self) -> int:
        return self.pool + sum(self.goblets) + self.on_cards + self.stored

    def goblet(self, seat: int) -> int:
        return self.goblets[seat - 1]

    def _goblets(self, seat: int, delta: int) -> tuple[int, int]:
        south, north = self.goblets
        return (south + delta, north) if seat == 1 else (south, north + delta)

    def gain(self, seat: int, count: int) -> tuple[LoreBank, int]:
        """`seat` takes up to `count` tokens from the pool into its goblet: only what the pool
        holds (BL-12.2; BL-13.8: as far as it goes). Returns the bank and the tokens taken."""
        taken = max(0, min(count, self.pool))
        return replace(self, pool=self.pool - taken, goblets=self._goblets(seat, taken)), taken

    def _check_goblet(self, seat: int, count: int, what: str, rule: str | None) -> None:
        if count < 0:
            raise ValueError(f"cannot pay {count} tokens")
        if self.goblet(seat) < count:
            raise IllegalAction(
                f"{what} costs {count} Lore and your goblet holds {self.goblet(seat)}", rule
            )

    def pay_card(self, seat: int, count: int) -> LoreBank:
        """BL-13.5: a card's cost goes from the goblet onto the card, before its effect;
        IllegalAction when the goblet cannot pay."""
        self._check_goblet(seat, count, "the card", "BL-13.5")
        return replace(self, goblets=self._goblets(seat, -count), on_cards=self.on_cards + count)

    def pay_pool(self, seat: int, count: int, what: str, rule: str | None = None) -> LoreBank:
        """Tokens paid straight into the pool: a creature ordered out of its section (3,
        BL-11.2), freeing a webbed unit (1, BL-11.9); `what` and `rule` name it in the error."""
        self._check_goblet(seat, count, what, rule)
        return replace(self, goblets=self._goblets(seat, -count), pool=self.pool + count)

    def refund(self, seat: int, count: int) -> LoreBank:
        """Dispel (WZ05): a cancelled card's payment goes back from the card to its owner's
        goblet."""
        count = min(count, self.on_cards)
        return replace(self, goblets=self._goblets(seat, count), on_cards=self.on_cards - count)

    def take(self, source: int, count: int) -> tuple[LoreBank, int]:
        """The other seat takes up to `count` tokens from `source`'s goblet (Pickpocket, RG01):
        only what the goblet holds (BL-13.8, T-32)."""
        moved = max(0, min(count, self.goblet(source)))
        south, north = self.goblets
        goblets = (south - moved, north + moved) if source == 1 else (south + moved, north - moved)
        return replace(self, goblets=goblets), moved

    def store(self) -> tuple[LoreBank, bool]:
        """A creature stores a rolled `L` as a token from the pool (BL-11.7); nothing with an
        empty pool (D-22, T-36)."""
        if self.pool == 0:
            return self, False
        return replace(self, pool=self.pool - 1, stored=self.stored + 1), True

    def release(self, count: int) -> LoreBank:
        """Stored tokens back to the pool: spent on an ability, or the creature died (BL-11.7)."""
        count = min(count, self.stored)
        return replace(self, pool=self.pool + count, stored=self.stored - count)

    def cleanup(self) -> LoreBank:
        """BL-15.4: the tokens on played cards go to the pool."""
        return replace(self, pool=self.pool + self.on_cards, on_cards=0)


def new_bank(south: int, north: int, supply: int = SUPPLY) -> LoreBank:
    """The set-up (section 3, step 4): the pool filled with the supply (D-33; the adventure's
    `lore_pool` may override it), then each side takes its starting tokens from it."""
    if south < 0 or north < 0:
        raise ValueError("a goblet cannot start below 0 tokens")
    if south + north > supply:
        raise ValueError(f"the sides start with {south + north} tokens, the supply is {supply}")
    return LoreBank(pool=supply - south - north, goblets=(south, north))


# -- the L faces of a roll (BL-12.4, D-18, D-19) --------------------------------------------


@dataclass(frozen=True, slots=True)
class LoreFaces:
    """What a roll's `L` faces did (BL-12.4): fed card or poison effects (step 1), were used
    by a creature (step 2), and the tokens the roller may take (step 3, before BL-12.2's empty
    pool)."""

    fed_effects: int
    creature_used: int
    tokens: int


def lore_faces(
    lore_count: int,
    *,
    kind: RollKind = "battle",
    keyed_effects: bool = False,
    creature_used: int = 0,
    lore_adventure: bool = True,
) -> LoreFaces:
    """BL-12.4, D-18, D-19: each `L` of a unit's battle roll (battle back included), in order:
    (1) every effect keyed to `L` applies to it (`keyed_effects`: a card such as Rampage!, or
    poison on the target; one `L` may feed several); (2) a creature may use it (ability or
    store: `creature_used` of them); (3) an `L` used in (1) or (2) gives no token, the others
    give the roller 1 each. Panic, critical and Lore-card dice never give tokens; outside a
    Lore adventure `L` is a miss (BL-5.1)."""
    if not 0 <= creature_used <= lore_count:
        raise ValueError(f"a creature can use 0 to {lore_count} of the L rolled")
    if not lore_adventure or lore_count == 0:
        return LoreFaces(0, 0, 0)
    fed = lore_count if keyed_effects else 0
    used = lore_count if keyed_effects else creature_used
    tokens = lore_count - used if kind == "battle" else 0
    return LoreFaces(fed, creature_used, tokens)


# -- casting (BL-13.5, BL-14.4) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Casting:
    """A card as a council casts it: the tokens to pay, the level its effect works at, the
    master casting it (None: cast without the personality, BL-14.4)."""

    cost: int
    level: int
    master: str | None

    @property
    def surcharge(self) -> int:
        return 0 if self.master else WITHOUT_MASTER_SURCHARGE


def casting(card: LoreCardLike, council: Council | None, paid_by_target: int = 0) -> Casting:
    """BL-13.5, BL-14.4: a card is cast by the highest master of its schools in the council
    at that master's level; with none, it costs 3 more and works at level 1, whatever the
    other masters' levels. A "?" cost is set by the effect (Dispel: `paid_by_target`, what the
    cancelled card's owner paid). T-27: Creeping Doom with a lone Cleric 3 costs 12, level 1."""
    base = card.cost if card.cost is not None else paid_by_target
    masters = sorted(
        ((level(council, school), school) for school in card.schools if school in SCHOOLS),
        reverse=True,
    )
    if masters and masters[0][0] > 0:
        return Casting(cost=base, level=masters[0][0], master=masters[0][1])
    return Casting(cost=base + WITHOUT_MASTER_SURCHARGE, level=1, master=None)


def check_payment(goblet: int, cast: Casting) -> Violation | None:
    """BL-13.5: if you cannot pay the cost from your goblet, you cannot play the card."""
    if goblet < cast.cost:
        extra = " (3 more without its master, BL-14.4)" if cast.master is None else ""
        return Violation(
            f"this card costs {cast.cost} Lore{extra} and your goblet holds {goblet}", "BL-13.5"
        )
    return None


# -- when a card may be played (BL-13.3, BL-13.6) -------------------------------------------

_WINDOW_OF: dict[str, tuple[Window, ...]] = {
    "CMD_WITH": ("CMD",),
    "CMD_INSTEAD": ("CMD",),
    "CMD_REACT": ("CMD_REACT",),
    "ORD_OWN": ("ORD_OWN",),
    "ORD_REACT": ("ORD_REACT",),
    "MOV_OWN": ("MOV_OWN",),
    "MOV_REACT": ("MOV_REACT",),
    "BAT_ANY": ("BAT_MELEE", "BAT_RANGED"),
    "BAT_MELEE": ("BAT_MELEE",),
    "BAT_RANGED": ("BAT_RANGED",),
    "ROLL_BEFORE": ("ROLL_BEFORE",),
    "ROLL_AFTER": ("ROLL_AFTER",),
    "LORE_REACT": ("LORE_REACT",),
}


def fits(phase: str, window: Window) -> bool:
    """BL-13.3: a card is played only in its phase. A `BAT_ANY` card fits a melee or a ranged
    declaration, `BAT_MELEE` / `BAT_RANGED` only their own kind."""
    return window in _WINDOW_OF.get(phase, ())


def replaces_command(phase: str) -> bool:
    """BL-2.1, BL-13.3, D-46: a `CMD_INSTEAD` card replaces the Command card: no Command draw
    this turn (the Lore refill still happens, T-37)."""
    return phase == "CMD_INSTEAD"


def check_timing(
    card: LoreCardLike, *, seat: int, active: int, played_this_turn: bool
) -> Violation | None:
    """BL-13.6: at most one Lore card of yours in your own turn and one in the opponent's
    (`played_this_turn`: this seat already played one in this turn); a non-reaction card is
    never played in the opponent's turn; a reaction card may also be played in your own."""
    if played_this_turn:
        whose = "your own turn" if seat == active else "your opponent's turn"
        return Violation(f"you have already played a Lore card in {whose}", "BL-13.6")
    if seat != active and not card.reaction:
        return Violation("only reaction cards may be played in your opponent's turn", "BL-13.6")
    return None


def check_phase(
    card: LoreCardLike, window: Window, *, after_instead: bool = False
) -> Violation | None:
    """BL-13.3: the card's phase must be the window's; a `CMD_REACT` card never answers a
    `CMD_INSTEAD` card (`after_instead`)."""
    if not fits(card.phase, window):
        return Violation(f"{card.id} is played in its own phase ({card.phase}), not now", "BL-13.3")
    if card.phase == "CMD_REACT" and after_instead:
        return Violation(
            f"{card.id} answers a Command card, not a Lore card played instead of one", "BL-13.3"
        )
    return None


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A Lore card in play this turn (BL-13.5): who played it, what was paid onto it, its
    level, and whether a later card stopped it: `cancelled` (Dispel: no effect at all) or
    `foiled` (Foil: what had resolved stands, the rest is lost)."""

    card: str
    seat: int
    paid: int
    level: int
    cancelled: bool = False
    foiled: bool = False

    @property
    def in_force(self) -> bool:
        return not (self.cancelled or self.foiled)


def in_force(played: Sequence[PlayedCard]) -> tuple[PlayedCard, ...]:
    """BL-13.7: the cards whose effects still work, in the order played: applied in this
    order, a later card beats an earlier one (and any card beats the base rules; terrain
    limits and the other base rules still apply)."""
    return tuple(card for card in played if card.in_force)


# -- the end of the turn: refill and hand limit (BL-15.2, BL-15.3, BL-14.5, D-35) ------------

RefillOption = Literal["a", "b", "c"]


@dataclass(frozen=True, slots=True)
class RefillChoice:
    """One option of the Lore refill (BL-15.2): what it draws, keeps and takes, and the words
    every front end labels it with (the terminal's menu and log, the browser's buttons and log
    through the server adapter's catalogue), so that a label always says what the option does
    (issue 21.1)."""

    cards: int  # Lore cards drawn
    keep: int  # of them kept (option a discards the other face up)
    tokens: int  # Lore tokens taken from the pool
    label: str
    label_cs: str


REFILL_CHOICES: dict[RefillOption, RefillChoice] = {
    "a": RefillChoice(2, 1, 0, "Draw 2 Lore cards, keep 1", "Líznout 2 karty Lore, 1 si nechat"),
    "b": RefillChoice(1, 1, 1, "1 Lore card and 1 token", "1 kartu Lore a 1 žeton"),
    "c": RefillChoice(0, 0, 2, "2 Lore tokens", "2 žetony Lore"),
}
# BL-15.2: (cards drawn, cards kept of them, tokens taken), read from the table above
REFILL_OPTIONS: dict[RefillOption, tuple[int, int, int]] = {
    option: (choice.cards, choice.keep, choice.tokens) for option, choice in REFILL_CHOICES.items()
}


@dataclass(frozen=True, slots=True)
class Refill:
    """A refill in progress (BL-15.2): the option announced first, the cards drawn so far."""

    option: RefillOption
    drawn: tuple[str, ...] = ()

    @property
    def to_draw(self) -> int:
        return REFILL_OPTIONS[self.option][0] - len(self.drawn)

    @property
    def keep(self) -> int:
        return REFILL_OPTIONS[self.option][1]

    @property
    def tokens(self) -> int:
        return REFILL_OPTIONS[self.option][2]

    def draw(self, card: str) -> Refill:
        if self.to_draw <= 0:
            raise ValueError(f"refill option {self.option} draws no more cards")
        return replace(self, drawn=(*self.drawn, card))

    def switch(self, option: str) -> Violation:
        """BL-15.2: the option is announced before any card is seen and never changed (T-33)."""
        return Violation(
            f"you announced refill option {self.option}; it cannot be changed to {option}",
            "BL-15.2",
        )

    def check_discard(self, card: str) -> Violation | None:
        """Option (a): of the two drawn, one is kept and the other discarded face up."""
        if self.option != "a":
            return Violation("only refill option a discards one of the cards drawn", "BL-15.2")
        if self.to_draw > 0:
            return Violation("draw both cards before choosing which to discard", "BL-15.2")
        if card not in self.drawn:
            return Violation(f"{card} is not one of the two cards you drew", "BL-15.2")
        return None


def start_refill(option: str) -> Refill | Violation:
    """BL-15.2: the active player announces option a, b or c at the end of his own turn.
    BL-15.3 (our reading, docs/battlelore.md): a player who played a Lore card in the
    opponent's turn gets no refill *until* the end of his own next turn, and the refill only
    ever comes at the end of one's own turn, so at the end of that turn he refills as usual."""
    if option not in REFILL_OPTIONS:
        return Violation(
            f"{option!r} is no refill option: "
            + ", ".join(f"{key} ({choice.label})" for key, choice in REFILL_CHOICES.items()),
            "BL-15.2",
        )
    return Refill(option)


def end_of_turn_steps(*, played_instead: bool, lore_adventure: bool) -> tuple[str, ...]:
    """D-34: the end of a turn is the Command draw, then the Lore refill (Lore adventures,
    BL-1.2), then cleanup. D-46: after a `CMD_INSTEAD` card there is no Command draw, but the
    refill still happens (T-37)."""
    steps = () if played_instead else ("draw",)
    return (*steps, *(("refill",) if lore_adventure else ()), "cleanup")


def deck_for_draw(deck: Sequence[str], discard: Sequence[str]) -> tuple[bool, int]:
    """D-35: before a Lore card is drawn from an empty deck, the discard pile is shuffled into
    a new deck. Returns (rebuild now?, cards that can be drawn). With both empty nothing is
    drawn (BL-13.8: as far as it goes)."""
    if deck:
        return False, len(deck)
    return bool(discard), len(discard)


def excess_cards(hand_size: int, council: Council | None) -> int:
    """BL-14.5: how many Lore cards must be discarded at once (the owner picks, new or old)."""
    return max(0, hand_size - hand_limit(council))
