"""Rules and decisions that had no test named for them when the coverage was audited (issue 11):
the board's decisions (D-1..D-4), bonus attacks and creatures' follow-ons (BL-7.4, BL-7.5),
the mercenary contingents (BL-10.0), creatures' wounds and abilities (BL-11.3, BL-11.6), the
parts of a Lore card (BL-13.1), the Command card's one exception (BL-2.1) and cleanup
(BL-15.4) as far as the pure rules go."""

from __future__ import annotations

from bitva.games.battlelore.catalogue.load import load_catalogue
from bitva.games.battlelore.field.board import (
    COORDS,
    HEX_COUNT,
    NORTH,
    SECTION_OF,
    SOUTH,
    cube,
    distance,
    flank,
    hex_of,
    index,
    name,
    row,
    toward_edge,
)
from bitva.games.battlelore.field.combat import base_dice, targets
from bitva.games.battlelore.field.creatures import (
    ability_payments,
    critical_rerolls,
    critical_risk_dice,
    is_critical,
    usable_abilities,
)
from bitva.games.battlelore.field.followon import (
    bonus_attack_targets,
    pursuit_hexes,
    take_ground_hex,
)
from bitva.games.battlelore.field.model import Face
from bitva.games.battlelore.field.morale import blocked_losses, read_roll, retreat_steps
from bitva.games.battlelore.lore.economy import LoreBank, replaces_command
from tests.battlelore.rules_fixtures import at, make_field


def faces(text: str) -> list[Face]:
    return text.split()  # type: ignore[return-value]


# -- the board (2.1) -------------------------------------------------------------------------
def test_d_1_nine_rows_of_13_and_12_hexes_and_no_half_hexes() -> None:
    assert HEX_COUNT == 113
    per_row = [sum(1 for _, y in COORDS if y == r) for r in range(1, 10)]
    assert per_row == [13, 12, 13, 12, 13, 12, 13, 12, 13]
    # the half-hexes at the ends of even rows are not on the board
    assert index(13, 2) is None and index(0, 4) is None and index(13, 3) is not None


def test_d_2_letter_and_row_from_the_south_with_cube_maths_inside() -> None:
    f4 = hex_of("F4")
    assert COORDS[f4] == (6, 4) and name(f4) == "F4" and hex_of(" f4 ") == f4
    assert row(hex_of("A1")) == 1 and row(hex_of("M9")) == 9
    assert cube(f4) == ((12 - 4) // 2, 4, -4 - 4)  # d = 2x on even rows
    # the even-row hex x lies between odd-row hexes x and x + 1
    assert distance(hex_of("F4"), hex_of("F5")) == 1 and distance(hex_of("F4"), hex_of("G5")) == 1
    assert distance(hex_of("A1"), hex_of("M1")) == 12


def test_d_3_section_lines_through_odd_columns_5_and_9_flanks_per_player() -> None:
    assert SECTION_OF[hex_of("E1")] == {"west", "centre"}
    assert SECTION_OF[hex_of("I9")] == {"centre", "east"}
    assert SECTION_OF[hex_of("D2")] == {"west"} and SECTION_OF[hex_of("E2")] == {"centre"}
    assert SECTION_OF[hex_of("H2")] == {"centre"} and SECTION_OF[hex_of("I2")] == {"east"}
    assert flank(SOUTH, "left") == "west" and flank(NORTH, "left") == "east"
    assert flank(SOUTH, "right") == flank(NORTH, "left")


def test_d_4_south_owns_row_1_and_north_row_9() -> None:
    assert all(row(h) == 3 for h in toward_edge(hex_of("F4"), SOUTH))
    assert all(row(h) == 5 for h in toward_edge(hex_of("F4"), NORTH))
    assert toward_edge(hex_of("F1"), SOUTH) == () and toward_edge(hex_of("F9"), NORTH) == ()


# -- follow-ons (BL-7) -------------------------------------------------------------------------
def test_bl_7_4_bonus_attack_mounted_only_any_adjacent_enemy_even_from_a_forest() -> None:
    field = make_field(
        ("h_bm_lance", "F5", 1), ("h_bf_sword", "E6", 2), ("h_bf_sword", "F6", 2),
        ("h_bf_sword", "G5", 1), terrain={"F5": "forest"},
    )  # fmt: skip
    lancers = at(field, "F5")
    lancers.entered_stop = True  # it took ground into the forest: no pursuit, a bonus attack
    assert pursuit_hexes(field, lancers) == ()
    assert bonus_attack_targets(field, lancers) == (at(field, "E6").uid, at(field, "F6").uid)
    foot = make_field(("h_bf_sword", "F5", 1), ("h_bf_sword", "F6", 2))
    assert bonus_attack_targets(foot, at(foot, "F5")) == ()


def test_bl_7_4_no_bonus_attack_after_entering_a_landmark() -> None:
    field = make_field(
        ("h_rm_lance", "F5", 1), ("h_bf_sword", "F6", 2), landmarks={"F5": "fortification"}
    )
    knights = at(field, "F5")
    assert bonus_attack_targets(field, knights) == (at(field, "F6").uid,)
    knights.entered_landmark = knights.entered_stop = True
    assert bonus_attack_targets(field, knights) == ()


def test_bl_7_5_creatures_take_ground_but_never_pursue_or_bonus_attack() -> None:
    field = make_field(("c_giant_spider", "F5", 2), ("h_bf_sword", "F3", 1))
    spider = at(field, "F5")
    vacated = hex_of("F4")  # its target was driven out of F4
    assert take_ground_hex(field, spider, "melee", vacated) == vacated
    field.move_unit(spider, vacated)
    assert pursuit_hexes(field, spider) == ()
    assert bonus_attack_targets(field, spider) == ()


# -- mercenaries and creatures -----------------------------------------------------------------
def test_bl_10_0_two_mercenary_contingents_iron_dwarves_and_goblin_hordes() -> None:
    units = load_catalogue().units.values()
    races = {u.race for u in units}
    assert {"dwarf", "goblin"} <= races
    dwarves = [u for u in units if u.race == "dwarf"]
    goblins = [u for u in units if u.race == "goblin"]
    assert dwarves and all("iron_morale" in u.traits for u in dwarves)
    assert goblins and all("frightened" in u.traits for u in goblins)


def test_bl_11_3_a_creature_ignores_normal_wounds_only_a_critical_kills() -> None:
    field = make_field(("h_rf_sword", "F4", 1), ("c_giant_spider", "F5", 2))
    knights, spider = at(field, "F4"), at(field, "F5")
    effect = read_roll(field, knights, spider, "melee", faces("G G S R"))
    assert critical_rerolls(effect) == 3  # two green helmets and a sword: set aside
    assert not is_critical(spider, faces("B R F"))  # re-rolls without green: no wound at all
    assert spider.figures == 1
    assert is_critical(spider, faces("B G R"))


def test_bl_11_6_abilities_count_rolled_l_and_stored_tokens_use_is_optional() -> None:
    field = make_field(("c_giant_spider", "F5", 2), ("h_bf_sword", "F4", 1))
    spider = at(field, "F5")
    assert usable_abilities(spider, 0, hit_on_target=True) == ()
    assert [a.id for a in usable_abilities(spider, 1, hit_on_target=False)] == ["web"]
    # enough for poison: the cheaper web may still be chosen instead
    assert [a.id for a in usable_abilities(spider, 2, hit_on_target=True)] == ["web", "poison"]
    spider.stored_lore = 1
    web, poison = spider.type.abilities
    assert [a.id for a in usable_abilities(spider, 1, hit_on_target=True)] == ["web", "poison"]
    assert ability_payments(spider, poison, 1) == ((1, 1),)
    assert ability_payments(spider, web, 1) == ((1, 0), (0, 1))


# -- Lore cards, the Command step and cleanup ------------------------------------------------------
def test_bl_13_1_every_lore_card_has_all_its_parts() -> None:
    cards = load_catalogue().lore.values()
    assert len({c.id for c in cards}) == 28 and sum(c.count for c in cards) == 60
    for card in cards:
        assert card.name and card.schools and card.phase and card.target and card.text
        assert card.cost is None or card.cost >= 0  # None is the printed "?"
        assert isinstance(card.reaction, bool)
    dispel = load_catalogue().lore["WZ05"]
    assert dispel.cost is None and dispel.reaction


def test_bl_2_1_only_a_cmd_instead_lore_card_replaces_the_command_card() -> None:
    phases = {card.phase for card in load_catalogue().lore.values()}
    assert [p for p in sorted(phases) if replaces_command(p)] == ["CMD_INSTEAD"]


def test_bl_15_4_cleanup_returns_the_tokens_on_played_cards_and_resets_the_turn() -> None:
    bank = LoreBank(pool=40, goblets=(5, 6)).pay_card(1, 3)
    assert bank.on_cards == 3 and bank.goblets == (2, 6)
    after = bank.cleanup()
    assert after.pool == 43 and after.on_cards == 0 and after.goblets == (2, 6)
    field = make_field(("h_bm_lance", "F4", 1))
    unit = at(field, "F4")
    unit.moved, unit.battled, unit.entered_stop, unit.webbed, unit.poisoned = (
        2,
        True,
        True,
        True,
        True,
    )
    unit.reset_turn()
    assert (unit.ordered, unit.moved, unit.battled, unit.entered_stop) == (False, 0, False, False)
    assert unit.webbed and unit.poisoned  # markers are not per-turn flags (BL-11.8, BL-11.10)


# -- sub-rules with no test of their own ---------------------------------------------------------
def test_bl_6_5_a_retreat_never_enters_a_half_hex_or_leaves_the_board() -> None:
    field = make_field(("h_bf_sword", "M3", 1), ("h_bf_sword", "A3", 1), ("h_bf_sword", "A7", 2))
    # M3 and A3 end odd rows: of the two hexes toward the edge only one is on the board
    assert retreat_steps(field, at(field, "M3")) == (hex_of("L2"),)
    assert retreat_steps(field, at(field, "A3")) == (hex_of("A2"),)
    assert retreat_steps(field, at(field, "A7")) == (hex_of("A8"),)


def test_bl_6_6_a_creature_loses_no_figure_for_a_blocked_hex_but_risks_a_die() -> None:
    field = make_field(("c_giant_spider", "F9", 2), ("h_bf_sword", "F8", 1))
    spider, footmen = at(field, "F9"), at(field, "F8")
    assert blocked_losses(spider, 2) == 0 and critical_risk_dice(2) == 2
    assert blocked_losses(footmen, 2) == 2


def test_bl_4_7_caps_apply_to_a_battle_back_too() -> None:
    # the defender in a forest battles back with at most 2 dice, the attacker's Knights too
    field = make_field(("h_rm_lance", "F4", 1), ("h_rf_sword", "F5", 2), terrain={"F5": "forest"})
    knights, men = at(field, "F4"), at(field, "F5")
    assert base_dice(field, knights, men, "melee") == 2
    assert base_dice(field, men, knights, "melee") == 2


def test_bl_4_3_d_44_a_missile_unit_next_to_an_enemy_fights_in_melee_only() -> None:
    field = make_field(
        ("h_gf_bow", "F4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "F7", 2),
    )  # fmt: skip
    archers = at(field, "F4")
    assert targets(field, archers) == [(at(field, "F5").uid, "melee")]
    assert base_dice(field, archers, at(field, "F5"), "melee") == 2  # its melee dice
