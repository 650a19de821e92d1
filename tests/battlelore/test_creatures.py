"""Creatures on the battlefield (BL-11, D-20..D-26): the spider's examples T-01..T-15."""

from __future__ import annotations

from bitva.games.battlelore.field.board import hex_of
from bitva.games.battlelore.field.combat import base_dice, hit_faces
from bitva.games.battlelore.field.creatures import (
    ability_payments,
    apply_poison,
    apply_web,
    critical_rerolls,
    critical_risk_dice,
    free_from_web,
    is_critical,
    release_on_death,
    risk_dice_for_losses,
    risk_kills,
    risk_rerolls,
    spend_stored,
    storable,
    store_lore,
    trample_victims,
    usable_abilities,
)
from bitva.games.battlelore.field.followon import may_battle_back
from bitva.games.battlelore.field.model import Face, Field, Unit
from bitva.games.battlelore.field.morale import (
    bold,
    ignorable_flags,
    read_roll,
    retreat_distance,
    retreat_steps,
    supported,
    take_losses,
)
from bitva.games.battlelore.field.movement import enter
from tests.battlelore.rules_fixtures import at, make_field, names


def faces(text: str) -> list[Face]:
    return text.split()  # type: ignore[return-value]


def spider_and_x(*others: tuple[str, str, int] | tuple[str, str, int, int]) -> Field:
    """T conventions: X = South Footmen at F4, SP = North Giant Spider at F5."""
    return make_field(("h_bf_sword", "F4", 1), ("c_giant_spider", "F5", 2), *others)


def ability_ids(spider: Unit, rolled: int, hit: bool) -> list[str]:
    return [a.id for a in usable_abilities(spider, rolled, hit)]


def test_t_01_bl_11_7_an_l_stored_instead_of_a_token() -> None:
    field = spider_and_x()
    x, sp = at(field, "F4"), at(field, "F5")
    effect = read_roll(field, sp, x, "melee", faces("L R"))
    assert effect.hits == 0 and effect.lore == 1
    assert storable(sp, effect.lore, pool=20) == 1
    assert not may_battle_back(field, x, sp, "melee", attacked_hex=x.hex)  # X is not Bold


def test_t_02_bl_11_8_web_turns_the_flag_into_a_hit_and_stops_support() -> None:
    field = spider_and_x(("h_bf_sword", "E4", 1), ("h_bf_sword", "G4", 1))
    x, sp = at(field, "F4"), at(field, "F5")
    assert "web" in ability_ids(sp, 1, False)
    apply_web(x)
    effect = read_roll(field, sp, x, "melee", faces("L F"))
    take_losses(field, x, effect.hits)
    assert x.figures == 3 and effect.flags == 0
    assert not may_battle_back(field, x, sp, "melee", attacked_hex=x.hex)
    assert not supported(field, at(field, "E4"))  # X at F4 no longer supports E4


def test_t_03_no_web_the_supported_x_ignores_and_battles_back_with_3() -> None:
    field = spider_and_x(("h_bf_sword", "E4", 1), ("h_bf_sword", "G4", 1))
    x, sp = at(field, "F4"), at(field, "F5")
    effect = read_roll(field, sp, x, "melee", faces("L F"))
    assert effect.lore == 1 and ignorable_flags(field, x, effect.flags) == (0, 1)
    assert may_battle_back(field, x, sp, "melee", attacked_hex=x.hex)
    assert base_dice(field, x, sp, "melee") == 3


def test_t_04_poison_with_a_stored_token() -> None:
    field = spider_and_x()
    x, sp = at(field, "F4"), at(field, "F5")
    sp.stored_lore, x.webbed, x.figures = 1, True, 3
    effect = read_roll(field, sp, x, "melee", faces("L B"))
    assert "poison" in ability_ids(sp, 1, effect.hits > 0)
    poison = next(a for a in sp.type.abilities if a.id == "poison")
    assert ability_payments(sp, poison, 1) == ((1, 1),)
    take_losses(field, x, effect.hits)
    apply_poison(x)
    assert x.figures == 2 and x.poisoned


def test_t_05_d_20_poison_needs_a_hit_and_2_lore() -> None:
    field = spider_and_x()
    sp = at(field, "F5")
    assert "poison" in ability_ids(sp, 2, True)  # Blessing: `L L B`
    assert "poison" not in ability_ids(sp, 2, False)


def test_t_06_the_goblet_does_not_help() -> None:
    field = spider_and_x()
    assert ability_ids(at(field, "F5"), 1, True) == ["web"]


def test_t_07_the_stack_cap() -> None:
    field = make_field(("h_gf_spear", "F4", 1), ("c_giant_spider", "F5", 2))
    sp = at(field, "F5")
    sp.stored_lore = 2
    assert storable(sp, 1, pool=20) == 0  # the L goes to the goblet
    poison = next(a for a in sp.type.abilities if a.id == "poison")
    assert (0, 2) in ability_payments(sp, poison, 1)
    sp.stored_lore = 0  # poison paid with the 2 stored
    assert storable(sp, 1, pool=20) == 1


def test_d_22_an_empty_pool_means_no_stacking() -> None:
    field = spider_and_x()
    assert storable(at(field, "F5"), 2, pool=0) == 0
    assert storable(at(field, "F5"), 2, pool=1) == 1


def test_t_09_arrows_bounce_and_the_flag_is_ignored() -> None:
    field = make_field(("h_gf_bow", "F2", 1), ("c_giant_spider", "F5", 2))
    bow, sp = at(field, "F2"), at(field, "F5")
    assert base_dice(field, bow, sp, "ranged") == 2
    effect = read_roll(field, bow, sp, "ranged", faces("G F"))
    assert critical_rerolls(effect) == 1 and not is_critical(sp, faces("B"))
    assert ignorable_flags(field, sp, effect.flags) == (1, 1)
    assert not may_battle_back(field, sp, bow, "ranged", attacked_hex=sp.hex)


def test_t_10_bl_11_4_knights_kill_with_a_critical() -> None:
    field = make_field(("h_rm_lance", "E4", 1), ("c_giant_spider", "F5", 2))
    knights, sp = at(field, "E4"), at(field, "F5")
    effect = read_roll(field, knights, sp, "melee", faces("G S F L"))
    assert critical_rerolls(effect) == 2 and effect.lore == 1
    assert is_critical(sp, faces("F G"))


def test_t_11_an_idle_reroll_and_the_spider_battles_back_with_2() -> None:
    field = spider_and_x()
    x, sp = at(field, "F4"), at(field, "F5")
    effect = read_roll(field, x, sp, "melee", faces("G R R"))
    assert critical_rerolls(effect) == 1 and not is_critical(sp, faces("F"))
    assert may_battle_back(field, sp, x, "melee", attacked_hex=sp.hex)
    assert base_dice(field, sp, x, "melee") == 2


def test_t_12_bl_11_5_the_spider_ignores_one_flag_and_retreats_2_per_flag() -> None:
    field = make_field(("h_rf_sword", "F4", 1), ("c_giant_spider", "F5", 2))
    sp = at(field, "F5")
    effect = read_roll(field, at(field, "F4"), sp, "melee", faces("F F R B"))
    least, _ = ignorable_flags(field, sp, effect.flags)
    assert retreat_distance(sp, effect.flags - least) == 2
    assert names(retreat_steps(field, sp)) == ["E6", "F6"]
    enter(field, sp, hex_of("F6"), "retreat")
    enter(field, sp, hex_of("F7"), "retreat")
    assert sp.hex == hex_of("F7")


def test_t_13_d_23_trample_clears_the_way() -> None:
    field = make_field(
        ("h_rf_sword", "F4", 1), ("c_giant_spider", "F5", 2), ("g_gf_brawler", "E6", 2, 2),
        ("h_gf_spear", "F6", 1, 2),
    )  # fmt: skip
    sp = at(field, "F5")
    victims = trample_victims(field, sp)
    assert names(v.hex for v in victims) == ["E6", "F6"]
    for victim in victims:
        assert take_losses(field, victim, 2)  # 2 hexes still to retreat: both eliminated
    assert names(retreat_steps(field, sp)) == ["E6", "F6"]


def test_t_14_trample_then_critical_risk() -> None:
    field = make_field(
        ("h_rf_sword", "F4", 1), ("c_giant_spider", "F5", 2), ("g_bf_sword", "E6", 2),
        terrain={"F6": "river"},
    )  # fmt: skip
    sp = at(field, "F5")
    (victim,) = trample_victims(field, sp)
    assert not take_losses(field, victim, 2) and victim.figures == 2
    assert retreat_steps(field, sp) == () and critical_risk_dice(2) == 2
    assert risk_rerolls(sp, faces("G R")) == 1 and risk_kills(sp, faces("G"))


def test_t_15_no_exit_at_the_board_edge() -> None:
    field = make_field(("h_rf_sword", "F8", 1), ("c_giant_spider", "F9", 2))
    sp = at(field, "F9")
    assert trample_victims(field, sp) == () and retreat_steps(field, sp) == ()
    assert critical_risk_dice(2) == 2 and risk_rerolls(sp, faces("G B")) == 1
    assert not risk_kills(sp, faces("R"))
    assert may_battle_back(field, sp, at(field, "F8"), "melee", attacked_hex=sp.hex)


def test_d_24_only_the_creature_colour_counts_for_risk() -> None:
    field = spider_and_x()
    assert risk_rerolls(at(field, "F5"), faces("B R S F L")) == 0


def test_d_25_other_losses_become_risk_dice() -> None:
    assert risk_dice_for_losses(2) == 2


def test_d_26_bl_11_1_the_spider_on_a_landmark_gets_no_bold_nor_support() -> None:
    field = spider_and_x(("c_giant_spider", "G5", 2))
    assert bold(field, at(field, "F5")) == 1


def test_d_21_bl_11_9_freeing_from_the_web() -> None:
    field = spider_and_x()
    x = at(field, "F4")
    apply_web(x)
    free_from_web(x)
    assert not x.webbed


def test_bl_11_4_s_hits_a_creature_only_when_the_weapon_allows() -> None:
    field = make_field(("h_gf_bow", "F4", 1), ("c_giant_spider", "F5", 2))
    assert hit_faces(field, at(field, "F4"), at(field, "F5"), "melee") == {"G"}


def test_bl_11_7_storing_spending_and_death_move_tokens_between_pool_and_store() -> None:
    field = spider_and_x()
    sp = at(field, "F5")
    assert store_lore(sp, storable(sp, 1, pool=5)) == 1 and sp.stored_lore == 1
    assert spend_stored(sp, 1) == 1 and sp.stored_lore == 0  # T-04: back to the pool
    store_lore(sp, 2)
    assert release_on_death(sp) == 2 and sp.stored_lore == 0
