"""What the contract suite plays: every registered game with representative options, and seeded
random playouts of them (chance sampled with its probability, actions uniformly), cached so that
the property tests share them.

A game added later is picked up automatically: it is played with its default options, plus one
variant per boolean option switched on and, when its options have a `seats` field, once per seat
count in its declared range. `VARIANTS` adds variants of the games we know to those derived ones
(it never replaces them).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest

from bitva.core import CHANCE, Event, Game, NotSupported, Rng, State, all_games, derive_seed

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "battlelore": [{"adventure": "A02"}, {"adventure": "A03"}, {"adventure": "A04"}],
    "sniper-elite": [{"challenge": "radio"}, {"challenge": "dog"}],
    "age-of-sigmar": [
        {"battle": "scenery_and_sorcery"},
        {"battle": "open_deployment"},
        {"battle": "rolled_battlefield"},
    ],
}
# Where a game is known to break a property of the contract: (game, property) -> why. Each
# becomes a strict xfail, so the entry must go when the game is fixed.
KNOWN_GAPS: dict[tuple[str, str], str] = {}
# A playout longer than this is a game that does not end.
MAX_STEPS = 20_000
# Per-step properties check every step of a playout up to this long, and a sample of a longer
# one that keeps the first RARE_KIND steps of every kind of action (`Playout.checked_indices`).
# The default keeps the suite inside its time on 2 cores (a BattleLore playout runs to 5,000
# steps); BITVA_CONTRACT_STEPS=100000 checks every step of every playout (README).
CHECKED_STEPS = int(os.environ.get("BITVA_CONTRACT_STEPS", "600"))
RARE_KIND = 25


@dataclass(frozen=True)
class Case:
    """One game with one set of options."""

    game: Game[Any, Any]
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def values(self) -> dict[str, Any]:
        return dict(self.options)

    @property
    def id(self) -> str:
        if not self.options:
            return self.game.name
        return self.game.name + "[" + ",".join(f"{k}={v}" for k, v in self.options) + "]"

    def new(self, seed: int) -> State[Any]:
        return self.game.new(self.values, seed)


def derived_variants(game: Game[Any, Any]) -> list[dict[str, Any]]:
    """Default options, each boolean option that is off by default (or unset) switched on
    alone, and each seat count."""
    variants: list[dict[str, Any]] = [{}]
    fields = game.options_model.model_fields
    for name, info in fields.items():
        if info.annotation in (bool, bool | None) and info.default in (False, None):
            variants.append({name: True})
    low, high = game.traits.seats
    if "seats" in fields and low < high:
        variants += [{"seats": n} for n in range(low, high + 1)]
    return variants


def cases_of(game: Game[Any, Any], extra: list[dict[str, Any]]) -> list[Case]:
    """The derived variants of `game`, then the `extra` ones, each set of options once (a
    variant that spells out a default, such as the default seat count, is the same game)."""
    cases: list[Case] = []
    seen: list[dict[str, Any]] = []
    for values in derived_variants(game) + extra:
        resolved = game.options(values).model_dump()
        if resolved not in seen:
            seen.append(resolved)
            cases.append(Case(game, tuple(sorted(values.items()))))
    return cases


def all_cases() -> list[Case]:
    return [case for game in all_games() for case in cases_of(game, VARIANTS.get(game.name, []))]


CASES = all_cases()
CASE_IDS = [case.id for case in CASES]


def known_gaps(cases: list[Case], prop: str) -> list[Any]:
    """`cases` as pytest parameters, those with a known gap in `prop` marked strict xfail."""
    out: list[Any] = []
    for case in cases:
        reason = KNOWN_GAPS.get((case.game.name, prop))
        marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
        out.append(pytest.param(case, marks=marks, id=case.id))
    return out


def comparable(value: Any) -> Any:
    """A view with its lists of legal actions sorted (their order may follow internal piece
    numbers, which a position read back may number differently)."""
    if isinstance(value, dict):
        return {
            k: sorted(map(str, v))
            if k == "legal_actions" and isinstance(v, list)
            else comparable(v)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [comparable(v) for v in value]
    return value


# -- playouts ------------------------------------------------------------------------------------
def random_action(state: State[Any], rng: Rng) -> Any:
    """A chance outcome drawn with its probability, or a seat's action drawn uniformly."""
    if state.is_chance:
        return state.sample_chance(rng)
    if state.game.traits.enumerable:
        return rng.choice(state.legal_actions())
    return rng.choice(state.candidate_actions(rng, 16))


@dataclass
class Step:
    """One step of a playout: the state before it (a clone), who acted, what, and its events."""

    before: State[Any]
    actor: int
    action: Any
    text: str
    events: list[Event]


@dataclass
class Playout:
    case: Case
    seed: int
    steps: list[Step] = field(default_factory=list)
    final: State[Any] | None = None

    @property
    def states(self) -> list[State[Any]]:
        """Every state reached, the final one included (clones: safe to read, not to change)."""
        assert self.final is not None
        return [step.before for step in self.steps] + [self.final]

    def sample(self, count: int) -> list[State[Any]]:
        """About `count` states spread evenly over the game, the first and last included."""
        states = self.states
        stride = max(1, len(states) // max(1, count))
        chosen = states[::stride]
        if chosen[-1] is not states[-1]:
            chosen.append(states[-1])
        return chosen

    def chance_steps(self) -> list[Step]:
        return [step for step in self.steps if step.actor == CHANCE]

    def checked_indices(self, limit: int = CHECKED_STEPS) -> list[int]:
        """The steps a per-step property checks: all of them in a game of up to `limit` steps;
        in a longer one (a BattleLore game runs to 5,000) the first `RARE_KIND` steps of each
        kind of action (the first word of its text, so no rare kind is skipped) and an even
        stride through the rest, about `limit` in all."""
        if len(self.steps) <= limit:
            return list(range(len(self.steps)))
        seen: dict[str, int] = {}
        chosen: set[int] = set()
        for index, step in enumerate(self.steps):
            kind = step.text.split(" ", 1)[0]
            seen[kind] = seen.get(kind, 0) + 1
            if seen[kind] <= RARE_KIND:
                chosen.add(index)
        stride = max(1, len(self.steps) // max(1, limit - len(chosen)))
        chosen.update(range(0, len(self.steps), stride))
        return sorted(chosen)

    def checked_steps(self, limit: int = CHECKED_STEPS) -> list[Step]:
        return [self.steps[index] for index in self.checked_indices(limit)]


def play(case: Case, seed: int) -> Playout:
    """A seeded random playout to the end, applied with the checked `apply`."""
    state = case.new(seed)
    rng = Rng(derive_seed(seed, "playout"))
    playout = Playout(case, seed)
    while state.current_player is not None:
        if len(playout.steps) >= MAX_STEPS:
            raise AssertionError(f"{case.id} seed {seed}: no end after {MAX_STEPS} steps")
        actor = state.current_player
        action = random_action(state, rng)
        before = state.clone()
        events = state.apply(action)
        playout.steps.append(Step(before, actor, action, state.action_text(action), events))
    playout.final = state
    return playout


@cache
def playout(case: Case, seed: int) -> Playout:
    """The cached playout of `case` with `seed` (shared by the property tests)."""
    return play(case, seed)


PLAYOUT_SEEDS = (1, 2)


def playouts(case: Case) -> Iterator[Playout]:
    for seed in PLAYOUT_SEEDS:
        yield playout(case, seed)


def sample_states(case: Case, per_playout: int = 12) -> list[State[Any]]:
    return [state for p in playouts(case) for state in p.sample(per_playout)]


# -- helpers -------------------------------------------------------------------------------------
def snapshot(state: State[Any]) -> str:
    """The whole state (RNG included) as canonical JSON text, to prove nothing changed."""
    return json.dumps(state.to_json(), sort_keys=True)


def has_codes(state: State[Any]) -> bool:
    try:
        state.game.num_action_codes(state.options)
    except NotSupported:
        return False
    return True


def listed(state: State[Any]) -> bool:
    """Whether the game lists its actions (enumerable) rather than checking them (parametric)."""
    return state.game.traits.enumerable


def choices(state: State[Any]) -> list[Any]:
    """The legal actions, or at a chance node the outcomes; for a parametric game, candidates."""
    if state.is_chance or state.game.traits.enumerable:
        return state.legal_actions()
    return state.candidate_actions(Rng(0), 16)


def action_pools(case: Case) -> tuple[list[tuple[str, Any]], list[tuple[str, Any]]]:
    """Every seat action and every chance outcome played in the case's playouts, as (text,
    action), deduplicated by text: the actions legal somewhere in the game."""
    seat: dict[str, Any] = {}
    chance: dict[str, Any] = {}
    for p in playouts(case):
        for step in p.steps:
            pool = chance if step.actor == CHANCE else seat
            pool.setdefault(step.text, step.action)
    return list(seat.items()), list(chance.items())
