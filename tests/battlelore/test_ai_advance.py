"""The side to act's impatience in BattleLore's evaluation (`ai/heuristics.py: impatience`,
docs/ai.md "Stalled games"): only banners end a game (BL-16.1), so after `patience` turns the
side to act gains by closing in on the enemy, more with every turn, and two armies that have
passed each other turn back to fight instead of standing at each other's edges for ever."""

from __future__ import annotations

from bitva.games.battlelore.ai.heuristics import DEFAULT, score
from tests.battlelore.engine_helpers import scene


def _south_value(south: str, north: str, turn: int) -> float:
    """South's evaluation with its sword on `south`, North's on `north`, South to act."""
    state = scene(("h_bf_sword", south, 1), ("h_bf_sword", north, 2), phase="draw")
    state.turn = turn
    return score(state, DEFAULT)


def test_bl_16_1_late_in_a_game_a_unit_past_the_enemy_turns_back_to_it() -> None:
    """A South sword at North's edge (row 9), the only enemy at South's edge (row 1), both out
    of reach: early on the edge reads best (the advance term); long past `patience`, a row
    back toward the enemy reads better, and more so the longer the game has gone on."""
    early = DEFAULT.patience
    assert _south_value("F8", "F1", early) < _south_value("F9", "F1", early)
    late = DEFAULT.patience + 100
    assert _south_value("F8", "F1", late) > _south_value("F9", "F1", late)
    later = late + 100
    gain_late = _south_value("F6", "F1", late) - _south_value("F9", "F1", late)
    gain_later = _south_value("F6", "F1", later) - _south_value("F9", "F1", later)
    assert gain_later > gain_late > 0


def test_issue_21_3_a_game_of_usual_length_is_evaluated_as_before() -> None:
    """Up to `patience` turns the term is nothing: the same position reads the same at turn 1
    and at turn `patience`."""
    for south in ("F2", "F5", "F8"):
        assert _south_value(south, "F1", 1) == _south_value(south, "F1", DEFAULT.patience)
