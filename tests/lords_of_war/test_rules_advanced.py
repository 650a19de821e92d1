"""Rules LW-11 (advanced rules): cavalry recall and berserkers, with ranged units in their turns."""

from __future__ import annotations

from typing import Any

import pytest

from bitva.core import get_game
from bitva.core.events import Event
from bitva.core.rng import Rng
from bitva.games.lords_of_war.state import LordsOfWarState
from tests.lords_of_war.helpers import (
    board,
    card,
    damages,
    eliminated,
    kinds,
    legal,
    moves,
    play,
    position,
    refused,
)

WALL = card("recruit", "infantry", 9)
WEAK = card("recruit", "infantry", 3)
POKER = card("recruit", "infantry", 9, front=1)  # points ahead, hard to kill


# -- LW-11.1 cavalry ------------------------------------------------------------------------------
def cavalry_position(engager: str, **options: Any) -> LordsOfWarState:
    """Player 1's Orc Warhog#1 on d3, engaged by the player 2 unit on d4 (front: towards d3)."""
    return position(
        board={"d3": (1, "Orc Warhog#1"), "d4": (2, engager), "a7": (2, "W")},
        hands={1: ["W"]},
        phase="reinforce",
        cards={"W": WALL, "P": POKER},
        **options,
    )


def test_lw_11_1_engaged_cavalry_may_be_recalled() -> None:
    state = cavalry_position("P", advanced=True)
    assert legal(state) == ["draw", "recall d3"]
    events = play(state, "recall d3")
    assert [e.data["card"] for e in events if e.kind == "recalled"] == ["Orc Warhog#1"]


def test_lw_11_1_not_in_the_basic_game() -> None:
    state = cavalry_position("P")
    assert legal(state) == ["draw"]
    assert refused(state, "recall d3") == "LW-9.2"


def test_lw_11_1_not_when_a_spear_unit_engages_it() -> None:
    # the Dwarf Impaler#1 is a spear unit; its front arrow (P2) points at d3
    state = cavalry_position("Dwarf Impaler#1", advanced=True)
    assert legal(state) == ["draw"]
    assert refused(state, "recall d3") == "LW-11.1"


def test_lw_11_1_a_spear_among_several_engagers_is_enough() -> None:
    state = position(
        board={
            "d3": (1, "Orc Warhog#1"),
            "d4": (2, "P"),
            "c4": (2, "Dwarf Beastslayer#1"),
        },  # front-right (P2) on d3
        hands={1: ["W"]},
        phase="reinforce",
        advanced=True,
        cards={"W": WALL, "P": POKER},
    )
    assert refused(state, "recall d3") == "LW-11.1"


def test_lw_11_1_a_spear_next_to_it_that_does_not_point_at_it_does_not_block() -> None:
    # Goblin... the Dwarf Beastslayer#3 (back arrows only) on c4 points away from d3
    state = position(
        board={"d3": (1, "Orc Warhog#1"), "d4": (2, "P"), "c4": (2, "Dwarf Beastslayer#3")},
        hands={1: ["W"]},
        phase="reinforce",
        advanced=True,
        cards={"W": WALL, "P": POKER},
    )
    assert "recall d3" in legal(state)


def test_lw_11_1_not_in_the_turn_it_was_placed() -> None:
    state = position(
        board={"d4": (2, "P"), "a1": (1, "W")},
        hands={1: ["Orc Warhog#1"], 2: ["W"]},
        advanced=True,
        cards={"W": WALL, "P": card("recruit", "infantry", 9, front=1)},
    )
    play(state, "Orc Warhog#1@d3")  # engaged by d4, placed this turn
    assert legal(state) == ["draw", "recall a1"]
    assert refused(state, "recall d3") == "LW-9.2"


def test_lw_11_1_not_in_a_turn_it_took_part_in_an_elimination() -> None:
    state = position(
        board={"d3": (1, "Orc Warhog#1"), "d4": (2, "P"), "a7": (2, "W")},
        hands={1: ["W"]},
        phase="reinforce",
        took_part=["d3"],
        advanced=True,
        cards={"W": WALL, "P": POKER},
    )
    assert refused(state, "recall d3") == "LW-9.2"


def test_lw_11_1_only_cavalry_may_leave_while_engaged() -> None:
    state = position(
        board={"d3": (1, "Orc Butcher"), "d4": (2, "P"), "a7": (2, "W")},
        hands={1: ["W"]},
        phase="reinforce",
        advanced=True,
        cards={"W": WALL, "P": POKER},
    )
    assert refused(state, "recall d3") == "LW-9.2"


def test_lw_11_1_player_2_cavalry() -> None:
    # Elven Battle Tiger#1 of player 2 on c5, engaged by player 1's front arrow from c4
    state = position(
        board={"c5": (2, "Elven Battle Tiger#1"), "c4": (1, "P"), "a1": (1, "W")},
        hands={2: ["W"]},
        active=2,
        phase="reinforce",
        cavalry=True,
        cards={"W": WALL, "P": POKER},
    )
    assert legal(state) == ["draw", "recall c5"]


@pytest.mark.parametrize(
    ("options", "allowed"),
    [
        ({"cavalry": True}, True),
        ({"advanced": True, "cavalry": False}, False),
        ({"advanced": True, "berserkers": False}, True),
    ],
)
def test_lw_11_1_the_cavalry_rule_switches_on_by_itself(
    options: dict[str, bool], allowed: bool
) -> None:
    state = cavalry_position("P", **options)
    assert ("recall d3" in legal(state)) is allowed


# -- LW-11.2 berserkers ---------------------------------------------------------------------------
def dwarf_berserker(**options: Any) -> LordsOfWarState:
    """Player 2 places Dwarf Berserker#1 (front 4) on d5 and kills player 1's T on d4."""
    return position(
        board={"d4": (1, "T"), "a1": (1, "W")},
        hands={1: ["W"], 2: ["Dwarf Berserker#1"]},
        active=2,
        cards={"T": WEAK, "W": WALL},
        **options,
    )


def test_lw_11_2_a_berserker_that_took_part_moves_onto_the_vacated_square() -> None:
    state = dwarf_berserker(advanced=True)
    events = play(state, "Dwarf Berserker#1@d5")
    assert eliminated(events) == [("d4", 1, "T")]
    assert [e.data for e in events if e.kind == "moved"] == [
        {"player": 2, "card": "Dwarf Berserker#1", "from": "d5", "to": "d4", "rule": "LW-11.2"}
    ]
    assert board(state)["d4"] == (2, "Dwarf Berserker#1") and "d5" not in board(state)


def test_lw_11_2_no_berserker_moves_in_the_basic_game() -> None:
    state = dwarf_berserker()
    events = play(state, "Dwarf Berserker#1@d5")
    assert eliminated(events) == [("d4", 1, "T")]
    assert moves(events) == [] and len(damages(events)) == 1
    assert board(state)["d5"] == (2, "Dwarf Berserker#1")


@pytest.mark.parametrize(
    ("options", "moved"),
    [
        ({"berserkers": True}, True),
        ({"advanced": True, "berserkers": False}, False),
        ({"advanced": True, "cavalry": False}, True),
    ],
)
def test_lw_11_2_the_berserker_rule_switches_on_by_itself(
    options: dict[str, bool], moved: bool
) -> None:
    state = dwarf_berserker(**options)
    events = play(state, "Dwarf Berserker#1@d5")
    assert bool(moves(events)) is moved


def test_lw_11_2_an_engaged_berserker_stays() -> None:
    # player 1's X on d6 points its back arrow at d5: after the removal the berserker is engaged
    state = position(
        board={"d4": (1, "T"), "d6": (1, "X")},
        hands={1: ["W"], 2: ["Dwarf Berserker#1"]},
        active=2,
        advanced=True,
        cards={"T": WEAK, "W": WALL, "X": card("recruit", "infantry", 9, back=1)},
    )
    events = play(state, "Dwarf Berserker#1@d5")
    assert eliminated(events) == [("d4", 1, "T")]
    assert moves(events) == []
    assert board(state)["d5"] == (2, "Dwarf Berserker#1")


def test_lw_11_2_a_berserker_killed_in_the_same_resolution_does_not_move() -> None:
    # the Deathbringer (defence 2) kills X on d4, whose front 3 (P2: towards d3) kills it too
    state = position(
        board={"d4": (2, "X"), "a7": (2, "W")},
        hands={1: ["Orc Deathbringer#1"], 2: ["W"]},
        advanced=True,
        cards={"X": card("veteran", "infantry", 4, front=3), "W": WALL},
    )
    events = play(state, "Orc Deathbringer#1@d3")
    assert eliminated(events) == [("d3", 1, "Orc Deathbringer#1"), ("d4", 2, "X")]
    assert moves(events) == [] and len(damages(events)) == 1


def test_lw_11_2_a_friendly_arrow_does_not_hold_a_berserker() -> None:
    # player 1's F on c2 points its front-right arrow at d3: the berserker is not engaged
    state = position(
        board={"d4": (2, "X"), "c2": (1, "F"), "a7": (2, "W")},
        hands={1: ["Orc Deathbringer#1"], 2: ["W"]},
        advanced=True,
        cards={
            "X": card("veteran", "infantry", 4),
            "W": WALL,
            "F": card("recruit", "infantry", 9, front_right=3),
        },
    )
    events = play(state, "Orc Deathbringer#1@d3")
    assert moves(events) == [(1, "d3", "d4")]


def several_victims() -> LordsOfWarState:
    # Orc Deathbringer#1 (front 5, front-right 3, front-left 3) on d3 kills c4 and e4
    state = position(
        board={"c4": (2, "V"), "e4": (2, "V"), "a7": (2, "W")},
        hands={1: ["Orc Deathbringer#1"], 2: ["W"]},
        advanced=True,
        cards={"V": card("recruit", "infantry", 2), "W": WALL},
    )
    events = play(state, "Orc Deathbringer#1@d3")
    assert eliminated(events) == [("c4", 2, "V"), ("e4", 2, "V")]
    return state


def test_lw_11_2_several_vacated_squares_the_owner_chooses() -> None:
    state = several_victims()
    assert state.phase == "berserk" and state.current_player == 1
    assert legal(state) == ["berserk d3-c4", "berserk d3-e4"]
    events = play(state, "berserk d3-e4")
    assert moves(events) == [(1, "d3", "e4")]
    assert kinds(events)[:2] == ["moved", "resolution"]
    assert board(state)["e4"] == (1, "Orc Deathbringer#1")


def test_lw_11_2_the_move_is_compulsory() -> None:
    state = several_victims()
    assert refused(state, "draw") == "LW-11.2"  # no way to skip the move


def test_lw_11_2_only_onto_a_square_it_helped_to_empty() -> None:
    state = several_victims()
    assert refused(state, "berserk d3-d4") == "LW-11.2"  # adjacent, but not a victim's square
    assert refused(state, "berserk d3-d5") == "LW-11.2"  # not even adjacent


def test_lw_11_2_a_square_emptied_by_others_is_no_candidate() -> None:
    # the Deathbringer helps kill c4 only; the Shanker on f4 alone kills f5
    state = position(
        board={"c4": (2, "V"), "f4": (1, "Goblin Shanker#1"), "f5": (2, "V"), "a7": (2, "W")},
        hands={1: ["Orc Deathbringer#1"], 2: ["W"]},
        advanced=True,
        cards={"V": card("recruit", "infantry", 2), "W": WALL},
    )
    events = play(state, "Orc Deathbringer#1@d3")
    assert eliminated(events) == [("c4", 2, "V"), ("f5", 2, "V")]
    assert moves(events) == [(1, "d3", "c4")]


def test_lw_11_2_the_non_active_players_berserker_moves_too() -> None:
    # player 1 places K on d4 into the Dwarf Dowager#1's front 5; the Dowager took part
    state = position(
        board={"d5": (2, "Dwarf Dowager#1"), "a7": (2, "W")},
        hands={1: ["K"], 2: ["W"]},
        advanced=True,
        cards={"K": card("recruit", "infantry", 1, front=1), "W": WALL},
    )
    events = play(state, "K@d4")
    assert eliminated(events) == [("d4", 1, "K")]
    assert moves(events) == [(2, "d5", "d4")]


# -- LW-11.3 order --------------------------------------------------------------------------------
def two_orc_berserkers() -> LordsOfWarState:
    # B1 on c3 (front-right 3) and the placed B2 on e3 (front-left 3) kill d4 (defence 5)
    berserk = card("regular", "berserk", 2, front_right=3, front_left=3)
    state = position(
        board={"c3": (1, "B1"), "d4": (2, "D"), "a7": (2, "W")},
        hands={1: ["B2"], 2: ["W"]},
        advanced=True,
        cards={"B1": berserk, "B2": berserk, "D": card("veteran", "infantry", 5), "W": WALL},
    )
    events = play(state, "B2@e3")
    assert eliminated(events) == [("d4", 2, "D")]
    return state


def test_lw_11_3_the_active_player_chooses_the_order_of_its_berserkers() -> None:
    state = two_orc_berserkers()
    assert state.phase == "berserk" and state.current_player == 1
    assert legal(state) == ["berserk c3-d4", "berserk e3-d4"]


def test_lw_11_3_a_berserker_whose_squares_are_occupied_again_does_not_move() -> None:
    state = two_orc_berserkers()
    events = play(state, "berserk e3-d4")
    assert moves(events) == [(1, "e3", "d4")]  # B1's only square is taken: it stays on c3
    assert board(state)["c3"] == (1, "B1") and board(state)["d4"] == (1, "B2")
    assert (state.active, state.phase) == (2, "deploy")  # nothing to recall: the turn ended


def test_lw_11_3_active_players_berserkers_first_then_the_opponents() -> None:
    # B (P1, front-right 3) on c4 and the placed K (front 2) kill X on d5; Z (P2 berserker,
    # front-right 5: towards d4 for P2) kills K. B moves before Z.
    state = position(
        board={"c4": (1, "B"), "d5": (2, "X"), "e5": (2, "Z"), "a7": (2, "W")},
        hands={1: ["K"], 2: ["W"]},
        advanced=True,
        cards={
            "B": card("regular", "berserk", 2, front_right=3),
            "X": card("veteran", "infantry", 4),
            "Z": card("regular", "berserk", 9, front_right=5),
            "K": card("recruit", "infantry", 1, front=2),
            "W": WALL,
        },
    )
    events = play(state, "K@d4")
    assert eliminated(events) == [("d4", 1, "K"), ("d5", 2, "X")]
    assert moves(events) == [(1, "c4", "d5"), (2, "e5", "d4")]
    assert len(damages(events)) == 3


def test_lw_11_3_the_opponent_chooses_the_order_of_its_own_berserkers() -> None:
    # two player 2 berserkers kill the placed K on d4; both may take d4: player 2 decides
    state = position(
        board={"d5": (2, "Z1"), "e5": (2, "Z2"), "a7": (2, "W")},
        hands={1: ["K"], 2: ["W"]},
        advanced=True,
        cards={
            "Z1": card("regular", "berserk", 9, front=5),
            "Z2": card("regular", "berserk", 9, front_right=5),
            "K": card("recruit", "infantry", 1, front=1),
            "W": WALL,
        },
    )
    events = play(state, "K@d4")
    assert eliminated(events) == [("d4", 1, "K")]
    assert state.phase == "berserk" and state.current_player == 2 and state.active == 1
    assert legal(state) == ["berserk d5-d4", "berserk e5-d4"]
    events = play(state, "berserk e5-d4")
    assert moves(events) == [(2, "e5", "d4")]
    assert board(state)["d5"] == (2, "Z1")  # its only square is taken: it stays
    assert (state.active, state.phase) == (2, "deploy")  # player 1's phase 3 ran by itself


# -- LW-11.4 re-resolution ------------------------------------------------------------------------
def test_lw_11_4_a_berserker_kills_again_after_its_move_and_moves_again() -> None:
    state = position(
        board={"d4": (2, "X"), "d5": (2, "Y"), "a7": (2, "W")},
        hands={1: ["Orc Deathbringer#1"], 2: ["W"]},
        advanced=True,
        cards={"X": card("veteran", "infantry", 4), "Y": card("veteran", "infantry", 4), "W": WALL},
    )
    events = play(state, "Orc Deathbringer#1@d3")
    assert moves(events) == [(1, "d3", "d4"), (1, "d4", "d5")]
    assert eliminated(events) == [("d4", 2, "X"), ("d5", 2, "Y")]
    assert damages(events) == [{"d4": 5}, {"d5": 5}, {}]
    assert len(state.pile[1]) == 2


def test_lw_11_4_a_berserker_may_move_into_its_own_death() -> None:
    # after the move to d4, player 2's R on e5 (front-right: towards d4) deals 5 > 2
    state = position(
        board={"d4": (2, "X"), "e5": (2, "R"), "a7": (2, "W")},
        hands={1: ["Orc Deathbringer#1"], 2: ["W"]},
        advanced=True,
        cards={
            "X": card("veteran", "infantry", 4),
            "R": card("recruit", "infantry", 9, front_right=5),
            "W": WALL,
        },
    )
    events = play(state, "Orc Deathbringer#1@d3")
    assert moves(events) == [(1, "d3", "d4")]
    assert eliminated(events) == [("d4", 2, "X"), ("d4", 1, "Orc Deathbringer#1")]
    assert damages(events)[1] == {"d4": 5, "e5": 3}
    assert [state.static.card_of(u).ref for u in state.pile[2]] == ["Orc Deathbringer#1"]


def test_lw_11_4_victory_is_checked_after_each_berserker_resolution() -> None:
    state = position(
        board={"d4": (2, "X"), "d5": (2, "Y"), "a7": (2, "W")},
        hands={1: ["Orc Deathbringer#1"], 2: ["W"]},
        advanced=True,
        eliminated={1: ["Dwarf Slugger#1"] * 18},
        cards={"X": card("veteran", "infantry", 4), "Y": card("veteran", "infantry", 4), "W": WALL},
    )
    events = play(state, "Orc Deathbringer#1@d3")
    assert eliminated(events) == [("d4", 2, "X"), ("d5", 2, "Y")]
    assert moves(events) == [(1, "d3", "d4")]  # no second move: the game is over
    assert kinds(events)[-1] == "game-over"
    assert state.outcome is not None and state.outcome.winner == 1


# -- LW-11.5 ranged units in a berserker turn -----------------------------------------------------
def test_lw_11_5_a_shooter_fires_at_its_target_in_every_resolution() -> None:
    # the Catapult on a1 (placed earlier) shoots T on b4 (defence 9); the placed K and the
    # Deathbringer on d3 kill X on d4, the Deathbringer moves, and the Catapult fires again
    state = position(
        board={
            "a1": (1, "Orc Catapult"),
            "b4": (2, "T"),
            "d3": (1, "Orc Deathbringer#1"),
            "d4": (2, "X"),
        },
        hands={1: ["K"], 2: ["W"]},
        advanced=True,
        cards={
            "T": WALL,
            "X": card("veteran", "infantry", 6),
            "K": card("recruit", "infantry", 9, back_left=2),
            "W": WALL,
        },
    )
    events = play(state, "K@e5")
    assert [(e.data["square"], e.data["target"]) for e in events if e.kind == "declared"] == [
        ("a1", "b4")
    ]
    assert moves(events) == [(1, "d3", "d4")]
    assert damages(events) == [{"b4": 4, "d4": 7}, {"b4": 4}]  # declared once, fired twice


def test_lw_11_5_a_shooter_stops_once_its_target_is_gone_and_its_arrows_stay_silent() -> None:
    # the placed Catapult on c2 shoots X on d4 (its right arrow could hit E on d2 instead)
    state = position(
        board={"d3": (1, "Orc Deathbringer#1"), "d4": (2, "X"), "d2": (2, "E")},
        hands={1: ["Orc Catapult"], 2: ["W"]},
        advanced=True,
        cards={"X": card("veteran", "infantry", 6), "E": WALL, "W": WALL},
    )
    play(state, "Orc Catapult@c2")
    assert state.phase == "shoot" and legal(state) == ["shoot d4", "arrows"]
    events = play(state, "shoot d4")
    assert eliminated(events) == [("d4", 2, "X")]
    assert moves(events) == [(1, "d3", "d4")]
    first, second = damages(events)
    assert first == {"d4": 9}  # 5 + 4; nothing on d2 from the shooter's arrow
    assert second == {}  # no shot at a target that is gone, and still no arrow on d2


def test_lw_11_5_engaged_at_the_first_resolution_it_cannot_shoot_later() -> None:
    # the Catapult on e3 is engaged by N on e4 at the first resolution; the placed
    # Deathbringer kills N and X; in the second resolution the Catapult is free but silent
    state = position(
        board={"e3": (1, "Orc Catapult"), "e4": (2, "N"), "d4": (2, "X"), "f5": (2, "T")},
        hands={1: ["Orc Deathbringer#1"], 2: ["W"]},
        advanced=True,
        cards={
            "N": card("recruit", "infantry", 2, front=1),
            "X": card("veteran", "infantry", 4),
            "T": WEAK,
            "W": WALL,
        },
    )
    events = play(state, "Orc Deathbringer#1@d3")
    assert [e for e in events if e.kind == "declared"] == []
    assert eliminated(events) == [("d4", 2, "X"), ("e4", 2, "N")]
    assert legal(state) == ["berserk d3-d4", "berserk d3-e4"]
    events = play(state, "berserk d3-d4")
    assert damages(events) == [{}]  # T on f5, in the grid and unengaged-at-last: no shot
    assert "f5" in {b["square"] for b in state.view(None)["board"]}


# -- LW-11.2 to LW-11.5 as invariants of random advanced games ------------------------------------
def test_lw_11_berserker_turns_in_random_games_follow_the_rules() -> None:
    moved = 0
    for armies, seed in (
        ("orcs,dwarves", 21),
        ("dwarves,elves", 22),
        ("lizardmen,orcs", 23),
        ("elves,dwarves", 24),
        ("orcs,elves", 25),
    ):
        state = get_game("lords-of-war").new({"armies": armies, "advanced": True}, seed=seed)
        rng = Rng(seed)
        turn_events: list[Event] = []
        for _ in range(1500):
            if state.outcome is not None:
                break
            actions = state.legal_actions()
            for event in state.apply(actions[rng.below(len(actions))]):
                if event.kind == "turn":
                    turn_events = []
                if event.kind == "moved":
                    moved += 1
                    # LW-11.2: onto a square it helped to empty this turn, from where it stood
                    assert any(
                        e.kind == "eliminated"
                        and e.data["square"] == event.data["to"]
                        and event.data["from"] in e.data["by"]
                        for e in turn_events
                    )
                if event.kind == "declared":
                    # LW-11.5: attacks are declared before the first resolution only
                    assert not any(e.kind == "resolution" for e in turn_events)
                if turn_events and turn_events[-1].kind == "moved":
                    assert event.kind == "resolution"  # LW-11.4: all attack again after a move
                turn_events.append(event)
        assert state.outcome is not None
    assert moved > 0
