"""Battle: eligibility, range, line of sight, base dice and caps, hit faces (BL-4, BL-5.1)."""

from __future__ import annotations

from bitva.games.battlelore.field.board import hex_of
from bitva.games.battlelore.field.combat import base_dice, hit_faces, may_battle, sees, targets
from bitva.games.battlelore.field.movement import enter
from tests.battlelore.rules_fixtures import at, make_field


def test_bl_3_2_moving_more_than_move_battle_forbids_battle() -> None:
    field = make_field(("h_bf_sword", "F4", 1), ("h_bf_sword", "F7", 2))
    unit = at(field, "F4")
    unit.moved = 1
    assert may_battle(field, unit)
    unit.moved = 2
    assert not may_battle(field, unit)
    assert may_battle(field, unit, extra_battle_hexes=1)  # Forward March / Forced March


def test_bl_2_6_bl_4_1_only_ordered_units_battle_and_once() -> None:
    field = make_field(("h_bf_sword", "F4", 1))
    unit = at(field, "F4")
    unit.ordered = False
    assert not may_battle(field, unit)
    unit.ordered, unit.battled = True, True
    assert not may_battle(field, unit)


def test_bl_9_1_a_unit_that_entered_a_landmark_may_not_battle() -> None:
    field = make_field(("h_bf_sword", "F2", 1), landmarks={"F3": "fortification"})
    unit = at(field, "F2")
    enter(field, unit, hex_of("F3"))
    assert not may_battle(field, unit)


def test_bl_11_8_a_webbed_unit_may_not_battle() -> None:
    field = make_field(("h_bf_sword", "F4", 1))
    at(field, "F4").webbed = True
    assert not may_battle(field, at(field, "F4"))


def test_bl_4_3_melee_is_adjacent_ranged_at_distance_2_or_more() -> None:
    field = make_field(("h_gf_bow", "F2", 1), ("h_bf_sword", "F4", 2), ("h_bf_sword", "C3", 2))
    found = targets(field, at(field, "F2"))
    assert found == sorted([(at(field, "F4").uid, "ranged"), (at(field, "C3").uid, "ranged")])


def test_d_44_an_adjacent_enemy_forbids_ranged_battle() -> None:
    field = make_field(("h_gf_bow", "F2", 1), ("h_bf_sword", "F4", 2), ("h_bf_sword", "F3", 2))
    assert targets(field, at(field, "F2")) == [(at(field, "F3").uid, "melee")]


def test_d_8_weapon_range_and_the_if_moved_column() -> None:
    field = make_field(("h_gf_bow", "F1", 1), ("h_bf_sword", "F5", 2), ("h_bf_longbow", "A1", 1))
    bow, target, longbow = at(field, "F1"), at(field, "F5"), at(field, "A1")
    assert base_dice(field, bow, target, "ranged") == 2  # distance 4
    bow.moved = 1
    assert base_dice(field, bow, target, "ranged") == 1  # short bow: one die fewer
    longbow.moved = 1
    assert targets(field, longbow) == []  # long bow: no ranged battle after moving
    cross = make_field(("d_bf_crossbow", "E1", 1), ("h_bf_sword", "E3", 2), ("h_bf_sword", "L3", 2))
    crossbow = at(cross, "E1")
    assert base_dice(cross, crossbow, at(cross, "E3"), "ranged") == 3  # distance 2
    assert targets(cross, crossbow) == [(at(cross, "E3").uid, "ranged")]  # L3 out of range
    far = make_field(("d_bf_crossbow", "E1", 1), ("h_bf_sword", "E4", 2))
    assert base_dice(far, at(far, "E1"), at(far, "E4"), "ranged") == 2  # distance 3


def test_bl_4_5_units_forest_and_landmarks_block_line_of_sight() -> None:
    # the line F2 -> F5 crosses F3 and F4
    assert sees(make_field(), hex_of("F2"), hex_of("F5"))
    assert not sees(make_field(terrain={"F4": "forest"}), hex_of("F2"), hex_of("F5"))
    assert not sees(make_field(landmarks={"F3": "fortification"}), hex_of("F2"), hex_of("F5"))
    assert not sees(make_field(("h_bf_sword", "F4", 1)), hex_of("F2"), hex_of("F5"))
    for terrain in ("river", "ford", "bridge"):
        assert sees(make_field(terrain={"F4": terrain}), hex_of("F2"), hex_of("F5"))


def test_t_26_a_line_along_an_edge_is_blocked_only_if_both_hexes_block() -> None:
    clear = make_field(("h_gf_bow", "F5", 1), ("h_bf_sword", "F3", 2), ("h_bf_sword", "F4", 1))
    assert sees(clear, hex_of("F5"), hex_of("F3"))
    blocked = make_field(
        ("h_gf_bow", "F5", 1), ("h_bf_sword", "F3", 2), ("h_bf_sword", "F4", 1),
        terrain={"E4": "forest"},
    )  # fmt: skip
    assert not sees(blocked, hex_of("F5"), hex_of("F3"))
    assert targets(blocked, at(blocked, "F5")) == []


def test_bl_4_6_d_17_a_hill_blocks_unless_next_to_an_endpoint_on_a_hill() -> None:
    f2, f5 = hex_of("F2"), hex_of("F5")
    assert not sees(make_field(terrain={"F4": "hill"}), f2, f5)
    # the target stands on a hill next to the intervening hill: transparent, both ways
    near = make_field(terrain={"F4": "hill", "F5": "hill"})
    assert sees(near, f2, f5) and sees(near, f5, f2)
    assert sees(make_field(terrain={"F3": "hill", "F2": "hill"}), f2, f5)
    # a hill endpoint does not help a hill further away
    assert not sees(make_field(terrain={"F3": "hill", "F5": "hill"}), f2, f5)


def test_bl_4_2_full_dice_whatever_the_figures() -> None:
    field = make_field(("h_rf_sword", "F4", 1, 1), ("h_bf_sword", "F5", 2))
    assert base_dice(field, at(field, "F4"), at(field, "F5"), "melee") == 4


def test_t_22_and_bl_4_7_caps() -> None:
    knights = make_field(("h_rm_lance", "F4", 1), ("h_bf_sword", "F5", 2), terrain={"F4": "forest"})
    assert base_dice(knights, at(knights, "F4"), at(knights, "F5"), "melee") == 2
    assert base_dice(knights, at(knights, "F5"), at(knights, "F4"), "melee") == 2  # into forest
    hill = make_field(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), terrain={"F4": "hill"})
    assert base_dice(hill, at(hill, "F4"), at(hill, "F5"), "melee") == 3
    assert base_dice(hill, at(hill, "F5"), at(hill, "F4"), "melee") == 2  # plain vs hill
    hills = make_field(
        ("h_rf_sword", "F4", 1), ("h_rf_sword", "F5", 2), terrain={"F4": "hill", "F5": "hill"}
    )
    assert base_dice(hills, at(hills, "F4"), at(hills, "F5"), "melee") == 3
    ford = make_field(("h_rf_sword", "F4", 1), ("h_rf_sword", "F5", 2), terrain={"F4": "ford"})
    assert base_dice(ford, at(ford, "F4"), at(ford, "F5"), "melee") == 2
    assert base_dice(ford, at(ford, "F5"), at(ford, "F4"), "melee") == 4  # into a ford: full


def test_t_25_attacks_into_or_out_of_a_landmark_roll_at_most_2() -> None:
    field = make_field(
        ("h_rf_sword", "F4", 1), ("h_rf_sword", "F5", 2), landmarks={"F5": "fortification"}
    )
    assert base_dice(field, at(field, "F4"), at(field, "F5"), "melee") == 2
    assert base_dice(field, at(field, "F5"), at(field, "F4"), "melee") == 2


def test_bl_9_2_t_21_a_fortification_on_a_hill_caps_2_both_ways() -> None:
    field = make_field(
        ("d_rf_sword", "F3", 1), ("g_bf_sword", "F4", 2),
        terrain={"F3": "hill"}, landmarks={"F3": "fortification"},
    )  # fmt: skip
    assert base_dice(field, at(field, "F4"), at(field, "F3"), "melee") == 2  # 3 -> cap 2
    assert base_dice(field, at(field, "F3"), at(field, "F4"), "melee") == 2  # min(4, 3, 2)


def test_bl_5_1_the_target_colour_hits_and_s_only_in_melee_for_allowed_weapons() -> None:
    field = make_field(
        ("h_bf_sword", "F4", 1), ("h_rf_sword", "F5", 2), ("h_gf_bow", "B1", 1),
        ("c_giant_spider", "G5", 2), ("h_bf_longbow", "A1", 1),
    )  # fmt: skip
    sword, target, bow, spider = (at(field, n) for n in ("F4", "F5", "B1", "G5"))
    assert hit_faces(field, sword, target, "melee") == {"R", "S"}
    assert hit_faces(field, bow, target, "ranged") == {"R"}
    assert hit_faces(field, spider, sword, "melee") == {"B", "S"}  # bonus strike (5.3)


def test_d_9_s_never_hits_at_range_nor_for_bows_unless_a_card_says() -> None:
    field = make_field(("h_gf_bow", "F4", 1), ("h_rf_sword", "F5", 2))
    bow, target = at(field, "F4"), at(field, "F5")
    assert hit_faces(field, bow, target, "melee") == {"R"}
    assert hit_faces(field, bow, target, "melee", sword_hits_anywhere=True) == {"R", "S"}


def test_bl_5_1_l_misses_unless_a_card_says_and_only_in_lore_adventures() -> None:
    lore = make_field(("h_bf_sword", "F4", 1), ("h_rf_sword", "F5", 2))
    assert "L" in hit_faces(lore, at(lore, "F4"), at(lore, "F5"), "melee", lore_hits=True)
    basic = make_field(("h_bf_sword", "F4", 1), ("h_rf_sword", "F5", 2), lore=False)
    assert "L" not in hit_faces(basic, at(basic, "F4"), at(basic, "F5"), "melee", lore_hits=True)


def test_bl_11_8_flags_against_a_webbed_target_hit() -> None:
    field = make_field(("h_bf_sword", "F4", 1), ("h_rf_sword", "F5", 2))
    at(field, "F5").webbed = True
    assert "F" in hit_faces(field, at(field, "F4"), at(field, "F5"), "melee")


def test_bl_10_4_d_28_a_rushing_goblin_battles_only_its_target_if_still_adjacent() -> None:
    field = make_field(("g_bf_sword", "F5", 2), ("d_bf_sword", "F4", 1), ("h_bf_sword", "G5", 1))
    goblin, dwarf = at(field, "F5"), at(field, "F4")
    goblin.moved, goblin.rush_target = 2, dwarf.uid
    assert may_battle(field, goblin)  # a rush overrides move_battle
    assert targets(field, goblin) == [(dwarf.uid, "melee")]
    field.remove(dwarf)
    assert not may_battle(field, goblin)  # T-19


def test_d_45_the_spider_moves_4_and_may_battle() -> None:
    field = make_field(("c_giant_spider", "F5", 2), ("h_bf_sword", "F4", 1))
    spider = at(field, "F5")
    spider.moved = 4
    assert may_battle(field, spider)
    assert base_dice(field, spider, at(field, "F4"), "melee") == 2


def test_d_6_melee_dice_by_banner_foot_and_mounted_alike() -> None:
    for attacker, dice in (("h_gf_spear", 2), ("h_bf_sword", 3), ("h_rf_sword", 4),
                           ("h_gm_bow", 2), ("h_bm_lance", 3), ("h_rm_lance", 4)):  # fmt: skip
        field = make_field((attacker, "F4", 1), ("h_bf_sword", "F5", 2))
        assert base_dice(field, at(field, "F4"), at(field, "F5"), "melee") == dice


def test_d_16_bl_4_5_the_edge_line_t_26_is_an_edge() -> None:
    from bitva.games.battlelore.field.board import line

    assert line(hex_of("F5"), hex_of("F3")) == ((hex_of("E4"), hex_of("F4")),)


def test_bl_4_1_bl_4_4_card_dice_come_after_caps() -> None:
    knights = make_field(("h_rm_lance", "F4", 1), ("h_bf_sword", "F5", 2), terrain={"F4": "forest"})
    blessing = 1  # T-22: Blessing L1 adds a die the cap does not touch
    assert base_dice(knights, at(knights, "F4"), at(knights, "F5"), "melee") + blessing == 3
