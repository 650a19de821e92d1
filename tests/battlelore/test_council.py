"""The War Council (2.4, BL-14), the Lore deck's make-up (BL-14.3) and the Lore-master
landmarks (BL-9.3, D-32), with T-34 and T-35."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bitva.core.errors import UnreadableAction
from bitva.games.battlelore.field.board import hex_of, row
from bitva.games.battlelore.lore.council import (
    INTRO_COUNCIL,
    check_custom_council,
    check_custom_total,
    check_keep,
    check_landmark_hex,
    command_hand,
    deck_after_keeping,
    format_council,
    hand_limit,
    intro_deck_composition,
    intro_start,
    landmark_entitlement,
    landmark_hexes,
    landmark_income,
    lore_deck_composition,
    lore_start,
    parse_council,
    placement_order,
    school_piles,
    top_level,
)
from tests.battlelore.lore_helpers import field as battlefield

A02_SOUTH = {"commander": 2, "cleric": 2, "wizard": 1}
A02_NORTH = {"commander": 1, "warrior": 2, "wizard": 1}


# -- 2.4, BL-14.2: the Commander and the Lore masters ----------------------------------------


def test_t_35_commander_none_1_2_3_holds_3_4_5_6_command_cards() -> None:
    assert [command_hand({"commander": n}) for n in (0, 1, 2, 3)] == [3, 4, 5, 6]
    assert command_hand({"wizard": 3}) == 3  # BL-14.2: no Commander leaves only 3
    assert command_hand(None) == 3


def test_d_36_the_commander_is_not_a_lore_master() -> None:
    assert top_level({"commander": 3}) == 0
    assert lore_start({"commander": 3}) == lore_start(None)
    start = lore_start({"commander": 3})
    assert (start.cards, start.tokens, start.hand_limit) == (0, 0, 1)


def test_bl_14_2_starting_cards_tokens_and_limit_follow_the_highest_master() -> None:
    # 2.4 table: top level n -> n cards, n tokens, n + 1 held
    for top in (1, 2, 3):
        start = lore_start({"commander": 1, "wizard": 1, "rogue": top})
        assert (start.cards, start.tokens, start.hand_limit) == (top, top, top + 1)
    assert top_level(A02_SOUTH) == 2 and top_level(A02_NORTH) == 2


def test_bl_14_2_the_adventure_adjusts_starting_tokens() -> None:
    assert lore_start({"wizard": 2}, token_adjust=3).tokens == 5
    assert lore_start({"wizard": 1}, token_adjust=-4).tokens == 0  # never below nothing


def test_bl_14_5_hand_limit_is_top_level_plus_one() -> None:
    assert hand_limit({"wizard": 1}) == 2  # the seed's level-1 Wizard knows 2 spells at most
    assert hand_limit({"cleric": 3, "wizard": 1}) == 4
    assert hand_limit({}) == 1


# -- BL-14.3, BL-14.1: the Lore deck ---------------------------------------------------------


def test_t_34_a02_deck_is_35_and_31_after_keeping() -> None:
    composition = lore_deck_composition(A02_SOUTH, A02_NORTH)
    assert composition == {"wizard": 14, "cleric": 8, "warrior": 8, "rogue": 5}
    assert sum(composition.values()) == 35
    kept = (lore_start(A02_SOUTH).cards, lore_start(A02_NORTH).cards)
    assert kept == (2, 2)
    assert deck_after_keeping(35, kept) == 31
    assert (command_hand(A02_SOUTH), command_hand(A02_NORTH)) == (5, 4)


def test_bl_14_3_schools_in_neither_council_give_five_each() -> None:
    assert lore_deck_composition(None, None) == {
        s: 5 for s in ("cleric", "wizard", "rogue", "warrior")
    }
    full = {"cleric": 1, "wizard": 1, "rogue": 1, "warrior": 1}
    assert sum(lore_deck_composition(full, full).values()) == 56
    # the Commander is no school
    assert lore_deck_composition({"commander": 3}, None)["cleric"] == 5


def test_bl_14_3_deals_four_to_each_side_and_checks_the_cards_kept() -> None:
    with pytest.raises(ValueError, match="cannot deal"):
        deck_after_keeping(7, (1, 1))
    with pytest.raises(ValueError, match="0 to 4"):
        deck_after_keeping(35, (5, 1))
    dealt = ["WZ01", "WZ01", "CL03", "RG02"]
    assert check_keep(dealt, ["WZ01", "CL03"], 2) is None
    assert check_keep(dealt, ["WZ01", "WZ01"], 2) is None
    wrong = check_keep(dealt, ["WZ01"], 2)
    assert wrong is not None and wrong.rule == "BL-14.3" and "exactly 2" in wrong.message
    stranger = check_keep(dealt, ["WR01", "CL03"], 2)
    assert stranger is not None and "WR01 is not among" in stranger.message


@dataclass(frozen=True)
class Card:
    id: str
    schools: tuple[str, ...]
    count: int


def test_bl_14_3_step_1_splits_the_cards_into_school_piles() -> None:
    cards = [
        Card("WZ01", ("wizard",), 3),
        Card("WZ04", ("wizard",), 1),
        Card("CL07", ("cleric",), 1),
    ]
    piles = school_piles(cards)
    assert piles["wizard"] == ("WZ01", "WZ01", "WZ01", "WZ04")
    assert piles["cleric"] == ("CL07",) and piles["rogue"] == ()
    with pytest.raises(ValueError, match="unknown school"):
        school_piles([Card("XX01", ("bard",), 1)])


def test_bl_14_1_intro_variant_lone_wizard_fifteen_cards_keep_one() -> None:
    assert INTRO_COUNCIL == {"wizard": 1}
    assert intro_deck_composition() == {"cleric": 0, "wizard": 15, "rogue": 0, "warrior": 0}
    start = intro_start()
    assert (start.cards, start.tokens, start.hand_limit) == (1, 1, 2)
    assert command_hand(INTRO_COUNCIL) == 3  # the Command hand comes from the adventure


# -- BL-14.6, D-37: custom councils -----------------------------------------------------------


def test_bl_14_6_custom_total_is_one_to_ten() -> None:
    assert check_custom_total(6) is None and check_custom_total(10) is None
    for bad in (0, 11):
        found = check_custom_total(bad)
        assert found is not None and found.rule == "BL-14.6"


def test_d_37_custom_totals_include_the_commander() -> None:
    assert check_custom_council({"commander": 2, "wizard": 3, "cleric": 1}, 6) is None
    short = check_custom_council({"wizard": 3, "cleric": 1}, 6)
    assert short is not None and short.rule == "D-37" and "add up to 4" in short.message


def test_bl_14_6_custom_council_levels_one_to_three_per_known_seat() -> None:
    too_high = check_custom_council({"wizard": 4, "cleric": 2}, 6)
    assert too_high is not None and "1 to 3 levels" in too_high.message
    zero = check_custom_council({"wizard": 0, "cleric": 3, "commander": 3}, 6)
    assert zero is not None and "leave a seat out" in zero.message
    stranger = check_custom_council({"bard": 3, "wizard": 3}, 6)
    assert stranger is not None and "not a council seat" in stranger.message
    over = check_custom_council({s: 3 for s in ("commander", "cleric", "wizard", "rogue")}, 12)
    assert over is not None and "1 to 10" in over.message


def test_bl_14_6_council_text_round_trip_and_clear_errors() -> None:
    levels = parse_council("commander=2 Cleric=2 wizard=1")
    assert levels == {"commander": 2, "cleric": 2, "wizard": 1}
    assert format_council(levels) == "commander=2 cleric=2 wizard=1"
    with pytest.raises(UnreadableAction, match="SEAT=LEVEL"):
        parse_council("wizard")
    with pytest.raises(UnreadableAction, match="named twice"):
        parse_council("wizard=1 wizard=2")


# -- BL-9.3, D-32: Lore-master landmarks ------------------------------------------------------


def test_t_35_both_wizards_three_no_tower_south_cleric_three_gets_the_shrine() -> None:
    south = {"commander": 1, "wizard": 3, "cleric": 3}
    north = {"commander": 1, "wizard": 3, "rogue": 2}
    assert landmark_entitlement(south, north) == {1: ("cleric_shrine",), 2: ()}


def test_bl_9_3_each_level_three_master_earns_its_landmark() -> None:
    south = {"warrior": 3, "rogue": 3}
    north = {"wizard": 3, "warrior": 2}
    owed = landmark_entitlement(south, north)
    assert owed == {1: ("rogue_den", "warrior_camp"), 2: ("wizard_tower",)}
    # South places first, then the sides take turns
    assert placement_order(owed) == (
        (1, "rogue_den"),
        (2, "wizard_tower"),
        (1, "warrior_camp"),
    )
    assert landmark_entitlement({"wizard": 2}, None) == {1: (), 2: ()}


def test_d_32_landmark_on_an_empty_plain_hex_of_rows_2_to_4_or_6_to_8() -> None:
    field = battlefield()
    south = landmark_hexes(field, 1)
    north = landmark_hexes(field, 2)
    assert {row(h) for h in south} == {2, 3, 4} and len(south) == 12 + 13 + 12
    assert {row(h) for h in north} == {6, 7, 8} and len(north) == 12 + 13 + 12


def test_t_35_landmark_placement_excludes_terrain_units_and_landmark_neighbours() -> None:
    field = battlefield(
        ("h_bf_sword", "J3", 1),
        terrain={"D3": "forest", "H2": "hill"},
        landmarks={"F3": "fortification"},
    )
    legal = {h for h in landmark_hexes(field, 1)}
    for taken in ("D3", "H2", "F3", "J3"):
        assert hex_of(taken) not in legal
    for beside in ("E3", "G3", "E2", "F2", "E4", "F4"):  # the neighbours of F3
        assert hex_of(beside) not in legal
        found = check_landmark_hex(field, 1, hex_of(beside))
        assert found is not None and "next to another landmark" in found.message
    assert hex_of("B3") in legal and check_landmark_hex(field, 1, hex_of("B3")) is None
    assert "rows 2-4" in str(check_landmark_hex(field, 1, hex_of("B5")))
    assert "rows 6-8" in str(check_landmark_hex(field, 2, hex_of("B3")))
    assert "plain" in str(check_landmark_hex(field, 1, hex_of("D3")))
    assert "empty" in str(check_landmark_hex(field, 1, hex_of("J3")))


def test_d_32_a_lore_master_landmark_gives_a_token_while_a_friend_stands_on_it() -> None:
    field = battlefield(
        ("h_bf_sword", "B3", 1),
        ("h_bf_sword", "H7", 2),
        ("h_bf_sword", "D7", 1),  # a South unit on North's landmark gives North nothing
        landmarks={
            "B3": "cleric_shrine",
            "H7": "wizard_tower",
            "D7": "rogue_den",
            "K3": "warrior_camp",
        },
    )
    assert landmark_income(field, 1, [hex_of("B3"), hex_of("K3")]) == 1  # K3 stands empty
    assert landmark_income(field, 2, [hex_of("H7"), hex_of("D7")]) == 1
    assert landmark_income(field, 2, [hex_of("H7")], tokens_each=2) == 2


def test_bl_9_3_placement_rows_agree_with_the_landmark_cards() -> None:
    from bitva.games.battlelore.catalogue.load import load_catalogue
    from bitva.games.battlelore.lore.council import LANDMARK_OF, LANDMARK_ROWS

    cards = load_catalogue().landmarks
    for landmark in LANDMARK_OF.values():
        rows = cards[landmark].placement_rows
        assert LANDMARK_ROWS[1] == tuple(rows)
        assert LANDMARK_ROWS[2] == tuple(sorted(10 - r for r in rows))  # mirrored for North


def test_t_34_from_the_shipped_a02_and_the_catalogue_piles() -> None:
    from bitva.games.battlelore.catalogue.load import load_adventure, load_catalogue

    a02 = load_adventure("A02")
    south, north = a02.sides["south"].war_council, a02.sides["north"].war_council
    piles = school_piles(load_catalogue().lore.values())
    assert {school: len(pile) for school, pile in piles.items()} == {
        "cleric": 15,
        "wizard": 15,
        "rogue": 15,
        "warrior": 15,
    }
    composition = lore_deck_composition(south, north)
    assert sum(composition.values()) == 35
    assert all(composition[s] <= len(piles[s]) for s in composition)
    assert deck_after_keeping(35, (lore_start(south).cards, lore_start(north).cards)) == 31
    assert (command_hand(south), command_hand(north)) == (5, 4)
