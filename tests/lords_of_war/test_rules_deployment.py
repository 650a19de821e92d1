"""Rules LW-6 (phase 1, deployment): where a card may be placed, and forced placement."""

from __future__ import annotations

import pytest

from bitva.core import get_game
from bitva.core.errors import IllegalAction
from bitva.core.events import Event
from bitva.core.rng import Rng
from bitva.games.lords_of_war.state import LordsOfWarState
from tests.lords_of_war.helpers import (
    ORDER,
    STEPS,
    card,
    eliminated,
    kinds,
    legal,
    play,
    position,
    squares_for,
)

ALL_SQUARES = sorted(f"{c}{r}" for r in range(1, 8) for c in "abcdef")

WALL = card("recruit", "infantry", 9)  # no arrows, hard to kill
WEAK = card("recruit", "infantry", 3)
NO_ARROWS_SPEAR = card("recruit", "spear", 3)
NO_ARROWS_INFANTRY = card("recruit", "infantry", 3)


def damage(events: list[Event], n: int = 1) -> dict[str, int]:
    return [e.data["damage"] for e in events if e.kind == "resolution"][n - 1]


def neighbours(square: str) -> list[str]:
    x, y = "abcdef".index(square[0]), int(square[1]) - 1
    out = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if (dx, dy) != (0, 0) and 0 <= x + dx < 6 and 0 <= y + dy < 7:
                out.append(f"{'abcdef'[x + dx]}{y + dy + 1}")
    return sorted(out)


def illegal(state: LordsOfWarState, action: str) -> str | None:
    """Apply an action that must be refused; check the state is unchanged; return the rule."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        play(state, action)
    assert state.to_json() == before
    return info.value.rule


# -- LW-6.1 ---------------------------------------------------------------------------------------
def test_lw_6_1_the_placed_card_leaves_the_hand_for_an_empty_square_facing_its_owner() -> None:
    state = position(
        board={"d5": (1, "E")},
        hands={1: ["E"], 2: ["Dwarf Slugger#1", "W"]},
        active=2,
        cards={"E": WALL, "W": WALL},
    )
    events = play(state, "Dwarf Slugger#1@d6")  # P2's front points at d5
    placed = [e.data for e in events if e.kind == "placed"]
    assert placed == [{"player": 2, "card": "Dwarf Slugger#1", "square": "d6", "forced": False}]
    assert [state.static.card_of(2 << 8 | c).ref for c in state.hand[2]] == ["W"]
    mat = state.static.mat
    assert state.board[mat.parse("d6")] >> 8 == 2  # owned (and so faced) by player 2
    assert damage(events) == {"d5": 3}


def test_lw_6_1_a_card_not_in_hand_is_refused() -> None:
    state = position(
        board={"d4": (2, "E")},
        hands={1: ["K"], 2: ["E"]},
        decks={1: ["M"]},
        cards={
            "K": card("recruit", "infantry", 3, front=1),
            "M": card("recruit", "infantry", 3, front=1),
            "E": WALL,
        },
    )
    assert illegal(state, "M@d3") == "LW-6.1"  # M is in the deck, not in the hand
    assert illegal(state, "Orc Catapult@d3") == "LW-6.1"  # not one of player 1's cards


def test_lw_6_1_an_occupied_square_is_refused() -> None:
    state = position(
        board={"d4": (2, "E"), "c3": (1, "E")},
        hands={1: ["K"], 2: ["E"]},
        cards={"K": card("recruit", "infantry", 3, front_right=1), "E": WALL},
    )
    assert "c3" not in squares_for(state, "K")
    assert illegal(state, "K@c3") == "LW-6.1"
    assert illegal(state, "K@d4") == "LW-6.1"


def test_lw_6_1_one_placement_per_turn() -> None:
    state = position(
        board={"d4": (2, "E")},
        hands={1: ["K", "K"], 2: ["E"]},
        cards={"K": card("recruit", "infantry", 9, front=1), "E": WALL},
    )
    play(state, "K@d3")
    assert state.active == 2 and state.phase == "deploy"
    assert all(a.startswith("E@") for a in legal(state))


# -- LW-6.2 contact rule --------------------------------------------------------------------------
def test_lw_6_2_contact_rule_needs_an_arrow_on_an_enemy_player_1() -> None:
    # Gonke Longtooth: front, front-right and front-left 5; the enemy on d4
    state = position(
        board={"d4": (2, "E"), "a7": (1, "E")},
        hands={1: ["Gonke Longtooth"], 2: ["E"]},
        cards={"E": WALL},
    )
    assert squares_for(state, "Gonke Longtooth") == ["c3", "d3", "e3"]


def test_lw_6_2_contact_rule_needs_an_arrow_on_an_enemy_player_2() -> None:
    # Krod Klouthammer (front 5, left 3, front-left 4) for player 2, the enemy on c3:
    # front lands from c4, left (board +1 column) from b3, front-left (board +1, -1) from b4
    state = position(
        board={"c3": (1, "E")},
        hands={1: ["E"], 2: ["Krod Klouthammer"]},
        active=2,
        cards={"E": WALL},
    )
    assert squares_for(state, "Krod Klouthammer") == ["b3", "b4", "c4"]


def test_lw_6_2_the_placed_unit_need_not_be_next_to_a_friend() -> None:
    state = position(
        board={"f7": (2, "E"), "a1": (1, "E")},
        hands={1: ["K"], 2: ["E"]},
        cards={"K": card("recruit", "infantry", 3, front=1), "E": WALL},
    )
    assert squares_for(state, "K") == ["f6"]
    events = play(state, "K@f6")
    assert damage(events) == {"f7": 1}


def test_lw_6_2_adjacent_to_an_enemy_without_an_arrow_on_it_is_refused() -> None:
    state = position(
        board={"d4": (2, "E")},
        hands={1: ["K"], 2: ["E"]},
        cards={"K": card("recruit", "infantry", 3, front=1), "E": WALL},
    )
    assert illegal(state, "K@c3") == "LW-6.2"  # adjacent (corner), but the arrow hits c4
    assert illegal(state, "K@d5") == "LW-6.2"  # adjacent (behind), the arrow hits d6


def test_lw_6_2_an_arrow_on_a_friend_is_not_contact() -> None:
    state = position(
        board={"d4": (1, "E"), "f7": (2, "E")},
        hands={1: ["K"], 2: ["E"]},
        cards={"K": card("recruit", "infantry", 3, front=1), "E": WALL},
    )
    assert "d3" not in squares_for(state, "K")
    assert illegal(state, "K@d3") == "LW-6.2"


def test_lw_6_2_a_real_card_placed_by_contact_with_several_enemies() -> None:
    # Orc Butcher (front 4, front-right 3, right 3, left 3, front-left 3) placed on d3 between
    # enemies on c3 and e3 and in front: every arrow on an enemy attacks
    state = position(
        board={"c3": (2, "E"), "e3": (2, "E"), "d4": (2, "E")},
        hands={1: ["Orc Butcher"], 2: ["E"]},
        cards={"E": WALL},
    )
    events = play(state, "Orc Butcher@d3")
    assert damage(events) == {"c3": 3, "d4": 4, "e3": 3}


# -- LW-6.3 support units -------------------------------------------------------------------------
def test_lw_6_3_spear_next_to_a_friend_needs_no_arrow_on_anything() -> None:
    state = position(
        board={"b2": (1, "E"), "f7": (2, "E")},
        hands={1: ["S", "I"], 2: ["E"]},
        cards={"S": NO_ARROWS_SPEAR, "I": NO_ARROWS_INFANTRY, "E": WALL},
    )
    assert squares_for(state, "S") == neighbours("b2")
    assert squares_for(state, "I") == []  # infantry may not: no arrow on an enemy


def test_lw_6_3_ranged_unit_next_to_a_friend_needs_no_arrow_on_anything() -> None:
    # the Dwarf Sharpshooter has no arrows at all; player 2's friend on e6
    state = position(
        board={"e6": (2, "E"), "a1": (1, "E")},
        hands={1: ["E"], 2: ["Dwarf Sharpshooter"]},
        active=2,
        cards={"E": WALL},
    )
    assert squares_for(state, "Dwarf Sharpshooter") == neighbours("e6")


def test_lw_6_3_support_unit_may_still_use_the_contact_rule_far_from_friends() -> None:
    state = position(
        board={"a1": (1, "E"), "e5": (2, "E")},
        hands={1: ["Goblin Spikeman#1"], 2: ["E"]},
        cards={"E": WALL},
    )
    # Spikeman#1: front-right, right, back-right 1; e5 reached from d4, d5, d6
    squares = squares_for(state, "Goblin Spikeman#1")
    assert {"d4", "d5", "d6"} <= set(squares)
    assert set(squares) == {"d4", "d5", "d6"} | set(neighbours("a1"))


def test_lw_6_3_support_unit_away_from_friends_without_contact_is_refused() -> None:
    state = position(
        board={"a1": (1, "E"), "e5": (2, "E")},
        hands={1: ["S"], 2: ["E"]},
        cards={"S": card("recruit", "spear", 3, front=1), "E": WALL},
    )
    assert illegal(state, "S@c4") == "LW-6.3"


def test_lw_6_3_a_support_unit_gives_no_bonus_to_adjacent_friends() -> None:
    # the Shanker's 4 on a defence-4 unit is not enough, with or without a spear beside it
    state = position(
        board={"d3": (1, "Goblin Shanker#1"), "d4": (2, "D")},
        hands={1: ["S"], 2: ["E"]},
        cards={"S": NO_ARROWS_SPEAR, "D": card("veteran", "infantry", 4), "E": WALL},
    )
    events = play(state, "S@c3")
    assert damage(events) == {"d4": 4}
    assert eliminated(events) == []


# -- LW-6.4 no enemy ------------------------------------------------------------------------------
def test_lw_6_4_no_enemy_any_unit_next_to_a_friend() -> None:
    state = position(
        board={"c2": (1, "E"), "f6": (1, "E")},
        hands={1: ["Orc Butcher", "Orc Warhog#1"], 2: ["E"]},
        cards={"E": WALL},
    )
    expected = sorted(set(neighbours("c2")) | set(neighbours("f6")))
    assert squares_for(state, "Orc Butcher") == expected
    assert squares_for(state, "Orc Warhog#1") == expected
    assert illegal(state, "Orc Butcher@a7") == "LW-6.4"


def test_lw_6_4_no_enemy_applies_to_player_2_as_well() -> None:
    state = position(
        board={"e7": (2, "E")},
        hands={1: ["E"], 2: ["Dwarf Marauder#1"]},
        active=2,
        cards={"E": WALL},
    )
    assert squares_for(state, "Dwarf Marauder#1") == neighbours("e7")


def test_lw_6_4_empty_board_any_empty_square() -> None:
    state = position(hands={1: ["Orc Ravager#1"], 2: ["E"]}, cards={"E": WALL})
    assert squares_for(state, "Orc Ravager#1") == ALL_SQUARES
    events = play(state, "Orc Ravager#1@a7")
    assert [e.data["square"] for e in events if e.kind == "placed"] == ["a7"]


def test_lw_6_4_an_enemy_on_the_board_ends_the_exception() -> None:
    # with an enemy present, next to a friend is not enough for infantry
    state = position(
        board={"c2": (1, "E"), "f7": (2, "E")},
        hands={1: ["K"], 2: ["E"]},
        cards={"K": card("recruit", "infantry", 3, front=1), "E": WALL},
    )
    assert squares_for(state, "K") == ["f6"]


# -- LW-6.5 forced placement ----------------------------------------------------------------------
def test_lw_6_5_forced_placement_next_to_an_enemy() -> None:
    # B's only arrow (back) could reach an enemy only from d5, d6 or d7: all taken; N has none
    state = position(
        board={"d4": (2, "E"), "d5": (2, "E"), "d6": (2, "E"), "a1": (1, "E"), "d7": (1, "E")},
        hands={1: ["B", "N"], 2: ["E"]},
        decks={1: ["N"]},
        cards={"B": card("recruit", "infantry", 3, back=9), "N": NO_ARROWS_INFANTRY, "E": WALL},
    )
    assert state.forced_placement
    around = set()
    for sq in ("d4", "d5", "d6"):
        around |= set(neighbours(sq))
    expected = sorted(around - {"d4", "d5", "d6", "d7"})
    assert squares_for(state, "B") == expected
    assert squares_for(state, "N") == expected
    assert "a2" not in expected
    assert illegal(state, "N@a2") == "LW-6.5"


def test_lw_6_5_forced_placement_shows_the_whole_hand() -> None:
    state = position(
        board={"d4": (2, "E"), "a1": (1, "E")},
        hands={1: ["N", "M", "N"], 2: ["E"]},
        cards={"N": NO_ARROWS_INFANTRY, "M": card("regular", "berserk", 2), "E": WALL},
    )
    assert state.forced_placement
    events = play(state, "M@c4")
    revealed = [e.data for e in events if e.kind == "revealed"]
    assert len(revealed) == 1 and revealed[0]["player"] == 1 and revealed[0]["rule"] == "LW-6.5"
    shown = revealed[0]["cards"]
    assert shown in (["M", "N", "N"], ["N", "N"])  # the whole hand (with or without the card)
    assert [e.data["forced"] for e in events if e.kind == "placed"] == [True]
    opponent = state.view(2)
    assert opponent["reveals"] == [{"turn": 5, "player": 1, "cards": shown}]
    assert opponent["players"]["1"]["known_hand"] == ["N", "N"]  # what is left of it
    assert state.view(None)["reveals"] == opponent["reveals"]
    guess = state.determinize(2, Rng(3))  # player 2 keeps what it was shown
    assert sorted(guess.static.card_of(1 << 8 | c).ref for c in guess.hand[1]) == ["N", "N"]


def test_lw_6_5_not_forced_while_one_hand_card_can_make_contact() -> None:
    state = position(
        board={"d4": (2, "E"), "a1": (1, "E")},
        hands={1: ["N", "K"], 2: ["E"]},
        cards={"N": NO_ARROWS_INFANTRY, "K": card("recruit", "infantry", 3, front=1), "E": WALL},
    )
    assert not state.forced_placement
    assert squares_for(state, "N") == []  # N alone has nowhere to go: only K may be placed
    events = play(state, "K@d3")
    assert "revealed" not in kinds(events)
    assert state.view(2)["reveals"] == []


def test_lw_6_5_a_support_card_next_to_a_friend_avoids_forced_placement() -> None:
    state = position(
        board={"d4": (2, "E"), "a1": (1, "E")},
        hands={1: ["N", "S"], 2: ["E"]},
        cards={"N": NO_ARROWS_INFANTRY, "S": NO_ARROWS_SPEAR, "E": WALL},
    )
    assert not state.forced_placement
    assert squares_for(state, "S") == neighbours("a1")


def test_lw_6_5_forced_placement_for_player_2() -> None:
    state = position(
        board={"b2": (1, "E")},
        hands={1: ["E"], 2: ["Dwarf Slugger#1"]},
        active=2,
        cards={"E": WALL},
    )
    # the Slugger's front (P2: towards row 1) reaches b2 from b3: contact, not forced
    assert not state.forced_placement
    assert squares_for(state, "Dwarf Slugger#1") == ["b3"]
    # an enemy on row 7 cannot be reached by a P2 front arrow (it would come from row 8)
    state = position(
        board={"b7": (1, "E")},
        hands={1: ["E"], 2: ["Dwarf Slugger#1"]},
        active=2,
        cards={"E": WALL},
    )
    assert state.forced_placement
    assert squares_for(state, "Dwarf Slugger#1") == ["a6", "a7", "b6", "c6", "c7"]
    events = play(state, "Dwarf Slugger#1@c7")
    revealed = [e.data for e in events if e.kind == "revealed"]
    assert [(r["player"], r["rule"]) for r in revealed] == [(2, "LW-6.5")]
    assert revealed[0]["cards"] in (["Dwarf Slugger#1"], [])


# -- LW-6.6 empty hand ----------------------------------------------------------------------------
def test_lw_6_6_empty_hand_skips_phases_1_and_2() -> None:
    state = position(
        board={"d4": (2, "E")},
        hands={1: ["K"]},
        decks={2: ["E", "E"]},
        cards={"K": card("recruit", "infantry", 9, front=1), "E": WALL},
    )
    events = play(state, "K@d3")
    turn = kinds(events).index("turn")
    assert kinds(events)[turn : turn + 2] == ["turn", "skipped"]
    skipped = next(e.data for e in events if e.kind == "skipped")
    assert skipped == {"player": 2, "phases": [1, 2], "rule": "LW-6.6"}
    # player 2 went straight to phase 3 (d4 is engaged: only draw) and drew two cards
    drew = [e.data for e in events if e.kind == "drew"]
    assert drew[-2:] == [{"player": 2, "count": 1, "deck": n} for n in (1, 0)]
    assert len(state.hand[2]) == 2 and state.active == 1


def test_lw_6_6_a_position_with_an_empty_hand_starts_at_phase_3() -> None:
    state = position(
        board={"d4": (2, "E"), "d3": (1, "E")},
        hands={2: ["E"]},
        decks={1: ["E"]},
        cards={"E": WALL},
    )
    assert state.phase == "reinforce"
    assert legal(state) == ["draw", "recall d3"]


# -- LW-6.2 to LW-6.5 and D-6 against an independent reading, over random games --------------------


def expected_squares(state: LordsOfWarState) -> tuple[set[str], bool]:
    """Every legal placement 'ref@square' by the rule text, and whether it is forced."""
    mat = state.static.mat
    seat = state.active
    units = {mat.coords(sq): u >> 8 for sq, u in state.board.items()}
    friends = {p for p, o in units.items() if o == seat}
    enemies = {p for p, o in units.items() if o != seat}
    cells = {(x, y) for x in range(6) for y in range(7)}
    empty = cells - set(units)

    def around(points: set[tuple[int, int]]) -> set[tuple[int, int]]:
        return {
            (x + dx, y + dy)
            for x, y in points
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if (dx, dy) != (0, 0)
        } & empty

    def name(p: tuple[int, int]) -> str:
        return f"{'abcdef'[p[0]]}{p[1] + 1}"

    sign = 1 if seat == 1 else -1
    hand = {state.static.card_of(seat << 8 | c) for c in state.hand[seat]}
    out: set[str] = set()
    if not enemies:
        squares = empty if not friends else around(friends)
        out = {f"{c.ref}@{name(p)}" for c in hand for p in squares}
    else:
        for c in hand:
            for p in empty:
                steps = [STEPS[d] for d, v in zip(ORDER, c.arrows, strict=True) if v]
                if any((p[0] + sign * dx, p[1] + sign * dy) in enemies for dx, dy in steps):
                    out.add(f"{c.ref}@{name(p)}")
            if c.unit_class in ("spear", "ranged"):
                out |= {f"{c.ref}@{name(p)}" for p in around(friends)}
    if out:
        return out, False
    for squares in (around(enemies), around(friends | enemies), empty):
        if squares:
            return {f"{c.ref}@{name(p)}" for c in hand for p in squares}, True
    return set(), False


@pytest.mark.parametrize(
    ("armies", "seed"), [("orcs,dwarves", 1), ("elves,lizardmen", 2), ("dwarves,elves", 3)]
)
def test_lw_6_placements_match_the_rule_text_in_random_games(armies: str, seed: int) -> None:
    state = get_game("lords-of-war").new({"armies": armies, "advanced": True}, seed=seed)
    rng = Rng(seed)
    checked = 0
    for _ in range(600):
        if state.outcome is not None:
            break
        if state.phase == "deploy":
            expected, forced = expected_squares(state)
            assert set(legal(state)) == expected, state.turn
            assert state.forced_placement is forced
            checked += 1
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
    assert checked > 20
