"""The game-agnostic core: registry, events, outcomes, records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bitva.core import BitvaError, Event, Outcome, all_games, get_game
from bitva.core.errors import RecordError
from bitva.core.record import GameRecord, Match, replay, verify
from bitva.core.rng import Rng


def test_registry_lists_games_without_knowing_them() -> None:
    names = [game.name for game in all_games()]
    assert "lords-of-war" in names
    assert get_game("Lords_of_War").name == "lords-of-war"
    with pytest.raises(BitvaError, match="unknown game"):
        get_game("chess")


def test_event_private_part_only_for_its_seat() -> None:
    event = Event("drew", {"player": 1, "count": 2}, private={"cards": ["A", "B"]}, private_to=1)
    assert event.for_seat(1) == {"kind": "drew", "player": 1, "count": 2, "cards": ["A", "B"]}
    assert event.for_seat(2) == {"kind": "drew", "player": 1, "count": 2}
    assert event.for_seat(None) == {"kind": "drew", "player": 1, "count": 2}


def test_outcome_returns_and_json() -> None:
    win = Outcome.win(2, 2, "units", {"units": 20}, "LW-8.1", {1: 3.0, 2: 5.0})
    assert win.returns == (-1.0, 1.0) and not win.is_draw and win.result == "win"
    assert Outcome.from_json(win.to_json()) == win
    assert Outcome.drawn(2, "tie").returns == (0.0, 0.0)
    three = Outcome.win(1, 3, "last-standing")
    assert three.returns == (1.0, -0.5, -0.5) and sum(three.returns) == 0
    lost = Outcome.solo(False, "sniper-killed", rule="SE-9.1", score=3)
    assert (lost.result, lost.returns, lost.winner, lost.scores) == ("loss", (-1.0,), None, {1: 3})
    points = Outcome.scored([12, 15], "victory-points", rule="AOS-1")
    assert (points.winner, points.returns, points.scores) == (2, (-1.0, 1.0), {1: 12.0, 2: 15.0})
    assert Outcome.from_json(points.to_json()) == points


def played_record(seed: int = 4) -> GameRecord:
    match = Match("lords-of-war", {"armies": "elves,lizardmen", "advanced": True}, seed)
    rng = Rng(seed)
    while match.state.current_player is not None:
        match.apply(rng.choice(match.state.legal_actions()))
    return match.record


def test_record_saves_loads_and_verifies(tmp_path: Path) -> None:
    record = played_record()
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    state = verify(loaded)
    assert state.outcome is not None
    assert loaded.outcome == state.outcome.to_json()
    assert len(list(replay(loaded))) == len(record.actions)


def test_verify_fails_loudly_on_a_divergence() -> None:
    record = played_record()
    tampered = record.model_copy(deep=True)
    tampered.digests[10] = "0" * 16
    with pytest.raises(RecordError, match="divergence after action 11"):
        verify(tampered)
    tampered = record.model_copy(deep=True)
    tampered.actions[0] = "deal Nobody"
    with pytest.raises(RecordError, match="action 1"):
        verify(tampered)
    tampered = record.model_copy(deep=True)
    tampered.actions[3] = "recall a1"
    with pytest.raises(RecordError, match="action 4"):
        verify(tampered)


def test_bad_record_files_are_clear_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match=r"bad\.json"):
        GameRecord.load(path)
    path.write_text(json.dumps({"game": "lords-of-war"}), encoding="utf-8")
    with pytest.raises(RecordError, match="seed"):
        GameRecord.load(path)
    with pytest.raises(RecordError, match="cannot read"):
        GameRecord.load(tmp_path / "missing.json")
    record = GameRecord(game="chess", seed=1)
    with pytest.raises(RecordError, match="unknown game"):
        verify(record)
