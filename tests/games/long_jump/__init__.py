"""Long Jump: the second test game, with parametric actions (checked, not listed), registered only
by the tests (tests/conftest.py). Dice and Cards proves chance, hidden cards and any number of
seats; Long Jump proves the path that Age of Sigmar's movement will take: an action is a number,
the game checks it (`check`) and offers agents candidates (`candidate_actions`), not a list, and
chance (the wind, LJ-5) follows the geometry as a die follows an Age of Sigmar move.

Rules (LJ-n):

- LJ-1 Two jumpers start at 0 on a track (option `track`, in metres, 5 to 50).
- LJ-2 On your turn you jump forward any distance from 0.01 to 1.50 metres, in hundredths
  (`jump 0.75`).
- LJ-3 You may not land within 0.50 of the other jumper (a foul): closer than that is refused.
- LJ-4 The first to reach the end of the track wins at once. After `turns` jumps each (option,
  default 30) the jumper further ahead wins; level is a draw.
- LJ-5 After a jump that does not win, the wind die is rolled (a chance node): it pushes the
  jumper back 0.00, 0.01, 0.02, 0.03, 0.04 or 0.05 metres, each with probability 1/6, but never
  behind the spot the jump started from. Then the other jumper jumps (LJ-3 judges the landing,
  not where the wind leaves the jumper).

>>> state = GAME.new({"track": 5}, seed=1)
>>> print(state.check(state.parse_action("jump 0.30")))
landing at 0.30 is within 0.50 of the other jumper (at 0.00) (LJ-3)
>>> _ = state.apply("jump 1.5")
>>> state.view(None)["jumpers"], state.decision
([1.5, 0.0], 'wind')
>>> [(str(wind), str(p)) for wind, p in state.chance_outcomes()][:2]
[('wind 0.00', '1/6'), ('wind 0.01', '1/6')]
>>> _ = state.apply("wind 0.03")
>>> state.view(None)["jumpers"], state.current_player
([1.47, 0.0], 2)
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bitva.core import (
    CHANCE,
    Event,
    Game,
    Outcome,
    PositionError,
    Preview,
    Rng,
    State,
    Traits,
    UnreadableAction,
    Violation,
)

LONGEST = 150  # hundredths of a metre (LJ-2)
CLEAR = 50  # LJ-3
GUSTS = 6  # the wind die's faces: a push of 0.00 to 0.05 (LJ-5)
_JUMP = re.compile(r"^\s*(jump|wind)\s+(\d+(?:\.\d*)?|\.\d+)\s*$", re.IGNORECASE)


class LongJumpOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    track: int = Field(default=10, ge=5, le=50, description="length of the track in metres (LJ-1)")
    turns: int = Field(default=30, ge=1, le=200, description="jumps each before the end (LJ-4)")


@dataclass(frozen=True, slots=True)
class Jump:
    """A jump of `distance` hundredths of a metre (exact: no floats in the rules)."""

    distance: int

    def __str__(self) -> str:
        return f"jump {metres(self.distance)}"


@dataclass(frozen=True, slots=True)
class Wind:
    """The wind die's face (LJ-5): a push back of `push` hundredths of a metre, 0 to 5."""

    push: int

    def __str__(self) -> str:
        return f"wind {metres(self.push)}"


Action = Jump | Wind
WINDS = [(Wind(push), Fraction(1, GUSTS)) for push in range(GUSTS)]  # LJ-5: a fair die


def metres(hundredths: int) -> str:
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def parse(text: str) -> Action:
    match = _JUMP.match(text)
    if match is None:
        raise UnreadableAction(f"cannot read {text!r}: write jump DISTANCE, e.g. jump 0.75")
    whole, _, fraction = match.group(2).partition(".")
    if len(fraction.rstrip("0")) > 2:
        raise UnreadableAction(f"{text!r}: distances are in hundredths of a metre (LJ-2)")
    hundredths = int(whole or "0") * 100 + int((fraction + "00")[:2])
    return Jump(hundredths) if match.group(1).lower() == "jump" else Wind(hundredths)


def _position(value: object) -> int:
    """A jumper's place in a position file, in hundredths (read as a jump from the start)."""
    action = parse(f"jump {value}")
    assert isinstance(action, Jump)  # the text is a jump's
    return action.distance


class LongJumpState(State[Action]):
    game: ClassVar[Game[Any, Any]]

    def __init__(self, options: LongJumpOptions, rng: Rng) -> None:
        self._options = options
        self.rng = rng
        self.at = [0, 0]  # hundredths of a metre
        self.active = 1
        self.turn = 0
        self.blowing = 0  # LJ-5: the length of the jump the wind die is rolled for, 0 if none
        self._outcome: Outcome | None = None

    @property
    def current_player(self) -> int | None:
        if self._outcome is not None:
            return None
        return CHANCE if self.blowing else self.active

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def decision(self) -> str:
        if self._outcome is not None:
            return "over"
        return "wind" if self.blowing else "jump"

    @property
    def options(self) -> LongJumpOptions:
        return self._options

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if not self.blowing:
            return super().chance_outcomes()
        return list(WINDS)

    def check(self, action: Action) -> Violation | None:
        if self._outcome is not None:
            return Violation("the competition is over", "LJ-4")
        if self.blowing:
            return super().check(action)  # CORE-2: only the wind die's faces
        if not isinstance(action, Jump):
            return Violation(f"{action!r} is not a jump", "LJ-2")
        if not 1 <= action.distance <= LONGEST:
            return Violation(f"a jump is 0.01 to {metres(LONGEST)} metres", "LJ-2")
        landing = self.at[self.active - 1] + action.distance
        other = self.at[2 - self.active]
        if abs(landing - other) < CLEAR:
            return Violation(
                f"landing at {metres(landing)} is within {metres(CLEAR)} of the other jumper "
                f"(at {metres(other)})",
                "LJ-3",
            )
        return None

    def preview(self, action: Action) -> Preview:
        """`check` and, for a jump, where it lands (metres), where the other jumper stands, how
        far apart they would be (LJ-3) and whether it reaches the end of the track (LJ-4)."""
        violation = self.check(action)
        if self._outcome is not None or self.blowing or not isinstance(action, Jump):
            return Preview(violation)
        landing = self.at[self.active - 1] + action.distance
        other = self.at[2 - self.active]
        return Preview.of(
            violation,
            landing=landing / 100,
            other_jumper=other / 100,
            distance_to_other=abs(landing - other) / 100,
            finishes=landing >= self._options.track * 100,
        )

    def candidate_actions(self, rng: Rng, n: int) -> list[Action]:
        """The longest legal jump and up to n - 1 more drawn evenly from the legal ones (at the
        wind die: its faces)."""
        if self.blowing:
            return super().candidate_actions(rng, n)
        legal = [d for d in range(1, LONGEST + 1) if self.check(Jump(d)) is None]
        if not legal or n <= 0:
            return []
        chosen = {legal[-1]} | {rng.choice(legal) for _ in range(n - 1)}
        return [Jump(d) for d in sorted(chosen)]

    def play(self, action: Action) -> list[Event]:
        seat = self.active
        if isinstance(action, Wind):
            return self._blow(seat, action)
        self.at[seat - 1] += action.distance
        landed = metres(self.at[seat - 1])
        events = [
            Event("jumped", {"player": seat, "distance": metres(action.distance), "at": landed})
        ]
        track = self._options.track * 100
        if self.at[seat - 1] >= track:  # LJ-4
            self._finish(Outcome.win(seat, 2, "finished", {"track": self._options.track}, "LJ-4"))
            events.append(Event("game-over", self._outcome_json()))
        else:
            self.blowing = action.distance  # LJ-5: the wind die is rolled next
        return events

    def _blow(self, seat: int, wind: Wind) -> list[Event]:
        """LJ-5: the wind pushes the jumper back, never behind the take-off spot; then the turn
        passes (and LJ-4 may end the competition)."""
        push = min(wind.push, self.blowing)
        self.blowing = 0
        self.at[seat - 1] -= push
        events = [
            Event("wind", {"player": seat, "push": metres(push), "at": metres(self.at[seat - 1])})
        ]
        self.turn += 1
        self.active = 3 - seat
        if self.turn >= 2 * self._options.turns:
            a, b = self.at
            params = {"at": [metres(a), metres(b)]}
            self._finish(
                Outcome.drawn(2, "level", params, "LJ-4")
                if a == b
                else Outcome.win(1 if a > b else 2, 2, "further", params, "LJ-4")
            )
            events.append(Event("game-over", self._outcome_json()))
        return events

    def _finish(self, outcome: Outcome) -> None:
        self._outcome = outcome

    def _outcome_json(self) -> dict[str, Any]:
        assert self._outcome is not None
        return self._outcome.to_json()

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.at = list(self.at)
        other.rng = self.rng.clone()
        return other

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "track": self._options.track,
            "turns_each": self._options.turns,
            "jumps_made": self.turn,
            "active": self.active,
            "jumpers": [a / 100 for a in self.at],
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "options": self._options.model_dump(),
            "at": list(self.at),
            "active": self.active,
            "turn": self.turn,
            "blowing": self.blowing,
            "outcome": self._outcome.to_json() if self._outcome else None,
            "rng": self.rng.state,
        }


class LongJump(Game[LongJumpState, LongJumpOptions]):
    name = "long-jump"
    title = "Long Jump"
    traits = Traits(
        seats=(2, 2),
        chance="explicit",
        information="perfect",
        utility="zero-sum",
        actions="parametric",
    )
    options_model = LongJumpOptions
    position_suffix = ".toml"

    def new(
        self, options: BaseModel | Mapping[str, Any] | None = None, seed: int = 0
    ) -> LongJumpState:
        return LongJumpState(self.options(options), Rng(seed))

    def state_from_json(self, data: dict[str, Any]) -> LongJumpState:
        state = LongJumpState(LongJumpOptions.model_validate(data["options"]), Rng(data["rng"]))
        state.at = [int(a) for a in data["at"]]
        state.active, state.turn = int(data["active"]), int(data["turn"])
        state.blowing = int(data.get("blowing", 0))
        outcome = data.get("outcome")
        state._outcome = Outcome.from_json(outcome) if outcome else None
        return state

    def heuristic(self, state: LongJumpState, seat: int) -> float:
        if state.outcome is not None:
            return state.outcome.value(seat)
        lead = state.at[seat - 1] - state.at[2 - seat]
        return max(-1.0, min(1.0, lead / (state.options.track * 100)))

    def read_position(self, text: str, source: str = "(position)") -> LongJumpState:
        try:
            data = tomllib.loads(text)
            options = LongJumpOptions.model_validate(data.get("options", {}))
        except tomllib.TOMLDecodeError as exc:
            raise PositionError("(file)", f"{source}: not valid TOML: {exc}") from None
        except ValidationError as exc:
            first = exc.errors()[0]
            raise PositionError(
                "options." + ".".join(map(str, first["loc"])), first["msg"]
            ) from None
        state = LongJumpState(options, Rng(0))
        turn = data.get("turn", {})
        state.active = turn.get("active", 1)
        state.turn = turn.get("jumps_made", 0)
        if state.active not in (1, 2) or not isinstance(state.turn, int) or state.turn < 0:
            raise PositionError("turn", "active is 1 or 2, jumps_made a whole number")
        if state.turn >= 2 * options.turns:
            raise PositionError(
                "turn.jumps_made", "every jump is made: the competition is over", "LJ-4"
            )
        jumpers = data.get("jumpers", [0, 0])
        try:
            state.at = [_position(value) for value in jumpers]
        except (UnreadableAction, TypeError):
            raise PositionError("jumpers", "two distances in metres, in hundredths") from None
        if len(state.at) != 2 or max(state.at) >= options.track * 100:
            raise PositionError("jumpers", "two jumpers, neither at the end of the track", "LJ-4")
        return state

    def write_position(self, state: LongJumpState) -> str:
        if state.outcome is not None:
            raise PositionError("turn", "the competition is over", "LJ-4")
        if state.blowing:
            raise PositionError("turn", "positions are written at a jump, not at the wind", "LJ-5")
        options = state.options
        return (
            f"jumpers = [{metres(state.at[0])}, {metres(state.at[1])}]  # metres (LJ-1)\n\n"
            f"[options]\ntrack = {options.track}\nturns = {options.turns}\n\n"
            f"[turn]\nactive = {state.active}\njumps_made = {state.turn}\n"
        )


GAME = LongJump()
LongJumpState.game = GAME
