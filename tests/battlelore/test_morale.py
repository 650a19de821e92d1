"""Resolving a roll, morale and retreat (BL-5.2, BL-5.3, BL-6, BL-10.1-10.3)."""

from __future__ import annotations

from bitva.games.battlelore.field.board import hex_of
from bitva.games.battlelore.field.model import Face
from bitva.games.battlelore.field.morale import (
    blocked_losses,
    bold,
    ignorable_flags,
    panic_dice,
    panic_losses,
    read_roll,
    retreat_distance,
    retreat_hexes_per_flag,
    retreat_paths,
    retreat_steps,
    supported,
    take_losses,
    takes_panic_check,
)
from bitva.games.battlelore.field.movement import enter
from tests.battlelore.rules_fixtures import at, make_field, names


def faces(text: str) -> list[Face]:
    return text.split()  # type: ignore[return-value]


def test_bl_5_2_hits_remove_figures_and_flags_are_counted_apart() -> None:
    field = make_field(("h_bf_sword", "F4", 1), ("h_rf_sword", "F5", 2))
    effect = read_roll(field, at(field, "F4"), at(field, "F5"), "melee", faces("R S F F B L"))
    assert (effect.hits, effect.flags, effect.poison_losses, effect.lore) == (2, 2, 0, 1)


def test_bl_5_3_a_unit_at_0_figures_is_eliminated_and_leaves_the_board() -> None:
    field = make_field(("h_bf_sword", "F4", 1, 2))
    unit = at(field, "F4")
    assert not take_losses(field, unit, 1) and unit.figures == 1
    assert take_losses(field, unit, 3)
    assert field.at[hex_of("F4")] is None and field.units[unit.uid] is None


def test_bl_6_2_d_10_supported_needs_2_adjacent_friends_not_webbed() -> None:
    field = make_field(("h_bf_sword", "F4", 1), ("h_bf_sword", "E4", 1), ("h_bf_sword", "G4", 1))
    unit = at(field, "F4")
    assert supported(field, unit)
    at(field, "E4").webbed = True
    assert not supported(field, unit)


def test_bl_6_2_a_creature_supports_but_is_never_supported() -> None:
    field = make_field(
        ("h_bf_sword", "F4", 2), ("c_giant_spider", "F5", 2), ("h_bf_sword", "G4", 2),
        ("h_bf_sword", "E5", 2), ("h_bf_sword", "G5", 2),
    )  # fmt: skip
    assert supported(field, at(field, "F4"))
    assert not supported(field, at(field, "F5"))


def test_bl_6_1_d_11_bold_sources_add_up() -> None:
    field = make_field(
        ("d_rf_sword", "F3", 1), ("d_bf_sword", "E3", 1), ("d_bf_sword", "G3", 1),
        ("h_bf_sword", "G5", 1),
        terrain={"F3": "hill", "G5": "bridge"}, landmarks={"F3": "fortification"},
    )  # fmt: skip
    assert bold(field, at(field, "F3")) == 3  # T-21: dwarf + fortification + support
    assert bold(field, at(field, "G5")) == 1  # bridge
    assert bold(field, at(field, "G5"), bonus=2) == 3  # Lore bonuses


def test_bl_10_1_iron_morale_a_lone_dwarf_is_bold_1_supported_2() -> None:
    alone = make_field(("d_bf_sword", "F4", 1))
    assert bold(alone, at(alone, "F4")) == 1
    friends = make_field(("d_bf_sword", "F4", 1), ("h_bf_sword", "E4", 1), ("h_bf_sword", "G4", 1))
    assert bold(friends, at(friends, "F4")) == 2


def test_d_26_a_creature_is_bold_1_whatever_its_ground() -> None:
    field = make_field(
        ("c_giant_spider", "F5", 2), ("h_bf_sword", "E6", 2), ("h_bf_sword", "F6", 2),
        terrain={"F5": "bridge"}, landmarks={"F5": "fortification"},
    )  # fmt: skip
    assert bold(field, at(field, "F5")) == 1
    assert bold(field, at(field, "F5"), bonus=1) == 2


def test_bl_6_3_ignoring_is_optional_but_a_creature_must_ignore_1() -> None:
    field = make_field(("d_bf_sword", "F4", 1), ("c_giant_spider", "F6", 2))
    assert ignorable_flags(field, at(field, "F4"), 2) == (0, 1)
    assert ignorable_flags(field, at(field, "F6"), 3) == (1, 1)
    assert ignorable_flags(field, at(field, "F6"), 0) == (0, 0)


def test_d_21_web_flags_are_hits_and_cannot_be_ignored() -> None:
    field = make_field(("c_giant_spider", "F5", 2), ("d_bf_sword", "F4", 1))
    target = at(field, "F4")
    target.webbed = True
    effect = read_roll(field, at(field, "F5"), target, "melee", faces("F F"))
    assert (effect.hits, effect.flags) == (2, 0)


def test_bl_6_4_retreat_distance_per_flag() -> None:
    field = make_field(
        ("h_bf_sword", "F4", 1), ("g_bf_sword", "F6", 2), ("g_gm_rider", "B8", 2),
        ("c_giant_spider", "K6", 2),
    )  # fmt: skip
    assert retreat_hexes_per_flag(at(field, "F4")) == 1
    assert retreat_distance(at(field, "F6"), 2) == 4  # BL-10.2: Frightened
    assert retreat_hexes_per_flag(at(field, "B8")) == 2  # D-30: goblin cavalry too
    assert retreat_hexes_per_flag(at(field, "K6")) == 2  # the spider's card


def test_bl_6_5_d_14_retreat_steps_toward_the_own_edge_into_empty_land() -> None:
    field = make_field(
        ("h_bf_sword", "F4", 1), ("h_bf_sword", "F3", 1), ("h_bf_sword", "F6", 2),
        terrain={"G7": "river"},
    )  # fmt: skip
    assert names(retreat_steps(field, at(field, "F4"))) == ["G3"]  # South: y - 1
    assert names(retreat_steps(field, at(field, "F6"))) == ["F7"]  # North: y + 1, no river


def test_t_24_retreat_through_a_forest_is_not_stopped() -> None:
    field = make_field(("h_bf_sword", "F5", 2), terrain={"F6": "forest"})
    paths = dict(retreat_paths(field, at(field, "F5"), 2))
    assert (hex_of("F6"), hex_of("F7")) in paths and paths[(hex_of("F6"), hex_of("F7"))] == 0


def test_bl_6_6_a_blocked_retreat_costs_a_figure_per_hex() -> None:
    field = make_field(("h_bf_sword", "F2", 1), ("h_bf_sword", "F1", 1), ("h_bf_sword", "G1", 1))
    assert list(retreat_paths(field, at(field, "F2"), 2)) == [((), 2)]
    assert blocked_losses(at(field, "F2"), 2) == 2
    edge = make_field(("h_bf_sword", "F1", 1))
    assert list(retreat_paths(edge, at(edge, "F1"), 1)) == [((), 1)]  # the board edge


def test_t_20_a_lone_dwarf_ignores_1_flag_and_retreats_1() -> None:
    field = make_field(("h_rf_sword", "F5", 2), ("d_bf_sword", "F4", 1))
    dwarf = at(field, "F4")
    effect = read_roll(field, at(field, "F5"), dwarf, "melee", faces("F F R"))
    assert effect.flags == 2 and effect.hits == 0
    _, most = ignorable_flags(field, dwarf, effect.flags)
    assert most == 1
    assert names(retreat_steps(field, dwarf)) == ["F3", "G3"]
    helped = make_field(
        ("h_rf_sword", "F5", 2), ("d_bf_sword", "F4", 1), ("h_bf_sword", "E4", 1),
        ("h_bf_sword", "G4", 1),
    )  # fmt: skip
    assert ignorable_flags(helped, at(helped, "F4"), 2) == (0, 2)


def test_t_25_a_blue_unit_on_a_bridge_ignores_one_flag() -> None:
    field = make_field(("h_bf_sword", "G5", 1), ("h_bf_sword", "G6", 2), terrain={"G5": "bridge"})
    unit = at(field, "G5")
    effect = read_roll(field, at(field, "G6"), unit, "melee", faces("F B"))
    assert effect.hits == 1 and ignorable_flags(field, unit, effect.flags) == (0, 1)


def test_bl_10_2_bl_10_3_t_17_goblin_flight_and_panic() -> None:
    field = make_field(
        ("d_bf_sword", "F4", 1), ("g_bf_sword", "F5", 2), ("h_bf_sword", "E5", 2),
        ("h_bf_sword", "E6", 2),
    )  # fmt: skip
    goblin = at(field, "F5")
    effect = read_roll(field, at(field, "F4"), goblin, "melee", faces("F F F"))
    _, most = ignorable_flags(field, goblin, effect.flags)
    assert most == 1  # supported by E5 and E6
    distance = retreat_distance(goblin, effect.flags - most)
    assert distance == 4
    path = (hex_of("F6"), hex_of("F7"), hex_of("F8"), hex_of("F9"))
    assert dict(retreat_paths(field, goblin, distance))[path] == 0
    for step in path:
        enter(field, goblin, step, "retreat")
    assert takes_panic_check(goblin) and panic_dice(len(path)) == 4
    assert not take_losses(field, goblin, panic_losses(goblin, faces("B G S B")))
    assert goblin.figures == 2


def test_t_18_blocked_panic() -> None:
    field = make_field(
        ("d_bf_sword", "F4", 1), ("g_bf_sword", "F5", 2), ("h_bf_sword", "E5", 2),
        ("h_bf_sword", "E6", 2), ("h_bf_sword", "E8", 2), ("h_bf_sword", "F8", 2),
        ("h_bf_sword", "G7", 2),
    )  # fmt: skip
    goblin = at(field, "F5")
    assert list(retreat_paths(field, goblin, 4)) == [((hex_of("F6"), hex_of("F7")), 2)]
    take_losses(field, goblin, blocked_losses(goblin, 2))
    assert goblin.figures == 2 and panic_dice(2) == 2
    take_losses(field, goblin, panic_losses(goblin, faces("B L")))
    assert goblin.figures == 1


def test_d_29_no_panic_for_non_goblins() -> None:
    field = make_field(("h_bf_sword", "F4", 1), ("g_gm_rider", "F6", 2))
    assert not takes_panic_check(at(field, "F4")) and takes_panic_check(at(field, "F6"))


def test_bl_11_10_d_20_t_08_a_poisoned_target_loses_a_figure_per_l() -> None:
    field = make_field(("h_bf_sword", "G5", 2), ("h_bf_sword", "F4", 1, 3))
    target = at(field, "F4")
    target.poisoned = True
    effect = read_roll(field, at(field, "G5"), target, "melee", faces("B L L"))
    assert (effect.hits, effect.poison_losses, effect.lore) == (1, 2, 0)  # no tokens
    assert take_losses(field, target, effect.hits + effect.poison_losses)
    basic = make_field(("h_bf_sword", "G5", 2), ("h_bf_sword", "F4", 1, 3), lore=False)
    at(basic, "F4").poisoned = True
    assert (
        read_roll(basic, at(basic, "G5"), at(basic, "F4"), "melee", faces("L")).poison_losses == 0
    )


def test_t_38_l_misses_in_a_basic_adventure() -> None:
    field = make_field(("h_bf_sword", "G5", 2), ("h_bf_sword", "F4", 1), lore=False)
    effect = read_roll(field, at(field, "G5"), at(field, "F4"), "melee", faces("L L"))
    assert (effect.hits, effect.lore) == (0, 0)


def test_d_18_an_unused_l_gives_a_token_panic_dice_give_none() -> None:
    field = make_field(("h_bf_sword", "G5", 2), ("g_bf_sword", "F4", 1))
    effect = read_roll(field, at(field, "G5"), at(field, "F4"), "melee", faces("L L G"))
    assert effect.lore == 2  # two tokens owed to the roller (BL-12.4)
    assert panic_losses(at(field, "F4"), faces("L L G")) == 0  # panic faces other than blue


def test_d_19_one_l_feeds_every_effect_and_then_gives_no_token() -> None:
    field = make_field(("h_bf_sword", "G5", 2), ("h_bf_sword", "F4", 1))
    target = at(field, "F4")
    target.poisoned = True
    rampage = read_roll(field, at(field, "G5"), target, "melee", faces("L"), lore_hits=True)
    assert (rampage.hits, rampage.poison_losses, rampage.lore) == (1, 1, 0)


def test_d_30_goblin_cavalry_is_frightened_and_panics() -> None:
    field = make_field(("g_gm_rider", "F6", 2))
    rider = at(field, "F6")
    assert retreat_distance(rider, 1) == 2 and takes_panic_check(rider)


def test_d_31_bl_9_1_a_fortification_gives_bold_1_but_not_to_creatures() -> None:
    field = make_field(
        ("h_bf_sword", "F3", 1), ("c_giant_spider", "F6", 2),
        landmarks={"F3": "fortification", "F6": "fortification"},
    )  # fmt: skip
    assert bold(field, at(field, "F3")) == 1 and bold(field, at(field, "F6")) == 1
    plain = make_field(("h_bf_sword", "F3", 1))
    assert bold(plain, at(plain, "F3")) == 0
