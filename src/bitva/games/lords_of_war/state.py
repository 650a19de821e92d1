"""The state of a game of Lords of War and its turn machinery (LW-4 to LW-9, LW-11).

A turn is a sequence of decision points, each with its own legal actions (`phase`):

    deal        LW-3.2, LW-4, LW-9.1a   chance: the top card of a deck (one card per node)
    challenge   LW-4   place on your start square (then draw one)
    deploy      LW-6   place a card of your hand
    shoot       LW-7.3 one decision per ranged unit that has a choice (target or arrows)
    berserk     LW-11  a berserker move (origin and destination), by the berserker's owner
    reinforce   LW-9   draw, or recall a unit
    over               the game has ended

Decision points with exactly one legal action in `shoot`, `berserk` and `reinforce` resolve by
themselves (their events still appear); a placement is always the player's to make. A deal whose
card is certain (a stacked deck of a position file, or a deck of one kind) resolves by itself too.

Decks are shuffled face down (LW-3.2): a deck is a multiset whose next card is a chance outcome
with the probability of its kind, unless a position file stacked it (`stacked`), in which case
the list's last card is the top.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Self

from bitva.core.chance import CHANCE
from bitva.core.errors import IllegalAction, Violation
from bitva.core.events import Event
from bitva.core.outcome import Outcome
from bitva.core.rng import Rng
from bitva.core.state import State
from bitva.games.lords_of_war import berserkers, dealing, legality
from bitva.games.lords_of_war.actions import Action, Dealt, Place, parse_action_text
from bitva.games.lords_of_war.combat import arrows_hit_enemy, engaged, resolve, targets_in_grid
from bitva.games.lords_of_war.deployment import placement_masks
from bitva.games.lords_of_war.options import LordsOfWarOptions
from bitva.games.lords_of_war.reinforcement import recallable
from bitva.games.lords_of_war.static import Static
from bitva.games.lords_of_war.victory import by_count, check_thresholds

if TYPE_CHECKING:
    from bitva.core.game import Game

AUTO_PHASES = frozenset(("shoot", "berserk", "reinforce"))
DRAW_CODE, ARROWS_CODE = 0, 1


class LordsOfWarState(State[Action]):
    game: ClassVar[Game[Any, Any]]

    __slots__ = (
        "_forced",
        "_legal",
        "_outcome",
        "active",
        "after_deal",
        "berserk",
        "berserk_seat",
        "board",
        "deal_to",
        "deck",
        "hand",
        "idle",
        "known",
        "occ",
        "owed",
        "pending",
        "phase",
        "pile",
        "placed",
        "pos",
        "resolutions",
        "reveals",
        "rng",
        "shots",
        "stacked",
        "static",
        "took_part",
        "turn",
    )

    def __init__(self, static: Static, rng: Rng) -> None:
        self.static = static
        self.rng = rng
        self.board: dict[int, int] = {}  # square -> unit (owner << 8 | card id)
        self.pos: dict[int, int] = {}  # unit -> square
        self.occ = [0, 0, 0]  # per seat, mask of occupied squares
        self.hand: list[list[int]] = [[], [], []]  # card ids, in the order they came
        self.deck: list[list[int]] = [[], [], []]  # card ids; when stacked, the top LAST
        self.stacked = [False, False, False]  # per seat: the deck's order is fixed (positions)
        self.deal_to: list[int] = []  # the seats still to be dealt a card, in order
        self.after_deal = ""  # what the deals are part of: "setup", "challenge", "reinforce"
        self.pile: list[list[int]] = [[], [], []]  # units each seat eliminated (LW-7.6)
        self.phase = "challenge"
        self.active = 1
        self.turn = -1  # the challenge placements are turns -1 and 0; turn 1 is player 1's first
        self.owed = [False, False, False]  # LW-8.4: an extra turn owed
        self.idle = 0  # turns in a row without a placement (LW-8.3)
        self.placed: set[int] = set()  # units placed this turn (LW-9.2)
        self.took_part: set[int] = set()  # units that took part in an elimination (LW-7.7)
        self.shots: dict[int, int] = {}  # shooter -> target unit, for the turn (LW-7.3, 11.5)
        self.pending: list[int] = []  # ranged units still to choose (LW-7.3)
        self.berserk: dict[int, set[int]] = {}  # berserker -> squares it helped to empty
        self.berserk_seat = 0
        self.known: list[set[int]] = [set(), set(), set()]  # hand cards the opponent knows
        self.reveals: list[dict[str, Any]] = []  # LW-6.5, public
        self.resolutions = 0  # resolutions this turn
        self._outcome: Outcome | None = None
        self._legal: list[int] | None = None
        self._forced = False

    # -- the contract --------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self._outcome is not None:
            return None
        phase = self.phase
        if phase == "deal":
            return CHANCE
        return self.berserk_seat if phase == "berserk" else self.active

    @property
    def is_chance(self) -> bool:
        return self.phase == "deal"

    @property
    def seats(self) -> int:
        return 2

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def options(self) -> LordsOfWarOptions:
        return self.static.options

    @property
    def decision(self) -> str:
        return self.phase

    def legal_codes(self) -> list[int]:
        """The legal actions as integer codes (the fast path for search and RL)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def legal_actions(self) -> list[Action]:
        seat = self._owner()
        if seat is None:
            return []
        action = self.static.codec.action
        return [action(code) for code in self.legal_codes()]

    def _owner(self) -> int | None:
        """The seat whose cards the codes of this decision point name (the dealt seat at a
        chance node)."""
        if self._outcome is not None:
            return None
        return self.deal_to[0] if self.phase == "deal" else self.current_player

    # -- chance: the top card of a deck (LW-3.2, LW-4.1, LW-9.1a) ------------------------------
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase != "deal":
            return super().chance_outcomes()
        seat = self.deal_to[0]
        kinds = self.static.kinds[seat]
        return [(Dealt(kinds[kind].ref), p) for kind, p in dealing.deal_odds(self, seat)]

    def sample_chance(self, rng: Rng | None = None) -> Action:
        """The next card, each card of the deck equally likely: the same law as
        `chance_outcomes()` (a kind with the share of its copies), drawn without Fractions."""
        if self.phase != "deal":
            return super().sample_chance(rng)
        code = self.sample_chance_code(rng if rng is not None else Rng(self.rng.state))
        return self.static.codec.action(code)

    def sample_chance_code(self, rng: Rng) -> int:
        seat = self.deal_to[0]
        deck = self.deck[seat]
        card_id = deck[-1] if self.stacked[seat] else deck[rng.below(len(deck))]
        return self.static.codec.deal(seat, self.static.kind_of[seat][card_id])

    # -- checking and applying -----------------------------------------------------------------
    def check(self, action: Action) -> Violation | None:
        seat = self._owner()
        if seat is None:
            return Violation("the game is over", "LW-8.1")
        try:
            code = self.static.codec.code(seat, action)
        except IllegalAction as exc:
            return exc.violation
        if self.phase == "deal":  # a card of the kind is in the deck (on top, if stacked)
            codec = self.static.codec
            dealt_seat, kind = codec.dealt(code) if code >= codec.deal_base else (0, -1)
            if dealt_seat == seat and dealing.can_deal(self, seat, kind):
                return None
        elif code in self.legal_codes():
            return None
        message, rule = legality.explain(self, action)
        return Violation(message, rule)

    def apply_checked(self, action: Action) -> list[Event]:
        violation = self.check(action)
        if violation is not None:
            raise IllegalAction.of(violation)
        seat = self._owner()
        assert seat is not None
        events: list[Event] = []
        self._play(self.static.codec.code(seat, action), events)
        return events

    def play(self, action: Action) -> list[Event]:
        seat = self._owner()
        assert seat is not None
        events: list[Event] = []
        self._play(self.static.codec.code(seat, action), events)
        return events

    def apply_unchecked(self, action: Action) -> None:
        seat = self._owner()
        assert seat is not None
        self.apply_code(self.static.codec.code(seat, action))

    def apply_code(self, code: int) -> None:
        """Apply a legal action by its integer code, without checks or events; the RNG steps
        after a chance outcome, as in `apply`."""
        chance = self.is_chance
        self._play(code, None)
        if chance:
            self.rng.next_u64()

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        other.static = self.static
        other.rng = Rng(self.rng.state)
        other.board = dict(self.board)
        other.pos = dict(self.pos)
        other.occ = list(self.occ)
        other.hand = [list(h) for h in self.hand]
        other.deck = [list(d) for d in self.deck]
        other.stacked = list(self.stacked)
        other.deal_to = list(self.deal_to)
        other.after_deal = self.after_deal
        other.pile = [list(p) for p in self.pile]
        other.phase = self.phase
        other.active = self.active
        other.turn = self.turn
        other.owed = list(self.owed)
        other.idle = self.idle
        other.placed = set(self.placed)
        other.took_part = set(self.took_part)
        other.shots = dict(self.shots)
        other.pending = list(self.pending)
        other.berserk = {u: set(s) for u, s in self.berserk.items()}
        other.berserk_seat = self.berserk_seat
        other.known = [set(k) for k in self.known]
        other.reveals = list(self.reveals)
        other.resolutions = self.resolutions
        other._outcome = self._outcome
        other._legal = self._legal
        other._forced = self._forced
        return other

    def parse_action(self, text: str) -> Action:
        action = parse_action_text(text)
        if isinstance(action, Place):
            seat = self.current_player if self.phase != "deal" else self.active
            return Place(
                legality.resolve_card(self, seat or self.active, action.card),
                legality.canonical_square(self, action.square),
            )
        if isinstance(action, Dealt) and self.phase == "deal":
            return Dealt(legality.resolve_dealt(self, self.deal_to[0], action.card))
        return legality.canonical(self, action)

    def encode_action(self, action: Action) -> int:
        return self.static.codec.code(self._owner() or self.active, action)

    def decode_action(self, code: int) -> Action:
        return self.static.codec.action(code)

    def view(self, seat: int | None) -> dict[str, Any]:
        from bitva.games.lords_of_war.views import view

        return view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> Self:
        from bitva.games.lords_of_war.views import determinize

        return determinize(self, seat, rng)

    def to_json(self) -> dict[str, Any]:
        from bitva.games.lords_of_war.serialize import state_to_json

        return state_to_json(self)

    # -- facts the rules read ------------------------------------------------------------------
    def hand_kinds(self, seat: int) -> list[int]:
        kind_of = self.static.kind_of[seat]
        return sorted({kind_of[c] for c in self.hand[seat]})

    @property
    def forced_placement(self) -> bool:
        """Whether the current deployment is a forced placement (LW-6.5)."""
        self.legal_codes()
        return self._forced

    # -- legal actions ---------------------------------------------------------------------------
    def _compute_legal(self) -> list[int]:
        phase = self.phase
        codec = self.static.codec
        self._forced = False
        if self._outcome is not None:
            return []
        if phase == "deploy":
            masks, self._forced = placement_masks(self)
            squares = self.static.mat.squares
            codes: list[int] = []
            for kind, mask in masks.items():
                base = codec.place(self.active, kind, 0)
                codes += [base + sq for sq in squares(mask)]
            return codes
        if phase == "reinforce":
            return [DRAW_CODE, *(codec.recall(sq) for sq in recallable(self))]
        if phase == "shoot":
            u = self.pending[0]
            square = self.pos[u]
            codes = [codec.shoot(t) for t in targets_in_grid(self, square, u)]
            if arrows_hit_enemy(self, square, u):
                codes.append(ARROWS_CODE)
            return codes
        if phase == "berserk":
            deltas = self.static.mat.neighbour_deltas
            codes = []
            for u in berserkers.eligible(self, self.berserk_seat):
                origin = self.pos[u]
                for target in berserkers.candidate_squares(self, u):
                    codes.append(codec.berserk(origin, deltas.index(target - origin)))
            return codes
        if phase == "challenge":
            start = self.static.mat.start_square(self.active)
            return [codec.place(self.active, kind, start) for kind in self.hand_kinds(self.active)]
        if phase == "deal":
            seat = self.deal_to[0]
            return [codec.deal(seat, kind) for kind in dealing.deal_kinds(self, seat)]
        return []

    # -- the turn machinery ----------------------------------------------------------------------
    def _play(self, code: int, events: list[Event] | None) -> None:
        self._dispatch(code, events)
        while self._outcome is None and self.phase in AUTO_PHASES:
            codes = self.legal_codes()
            if len(codes) != 1:
                break
            self._dispatch(codes[0], events)

    def _dispatch(self, code: int, events: list[Event] | None) -> None:
        phase = self.phase
        if phase == "deal":  # the most frequent step after placements: first, and cheap
            dealing.deal(self, self.static.codec.dealt(code)[1], events)
            return
        if phase == "deploy" and self._legal is None:
            self.legal_codes()  # the forced-placement flag comes with the legal squares
        forced = self._forced if phase == "deploy" else False
        self._legal = None
        codec = self.static.codec
        if phase in ("deploy", "challenge"):
            _, kind, square = codec.placed(code)
            self._place(kind, square, forced, events)
        elif phase == "shoot":
            self._choose(code, events)
        elif phase == "berserk":
            origin, direction = divmod(code - codec.berserk_base, 8)
            self._berserk_move(origin, origin + self.static.mat.neighbour_deltas[direction], events)
        elif phase == "reinforce":
            if code == DRAW_CODE:
                dealing.draw(self, self.active, events)
            else:
                self._recall(code - codec.recall_base, events)
                self._end_turn(events)

    def _name(self, u: int) -> str:
        return self.static.card_of(u).ref

    def _sq(self, square: int) -> str:
        return self.static.mat.name(square)

    def _place(self, kind: int, square: int, forced: bool, events: list[Event] | None) -> None:
        seat = self.active
        hand = self.hand[seat]
        kind_of = self.static.kind_of[seat]
        index = next(i for i, c in enumerate(hand) if kind_of[c] == kind)
        if forced:  # LW-6.5: show the whole hand to the opponent as proof
            self.known[seat] = set(hand)
            shown = sorted(self._name(seat << 8 | c) for c in hand)
            self.reveals.append({"turn": self.turn, "player": seat, "cards": shown})
            if events is not None:
                events.append(Event("revealed", {"player": seat, "cards": shown, "rule": "LW-6.5"}))
        card_id = hand.pop(index)
        self.known[seat].discard(card_id)
        u = seat << 8 | card_id
        self.board[square] = u
        self.pos[u] = square
        self.occ[seat] |= 1 << square
        self.placed.add(u)
        if events is not None:
            events.append(
                Event(
                    "placed",
                    {
                        "player": seat,
                        "card": self._name(u),
                        "square": self._sq(square),
                        "forced": forced,
                    },
                )
            )
        if self.phase == "challenge":  # LW-4.1, LW-4.2: draw one, no combat
            dealing.start_deals(self, [seat] if self.deck[seat] else [], "challenge", events)
            return
        self.idle = 0
        self._declare_shots(events)

    def _declare_shots(self, events: list[Event] | None) -> None:
        """LW-7.2, LW-7.3, D-3: each unengaged ranged unit of the active player with a target
        chooses; one with a single option takes it; the others use their arrows."""
        seat = self.active
        card = self.static.card
        for square in sorted(self.board):
            u = self.board[square]
            if u >> 8 != seat or not card[u].is_ranged:  # type: ignore[union-attr]
                continue
            if engaged(self, square, seat):
                continue  # LW-7.3: an engaged ranged unit uses its arrows
            targets = targets_in_grid(self, square, u)
            if not targets:
                continue
            if len(targets) == 1 and not arrows_hit_enemy(self, square, u):
                self._declare(u, targets[0], events)  # D-3: it must attack
            else:
                self.pending.append(u)
        self._next_shooter(events)

    def _declare(self, shooter: int, target: int | None, events: list[Event] | None) -> None:
        if target is not None:
            self.shots[shooter] = self.board[target]
        if events is not None:
            events.append(
                Event(
                    "declared",
                    {
                        "player": shooter >> 8,
                        "square": self._sq(self.pos[shooter]),
                        "card": self._name(shooter),
                        "target": self._sq(target) if target is not None else None,
                        "attack": "ranged" if target is not None else "arrows",
                    },
                )
            )

    def _next_shooter(self, events: list[Event] | None) -> None:
        if self.pending:
            self.phase = "shoot"
            return
        self.phase = "resolving"
        if not self._resolve(events):
            self._after_resolution(events)

    def _choose(self, code: int, events: list[Event] | None) -> None:
        shooter = self.pending.pop(0)
        if code == ARROWS_CODE:
            self._declare(shooter, None, events)
        else:
            self._declare(shooter, code - self.static.codec.shoot_base, events)
        self._next_shooter(events)

    def _resolve(self, events: list[Event] | None) -> bool:
        """One resolution (LW-7.1-7.7) and the victory check (LW-8.1). True if the game ended."""
        result = resolve(self)
        self.resolutions += 1
        pos = self.pos
        if events is not None:
            events.append(
                Event(
                    "resolution",
                    {
                        "number": self.resolutions,
                        "damage": {
                            self._sq(pos[u]): d
                            for u, d in sorted(result.damage.items(), key=lambda i: pos[i[0]])
                        },
                    },
                )
            )
        if not result.eliminated:
            return False
        vacated = {u: pos[u] for u in result.eliminated}
        attacker_squares = {
            u: sorted(pos[a] for a in result.attackers[u]) for u in result.eliminated
        }
        generals = []
        for victim in result.eliminated:
            self.took_part.update(result.attackers[victim])
        for victim in result.eliminated:
            owner = victim >> 8
            square = pos.pop(victim)
            del self.board[square]
            self.occ[owner] &= ~(1 << square)
            self.pile[3 - owner].append(victim)
            card = self.static.card_of(victim)
            if card.rank == "general":
                generals.append(owner)
            if events is not None:
                events.append(
                    Event(
                        "eliminated",
                        {
                            "square": self._sq(square),
                            "owner": owner,
                            "card": card.ref,
                            "by": [self._sq(s) for s in attacker_squares[victim]],
                        },
                    )
                )
        if len(generals) == 1:  # LW-8.4; both Generals at once: nobody
            earner = 3 - generals[0]
            self.owed[earner] = True
            if events is not None:
                events.append(Event("extra-turn-earned", {"player": earner, "rule": "LW-8.4"}))
        if self.static.options.berserker_rule:
            berserkers.note_kills(self, result, vacated)
        outcome = check_thresholds(self)
        if outcome is not None:
            self._finish(outcome, events)
            return True
        return False

    def _after_resolution(self, events: list[Event] | None) -> None:
        """LW-11.3: the active player's berserkers move first, then the opponent's."""
        if self.static.options.berserker_rule and self.berserk:
            berserkers.prune(self)
            for seat in (self.active, 3 - self.active):
                if berserkers.eligible(self, seat):
                    self.phase = "berserk"
                    self.berserk_seat = seat
                    return
        self.berserk.clear()
        self.phase = "reinforce"

    def _berserk_move(self, origin: int, target: int, events: list[Event] | None) -> None:
        """LW-11.2, LW-11.4: move, then every unit attacks again and victory is checked."""
        u = self.board.pop(origin)
        seat = u >> 8
        self.board[target] = u
        self.pos[u] = target
        self.occ[seat] = self.occ[seat] & ~(1 << origin) | (1 << target)
        del self.berserk[u]
        if events is not None:
            events.append(
                Event(
                    "moved",
                    {
                        "player": seat,
                        "card": self._name(u),
                        "from": self._sq(origin),
                        "to": self._sq(target),
                        "rule": "LW-11.2",
                    },
                )
            )
        if not self._resolve(events):
            self._after_resolution(events)

    def _recall(self, square: int, events: list[Event] | None) -> None:
        """LW-9.1b: the unit goes back to the hand, in plain sight."""
        u = self.board.pop(square)
        seat = u >> 8
        del self.pos[u]
        self.occ[seat] &= ~(1 << square)
        self.hand[seat].append(u & 0xFF)
        self.known[seat].add(u & 0xFF)
        if events is not None:
            events.append(
                Event(
                    "recalled", {"player": seat, "card": self._name(u), "square": self._sq(square)}
                )
            )

    def _end_turn(self, events: list[Event] | None) -> None:
        seat = self.active
        self.idle = self.idle + 1 if not self.placed else 0
        if self.idle >= 2:  # LW-8.3
            self._finish(by_count(self), events)
            return
        following = 3 - seat
        if self.owed[seat]:  # LW-8.4: play again instead of the opponent
            self.owed[seat] = False
            following = seat
            if events is not None:
                events.append(Event("extra-turn", {"player": seat, "rule": "LW-8.4"}))
        self._start_turn(following, events)

    def _start_turn(self, seat: int, events: list[Event] | None) -> None:
        self.turn += 1
        self.active = seat
        self.placed = set()
        self.took_part = set()
        self.shots = {}
        self.pending = []
        self.berserk = {}
        self.resolutions = 0
        self.phase = "deploy"
        self._legal = None
        if events is not None:
            events.append(Event("turn", {"player": seat, "number": self.turn}))
        if not self.legal_codes():  # LW-6.6 empty hand, or D-6 a full mat
            rule = "LW-6.6" if not self.hand[seat] else "D-6"
            if events is not None:
                events.append(Event("skipped", {"player": seat, "phases": [1, 2], "rule": rule}))
            self.phase = "reinforce"
            self._legal = None

    def _finish(self, outcome: Outcome, events: list[Event] | None) -> None:
        self._outcome = outcome
        self.phase = "over"
        self._legal = None
        if events is not None:
            events.append(Event("game-over", outcome.to_json()))
