"""The state of a solo game (SE-3): decision points on top of the rules, chance nodes with exact
probabilities, actions, JSON. The engine (`flow.Flow`) carries out everything the rules decide;
the player is asked only where the rules hand him a choice.

Decision points: `bottom` (SE-4.9), `entry` (SE-4.10), `turn` (the sniper's turn, SE-6),
`reward` (SE-6.5(4)), `keep` (SE-6.6), `place` (SE-7.8). Chance: `order` (an order card drawn or
boxed), `equip`, `objective`, `draw` (tokens from the bag), `die` (the order die), `tie` (the
dispute rule's random pick, SE-5.9).
"""

from __future__ import annotations

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
from bitva.games.sniper_elite.actions import Act, drawn_act, drawn_counts
from bitva.games.sniper_elite.board import Geometry
from bitva.games.sniper_elite.catalogue import Content
from bitva.games.sniper_elite.flow import Flow, Task
from bitva.games.sniper_elite.model import DEFENDER_IDS, OFF, TOKENS, Core
from bitva.games.sniper_elite.options import SniperEliteOptions
from bitva.games.sniper_elite.setup import objective_pile
from bitva.games.sniper_elite.sniper_turn import draw_outcomes
from bitva.games.sniper_elite.turn import SniperTurn

DIE = ((1, Fraction(1, 2)), (2, Fraction(1, 3)), (3, Fraction(1, 6)))  # SE-3.1, SE-7.2
DECISIONS = ("bottom", "entry", "reward", "keep", "place")


class SniperEliteState(SniperTurn, Flow, State[Act]):
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
        self.pending: dict[str, Any] | None = None
        self.forced: dict[str, list[Any]] = {"draws": [], "die": [], "ties": []}
        self._outcome: Outcome | None = None

    # -- the contract ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self._outcome is not None:
            return None
        if self.pending is not None and self.pending["kind"] not in DECISIONS:
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
            return str(self.pending["kind"])
        return "turn"

    @property
    def options(self) -> SniperEliteOptions:
        return self._options

    def legal_actions(self) -> list[Act]:
        if self._outcome is not None:
            return []
        if self.pending is not None and self.pending["kind"] not in DECISIONS:
            return [a for a, _ in self.chance_outcomes()]
        return self.seat_actions()

    def chance_outcomes(self) -> list[tuple[Act, Fraction]]:
        pending = self.pending
        if pending is None or pending["kind"] in DECISIONS or self._outcome is not None:
            return super().chance_outcomes()
        kind = pending["kind"]
        forced = self.forced_outcome(kind)
        if forced is not None:
            return [(forced, Fraction(1))]
        if kind == "draw":
            return [(drawn_act(c), p) for c, p in draw_outcomes(self.core.bag, pending["k"])]
        if kind == "die":
            return [(Act("die", (str(f),)), p) for f, p in DIE]
        if kind == "tie":
            total = sum(pending["weights"])
            return [
                (Act("tie", (str(i),)), Fraction(w, total))
                for i, w in enumerate(pending["weights"])
            ]
        if kind == "order":
            cards = self.order_candidates()
            return [(Act("order", (c,)), Fraction(1, len(cards))) for c in cards]
        if kind == "equip":
            kinds = sorted(set(self.equip_pile))
            if not kinds:
                return [(Act("equip", (self.equip_bottom[0],)), Fraction(1))]
            total = len(self.equip_pile)
            return [(Act("equip", (k,)), Fraction(self.equip_pile.count(k), total)) for k in kinds]
        pile = self.obj_pile or self.obj_bottom[:1]
        return [(Act("objective", (str(n),)), Fraction(1, len(pile))) for n in pile]

    def forced_outcome(self, kind: str) -> Act | None:
        """Scenario files force chance (13): the next draws, die faces and tie picks."""
        if kind == "draw" and self.forced["draws"]:
            k = self.pending["k"] if self.pending else 0
            tokens = self.forced["draws"][:k]
            if len(tokens) == k:
                return Act("draw", tuple(sorted(tokens, key=TOKENS.index)))
        if kind == "die" and self.forced["die"]:
            return Act("die", (str(self.forced["die"][0]),))
        if kind == "tie" and self.forced["ties"] and self.pending is not None:
            pick = int(self.forced["ties"][0])
            if 0 <= pick < len(self.pending["weights"]):
                return Act("tie", (str(pick),))
        return None

    def order_candidates(self) -> list[str]:
        pending = self.pending or {}
        if self.phase == "setup":
            return self.pool(str(pending.get("group", "urgent")))
        return list(self.deck)

    def check(self, action: Act) -> Violation | None:
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
        return self.why_illegal(action)

    def play(self, action: Act) -> list[Event]:
        events: list[Event] = []
        if action.is_chance:
            self.play_chance(action, events)
        else:
            self.play_seat(action, events)
        self.run(events)
        return events

    def play_chance(self, action: Act, events: list[Event]) -> None:
        pending = self.pending
        assert pending is not None
        self.pending = None
        self.consume_forced(pending["kind"], action)
        word = action.words[0] if action.words else ""
        match action.verb:
            case "draw":
                self.after_draw(drawn_counts(action), events)
            case "die":
                self.after_die(int(word), events)
            case "tie":
                before = self.core.copy()
                self.core = Core.from_json(pending["results"][int(word)])
                events.append(Event("tie", {"pick": int(word), "rule": "SE-5.9"}))
                self.ask_return_place(events)
                self.narrate(before, events, str(pending["why"]))
                self.check_lost(events)
            case "order":
                self.after_order(word, pending, events)
            case "equip":
                self.after_equip(word, pending, events)
            case "objective":
                number = int(word)
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

    def consume_forced(self, kind: str, action: Act) -> None:
        if kind == "draw" and self.forced["draws"]:
            self.forced["draws"] = self.forced["draws"][len(action.words) :]
        elif kind == "die" and self.forced["die"]:
            self.forced["die"] = self.forced["die"][1:]
        elif kind == "tie" and self.forced["ties"]:
            self.forced["ties"] = self.forced["ties"][1:]

    def after_order(self, card: str, pending: dict[str, Any], events: list[Event]) -> None:
        """An order card leaves the deck (or the set-up pool): boxed unseen, or onto a slot."""
        if card in self.deck:
            self.deck.remove(card)
        if pending["to"] == "box":
            self.box.append(card)
            events.append(Event("order-boxed", {"rule": "SE-4.4"}))
            return
        up = bool(pending["up"])
        self.slots[int(pending["slot"])] = [card, up]
        rule = "SE-4.4" if self.phase == "setup" else "SE-7.7"  # the set-up deal, or a refill
        if up:
            if card in self.known:
                self.known.remove(card)
            events.append(Event("order-drawn", {"card": card, "face": "up", "rule": rule}))
        else:
            self.fd_source = "setup" if self.phase == "setup" else "deck"
            events.append(Event("order-drawn", {"face": "down", "rule": rule}))

    def after_equip(self, card: str, pending: dict[str, Any], events: list[Event]) -> None:
        """SE-4.6 (D-32: a duplicate goes to the bottom and is replaced), SE-6.6 (loot)."""
        if card in self.equip_pile:
            self.equip_pile.remove(card)
        else:
            self.equip_bottom.remove(card)
        if pending["to"] == "loot":
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

    def parse_action(self, text: str) -> Act:
        act = codec.parse(text, self.geo, self.content)
        if act.verb == "move" and len(act.words) == 1:  # `move c6`: the fewest steps
            counts = [
                int(a.words[1])
                for a in self.seat_actions()
                if a.verb == "move" and a.words[0] == act.words[0]
            ]
            return Act("move", (act.words[0], str(min(counts) if counts else 1)))
        return act

    def encode_action(self, action: Act) -> int:
        try:
            return codec.encode(action, self.geo, self.content)
        except (ValueError, IndexError, KeyError):
            raise IllegalAction(f"not an action of this game: {action}") from None

    def decode_action(self, code: int) -> Act:
        return codec.decode(code, self.geo, self.content)

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
            "pending": self.pending,
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
        self.pending = data["pending"]
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
