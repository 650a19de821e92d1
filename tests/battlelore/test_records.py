"""BattleLore's record format: format 2 records the cards BL-14.3 boxes as chance outcomes,
format 3 reads BL-15.3 as the seed does (no refill lost). A format-1 record without Lore replays
as it is; one with Lore is refused in one clear line. A format-2 record (fixtures/records, made
by that version's code) replays with today's digests unless it skipped a refill. A format-3
record names all of Forced March's units in one play; format 4 chooses them one at a time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bitva.core import Rng
from bitva.core.errors import RecordError
from bitva.core.record import GameRecord, Match, verify
from bitva.games.battlelore import GAME


def recorded(adventure: str, steps: int = 60) -> Match:
    match = Match("battlelore", {"adventure": adventure}, 3)
    rng = Rng(1)
    while match.state.current_player is not None and len(match.record.actions) < steps:
        match.apply(rng.choice(match.state.legal_actions()))
    return match


def test_bl_14_3_records_the_boxed_cards_and_replays() -> None:
    match = recorded("A02")
    assert match.record.format == GAME.record_format == 4
    assert any(text.startswith("box ") for text in match.record.actions)
    assert verify(match.record).digest() == match.state.digest()


def test_a_format_1_record_without_lore_replays_as_it_is() -> None:
    match = recorded("A01")
    old = match.record.model_copy(update={"format": 1})
    assert verify(old).digest() == match.state.digest()


def test_bl_14_3_a_format_1_record_with_lore_is_refused_in_one_line() -> None:
    old = recorded("A02").record.model_copy(update={"format": 1})
    with pytest.raises(RecordError, match=r"recorded before .* \(BL-14\.3\)"):
        verify(old)


RECORDS = Path(__file__).resolve().parent / "fixtures" / "records"  # written by older code


def format_2(name: str) -> GameRecord:
    record = GameRecord.load(RECORDS / f"format-2-{name}.json")
    assert record.format == GAME.record_format == 4  # loading migrated it
    return record


def test_bl_15_3_a_format_2_game_replays_with_todays_digests_and_its_outcome() -> None:
    raw = json.loads((RECORDS / "format-2-a01.json").read_text(encoding="utf-8"))
    assert raw["format"] == 2
    record = format_2("a01")
    assert record.digests != raw["digests"]  # the state lost BL-15.3's old flag
    assert record.actions == raw["actions"] and len(record.digests) == len(raw["digests"])
    state = verify(record)
    assert state.outcome is not None and record.outcome == raw["outcome"]


def test_bl_15_3_a_format_2_lore_game_in_which_no_refill_was_skipped_goes_on() -> None:
    record = format_2("a04-lore")
    state = verify(record)
    assert state.current_player is not None and len(record.digests) == len(record.actions)


def test_bl_15_3_a_format_2_game_that_skipped_a_refill_is_refused_naming_the_step() -> None:
    with pytest.raises(RecordError, match=r"step 267 .* next refill \(BL-15\.3") as refused:
        GameRecord.load(RECORDS / "format-2-a02-refill-skipped.json")
    assert "\n" not in str(refused.value)


def test_issue_23_a_format_3_forced_march_of_several_units_becomes_one_unit_at_a_time() -> None:
    """Written by format 3's code (a random A02 game, seed 2, on a worktree of 9c87cb2): step
    2,430 is `lore WR05 A2 H1`, and `lore WR05 D7` was played where more units could follow.
    Format 4 chooses the units one at a time (`lore/several.py`)."""
    path = RECORDS / "format-3-a02-forced-march.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["format"] == 3 and "lore WR05 A2 H1" in raw["actions"]
    record = GameRecord.load(path)
    assert record.format == GAME.record_format == 4
    at = record.actions.index("lore WR05 A2")
    assert record.actions[at + 1] == "add H1"  # level 1 (no Warrior, BL-14.4): 2 units, no done
    single = record.actions.index("lore WR05 D7")
    assert record.actions[single + 1] == "done"  # D7 alone, though others were eligible
    assert not any(len(a.split()) > 3 for a in record.actions if a.startswith("lore WR05"))
    assert len(record.actions) == len(record.digests) == len(raw["actions"]) + 2
    # the same game: the steps after the play are the same and the record verifies
    assert record.actions[at + 2 :] == raw["actions"][raw["actions"].index("lore WR05 A2 H1") + 1 :]
    state = verify(record)
    assert state.digest() == record.digests[-1]
