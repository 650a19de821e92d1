"""Dice and Cards: the test game that proves the seams (docs/adding-a-game.md, worked example).

A push-your-luck dice game for 1 to 3 seats with hidden cards, small enough to read in one sitting
and rich enough to touch every part of the contract: chance nodes (two dice rolled together,
grouped by faces; cards dealt from a shared deck), hidden information (hands), any number of
seats, a solo mode against the rules, and a structured outcome.

Rules (DC-n, cited in the code and tests):

- DC-1 Set-up: a deck of four cards of each value 1, 2 and 3; each seat is dealt two cards,
  seat 1 first. Hands are secret; the deck is shuffled.
- DC-2 A turn: the seat to act rolls two dice (`roll`), plays one card of its hand (`play N`,
  at most once a turn: N is added to the turn total), or banks (`hold`, only with a turn total
  above 0): the turn total is added to its score.
- DC-3 A roll showing a 1 on either die busts: the turn total is lost and the turn ends.
  Otherwise both dice are added to the turn total.
- DC-4 When a turn ends, a seat that played a card this turn is dealt one from the deck (if any
  is left).
- DC-5 A seat whose score reaches the target wins at once. After the last round the highest
  score wins (ties share the win; all tied is a draw). Solo: reach the target within the rounds
  or lose to the rules.
- DC-6 A turn holds at most `MAX_ROLLS` rolls: after the last the seat plays a card or banks (its
  turn total is above 0, or the last roll busted), so a game has a bounded length (the research
  contract's `max_game_length`, docs/research.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, Field

from bitva.core import (
    CHANCE,
    Event,
    Game,
    IllegalAction,
    Outcome,
    Rng,
    State,
    UnreadableAction,
    Violation,
)
from bitva.core.chance import by_count, dice_counts

CARD_VALUES = (1, 2, 3)
COPIES = 4
HAND = 2
MAX_ROLLS = 12  # DC-6
DICE = dice_counts(2)  # 21 outcomes of two dice by faces, exact


class DiceCardsOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seats: int = Field(default=2, ge=1, le=3, description="players (1: solo against the rules)")
    target: int = Field(default=20, ge=5, le=100, description="the score that wins (DC-5)")
    rounds: int = Field(default=8, ge=1, le=50, description="rounds before the game ends (DC-5)")


# -- actions ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Roll:
    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Hold:
    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True, slots=True)
class PlayCard:
    value: int

    def __str__(self) -> str:
        return f"play {self.value}"


@dataclass(frozen=True, slots=True)
class Dice:
    """Chance: two dice, written as their faces in order."""

    faces: tuple[int, int]

    def __str__(self) -> str:
        return f"dice {self.faces[0]} {self.faces[1]}"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the card dealt from the deck."""

    value: int

    def __str__(self) -> str:
        return f"deal {self.value}"


Action = Roll | Hold | PlayCard | Dice | Deal


def faces_of(counts: tuple[int, ...]) -> tuple[int, int]:
    faces = [face for face, count in enumerate(counts, start=1) for _ in range(count)]
    return (faces[0], faces[1])


DICE_OUTCOMES = [(Dice(faces_of(counts)), p) for counts, p in DICE]


def parse(text: str) -> Action:
    words = text.strip().lower().split()
    try:
        match words:
            case ["roll"]:
                return Roll()
            case ["hold"]:
                return Hold()
            case ["play", value]:
                return PlayCard(int(value))
            case ["deal", value]:
                return Deal(int(value))
            case ["dice", a, b]:
                first, second = sorted((int(a), int(b)))
                return Dice((first, second))
    except ValueError:
        pass
    raise UnreadableAction(f"cannot read {text!r}: write roll, hold or play N")


# -- the state ---------------------------------------------------------------------------------
class DiceCardsState(State[Action]):
    game: ClassVar[Game[Any, Any]]

    def __init__(self, options: DiceCardsOptions, rng: Rng) -> None:
        self._options = options
        self.rng = rng
        n = options.seats
        self.scores = [0] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.deck = {value: COPIES for value in CARD_VALUES}
        self.active = 1
        self.round = 1
        self.total = 0  # the turn total (DC-2)
        self.played = False  # a card played this turn (DC-2, DC-4)
        self.rolls = 0  # rolls this turn (DC-6)
        self.pending = ""  # the chance node: "roll" or "deal"
        self.deal_to: list[int] = []
        self.turn = 0
        self._outcome: Outcome | None = None

    # -- the contract ----------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self._outcome is not None:
            return None
        return CHANCE if self.pending else self.active

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def decision(self) -> str:
        if self._outcome is not None:
            return "over"
        return self.pending or "turn"

    @property
    def options(self) -> DiceCardsOptions:
        return self._options

    @property
    def seats(self) -> int:
        return self._options.seats

    def legal_actions(self) -> list[Action]:
        if self._outcome is not None:
            return []
        if self.pending:
            return super().legal_actions()
        actions: list[Action] = [Roll()] if self.rolls < MAX_ROLLS else []
        if self.total > 0:
            actions.append(Hold())
        if not self.played:
            actions += [PlayCard(v) for v in sorted(set(self.hands[self.active - 1]))]
        return actions

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.pending == "roll":
            return list(DICE_OUTCOMES)
        if self.pending == "deal":
            return [(Deal(v), p) for v, p in by_count(self.deck)]
        return super().chance_outcomes()

    def check(self, action: Action) -> Violation | None:
        if self._outcome is not None:
            return Violation("the game is over", "DC-5")
        if self.pending:
            return super().check(action)
        match action:
            case Roll() if self.rolls >= MAX_ROLLS:
                return Violation(f"{MAX_ROLLS} rolls a turn: play a card or hold", "DC-6")
            case Hold() if self.total == 0:
                return Violation("nothing to bank: roll or play a card first", "DC-2")
            case PlayCard() if self.played:
                return Violation("one card a turn", "DC-2")
            case PlayCard(value=value) if value not in self.hands[self.active - 1]:
                return Violation(f"no {value} in your hand", "DC-2")
            case Dice() | Deal():
                return Violation("chance decides that, not a player", "DC-2")
        return None

    def play(self, action: Action) -> list[Event]:
        events: list[Event] = []
        seat = self.active
        match action:
            case Roll():
                self.pending = "roll"
                self.rolls += 1
            case Hold():
                self.scores[seat - 1] += self.total
                events.append(Event("held", {"player": seat, "points": self.total}))
                self.total = 0
                self._end_turn(events)
            case PlayCard(value=value):
                self.hands[seat - 1].remove(value)
                self.total += value
                self.played = True
                events.append(Event("played", {"player": seat, "card": value}))
            case Dice(faces=faces):
                self.pending = ""
                bust = 1 in faces
                events.append(Event("rolled", {"player": seat, "faces": list(faces), "bust": bust}))
                if bust:  # DC-3
                    self.total = 0
                    self._end_turn(events)
                else:
                    self.total += sum(faces)
            case Deal(value=value):
                to = self.deal_to.pop(0)
                self.deck[value] -= 1
                self.hands[to - 1].append(value)
                events.append(
                    Event(
                        "dealt",
                        {"player": to, "deck": sum(self.deck.values())},
                        private={"card": value},
                        private_to=to,
                    )
                )
                if not self.deal_to:
                    self.pending = ""
        return events

    def _end_turn(self, events: list[Event]) -> None:
        seat = self.active
        if self.scores[seat - 1] >= self._options.target:  # DC-5
            self._finish(events, winner=seat)
            return
        if self.played and sum(self.deck.values()) > 0:  # DC-4
            self.pending, self.deal_to = "deal", [seat]
        self.played = False
        self.rolls = 0
        self.turn += 1
        if seat == self.seats:
            self.round += 1
            if self.round > self._options.rounds:
                self.pending, self.deal_to = "", []
                self._finish(events, winner=None)
                return
        self.active = seat % self.seats + 1
        events.append(Event("turn", {"player": self.active, "round": self.round}))

    def _finish(self, events: list[Event], winner: int | None) -> None:
        n, target = self.seats, self._options.target
        params = {"target": target, "rounds": self._options.rounds}
        if n == 1:
            won = winner == 1
            reason = "target" if won else "out-of-rounds"
            self._outcome = Outcome.solo(won, reason, params, "DC-5", float(self.scores[0]))
        elif winner is not None:
            table = {s + 1: float(v) for s, v in enumerate(self.scores)}
            self._outcome = Outcome.win(winner, n, "target", params, "DC-5", table)
        else:
            self._outcome = Outcome.scored(self.scores, "most-points", params, "DC-5")
        events.append(Event("game-over", self._outcome.to_json()))

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = self.rng.clone()
        other.scores = list(self.scores)
        other.hands = [list(h) for h in self.hands]
        other.deck = dict(self.deck)
        other.deal_to = list(self.deal_to)
        return other

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def encode_action(self, action: Action) -> int:
        match action:
            case Roll():
                return 0
            case Hold():
                return 1
            case PlayCard(value=value):
                return 1 + value
            case Deal(value=value):
                return 4 + value
            case Dice():
                return 8 + [str(a) for a, _ in DICE_OUTCOMES].index(str(action))
        raise IllegalAction(f"not an action of this game: {action!r}")

    def decode_action(self, code: int) -> Action:
        if code == 0:
            return Roll()
        if code == 1:
            return Hold()
        if code <= 4:
            return PlayCard(code - 1)
        if code <= 7:
            return Deal(code - 4)
        return DICE_OUTCOMES[code - 8][0]

    # -- what a seat may see ---------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        players = []
        for s in range(1, self.seats + 1):
            entry: dict[str, Any] = {"seat": s, "score": self.scores[s - 1]}
            entry["hand_size"] = len(self.hands[s - 1])
            if s == seat:
                entry["hand"] = sorted(self.hands[s - 1])
            players.append(entry)
        return {
            "round": self.round,
            "rounds": self._options.rounds,
            "target": self._options.target,
            "active": self.active,
            "turn_total": self.total,
            "card_played": self.played,
            "rolls": self.rolls,
            "deck_size": sum(self.deck.values()),
            "players": players,
        }

    def determinize(self, seat: int, rng: Rng) -> Self:
        """Every other seat's hand dealt anew from the cards `seat` has not seen."""
        other = self.clone()
        pool = sorted(
            [v for s in range(self.seats) if s != seat - 1 for v in other.hands[s]]
            + [v for v, n in sorted(other.deck.items()) for _ in range(n)]
        )
        rng.shuffle(pool)
        for s in range(self.seats):
            if s != seat - 1:
                size = len(other.hands[s])
                other.hands[s], pool = sorted(pool[:size]), pool[size:]
        other.deck = {v: pool.count(v) for v in CARD_VALUES}
        other.rng = Rng(rng.next_u64())
        return other

    # -- serialization ---------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "options": self._options.model_dump(),
            "scores": list(self.scores),
            "hands": [list(h) for h in self.hands],
            "deck": {str(v): n for v, n in self.deck.items()},
            "active": self.active,
            "round": self.round,
            "total": self.total,
            "played": self.played,
            "rolls": self.rolls,
            "pending": self.pending,
            "deal_to": list(self.deal_to),
            "turn": self.turn,
            "outcome": self._outcome.to_json() if self._outcome else None,
            "rng": self.rng.state,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DiceCardsState:
        state = cls(DiceCardsOptions.model_validate(data["options"]), Rng(int(data["rng"])))
        state.scores = [int(v) for v in data["scores"]]
        state.hands = [[int(v) for v in h] for h in data["hands"]]
        state.deck = {int(v): int(n) for v, n in data["deck"].items()}
        state.active, state.round = int(data["active"]), int(data["round"])
        state.total, state.played = int(data["total"]), bool(data["played"])
        state.pending, state.deal_to = str(data["pending"]), [int(s) for s in data["deal_to"]]
        state.turn = int(data["turn"])
        state.rolls = int(data.get("rolls", 0))
        outcome = data.get("outcome")
        state._outcome = Outcome.from_json(outcome) if outcome else None
        return state
