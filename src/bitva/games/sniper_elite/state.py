"""The state of a solo game (SE-3): decision points on top of the rules, chance nodes with exact
probabilities, actions, JSON. The engine (`flow.Flow`) carries out everything the rules decide;
the player is asked only where the rules hand him a choice.

Decision points: `bottom` (SE-4.9), `entry` (SE-4.10), `turn` (the sniper's turn, SE-6),
`reward` (SE-6.5(4)), `keep` (SE-6.6), `place` (SE-7.8). Chance: `order` (an order card drawn or
boxed), `equip`, `objective`, `draw` (tokens from the bag), `die` (the order die), `tie` (the
dispute rule's random pick, SE-5.9).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, ClassVar, Self

from bitva.core.chance import CHANCE
from bitva.core.errors import IllegalAction, Violation
from bitva.core.events import Event
from bitva.core.game import Game
from bitva.core.outcome import Outcome
from bitva.core.rng import Rng
from bitva.core.state import State
from bitva.games.sniper_elite import actions as codec
from bitva.games.sniper_elite.actions import (
    Bottom,
    ChanceAction,
    Die,
    Draw,
    Equip,
    Move,
    Objective,
    Order,
    SniperAction,
    Tie,
)
from bitva.games.sniper_elite.board import Geometry
from bitva.games.sniper_elite.catalogue import Content
from bitva.games.sniper_elite.flow import Flow, Task
from bitva.games.sniper_elite.model import DEFENDER_IDS, OFF, TOKENS, Core
from bitva.games.sniper_elite.options import SniperEliteOptions
from bitva.games.sniper_elite.pending import (
    BoxOrder,
    DieRoll,
    DrawTokens,
    EquipDraw,
    Pending,
    SlotOrder,
    TieDraw,
    pending_from_json,
)
from bitva.games.sniper_elite.setup import objective_pile
from bitva.games.sniper_elite.sniper_turn import draw_outcomes
from bitva.games.sniper_elite.turn import SniperTurn

DIE = ((1, Fraction(1, 2)), (2, Fraction(1, 3)), (3, Fraction(1, 6)))  # SE-3.1, SE-7.2


class SniperEliteState(SniperTurn, Flow, State[SniperAction]):
    game: ClassVar[Game[Any, Any]]

    def __init__(
        self, options: SniperEliteOptions, rng: Rng, geo: Geometry, content: Content
    ) -> None:
        self._options = options
        self.rules = options.active
        self.rng = rng
        self.geo = geo
        self.content = content
        self.core = Core(
            dict.fromkeys(DEFENDER_IDS), OFF, "white", [], [], dict.fromkeys(TOKENS, 0)
        )
        self.held: list[list[Any]] = []  # [number, completed] (SE-3.7)
        self.slots: list[list[Any] | None] = [None, None, None]  # [card, face up] (SE-3.6)
        self.deck: list[str] = []  # the order deck: unordered, draws are chance
        self.discard: list[str] = []
        self.box: list[str] = []
        self.known: list[str] = []  # discards shuffled in, not seen since (public)
        self.fd_source = ""  # where the face-down card came from: setup, deck, old
        self.equip_pile: list[str] = []  # the equipment deck, unordered
        self.equip_bottom: list[str] = []
        self.available: list[str] = []
        self.used_cards: list[str] = []
        self.loot_drawn: list[str] = []
        self.obj_pile: list[int] = []
        self.obj_bottom: list[int] = []
        self.obj_box: list[int] = []
        self.phase = "setup"
        self.turn = 0
        self.entry: str | None = None
        self.moved = False
        self.extra = False
        self.equip_used = False
        self.effects: list[str] = []
        self.smoke: int | None = None
        self.drawn: dict[str, int] | None = None
        self.shot: dict[str, Any] | None = None
        self.prev_moved: list[str] = []
        self.queue: list[Task] = []
        self.pending: Pending | None = None
        self.forced: dict[str, list[Any]] = {"draws": [], "die": [], "ties": []}
        self._outcome: Outcome | None = None
        # what the player has seen happen, oldest first (`seen`): a tuple, shared by clones
        self.trail: tuple[SniperAction, ...] = ()

    # -- the contract ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self._outcome is not None:
            return None
        if self.pending is not None and not self.pending.decision:
            return CHANCE
        return 1

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def decision(self) -> str:
        if self._outcome is not None:
            return "over"
        if self.pending is not None:
            return self.pending.kind
        return "turn"

    @property
    def options(self) -> SniperEliteOptions:
        return self._options

    def legal_actions(self) -> list[SniperAction]:
        if self._outcome is not None:
            return []
        if self.pending is not None and not self.pending.decision:
            return [a for a, _ in self.chance_outcomes()]
        return list(self.seat_actions())

    def chance_outcomes(self) -> list[tuple[SniperAction, Fraction]]:
        pending = self.pending
        if pending is None or pending.decision or self._outcome is not None:
            return super().chance_outcomes()
        forced = self.forced_outcome(pending)
        if forced is not None:
            return [(forced, Fraction(1))]
        out: list[tuple[ChanceAction, Fraction]]
        match pending:
            case DrawTokens(k=k):  # SE-6.5(3)
                out = [(Draw(*c), p) for c, p in draw_outcomes(self.core.bag, k)]
            case DieRoll():  # SE-7.2
                out = [(Die(f), p) for f, p in DIE]
            case TieDraw(weights=weights):  # SE-5.9
                out = [(Tie(i), Fraction(w, sum(weights))) for i, w in enumerate(weights)]
            case BoxOrder() | SlotOrder():
                cards = self.order_candidates()
                out = [(Order(c), Fraction(1, len(cards))) for c in cards]
            case EquipDraw():
                kinds = sorted(set(self.equip_pile))
                if not kinds:
                    return [(Equip(self.equip_bottom[0]), Fraction(1))]
                total = len(self.equip_pile)
                out = [(Equip(k), Fraction(self.equip_pile.count(k), total)) for k in kinds]
            case _:  # ObjectiveDraw (SE-4.9)
                pile = self.obj_pile or self.obj_bottom[:1]
                out = [(Objective(n), Fraction(1, len(pile))) for n in pile]
        return list(out)

    def forced_outcome(self, pending: Pending) -> ChanceAction | None:
        """Scenario files force chance (13): the next draws, die faces and tie picks."""
        match pending:
            case DrawTokens(k=k) if self.forced["draws"]:
                tokens = self.forced["draws"][:k]
                if len(tokens) == k:
                    return Draw.of(tokens)
            case DieRoll() if self.forced["die"]:
                return Die(int(self.forced["die"][0]))
            case TieDraw(weights=weights) if self.forced["ties"]:
                pick = int(self.forced["ties"][0])
                if 0 <= pick < len(weights):
                    return Tie(pick)
        return None

    def order_candidates(self) -> list[str]:
        pending = self.pending
        if self.phase == "setup":
            group = pending.group if isinstance(pending, BoxOrder | SlotOrder) else None
            return self.pool(group or "urgent")
        return list(self.deck)

    def check(self, action: SniperAction) -> Violation | None:
        if self._outcome is not None:
            return Violation("the game is over", "SE-9")
        if self.current_player == CHANCE:
            if action.is_chance and any(action == a for a, _ in self.chance_outcomes()):
                return None
            return Violation(f"{action} is not an outcome of this chance", "SE-3.4")
        if action.is_chance:
            return Violation("chance decides that, not the player", "SE-3.10")
        if action in self.seat_actions():
            return None
        assert not isinstance(action, ChanceAction)  # is_chance said so
        return self.why_illegal(action)

    def play(self, action: SniperAction) -> list[Event]:
        self.trail += (self.as_seen(action),)
        events: list[Event] = []
        if isinstance(action, ChanceAction):
            self.play_chance(action, events)
        else:
            self.play_seat(action, events)
        self.run(events)
        return events

    def play_chance(self, action: ChanceAction, events: list[Event]) -> None:
        pending = self.pending
        assert pending is not None
        self.pending = None
        self.consume_forced(pending, action)
        match action, pending:
            case Draw(), _:
                self.after_draw(action.counts, events)
            case Die(chevrons=chevrons), _:
                self.after_die(chevrons, events)
            case Tie(pick=pick), TieDraw(results=results, why=why):
                before = self.core.copy()
                self.core = Core.from_json(results[pick])
                events.append(Event("tie", {"pick": pick, "rule": "SE-5.9"}))
                self.ask_return_place(events)
                self.narrate(before, events, why)
                self.check_lost(events)
            case Order(card=card), BoxOrder() | SlotOrder():
                self.after_order(card, pending, events)
            case Equip(card=card), EquipDraw(to=to):
                self.after_equip(card, to, events)
            case Objective(number=number), _:
                pile = self.obj_pile if number in self.obj_pile else self.obj_bottom
                pile.remove(number)
                self.held.append([number, False])
                events.append(
                    Event(
                        "objective-drawn",
                        {"rule": "SE-4.9"},
                        private={"objective": number},
                        private_to=1,
                    )
                )

    def consume_forced(self, pending: Pending, action: ChanceAction) -> None:
        if isinstance(action, Draw) and self.forced["draws"]:
            self.forced["draws"] = self.forced["draws"][sum(action.counts) :]
        elif isinstance(pending, DieRoll) and self.forced["die"]:
            self.forced["die"] = self.forced["die"][1:]
        elif isinstance(pending, TieDraw) and self.forced["ties"]:
            self.forced["ties"] = self.forced["ties"][1:]

    def after_order(self, card: str, pending: BoxOrder | SlotOrder, events: list[Event]) -> None:
        """An order card leaves the deck (or the set-up pool): boxed unseen, or onto a slot."""
        if card in self.deck:
            self.deck.remove(card)
        if isinstance(pending, BoxOrder):
            self.box.append(card)
            events.append(Event("order-boxed", {"rule": "SE-4.4"}))
            return
        up = pending.up
        self.slots[pending.slot] = [card, up]
        rule = "SE-4.4" if self.phase == "setup" else "SE-7.7"  # the set-up deal, or a refill
        if up:
            if card in self.known:
                self.known.remove(card)
            events.append(Event("order-drawn", {"card": card, "face": "up", "rule": rule}))
        else:
            self.fd_source = "setup" if self.phase == "setup" else "deck"
            events.append(Event("order-drawn", {"face": "down", "rule": rule}))

    def after_equip(self, card: str, to: str, events: list[Event]) -> None:
        """SE-4.6 (D-32: a duplicate goes to the bottom and is replaced), SE-6.6 (loot)."""
        if card in self.equip_pile:
            self.equip_pile.remove(card)
        else:
            self.equip_bottom.remove(card)
        if to == "loot":
            self.loot_drawn.append(card)
            events.append(Event("loot-drawn", {"card": card, "rule": "SE-6.6"}))
            return
        if card in self.available:
            self.equip_bottom.append(card)
            self.push(["equip_draw", "setup"])
            events.append(Event("equipment-duplicate", {"card": card, "rule": "D-32"}))
            return
        self.available.append(card)
        events.append(Event("equipment-drawn", {"card": card, "rule": "SE-4.6"}))

    # -- what the player has seen (perfect recall) ---------------------------------------------
    def as_seen(self, action: SniperAction) -> SniperAction:
        """The action as the player sees it happen (SE-3.10): an order card boxed or dealt face
        down is unseen (`order ?`); everything else he sees."""
        pending = self.pending
        if isinstance(action, Order) and (
            isinstance(pending, BoxOrder) or (isinstance(pending, SlotOrder) and not pending.up)
        ):
            return Order("?")
        return action

    def seen(self, seat: int | None) -> list[str]:
        """What `seat` has seen happen since the game began (or since this state was read from
        JSON or a position), oldest first: a spectator does not see the objective cards
        (SE-3.7), so their numbers are hidden from him."""
        if seat == 1:
            return [str(action) for action in self.trail]
        return [
            f"{action.verb} ?" if isinstance(action, Objective | Bottom) else str(action)
            for action in self.trail
        ]

    def information_state_string(self, seat: int | None) -> str:
        """The seat's view and everything it has seen happen, in canonical JSON. The view alone
        forgets (which objective went to the bottom, SE-4.9; which path led here), so two
        histories would share an information state; the trail keeps perfect recall. A
        determinization for the seat keeps both (it re-deals only what the seat never saw)."""
        data = {"view": self.view(seat), "seen": self.seen(seat)}
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    # -- copies and text ---------------------------------------------------------------------
    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = self.rng.clone()
        other.core = self.core.copy()
        other.held = [list(h) for h in self.held]
        other.slots = [None if s is None else list(s) for s in self.slots]
        for name in ("deck", "discard", "box", "known", "equip_pile", "equip_bottom", "available",
                     "used_cards", "loot_drawn", "obj_pile", "obj_bottom", "obj_box", "effects",
                     "prev_moved"):  # fmt: skip
            setattr(other, name, list(getattr(self, name)))
        other.queue = [list(t) for t in self.queue]
        other.drawn = dict(self.drawn) if self.drawn is not None else None
        other.shot = dict(self.shot) if self.shot is not None else None
        other.forced = {k: list(v) for k, v in self.forced.items()}
        return other

    def parse_action(self, text: str) -> SniperAction:
        action = codec.parse(text, self.geo, self.content)
        if isinstance(action, Move) and action.steps is None:  # `move c6`: the fewest steps
            counts = [
                a.steps
                for a in self.seat_actions()
                if isinstance(a, Move) and a.space == action.space and a.steps is not None
            ]
            return Move(action.space, min(counts) if counts else 1)
        return action

    def encode_action(self, action: SniperAction) -> int:
        """The dense code (`actions.CodeTable`): one dictionary look-up."""
        code = codec.code_table(self.geo, self.content).codes.get(action)
        if code is None:
            raise IllegalAction(f"not an action of this game: {action}")
        return code

    def decode_action(self, code: int) -> SniperAction:
        try:
            return codec.decode(code, self.geo, self.content)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None

    # -- serialization ---------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "options": self._options.model_dump(mode="json"),
            "map": self.geo.id,
            "core": self.core.to_json(),
            "held": [list(h) for h in self.held],
            "slots": [None if s is None else list(s) for s in self.slots],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "box": list(self.box),
            "known": list(self.known),
            "fd_source": self.fd_source,
            "equip_pile": list(self.equip_pile),
            "equip_bottom": list(self.equip_bottom),
            "available": list(self.available),
            "used_cards": list(self.used_cards),
            "loot_drawn": list(self.loot_drawn),
            "obj_pile": list(self.obj_pile),
            "obj_bottom": list(self.obj_bottom),
            "obj_box": list(self.obj_box),
            "phase": self.phase,
            "turn": self.turn,
            "entry": self.entry,
            "moved": self.moved,
            "extra": self.extra,
            "equip_used": self.equip_used,
            "effects": list(self.effects),
            "smoke": self.smoke,
            "drawn": self.drawn,
            "shot": self.shot,
            "prev_moved": list(self.prev_moved),
            "queue": [list(t) for t in self.queue],
            "pending": None if self.pending is None else self.pending.to_json(),
            "forced": {k: list(v) for k, v in self.forced.items()},
            "outcome": self._outcome.to_json() if self._outcome is not None else None,
            "rng": self.rng.state,
        }

    def load_json(self, data: dict[str, Any]) -> None:
        self.core = Core.from_json(data["core"])
        self.held = [[int(n), bool(c)] for n, c in data["held"]]
        self.slots = [None if s is None else [str(s[0]), bool(s[1])] for s in data["slots"]]
        for name in ("deck", "discard", "box", "known", "equip_pile", "equip_bottom", "available",
                     "used_cards", "loot_drawn", "effects", "prev_moved"):  # fmt: skip
            setattr(self, name, [str(v) for v in data[name]])
        for name in ("obj_pile", "obj_bottom", "obj_box"):
            setattr(self, name, [int(v) for v in data[name]])
        self.fd_source = str(data["fd_source"])
        self.phase, self.turn = str(data["phase"]), int(data["turn"])
        self.entry = data["entry"]
        self.moved, self.extra = bool(data["moved"]), bool(data["extra"])
        self.equip_used = bool(data["equip_used"])
        self.smoke = data["smoke"]
        self.drawn, self.shot = data["drawn"], data["shot"]
        self.queue = [list(t) for t in data["queue"]]
        self.pending = pending_from_json(data["pending"])
        self.forced = {k: list(v) for k, v in data["forced"].items()}
        outcome = data.get("outcome")
        self._outcome = Outcome.from_json(outcome) if outcome else None

    # -- set-up ------------------------------------------------------------------------------
    def start(self) -> None:
        """SE-4: the order cards of the map, the equipment deck and the objective deck."""
        from bitva.games.sniper_elite.setup import setup_tasks, starting_core

        self.core = starting_core(self.geo, self.rules)
        self.equip_pile = sorted(c.id for c in self.content.equipment for _ in range(c.copies))
        self.obj_pile, self.obj_box = objective_pile(self.geo, self.rules)
        self.queue = setup_tasks(self.rules)
        self.run([])
