"""Rules LW-7 (phase 2, elimination): who attacks, ranged attacks, damage, removal, piles."""

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
    declared,
    eliminated,
    legal,
    play,
    position,
    squares_for,
)

WALL = card("recruit", "infantry", 9)
WEAK = card("recruit", "infantry", 3)


def damage(events: list[Event], n: int = 1) -> dict[str, int]:
    return [e.data["damage"] for e in events if e.kind == "resolution"][n - 1]


def pile(state: LordsOfWarState, seat: int) -> list[str]:
    return [state.static.card_of(u).ref for u in state.pile[seat]]


def cards_on_board(state: LordsOfWarState) -> dict[str, str]:
    mat = state.static.mat
    return {mat.name(sq): state.static.card_of(u).ref for sq, u in sorted(state.board.items())}


# -- LW-7.1 ---------------------------------------------------------------------------------------
def test_lw_7_1_every_unit_on_the_board_attacks_both_players() -> None:
    # a standing fight on a1/a2 far from the placement is resolved again: both sides hit
    state = position(
        board={"a1": (1, "A"), "a2": (2, "B"), "d4": (2, "W")},
        hands={1: ["K"], 2: ["W"]},
        cards={
            "A": card("recruit", "infantry", 9, front=2),
            "B": card("recruit", "infantry", 9, front=1),  # P2: points at a1
            "K": card("recruit", "infantry", 9, front=3),
            "W": WALL,
        },
    )
    events = play(state, "K@d3")
    assert damage(events) == {"a1": 1, "a2": 2, "d4": 3}


def test_lw_7_1_the_non_active_players_arrows_eliminate_too() -> None:
    state = position(
        board={"d4": (2, "Dwarf Slugger#1")},
        hands={1: ["K"], 2: ["W"]},
        cards={"K": card("recruit", "infantry", 2, front=1), "W": WALL},
    )
    events = play(state, "K@d3")
    assert damage(events) == {"d3": 3, "d4": 1}
    assert eliminated(events) == [("d3", 1, "K")]
    assert pile(state, 2) == ["K"]


def test_lw_7_1_attacking_is_not_optional() -> None:
    # player 1's own General on c4 points at the enemy on d5 and attacks it in the resolution of
    # a placement elsewhere; nothing asks player 1 whether to attack
    state = position(
        board={"c4": (1, "Gonke Longtooth"), "d5": (2, "B"), "f7": (2, "W")},
        hands={1: ["K"], 2: ["W"]},
        cards={
            "B": card("recruit", "infantry", 4),
            "W": WALL,
            "K": card("recruit", "infantry", 9, front=1),
        },
    )
    events = play(state, "K@f6")
    assert [e.kind for e in events][:3] == ["placed", "resolution", "eliminated"]
    assert eliminated(events) == [("d5", 2, "B")]


# -- LW-7.2 ---------------------------------------------------------------------------------------
def test_lw_7_2_a_ranged_unit_placed_earlier_shoots_in_a_later_turn() -> None:
    state = position(
        board={"b2": (1, "Orc Catapult"), "b4": (2, "T"), "e6": (2, "W")},
        hands={1: ["K"], 2: ["W"]},
        cards={"T": WEAK, "W": WALL, "K": card("recruit", "infantry", 9, front=1)},
    )
    events = play(state, "K@e5")
    assert declared(events) == [("b2", "b4", "ranged")]
    assert eliminated(events) == [("b4", 2, "T")]


def test_lw_7_2_a_ranged_unit_shoots_over_and_past_units() -> None:
    state = position(
        board={"d3": (1, "W"), "d4": (2, "W"), "d5": (2, "T")},
        hands={1: ["Orc Catapult"], 2: ["W"]},
        cards={"T": WEAK, "W": WALL},
    )
    play(state, "Orc Catapult@d2")
    assert state.phase == "shoot"
    assert legal(state) == ["shoot d4", "shoot d5"]  # d5 behind a friend and an enemy
    events = play(state, "shoot d5")
    assert eliminated(events) == [("d5", 2, "T")]


def test_lw_7_2_several_ranged_units_may_shoot_at_the_same_unit() -> None:
    # two Bow Pests (ranged 2 each) on b2 and c2: 2 + 2 = 4 > 3 on c4
    state = position(
        board={"b2": (1, "Goblin Bow Pest"), "c4": (2, "T")},
        hands={1: ["Goblin Bow Pest"], 2: ["W"]},
        cards={"T": WEAK, "W": WALL},
    )
    events = play(state, "Goblin Bow Pest@c2")
    assert sorted(declared(events)) == [("b2", "c4", "ranged"), ("c2", "c4", "ranged")]
    assert damage(events) == {"c4": 4}
    assert eliminated(events) == [("c4", 2, "T")]


def test_lw_7_2_a_ranged_unit_never_targets_a_friend() -> None:
    state = position(
        board={"d3": (1, "W"), "c4": (2, "T"), "e5": (2, "T")},
        hands={1: ["Orc Catapult"], 2: ["W"]},
        cards={"T": WEAK, "W": WALL},
    )
    play(state, "Orc Catapult@d2")
    assert legal(state) == ["shoot c4", "shoot e5"]  # the friend on d3 is not a target
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        play(state, "shoot d3")
    assert info.value.rule == "LW-7.2"
    assert state.to_json() == before


def test_lw_7_2_a_target_outside_the_grid_is_refused() -> None:
    state = position(
        board={"d3": (1, "W"), "c4": (2, "T"), "e5": (2, "T"), "d6": (2, "T")},
        hands={1: ["Orc Catapult"], 2: ["W"]},
        cards={"T": WEAK, "W": WALL},
    )
    play(state, "Orc Catapult@d2")
    assert "shoot d6" not in legal(state)  # (0, +4): beyond the grid's three rows
    with pytest.raises(IllegalAction) as info:
        play(state, "shoot d6")
    assert info.value.rule == "LW-7.2"


def test_lw_7_2_player_2_shoots_down_the_board() -> None:
    # Dwarf Sharpshooter (targets (0, 1..3), ranged 5, no arrows) on c6: c5, c4, c3 for player 2
    state = position(
        board={"b7": (2, "W"), "c3": (1, "D"), "c2": (1, "D")},
        hands={1: ["W"], 2: ["Dwarf Sharpshooter"]},
        active=2,
        cards={"D": card("veteran", "infantry", 4), "W": WALL},
    )
    events = play(state, "Dwarf Sharpshooter@c6")
    assert declared(events) == [("c6", "c3", "ranged")]
    assert damage(events) == {"c3": 5}
    assert eliminated(events) == [("c3", 1, "D")]


def test_lw_7_2_the_non_active_players_ranged_units_do_not_shoot() -> None:
    state = position(
        board={"d6": (2, "Dwarf Sharpshooter"), "d4": (1, "T"), "a7": (2, "W")},
        hands={1: ["K"], 2: ["W"]},
        cards={"T": WEAK, "W": WALL, "K": card("recruit", "infantry", 9, front=1)},
    )
    events = play(state, "K@a6")
    assert declared(events) == []
    assert damage(events) == {"a7": 1}  # nothing on d4


# -- LW-7.3 ---------------------------------------------------------------------------------------
def bow_pest_choice() -> LordsOfWarState:
    # the Bow Pest (front 2, ranged 2) placed on d3 by contact with d4, which does not point back;
    # d6 is in its grid too
    state = position(
        board={"d4": (2, "B"), "d6": (2, "T")},
        hands={1: ["Goblin Bow Pest"], 2: ["W"]},
        cards={
            "B": card("recruit", "infantry", 9, back=1),
            "T": card("recruit", "infantry", 1),
            "W": WALL,
        },
    )
    play(state, "Goblin Bow Pest@d3")
    return state


def test_lw_7_3_a_ranged_unit_with_both_chooses_one_kind_of_attack() -> None:
    state = bow_pest_choice()
    assert state.phase == "shoot" and state.current_player == 1
    assert legal(state) == ["shoot d4", "shoot d6", "arrows"]


def test_lw_7_3_if_it_shoots_its_arrows_deal_no_damage() -> None:
    state = bow_pest_choice()
    events = play(state, "shoot d6")
    assert declared(events) == [("d3", "d6", "ranged")]
    assert damage(events) == {"d6": 2}  # nothing from the front arrow on d4
    assert eliminated(events) == [("d6", 2, "T")]


def test_lw_7_3_if_it_chooses_arrows_it_does_not_shoot() -> None:
    state = bow_pest_choice()
    events = play(state, "arrows")
    assert declared(events) == [("d3", None, "arrows")]
    assert damage(events) == {"d4": 2}
    assert eliminated(events) == []


def test_lw_7_3_an_engaged_ranged_unit_uses_its_arrows() -> None:
    # d4 now points its front (P2: towards d3) at the Bow Pest: no choice, arrows only
    state = position(
        board={"d4": (2, "B"), "d6": (2, "T")},
        hands={1: ["Goblin Bow Pest"], 2: ["W"]},
        cards={
            "B": card("recruit", "infantry", 9, front=1),
            "T": card("recruit", "infantry", 1),
            "W": WALL,
        },
    )
    events = play(state, "Goblin Bow Pest@d3")
    assert declared(events) == []
    assert damage(events) == {"d3": 1, "d4": 2}
    assert state.phase != "shoot"


def test_lw_7_3_the_non_active_players_ranged_unit_attacks_with_its_arrows_only() -> None:
    # player 2's Ballista on d5 (front 4 towards d4); player 1's unit on d2 sits in its grid
    state = position(
        board={"d5": (2, "Dwarf Ballista"), "d2": (1, "T")},
        hands={1: ["K"], 2: ["W"]},
        cards={"T": WEAK, "W": WALL, "K": card("recruit", "infantry", 9, front=1)},
    )
    events = play(state, "K@d4")
    assert damage(events) == {"d4": 4, "d5": 1}
    assert "d2" not in damage(events)


# -- LW-7.4 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("hit", "dies"), [(3, False), (4, False), (5, True)])
def test_lw_7_4_eliminated_only_when_damage_exceeds_defence(hit: int, dies: bool) -> None:
    state = position(
        board={"d4": (2, "D")},
        hands={1: ["K"], 2: ["W"]},
        cards={
            "D": card("veteran", "infantry", 4),
            "W": WALL,
            "K": card("recruit", "infantry", 9, front=hit),
        },
    )
    events = play(state, "K@d3")
    assert damage(events) == {"d4": hit}
    assert (eliminated(events) == [("d4", 2, "D")]) is dies


def test_lw_7_4_arrows_and_shots_add_up() -> None:
    # 1 (b3 front-right) + 1 (c3 front) + 2 (Bow Pest shot) = 4 > 3, none enough alone
    state = position(
        board={"b3": (1, "A"), "c3": (1, "A"), "c4": (2, "D")},
        hands={1: ["Goblin Bow Pest"], 2: ["W"]},
        cards={"A": card("recruit", "infantry", 9, front=1, front_right=1), "D": WEAK, "W": WALL},
    )
    events = play(state, "Goblin Bow Pest@b2")  # next to its friends; c4 is at (+1, +2)
    # b3: front hits b4 (empty), front-right hits c4; c3: front hits c4, front-right d4 (empty)
    assert declared(events) == [("b2", "c4", "ranged")]
    assert damage(events) == {"c4": 4}
    assert eliminated(events) == [("c4", 2, "D")]


# -- LW-7.5 ---------------------------------------------------------------------------------------
def test_lw_7_5_eliminations_are_simultaneous_a_doomed_unit_still_hits() -> None:
    # the placed K kills B on d4; B, doomed, still deals 3 to player 1's F on d3 (P2's front
    # points towards row 1): both die in the same resolution
    state = position(
        board={"d3": (1, "F"), "d4": (2, "B")},
        hands={1: ["K"], 2: ["W"]},
        cards={
            "F": card("recruit", "infantry", 2),
            "B": card("recruit", "infantry", 2, front=3),
            "K": card("recruit", "infantry", 9, front_right=5),
            "W": WALL,
        },
    )
    events = play(state, "K@c3")
    assert damage(events) == {"d3": 3, "d4": 5}
    assert eliminated(events) == [("d3", 1, "F"), ("d4", 2, "B")]
    assert cards_on_board(state) == {"c3": "K"}
    assert pile(state, 1) == ["B"] and pile(state, 2) == ["F"]


def test_lw_7_5_suicide_placement_is_legal_placed_unit_alone_dies() -> None:
    state = position(
        board={"d4": (2, "Gordona Ironhelm")},
        hands={1: ["K"], 2: ["W"]},
        cards={"K": card("recruit", "infantry", 1, front=1), "W": WALL},
    )
    assert "d3" in squares_for(state, "K")  # Gordona's back 4 (P2: towards d5), front 4 on d3
    events = play(state, "K@d3")
    assert eliminated(events) == [("d3", 1, "K")]
    assert cards_on_board(state) == {"d4": "Gordona Ironhelm"}


def test_lw_7_5_suicide_placement_taking_several_enemies_along() -> None:
    # the placed Butcher (defence 4) kills c4, d4 and e4 but receives 2 + 2 + 2 = 6 > 4
    state = position(
        board={"c4": (2, "S"), "d4": (2, "S"), "e4": (2, "S")},
        hands={1: ["Orc Butcher"], 2: ["W"]},
        cards={
            "S": card("recruit", "infantry", 2, front=2, front_left=2, front_right=2),
            "W": WALL,
        },
    )
    events = play(state, "Orc Butcher@d3")
    assert damage(events)["d3"] == 6
    assert eliminated(events) == [
        ("d3", 1, "Orc Butcher"),
        ("c4", 2, "S"),
        ("d4", 2, "S"),
        ("e4", 2, "S"),
    ]
    assert cards_on_board(state) == {}
    assert len(state.pile[1]) == 3 and len(state.pile[2]) == 1


def test_lw_7_5_player_2_suicide_placement() -> None:
    state = position(
        board={"c3": (1, "Orc Butcher")},
        hands={1: ["W"], 2: ["Dwarf Dowager#1"]},
        active=2,
        cards={"W": WALL},
    )
    events = play(state, "Dwarf Dowager#1@c4")  # front 5 (P2) on c3; the Butcher's front 4
    assert damage(events) == {"c3": 5, "c4": 4}
    assert eliminated(events) == [("c3", 1, "Orc Butcher"), ("c4", 2, "Dwarf Dowager#1")]


# -- LW-7.6 ---------------------------------------------------------------------------------------
def test_lw_7_6_each_eliminated_unit_goes_to_its_opponents_pile_in_public() -> None:
    state = position(
        board={"d3": (1, "F"), "d4": (2, "B")},
        hands={1: ["K"], 2: ["W"]},
        eliminated={1: ["Dwarf Slugger#1"]},
        cards={
            "F": card("recruit", "infantry", 2),
            "B": card("recruit", "infantry", 2, front=3),
            "K": card("recruit", "infantry", 9, front_right=5),
            "W": WALL,
        },
    )
    play(state, "K@c3")
    assert pile(state, 1) == ["Dwarf Slugger#1", "B"]
    assert pile(state, 2) == ["F"]
    for seat in (1, 2, None):
        players = state.view(seat)["players"]
        assert players["1"]["eliminated"] == ["Dwarf Slugger#1", "B"]
        assert players["2"]["eliminated"] == ["F"]
        assert players["1"]["eliminated_units"] == 2


# -- LW-7.7 ---------------------------------------------------------------------------------------
def test_lw_7_7_took_part_means_damage_to_a_unit_eliminated_in_that_resolution() -> None:
    # c3 and the placed K hit d4 (eliminated); e3 hits only e4, which survives
    state = position(
        board={"c3": (1, "A"), "e3": (1, "C"), "d4": (2, "D"), "e4": (2, "W"), "a7": (1, "W")},
        hands={1: ["K"], 2: ["W"]},
        cards={
            "A": card("recruit", "infantry", 9, front_right=2),
            "C": card("recruit", "infantry", 9, front=2),
            "D": card("recruit", "infantry", 3, front=1),
            "K": card("recruit", "infantry", 9, front=2),
            "W": WALL,
        },
    )
    events = play(state, "K@d3")
    assert eliminated(events) == [("d4", 2, "D")]
    flags = {b["square"]: b["took_part"] for b in state.view(None)["board"]}
    assert flags == {"c3": True, "d3": True, "e3": False, "e4": False, "a7": False}


def test_lw_7_7_a_non_active_unit_takes_part_too() -> None:
    # player 2's d4 kills the placed K on d3 (a suicide placement): d4 took part
    state = position(
        board={"d4": (2, "Dwarf Slugger#1"), "a7": (1, "W")},
        hands={1: ["K"], 2: ["W"]},
        cards={"K": card("recruit", "infantry", 2, front=1), "W": WALL},
    )
    events = play(state, "K@d3")
    assert eliminated(events) == [("d3", 1, "K")]
    assert state.phase == "reinforce"  # a7 may be recalled: player 1 chooses
    flags = {b["square"]: b["took_part"] for b in state.view(None)["board"]}
    assert flags == {"d4": True, "a7": False}


# -- LW-7.1 to LW-7.6 against an independent reading, over random games ---------------------------


def name(p: tuple[int, int]) -> str:
    return f"{'abcdef'[p[0]]}{p[1] + 1}"


@pytest.mark.parametrize(
    ("armies", "seed"),
    [("orcs,dwarves", 4), ("lizardmen,elves", 5), ("elves,orcs", 6), ("dwarves,lizardmen", 7)],
)
def test_lw_7_first_resolution_matches_the_rule_text_in_random_games(
    armies: str, seed: int
) -> None:
    state = get_game("lords-of-war").new({"armies": armies}, seed=seed)
    assert isinstance(state, LordsOfWarState)
    rng = Rng(seed)
    checked = 0
    for _ in range(400):
        if state.outcome is not None:
            break
        actions = state.legal_actions()
        if state.phase != "deploy":
            state.apply(actions[rng.below(len(actions))])
            continue
        mat = state.static.mat
        units = {mat.coords(sq): (u >> 8, state.static.card_of(u)) for sq, u in state.board.items()}
        piles = (len(state.pile[1]), len(state.pile[2]))
        events = state.apply(actions[rng.below(len(actions))])
        while state.phase == "shoot" and not any(e.kind == "resolution" for e in events):
            options = state.legal_actions()
            events += state.apply(options[rng.below(len(options))])
        placed = next(e.data for e in events if e.kind == "placed")
        where = mat.coords(mat.parse(placed["square"]))
        units[where] = (
            placed["player"],
            next(c for c in state.static.kinds[placed["player"]] if c.ref == placed["card"]),
        )
        shots = {
            mat.coords(mat.parse(e.data["square"])): mat.coords(mat.parse(e.data["target"]))
            for e in events
            if e.kind == "declared" and e.data["target"]
        }
        expected: dict[tuple[int, int], int] = {}
        for (x, y), (owner, c) in units.items():
            if (x, y) in shots:
                target = shots[(x, y)]
                expected[target] = expected.get(target, 0) + c.ranged
                continue
            sign = 1 if owner == 1 else -1
            for direction, value in zip(ORDER, c.arrows, strict=True):
                dx, dy = STEPS[direction]
                other = (x + sign * dx, y + sign * dy)
                if value and other in units and units[other][0] != owner:
                    expected[other] = expected.get(other, 0) + value
        got = next(e.data["damage"] for e in events if e.kind == "resolution")
        assert got == {name(p): v for p, v in expected.items()}
        dead = sorted(name(p) for p, v in expected.items() if v > units[p][1].defence)
        gone = [e.data for e in events if e.kind == "eliminated"]  # basic game: one resolution
        assert sorted(e["square"] for e in gone) == dead
        lost = {1: 0, 2: 0}
        for e in gone:
            lost[e["owner"]] += 1
        assert (len(state.pile[1]), len(state.pile[2])) == (piles[0] + lost[2], piles[1] + lost[1])
        checked += 1
    assert checked > 20
