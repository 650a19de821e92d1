"""Movement (BL-3), terrain stops (BL-3.4, BL-8, D-47) and goblin rushes (BL-10.4, D-28)."""

from __future__ import annotations

from bitva.games.battlelore.field.board import hex_of
from bitva.games.battlelore.field.movement import enter, move_destinations, rush_moves
from tests.battlelore.rules_fixtures import at, make_field, names


def test_bl_3_2_a_unit_moves_up_to_move_max() -> None:
    field = make_field(("h_rf_sword", "F4", 1), ("h_bm_lance", "F2", 1))
    assert names(move_destinations(field, at(field, "F4"))) == [
        "E4", "F3", "F5", "G3", "G4", "G5"
    ]  # fmt: skip
    assert max(len(p) for p in move_destinations(field, at(field, "F2")).values()) == 3


def test_bl_3_2_hexes_already_moved_count_against_the_move() -> None:
    field = make_field(("h_bf_sword", "F4", 1))
    unit = at(field, "F4")
    enter(field, unit, hex_of("F5"))
    assert unit.moved == 1
    assert all(len(p) == 1 for p in move_destinations(field, unit).values())


def test_bl_3_3_units_and_rivers_block_entering_and_passing() -> None:
    field = make_field(
        ("h_gf_spear", "F4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "G5", 1),
        terrain={"E5": "river", "E4": "river"},
    )  # fmt: skip
    reach = move_destinations(field, at(field, "F4"))
    assert not {hex_of(n) for n in ("F5", "G5", "E5", "E4")} & reach.keys()
    # F6 lies beyond the blocked row 5 within 2 hexes only through F5/G5/E5
    assert hex_of("F6") not in reach


def test_bl_3_3_the_canonical_path_is_shortest_then_smallest_indices() -> None:
    field = make_field(("h_gf_spear", "F4", 1))
    path = move_destinations(field, at(field, "F4"))[hex_of("F6")]
    assert path == (hex_of("F5"), hex_of("F6"))
    # two shortest paths to F2 (through F3 or G3): the smaller index first
    assert move_destinations(field, at(field, "F4"))[hex_of("F2")][0] == hex_of("F3")


def test_bl_3_4_forest_and_landmark_end_the_move_and_are_not_passed() -> None:
    field = make_field(
        ("h_gm_bow", "F2", 1), terrain={"F3": "forest"}, landmarks={"G3": "fortification"}
    )
    reach = move_destinations(field, at(field, "F2"))
    assert reach[hex_of("F3")] == (hex_of("F3"),)
    assert reach[hex_of("G3")] == (hex_of("G3"),)
    # F4 lies behind both: reached round them, never through them
    assert hex_of("F3") not in reach[hex_of("F4")] and hex_of("G3") not in reach[hex_of("F4")]


def test_bl_3_4_a_ford_ends_the_ordinary_move() -> None:
    field = make_field(("h_bm_lance", "C4", 1), terrain={"C5": "ford", "B5": "river"})
    reach = move_destinations(field, at(field, "C4"))
    assert hex_of("C5") in reach
    assert all(hex_of("C5") not in path[:-1] for path in reach.values())


def test_d_47_stops_last_the_whole_turn_a_ford_only_the_ordinary_move() -> None:
    field = make_field(
        ("h_bm_lance", "E4", 1), ("h_bm_lance", "C4", 1),
        terrain={"E5": "forest", "C5": "ford"},
    )  # fmt: skip
    lancers, riders = at(field, "E4"), at(field, "C4")
    enter(field, lancers, hex_of("E5"))
    assert lancers.entered_stop and lancers.move_stopped and not lancers.entered_landmark
    assert move_destinations(field, lancers) == {}
    enter(field, riders, hex_of("C5"))
    assert riders.move_stopped and not riders.entered_stop
    field2 = make_field(("h_bm_lance", "C4", 1), terrain={"C5": "ford"})
    taker = at(field2, "C4")
    enter(field2, taker, hex_of("C5"), "take_ground")
    assert not taker.move_stopped and not taker.entered_stop and taker.moved == 0


def test_bl_9_1_entering_a_landmark_is_recorded() -> None:
    field = make_field(("h_bf_sword", "F2", 1), landmarks={"F3": "fortification"})
    unit = at(field, "F2")
    enter(field, unit, hex_of("F3"))
    assert unit.entered_landmark and unit.entered_stop and unit.move_stopped


def test_bl_3_5_retreats_ignore_terrain_stops() -> None:
    field = make_field(("h_bf_sword", "F5", 2), terrain={"F6": "forest"})
    unit = at(field, "F5")
    enter(field, unit, hex_of("F6"), "retreat")
    assert not unit.entered_stop and not unit.move_stopped and unit.moved == 0


def test_stealth_ignores_forest_and_ford_stops_not_landmarks() -> None:
    field = make_field(("h_gf_spear", "F2", 1), terrain={"F3": "forest"})
    reach = move_destinations(field, at(field, "F2"), ignore_stops={"forest"})
    assert reach[hex_of("F4")] == (hex_of("F3"), hex_of("F4"))


def test_forward_march_extra_hex() -> None:
    field = make_field(("h_rf_sword", "F4", 1))
    assert (
        max(len(p) for p in move_destinations(field, at(field, "F4"), extra_hexes=1).values()) == 2
    )


def test_bl_11_8_a_webbed_unit_cannot_move() -> None:
    field = make_field(("h_bf_sword", "F4", 1))
    at(field, "F4").webbed = True
    assert move_destinations(field, at(field, "F4")) == {}


def test_bl_11_1_d_45_the_spider_moves_4() -> None:
    field = make_field(("c_giant_spider", "F5", 2))
    assert max(len(p) for p in move_destinations(field, at(field, "F5")).values()) == 4


def test_bl_10_4_a_red_or_blue_goblin_rushes_2_hexes_to_end_next_to_its_target() -> None:
    field = make_field(("g_bf_sword", "F7", 2), ("d_bf_sword", "F4", 1))
    moves = rush_moves(field, at(field, "F7"))
    dwarf = at(field, "F4").uid
    # two paths of 2 hexes (through E6 or F6): the smaller index, E6
    assert moves[(hex_of("F5"), dwarf)] == (hex_of("E6"), hex_of("F5"))
    assert {end for end, _ in moves} == {hex_of("F5"), hex_of("G5")}


def test_d_28_a_rush_may_not_end_on_a_landmark() -> None:
    field = make_field(
        ("g_bf_sword", "F7", 2), ("d_bf_sword", "F4", 1), landmarks={"F5": "fortification"}
    )
    assert {end for end, _ in rush_moves(field, at(field, "F7"))} == {hex_of("G5")}


def test_bl_10_4_goblin_cavalry_and_humans_do_not_rush() -> None:
    field = make_field(("g_gm_rider", "F7", 2), ("h_bf_sword", "F6", 2), ("d_bf_sword", "F4", 1))
    assert rush_moves(field, at(field, "F7")) == {}
    assert rush_moves(field, at(field, "F6")) == {}


def test_t_17_the_goblin_rushes_f7_f6_f5() -> None:
    field = make_field(
        ("d_bf_sword", "F4", 1), ("g_bf_sword", "F7", 2), ("h_bf_sword", "E5", 2),
        ("h_bf_sword", "E6", 2),
    )  # fmt: skip
    goblin = at(field, "F7")
    path = rush_moves(field, goblin)[(hex_of("F5"), at(field, "F4").uid)]
    for step in path:
        enter(field, goblin, step, "rush")
    assert goblin.hex == hex_of("F5") and goblin.moved == 2


def test_bl_8_terrain_moves_plain_hill_bridge_free_river_never() -> None:
    field = make_field(
        ("h_gf_spear", "F4", 1), terrain={"F5": "hill", "G5": "bridge", "E5": "river"}
    )
    reach = move_destinations(field, at(field, "F4"))
    assert reach[hex_of("F6")][0] in (hex_of("F5"), hex_of("G5"))  # passes hill or bridge
    assert hex_of("E5") not in reach


def test_d_5_move_and_battle_hexes_per_banner() -> None:
    for type_id, most in (("h_gf_spear", 2), ("h_bf_sword", 2), ("h_rf_sword", 1),
                          ("h_gm_bow", 4), ("h_bm_lance", 3), ("h_rm_lance", 2)):  # fmt: skip
        field = make_field((type_id, "F5", 1))
        assert max(len(p) for p in move_destinations(field, at(field, "F5")).values()) == most
