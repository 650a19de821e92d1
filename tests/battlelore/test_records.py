"""BattleLore's record format: format 2 records the cards BL-14.3 boxes as chance outcomes.
A format-1 record without Lore replays as it is; one with Lore is refused in one clear line."""

from __future__ import annotations

import pytest

from bitva.core import Rng
from bitva.core.errors import RecordError
from bitva.core.record import Match, verify
from bitva.games.battlelore import GAME


def recorded(adventure: str, steps: int = 60) -> Match:
    match = Match("battlelore", {"adventure": adventure}, 3)
    rng = Rng(1)
    while match.state.current_player is not None and len(match.record.actions) < steps:
        match.apply(rng.choice(match.state.legal_actions()))
    return match


def test_bl_14_3_format_2_records_the_boxed_cards_and_replays() -> None:
    match = recorded("A02")
    assert match.record.format == GAME.record_format == 2
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
