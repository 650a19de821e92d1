"""Chance inside a search: a search that would win only by knowing the next die is no longer
fooled.

The game below has one decision: `bold` wins only if the next die shows a 6 (p = 1/6), `safe`
wins if a coin shows heads (p = 1/2). A search that replays one sampled future (the old
behaviour: chance drawn from a copy of the state's RNG, the same in every iteration) plays `bold`
whenever that future holds a 6. `mcts` and `ismcts` now draw chance afresh in every iteration with
their own RNG, and `greedy` takes the exact expectation: all three play `safe` on every seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, ClassVar, Self

import pytest
from pydantic import BaseModel, Field

from bitva.ai import make_agent
from bitva.ai.budget import Budget
from bitva.ai.search import SearchConfig, best_code, run_search
from bitva.core import CHANCE, Event, Game, Outcome, Rng, State, Traits, UnreadableAction
from bitva.core.chance import sample, uniform

ACTIONS = ["bold", "safe", *(f"die {face}" for face in range(1, 7)), "heads", "tails"]
SEEDS = range(30)


class GambleOptions(BaseModel):
    seats: int = Field(default=1, ge=1, le=2)


class GambleState(State[str]):
    game: ClassVar[Game[Any, Any]]

    def __init__(self, options: GambleOptions, rng: Rng) -> None:
        self._options = options
        self.rng = rng
        self.turn = 0
        self.pending = ""  # "die" or "coin" once seat 1 has chosen
        self._outcome: Outcome | None = None

    @property
    def current_player(self) -> int | None:
        if self._outcome is not None:
            return None
        return CHANCE if self.pending else 1

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def decision(self) -> str:
        return "over" if self._outcome else (self.pending or "choose")

    @property
    def options(self) -> GambleOptions:
        return self._options

    @property
    def seats(self) -> int:
        return self._options.seats

    def legal_actions(self) -> list[str]:
        if self._outcome is not None:
            return []
        return super().legal_actions() if self.pending else ["bold", "safe"]

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        if self.pending == "die":
            return uniform([f"die {face}" for face in range(1, 7)])
        if self.pending == "coin":
            return uniform(["heads", "tails"])
        return super().chance_outcomes()

    def play(self, action: str) -> list[Event]:
        if action in ("bold", "safe"):
            self.pending = "die" if action == "bold" else "coin"
            return []
        self.pending = ""
        won = action in ("die 6", "heads")
        seats = self._options.seats
        if seats == 1:
            self._outcome = Outcome.solo(won, "gamble")
        else:
            self._outcome = Outcome.win(1 if won else 2, seats, "gamble")
        return []

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = self.rng.clone()
        return other

    def parse_action(self, text: str) -> str:
        if text not in ACTIONS:
            raise UnreadableAction(f"cannot read {text!r}")
        return text

    def encode_action(self, action: str) -> int:
        return ACTIONS.index(action)

    def decode_action(self, code: int) -> str:
        return ACTIONS[code]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"pending": self.pending}

    def to_json(self) -> dict[str, Any]:
        return {"seats": self.seats, "pending": self.pending, "rng": self.rng.state}


class Gamble(Game[GambleState, GambleOptions]):
    name = "gamble"
    title = "Gamble"
    traits = Traits(seats=(1, 2), chance="explicit", utility="general")
    options_model = GambleOptions

    def new(self, options: BaseModel | Mapping[str, Any] | None = None, seed: int = 0) -> Any:
        return GambleState(self.options(options), Rng(seed))

    def state_from_json(self, data: dict[str, Any]) -> GambleState:
        state = GambleState(GambleOptions(seats=data["seats"]), Rng(data["rng"]))
        state.pending = data["pending"]
        return state


GAME = Gamble()
GambleState.game = GAME


class ReplayedFuture(GambleState):
    """The old behaviour, kept only to show what the test catches: every chance node is drawn
    from the one future the state's RNG holds, whatever RNG the search passes in."""

    def sample_chance_code(self, rng: Rng) -> int:
        return self.encode_action(sample(self.chance_outcomes(), Rng(self.future)))

    future = 0


def replayed(seed: int) -> ReplayedFuture:
    state = ReplayedFuture(GambleOptions(), Rng(seed))
    state.future = state.rng.state
    return state


def test_replaying_one_future_is_fooled_on_some_seeds() -> None:
    """The range of seeds holds futures with a 6 next, where a replaying search plays `bold`:
    so the test below would catch a search that replayed them."""
    config = SearchConfig(budget=Budget(iterations=300), exploration=0.2, expand_all=True)
    sixes = [s for s in SEEDS if sample(uniform(ACTIONS[2:8]), Rng(replayed(s).future)) == "die 6"]
    assert sixes, "no seed in the range has a 6 in its replayed future"
    for seed in sixes:
        base = replayed(seed)
        result = run_search(base, 1, config, seed)
        assert base.decode_action(best_code(result.stats, base.legal_codes())) == "bold"


# c = 0.7 suits returns of +-1 decided by a coin: the default 0.2 suits the smooth heuristic of
# Lords of War, and with it an unlucky first toss can leave `safe` unexplored for hundreds of
# iterations (a matter of exploration, not of chance handling)
@pytest.mark.parametrize("seats", [1, 2])
@pytest.mark.parametrize(
    "agent", ["mcts:iterations=400,c=0.7", "ismcts:iterations=400,c=0.7", "greedy"]
)
def test_a_search_that_would_win_only_by_knowing_the_next_die_is_not_fooled(
    agent: str, seats: int
) -> None:
    for seed in SEEDS:
        state = GAME.new({"seats": seats}, seed)
        assert make_agent(agent, seed).choose(state) == "safe", f"seed {seed}"


def test_the_search_never_touches_the_states_rng() -> None:
    state = GAME.new({}, 7)
    before = state.rng.state
    make_agent("mcts:iterations=50", 1).choose(state)
    make_agent("greedy", 1).choose(state)
    assert state.rng.state == before and state.pending == ""


def test_agents_refuse_a_chance_node() -> None:
    from bitva.core.errors import BitvaError

    state = GAME.new({}, 1)
    state.apply("bold")
    assert state.is_chance
    for name in ("random", "greedy", "mcts", "ismcts"):
        with pytest.raises(BitvaError, match="chance"):
            make_agent(name, 1).choose(state)


@pytest.mark.parametrize("seats", [1, 2])
def test_chance_children_are_keyed_by_outcome_and_drawn_afresh(seats: int) -> None:
    """Below `bold` the tree holds one child per die face drawn, chosen by sampling, and every
    iteration draws anew; the value vectors add up without a change of sign (zero-sum for two
    seats: the entries cancel)."""
    from bitva.ai import search
    from bitva.ai.values import evaluator

    def grow(base: GambleState) -> search.Node:
        root, rng = search.Node(seats), Rng(3)
        config = SearchConfig(expand_all=False, exploration=2.0)
        for _ in range(80):
            search._iterate(root, base.clone(), seats, rng, config, evaluator(GAME))
        return root

    bold = grow(GAME.new({"seats": seats}, 5)).children[ACTIONS.index("bold")]
    assert bold.chance is not None
    assert set(bold.chance) == {ACTIONS.index(f"die {face}") for face in range(1, 7)}
    assert bold.n == 1 + sum(child.n for child in bold.chance.values())  # first visit: a leaf
    if seats == 2:
        assert bold.w[0] == -bold.w[1]
    # the old behaviour for contrast: one future, one face
    replaying = replayed(5)
    replaying._options = GambleOptions(seats=seats)
    old = grow(replaying).children[ACTIONS.index("bold")]
    assert old.chance is not None and len(old.chance) == 1
