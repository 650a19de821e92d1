"""Issue 21, point 13: a position whose seat names a shipped army holds each card at most as
often as that army's core deck (LW-1.1): the same card in the hand and on the board, or one copy
tag (`Goblin Shanker#1`) twice in a hand, is refused naming the key and the rule. A custom deck of
the army (LW-10.3) says so with `custom = true`, and positions written from games of custom decks
carry it, so they still read back."""

from __future__ import annotations

from pathlib import Path

import pytest

from bitva.core import get_game
from bitva.core.errors import PositionError
from bitva.core.rng import Rng
from bitva.games.lords_of_war.position import parse_position, write_position

DECKS = Path(__file__).resolve().parents[2] / "examples/lords-of-war/decks"
TWO = '[players.2]\narmy = "dwarves"\nhand = ["Dwarf Slugger#1"]\n'


def orcs(hand: str, board: str = "", extra: str = "") -> str:
    return f'[players.1]\narmy = "orcs"\n{extra}hand = {hand}\n{TWO}[board]\n{board}'


@pytest.mark.parametrize(
    ("text", "key", "reason"),
    [
        (
            orcs('["Vanak Fleshripper"]', 'd2 = { owner = 1, card = "Vanak Fleshripper" }\n'),
            "players.1.hand[0]",
            "Vanak Fleshripper 2 times; the orcs core deck holds it once",
        ),
        (
            orcs('["Goblin Shanker#1", "Goblin Shanker#1"]'),
            "players.1.hand[1]",
            "Goblin Shanker#1 2 times; the orcs core deck holds it once",
        ),
        (
            orcs('["Orc Catapult"]', "", 'deck = ["Orc Catapult", "Orc Catapult"]\n'),
            "players.1.deck[1]",
            "Orc Catapult 3 times; the orcs core deck holds it twice",
        ),
    ],
    ids=["hand-and-board", "one-copy-tag-twice", "three-of-two"],
)
def test_issue21_p13_lw_1_1_a_core_deck_holds_each_card_as_often_as_it_ships(
    text: str, key: str, reason: str
) -> None:
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    assert (caught.value.key, caught.value.rule) == (key, "LW-1.1"), str(caught.value)
    assert reason in caught.value.reason
    assert "custom = true" in caught.value.reason  # how to say the deck is custom


def test_issue21_p13_lw_10_3_a_custom_deck_of_the_army_says_so_and_round_trips() -> None:
    text = orcs('["Goblin Shanker#1", "Goblin Shanker#1"]', "", "custom = true\n")
    state = parse_position(text)
    written = write_position(state)
    assert "custom = true" in written.split("[players.2]")[0]
    assert "custom" not in written.split("[players.2]")[1]  # the dwarves play their core deck
    assert write_position(parse_position(written)) == written


@pytest.mark.parametrize(
    ("text", "key", "reason"),
    [
        (orcs('["Orc Catapult"]', "", 'custom = "yes"\n'), "players.1.custom", "true or false"),
        (
            '[players.1]\narmy = "mercenaries"\ncustom = true\nhand = ["Orc Catapult"]\n' + TWO,
            "players.1.custom",
            "a seat that names a shipped army",
        ),
        (
            '[players.1]\ncustom = true\nhand = ["Orc Catapult"]\n',
            "players.1.custom",
            "a seat that names a shipped army",
        ),
    ],
)
def test_issue21_p13_custom_is_a_flag_of_a_shipped_army(text: str, key: str, reason: str) -> None:
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    assert caught.value.key == key and reason in caught.value.reason, str(caught.value)


def test_issue21_p13_positions_of_custom_deck_games_say_custom_and_read_back() -> None:
    """A game from a custom orc deck (six Orc Deathbringer#1; the core deck has two) writes its
    positions with `custom = true` for that seat only, and they read back the same."""
    game = get_game("lords-of-war")
    options = game.options({"armies": f"{DECKS / 'orc-berserkers.toml'},dwarves"})
    state = game.new(options, 4)
    rng = Rng(4)
    checked = 0
    while state.current_player is not None and checked < 6:
        if state.phase in ("deploy", "reinforce"):
            text = write_position(state)
            one, two = text.split("[players.2]")
            assert "custom = true" in one and "custom" not in two.split("[board]")[0]
            assert write_position(parse_position(text)) == text
            checked += 1
        if state.decision == "deal":
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert checked == 6


def test_issue21_p13_core_deck_games_write_no_custom_flag() -> None:
    game = get_game("lords-of-war")
    state = game.new(game.options({}), 2)
    rng = Rng(2)
    while state.phase not in ("deploy", "reinforce"):
        state.apply(
            state.sample_chance(rng)
            if state.decision == "deal"
            else rng.choice(state.legal_actions())
        )
    text = write_position(state)
    assert "custom" not in text
    assert write_position(parse_position(text)) == text
