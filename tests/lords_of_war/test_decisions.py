"""Decisions D-1 to D-9 of the rules (section 12) and the engine's own decisions D-10 to D-14."""

from __future__ import annotations

import pytest

from bitva.core import get_game
from bitva.core.rng import Rng
from bitva.games.lords_of_war.state import LordsOfWarState
from tests.lords_of_war.helpers import (
    board,
    card,
    damages,
    declared,
    eliminated,
    kinds,
    legal,
    moves,
    new_game,
    play,
    position,
    refused,
    squares_for,
)

WALL = card("recruit", "infantry", 9)
WEAK = card("recruit", "infantry", 3)
NO_ARROWS = card("recruit", "infantry", 3)


# -- D-1 start squares ----------------------------------------------------------------------------
def test_d_1_start_squares_are_d3_and_c5() -> None:
    mat = new_game().static.mat
    assert mat.name(mat.start_square(1)) == "d3"
    assert mat.name(mat.start_square(2)) == "c5"


def test_d_1_start_squares_are_point_symmetric_and_not_adjacent() -> None:
    mat = new_game().static.mat
    (x1, y1), (x2, y2) = mat.coords(mat.start_square(1)), mat.coords(mat.start_square(2))
    assert (x1 + x2, y1 + y2) == (6 - 1, 7 - 1)  # through the centre of the 6 x 7 mat
    assert max(abs(x1 - x2), abs(y1 - y2)) > 1  # not adjacent: the challenge starts no fight


def test_d_1_the_challenge_cannot_start_a_fight_whatever_is_placed() -> None:
    for seed in range(8):
        state = new_game(seed=seed)
        events = play(state, legal(state)[-1])
        events += play(state, legal(state)[-1])
        assert "resolution" not in kinds(events)
        assert sorted(board(state)) == ["c5", "d3"]


# -- D-2 explicit cards ---------------------------------------------------------------------------
def test_d_2_an_inline_card_overrides_the_army_data_of_its_name() -> None:
    # the shipped Orc Deathbringer#1 has front arrows; the inline one only a back arrow
    state = position(
        board={"d4": (2, "W")},
        hands={1: ["Orc Deathbringer#1"], 2: ["W"]},
        cards={"Orc Deathbringer#1": card("regular", "berserk", 2, back=1), "W": WALL},
    )
    assert squares_for(state, "Orc Deathbringer#1") == ["d5"]
    shipped = position(
        board={"d4": (2, "W")}, hands={1: ["Orc Deathbringer#1"], 2: ["W"]}, cards={"W": WALL}
    )
    assert squares_for(shipped, "Orc Deathbringer#1") == ["c3", "d3", "e3"]


# -- D-3 a ranged unit must attack ----------------------------------------------------------------
def test_d_3_one_target_and_no_arrow_on_an_enemy_it_must_shoot() -> None:
    state = position(
        board={"b3": (1, "W"), "c5": (2, "T")},
        hands={1: ["Orc Catapult"], 2: ["W"]},
        cards={"T": WEAK, "W": WALL},
    )
    events = play(state, "Orc Catapult@b2")
    assert declared(events) == [("b2", "c5", "ranged")]
    assert eliminated(events) == [("c5", 2, "T")]


def test_d_3_several_targets_the_owner_chooses_but_may_not_decline() -> None:
    state = position(
        board={"b3": (1, "W"), "c5": (2, "T"), "a4": (2, "T")},
        hands={1: ["Orc Catapult"], 2: ["W"]},
        cards={"T": WEAK, "W": WALL},
    )
    play(state, "Orc Catapult@b2")
    assert legal(state) == ["shoot a4", "shoot c5"]
    assert refused(state, "arrows") == "D-3"
    events = play(state, "shoot a4")
    assert eliminated(events) == [("a4", 2, "T")]


def test_d_3_no_target_and_no_arrow_on_an_enemy_it_does_nothing() -> None:
    # the Catapult on b2 has nothing in its grid (a3..c5) and nothing beside it; K attacks f7
    state = position(
        board={"b3": (1, "W"), "f7": (2, "W")},
        hands={1: ["Orc Catapult"], 2: ["W"]},
        cards={"W": WALL},
    )
    events = play(state, "Orc Catapult@b2")
    assert declared(events) == []
    assert damages(events) == [{}]


def test_d_3_no_target_but_an_arrow_on_an_enemy_it_uses_its_arrows() -> None:
    # the enemy on c2 is beside the Catapult (its right arrow) but outside its grid
    state = position(
        board={"b3": (1, "W"), "c2": (2, "W")},
        hands={1: ["Orc Catapult"], 2: ["W"]},
        cards={"W": WALL},
    )
    events = play(state, "Orc Catapult@b2")
    assert declared(events) == []
    assert damages(events) == [{"c2": 1}]


# -- D-4 simultaneous victory ---------------------------------------------------------------------
def test_d_4_simultaneous_victory_is_a_draw() -> None:
    # both at 19 units: the placed K and the enemy on d4 kill each other
    state = position(
        board={"d4": (2, "B")},
        hands={1: ["K"], 2: ["W"]},
        eliminated={1: ["Dwarf Slugger#1"] * 19, 2: ["Goblin Shanker#1"] * 19},
        cards={
            "K": card("recruit", "infantry", 2, front=5),
            "B": card("recruit", "infantry", 2, front=5),
            "W": WALL,
        },
    )
    events = play(state, "K@d3")
    assert sorted(eliminated(events)) == [("d3", 1, "K"), ("d4", 2, "B")]
    assert state.outcome is not None
    assert state.outcome.is_draw and state.outcome.winner is None
    assert (state.outcome.reason, state.outcome.rule) == ("both-thresholds", "D-4")
    assert state.outcome.returns == (0.0, 0.0)


# -- D-5 extra turn when the General falls to the non-active player -------------------------------
def test_d_5_player_2s_general_falls_to_player_1s_arrows_in_player_2s_turn() -> None:
    # player 2 places Krod (defence 7) on d4 in front of player 1's R (front 8)
    state = position(
        board={"d3": (1, "R"), "f1": (1, "W"), "a7": (2, "W")},
        hands={1: ["W", "W"], 2: ["Krod Klouthammer", "W"]},
        active=2,
        cards={"R": card("recruit", "infantry", 9, front=8), "W": WALL},
    )
    events = play(state, "Krod Klouthammer@d4")
    assert eliminated(events) == [("d4", 2, "Krod Klouthammer")]
    assert [e.data["player"] for e in events if e.kind == "extra-turn-earned"] == [1]
    assert state.active == 2 and state.phase == "reinforce"  # a7 may be recalled
    events = play(state, "draw")
    assert "extra-turn" not in kinds(events)
    assert state.active == 1 and state.owed[1]
    # player 1's turn: a forced placement (no arrows), then phase 3, then player 1 again
    events = play(state, legal(state)[0])
    while state.active == 1 and state.phase == "reinforce":
        events += play(state, "draw")
    assert [e.data["player"] for e in events if e.kind == "extra-turn"] == [1]
    assert state.active == 1 and state.phase == "deploy"


# -- D-6 forced placement fall-backs --------------------------------------------------------------
def test_d_6_no_empty_square_next_to_an_enemy_any_square_next_to_a_unit() -> None:
    # the only enemy, on a1, is walled in by a2, b1 and b2: next to any unit instead
    state = position(
        board={"a1": (2, "W"), "a2": (1, "W"), "b1": (1, "W"), "b2": (1, "W")},
        hands={1: ["N", "M"], 2: ["W"]},
        cards={"N": NO_ARROWS, "M": card("recruit", "infantry", 3, back=2), "W": WALL},
    )
    assert state.forced_placement
    assert squares_for(state, "N") == ["a3", "b3", "c1", "c2", "c3"]
    assert refused(state, "N@e5") == "LW-6.5"
    events = play(state, "M@c3")
    shown = [e.data["cards"] for e in events if e.kind == "revealed"]
    assert shown in ([["M", "N"]], [["N"]])  # the hand is shown as proof (LW-6.5)


def test_d_6_a_full_mat_skips_phases_1_and_2() -> None:
    squares = [f"{c}{r}" for r in range(1, 8) for c in "abcdef"]
    full = {sq: (1 + i % 2, "W") for i, sq in enumerate(squares[:-1])}
    state = position(board=full, hands={1: ["W"], 2: ["W", "W"]}, cards={"W": WALL})
    events = play(state, "W@f7", "draw")  # the last square; then a phase 3 with a choice
    assert [e.data for e in events if e.kind == "skipped"] == [
        {"player": 2, "phases": [1, 2], "rule": "D-6"}
    ]
    assert len(state.hand[2]) == 2  # the hand is kept


# -- D-7 running out of cards ---------------------------------------------------------------------
def test_d_7_a_game_played_to_the_end_always_finishes() -> None:
    for seed in (3, 11):
        state = new_game(seed=seed, advanced=True)
        rng = Rng(seed)
        for _ in range(3000):
            if state.outcome is not None:
                break
            actions = state.legal_actions()
            state.apply(actions[rng.below(len(actions))])
        assert state.outcome is not None
        assert state.phase == "over"


def test_d_7_empty_hands_and_decks_end_the_game_by_count() -> None:
    state = position(
        board={"d3": (1, "P"), "d4": (2, "P")},
        eliminated={1: ["Dwarf Slugger#1"]},
        cards={"P": card("recruit", "infantry", 9, front=1)},
    )
    assert state.phase == "reinforce"  # LW-6.6: nothing to place
    events = play(state, "draw")
    assert [e.data["rule"] for e in events if e.kind == "skipped"] == ["LW-6.6"]
    assert state.outcome is not None and state.outcome.winner == 1


# -- D-8 order of berserker moves -----------------------------------------------------------------
def two_berserkers() -> LordsOfWarState:
    # B1 (c3) and the placed B2 (e3) kill D on d4 together; each also has its own victim
    berserk = card("regular", "berserk", 2, front_right=3, front_left=3)
    state = position(
        board={"c3": (1, "B1"), "d4": (2, "D"), "a7": (2, "W")},
        hands={1: ["B2"], 2: ["W"]},
        advanced=True,
        cards={"B1": berserk, "B2": berserk, "D": card("veteran", "infantry", 5), "W": WALL},
    )
    play(state, "B2@e3")
    return state


def test_d_8_the_result_depends_only_on_the_players_choices() -> None:
    first, second, again = two_berserkers(), two_berserkers(), two_berserkers()
    play(first, "berserk c3-d4")
    play(second, "berserk e3-d4")
    play(again, "berserk c3-d4")
    assert board(first)["d4"] == (1, "B1") and "c3" not in board(first)
    assert board(second)["d4"] == (1, "B2") and "e3" not in board(second)
    assert first.to_json() == again.to_json()


# -- D-9 shooting is taking part ------------------------------------------------------------------
def test_d_9_a_unit_that_shot_an_eliminated_unit_cannot_be_recalled() -> None:
    # the Catapult on a1 (placed earlier) shoots b3, which the placed K also hits
    state = position(
        board={"a1": (1, "Orc Catapult"), "b3": (2, "T"), "f1": (1, "W")},
        hands={1: ["K"], 2: ["W"]},
        cards={
            "T": card("veteran", "infantry", 5),
            "K": card("recruit", "infantry", 9, front=2),
            "W": WALL,
        },
    )
    events = play(state, "K@b2")
    assert eliminated(events) == [("b3", 2, "T")]  # 4 (shot) + 2 (arrow) > 5
    assert legal(state) == ["draw", "recall f1"]
    assert refused(state, "recall a1") == "LW-9.2"
    flags = {b["square"]: b["took_part"] for b in state.view(None)["board"]}
    assert flags["a1"] is True


def test_d_9_a_shot_at_a_survivor_is_not_taking_part() -> None:
    state = position(
        board={"a1": (1, "Orc Catapult"), "b3": (2, "T"), "f1": (1, "W")},
        hands={1: ["K"], 2: ["W"]},
        cards={
            "T": card("veteran", "infantry", 7),
            "K": card("recruit", "infantry", 9, front=2),
            "W": WALL,
        },
    )
    events = play(state, "K@b2")
    assert eliminated(events) == []
    assert legal(state) == ["draw", "recall a1", "recall f1"]


# -- D-10 berserker obligations are checked when the move comes -----------------------------------
def pending_opponent_berserker(right: int) -> LordsOfWarState:
    # B (P1) and the placed K kill X on d5; Z (P2 berserker) kills K. B moves first, to d5,
    # where its right arrow points at Z on e5
    return position(
        board={"c4": (1, "B"), "d5": (2, "X"), "e5": (2, "Z"), "a7": (2, "W")},
        hands={1: ["K"], 2: ["W"]},
        advanced=True,
        cards={
            "B": card("regular", "berserk", 9, front_right=3, right=right),
            "X": card("veteran", "infantry", 4),
            "Z": card("regular", "berserk", 2, front_right=5),
            "K": card("recruit", "infantry", 1, front=2),
            "W": WALL,
        },
    )


def test_d_10_a_berserker_engaged_when_its_move_comes_stays() -> None:
    state = pending_opponent_berserker(right=1)
    events = play(state, "K@d4")
    assert eliminated(events) == [("d4", 1, "K"), ("d5", 2, "X")]
    assert moves(events) == [(1, "c4", "d5")]  # Z is engaged by B's right arrow: it stays
    assert board(state)["e5"] == (2, "Z") and "d4" not in board(state)


def test_d_10_a_berserker_killed_before_its_move_comes_does_not_move() -> None:
    state = pending_opponent_berserker(right=3)
    events = play(state, "K@d4")
    assert eliminated(events) == [("d4", 1, "K"), ("d5", 2, "X"), ("e5", 2, "Z")]
    # B kills Z from d5 and moves on (LW-11.4); Z's obligation died with it
    assert moves(events) == [(1, "c4", "d5"), (1, "d5", "e5")]
    assert "d4" not in board(state)


def test_d_10_a_berserker_whose_squares_are_all_occupied_lapses() -> None:
    state = two_berserkers()
    events = play(state, "berserk c3-d4")
    assert moves(events) == [(1, "c3", "d4")]
    assert board(state)["e3"] == (1, "B2")
    assert state.phase != "berserk"


def test_d_10_an_active_berserker_that_kills_in_the_opponents_part_moves_next() -> None:
    # Z1 and Z2 (player 2 berserkers) kill the placed K on d4; player 2 moves Z1 there, where
    # player 1's B (front-right 3 from c3) kills it. B moves next, before Z2, and takes d4.
    state = position(
        board={"d5": (2, "Z1"), "e5": (2, "Z2"), "c3": (1, "B"), "a7": (2, "W")},
        hands={1: ["K"], 2: ["W"]},
        advanced=True,
        cards={
            "Z1": card("regular", "berserk", 2, front=5),
            "Z2": card("regular", "berserk", 9, front_right=5),
            "B": card("regular", "berserk", 9, front_right=3),
            "K": card("recruit", "infantry", 1, front=1),
            "W": WALL,
        },
    )
    play(state, "K@d4")
    assert state.current_player == 2 and legal(state) == ["berserk d5-d4", "berserk e5-d4"]
    events = play(state, "berserk d5-d4")
    assert eliminated(events) == [("d4", 2, "Z1")]
    assert moves(events) == [(2, "d5", "d4"), (1, "c3", "d4")]
    assert board(state)["e5"] == (2, "Z2")  # its square was taken again: it stays


def test_d_10_borderless_empty_board_offers_the_start_square() -> None:
    cards = {"K": WEAK}
    one = position(hands={1: ["K"]}, borderless=True, cards=cards)
    assert squares_for(one, "K") == ["d3"]
    two = position(hands={2: ["K"]}, active=2, borderless=True, cards=cards)
    assert squares_for(two, "K") == ["c5"]
    bounded = position(hands={1: ["K"]}, cards=cards)
    assert len(squares_for(bounded, "K")) == 42


# -- D-11 no recall into a full hand --------------------------------------------------------------
def test_d_11_no_recall_when_the_hand_holds_six_cards() -> None:
    state = position(
        board={"a1": (1, "W"), "f7": (2, "W")},
        hands={1: ["W"] * 6},
        phase="reinforce",
        cards={"W": WALL},
    )
    assert legal(state) == ["draw"]
    assert refused(state, "recall a1") == "D-11"
    five = position(
        board={"a1": (1, "W"), "f7": (2, "W")},
        hands={1: ["W"] * 5},
        phase="reinforce",
        cards={"W": WALL},
    )
    assert legal(five) == ["draw", "recall a1"]


# -- D-12 seat 1 is player 1 ----------------------------------------------------------------------
@pytest.mark.parametrize("armies", ["orcs,dwarves", "dwarves,orcs", "elves,elves"])
def test_d_12_seat_1_is_player_1_and_moves_first(armies: str) -> None:
    state = get_game("lords-of-war").new({"armies": armies}, seed=2)
    state.resolve_chance()  # the opening hands (LW-3.2)
    assert state.current_player == 1
    view = state.view(1)
    assert view["to_move"] == 1 and view["active"] == 1
    assert all(a.endswith("@d3") for a in view["legal_actions"])


def test_d_15_the_challenge_is_turns_minus_1_and_0_and_turn_1_is_player_1s() -> None:
    state = new_game(seed=4)
    assert state.turn == -1 and state.active == 1
    play(state, legal(state)[0])
    assert state.turn == 0 and state.active == 2
    events = play(state, legal(state)[0])
    assert state.turn == 1 and state.active == 1
    assert [e.data for e in events if e.kind == "turn"] == [{"player": 1, "number": 1}]


# -- D-16 the hand shown by a forced placement ----------------------------------------------------
def test_d_16_a_forced_placement_shows_the_whole_hand_placed_card_included_to_everyone() -> None:
    state = position(
        board={"d4": (2, "W"), "a1": (1, "W")},
        hands={1: ["N", "M", "N"], 2: ["W"]},
        cards={"N": NO_ARROWS, "M": card("regular", "berserk", 2), "W": WALL},
    )
    events = play(state, "M@c4")
    assert [e.data["cards"] for e in events if e.kind == "revealed"] == [["M", "N", "N"]]
    for seat in (2, None):
        view = state.view(seat)
        assert view["reveals"] == [{"turn": 5, "player": 1, "cards": ["M", "N", "N"]}]
        assert view["players"]["1"]["known_hand"] == ["N", "N"]  # the shown cards still held
    for i in range(4):
        guess = state.determinize(2, Rng(i))
        assert sorted(guess.static.card_of(1 << 8 | c).ref for c in guess.hand[1]) == ["N", "N"]


def test_d_16_known_cards_are_forgotten_once_played_and_recalls_are_added() -> None:
    state = position(
        board={"d4": (2, "W"), "a1": (1, "R")},
        hands={1: ["N", "M"], 2: ["W"]},
        cards={
            "N": NO_ARROWS,
            "M": card("regular", "berserk", 2),
            "W": WALL,
            "R": card("recruit", "infantry", 9),
        },
    )
    play(state, "M@c4", "recall a1")  # forced: shows M and N; then R comes back in sight
    assert state.view(2)["players"]["1"]["known_hand"] == ["N", "R"]


# -- D-13 single choices resolve themselves -------------------------------------------------------
def test_d_13_a_single_shot_and_a_single_draw_run_by_themselves() -> None:
    # R (no arrows, one target at (+1, +2)) next to its friend on b3, which a2 engages
    state = position(
        board={"b3": (1, "W"), "c4": (2, "T"), "a2": (2, "E")},
        hands={1: ["R"], 2: ["W"]},
        cards={
            "T": WEAK,
            "W": WALL,
            "E": card("recruit", "infantry", 9, back_left=1),
            "R": card("veteran", "ranged", 4, ranged=(4, [[1, 2]])),
        },
    )
    events = play(state, "R@b2")
    # shoot (one target), reinforce (nothing recallable: only draw), next turn
    assert kinds(events) == ["placed", "declared", "resolution", "eliminated", "drew", "turn"]
    assert state.active == 2 and state.phase == "deploy"


def test_d_13_a_single_berserker_move_runs_by_itself() -> None:
    state = position(
        board={"d4": (2, "X"), "a7": (2, "W")},
        hands={1: ["Orc Deathbringer#1"], 2: ["W"]},
        advanced=True,
        cards={"X": card("veteran", "infantry", 4), "W": WALL},
    )
    events = play(state, "Orc Deathbringer#1@d3")
    assert kinds(events) == [
        "placed",
        "resolution",
        "eliminated",
        "moved",
        "resolution",
        "drew",
        "turn",
    ]


def test_d_13_a_choice_waits_for_the_player() -> None:
    state = position(
        board={"b3": (1, "W"), "c5": (2, "T"), "a4": (2, "T")},
        hands={1: ["Orc Catapult"], 2: ["W"]},
        cards={"T": WEAK, "W": WALL},
    )
    events = play(state, "Orc Catapult@b2")
    assert kinds(events) == ["placed"]
    assert state.phase == "shoot" and state.current_player == 1


def test_d_13_a_placement_never_runs_by_itself() -> None:
    state = position(
        board={"f7": (2, "W")},
        hands={1: ["K"], 2: ["W"]},
        cards={"K": card("recruit", "infantry", 9, front=1), "W": WALL},
    )
    assert legal(state) == ["K@f6"]
    assert state.phase == "deploy" and len(state.board) == 1


# -- D-14 a declared shooter keeps shooting -------------------------------------------------------
def test_d_14_a_shooter_engaged_later_by_an_enemy_berserker_keeps_its_declaration() -> None:
    # the Catapult on c2 shoots T on b5 (defence 9). The placed K on c3 dies to Z, player 2's
    # berserker on c4, which then moves to c3 and engages the Catapult (front 5 on c2).
    state = position(
        board={"c2": (1, "Orc Catapult"), "b5": (2, "T"), "c4": (2, "Z"), "d2": (2, "E")},
        hands={1: ["K"], 2: ["W"]},
        advanced=True,
        cards={
            "T": WALL,
            "E": WALL,
            "W": WALL,
            "Z": card("regular", "berserk", 9, front=5),
            "K": card("recruit", "infantry", 1, front=1),
        },
    )
    play(state, "K@c3")
    assert state.phase == "shoot"
    assert legal(state) == ["shoot c4", "shoot b5", "arrows"]
    events = play(state, "shoot b5")
    first, second, third = damages(events)
    assert first == {"b5": 4, "c3": 5, "c4": 1}  # nothing on d2 from the shooter's arrow
    assert second == {"b5": 4, "c2": 5}  # engaged now, it still fires; its arrow stays silent
    assert third == {}  # the shooter is gone
    assert eliminated(events) == [("c3", 1, "K"), ("c2", 1, "Orc Catapult")]
    assert moves(events) == [(2, "c4", "c3"), (2, "c3", "c2")]


def test_d_14_the_shooter_stops_once_its_target_is_gone() -> None:
    # the placed Catapult and the Deathbringer kill X (the shot's target); the Deathbringer
    # moves; in the second resolution there is no shot at all
    state = position(
        board={"d3": (1, "Orc Deathbringer#1"), "d4": (2, "X"), "c4": (2, "Y")},
        hands={1: ["Orc Catapult"], 2: ["W"]},
        advanced=True,
        cards={"X": card("veteran", "infantry", 6), "Y": WALL, "W": WALL},
    )
    play(state, "Orc Catapult@d2")
    assert legal(state) == ["shoot c4", "shoot d4"]
    events = play(state, "shoot d4")
    assert moves(events) == [(1, "d3", "d4")]
    assert damages(events) == [{"c4": 3, "d4": 9}, {}]
