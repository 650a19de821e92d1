"""States as data: JSON round trips, independent clones, deterministic digests, positions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from bitva.core import NotSupported, PositionError, Rng, State, all_games, derive_seed
from tests.conftest import ROOT

from .cases import (
    CASE_IDS,
    CASES,
    PLAYOUT_SEEDS,
    Case,
    choices,
    comparable,
    known_gaps,
    play,
    playout,
    playouts,
    random_action,
    sample_states,
    snapshot,
)
from .checks import missing_games

CLONE_STEPS = 300  # how far a clone is played before the original is compared


def texts(state: State[Any]) -> list[str]:
    if state.current_player is None:
        return []
    return [state.action_text(a) for a in choices(state)]


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_json_round_trip_keeps_the_state_and_its_legal_actions(case: Case) -> None:
    for state in sample_states(case):
        data = state.to_json()
        assert "rng" in data
        again = case.game.state_from_json(json.loads(json.dumps(data)))
        assert again.to_json() == data
        assert again.digest() == state.digest()
        assert again.rng.state == state.rng.state
        assert again.current_player == state.current_player
        assert again.decision == state.decision
        assert texts(again) == texts(state)
        assert again.outcome == state.outcome


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_moving_a_clone_leaves_the_original_unchanged(case: Case) -> None:
    rng = Rng(derive_seed(3, case.id))
    for state in sample_states(case, 8):
        if state.current_player is None:
            continue
        before = snapshot(state)
        clone = state.clone()
        assert snapshot(clone) == before
        # far enough to touch every part a turn changes; not always to the end (a BattleLore
        # game from its first state runs to 5,000 steps)
        for _ in range(CLONE_STEPS):
            if clone.current_player is None:
                break
            clone.apply(random_action(clone, rng))
        assert snapshot(state) == before
        # and the other way round: moving the original leaves a clone alone
        original = state.clone()
        copy = original.clone()
        kept = snapshot(copy)
        original.apply(random_action(original, rng))
        assert snapshot(copy) == kept


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_digests_are_deterministic(case: Case) -> None:
    """The same seed and the same actions give the same digests, run after run."""
    for seed in PLAYOUT_SEEDS:
        first = playout(case, seed)  # the shared one: this run's twin is the fresh `second`
        second = play(case, seed)
        assert [s.text for s in first.steps] == [s.text for s in second.steps]
        indices = first.checked_indices()
        digests = [first.steps[i].before.digest() for i in indices]
        assert digests == [second.steps[i].before.digest() for i in indices]
        assert len(set(digests)) > 1


def digest_lines(seed: int) -> list[str]:
    """One line per case: its id and the digests of a playout (what the subprocess prints)."""
    return [
        case.id + " " + ",".join(s.before.digest() for s in play(case, seed).checked_steps())
        for case in CASES
    ]


def test_digests_do_not_depend_on_the_process_hash_seed() -> None:
    """Digests computed in another process with another PYTHONHASHSEED (set and dict orders
    of strings change with it) are the same."""
    script = (
        "from tests.contract.test_serialization import digest_lines\n"
        "print('\\n'.join(digest_lines(7)))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert out.stdout.splitlines() == digest_lines(7)


def positions(case: Case) -> list[tuple[State[Any], str]]:
    """Live states of the playouts with the position text the game writes for them (positions
    it does not write, such as a half-dealt chance node, are left out)."""
    out = []
    # 40 a playout: Lore games stop mostly at windows and rolls, which no position file holds
    for state in sample_states(case, 40):
        if state.current_player is None:
            continue
        try:
            out.append((state, case.game.write_position(state)))
        except PositionError:
            continue
    return out


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_positions_round_trip(case: Case) -> None:
    """`read_position(write_position(s))` writes the same text, with the same player to move and
    the same legal actions (their order may follow the game's internal numbering of pieces)."""
    game = case.game
    if game.position_suffix is None:
        with pytest.raises(NotSupported):
            game.write_position(case.new(0))
        pytest.skip(f"{game.name} has no position notation")
    written = positions(case)
    assert len(written) >= 4, "the game writes almost none of the positions of a playout"
    for state, text in written:
        again = game.read_position(text, "(contract)")
        assert game.write_position(again) == text
        assert again.current_player == state.current_player
        assert again.decision == state.decision
        assert sorted(texts(again)) == sorted(texts(state))


@pytest.mark.parametrize("case", known_gaps(CASES, "position-views"), ids=CASE_IDS)
def test_positions_read_back_look_the_same_to_every_seat(case: Case) -> None:
    if case.game.position_suffix is None:
        pytest.skip(f"{case.game.name} has no position notation")
    for state, text in positions(case):
        again = case.game.read_position(text)
        for seat in [None, *range(1, state.seats + 1)]:
            assert comparable(again.view(seat)) == comparable(state.view(seat)), (
                f"seat {seat} at {state.decision}"
            )


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_positions_read_back_play_on(case: Case) -> None:
    """A position read back is a whole state: it plays to the end."""
    if case.game.position_suffix is None:
        pytest.skip(f"{case.game.name} has no position notation")
    rng = Rng(derive_seed(11, case.id))
    for _, text in positions(case)[1::4]:
        again = case.game.read_position(text)
        while again.current_player is not None:
            again.apply(random_action(again, rng))
        assert again.outcome is not None
        assert len(again.outcome.returns) == again.seats


def test_every_registered_game_is_played_and_every_case_plays() -> None:
    assert not missing_games(CASES, all_games())
    for case in CASES:
        assert next(iter(playouts(case))).final is not None
