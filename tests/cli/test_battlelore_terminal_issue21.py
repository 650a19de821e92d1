"""Issue 21 in BattleLore's terminal, points 5 and 7: a Lore card in the menu with its targets by
name and what it really costs this seat (BL-13.5, 3 more without its master: BL-14.4); `? CARD`
shows a card's text; the opening choice says how many cards to keep (BL-14.3: 2 in A02, 3 in
A04); no card id reaches the player (help, menu, refusals); a typed hex is the one action it
names, or one reason why not ("F4 has already moved"); `a` at the Command step says what it
shows in plain words. The screens at 80x24 through a real pseudo-terminal (pyte)."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console

from bitva.cli.games.battlelore import ADAPTER, HELP, analysis_tables
from bitva.cli.games.battlelore_lore import card_help, keep_words
from bitva.cli.games.battlelore_typed import hex_answer, in_player_words
from bitva.cli.games.battlelore_words import action_label
from bitva.core.rng import Rng
from bitva.games.battlelore.catalogue.load import load_catalogue
from bitva.games.battlelore.game import GAME
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import play, scene
from tests.cli.terminal_session import TerminalSession

CARD_ID = re.compile(r"\b(?:[A-Z]{2}\d{2}|[A-Z]+_[A-Z_]*[LCR])\b")


def dealt(adventure: str, seed: int = 3) -> BattleLoreState:
    """The adventure up to its first `keep-lore` decision (the deals and boxes resolved)."""
    state = GAME.new({"adventure": adventure}, seed)
    while state.decision != "keep-lore":
        state.apply(state.sample_chance(Rng(seed)))
    return state


def lore_scene() -> BattleLoreState:
    """South (Wizard 1, Cleric 1) at its Command step holding Lore cards of three schools."""
    state = scene(
        ("h_bf_sword", "F4", 1), ("h_bf_sword", "F5", 2),
        lore=True, phase="command", ordered=(), orders=None, hands=(["PATROL_C"], []),
        goblets=(9, 9),
    )  # fmt: skip
    state.councils = [{"wizard": 1, "cleric": 1}, {"cleric": 1}]
    state.lore_hands = {1: ["WZ01", "RG02", "WZ05"], 2: []}
    return state


def test_issue_21_5_bl_14_3_the_opening_choice_says_how_many_to_keep() -> None:
    a02, a04 = dealt("A02"), dealt("A04")
    assert keep_words(a02, 1) == "Keep 2 of the 4 Lore cards dealt to you, one at a time"
    assert keep_words(a04, 1).startswith("Keep 3 of the 4 Lore cards dealt to you")
    heading = ADAPTER.heading(a02, 1)
    assert heading is not None and heading.endswith("(BL-14.3)")
    a02.apply(a02.legal_actions()[0])  # one kept: one more of the three left
    assert keep_words(a02, 1) == (
        "Keep 2 of the 4 Lore cards dealt to you, one at a time: 1 more to choose"
    )


def test_issue_21_5_bl_14_4_a_lore_card_in_the_menu_costs_what_it_really_costs() -> None:
    state = lore_scene()
    view = state.view(1)
    assert action_label(view, "lore WZ01 F5") == "play the Lore card Fire Bolt on F5 — 2 Lore"
    foil = action_label(view, "lore RG02")  # a Rogue card, and no Rogue in the council
    assert foil == "play the Lore card Foil — 5 Lore (+3: no Rogue)"


def test_issue_21_7_dispel_names_the_card_it_cancels_and_costs_what_it_paid() -> None:
    state = lore_scene()
    view = state.view(1)
    view["played"]["lore"] = [{"card": "CL04", "seat": 2, "paid": 2, "level": 1}]
    label = action_label(view, "lore WZ05 CL04")
    assert label == "play the Lore card Dispel on Blinding Flash — 2 Lore"
    assert not CARD_ID.search(label)


def test_issue_21_5_question_mark_card_shows_its_text_and_cost() -> None:
    view = lore_scene().view(1)
    catalogue = load_catalogue()
    shown = card_help(view, "fire bolt")
    assert shown.startswith("Fire Bolt (Lore card: Wizard; costs 2 Lore): ")
    assert shown.endswith(catalogue.lore["WZ01"].text)
    assert "costs 5 Lore (3 more: no Rogue in your council)" in card_help(view, "RG02")
    assert "cancelled card's owner paid" in card_help(view, "Dispel")
    assert card_help(view, "patrol centre").startswith("Patrol Centre (Command card): ")
    assert "No card is called 'nonsense'" in card_help(view, "nonsense")


def test_issue_21_7_no_card_id_in_the_help_or_the_refusals() -> None:
    assert not CARD_ID.search(HELP) and "'l'" in HELP and "'? " in HELP
    said = in_player_words("SCOUT_L is not in your hand (BL-2.1)")
    assert said == "Scout Left Flank is not in your hand (BL-2.1)"
    unread = in_player_words(
        "cannot read 'x': write e.g. play PATROL_C, order F4, move F4 F6, battle F4 G5, done"
    )
    assert unread.startswith("cannot read 'x': type the number of a choice, or a hex")
    assert not CARD_ID.search(unread)


def test_issue_21_7_a_typed_hex_is_its_one_action_or_one_reason() -> None:
    state = scene(("h_bf_sword", "F4", 1), ("h_bf_sword", "D2", 1), ("h_bf_sword", "F7", 2))
    state.phase = "move"  # F4 and D2 ordered; F4 has moved
    play(state, "move F4 F5")
    action, reason = hex_answer(state, 1, "F5")
    assert action is None and reason == "Footmen F5 has already moved"
    action, reason = hex_answer(state, 1, "C4")
    assert action is None and reason == "There is no unit on C4"
    action, reason = hex_answer(state, 1, "F7")
    assert reason == "Footmen F7 is an enemy unit: choose one of yours"
    action, reason = hex_answer(state, 1, "D2")
    assert action is None and reason is not None and reason.startswith("D2 may move to ")
    command = lore_scene()
    action, reason = hex_answer(command, 1, "F4")
    assert reason == "F4 cannot be used now: choose a Command card (type its number)"


def test_issue_21_7_the_analysis_at_the_command_step_says_what_it_shows() -> None:
    console = Console(width=100, record=True, file=io.StringIO())
    empty = {"active": "south", "step": "move", "battles": [], "moves": {}}
    console.print(analysis_tables(empty, "player 1", "command"))
    text = console.export_text()
    assert "move step" not in text and "South has ordered no unit yet" in text
    console.print(analysis_tables(empty, "player 1", "move"))
    assert "player 1: where each unit South has ordered may move" in console.export_text()


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_issue_21_4_5_7_log_page_card_text_and_a_hex_at_80x24(tmp_path: Path) -> None:
    """A02 on an 80x24 pseudo-terminal: the keep question says how many; `? Fire Bolt` shows
    the card's text on a page; `l` the log; a hex at the Command step one reason."""
    args = ["play", "battlelore", "--adventure", "A02", "--p1", "human", "--p2", "random"]
    save = tmp_path / "game.json"
    session = TerminalSession([*args, "--seed", "1", "--save", str(save)], tmp_path / "data")
    try:
        session.wait_for("P1: choice (1-")
        assert "Keep 2 of the 4 Lore cards dealt to you" in session.text
        assert not CARD_ID.search(session.text)
        session.answer_and_wait("? Fire Bolt", "Enter")
        assert "Fire Bolt (Lore card: Wizard; costs" in session.text
        session.answer_and_wait("", "P1: choice (1-")
        session.answer_and_wait("l", "Enter")
        assert "The log, the latest last:" in session.text
        session.answer_and_wait("", "P1: choice (1-")
        session.answer_and_wait("C4", "P1: choice (1-")
        assert "C4 cannot be used now: choose from the list (type its number)" in session.text
        assert "cannot read" not in session.text
        assert max(len(row) for row in session.rows) <= 80
    finally:
        session.close()


def test_issue_21_7_a_card_is_typed_by_its_printed_name() -> None:
    """A player types the card he sees ("play Patrol Centre"), not the engine's id."""
    from bitva.cli.games.battlelore_names import command_title
    from bitva.cli.games.battlelore_typed import with_card_ids

    state = lore_scene()
    view = state.view(1)
    plays = [state.action_text(a) for a in state.legal_actions()]
    commands = [text.split()[1] for text in plays if text.startswith("play ") and "_" in text]
    assert commands, plays
    for ident in commands:
        typed = with_card_ids(view, f"play {command_title(ident).lower()}")
        assert typed == f"play {ident}"
        assert state.action_text(state.parse_action(typed)) in plays
    assert with_card_ids(view, "play no such card") == "play no such card"
