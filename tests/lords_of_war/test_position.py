"""Position files (rules section 14): read, write, round trip, and a clear error for each fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from bitva.core import get_game
from bitva.core.errors import PositionError
from bitva.core.rng import Rng
from bitva.games.lords_of_war.position import (
    parse_position,
    read_position,
    save_position,
    write_position,
)
from bitva.games.lords_of_war.state import LordsOfWarState
from tests.lords_of_war.helpers import card, position_text

WALL = card("recruit", "infantry", 9)

EXAMPLES = sorted(
    Path(__file__).resolve().parents[2].joinpath("examples/lords-of-war").glob("*.toml")
)

SPEC_EXAMPLE = """
[options]
advanced = false
borderless = false
units_to_win = 20
commands_to_win = 4

[turn]
active = 1
phase = "deploy"
number = 7
extra_turn = 0

[players.1]
army = "orcs"
hand = ["Orc Catapult", "Goblin Shanker#1"]
deck = []
eliminated = ["Dwarf Slugger#1"]

[players.2]
army = "dwarves"
hand = []

[board]
d4 = { owner = 2, card = "Marauder*" }
e4 = { owner = 2, card = "Dwarf Slugger#1" }
d3 = { owner = 1, card = "Orc Deathbringer#1" }

[cards."Marauder*"]
rank = "veteran"
class = "infantry"
defence = 4
arrows = { front = 1, front-left = 2 }
"""


def same(a: LordsOfWarState, b: LordsOfWarState) -> bool:
    return a.to_json() == b.to_json()


def test_section_14_example_reads() -> None:
    state = parse_position(SPEC_EXAMPLE)
    assert state.phase == "deploy" and state.active == 1 and state.turn == 7
    mat = state.static.mat
    assert {mat.name(s): state.static.card_of(u).ref for s, u in state.board.items()} == {
        "d4": "Marauder*",
        "e4": "Dwarf Slugger#1",
        "d3": "Orc Deathbringer#1",
    }
    assert [state.static.card_of(u).ref for u in state.pile[1]] == ["Dwarf Slugger#1"]
    marauder = state.static.card_of(state.board[mat.parse("d4")])
    assert marauder.arrow_table() == {"front": 1, "front-left": 2}


def test_round_trip_is_exact() -> None:
    state = parse_position(SPEC_EXAMPLE)
    text = write_position(state)
    again = parse_position(text)
    assert same(state, again)
    assert write_position(again) == text


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_shipped_examples_round_trip(path: Path, tmp_path: Path) -> None:
    state = read_position(path)
    out = tmp_path / "out.toml"
    save_position(state, out)
    assert same(state, read_position(out))


def test_positions_from_random_games_round_trip() -> None:
    game = get_game("lords-of-war")
    rng = Rng(5)
    checked = 0
    for seed in range(12):
        state = game.new({"advanced": seed % 2 == 1, "borderless": seed % 3 == 0}, seed)
        assert isinstance(state, LordsOfWarState)
        while state.current_player is not None:
            if state.phase in ("deploy", "reinforce"):
                text = write_position(state)
                again = parse_position(text)
                assert write_position(again) == text
                assert sorted(map(str, again.legal_actions())) == sorted(
                    map(str, state.legal_actions())
                )
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


def test_square_pairs_name_squares_off_a_borderless_mat() -> None:
    state = parse_position("""
[options]
borderless = true
[players.1]
hand = ["Goblin Shanker#1"]
[board]
"-1,2" = { owner = 2, card = "Dwarf Slugger#1" }
"0,0" = { owner = 1, card = "Goblin Shanker#2" }
""")
    names = sorted(state.static.mat.name(s) for s in state.board)
    assert names == ["-1,2", "a1"]
    assert "-1,2" in write_position(state)
    assert same(state, parse_position(write_position(state)))


ERRORS = [
    (
        '[board]\nd4 = { owner = 2, card = "Dwarf Slugger#1" }\n"3,3" = { owner = 1, card = '
        '"Goblin Shanker#1" }\n',
        "board.3,3",
        "two cards on the square d4",
        "LW-6.1",
    ),
    ('[board]\nd4 = { card = "Dwarf Slugger#1" }\n', "board.d4", "needs an owner", "LW-2.1"),
    ('[turn]\nphase = "combat"\n', "turn.phase", "no phase 'combat'", "LW-5.1"),
    (
        '[board]\nd4 = { owner = 3, card = "Dwarf Slugger#1" }\n',
        "board.d4.owner",
        "one of [1, 2]",
        None,
    ),
    (
        '[board]\nh9 = { owner = 1, card = "Dwarf Slugger#1" }\n',
        "board.h9",
        "not a square",
        "LW-1.6",
    ),
    (
        '[board]\n"9,9" = { owner = 1, card = "Dwarf Slugger#1" }\n',
        "board.9,9",
        "off the mat",
        "LW-1.6",
    ),
    ('[board]\nd4 = { owner = 1, card = "Dwarf Slugger" }\n', "board.d4.card", "ambiguous", None),
    ('[board]\nd4 = { owner = 1, card = "Nobody" }\n', "board.d4.card", "unknown card", None),
    (
        '[players.1]\nhand = ["Goblin Shanker#1", "Goblin Shanker#1", "Goblin Shanker#1", '
        '"Goblin Shanker#1", "Goblin Shanker#1", "Goblin Shanker#1", "Goblin Shanker#1"]\n',
        "players.1.hand",
        "at most 6",
        "LW-9.1",
    ),
    ("[players.3]\nhand = []\n", "players.3", "players are 1 and 2", "LW-1.6"),
    ("[options]\nunits_to_win = 0\n", "options.units_to_win", "greater than or equal to 1", None),
    ("[options]\nspeed = 3\n", "options.speed", "unknown option", None),
    (
        '[cards."X"]\nrank = "captain"\nclass = "infantry"\ndefence = 3\n',
        'cards."X".rank',
        "general",
        None,
    ),
    (
        '[cards."X"]\nrank = "recruit"\nclass = "infantry"\ndefence = 3\narrows = { up = 2 }\n',
        'cards."X".arrows',
        "unknown arrow direction",
        None,
    ),
    (
        '[cards."X"]\nrank = "recruit"\nclass = "ranged"\ndefence = 3\n',
        'cards."X"',
        "a ranged unit needs",
        None,
    ),
    (
        '[turn]\nactive = 1\nphase = "deploy"\n[board]\nd4 = { owner = 1, card = '
        '"Goblin Shanker#1" }\n[board_state]\nplaced_this_turn = ["d4"]\n',
        "board_state.placed_this_turn",
        "at the start of phase 1",
        "LW-5.1",
    ),
    (
        '[turn]\nphase = "reinforce"\n[board_state]\ntook_part = ["d4"]\n',
        "board_state.took_part",
        "no unit on d4",
        None,
    ),
    (
        "[players.1]\neliminated = [" + ", ".join(['"Dwarf Slugger#1"'] * 20) + "]\n",
        "players.1.eliminated",
        "already have ended the game",
        "LW-8.1",
    ),
    ("[board\n", "(file)", "not valid TOML", None),
    ("[weather]\nrain = true\n", "weather", "unknown key", None),
]


@pytest.mark.parametrize(
    ("text", "key", "reason", "rule"), ERRORS, ids=[e[1] + ":" + e[2][:20] for e in ERRORS]
)
def test_bad_positions_name_key_reason_and_rule(
    text: str, key: str, reason: str, rule: str | None
) -> None:
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    error = caught.value
    assert error.key == key
    assert reason in error.reason
    assert error.rule == rule
    assert key in str(error)


def test_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(PositionError, match="cannot read"):
        read_position(tmp_path / "nope.toml")


def test_state_mid_turn_cannot_be_written() -> None:
    state = parse_position("""
[players.1]
hand = ["Orc Catapult"]
[board]
d3 = { owner = 1, card = "Goblin Shanker#1" }
e4 = { owner = 2, card = "Dwarf Slugger#1" }
c4 = { owner = 2, card = "Dwarf Slugger#2" }
""")
    state.apply(state.parse_action("Orc Catapult@d2"))
    assert state.phase == "shoot"
    with pytest.raises(PositionError, match="start of phase 1 or phase 3"):
        write_position(state)


# -- what a position also holds so that every seat sees it as before (D-14, D-16, LW-6.5) ---------
def test_d_16_known_hand_cards_round_trip_and_must_be_in_the_hand() -> None:
    text = position_text(hands={1: ["Orc Catapult", "Gonke Longtooth"]})
    state = parse_position(
        text.replace(
            'hand = ["Orc Catapult", "Gonke Longtooth"]',
            'hand = ["Orc Catapult", "Gonke Longtooth"]\nknown = ["Orc Catapult"]',
        )
    )
    assert state.view(2)["players"]["1"]["known_hand"] == ["Orc Catapult"]
    assert 'known = ["Orc Catapult"]' in write_position(state)
    with pytest.raises(PositionError) as info:
        parse_position(text.replace("[players.1]", '[players.1]\nknown = ["Orc Warhog#1"]'))
    assert (info.value.key, info.value.rule) == ("players.1.known", "D-16")


def test_lw_6_5_reveals_are_public_history_that_round_trips() -> None:
    text = position_text(hands={1: ["Orc Catapult"]}) + (
        '\n[[reveals]]\nturn = 3\nplayer = 1\ncards = ["Orc Catapult", "Gonke Longtooth"]\n'
    )
    state = parse_position(text)
    assert state.view(None)["reveals"] == [
        {"turn": 3, "player": 1, "cards": ["Orc Catapult", "Gonke Longtooth"]}
    ]
    assert parse_position(write_position(state)).reveals == state.reveals
    with pytest.raises(PositionError, match="reveals"):
        parse_position(position_text() + "\n[[reveals]]\nturn = 1\nplayer = 3\ncards = []\n")


def test_d_14_declared_shots_hold_for_the_turn_and_round_trip() -> None:
    cards = {"R": card("recruit", "ranged", 3, ranged=(2, [[0, 1], [0, 2]])), "E": WALL}
    text = position_text(
        board={"d2": (1, "R"), "d4": (2, "E")}, phase="reinforce", cards=cards, placed=["d2"]
    )
    state = parse_position(
        text.replace(
            'placed_this_turn = ["d2"]', 'placed_this_turn = ["d2"]\nshots = { d2 = "d4" }'
        )
    )
    assert state.view(1)["shots"] == {"d2": "d4"}
    assert parse_position(write_position(state)).view(1)["shots"] == {"d2": "d4"}
    at_deploy = position_text(board={"d2": (1, "R"), "d4": (2, "E")}, cards=cards)
    with pytest.raises(PositionError) as info:
        parse_position(at_deploy + '\n[board_state]\nshots = { d2 = "d4" }\n')
    assert info.value.rule == "LW-5.1"
    with pytest.raises(PositionError) as info:
        parse_position(text.replace('placed_this_turn = ["d2"]', 'shots = { d4 = "d2" }'))
    assert info.value.rule == "LW-7.2"


# -- positions a real game cannot reach (issue 10, point 11) -------------------------------------
DECKS = Path(__file__).resolve().parents[2] / "examples/lords-of-war/decks"
ARMIES = '[players.1]\narmy = "orcs"\n{one}\n[players.2]\narmy = "dwarves"\n{two}\n'
ORC = 'hand = ["Goblin Shanker#1"]'
DWARF = 'hand = ["Dwarf Slugger#1"]'


def armies(one: str = ORC, two: str = DWARF, head: str = "") -> str:
    return head + ARMIES.format(one=one, two=two)


def refs(ref: str, times: int) -> str:
    return "[" + ", ".join([f'"{ref}"'] * times) + "]"


IMPOSSIBLE = [
    ("", "players", "no card at all", "LW-4"),
    (armies(one=""), "players.1", "no cards", "LW-4.1"),
    ('[players.1]\narmy = "hobbits"\n' + ORC, "players.1.army", "unknown army", "LW-3.1"),
    (
        armies(one='hand = ["Gonke Longtooth", "Gonke Longtooth"]'),
        "players.1",
        "2 Generals; a deck holds one",
        "LW-1.1",
    ),
    (
        armies(one=f"hand = []\ndeck = {refs('Goblin Shanker#1', 60)}"),
        "players.1",
        "60 cards; a deck holds 36",
        "LW-1.1",
    ),
    (
        armies(one=f"hand = []\ndeck = {refs('Goblin Shanker#1', 9)}"),
        "players.1",
        "9 recruit cards; a deck holds 8",
        "LW-1.1",
    ),
    (
        armies(one='hand = ["Goblin Shanker#1", "Dwarf Slugger#2"]'),
        "players.1.hand[1]",
        "Dwarf Slugger#2 is a card of the dwarves; player 1 plays the orcs",
        "LW-10.3",
    ),
    (
        armies(one='hand = []\ndeck = ["Gonke Longtooth"]'),
        "players.1.deck[0]",
        "the General is never in the deck",
        "LW-3.2",
    ),
    (armies(head="[turn]\nnumber = -5\n"), "turn.number", "turn -5", "D-15"),
    (armies(head="[turn]\nnumber = 0\n"), "turn.number", "numbered from 1", "D-15"),
    (
        armies(head="[turn]\nnumber = 2\n")
        + '[board]\na1 = { owner = 1, card = "Goblin Shanker#2" }\n'
        + 'b1 = { owner = 1, card = "Goblin Shanker#3" }\n'
        + 'c1 = { owner = 1, card = "Goblin Shanker#4" }\n'
        + 'd1 = { owner = 1, card = "Orc Butcher" }\n',
        "turn.number",
        "4 units were placed",
        "LW-6.1",
    ),
    (
        armies(head="[turn]\nnumber = 2\n") + "[[reveals]]\nturn = 3\nplayer = 1\ncards = []\n",
        "reveals[0].turn",
        "shown in turn 3",
        "LW-6.5",
    ),
]


@pytest.mark.parametrize(
    ("text", "key", "reason", "rule"), IMPOSSIBLE, ids=[e[1] + ":" + e[2][:24] for e in IMPOSSIBLE]
)
def test_positions_no_game_can_reach_are_refused_naming_the_rule(
    text: str, key: str, reason: str, rule: str
) -> None:
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    error = caught.value
    assert (error.key, error.rule) == (key, rule), str(error)
    assert reason in error.reason


def test_a_toml_syntax_error_names_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "puzzle.toml"
    broken.write_text("[players.1\n", encoding="utf-8")
    with pytest.raises(PositionError) as caught:
        read_position(broken)
    assert caught.value.key == str(broken) and "not valid TOML" in str(caught.value)
    with pytest.raises(PositionError) as again:
        get_game("lords-of-war").read_position("[players.1\n", str(broken))
    assert str(broken) in str(again.value)


def test_what_a_game_can_reach_is_accepted() -> None:
    """A full set of a seat's cards, the copies a custom deck of the army may hold when the seat
    says `custom = true` (LW-10.3; issue 21), any army's cards in a mercenary deck (LW-10.4) and
    a puzzle of loose cards without armies."""
    deck = f"custom = true\ndeck = {refs('Goblin Shanker#1', 8)}\n"
    full = armies(
        one=f'hand = ["Gonke Longtooth", "Orc Catapult"]\n{deck}', head="[turn]\nnumber = 3\n"
    )
    assert parse_position(full).turn == 3
    mercenary = '[players.1]\narmy = "mercenaries"\nhand = ["Dwarf Slugger#1", "Orc Butcher"]\n'
    parse_position(mercenary + '[players.2]\narmy = "dwarves"\n' + DWARF)
    loose = position_text(eliminated={1: ["Dwarf Slugger#1"] * 19}, hands={1: ["Orc Catapult"]})
    parse_position(loose)  # rules puzzles repeat a card as often as they need (section 13)


def test_a_deck_file_army_holds_each_card_as_often_as_the_file() -> None:
    horde = DECKS / "orc-berserkers.toml"  # six Orc Deathbringer#1 (LW-10.3)
    seat = f'[players.1]\narmy = "{horde}"\nhand = []\ndeck = {{deck}}\n'
    two = '[players.2]\narmy = "dwarves"\n' + DWARF
    state = parse_position(seat.format(deck=refs("Orc Deathbringer#1", 6)) + two)
    assert write_position(state).count("Orc Deathbringer#1") == 6
    with pytest.raises(PositionError) as caught:
        parse_position(seat.format(deck=refs("Orc Deathbringer#1", 7)) + two)
    assert caught.value.rule == "LW-10.3" and "7 times" in caught.value.reason


@pytest.mark.parametrize(
    "options",
    [
        {"armies": f"{DECKS / 'mercenaries.toml'},{DECKS / 'orc-berserkers.toml'}"},
        {"armies": "elves,lizardmen", "advanced": True},
    ],
    ids=["deck-files", "elves-lizardmen"],
)
def test_positions_of_played_games_are_reachable(options: dict[str, object]) -> None:
    """Every position of random games from deck files and other armies reads back."""
    game = get_game("lords-of-war")
    for seed in range(3):
        state = game.new(game.options(options), seed)
        rng = Rng(seed)
        while state.current_player is not None:
            if state.phase in ("deploy", "reinforce"):
                text = write_position(state)
                assert write_position(parse_position(text)) == text
            if state.decision == "deal":
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
