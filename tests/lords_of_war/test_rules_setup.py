"""Rules LW-1 (components) to LW-5 (the turn): one or more tests per numbered rule."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from bitva.core.errors import IllegalAction, PositionError
from bitva.core.events import Event
from bitva.core.rng import Rng
from bitva.games.lords_of_war.cards import COMPOSITION, DIRECTIONS
from bitva.games.lords_of_war.catalogue import army_names, card_index, find_card, load_army
from bitva.games.lords_of_war.mat import SquareError
from bitva.games.lords_of_war.position import parse_position
from bitva.games.lords_of_war.state import LordsOfWarState
from tests.lords_of_war.helpers import (
    card,
    eliminated,
    kinds,
    legal,
    new_game,
    play,
    position,
    position_text,
    squares_for,
)

ARMIES = ("dwarves", "elves", "lizardmen", "orcs")
ALL_SQUARES = [f"{c}{r}" for r in range(1, 8) for c in "abcdef"]


def refs(state: LordsOfWarState, seat: int, ids: list[int]) -> list[str]:
    return [state.static.card_of(seat << 8 | c).ref for c in ids]


def damage(events: list[Event], n: int = 1) -> dict[str, int]:
    return [e.data["damage"] for e in events if e.kind == "resolution"][n - 1]


# -- LW-1 components ------------------------------------------------------------------------------
def test_lw_1_1_army_list_holds_the_four_shipped_armies() -> None:
    assert army_names() == ARMIES


@pytest.mark.parametrize("army", ARMIES)
def test_lw_1_1_every_core_deck_holds_36_cards_in_the_core_composition(army: str) -> None:
    deck = load_army(army).deck()
    assert len(deck) == 36
    assert Counter(c.rank for c in deck) == Counter(COMPOSITION)
    assert COMPOSITION == {
        "general": 1,
        "command": 5,
        "special": 4,
        "elite": 4,
        "veteran": 6,
        "regular": 8,
        "recruit": 8,
    }
    assert {c.army for c in deck} == {army}


def test_lw_1_1_a_new_game_gives_each_seat_a_deck_of_36() -> None:
    state = new_game(armies="elves,lizardmen")
    for seat, army in ((1, "elves"), (2, "lizardmen")):
        cards = state.static.cards[seat]
        assert len(cards) == 36
        assert {c.army for c in cards} == {army}
        assert len(state.hand[seat]) + len(state.deck[seat]) == 36


def test_lw_1_2_a_card_has_name_army_rank_class_defence_arrows_and_ranged_data() -> None:
    catapult = find_card("Orc Catapult")
    assert (catapult.name, catapult.army, catapult.rank, catapult.unit_class) == (
        "Orc Catapult",
        "orcs",
        "veteran",
        "ranged",
    )
    assert catapult.defence == 4
    assert len(catapult.arrows) == 8
    assert catapult.ranged == 4
    assert (0, 1) in catapult.targets and len(catapult.targets) == 9
    slugger = find_card("Dwarf Slugger#1")
    assert slugger.ranged == 0 and slugger.targets == ()


CARD_DATA = Path(__file__).resolve().parents[3] / "shared/data/lords-of-war/cards.json"


@pytest.mark.skipif(not CARD_DATA.exists(), reason="the public card statistics are not here")
@pytest.mark.parametrize("army", ARMIES)
def test_lw_1_2_shipped_cards_are_the_public_card_statistics(army: str) -> None:
    source = json.loads(CARD_DATA.read_text(encoding="utf-8"))[army]
    shipped = load_army(army)
    assert len(shipped.cards) == len(source)
    for c, quantity, raw in zip(shipped.cards, shipped.quantities, source, strict=True):
        assert (c.name, c.rank, c.unit_class, c.defence) == (
            raw["name"],
            raw["rank"],
            raw["type"],
            raw["shield"],
        )
        assert list(c.arrows) == raw["attacks"], c.ref
        assert c.ranged == raw.get("shoots", 0)
        assert [list(t) for t in c.targets] == raw.get("hits", [])
        assert quantity == raw.get("quantity", 1)


def test_lw_1_2_where_the_translations_disagree_the_card_data_wins() -> None:
    # seed 001 says 34 cards, an Axe Thrower ranged value of 5 and a Marauder defence of 3
    assert len(load_army("dwarves").deck()) == 36
    assert {find_card(f"Dwarf Axethrower#{i}").ranged for i in (1, 2)} == {3}
    assert {find_card(f"Dwarf Marauder#{i}").defence for i in (1, 2)} == {4}


def test_lw_1_2_an_inline_ranged_card_needs_a_ranged_value_and_grid() -> None:
    with pytest.raises(PositionError, match="ranged unit needs"):
        position(hands={1: ["R"]}, cards={"R": card("veteran", "ranged", 3, front=1)})


def test_lw_1_2_the_five_classes_and_only_ranged_units_shoot() -> None:
    every = card_index().values()
    assert {c.unit_class for c in every} == {"infantry", "cavalry", "spear", "ranged", "berserk"}
    for c in every:
        assert c.is_ranged == (c.ranged > 0) == bool(c.targets), c.ref


def test_lw_1_2_an_inline_non_ranged_card_with_a_ranged_value_is_rejected() -> None:
    with pytest.raises(PositionError, match="only ranged units shoot"):
        position(
            hands={1: ["X"]},
            cards={"X": card("recruit", "infantry", 3, ranged=(2, [[0, 1]]), front=1)},
        )


def test_lw_1_3_arrows_are_stored_clockwise_from_the_front() -> None:
    assert DIRECTIONS == (
        "front",
        "front-right",
        "right",
        "back-right",
        "back",
        "back-left",
        "left",
        "front-left",
    )
    warhog = find_card("Orc Warhog#1")  # front 2, front-right 3, right 4, back-right 3
    assert warhog.arrows == (2, 3, 4, 3, 0, 0, 0, 0)
    shanker = find_card("Goblin Shanker#2")  # back-right 1, back 4
    assert shanker.arrows == (0, 0, 0, 1, 4, 0, 0, 0)


def test_lw_1_3_arrow_value_zero_is_no_arrow() -> None:
    # the enemy sits in front of d3; X's front arrow has value 0, its back arrow value 2
    state = position(
        board={"d4": (2, "E")},
        hands={1: ["X"], 2: ["E"]},
        cards={
            "X": card("recruit", "infantry", 3, front=0, back=2),
            "E": card("recruit", "infantry", 9),
        },
    )
    assert "d3" not in squares_for(state, "X")
    assert squares_for(state, "X") == ["d5"]  # only the back arrow can make contact


def test_lw_1_3_arrow_values_go_up_to_nine() -> None:
    with pytest.raises(PositionError, match=r"1\.\.9"):
        position(hands={1: ["X"]}, cards={"X": card("recruit", "infantry", 3, front=10)})
    state = position(
        board={"d4": (2, "E")},
        hands={1: ["X"], 2: ["E"]},
        cards={"X": card("recruit", "infantry", 3, front=9), "E": card("recruit", "infantry", 8)},
    )
    events = play(state, "X@d3")
    assert damage(events)["d4"] == 9
    assert eliminated(events) == [("d4", 2, "E")]


def test_lw_1_3_front_is_the_direction_the_card_faces() -> None:
    # a player 1 card faces row 7: its front arrow from d3 hits d4, never d2
    state = position(
        board={"d4": (2, "E"), "d2": (2, "E")},
        hands={1: ["F"], 2: ["E"]},
        cards={"F": card("recruit", "infantry", 9, front=2), "E": card("recruit", "infantry", 9)},
    )
    events = play(state, "F@d3")
    assert damage(events) == {"d4": 2}


def test_lw_1_4_target_grid_offsets_are_in_the_card_frame_for_player_1() -> None:
    # dx > 0 to the card's right, dy > 0 ahead: (+1, +2) from c2 is d4 for player 1
    state = position(
        board={"c1": (1, "F"), "d4": (2, "E"), "b4": (2, "E")},
        hands={1: ["R"], 2: ["E"]},
        cards={
            "R": card("veteran", "ranged", 4, ranged=(5, [[1, 2]])),
            "F": card("recruit", "infantry", 9),
            "E": card("recruit", "infantry", 4),
        },
    )
    events = play(state, "R@c2")
    assert [(e.data["target"], e.data["attack"]) for e in events if e.kind == "declared"] == [
        ("d4", "ranged")
    ]
    assert damage(events) == {"d4": 5}  # the ranged value is the strength of the shot
    assert eliminated(events) == [("d4", 2, "E")]


def test_lw_1_4_target_grid_offsets_are_in_the_card_frame_for_player_2() -> None:
    # for player 2 the same offset (+1, +2) from d6 is c4 (column - 1, row - 2)
    state = position(
        board={"d7": (2, "F"), "c4": (1, "E"), "e4": (1, "E")},
        hands={1: ["E"], 2: ["R"]},
        active=2,
        cards={
            "R": card("veteran", "ranged", 4, ranged=(5, [[1, 2]])),
            "F": card("recruit", "infantry", 9),
            "E": card("recruit", "infantry", 4),
        },
    )
    events = play(state, "R@d6")
    assert [e.data["target"] for e in events if e.kind == "declared"] == ["c4"]
    assert eliminated(events) == [("c4", 1, "E")]


@pytest.mark.parametrize("army", ARMIES)
def test_lw_1_5_six_command_units_per_core_deck(army: str) -> None:
    deck = load_army(army).deck()
    commands = [c for c in deck if c.is_command]
    assert len(commands) == 6
    assert {c.rank for c in commands} == {"general", "command"}


def test_lw_1_5_support_units_are_spear_and_ranged_units() -> None:
    for c in card_index().values():
        assert c.is_support == (c.unit_class in ("spear", "ranged")), c.ref


def test_lw_1_5_a_general_counts_as_a_command_unit_in_the_pile() -> None:
    state = position(
        board={"d4": (2, "G")},
        hands={1: ["K"], 2: ["E"]},
        eliminated={1: ["Dwarf Slugger#1"]},
        cards={
            "G": card("general", "infantry", 1),
            "K": card("recruit", "infantry", 9, front=5),
            "E": card("recruit", "infantry", 3),
        },
    )
    play(state, "K@d3")
    seen = state.view(2)["players"]["1"]
    assert seen["eliminated_units"] == 2
    assert seen["eliminated_commands"] == 1  # the General; the Slugger is a recruit


def test_lw_1_6_the_mat_has_six_columns_and_seven_rows() -> None:
    state = position(hands={1: ["X"]}, cards={"X": card("recruit", "infantry", 3)})
    mat = state.static.mat
    assert [mat.name(mat.parse(s)) for s in ALL_SQUARES] == ALL_SQUARES
    for off in ("g1", "a8", "a0", "6,0", "0,7", "-1,0"):
        with pytest.raises(SquareError):
            mat.parse(off)
    # LW-6.4 on an empty board: every one of the 42 squares
    assert squares_for(state, "X") == sorted(ALL_SQUARES)


def test_lw_1_6_a_placement_off_the_mat_is_illegal() -> None:
    state = position(
        board={"d4": (2, "E")},
        hands={1: ["X"], 2: ["E"]},
        cards={"X": card("recruit", "infantry", 3, front=1), "E": card("recruit", "infantry", 3)},
    )
    before = state.to_json()
    for off in ("g3", "d8", "3,7"):
        with pytest.raises(IllegalAction) as info:
            play(state, f"X@{off}")
        assert info.value.rule == "LW-1.6"
    assert state.to_json() == before


def test_lw_1_6_a1_is_at_player_1s_left_hand_and_row_7_is_player_2s_edge() -> None:
    # player 1's left arrow from b1 points at a1 (column a is at player 1's left)
    state = position(
        board={"a1": (2, "E"), "d7": (2, "E")},
        hands={1: ["L", "F"], 2: ["E"]},
        cards={
            "L": card("recruit", "infantry", 3, left=1),
            "F": card("recruit", "infantry", 3, front=1),
            "E": card("recruit", "infantry", 3),
        },
    )
    assert squares_for(state, "L") == ["b1", "e7"]  # e7's left arrow points at d7
    assert squares_for(state, "F") == ["d6"]  # row 7 is the far edge, ahead of player 1


def test_lw_1_6_start_squares_are_d3_and_c5() -> None:
    state = new_game()
    assert {a.split("@")[1] for a in legal(state)} == {"d3"}
    play(state, legal(state)[0])
    assert {a.split("@")[1] for a in legal(state)} == {"c5"}


# -- LW-2 orientation and adjacency ---------------------------------------------------------------
def test_lw_2_1_a_player_2_card_faces_towards_row_1() -> None:
    # player 2's front arrow from d5 points at d4 (the lower row), not at d6
    state = position(
        board={"d4": (1, "E"), "d6": (1, "E")},
        hands={1: ["E"], 2: ["F"]},
        active=2,
        cards={"F": card("recruit", "infantry", 9, front=2), "E": card("recruit", "infantry", 9)},
    )
    assert "d5" in squares_for(state, "F")
    events = play(state, "F@d5")
    assert damage(events) == {"d4": 2}


def test_lw_2_1_the_same_card_points_opposite_ways_for_each_player() -> None:
    cards = {
        "F": card("recruit", "infantry", 9, front_right=1),
        "E": card("recruit", "infantry", 9),
    }
    one = position(board={"d4": (2, "E")}, hands={1: ["F"], 2: ["E"]}, cards=cards)
    two = position(board={"d4": (1, "E")}, hands={1: ["E"], 2: ["F"]}, active=2, cards=cards)
    assert squares_for(one, "F") == ["c3"]  # P1: front-right is (+1, +1)
    assert squares_for(two, "F") == ["e5"]  # P2: front-right is (-1, -1) on the board


def test_lw_2_1_cards_never_rotate_a_moved_berserker_keeps_facing_its_owner() -> None:
    # player 2's Dwarf Berserker#1 moves from d5 to d4: its front-right still points towards
    # player 1's side (c3 from d4), as it pointed at c4 from d5
    state = position(
        board={"d4": (1, "T"), "c3": (1, "W"), "a1": (1, "W")},
        hands={1: ["W"], 2: ["Dwarf Berserker#1"]},
        active=2,
        advanced=True,
        cards={"T": card("recruit", "infantry", 3), "W": card("recruit", "infantry", 9)},
    )
    events = play(state, "Dwarf Berserker#1@d5")
    assert [e.data["to"] for e in events if e.kind == "moved"] == ["d4"]
    assert damage(events, 2) == {"c3": 4}


def test_lw_2_2_a_square_has_eight_neighbours_sides_and_corners() -> None:
    # LW-6.4 with no enemy: next to a friend; the friend on d3 has 8 neighbours, on a1 only 3
    cards = {"X": card("recruit", "infantry", 3), "F": card("recruit", "infantry", 3)}
    centre = position(board={"d3": (1, "F")}, hands={1: ["X"]}, cards=cards)
    assert squares_for(centre, "X") == sorted(["c2", "d2", "e2", "c3", "e3", "c4", "d4", "e4"])
    corner = position(board={"a1": (1, "F")}, hands={1: ["X"]}, cards=cards)
    assert squares_for(corner, "X") == ["a2", "b1", "b2"]


def test_lw_2_2_adjacency_does_not_wrap_around_the_mat_edges() -> None:
    # friends on f3 and a5: f3's neighbours stop at column f, a5's at column a
    cards = {"X": card("recruit", "infantry", 3), "F": card("recruit", "infantry", 3)}
    state = position(board={"f3": (1, "F"), "a5": (1, "F")}, hands={1: ["X"]}, cards=cards)
    assert squares_for(state, "X") == sorted(
        ["e2", "f2", "e3", "e4", "f4", "a4", "b4", "b5", "a6", "b6"]
    )


DIRECTION_STEPS = {
    "front": (0, 1),
    "front_right": (1, 1),
    "right": (1, 0),
    "back_right": (1, -1),
    "back": (0, -1),
    "back_left": (-1, -1),
    "left": (-1, 0),
    "front_left": (-1, 1),
}


@pytest.mark.parametrize("seat", [1, 2])
@pytest.mark.parametrize("direction", list(DIRECTION_STEPS))
def test_lw_2_3_card_frame_to_board_for_every_arrow_and_both_players(
    direction: str, seat: int
) -> None:
    dx, dy = DIRECTION_STEPS[direction]
    if seat == 2:
        dx, dy = -dx, -dy
    # the enemy is on d4 (3, 3); the arrow must land there from the only legal square
    x, y = 3 - dx, 3 - dy
    expected = f"{'abcdef'[x]}{y + 1}"
    state = position(
        board={"d4": (3 - seat, "E")},
        hands={seat: ["A"], 3 - seat: ["E"]},
        active=seat,
        cards={
            "A": card("recruit", "infantry", 9, **{direction: 1}),
            "E": card("recruit", "infantry", 9),
        },
    )
    assert squares_for(state, "A") == [expected]
    events = play(state, f"A@{expected}")
    assert damage(events) == {"d4": 1}


def test_lw_2_4_an_enemy_arrow_engages_a_ranged_unit_so_it_cannot_shoot() -> None:
    # player 2's Axethrower#1 on d6 is engaged by a P1 unit on e5 whose front-left points at d6
    state = position(
        board={"e5": (1, "P"), "d4": (1, "T"), "c6": (2, "F")},
        hands={1: ["T"], 2: ["Dwarf Axethrower#1"]},
        active=2,
        cards={
            "P": card("recruit", "infantry", 9, front_left=1),
            "T": card("recruit", "infantry", 2),
            "F": card("recruit", "infantry", 9),
        },
    )
    events = play(state, "Dwarf Axethrower#1@d6")
    assert not any(e.kind == "declared" for e in events)
    assert "d4" not in damage(events)  # no shot at d4
    assert damage(events)["e5"] == 3  # its front-left arrow (P2: towards e5) still attacks


def test_lw_2_4_friendly_arrows_never_engage() -> None:
    # the friend on c3 points its front-right arrow at the Catapult on d4: it still shoots
    state = position(
        board={"c3": (1, "P"), "d6": (2, "T")},
        hands={1: ["Orc Catapult"], 2: ["T"]},
        cards={
            "P": card("recruit", "infantry", 9, front_right=5),
            "T": card("recruit", "infantry", 3),
        },
    )
    events = play(state, "Orc Catapult@d4")
    assert [e.data["target"] for e in events if e.kind == "declared"] == ["d6"]
    assert eliminated(events) == [("d6", 2, "T")]


def test_lw_2_4_an_adjacent_enemy_whose_arrows_point_elsewhere_does_not_engage() -> None:
    state = position(
        board={"c4": (1, "P"), "d5": (2, "N"), "d7": (2, "T")},
        hands={1: ["Orc Catapult"], 2: ["T"]},
        cards={
            "P": card("recruit", "infantry", 9),
            "N": card("recruit", "infantry", 9, back=1),  # points at d6 for P2
            "T": card("recruit", "infantry", 3),
        },
    )
    events = play(state, "Orc Catapult@d4")  # d5 is adjacent, its arrow points at d6
    assert state.phase == "shoot"  # two targets (d5, d7) and the Catapult is free to choose
    events += play(state, "shoot d7")
    assert eliminated(events) == [("d7", 2, "T")]


# -- LW-3 setup -----------------------------------------------------------------------------------
def test_lw_3_1_players_choose_their_armies() -> None:
    state = new_game(armies="lizardmen,elves")
    assert state.static.options.armies == ("lizardmen", "elves")
    assert {c.army for c in state.static.cards[1]} == {"lizardmen"}
    assert {c.army for c in state.static.cards[2]} == {"elves"}
    same = new_game(armies="orcs")  # one army for both seats
    assert same.static.options.armies == ("orcs", "orcs")


def test_lw_3_1_player_1_opens() -> None:
    state = new_game(armies="dwarves,orcs")
    assert state.current_player == 1 and state.active == 1 and state.phase == "challenge"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_lw_3_2_starting_hand_is_the_general_and_five_drawn_cards(seed: int) -> None:
    state = new_game(seed=seed)
    for seat, general in ((1, "Gonke Longtooth"), (2, "Krod Klouthammer")):
        hand = refs(state, seat, state.hand[seat])
        assert len(hand) == 6
        assert hand.count(general) == 1
        assert len(state.deck[seat]) == 30
        assert general not in refs(state, seat, state.deck[seat])


def test_lw_3_2_the_deck_is_shuffled() -> None:
    orders = {tuple(new_game(seed=s).deck[1]) for s in range(6)}
    assert len(orders) == 6


def test_lw_3_2_hands_are_secret_and_deck_order_is_secret_to_both() -> None:
    state = new_game(seed=4)
    mine, spectator = state.view(1), state.view(None)
    assert sorted(mine["players"]["1"]["hand"]) == sorted(refs(state, 1, state.hand[1]))
    assert "hand" not in mine["players"]["2"]
    assert mine["players"]["2"]["known_hand"] == []
    assert mine["players"]["2"]["hand_size"] == 6
    assert "hand" not in spectator["players"]["1"] and "hand" not in spectator["players"]["2"]
    text = repr(mine)
    for seat in (1, 2):
        assert mine["players"][str(seat)]["deck_size"] == 30
        assert "deck" not in mine["players"][str(seat)]
    # no card of player 2's hand appears anywhere in player 1's view
    for ref in set(refs(state, 2, state.hand[2])) - set(refs(state, 1, state.hand[1])):
        assert ref not in text


def test_lw_3_2_a_determinized_state_keeps_what_the_seat_knows_and_nothing_else() -> None:
    state = new_game(seed=10)
    hands = set()
    for i in range(6):
        other = state.determinize(1, Rng(i))
        assert sorted(other.hand[1]) == sorted(state.hand[1])  # its own hand: known
        assert sorted(other.deck[1]) == sorted(state.deck[1])  # its own deck: the same cards
        assert len(other.hand[2]) == 6 and len(other.deck[2]) == 30
        assert sorted(other.hand[2] + other.deck[2]) == sorted(state.hand[2] + state.deck[2])
        assert other.stacked == [False, False, False]  # no deck order is known to anybody
        hands.add(tuple(sorted(other.hand[2])))
    assert len(hands) > 1  # the opponent's hand is guessed anew


def test_lw_3_3_default_thresholds_are_20_units_and_4_commands() -> None:
    options = new_game().static.options
    assert (options.units_to_win, options.commands_to_win) == (20, 4)


def test_lw_3_3_the_twentieth_unit_wins_at_once() -> None:
    state = position(
        board={"d4": (2, "E")},
        hands={1: ["K"], 2: ["E"]},
        eliminated={1: ["Dwarf Slugger#1"] * 19},
        cards={"K": card("recruit", "infantry", 9, front=5), "E": card("recruit", "infantry", 3)},
    )
    events = play(state, "K@d3")
    assert state.outcome is not None and state.outcome.winner == 1
    assert state.phase == "over" and state.current_player is None
    assert "drew" not in kinds(events)  # the turn ends there: no phase 3


def test_lw_3_3_the_fourth_command_unit_wins_at_once() -> None:
    state = position(
        board={"d4": (2, "C")},
        hands={1: ["K"], 2: ["E"]},
        eliminated={1: ["Gordona Ironhelm", "Mungo Lancerammer", "Deadeye Jones"]},
        cards={
            "K": card("recruit", "infantry", 9, front=9),
            "C": card("command", "infantry", 3),
            "E": card("recruit", "infantry", 3),
        },
    )
    play(state, "K@d3")
    assert state.outcome is not None and state.outcome.winner == 1
    assert (state.outcome.reason, state.outcome.params["commands"]) == ("commands", 4)


def test_lw_3_3_nineteen_units_and_three_commands_do_not_win() -> None:
    state = position(
        board={"d4": (2, "E")},
        hands={1: ["K"], 2: ["E"]},
        eliminated={1: ["Dwarf Slugger#1"] * 15 + ["Gordona Ironhelm", "Mungo Lancerammer"]},
        cards={"K": card("recruit", "infantry", 9, front=5), "E": card("command", "infantry", 3)},
    )
    play(state, "K@d3")  # 18 units and 3 commands
    assert state.outcome is None
    assert state.active == 2


# -- LW-4 the challenge ---------------------------------------------------------------------------
def test_lw_4_1_player_1_places_any_hand_card_on_d3_then_draws_one() -> None:
    state = new_game(seed=5)
    hand = refs(state, 1, state.hand[1])
    assert sorted(squares for a in legal(state) for squares in [a.split("@")[1]]) == ["d3"] * len(
        set(hand)
    )
    assert {a.split("@")[0] for a in legal(state)} == set(hand)
    deck = {state.static.card_of(1 << 8 | c).ref for c in state.deck[1]}
    events = state.apply(f"{hand[2]}@d3")
    assert [e.kind for e in events] == ["placed"]
    assert state.is_chance and state.decision == "deal"  # the draw is a chance outcome
    odds = dict((str(a), p) for a, p in state.chance_outcomes())
    assert {text.removeprefix("deal ") for text in odds} == deck and sum(odds.values()) == 1
    drew = state.apply(state.sample_chance())
    assert [e.kind for e in drew] == ["drew"]
    assert len(state.hand[1]) == 6 and len(state.deck[1]) == 29
    assert drew[0].private is not None and drew[0].private["cards"][0] in deck
    assert state.static.mat.name(next(iter(state.board))) == "d3"


def test_lw_4_1_player_1_may_not_open_elsewhere() -> None:
    state = new_game(seed=6)
    before = state.to_json()
    card_ref = refs(state, 1, state.hand[1])[0]
    with pytest.raises(IllegalAction) as info:
        play(state, f"{card_ref}@c5")
    assert info.value.rule == "LW-4.1"
    assert state.to_json() == before


def test_lw_4_2_player_2_places_on_c5_then_draws_one() -> None:
    state = new_game(seed=7)
    play(state, legal(state)[0])
    assert state.current_player == 2 and state.phase == "challenge"
    hand = refs(state, 2, state.hand[2])
    with pytest.raises(IllegalAction) as info:
        play(state, f"{hand[0]}@d4")
    assert info.value.rule == "LW-4.2"
    events = play(state, f"{hand[-1]}@c5")
    placed = [e.data for e in events if e.kind == "placed"]
    assert placed == [{"player": 2, "card": hand[-1], "square": "c5", "forced": False}]
    assert len(state.hand[2]) == 6 and len(state.deck[2]) == 29


def test_lw_4_3_no_combat_in_the_challenge_then_player_1_begins() -> None:
    state = new_game(seed=8)
    events = play(state, legal(state)[0])
    events += play(state, legal(state)[0])
    assert "resolution" not in kinds(events) and "eliminated" not in kinds(events)
    assert [e.data for e in events if e.kind == "turn"] == [{"player": 1, "number": 1}]
    assert state.active == 1 and state.phase == "deploy" and state.turn == 1
    assert len(state.board) == 2


# -- LW-5 the turn --------------------------------------------------------------------------------
def test_lw_5_1_a_turn_runs_deployment_elimination_reinforcement_in_order() -> None:
    state = position(
        board={"d4": (2, "E"), "a1": (1, "F")},
        hands={1: ["K"], 2: ["E"]},
        decks={1: ["F"]},
        cards={
            "K": card("recruit", "infantry", 9, front=5),
            "E": card("recruit", "infantry", 3),
            "F": card("recruit", "infantry", 3),
        },
    )
    events = play(state, "K@d3")
    assert kinds(events) == ["placed", "resolution", "eliminated"]
    assert state.phase == "reinforce" and state.active == 1  # a1 may be recalled: a choice
    events = play(state, "draw")
    assert kinds(events) == ["drew", "turn"]
    assert state.active == 2 and state.phase == "deploy"


def test_lw_5_1_players_alternate_turns() -> None:
    state = new_game(seed=9)
    play(state, legal(state)[0])
    play(state, legal(state)[0])
    seen = []
    for _ in range(6):
        seen.append((state.turn, state.active))
        while state.outcome is None and state.turn == seen[-1][0]:
            play(state, legal(state)[0])
    assert [a for _, a in seen] == [1, 2, 1, 2, 1, 2]
    assert [t for t, _ in seen] == [1, 2, 3, 4, 5, 6]


def test_lw_5_1_a_position_starts_at_phase_1_or_phase_3_only() -> None:
    text = position_text(hands={1: ["X"]}, cards={"X": card("recruit", "infantry", 3)})
    with pytest.raises(PositionError) as info:
        parse_position(text.replace('phase = "deploy"', 'phase = "elimination"'))
    assert info.value.rule == "LW-5.1" and info.value.key == "turn.phase"


def test_lw_5_1_an_action_of_another_phase_is_refused() -> None:
    state = position(
        board={"b3": (1, "W"), "c5": (2, "T"), "a4": (2, "T"), "f1": (1, "W")},
        hands={1: ["Orc Catapult"], 2: ["W"]},
        cards={"T": card("recruit", "infantry", 3), "W": card("recruit", "infantry", 9)},
    )
    for action, rule in (("draw", "LW-6.1"), ("shoot c5", "LW-6.1"), ("recall b3", "LW-6.1")):
        before = state.to_json()
        with pytest.raises(IllegalAction) as info:
            play(state, action)
        assert info.value.rule == rule
        assert state.to_json() == before
    play(state, "Orc Catapult@b2")
    assert state.phase == "shoot"  # phase 2 waits for the target
    for action, rule in (("draw", "LW-7.3"), ("W@a1", "LW-7.3")):
        before = state.to_json()
        with pytest.raises(IllegalAction) as info:
            play(state, action)
        assert info.value.rule == rule
        assert state.to_json() == before
    play(state, "shoot a4")
    assert state.phase == "reinforce"  # f1 may be recalled
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        play(state, "shoot c5")
    assert info.value.rule == "LW-9.1"
    assert state.to_json() == before
