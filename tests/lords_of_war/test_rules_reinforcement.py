"""Rules LW-9 (phase 3, reinforcement): drawing and recalling."""

from __future__ import annotations

from bitva.games.lords_of_war.state import LordsOfWarState
from tests.lords_of_war.helpers import (
    card,
    drawn,
    eliminated,
    kinds,
    legal,
    play,
    position,
    refused,
)

WALL = card("recruit", "infantry", 9)
WEAK = card("recruit", "infantry", 3)
CARDS = {f"C{i}": card("recruit", "infantry", 9) for i in range(1, 10)}


def hand(state: LordsOfWarState, seat: int) -> list[str]:
    return [state.static.card_of(seat << 8 | c).ref for c in state.hand[seat]]


# -- LW-9.1 ---------------------------------------------------------------------------------------
def test_lw_9_1_drawing_refills_the_hand_to_six_from_the_top() -> None:
    # hand 3, deck C1 (top) .. C6: the placement leaves 2; drawing takes C1..C4
    state = position(
        board={"d4": (2, "W"), "a1": (1, "W")},
        hands={1: ["K", "C7", "C8"], 2: ["W"]},
        decks={1: ["C1", "C2", "C3", "C4", "C5", "C6"]},
        cards={"K": card("recruit", "infantry", 9, front=1), "W": WALL, **CARDS},
    )
    play(state, "K@d3")
    assert legal(state) == ["draw", "recall a1"]
    events = play(state, "draw")
    drew = [e for e in events if e.kind == "drew"]
    assert [e.data for e in drew] == [{"player": 1, "count": 1, "deck": n} for n in (5, 4, 3, 2)]
    assert drawn(events, 1) == ["C1", "C2", "C3", "C4"]  # a stacked deck: top first
    assert drew[0].for_seat(2) == {"kind": "drew", "player": 1, "count": 1, "deck": 5}
    assert sorted(hand(state, 1)) == ["C1", "C2", "C3", "C4", "C7", "C8"]
    assert [state.static.card_of(1 << 8 | c).ref for c in reversed(state.deck[1])] == ["C5", "C6"]


def test_lw_9_1_drawing_stops_when_the_deck_is_empty() -> None:
    state = position(
        board={"d4": (2, "W"), "a1": (1, "W")},
        hands={1: ["K", "C7"], 2: ["W"]},
        decks={1: ["C1", "C2"]},
        cards={"K": card("recruit", "infantry", 9, front=1), "W": WALL, **CARDS},
    )
    play(state, "K@d3")
    events = play(state, "draw")
    assert [e.data["deck"] for e in events if e.kind == "drew"] == [1, 0]
    assert drawn(events, 1) == ["C1", "C2"]
    assert sorted(hand(state, 1)) == ["C1", "C2", "C7"]


def test_lw_9_1_recall_instead_of_drawing() -> None:
    state = position(
        board={"d4": (2, "W"), "a1": (1, "C1")},
        hands={1: ["K"], 2: ["W"]},
        decks={1: ["C2", "C3"]},
        cards={"K": card("recruit", "infantry", 9, front=1), "W": WALL, **CARDS},
    )
    play(state, "K@d3")
    events = play(state, "recall a1")
    assert [e.data for e in events if e.kind == "recalled"] == [
        {"player": 1, "card": "C1", "square": "a1"}
    ]
    assert "drew" not in kinds(events)  # one way or the other, not both
    assert hand(state, 1) == ["C1"]
    assert len(state.deck[1]) == 2
    assert "a1" not in {b["square"] for b in state.view(None)["board"]}


def test_lw_9_1_a_recalled_unit_is_known_to_the_opponent_and_can_be_placed_again() -> None:
    state = position(
        board={"d4": (2, "W"), "a1": (1, "R")},
        hands={1: ["K", "C9"], 2: ["W"]},
        cards={
            "K": card("recruit", "infantry", 9, front=1),
            "W": WALL,
            "R": card("recruit", "infantry", 9, front_right=1),
            **CARDS,
        },
    )
    play(state, "K@d3", "recall a1")
    assert state.view(2)["players"]["1"]["known_hand"] == ["R"]  # C9 stays secret
    assert state.view(None)["players"]["1"]["known_hand"] == ["R"]
    play(state, "W@c2")  # player 2's turn (a forced placement next to d3)
    assert state.active == 1
    assert "R@c3" in legal(state)  # its front-right arrow on d4
    play(state, "R@c3")
    assert state.view(2)["players"]["1"]["known_hand"] == []


def test_lw_9_1_player_2_recalls_its_own_unit_only() -> None:
    state = position(
        board={"d3": (1, "W"), "b7": (2, "C1"), "a1": (1, "W")},
        hands={1: ["W"], 2: ["C2"]},
        decks={2: ["C3"]},
        active=2,
        phase="reinforce",
        cards={"W": WALL, **CARDS},
    )
    assert legal(state) == ["draw", "recall b7"]
    assert refused(state, "recall d3") == "LW-9.1"
    assert refused(state, "recall e5") == "LW-9.1"
    play(state, "recall b7")
    assert sorted(hand(state, 2)) == ["C1", "C2"]


# -- LW-9.2 ---------------------------------------------------------------------------------------
def test_lw_9_2_an_engaged_unit_cannot_be_recalled() -> None:
    # P2's e5 points its front (towards row 1) at e4: player 1's unit there is engaged
    state = position(
        board={"e4": (1, "W"), "e5": (2, "P"), "a1": (1, "W")},
        hands={1: ["C1"]},
        phase="reinforce",
        cards={"W": WALL, "P": card("recruit", "infantry", 9, front=1), **CARDS},
    )
    assert legal(state) == ["draw", "recall a1"]
    assert refused(state, "recall e4") == "LW-9.2"


def test_lw_9_2_a_unit_placed_this_turn_cannot_be_recalled() -> None:
    state = position(
        board={"d4": (2, "W"), "a1": (1, "W")},
        hands={1: ["K"], 2: ["W"]},
        cards={"K": card("recruit", "infantry", 9, front=1), "W": WALL},
    )
    play(state, "K@d3")  # K survives and d4 survives, d4 does not point back: not engaged
    assert legal(state) == ["draw", "recall a1"]
    assert refused(state, "recall d3") == "LW-9.2"


def test_lw_9_2_a_unit_that_took_part_cannot_be_recalled() -> None:
    # the old unit on c3 (front-right 2) helped kill d4 although the placed K did the rest
    state = position(
        board={"c3": (1, "A"), "d4": (2, "D"), "a1": (1, "W"), "f7": (2, "W")},
        hands={1: ["K"], 2: ["W"]},
        cards={
            "A": card("recruit", "infantry", 9, front_right=2),
            "D": WEAK,
            "K": card("recruit", "infantry", 9, front=2),
            "W": WALL,
        },
    )
    events = play(state, "K@d3")
    assert eliminated(events) == [("d4", 2, "D")]
    assert legal(state) == ["draw", "recall a1"]
    assert refused(state, "recall c3") == "LW-9.2"


def test_lw_9_2_a_unit_that_hit_only_a_survivor_may_be_recalled() -> None:
    state = position(
        board={"c3": (1, "A"), "d4": (2, "W"), "a1": (1, "W")},
        hands={1: ["K"], 2: ["W"]},
        cards={
            "A": card("recruit", "infantry", 9, front_right=2),
            "K": card("recruit", "infantry", 9, front=2),
            "W": WALL,
        },
    )
    play(state, "K@d3")
    assert legal(state) == ["draw", "recall a1", "recall c3"]


def test_lw_9_2_a_unit_under_friendly_arrows_only_may_be_recalled() -> None:
    state = position(
        board={"c3": (1, "W"), "b2": (1, "F"), "f7": (2, "W")},
        hands={1: ["C1"]},
        phase="reinforce",
        cards={"W": WALL, "F": card("recruit", "infantry", 9, front_right=5), **CARDS},
    )
    assert "recall c3" in legal(state)


def test_lw_9_2_took_part_last_turn_does_not_count() -> None:
    state = position(
        board={"c3": (1, "A"), "a7": (2, "W")},
        hands={1: ["C1"]},
        phase="reinforce",
        took_part=["c3"],
        cards={"A": card("recruit", "infantry", 9, front_right=2), "W": WALL, **CARDS},
    )
    assert "recall c3" not in legal(state)  # this turn: blocked
    state = position(
        board={"c3": (1, "A"), "a7": (2, "W")},
        hands={1: ["C1"]},
        phase="reinforce",
        cards={"A": card("recruit", "infantry", 9, front_right=2), "W": WALL, **CARDS},
    )
    assert "recall c3" in legal(state)


# -- LW-9.3 ---------------------------------------------------------------------------------------
def test_lw_9_3_recall_is_a_choice_with_an_empty_deck() -> None:
    state = position(
        board={"d4": (2, "W"), "a1": (1, "W")},
        hands={1: ["K"], 2: ["W"]},
        cards={"K": card("recruit", "infantry", 9, front=1), "W": WALL},
    )
    play(state, "K@d3")
    assert state.phase == "reinforce" and legal(state) == ["draw", "recall a1"]
    events = play(state, "draw")  # the player may also decline: the deck gives nothing
    assert next(e.data for e in events if e.kind == "drew")["count"] == 0
    assert hand(state, 1) == []


def test_lw_9_3_empty_deck_and_nothing_to_recall_the_phase_does_nothing() -> None:
    state = position(
        board={"d4": (2, "W")},
        hands={1: ["K", "C1"], 2: ["W"]},
        cards={"K": card("recruit", "infantry", 9, front=1), "W": WALL, **CARDS},
    )
    events = play(state, "K@d3")
    assert next(e.data for e in events if e.kind == "drew") == {"player": 1, "count": 0, "deck": 0}
    assert "recalled" not in kinds(events)
    assert hand(state, 1) == ["C1"]
    assert state.active == 2
