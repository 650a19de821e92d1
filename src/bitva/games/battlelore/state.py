"""The BattleLore state: a turn as a sequence of decision points (BL-1, docs/battlelore.md).

The state holds the battlefield (`model.Field`), the Command hands, deck and discards, the
banners and the decision in progress; the rules live in their own modules (`turn/command.py`,
`field/movement.py`, `field/combat.py`, `field/morale.py`, ...) and the steps of a turn in
`turn/steps.py` and `battle/steps.py`. The Command deck is a multiset: every card drawn is a
chance node whose outcomes are the kinds left, weighted by count, so there is no hidden order to
re-deal.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar, Self

from bitva.core.chance import CHANCE, by_count, dice_counts
from bitva.core.errors import IllegalAction, NotSupported, Violation
from bitva.core.events import Event
from bitva.core.game import Game
from bitva.core.outcome import Outcome
from bitva.core.rng import Rng
from bitva.core.state import State
from bitva.games.battlelore.actions import (
    BattleLoreAction,
    Box,
    ChanceAction,
    Council,
    Deal,
    Keep,
    LoreDeal,
    Roll,
    SeatAction,
    parse,
)
from bitva.games.battlelore.battle.current import Battle
from bitva.games.battlelore.codes import decode, encode
from bitva.games.battlelore.field.board import hex_of
from bitva.games.battlelore.field.model import Field, Landmark, Unit
from bitva.games.battlelore.lore import deck as lore_deck
from bitva.games.battlelore.lore.economy import LoreBank, PlayedCard
from bitva.games.battlelore.lore.effects import Effect, LoreDice
from bitva.games.battlelore.lore.several import Choosing
from bitva.games.battlelore.lore.windows import Casting, OpenWindow
from bitva.games.battlelore.options import BattleLoreOptions
from bitva.games.battlelore.origins import Origins
from bitva.games.battlelore.serialize import state_to_json
from bitva.games.battlelore.static import Static
from bitva.games.battlelore.turn.command import CARD_IDS, Orders
from bitva.games.battlelore.turn.legal import legal
from bitva.games.battlelore.turn.steps import apply_action
from bitva.games.battlelore.turn.why import why_illegal
from bitva.games.battlelore.views import determinize, view

# decision points of the seat whose unit is the current battle's target
TARGET_DECISIONS = frozenset(("flags", "retreat", "battle-back"))
# decision points of the roller of the current battle's roll (a creature's choices, BL-11.6)
ROLLER_DECISIONS = frozenset(("spider", "store"))
SEAT_NAMES = {1: "south", 2: "north"}
# the actions applied so far, newest first: (entry, older chain), None when there are none
Seen = tuple[tuple[int, int, BattleLoreAction], "Seen"] | None


class BattleLoreState(State[BattleLoreAction]):
    game: ClassVar[Game[Any, Any]]

    def __init__(self, static: Static, rng: Rng) -> None:
        self.static = static
        self.rng = rng
        self.field: Field = static.new_field()
        self.turn = 0
        self.active = static.first_player
        self.phase = "deal"
        self.banners = [0, 0]
        self.hands: dict[int, list[str]] = {1: [], 2: []}
        self.drawn: dict[int, list[str]] = {1: [], 2: []}  # Scout: the 2 drawn (BL-15.1)
        self.deck: dict[str, int] = {}
        self.discard: list[str] = []
        self.deal_to: list[int] = []
        self.after_deal = ""
        self.played: str | None = None  # the Command card of this turn
        self.orders: Orders | None = None
        self.ordered: list[int] = []  # uids ordered this turn, in order
        self.last_orders: dict[int, Orders | None] = {1: None, 2: None}  # D-42
        self.battle: Battle | None = None
        self.bank = LoreBank(0, (0, 0))  # the Lore tokens (BL-12, D-33)
        self.paid: list[int] = []  # creatures ordered out of their section this turn (BL-11.2)
        # the Lore cards (BL-13, BL-14, BL-15.2; `lore/deck.py`)
        self.lore_hands: dict[int, list[str]] = {1: [], 2: []}
        self.lore_drawn: dict[int, list[str]] = {1: [], 2: []}  # dealt, not yet kept
        self.lore_deck: dict[str, int] = {}  # the deck's cards by copies, hidden from both
        self.lore_boxed: dict[str, int] = {}  # boxed unseen at set-up (BL-14.3 step 2)
        self.lore_to_box: tuple[int, ...] = ()  # per school (`SCHOOLS`), still to box
        # the cards each seat put back at set-up and counts on out of the box (`origins.py`)
        self.lore_returned: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
        self.lore_discard: list[str] = []
        self.lore_deal_to: list[int] = []
        self.lore_after = ""
        # which deck each held card came from, for exact determinizations (`origins.py`)
        self.command_origins = Origins()
        self.lore_origins = Origins()
        self.keep_left = {1: 0, 2: 0}  # starting Lore cards still to keep (BL-14.3)
        self.landmark_queue: list[tuple[int, Landmark]] = []  # Lore-master landmarks to place
        self.placed_once = False
        self.landmark_owned: list[tuple[int, int]] = list(static.landmark_owners)  # 5.4
        # the War Councils (BL-14.2; custom ones are chosen in secret at set-up, BL-14.6)
        self.councils: list[dict[str, int]] = [dict(c) for c in static.councils]
        self.hands_pending = False  # a position's Command hands, dealt when its turn ends
        # Lore cards in play this turn (BL-13.5, BL-13.6) and the window open (D-43)
        self.window: OpenWindow | None = None
        self.lore_played: list[PlayedCard] = []
        self.lore_played_by = [False, False]
        self.instead = False  # a CMD_INSTEAD card replaced the Command card (D-46)
        self.casting: list[Casting] = []  # Lore cards revealed, their effects still to come
        self.choosing: Choosing | None = None  # a card's units chosen one at a time (BL-13.4)
        self.first: list[int] = []  # units an ORD_OWN card ordered: they act first (BL-2.5)
        self.lore_effects: list[Effect] = []  # lasting this turn, in the order played (BL-13.7)
        self.lore_rolls: list[tuple[int, LoreDice]] = []  # a card's dice still to roll (BL-13.9)
        self.lore_resume: str = ""  # where the game goes on after them
        self._outcome: Outcome | None = None
        self._legal: list[SeatAction] | None = None
        # every action and chance outcome applied, newest first, as a shared immutable chain
        # (clones share it): (actor, witness, action) for `information_state_string`
        self.seen: Seen = None
        # the history as each seat saw it, rendered up to a link of `seen`: a pure function
        # of (link, seat), so clones may share it (a diverged clone renders afresh)
        self._recall: dict[int | None, tuple[Seen, tuple[str, ...]]] = {}

    # -- the contract ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self._outcome is not None:
            return None
        if self.phase in ("deal", "roll", "lore-deal", "lore-box"):
            return CHANCE
        if self.phase == "keep-lore":
            return 1 if self.keep_left[1] else 2
        if self.phase == "react":
            assert self.window is not None
            return self.window.seat
        if self.phase == "lore-units":
            assert self.choosing is not None
            return self.choosing.seat
        if self.phase == "council":
            return 1 if self.councils[0] == {} else 2
        if self.phase == "landmark":
            return self.landmark_queue[0][0]
        if self.phase in TARGET_DECISIONS:
            assert self.battle is not None
            target = self.field.units[self.battle.target]  # Creeping Doom hits its caster's too
            return target.side if target is not None else 3 - self.battle.side
        if self.phase in ROLLER_DECISIONS:
            assert self.battle is not None
            return self.battle.side
        return self.active

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def decision(self) -> str:
        return "over" if self._outcome is not None else self.phase

    @property
    def options(self) -> BattleLoreOptions:
        return self.static.options

    def unit(self, uid: int) -> Unit:
        unit = self.field.units[uid]
        assert unit is not None, f"unit {uid} is gone"
        return unit

    def unit_at(self, hex_name: str) -> Unit:
        unit = self.field.unit_at(hex_of(hex_name))
        assert unit is not None, f"no unit on {hex_name}"
        return unit

    def legal_actions(self) -> list[BattleLoreAction]:
        if self._outcome is not None:
            return []
        if self.is_chance:
            return super().legal_actions()
        if self._legal is None:
            self._legal = legal(self)
        return list(self._legal)

    def chance_outcomes(self) -> list[tuple[BattleLoreAction, Fraction]]:
        if self.phase == "deal":
            left = {card: self.deck.get(card, 0) for card in CARD_IDS}
            return [(Deal(card), p) for card, p in by_count(left)]
        if self.phase == "roll":
            assert self.battle is not None
            return list(_roll_outcomes(self.battle.dice))
        if self.phase in ("lore-deal", "lore-box"):
            drawn = LoreDeal if self.phase == "lore-deal" else Box
            return [(drawn(card), p) for card, p in lore_deck.odds(self)]
        raise NotSupported("this is not a chance node")

    def check(self, action: BattleLoreAction) -> Violation | None:
        if self._outcome is not None:
            return Violation("the game is over", "BL-16.1")
        if self.is_chance:
            return self._check_chance(action)
        if action in self.legal_actions():
            return None
        return why_illegal(self, action)

    def _check_chance(self, action: BattleLoreAction) -> Violation | None:
        """BL-1.2: a chance outcome that can happen here, else why not."""
        match self.phase, action:
            case "deal", Deal(card=card):
                if self.deck.get(card, 0) > 0:
                    return None
                return Violation(f"no {card} is left in the Command deck", "BL-15.1")
            case "lore-deal", LoreDeal(card=card):
                if any(drawn == card for drawn, _ in lore_deck.odds(self)):
                    return None
                return Violation(f"no {card} can be drawn now", "BL-15.2")
            case "lore-box", Box(card=card):
                if any(boxed == card for boxed, _ in lore_deck.odds(self)):
                    return None
                return Violation("no such card can be boxed now", "BL-14.3")
            case "roll", Roll(counts=counts):
                assert self.battle is not None
                if sum(counts) == self.battle.dice:
                    return None
                return Violation(f"this roll has {self.battle.dice} dice", "BL-4.2")
        return Violation(f"{action} is not possible now: chance decides here", "BL-1.2")

    def play(self, action: BattleLoreAction) -> list[Event]:
        events: list[Event] = []
        self.seen = (self._entry(action), self.seen)
        self._legal = None
        apply_action(self, action, events)
        self._legal = None
        return events

    def apply_unchecked(self, action: BattleLoreAction) -> None:
        chance = self.is_chance
        self.seen = (self._entry(action), self.seen)
        self._legal = None
        apply_action(self, action, None)
        self._legal = None
        if chance:  # as `apply` does, so that codes and checked play share a future
            self.rng.next_u64()

    def parse_action(self, text: str) -> BattleLoreAction:
        return parse(text)

    def encode_action(self, action: BattleLoreAction) -> int:
        return encode(action)

    def decode_action(self, code: int) -> BattleLoreAction:
        return decode(code)

    # -- perfect recall (issue 23) -----------------------------------------------------------
    def _entry(self, action: BattleLoreAction) -> tuple[int, int, BattleLoreAction]:
        """(actor, witness, action): the seat that acts (0: chance), and who sees what it is:
        0 everyone, a seat only that seat, -1 nobody. A Command or Lore card drawn is seen by
        its drawer (BL-15.1, BL-15.2), a boxed card by nobody (BL-14.3), a starting Lore card
        kept and a custom council by the seat choosing it (BL-14.3, BL-14.6)."""
        actor = self.current_player or 0
        witness = 0
        if isinstance(action, Deal):
            witness = self.deal_to[0] if self.deal_to else -1
        elif isinstance(action, LoreDeal):
            witness = self.lore_deal_to[0] if self.lore_deal_to else -1
        elif isinstance(action, Box):
            witness = -1
        elif isinstance(action, (Keep, Council)):
            witness = actor
        return actor, witness, action

    def information_state_string(self, seat: int | None) -> str:
        """The seat's view and everything it saw happen (perfect recall): the view alone
        forgets the rolls, the cards played and the moves of earlier turns. Each action of
        the game so far as `actor:text`, or `actor:verb ?` where the seat did not see it (the
        other seat's draws, keeps and secret council; every boxed card). The same in every
        determinization for `seat`, which re-deals only what it did not see. A state read
        back from JSON starts with an empty history (the record holds the actions)."""
        blob = {"view": self.view(seat), "history": self._history(seat)}
        return json.dumps(blob, sort_keys=True, separators=(",", ":"))

    def _history(self, seat: int | None) -> tuple[str, ...]:
        """`information_state_string`'s history, rendering only what happened since the last
        call (a whole game's history is thousands of actions)."""
        known = self._recall.get(seat)
        fresh: list[str] = []
        link = self.seen
        while link is not None and (known is None or link is not known[0]):
            (actor, witness, action), link = link
            shown = witness == 0 or (seat is not None and witness == seat)
            fresh.append(f"{actor}:{action if shown else action.verb + ' ?'}")
        base = known[1] if known is not None and link is known[0] else ()
        history = base + tuple(reversed(fresh))
        self._recall[seat] = (self.seen, history)
        return history

    def gain(self, seat: int, count: int, events: list[Event] | None) -> None:
        """`seat` takes up to `count` tokens from the pool (BL-12.2: as far as it goes)."""
        self.bank, taken = self.bank.gain(seat, count)
        if events is not None and count:
            events.append(Event("lore", {"player": seat, "tokens": taken}))

    # -- victory (BL-5.3, BL-16) -------------------------------------------------------------
    def finish(self, winner: int, events: list[Event] | None, reason: str = "banners") -> None:
        """BL-16.1: `winner` holds the banners to win, even mid-turn; or (our ruling, for
        positions with few units) the other side has no unit left."""
        params = {"banners": self.banners[winner - 1], "needed": self.static.victory_banners}
        scores = {1: float(self.banners[0]), 2: float(self.banners[1])}
        self._outcome = Outcome.win(winner, 2, reason, params, "BL-16.1", scores)
        self.phase = "over"
        self.battle = None
        if events is not None:
            events.append(Event("game-over", self._outcome.to_json()))

    # -- copies and serialization ---------------------------------------------------------
    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = self.rng.clone()
        other.field = self.field.copy()
        other.banners = list(self.banners)
        other.hands = {s: list(h) for s, h in self.hands.items()}
        other.drawn = {s: list(h) for s, h in self.drawn.items()}
        other.deck = dict(self.deck)
        other.discard = list(self.discard)
        other.deal_to = list(self.deal_to)
        other.ordered = list(self.ordered)
        other.last_orders = dict(self.last_orders)
        other.battle = self.battle.copy() if self.battle is not None else None
        other.paid = list(self.paid)
        other.lore_hands = {s: list(h) for s, h in self.lore_hands.items()}
        other.lore_drawn = {s: list(h) for s, h in self.lore_drawn.items()}
        other.lore_deck = dict(self.lore_deck)
        other.lore_boxed = dict(self.lore_boxed)
        other.lore_discard = list(self.lore_discard)
        other.lore_deal_to = list(self.lore_deal_to)
        other.keep_left = dict(self.keep_left)
        other.landmark_queue = list(self.landmark_queue)
        other.landmark_owned = list(self.landmark_owned)
        other.councils = [dict(c) for c in self.councils]
        other.lore_played = list(self.lore_played)
        other.lore_played_by = list(self.lore_played_by)
        other.casting = list(self.casting)
        other.first = list(self.first)
        other.lore_effects = list(self.lore_effects)
        other.lore_rolls = list(self.lore_rolls)
        other._legal = self._legal
        return other

    def view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> Self:
        return determinize(self, seat, rng)  # type: ignore[return-value]

    def to_json(self) -> dict[str, Any]:
        return state_to_json(self)

    def require(self, ok: bool, message: str, rule: str) -> None:
        if not ok:
            raise IllegalAction(message, rule)


@cache
def _roll_outcomes(dice: int) -> tuple[tuple[ChanceAction, Fraction], ...]:
    """Every roll of `dice` dice with its exact probability (section 2.2), built once per number
    of dice: sampling a roll lists them each time, and building them was a large share of the
    search agents' time. The outcomes are the same objects, in the same order, as before."""
    return tuple((Roll(counts), p) for counts, p in dice_counts(dice))
