"""The contract's checks that need more than one line, as functions, so that the suite can show
each of them failing on a game with a planted fault (tests/contract/test_checks_fail.py)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from bitva.core import BitvaError, Game, IllegalAction, Rng, State, derive_seed

from .cases import Case, choices, derived_variants, snapshot

# How a refusal names the rule it breaks: a game's rule (LW-7.2, BL-15.3, SE-6.4, DC-3) or the
# contract's own (CORE-1, docs/architecture.md "Refusals").
RULE = re.compile(r"^[A-Z][A-Z0-9]*-[\w.]+$")


def assert_refused(state: State[Any], action: Any, kind: type[BitvaError]) -> BitvaError:
    """`action` raises `kind` with a one-line message, and the state is exactly as before; an
    illegal action names the rule it breaks."""
    before = snapshot(state)
    with pytest.raises(kind) as info:
        state.apply(action)
    error = info.value
    assert str(error).strip(), "an error without a message"
    assert "\n" not in str(error), "an error message on more than one line"
    rule = getattr(error, "rule", None)
    if isinstance(error, IllegalAction):
        assert rule is not None, f"a refusal that names no rule: {error}"
    assert rule is None or RULE.match(rule), rule
    assert snapshot(state) == before
    return error


def assert_codes_are_stable(game: Game[Any, Any], states: Sequence[State[Any]]) -> None:
    """Over the states of one game, the code space keeps its size and each code means the same
    action (read by its text) wherever it is legal."""
    sizes = {game.num_action_codes(state.options) for state in states}
    assert len(sizes) == 1, f"the code space changes size during a game: {sorted(sizes)}"
    (size,) = sizes
    meaning: dict[int, str] = {}
    for state in states:
        if state.current_player is None:
            continue
        for action in choices(state):
            code, text = state.encode_action(action), state.action_text(action)
            assert 0 <= code < size, (
                f"code {code} of {text!r} is outside the declared space of {size}"
            )
            first = meaning.setdefault(code, text)
            assert first == text, f"code {code} means {first!r} in one state, {text!r} in another"


def without_rng(state: State[Any]) -> dict[str, Any]:
    data = dict(state.to_json())
    data.pop("rng", None)
    return data


def assert_determinizations_deal_anew(
    game: Game[Any, Any], cases: Iterable[tuple[Case, Iterable[State[Any]]]]
) -> None:
    """A game with hidden information re-deals what a seat cannot see: some determinization of
    some state (of some variant) differs from the state in more than its RNG. A game that kept
    the default clone-and-reseed would pass the no-leak checks without hiding anything from its
    search."""
    changed = 0
    for case, states in cases:
        for state in states:
            if state.current_player is None:
                continue
            for seat in range(1, state.seats + 1):
                for k in range(3):
                    other = state.determinize(seat, Rng(derive_seed(k, case.id, seat, "deal")))
                    changed += without_rng(other) != without_rng(state)
    assert changed, f"{game.name}: no determinization changed anything hidden"


def missing_variants(cases: Iterable[Case], game: Game[Any, Any]) -> list[dict[str, Any]]:
    """The options derived from `game`'s model (cases.derived_variants) that no case plays
    (compared resolved: `{}` plays `{"seats": 2}` where 2 is the default)."""
    played = [game.options(case.values).model_dump() for case in cases if case.game is game]
    return [v for v in derived_variants(game) if game.options(v).model_dump() not in played]


def missing_games(cases: Iterable[Case], games: Iterable[Game[Any, Any]]) -> set[str]:
    """The registered games that no case plays."""
    return {game.name for game in games} - {case.game.name for case in cases}
