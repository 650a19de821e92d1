"""Follow-on actions (BL-7, D-12, D-13, D-15, D-45, D-47)."""

from __future__ import annotations

from bitva.games.battlelore.field.board import hex_of
from bitva.games.battlelore.field.combat import base_dice
from bitva.games.battlelore.field.followon import (
    bonus_attack_targets,
    may_battle_back,
    must_battle_back,
    pursuit_hexes,
    take_ground_hex,
)
from bitva.games.battlelore.field.morale import take_losses
from bitva.games.battlelore.field.movement import enter
from tests.battlelore.rules_fixtures import at, make_field


def test_bl_7_1_d_12_battle_back_needs_bold_or_a_creature_and_melee() -> None:
    field = make_field(
        ("h_bf_sword", "F4", 1), ("d_bf_sword", "F5", 2), ("h_bf_sword", "G5", 2),
        ("c_giant_spider", "E4", 2),
    )  # fmt: skip
    attacker, dwarf, man, spider = (at(field, n) for n in ("F4", "F5", "G5", "E4"))
    assert may_battle_back(field, dwarf, attacker, "melee", attacked_hex=dwarf.hex)
    assert not may_battle_back(field, man, attacker, "melee", attacked_hex=man.hex)
    assert may_battle_back(field, man, attacker, "melee", attacked_hex=man.hex, bold_bonus=1)
    assert not may_battle_back(field, dwarf, attacker, "ranged", attacked_hex=dwarf.hex)
    assert may_battle_back(field, spider, attacker, "melee", attacked_hex=spider.hex)
    assert must_battle_back(spider) and not must_battle_back(dwarf)


def test_d_12_never_against_a_battle_back() -> None:
    field = make_field(("h_bf_sword", "F4", 1), ("d_bf_sword", "F5", 2))
    dwarf, attacker = at(field, "F5"), at(field, "F4")
    assert not may_battle_back(
        field, dwarf, attacker, "melee", attacked_hex=dwarf.hex, against_battle_back=True
    )


def test_bl_7_1_a_defender_that_retreated_or_is_webbed_does_not_battle_back() -> None:
    field = make_field(("h_bf_sword", "F4", 1), ("d_bf_sword", "F5", 2))
    dwarf, attacker = at(field, "F5"), at(field, "F4")
    attacked = dwarf.hex
    enter(field, dwarf, hex_of("F6"), "retreat")
    assert not may_battle_back(field, dwarf, attacker, "melee", attacked_hex=attacked)
    field2 = make_field(("h_bf_sword", "F4", 1), ("d_bf_sword", "F5", 2))
    at(field2, "F5").webbed = True
    assert not may_battle_back(
        field2, at(field2, "F5"), at(field2, "F4"), "melee", attacked_hex=hex_of("F5")
    )


def test_d_13_a_blocked_retreat_leaves_it_in_place_so_it_may_battle_back() -> None:
    field2 = make_field(
        ("h_bf_sword", "F7", 1), ("d_bf_sword", "F8", 2), ("h_bf_sword", "F9", 2),
        ("h_bf_sword", "G9", 2),
    )  # fmt: skip
    dwarf = at(field2, "F8")
    take_losses(field2, dwarf, 1)  # its retreat was blocked: it stays
    assert may_battle_back(field2, dwarf, at(field2, "F7"), "melee", attacked_hex=dwarf.hex)


def test_bl_7_2_take_ground_after_melee_into_the_vacated_hex() -> None:
    field = make_field(("h_bf_sword", "F4", 1), ("h_bf_sword", "F5", 2, 1))
    attacker, target = at(field, "F4"), at(field, "F5")
    vacated = target.hex
    take_losses(field, target, 1)
    assert take_ground_hex(field, attacker, "melee", vacated) == vacated
    assert take_ground_hex(field, attacker, "ranged", vacated) is None
    assert take_ground_hex(field, attacker, "melee", vacated, is_battle_back=True) is None


def test_d_47_no_take_ground_after_entering_a_forest_this_turn() -> None:
    field = make_field(("h_bm_lance", "E3", 1), ("h_bf_sword", "F5", 2), terrain={"E4": "forest"})
    lancers = at(field, "E3")
    enter(field, lancers, hex_of("E4"))
    vacated = hex_of("F5")
    take_losses(field, at(field, "F5"), 4)
    assert take_ground_hex(field, lancers, "melee", vacated) is None


def test_bl_7_3_pursuit_mounted_only_and_fords_do_not_stop_it() -> None:
    field = make_field(("h_bm_lance", "C4", 1), terrain={"C5": "ford"})
    lancers = at(field, "C4")
    enter(field, lancers, hex_of("C5"), "take_ground")
    assert pursuit_hexes(field, lancers)
    foot = make_field(("h_bf_sword", "C4", 1))
    assert pursuit_hexes(foot, at(foot, "C4")) == ()


def test_d_45_creatures_take_ground_but_never_pursue_nor_bonus_attack() -> None:
    field = make_field(
        ("c_giant_spider", "F5", 2), ("h_bf_sword", "F4", 1, 1), ("h_bf_sword", "E4", 1)
    )
    spider = at(field, "F5")
    vacated = hex_of("F4")
    take_losses(field, at(field, "F4"), 1)
    assert take_ground_hex(field, spider, "melee", vacated) == vacated
    enter(field, spider, vacated, "take_ground")
    assert pursuit_hexes(field, spider) == () and bonus_attack_targets(field, spider) == ()


def test_d_15_bonus_attack_any_adjacent_enemy_not_after_a_landmark() -> None:
    field = make_field(("h_bm_lance", "F4", 1), ("h_bf_sword", "G5", 2), ("h_bf_sword", "E5", 2))
    lancers = at(field, "F4")
    enter(field, lancers, hex_of("F5"), "take_ground")
    assert bonus_attack_targets(field, lancers) == tuple(
        sorted((at(field, "G5").uid, at(field, "E5").uid))
    )
    marked = make_field(
        ("h_bm_lance", "F4", 1), ("h_bf_sword", "G5", 2), landmarks={"F5": "fortification"}
    )
    knights = at(marked, "F4")
    enter(marked, knights, hex_of("F5"), "take_ground")
    assert bonus_attack_targets(marked, knights) == () and pursuit_hexes(marked, knights) == ()


def test_t_23_cavalry_into_forest_takes_ground_no_pursuit_bonus_attack_with_2() -> None:
    field = make_field(
        ("h_bm_lance", "E4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "G5", 2),
        terrain={"F5": "forest"},
    )  # fmt: skip
    lancers, target = at(field, "E4"), at(field, "F5")
    assert base_dice(field, lancers, target, "melee") == 2
    vacated = target.hex
    enter(field, target, hex_of("F6"), "retreat")  # `F R`: one flag, 1 hex
    assert take_ground_hex(field, lancers, "melee", vacated) == vacated
    enter(field, lancers, vacated, "take_ground")
    assert pursuit_hexes(field, lancers) == ()
    # any adjacent enemy (D-15): G5, or the unit that just retreated to F6
    assert at(field, "G5").uid in bonus_attack_targets(field, lancers)
    assert base_dice(field, lancers, at(field, "G5"), "melee") == 2


def test_t_10_knights_may_take_ground_pursue_and_bonus_attack_after_a_kill() -> None:
    field = make_field(
        ("h_rm_lance", "E4", 1), ("c_giant_spider", "F5", 2), ("h_bf_sword", "F7", 2)
    )
    knights, spider = at(field, "E4"), at(field, "F5")
    vacated = spider.hex
    take_losses(field, spider, 1)  # the critical hit
    enter(field, knights, take_ground_hex(field, knights, "melee", vacated) or -1, "take_ground")
    assert hex_of("F6") in pursuit_hexes(field, knights)
    enter(field, knights, hex_of("F6"), "pursuit")
    assert bonus_attack_targets(field, knights) == (at(field, "F7").uid,)
