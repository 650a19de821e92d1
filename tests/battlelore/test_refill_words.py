"""Issue 21.1: the Lore refill (BL-15.2) is labelled by what each option does, from the one
table of the engine (`lore.REFILL_CHOICES`) that the engine's options, the terminal's menu and
log and the browser's words (through the server adapter's catalogue) all read: the option a
label names is the option the engine then plays, and the log line agrees with both."""

from __future__ import annotations

import re

import pytest

from bitva.cli.games.battlelore_words import action_label, describe_event
from bitva.games.battlelore.actions import REFILL_OPTIONS
from bitva.games.battlelore.lore.economy import REFILL_CHOICES
from bitva.games.battlelore.lore.economy import REFILL_OPTIONS as REFILL_COUNTS
from bitva.games.battlelore.state import BattleLoreState
from bitva.server.games.battlelore import catalogue_json
from tests.battlelore.engine_helpers import play, texts
from tests.battlelore.test_lore_turn import refill_scene


def counted(label: str, card: str, token: str) -> tuple[int, int]:
    """(cards, tokens) a label promises: "Draw 2 Lore cards, keep 1" is 2 cards and no token."""
    cards = re.search(rf"(\d) {card}", label)
    tokens = re.search(rf"(\d) (?:Lore )?{token}", label)
    return (int(cards.group(1)) if cards else 0, int(tokens.group(1)) if tokens else 0)


def at_refill() -> BattleLoreState:
    state = refill_scene()
    play(state, "done", "deal PATROL_C")
    assert state.decision == "refill"
    return state


def test_bl_15_2_the_engine_reads_its_options_from_the_one_table() -> None:
    assert REFILL_OPTIONS == ("a", "b", "c") == tuple(REFILL_CHOICES)
    assert {k: (c.cards, c.keep, c.tokens) for k, c in REFILL_CHOICES.items()} == REFILL_COUNTS


@pytest.mark.parametrize("option", ["a", "b", "c"])
def test_bl_15_2_the_terminal_option_does_what_its_label_says(option: str) -> None:
    state = at_refill()
    assert texts(state) == ["refill a", "refill b", "refill c"]
    label = action_label(state.view(1), f"refill {option}", None)
    expected = {
        "a": "draw 2 Lore cards, keep 1",
        "b": "1 Lore card and 1 token",
        "c": "2 Lore tokens",
    }
    assert label == expected[option]
    cards, tokens = counted(label, "Lore card", "token")
    before = state.bank.goblets[0]
    events = state.apply(f"refill {option}")
    drawn = 0
    while state.decision == "lore-deal":
        drawn += 1
        state.apply(str(state.chance_outcomes()[0][0]))
    assert (drawn, state.bank.goblets[0] - before) == (cards, tokens)
    # the log says the same as the menu, and the token line agrees with it
    lines = [describe_event(e.for_seat(1)) for e in events]
    assert f"South refills: {label}" in lines
    if tokens:
        assert f"South takes {tokens} Lore token{'s' if tokens > 1 else ''}" in lines


def test_bl_15_2_the_browser_words_come_from_the_engine_table_in_both_languages() -> None:
    """The server adapter's catalogue carries the table: the browser labels its buttons and its
    log line from it, never from a table of its own."""
    sent = catalogue_json()["refill"]
    assert list(sent) == ["a", "b", "c"]
    for option, choice in REFILL_CHOICES.items():
        assert sent[option] == {
            "label": choice.label,
            "label_cs": choice.label_cs,
            "cards": choice.cards,
            "keep": choice.keep,
            "tokens": choice.tokens,
        }
        assert counted(choice.label, "Lore card", "token") == (choice.cards, choice.tokens)
        # Czech: "Líznout 2 karty Lore", "1 kartu Lore", "2 žetony Lore"
        assert counted(choice.label_cs, "kart", "žeton") == (choice.cards, choice.tokens)
    assert sent["b"]["label_cs"] == "1 kartu Lore a 1 žeton"
