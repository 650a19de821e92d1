"""Rules LW-8 (victory and the General)."""

from __future__ import annotations

import pytest

from bitva.core.errors import IllegalAction
from bitva.core.events import Event
from bitva.games.lords_of_war.position import parse_position
from bitva.games.lords_of_war.state import LordsOfWarState
from tests.lords_of_war.helpers import (
    card,
    eliminated,
    kinds,
    legal,
    play,
    position,
    position_text,
)

WALL = card("recruit", "infantry", 9)
WEAK = card("recruit", "infantry", 3)
KILLER = card("recruit", "infantry", 9, front=5)
SLUGGERS = ["Dwarf Slugger#1"]
ORC_COMMANDS = ["Vanak Fleshripper", "Ugluk Horsekiller", "Kragdish Blackmaw"]
DWARF_COMMANDS = ["Gordona Ironhelm", "Mungo Lancerammer", "Deadeye Jones"]


def turns(events: list[Event]) -> list[int]:
    return [e.data["player"] for e in events if e.kind == "turn"]


# -- LW-8.1 ---------------------------------------------------------------------------------------
def test_lw_8_1_victory_is_checked_after_the_resolution_and_ends_the_turn() -> None:
    state = position(
        board={"d4": (2, "E"), "a1": (1, "W")},
        hands={1: ["K"], 2: ["W"]},
        decks={1: ["W"]},
        eliminated={1: SLUGGERS * 19},
        cards={"K": KILLER, "E": WEAK, "W": WALL},
    )
    events = play(state, "K@d3")
    assert kinds(events) == ["placed", "resolution", "eliminated", "game-over"]
    assert state.outcome is not None
    assert (state.outcome.winner, state.outcome.is_draw) == (1, False)
    assert (state.outcome.reason, state.outcome.rule) == ("units", "LW-8.1")
    assert state.decision == "over" and state.current_player is None
    assert state.legal_actions() == []
    assert len(state.hand[1]) == 0  # no phase 3


def test_lw_8_1_nothing_may_be_played_after_the_end() -> None:
    state = position(
        board={"d4": (2, "E")},
        hands={1: ["K"], 2: ["W"]},
        eliminated={1: SLUGGERS * 19},
        cards={"K": KILLER, "E": WEAK, "W": WALL},
    )
    play(state, "K@d3")
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        play(state, "draw")
    assert info.value.rule == "LW-8.1"
    assert state.to_json() == before


def test_lw_8_1_the_non_active_player_can_win() -> None:
    # player 1's suicide placement gives player 2 its fourth command unit (a General counts)
    state = position(
        board={"d4": (2, "B"), "a7": (2, "W")},
        hands={1: ["Gonke Longtooth"], 2: ["W"]},
        eliminated={2: ORC_COMMANDS},
        cards={"B": card("recruit", "infantry", 9, front=7), "W": WALL},
    )
    events = play(state, "Gonke Longtooth@d3")  # defence 6, receives 7
    assert eliminated(events) == [("d3", 1, "Gonke Longtooth")]
    assert state.outcome is not None and state.outcome.winner == 2


def test_lw_8_1_a_custom_command_threshold_counts_the_general() -> None:
    state = position(
        board={"d4": (2, "Krod Klouthammer")},
        hands={1: ["K"], 2: ["W"]},
        commands_to_win=1,
        cards={"K": card("recruit", "infantry", 9, front=9), "W": WALL},
    )
    play(state, "K@d3")
    assert state.outcome is not None and state.outcome.winner == 1
    assert (state.outcome.reason, state.outcome.params["commands"]) == ("commands", 1)


# -- LW-8.2 ---------------------------------------------------------------------------------------
def test_lw_8_2_both_thresholds_in_one_resolution_is_a_draw() -> None:
    # player 2 at 19 units, player 1 at 3 commands: the placement kills a command and dies
    state = position(
        board={"d4": (2, "Gordona Ironhelm")},
        hands={1: ["K"], 2: ["W"]},
        eliminated={
            1: ["Mungo Lancerammer", "Deadeye Jones", "Ivor the Mad"],
            2: ["Goblin Shanker#1"] * 19,
        },
        cards={"K": card("recruit", "infantry", 1, front=9), "W": WALL},
    )
    events = play(state, "K@d3")
    assert sorted(eliminated(events)) == [("d3", 1, "K"), ("d4", 2, "Gordona Ironhelm")]
    assert state.outcome is not None
    assert state.outcome.is_draw and state.outcome.winner is None
    assert kinds(events)[-1] == "game-over"


def test_lw_8_2_a_draw_in_player_2s_turn_by_the_unit_threshold() -> None:
    state = position(
        board={"c3": (1, "B")},
        hands={1: ["W"], 2: ["K"]},
        active=2,
        eliminated={1: ["Dwarf Slugger#1"] * 19, 2: ["Goblin Shanker#1"] * 19},
        cards={
            "K": card("recruit", "infantry", 2, front=5),
            "B": card("recruit", "infantry", 2, front=5),
            "W": WALL,
        },
    )
    events = play(state, "K@c4")  # P2's front points at c3, P1's front at c4
    assert sorted(eliminated(events)) == [("c3", 1, "B"), ("c4", 2, "K")]
    assert state.outcome is not None and state.outcome.is_draw


# -- LW-8.3 ---------------------------------------------------------------------------------------
def stalemate(p1_pile: list[str], p2_pile: list[str]) -> LordsOfWarState:
    """Hands and decks empty; d3 and d4 engage each other, so nothing can be recalled."""
    return position(
        board={"d3": (1, "A"), "d4": (2, "B")},
        eliminated={1: p1_pile, 2: p2_pile},
        cards={
            "A": card("recruit", "infantry", 9, front=1),
            "B": card("recruit", "infantry", 9, front=1),
        },
    )


def test_lw_8_3_two_turns_without_a_placement_end_the_game_more_eliminated_wins() -> None:
    state = stalemate(SLUGGERS * 2, ["Goblin Shanker#1"])
    assert state.phase == "reinforce"  # player 1 has nothing to place
    events = play(state, "draw")
    assert [e.data for e in events if e.kind == "skipped"] == [
        {"player": 2, "phases": [1, 2], "rule": "LW-6.6"}
    ]
    assert kinds(events)[-1] == "game-over"
    assert state.outcome is not None and state.outcome.winner == 1
    assert (state.outcome.reason, state.outcome.rule) == ("no-placements", "LW-8.3")


def test_lw_8_3_equal_piles_is_a_draw() -> None:
    state = stalemate(SLUGGERS, ["Goblin Shanker#1"])
    play(state, "draw")
    assert state.outcome is not None and state.outcome.is_draw


def test_lw_8_3_player_2_wins_on_count() -> None:
    state = stalemate([], ["Goblin Shanker#1"])
    play(state, "draw")
    assert state.outcome is not None and state.outcome.winner == 2


def test_lw_8_3_the_previous_turn_without_placement_counts_from_a_position_file() -> None:
    text = position_text(
        board={"d3": (1, "A"), "d4": (2, "B")},
        eliminated={2: ["Goblin Shanker#1"]},
        cards={
            "A": card("recruit", "infantry", 9, front=1),
            "B": card("recruit", "infantry", 9, front=1),
        },
    )
    state = parse_position(text.replace("[turn]\n", "[turn]\nturns_without_placement = 1\n"))
    assert state.phase == "reinforce"
    events = play(state, "draw")  # the second turn in a row without a placement
    assert kinds(events) == ["drew", "game-over"]
    assert state.outcome is not None and state.outcome.winner == 2


def test_lw_8_3_one_turn_without_a_placement_is_not_enough() -> None:
    state = position(
        board={"d3": (1, "A"), "d4": (2, "B")},
        hands={2: ["W"]},
        cards={
            "A": card("recruit", "infantry", 9, front=1),
            "B": card("recruit", "infantry", 9, front=1),
            "W": WALL,
        },
    )
    play(state, "draw")
    assert state.outcome is None
    assert state.active == 2 and state.phase == "deploy"


def test_lw_8_3_a_full_mat_also_stops_placements() -> None:
    # 42 units fill the mat; both hands are full (so nothing can be recalled, D-11)
    squares = [f"{c}{r}" for r in range(1, 8) for c in "abcdef"]
    board = {sq: (1 if i % 2 else 2, "W") for i, sq in enumerate(squares)}
    state = position(
        board=board,
        hands={1: ["W"] * 6, 2: ["W"] * 6},
        eliminated={2: ["Goblin Shanker#1"]},
        cards={"W": WALL},
    )
    assert state.phase == "reinforce"
    events = play(state, "draw")
    assert [e.data["rule"] for e in events if e.kind == "skipped"] == ["D-6"]
    assert state.outcome is not None and state.outcome.winner == 2


# -- LW-8.4 ---------------------------------------------------------------------------------------
def test_lw_8_4_player_2_eliminating_the_orc_general_plays_again() -> None:
    state = position(
        board={"c4": (1, "Gonke Longtooth"), "f1": (2, "W")},
        hands={1: ["W"], 2: ["K", "K"]},
        active=2,
        decks={2: ["K"]},
        cards={"K": card("recruit", "infantry", 9, front=9), "W": WALL},
    )
    events = play(state, "K@c5")  # P2's front: c5 -> c4
    assert eliminated(events) == [("c4", 1, "Gonke Longtooth")]
    assert [e.data for e in events if e.kind == "extra-turn-earned"] == [
        {"player": 2, "rule": "LW-8.4"}
    ]
    assert state.phase == "reinforce"  # f1 may be recalled: a choice
    events = play(state, "draw")
    assert kinds(events) == ["drew", "extra-turn", "turn"]
    assert state.active == 2 and state.phase == "deploy"
    assert state.owed == [False, False, False]


def test_lw_8_4_the_extra_turn_is_one_turn_then_alternation_resumes() -> None:
    state = position(
        board={"c4": (1, "Gonke Longtooth"), "f1": (2, "W"), "a1": (1, "W")},
        hands={1: ["W"], 2: ["K", "K"]},
        active=2,
        cards={"K": card("recruit", "infantry", 9, front=9), "W": WALL},
    )
    events = play(state, "K@c5", "draw")
    assert turns(events) == [2]  # the extra turn
    events = play(state, "K@a2", "draw")  # 9 on a1's defence 9: nothing dies this time
    assert "extra-turn" not in kinds(events)
    assert turns(events) == [1]
    assert state.active == 1


def test_lw_8_4_a_general_eliminated_by_the_non_active_player_gives_it_the_extra_turn() -> None:
    # player 1 places its General into player 2's arrows: player 2 earns the extra turn, played
    # at the end of its own next turn (player 2, then player 2 again, then player 1)
    state = position(
        board={"d4": (2, "B"), "a7": (2, "W"), "a1": (1, "W")},
        hands={1: ["Gonke Longtooth", "W"], 2: ["W", "W", "W"]},
        cards={"B": card("recruit", "infantry", 9, front=7), "W": WALL},
    )
    events = play(state, "Gonke Longtooth@d3")
    assert eliminated(events) == [("d3", 1, "Gonke Longtooth")]
    assert [e.data["player"] for e in events if e.kind == "extra-turn-earned"] == [2]
    assert state.phase == "reinforce" and state.active == 1
    events = play(state, "draw")
    assert "extra-turn" not in kinds(events)  # player 1's turn ends normally
    assert state.active == 2 and state.owed[2]
    assert sorted(legal(state)) == ["W@a2", "W@b1", "W@b2"]  # forced next to a1 (LW-6.5)
    events = play(state, "W@b2")
    assert state.phase == "reinforce" and state.active == 2
    events += play(state, "draw")
    assert "extra-turn" in kinds(events)
    assert state.active == 2 and state.phase == "deploy"  # player 2 again
    assert not state.owed[2]


def test_lw_8_4_both_generals_in_one_resolution_player_2_active() -> None:
    state = position(
        board={"c4": (1, "G1"), "a7": (1, "W")},
        hands={1: ["W"], 2: ["G2", "W"]},
        active=2,
        cards={
            "G1": card("general", "infantry", 2, front=5),
            "G2": card("general", "infantry", 2, front=5),
            "W": WALL,
        },
    )
    events = play(state, "G2@c5")
    assert eliminated(events) == [("c4", 1, "G1"), ("c5", 2, "G2")]
    assert "extra-turn-earned" not in kinds(events)
    assert state.owed == [False, False, False]


def test_lw_8_4_generals_falling_in_different_resolutions_give_both_extra_turns() -> None:
    # resolution 1: the placed K kills player 2's General on d5 and dies to Z (a player 2
    # berserker); Z moves to d4 and, in resolution 2, kills player 1's General on c3
    state = position(
        board={"d5": (2, "G2"), "e5": (2, "Z"), "c3": (1, "G1"), "a7": (2, "W")},
        hands={1: ["K", "W"], 2: ["W", "W"]},
        advanced=True,
        cards={
            "G1": card("general", "infantry", 1),
            "G2": card("general", "infantry", 1),
            "Z": card("regular", "berserk", 9, front_right=5),
            "K": card("recruit", "infantry", 1, front=9),
            "W": WALL,
        },
    )
    events = play(state, "K@d4")
    assert [e.data["player"] for e in events if e.kind == "extra-turn-earned"] == [1, 2]
    assert state.owed == [False, False, True]  # player 1's was taken at once
    assert [e.data["player"] for e in events if e.kind == "extra-turn"] == [1]
    assert state.active == 1 and state.phase == "deploy"
    events = play(state, legal(state)[0])  # player 1's extra turn
    while state.active == 1:
        events += play(state, "draw")
    assert state.active == 2 and state.owed[2]
    events = play(state, legal(state)[0])
    while state.active == 2 and state.phase == "reinforce":
        events += play(state, "draw")
    assert [e.data["player"] for e in events if e.kind == "extra-turn"] == [2]
    assert state.active == 2 and state.phase == "deploy"


def test_lw_8_4_an_extra_turn_owed_in_a_position_file() -> None:
    state = position(
        board={"d3": (1, "W"), "a7": (2, "W")},
        hands={1: ["W"], 2: ["W"]},
        phase="reinforce",
        extra_turn=1,
        cards={"W": WALL},
    )
    assert state.owed[1]
    events = play(state, "draw")
    assert kinds(events) == ["drew", "extra-turn", "turn"]
    assert state.active == 1
