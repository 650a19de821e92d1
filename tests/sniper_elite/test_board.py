"""The board model (SE-2, GEO) and the map content (11.1): every line of EX-15, steps, doors and
ladders, distances, allowance, access targets, load checks."""

from __future__ import annotations

import pytest

from bitva.core.errors import ContentError
from bitva.games.sniper_elite.board import build_geometry
from bitva.games.sniper_elite.catalogue import MapFile, parse_toml, shipped_content
from bitva.games.sniper_elite.movement import path_allowed, sniper_moves
from tests.sniper_elite.helpers import GEO, sp

EX_15 = [
    ("a7", "n7", 13, True),  # open row
    ("e6", "h6", 3, False),  # g6 obstruction
    ("a3", "e3", 4, True),  # water does not block
    ("d10", "g10", 3, False),  # ground to ground across the gantry
    ("d6", "e10", 5, True),  # target elevated
    ("f2", "b6", 4, True),  # diagonal, corners grazed over water
    ("f1", "e2", 1, True),  # pinch e1/f2: one side clear
    ("m4", "l5", 1, False),  # pinch l4 (building) / m5 (elevated): both block
    ("f4", "h6", 2, False),  # g5 obstruction on the diagonal
    ("j4", "j5", 1, True),  # across a door
    ("j3", "j5", 2, False),  # indoor to outdoor, not adjacent
    ("j3", "k4", 1, True),  # same building
    ("k5", "k7", 2, True),  # EX-5 recon
    ("d6", "d6", 1, True),  # own space (recon 0)
]


@pytest.mark.parametrize(
    ("a", "b", "reach", "sight"), EX_15, ids=[f"{a}-{b}" for a, b, *_ in EX_15]
)
def test_ex_15_se_2_8_se_2_9_range_and_los(a: str, b: str, reach: int, sight: bool) -> None:
    assert GEO.shot_range(sp(a), sp(b)) == reach
    assert GEO.los(sp(a), sp(b)) is sight
    assert GEO.los(sp(b), sp(a)) is sight  # SE-2.9: symmetric


def test_ex_15_d_7_own_space_is_range_0_for_recon() -> None:
    assert GEO.recon_range(sp("d6"), sp("d6")) == 0  # D-7


def test_se_2_1_names_and_indices() -> None:
    assert sp("a1") == 0 and sp("n1") == 13 and sp("a2") == 14
    assert GEO.name_of(sp("j10")) == "j10"
    with pytest.raises(ValueError, match="off the map"):
        GEO.space("o3")


def test_se_2_8_trace_records_a_pinch_on_an_exact_corner() -> None:
    chain = GEO.trace(sp("f1"), sp("e2"))
    assert chain == [(sp("e2"), (sp("e1"), sp("f2")))]
    assert [s for s, _ in GEO.trace(sp("a7"), sp("d7"))] == [sp("b7"), sp("c7"), sp("d7")]


def test_se_2_2_map_counts_and_d_38_objective_colours() -> None:
    assert sum(GEO.standable(s) for s in range(GEO.size)) == 167
    colours = [GEO.objective_colour[n] for n in range(1, 10)]
    assert colours.count("red") == 3 and colours.count("black") == 3
    assert colours.count("yellow") == 2 and colours.count("white") == 1
    assert {a: GEO.name_of(s) for a, s in GEO.crosses.items()} == {
        "red": "b6",
        "black": "l5",
        "yellow": "f13",
    }


def test_se_2_4_d_3_adjacency_is_orthogonal_and_ignores_walls() -> None:
    assert GEO.adjacent(sp("h2"), sp("i2"))  # across a building outline
    assert not GEO.adjacent(sp("d6"), sp("e5"))  # diagonal


def test_se_2_5_d_4_steps_need_doors_and_ladders() -> None:
    assert GEO.step_allowed(sp("h3"), sp("i3"))  # door
    assert not GEO.step_allowed(sp("h2"), sp("i2"))  # wall
    assert GEO.step_allowed(sp("f4"), sp("f3"))  # ladder
    assert not GEO.step_allowed(sp("e2"), sp("f2"))  # sheer
    assert GEO.step_allowed(sp("e2"), sp("f2"), grapnel=True)  # Grapnel (11.6)
    assert not GEO.step_allowed(sp("c3"), sp("b3"))  # water is not standable


def test_se_2_6_path_distance_ignores_difficult_terrain() -> None:
    assert GEO.dist[sp("c7")][sp("d9")] == 3
    assert GEO.dist[sp("e6")][sp("j10")] == 13  # EX-8: Y3 is 13 from e6
    assert GEO.dist[sp("e6")][sp("c13")] == 9


def test_se_2_7_ex_12_allowance_with_difficult_terrain() -> None:
    path = [sp(n) for n in ("c7", "c8", "d8")]
    assert path_allowed(GEO, path)
    assert not path_allowed(GEO, [*path, sp("d9")])
    assert path_allowed(GEO, [sp(n) for n in ("c7", "d7", "e7", "e8")])


def test_se_2_10_d_10_an_entry_step_counts_toward_the_move() -> None:
    moves = sniper_moves(GEO, -1, set(), entry="EK")
    assert moves[sp("k1")] == (1,)
    assert max(max(c) for c in moves.values()) == 3


ACCESS = {
    1: ("a3", "a3", "a3", "a3"),
    2: ("i3", "f3", "f4", "f3"),
    3: ("e6", "e6", "e6", "e6"),
    4: ("i3", "f3", "h3", "i3"),
    5: ("j4", "m6", "m7", "m6"),
    6: ("l7", "l7", "l7", "l7"),
    7: ("j11", "e11", "e12", "e11"),
    8: ("c13", "c13", "c13", "c13"),
    9: ("j11", "f11", "j12", "j11"),
}


@pytest.mark.parametrize("number", range(1, 10))
def test_se_8_11_access_targets_as_listed(number: int) -> None:
    got = tuple(
        GEO.name_of(GEO.access[(number, kind)][0])
        for kind in ("enclosed", "elevated", "outdoor", "any")
    )
    assert got == ACCESS[number]


def _map_text() -> str:
    from importlib import resources

    text = resources.files("bitva.games.sniper_elite.content").joinpath("depot.toml")
    return text.read_text(encoding="utf-8")


def test_se_1_3_the_shipped_content_loads() -> None:
    content = shipped_content()
    assert len(content.orders) == 15
    assert sum(1 for c in content.orders if c.urgent) == 7
    assert sum(c.copies for c in content.equipment) == 12


def test_se_2_6_a_cut_off_space_fails_the_load_check() -> None:
    lines = _map_text().splitlines()
    row13 = next(i for i, line in enumerate(lines) if line.startswith("Y:- Y:- Y.8"))
    for i, col in ((row13, 13), (row13 + 1, 12)):  # n13 and m14 walled: n14 is cut off
        tokens = lines[i].split()
        tokens[col] = "W#-"
        lines[i] = " ".join(tokens)
    text = "\n".join(lines)
    with pytest.raises(ContentError, match="n14 cannot be reached"):
        build_geometry(parse_toml(text, "bad.toml", MapFile), "bad.toml")


def test_se_2_3_a_door_must_join_enclosed_and_outdoor() -> None:
    text = _map_text().replace('["h3", "i3"]', '["h3", "h4"]')
    with pytest.raises(ContentError, match=r"bad\.toml: map\.doors\.0: must join"):
        build_geometry(parse_toml(text, "bad.toml", MapFile), "bad.toml")


def test_se_1_3_a_bad_field_names_file_field_and_reason() -> None:
    text = _map_text().replace('id = "depot"', 'id = "depot"\ncolour = 3')
    with pytest.raises(ContentError, match=r"bad\.toml: map\.colour: Extra inputs"):
        parse_toml(text, "bad.toml", MapFile)


def test_11_4_a_mark_outside_its_area_fails() -> None:
    text = _map_text().replace('red = ["d5", "b7"', 'red = ["h5", "b7"', 1)
    with pytest.raises(ContentError, match=r"regroup\.LAUNCH_BASE\.red\.0"):
        build_geometry(parse_toml(text, "bad.toml", MapFile), "bad.toml")
