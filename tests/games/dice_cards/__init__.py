"""Dice and Cards, the test game: registered only by the tests (tests/conftest.py), with no code of
its own anywhere in the front ends, so that everything it can do proves the seams.

>>> from bitva.core.record import Match
>>> match = Match(GAME, {"seats": 3}, seed=1)
>>> match.state.current_player, match.state.decision
(1, 'turn')
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np
from pydantic import BaseModel, ValidationError

from bitva.core import Analysis, Game, PositionError, Rng, Traits
from bitva.core.game import OptionsLike
from tests.games.dice_cards.rules import (
    CARD_VALUES,
    COPIES,
    DICE_OUTCOMES,
    HAND,
    MAX_ROLLS,
    DiceCardsOptions,
    DiceCardsState,
)


def odds(state: DiceCardsState, seat: int | None) -> dict[str, Any]:
    """The chance that the next roll busts, and what a roll adds on average when it does not."""
    safe = [(sum(map(int, str(a).split()[1:])), p) for a, p in DICE_OUTCOMES if " 1" not in str(a)]
    p_safe = sum((p for _, p in safe), start=Fraction(0))
    mean = sum((total * p for total, p in safe), start=Fraction(0)) / p_safe
    return {"bust": float(1 - p_safe), "mean_if_safe": float(mean), "at_stake": state.total}


GLOBAL_PLANES = 5  # round, turn total, card played, rolls, deck (observation_from_view)
SEAT_PLANES = 4  # is the observer, is to act, score, hand size


class DiceCards(Game[DiceCardsState, DiceCardsOptions]):
    name = "dice-cards"
    title = "Dice and Cards"
    traits = Traits(
        seats=(1, 3),
        chance="explicit",
        information="imperfect",
        utility="general",
        actions="enumerable",
    )
    options_model = DiceCardsOptions
    position_suffix = ".toml"

    def seats_for(self, options: BaseModel) -> int:
        assert isinstance(options, DiceCardsOptions)
        return options.seats

    def new(
        self, options: BaseModel | Mapping[str, Any] | None = None, seed: int = 0
    ) -> DiceCardsState:
        """DC-1: the deal is chance, seat 1 first."""
        state = DiceCardsState(self.options(options), Rng(seed))
        state.pending = "deal"
        state.deal_to = [s for s in range(1, state.seats + 1) for _ in range(HAND)]
        return state

    def state_from_json(self, data: dict[str, Any]) -> DiceCardsState:
        return DiceCardsState.from_json(data)

    def num_action_codes(self, options: Any = None) -> int:
        return 8 + len(DICE_OUTCOMES)

    # -- the research contract (docs/research.md) ------------------------------------------
    def max_game_length(self, options: OptionsLike = None) -> int:
        """DC-1 deals two cards a seat; a turn holds at most `MAX_ROLLS` rolls and their dice
        (DC-6), one card (DC-2), a hold and one card dealt (DC-4); a game has `rounds` turns a
        seat (DC-5)."""
        values = self.options(options)
        return HAND * values.seats + values.rounds * values.seats * (2 * MAX_ROLLS + 3)

    def utility_range(self, options: OptionsLike = None) -> tuple[float, float]:
        """A win is 1, a loss -1 (or -1/2 each of two losers), a draw 0 (DC-5)."""
        return (-1.0, 1.0)

    def observation_shape(self, options: OptionsLike = None) -> tuple[int, ...]:
        """`GLOBAL_PLANES`, then `SEAT_PLANES` for each seat in seat order, then the observer's
        hand: how many cards of each value it holds (`observation_from_view`)."""
        values = self.options(options)
        return (GLOBAL_PLANES + SEAT_PLANES * values.seats + len(CARD_VALUES),)

    def observation_from_view(
        self, view: Mapping[str, Any], seat: int | None, options: BaseModel
    ) -> Any:
        """Every entry scaled to [0, 1]: round / rounds, turn total / target, a card played this
        turn, rolls this turn / MAX_ROLLS, cards left in the deck / 12; each seat: it is the
        observer, it is to act, score / target, hand size / 2; the observer's hand by value
        (count / 2; zeros for a spectator)."""
        assert isinstance(options, DiceCardsOptions)
        out = np.zeros(self.observation_shape(options), dtype=np.float32)
        target = float(view["target"])
        out[0] = view["round"] / view["rounds"]
        out[1] = min(1.0, view["turn_total"] / target)
        out[2] = float(view["card_played"])
        out[3] = view["rolls"] / MAX_ROLLS
        out[4] = view["deck_size"] / (COPIES * len(CARD_VALUES))
        for index, player in enumerate(view["players"]):
            base = GLOBAL_PLANES + SEAT_PLANES * index
            out[base] = float(player["seat"] == seat)
            out[base + 1] = float(player["seat"] == view["active"])
            out[base + 2] = min(1.0, player["score"] / target)
            out[base + 3] = player["hand_size"] / HAND
            if "hand" in player:
                hand_base = GLOBAL_PLANES + SEAT_PLANES * options.seats
                for value in player["hand"]:
                    out[hand_base + CARD_VALUES.index(value)] += 1.0 / HAND
        return out

    @property
    def analyses(self) -> Mapping[str, Analysis]:
        return {
            "odds": Analysis(
                "odds",
                "Odds of the next roll",
                "the chance that the next roll busts and what it adds when it does not",
                odds,
                decisions=frozenset(("turn",)),
            )
        }

    def heuristic(self, state: DiceCardsState, seat: int) -> float:
        if state.outcome is not None:
            return state.outcome.value(seat)
        target = state.options.target
        own = state.scores[seat - 1] + (state.total if state.active == seat else 0) / 2
        others = [s for i, s in enumerate(state.scores) if i != seat - 1]
        best = max(others) if others else target * state.round / (state.options.rounds + 1)
        return max(-1.0, min(1.0, (own - best) / target))

    # -- positions: a small TOML notation ----------------------------------------------------
    def read_position(self, text: str, source: str = "(position)") -> DiceCardsState:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise PositionError("(file)", f"{source}: not valid TOML: {exc}") from None
        try:
            options = DiceCardsOptions.model_validate(data.get("options", {}))
        except ValidationError as exc:
            first = exc.errors()[0]
            key = "options." + ".".join(str(p) for p in first["loc"])
            raise PositionError(key, str(first["msg"])) from None
        state = DiceCardsState(options, Rng(0))
        turn = data.get("turn", {})
        state.active = _int(turn, "active", 1, 1, options.seats, "turn")
        state.round = _int(turn, "round", 1, 1, options.rounds, "turn")
        state.total = _int(turn, "total", 0, 0, 10_000, "turn")
        state.played = bool(turn.get("played", False))
        state.rolls = _int(turn, "rolls", 0, 0, MAX_ROLLS, "turn")
        seats = data.get("seats", {})
        for seat in range(1, options.seats + 1):
            entry = seats.get(str(seat), {})
            state.scores[seat - 1] = _int(entry, "score", 0, 0, options.target - 1, f"seats.{seat}")
            hand = entry.get("hand", [])
            if not isinstance(hand, list) or any(v not in CARD_VALUES for v in hand):
                raise PositionError(f"seats.{seat}.hand", "cards are 1, 2 or 3", "DC-1")
            state.hands[seat - 1] = sorted(hand)
        deck = data.get("deck", {})
        for value in CARD_VALUES:
            left = COPIES - sum(h.count(value) for h in state.hands)
            state.deck[value] = _int(deck, str(value), left, 0, left, "deck")
        state.turn = (state.round - 1) * options.seats + state.active - 1
        return state

    def write_position(self, state: DiceCardsState) -> str:
        if state.outcome is not None:
            raise PositionError("turn", "the game is over: a position is a game going on", "DC-5")
        if state.pending:
            raise PositionError("turn", "positions are written between chance events", "DC-2")
        options = state.options
        lines = [
            "[options]",
            f"seats = {options.seats}",
            f"target = {options.target}",
            f"rounds = {options.rounds}",
            "",
            "[turn]",
            f"active = {state.active}",
            f"round = {state.round}",
            f"total = {state.total}",
            f"played = {'true' if state.played else 'false'}",
            f"rolls = {state.rolls}",
            "",
            "[deck]",
            *(f'"{v}" = {n}' for v, n in sorted(state.deck.items())),
        ]
        for seat in range(1, state.seats + 1):
            lines += [
                "",
                f"[seats.{seat}]",
                f"score = {state.scores[seat - 1]}",
                f"hand = {sorted(state.hands[seat - 1])}",
            ]
        return "\n".join(lines) + "\n"


def _int(table: Mapping[str, Any], key: str, default: int, low: int, high: int, where: str) -> int:
    value = table.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise PositionError(f"{where}.{key}", f"must be a whole number from {low} to {high}")
    return value


GAME = DiceCards()
DiceCardsState.game = GAME
