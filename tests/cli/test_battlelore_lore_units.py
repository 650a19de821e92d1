"""The terminal asks the new decision of issue 23 in plain words: Forced March's and Stealth's
units chosen one at a time (BL-13.4, `lore/several.py`), the units chosen so far named in the
question and each legal next unit listed by its name."""

from __future__ import annotations

from bitva.cli.games.battlelore_words import action_label, question
from tests.battlelore.engine_helpers import play, texts
from tests.battlelore.test_lore_several import at_window


def test_bl_13_4_the_question_names_the_card_and_the_units_chosen_so_far() -> None:
    state = play(at_window(warrior=3), "lore WR05 C2", "add E2")
    view = state.view(1)
    assert question(view) == (
        "Forced March for Footmen (C2), Footmen (E2): add one more of your units,"
        " or 'done' (BL-13.4)"
    )
    labels = [action_label(view, text) for text in texts(state)]
    assert labels == [
        "add Footmen (B2)",
        "add Footmen (D2)",
        "done: play the card on these units",
    ]
