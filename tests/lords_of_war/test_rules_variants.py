"""Rules LW-10 (variants): borderless battle, game length, custom and mercenary armies."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bitva.core.errors import BitvaError, ContentError, IllegalAction, PositionError
from bitva.core.events import Event
from bitva.games.lords_of_war.catalogue import load_army
from tests.lords_of_war.helpers import (
    card,
    eliminated,
    legal,
    new_game,
    play,
    position,
    squares_for,
)

WALL = card("recruit", "infantry", 9)
WEAK = card("recruit", "infantry", 3)


def damage(events: list[Event], n: int = 1) -> dict[str, int]:
    return [e.data["damage"] for e in events if e.kind == "resolution"][n - 1]


# -- LW-10.1 borderless ---------------------------------------------------------------------------
def test_lw_10_1_borderless_challenge_squares_keep_their_relative_placement() -> None:
    state = new_game(borderless=True)
    assert {a.split("@")[1] for a in legal(state)} == {"d3"}
    play(state, legal(state)[0])
    assert {a.split("@")[1] for a in legal(state)} == {"c5"}  # one left, two ahead of d3
    play(state, legal(state)[0])
    assert state.turn == 1 and state.phase == "deploy"


def test_lw_10_1_a_unit_may_be_placed_beyond_the_edge() -> None:
    # the enemy on a3; a right arrow reaches it from the square left of a3, "-1,2"
    state = position(
        board={"a3": (2, "W")},
        hands={1: ["R"], 2: ["W"]},
        borderless=True,
        cards={"R": card("recruit", "infantry", 9, right=2), "W": WALL},
    )
    assert squares_for(state, "R") == ["-1,2"]
    events = play(state, "R@-1,2")
    assert [e.data["square"] for e in events if e.kind == "placed"] == ["-1,2"]
    assert damage(events) == {"a3": 2}


def test_lw_10_1_the_mat_edges_hold_in_the_standard_game() -> None:
    state = position(
        board={"a3": (2, "W")},
        hands={1: ["R"], 2: ["W"]},
        cards={"R": card("recruit", "infantry", 9, right=2), "W": WALL},
    )
    assert state.forced_placement  # no square left of a3 on the mat
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        play(state, "R@-1,2")
    assert info.value.rule == "LW-1.6"
    assert state.to_json() == before


def test_lw_10_1_squares_off_the_mat_in_a_position_file() -> None:
    cards = {"W": WALL, "K": card("recruit", "infantry", 9, back=3)}
    state = position(
        board={"3,8": (2, "W"), "-2,-1": (1, "W")},
        hands={1: ["K"], 2: ["W"]},
        borderless=True,
        cards=cards,
    )
    names = sorted(b["square"] for b in state.view(None)["board"])
    assert names == ["-2,-1", "3,8"]
    # player 1's back arrow from "3,9" points at "3,8", two rows beyond player 2's edge
    assert squares_for(state, "K") == ["3,9"]
    with pytest.raises(PositionError) as info:
        position(board={"3,8": (2, "W")}, hands={1: ["K"]}, cards=cards)
    assert info.value.rule == "LW-1.6"


def test_lw_10_1_an_edge_square_has_eight_neighbours_without_borders() -> None:
    state = position(board={"a1": (1, "W")}, hands={1: ["W"]}, borderless=True, cards={"W": WALL})
    assert squares_for(state, "W") == sorted(
        ["-1,-1", "0,-1", "1,-1", "-1,0", "b1", "-1,1", "a2", "b2"]
    )


def test_lw_10_1_a_target_grid_reaches_beyond_the_edge() -> None:
    # the Catapult on c6 shoots (0, +3): "2,8", beyond row 7
    state = position(
        board={"c5": (1, "W"), "2,8": (2, "T")},
        hands={1: ["Orc Catapult"], 2: ["W"]},
        borderless=True,
        cards={"W": WALL, "T": WEAK},
    )
    events = play(state, "Orc Catapult@c6")
    assert [(e.data["target"], e.data["attack"]) for e in events if e.kind == "declared"] == [
        ("2,8", "ranged")
    ]
    assert eliminated(events) == [("2,8", 2, "T")]


# -- LW-10.2 game length --------------------------------------------------------------------------
def test_lw_10_2_a_lower_unit_threshold() -> None:
    state = position(
        board={"d4": (2, "T")},
        hands={1: ["K"], 2: ["W"]},
        units_to_win=3,
        eliminated={1: ["Dwarf Slugger#1", "Dwarf Slugger#1"]},
        cards={"K": card("recruit", "infantry", 9, front=5), "T": WEAK, "W": WALL},
    )
    play(state, "K@d3")
    assert state.outcome is not None and state.outcome.winner == 1
    assert (state.outcome.reason, state.outcome.params["units"]) == ("units", 3)


def test_lw_10_2_a_higher_unit_threshold_lets_the_game_go_on() -> None:
    state = position(
        board={"d4": (2, "T")},
        hands={1: ["K"], 2: ["W"]},
        units_to_win=30,
        eliminated={1: ["Dwarf Slugger#1"] * 20},
        cards={"K": card("recruit", "infantry", 9, front=5), "T": WEAK, "W": WALL},
    )
    play(state, "K@d3")
    assert len(state.pile[1]) == 21
    assert state.outcome is None


def test_lw_10_2_a_command_threshold_of_two() -> None:
    state = position(
        board={"d4": (2, "Gordona Ironhelm")},
        hands={1: ["K"], 2: ["W"]},
        commands_to_win=2,
        eliminated={1: ["Mungo Lancerammer"]},
        cards={"K": card("recruit", "infantry", 9, front=7), "W": WALL},
    )
    play(state, "K@d3")
    assert state.outcome is not None and state.outcome.winner == 1
    assert (state.outcome.reason, state.outcome.params["commands"]) == ("commands", 2)


def test_lw_10_2_thresholds_are_game_options_with_bounds() -> None:
    state = new_game(units_to_win=12, commands_to_win=3)
    assert (state.static.options.units_to_win, state.static.options.commands_to_win) == (12, 3)
    with pytest.raises(BitvaError):
        new_game(units_to_win=0)
    with pytest.raises(BitvaError):
        new_game(commands_to_win=0)


# -- LW-10.3 custom army --------------------------------------------------------------------------
def core_entries(army: str) -> list[dict[str, Any]]:
    data = load_army(army)
    return [{"card": c.ref, "count": q} for c, q in zip(data.cards, data.quantities, strict=True)]


def swap(entries: list[dict[str, Any]], out: str, into: str) -> list[dict[str, Any]]:
    result = []
    for entry in entries:
        if entry["card"] == out:
            if entry["count"] > 1:
                result.append({"card": out, "count": entry["count"] - 1})
        else:
            result.append(dict(entry))
    result.append({"card": into, "count": 1})
    return result


def deck_file(
    tmp_path: Path, entries: list[dict[str, Any]], kind: str = "custom", army: str | None = "orcs"
) -> str:
    lines = ['name = "Test deck"', f'kind = "{kind}"']
    if army:
        lines.append(f'army = "{army}"')
    for entry in entries:
        lines += ["[[cards]]", f"card = {json.dumps(entry['card'])}", f"count = {entry['count']}"]
    path = tmp_path / "deck.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_lw_10_3_a_card_swapped_for_one_of_the_same_rank_and_army(tmp_path: Path) -> None:
    # a recruit for a recruit: Goblin Shanker#1 out, a third Goblin Spikeman#1 in
    path = deck_file(tmp_path, swap(core_entries("orcs"), "Goblin Shanker#1", "Goblin Spikeman#1"))
    state = new_game(armies=[path, "dwarves"])
    counts = Counter(c.ref for c in state.static.cards[1])
    assert counts["Goblin Spikeman#1"] == 3 and counts["Goblin Shanker#1"] == 0
    assert len(state.static.cards[1]) == 36
    # the deck is written into the options, so a record replays without the file
    decks = state.static.options.decks
    assert decks is not None and Counter(decks[0]) == counts
    again = new_game(armies=["orcs", "dwarves"], decks=decks)
    assert Counter(c.ref for c in again.static.cards[1]) == counts


def test_lw_10_3_a_swap_across_ranks_breaks_the_composition(tmp_path: Path) -> None:
    path = deck_file(tmp_path, swap(core_entries("orcs"), "Goblin Shanker#1", "Orc Catapult"))
    with pytest.raises(ContentError, match=r"LW-1\.1"):
        new_game(armies=[path, "dwarves"])


def test_lw_10_3_a_custom_deck_keeps_to_its_own_army(tmp_path: Path) -> None:
    path = deck_file(tmp_path, swap(core_entries("orcs"), "Goblin Shanker#1", "Dwarf Slugger#1"))
    with pytest.raises(ContentError, match=r"LW-10\.3"):
        new_game(armies=[path, "dwarves"])


def test_lw_10_3_exactly_one_general(tmp_path: Path) -> None:
    entries = swap(core_entries("orcs"), "Vanak Fleshripper", "Gonke Longtooth")
    with pytest.raises(ContentError, match="general"):
        new_game(armies=[deck_file(tmp_path, entries), "dwarves"])


def test_lw_10_3_the_deck_must_hold_36_cards(tmp_path: Path) -> None:
    entries = [*core_entries("orcs"), {"card": "Goblin Shanker#1", "count": 1}]
    with pytest.raises(ContentError, match="36"):
        new_game(armies=[deck_file(tmp_path, entries), "dwarves"])


def test_lw_10_3_deck_references_in_the_options_are_checked_too() -> None:
    refs = [c.ref for c in load_army("orcs").deck()]
    bad = [r if r != "Goblin Shanker#1" else "Orc Catapult" for r in refs]
    with pytest.raises(ContentError, match=r"LW-1\.1"):
        new_game(decks=[bad, [c.ref for c in load_army("dwarves").deck()]])


# -- LW-10.4 mercenary army -----------------------------------------------------------------------
def test_lw_10_4_a_mercenary_deck_takes_same_rank_cards_from_any_army(tmp_path: Path) -> None:
    entries = swap(core_entries("orcs"), "Goblin Shanker#1", "Dwarf Slugger#1")
    entries = swap(entries, "Orc Butcher", "Elven Chariot#1")  # special for special
    path = deck_file(tmp_path, entries, kind="mercenary", army=None)
    state = new_game(armies=[path, "lizardmen"])
    armies = Counter(c.army for c in state.static.cards[1])
    assert armies == {"orcs": 34, "dwarves": 1, "elves": 1}
    assert state.static.options.armies[0] == "mercenaries"


def test_lw_10_4_a_mercenary_deck_keeps_the_core_composition(tmp_path: Path) -> None:
    entries = swap(core_entries("orcs"), "Goblin Shanker#1", "Dwarf Ballista")  # special
    path = deck_file(tmp_path, entries, kind="mercenary", army=None)
    with pytest.raises(ContentError, match=r"LW-1\.1"):
        new_game(armies=[path, "dwarves"])
