"""The 28 distinct Lore cards of section 5.2 (60 cards): every card's targets at a moment and
its effect as data (BL-13.4, BL-13.9, D-38, D-39), the whole-play check (BL-13.3..BL-13.6), and
T-27, T-30, T-31, T-32 as far as they go without the state machine."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bitva.core.errors import UnreadableAction
from bitva.games.battlelore.catalogue.load import load_catalogue
from bitva.games.battlelore.field.board import NEIGHBOURS, distance, hex_of, hexes_within
from bitva.games.battlelore.field.combat import base_dice
from bitva.games.battlelore.field.model import Field
from bitva.games.battlelore.lore.cards import (
    LORE_RULES,
    check_play,
    check_target,
    cost_now,
    effect,
    targets,
)
from bitva.games.battlelore.lore.economy import (
    LoreBank,
    PlayedCard,
    casting,
    check_timing,
    lore_faces,
)
from bitva.games.battlelore.lore.effects import (
    BoldBonus,
    CancelCard,
    CancelDice,
    DrawCommands,
    EndMove,
    ExtraDice,
    ExtraMove,
    FewerDice,
    FewerOrders,
    GainTokens,
    Heal,
    IgnoreStops,
    LoreDice,
    LoreHits,
    OrderAnywhere,
    PlaceUnit,
    RemoveMarker,
    RetreatNow,
    StrikeFirst,
    SwordHits,
    TakeTokens,
    bold_bonus,
    cancel_faces,
    dice_after,
    extra_dice,
    extra_move,
    ignored_stops,
    lore_dice_result,
    lore_hits,
    orders_after,
    sword_hits,
)
from bitva.games.battlelore.lore.targets import Moment, Target, match_target
from tests.battlelore.lore_helpers import at, field

HELMET_L = frozenset({"helmet", "L"})


def uids(f: Field, *hexes: str) -> tuple[int, ...]:
    return tuple(at(f, h).uid for h in hexes)


def one(f: Field, name: str) -> Target:
    return Target(units=(at(f, name).uid,))


def test_all_28_distinct_cards_have_rules() -> None:
    ids = {f"{school}{n:02d}" for school in ("WZ", "CL", "WR", "RG") for n in range(1, 8)}
    assert set(LORE_RULES) == ids
    with pytest.raises(UnreadableAction, match="not a Lore card"):
        targets("XX01", Moment(field(), 1, 1, 1))
    catalogue = load_catalogue().lore
    assert set(catalogue) == ids  # every card of the deck has its rules
    assert sum(card.count for card in catalogue.values()) == 60


# -- Wizard -----------------------------------------------------------------------------------


def test_wz01_fire_bolt_one_enemy_within_two_hexes_per_level() -> None:
    f = field(("h_bf_sword", "F4", 1), ("h_bf_sword", "F6", 2), ("h_rf_sword", "F8", 2))
    assert targets("WZ01", Moment(f, 1, 1, 1)) == (one(f, "F6"),)
    assert targets("WZ01", Moment(f, 1, 2, 1)) == (one(f, "F6"), one(f, "F8"))
    m = Moment(f, 1, 2, 1)
    assert effect("WZ01", m, one(f, "F8")) == (LoreDice(at(f, "F8").uid, 3, HELMET_L, "retreat"),)


def test_wz02_summon_lore_takes_level_plus_one_tokens() -> None:
    m = Moment(field(("h_bf_sword", "F4", 1)), 1, 1, 1)
    assert targets("WZ02", m) == (Target(),)
    assert effect("WZ02", m, Target()) == (GainTokens(1, 2),)
    assert effect("WZ02", Moment(m.field, 2, 3, 2), Target()) == (GainTokens(2, 4),)


def test_wz03_river_rage_every_enemy_on_a_ford_bridge_or_by_a_river() -> None:
    f = field(
        ("h_bf_sword", "F3", 1),
        ("h_bf_sword", "C5", 2),  # ford
        ("h_rf_sword", "G5", 2),  # bridge
        ("h_gf_spear", "B6", 2),  # next to the river at B5
        ("h_bf_sword", "K8", 2),  # far from water
        ("h_bf_sword", "A6", 1),  # own units are spared
        terrain={"A5": "river", "B5": "river", "C5": "ford", "G5": "bridge"},
    )
    m = Moment(f, 1, 1, 1)
    (target,) = targets("WZ03", m)
    assert target.units == uids(f, "C5", "G5", "B6")
    rage = effect("WZ03", Moment(f, 1, 2, 1), target)
    assert rage == tuple(LoreDice(uid, 2, frozenset({"helmet"}), "hit") for uid in target.units)
    (first, *_) = rage
    assert isinstance(first, LoreDice)
    assert lore_dice_result(first, ("F", "B"), "B").hits == 2  # flags are hits
    dry = field(("h_bf_sword", "F3", 1), ("h_bf_sword", "F7", 2))
    assert targets("WZ03", Moment(dry, 1, 1, 1)) == ()


def test_t_27_creeping_doom_cleric_three_pays_twelve_two_dice_per_unit_in_seven_hexes() -> None:
    f = field(
        ("h_bf_sword", "F3", 1),  # the caster's unit, 3 hexes from F6
        ("h_bf_sword", "F6", 2),
        ("h_rf_sword", "E6", 2),
        ("h_gf_spear", "G7", 2),
        ("h_bf_sword", "F5", 1),  # a friend in the area is struck too
        ("h_bf_sword", "H6", 2),  # outside the 7 hexes
        ("h_bf_sword", "F9", 2),  # 4 hexes from the nearest caster's unit
    )
    council = {"cleric": 3}
    card = Card("WZ04", ("wizard",), 9, "CMD_INSTEAD", False)
    cast = casting(card, council)
    assert (cast.cost, cast.level) == (12, 1)
    m = Moment(f, 1, cast.level, 1, goblets=(12, 0))
    assert Target(hex=hex_of("F6")) in targets("WZ04", m)
    assert Target(hex=hex_of("F8")) in targets("WZ04", m)  # 3 from F5; F9 in its area
    assert Target(hex=hex_of("F9")) not in targets("WZ04", m)  # 4 from F5 (D-38)
    doom = effect("WZ04", m, Target(hex=hex_of("F6")))
    assert doom == tuple(
        LoreDice(u, 2, HELMET_L, "retreat") for u in uids(f, "F6", "E6", "G7", "F5")
    )
    assert check_play(card, council, m, "CMD", played_this_turn=False) is None
    short = Moment(f, 1, cast.level, 1, goblets=(11, 0))
    refused = check_play(card, council, short, "CMD", played_this_turn=False)
    assert refused is not None and refused.rule == "BL-13.5"


def test_wz04_creeping_doom_needs_a_unit_in_the_area_and_reaches_three_per_level() -> None:
    f = field(("h_bf_sword", "A1", 1), ("h_bf_sword", "F1", 2))
    a1, f1 = hex_of("A1"), hex_of("F1")
    level_one = {t.hex for t in targets("WZ04", Moment(f, 1, 1, 1))}
    assert level_one == {a1, *NEIGHBOURS[a1]}  # F1's area lies 4 or more hexes away
    level_two = {t.hex for t in targets("WZ04", Moment(f, 1, 2, 1))}
    assert {f1, *NEIGHBOURS[f1]} <= level_two
    assert all(distance(a1, h) <= 6 for h in level_two if h is not None)


def test_wz05_dispel_cancels_the_card_just_played_paying_what_it_cost() -> None:
    f = field(("h_bf_sword", "F3", 1), ("h_bf_sword", "F7", 2))
    river_rage = PlayedCard("WZ03", seat=2, paid=4, level=1)
    m = Moment(f, 1, 1, 2, played=(river_rage,), goblets=(5, 2))
    assert targets("WZ05", m) == (Target(card="WZ03"),)
    dispel = Card("WZ05", ("wizard",), None, "LORE_REACT", True)
    assert cost_now(dispel, {"wizard": 1}, m).cost == 4
    assert effect("WZ05", m, Target(card="WZ03")) == (CancelCard("WZ03", 2, True, True),)
    own = Moment(f, 1, 1, 1, played=(PlayedCard("WZ02", 1, 0, 1),))
    assert targets("WZ05", own) == ()  # only the opponent's card


def test_wz06_teleport_an_unmoved_ordered_non_creature_to_an_empty_dry_hex() -> None:
    f = field(
        ("h_bf_sword", "F4", 1),
        ("h_bf_sword", "F5", 2),
        ("c_giant_spider", "K2", 1),
        ("h_rf_sword", "B2", 1),
        ordered=("F4", "K2"),
        terrain={"G4": "river"},
    )
    m = Moment(f, 1, 1, 1)
    found = targets("WZ06", m)
    x = at(f, "F4").uid
    expected = {h for h in hexes_within(hex_of("F4"), 2) if h not in (hex_of("F5"), hex_of("G4"))}
    assert {t.hex for t in found} == expected and {t.units for t in found} == {(x,)}
    target = Target(units=(x,), hex=hex_of("F2"))
    assert effect("WZ06", m, target) == (PlaceUnit(x, hex_of("F2")),)
    at(f, "F4").moved = 1
    assert targets("WZ06", m) == ()


def test_wz07_guided_arrows_adds_level_dice_to_your_ranged_battles() -> None:
    f = field(("h_gf_bow", "F4", 1), ("h_gf_bow", "F7", 2))
    m = Moment(f, 1, 2, 1)
    assert targets("WZ07", m) == (Target(),)
    effects = effect("WZ07", m, Target())
    assert effects == (ExtraDice(None, 2, "ranged", 1),)
    bow, enemy = uids(f, "F4", "F7")
    assert extra_dice(effects, bow, 1, melee=False) == 2
    assert extra_dice(effects, bow, 1, melee=True) == 0
    assert extra_dice(effects, enemy, 2, melee=False) == 0


# -- Cleric -----------------------------------------------------------------------------------


def test_cl01_blessing_t_05_one_more_die_for_the_spider_at_level_one() -> None:
    f = field(("c_giant_spider", "F5", 2), ("h_bf_sword", "F4", 1), ordered=("F5",))
    m = Moment(f, 2, 1, 2)
    assert targets("CL01", m) == (one(f, "F5"),)
    effects = effect("CL01", m, one(f, "F5"))
    spider = at(f, "F5")
    assert effects == (ExtraDice(spider.uid, 1, "any", 2),)
    assert spider.type.melee_dice + extra_dice(effects, spider.uid, 2, melee=True) == 3


def test_cl02_healing_hands_a_wounded_non_creature_never_above_its_strength() -> None:
    f = field(
        ("h_bf_sword", "F4", 1, 2),
        ("h_bf_sword", "G4", 1),  # at full strength
        ("c_giant_spider", "H4", 1),
    )
    m = Moment(f, 1, 3, 1)
    assert targets("CL02", m) == (one(f, "F4"),)
    assert effect("CL02", m, one(f, "F4")) == (Heal(at(f, "F4").uid, 3),)


def test_cl03_mass_defense_cancels_two_per_level_of_your_helmets_and_flags() -> None:
    f = field(("h_bf_sword", "F4", 1), ("h_rf_sword", "F5", 2))
    x, enemy = uids(f, "F4", "F5")
    m = Moment(f, 1, 1, 2, attacker=enemy, defender=x, melee=True, faces=("B", "F", "R"))
    assert targets("CL03", m) == (Target(units=(x,)),)
    (cancel,) = effect("CL03", m, Target(units=(x,)))
    assert cancel == CancelDice(x, 2, frozenset({"B", "F"}))
    assert cancel_faces(("B", "F", "R"), cancel, "B") == ("R",)
    assert cancel_faces(("F", "B", "B"), cancel, "B") == ("F",)  # helmets go first
    before = Moment(f, 1, 1, 2, attacker=enemy, defender=x, melee=True)
    assert targets("CL03", before) == ()  # nothing rolled yet


def test_cl04_blinding_flash_level_fewer_dice_never_below_one() -> None:
    f = field(("h_bf_sword", "F4", 1), ("h_rf_sword", "F5", 2))
    x, enemy = uids(f, "F4", "F5")
    m = Moment(f, 1, 1, 2, attacker=enemy, defender=x, melee=True)
    assert targets("CL04", m) == (Target(units=(enemy,)),)
    effects = effect("CL04", m, Target(units=(enemy,)))
    assert effects == (FewerDice(enemy, 1, 1),)
    assert dice_after(4, effects, enemy) == 3
    strong = effect("CL04", Moment(f, 1, 3, 2, attacker=enemy), Target(units=(enemy,)))
    assert dice_after(3, strong, enemy) == 1 and dice_after(3, strong, x) == 3
    own_attack = Moment(f, 2, 1, 2, attacker=enemy, defender=x)
    assert targets("CL04", own_attack) == ()


def test_cl05_wrath_of_heaven_s_and_l_hit_flags_ignored() -> None:
    f = field(("h_bf_sword", "F4", 1), ("h_bf_sword", "F8", 2))
    assert targets("CL05", Moment(f, 1, 1, 1)) == ()
    m = Moment(f, 1, 2, 1)
    assert targets("CL05", m) == (one(f, "F8"),)
    hits = frozenset({"helmet", "S", "L"})
    assert effect("CL05", m, one(f, "F8")) == (LoreDice(at(f, "F8").uid, 3, hits, "ignored"),)


def test_cl06_sanctuary_bold_plus_level_for_one_own_unit() -> None:
    f = field(("h_bf_sword", "F4", 1), ("h_bf_sword", "G4", 1), ("h_bf_sword", "F7", 2))
    m = Moment(f, 1, 2, 2)
    assert targets("CL06", m) == (one(f, "F4"), one(f, "G4"))
    effects = effect("CL06", m, one(f, "G4"))
    assert effects == (BoldBonus((at(f, "G4").uid,), 2),)
    assert bold_bonus(effects, at(f, "G4").uid) == 2 and bold_bonus(effects, 0) == 0


def test_cl07_purify_removes_a_web_or_poison_marker() -> None:
    f = field(("h_bf_sword", "F4", 1), ("h_bf_sword", "G4", 1))
    x = at(f, "F4")
    x.webbed = x.poisoned = True
    m = Moment(f, 1, 1, 1)
    web, poison = Target(units=(x.uid,), marker="web"), Target(units=(x.uid,), marker="poison")
    assert targets("CL07", m) == (web, poison)
    assert effect("CL07", m, poison) == (RemoveMarker(x.uid, "poison"),)
    x.webbed = x.poisoned = False
    assert targets("CL07", m) == ()


# -- Warrior ----------------------------------------------------------------------------------


def test_wr01_strength_t_21_two_more_melee_dice_at_warrior_two() -> None:
    f = field(("g_bf_sword", "F4", 2), ("d_rf_sword", "F3", 1), ordered=("F4",))
    m = Moment(f, 2, 2, 2)
    goblin = at(f, "F4").uid
    assert targets("WR01", m) == (Target(units=(goblin,)),)
    effects = effect("WR01", m, Target(units=(goblin,)))
    assert effects == (ExtraDice(goblin, 2, "melee", 2),)
    # T-21: 3 base dice capped at 2 by the hill, then +2 (bonuses never capped)
    assert min(3, 2) + extra_dice(effects, goblin, 2, melee=True) == 4
    assert extra_dice(effects, goblin, 2, melee=False) == 0


def test_wr02_first_strike_your_unit_attacked_in_melee_strikes_first() -> None:
    f = field(("h_bf_sword", "F4", 1), ("h_rf_sword", "F5", 2))
    x, enemy = uids(f, "F4", "F5")
    m = Moment(f, 2, 1, 1, attacker=x, defender=enemy, melee=True)
    assert targets("WR02", m) == (Target(units=(enemy,)),)
    assert effect("WR02", m, Target(units=(enemy,))) == (StrikeFirst(enemy, x),)
    ranged = Moment(f, 2, 1, 1, attacker=x, defender=enemy, melee=False)
    assert targets("WR02", ranged) == ()
    at(f, "F5").webbed = True  # a webbed unit cannot battle
    assert targets("WR02", m) == ()


def test_wr03_rampage_l_also_hits_in_its_melee() -> None:
    f = field(("h_rf_sword", "F4", 1), ordered=("F4",))
    m = Moment(f, 1, 1, 1)
    x = at(f, "F4").uid
    assert targets("WR03", m) == (Target(units=(x,)),)
    effects = effect("WR03", m, Target(units=(x,)))
    assert effects == (LoreHits(x, "melee"),)
    assert lore_hits(effects, x, melee=True) and not lore_hits(effects, x, melee=False)


def test_t_31_rampage_against_mass_defense() -> None:
    f = field(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), ordered=("F4",))
    attacker, defender = uids(f, "F4", "F5")
    rampage = effect("WR03", Moment(f, 1, 1, 1), Target(units=(attacker,)))
    roll = ("B", "F", "L", "L")
    m = Moment(f, 2, 1, 1, attacker=attacker, defender=defender, melee=True, faces=roll)
    (defense,) = effect("CL03", m, Target(units=(defender,)))
    left = cancel_faces(roll, defense, "B")  # type: ignore[arg-type]
    assert left == ("L", "L")  # B and F cancelled
    hits = left.count("B") + (left.count("L") if lore_hits(rampage, attacker, melee=True) else 0)
    assert hits == 2  # -2 figures
    assert left.count("F") == 0
    assert lore_faces(left.count("L"), keyed_effects=True).tokens == 0  # no tokens


def test_wr04_hold_the_line_bold_one_for_your_units_in_one_section() -> None:
    f = field(
        ("h_bf_sword", "B2", 1),
        ("h_bf_sword", "E3", 1),  # on the West/Centre line: in both
        ("h_bf_sword", "G3", 1),
        ("h_bf_sword", "F7", 2),
    )
    m = Moment(f, 1, 1, 2)
    found = {t.section: t.units for t in targets("WR04", m)}
    assert found == {"west": uids(f, "B2", "E3"), "centre": uids(f, "E3", "G3")}
    west = Target(units=uids(f, "B2", "E3"), section="west")
    assert effect("WR04", m, west) == (BoldBonus(uids(f, "B2", "E3"), 1),)


def test_wr05_forced_march_level_plus_one_ordered_foot_units_move_one_more() -> None:
    f = field(
        ("h_bf_sword", "B2", 1),
        ("h_bf_sword", "E3", 1),
        ("h_bf_sword", "G3", 1),
        ("h_bm_lance", "K2", 1),  # mounted: not foot
        ordered=("B2", "E3", "G3", "K2"),
    )
    at(f, "G3").moved = 1
    m = Moment(f, 1, 1, 1)
    pair = uids(f, "B2", "E3")
    assert {t.units for t in targets("WR05", m)} == {pair[:1], pair[1:], pair}
    effects = effect("WR05", m, Target(units=pair))
    assert effects == (ExtraMove(pair, 1),)
    assert extra_move(effects, pair[0]) == 1 and extra_move(effects, at(f, "K2").uid) == 0


def test_wr06_warlords_order_orders_level_plus_one_units_anywhere() -> None:
    m = Moment(field(("h_bf_sword", "B2", 1)), 1, 2, 1)
    assert targets("WR06", m) == (Target(),)
    assert effect("WR06", m, Target()) == (OrderAnywhere(3),)


def test_wr07_weapon_mastery_s_hits_in_melee_and_at_range() -> None:
    f = field(("h_gf_bow", "F4", 1), ordered=("F4",))
    m = Moment(f, 1, 1, 1)
    bow = at(f, "F4").uid
    effects = effect("WR07", m, targets("WR07", m)[0])
    assert effects == (SwordHits(bow, "any"),)
    assert sword_hits(effects, bow, melee=False) and sword_hits(effects, bow, melee=True)


# -- Rogue ------------------------------------------------------------------------------------


def test_t_32_pickpocket_level_two_against_a_goblet_of_one_takes_one() -> None:
    m = Moment(field(("h_bf_sword", "F4", 1)), 1, 2, 1, goblets=(0, 1))
    assert targets("RG01", m) == (Target(),)
    (take,) = effect("RG01", m, Target())
    assert take == TakeTokens(2, 2)
    bank, moved = LoreBank(pool=20, goblets=(0, 1)).take(take.source, take.count)
    assert moved == 1 and bank.goblets == (1, 0)


def test_t_30_first_strike_foiled() -> None:
    f = field(("h_bf_sword", "F4", 1), ("h_rf_sword", "F5", 2))
    x, enemy = uids(f, "F4", "F5")
    first_strike = PlayedCard("WR02", seat=2, paid=2, level=1)
    m = Moment(f, 1, 1, 1, attacker=x, defender=enemy, melee=True, played=(first_strike,))
    assert targets("RG02", m) == (Target(card="WR02"),)
    (cancel,) = effect("RG02", m, Target(card="WR02"))
    assert cancel == CancelCard("WR02", 2, whole=False, refund=False)
    # neither side may play more Lore this turn (BL-13.6)
    foil = Card("RG02", ("rogue",), 2, "LORE_REACT", True)
    blessing = Card("CL01", ("cleric",), 2, "BAT_ANY", False)
    assert check_timing(foil, seat=1, active=1, played_this_turn=True) is not None
    assert check_timing(blessing, seat=2, active=1, played_this_turn=True) is not None
    assert targets("RG02", Moment(f, 1, 1, 1)) == ()


def test_rg03_sidestep_retreats_one_hex_and_cancels_the_melee_attack() -> None:
    f = field(("h_bf_sword", "F4", 1), ("h_rf_sword", "F5", 2))
    x, enemy = uids(f, "F4", "F5")
    m = Moment(f, 1, 1, 2, attacker=enemy, defender=x, melee=True)
    found = targets("RG03", m)
    assert found == (Target(units=(x,), hex=hex_of("F3")), Target(units=(x,), hex=hex_of("G3")))
    assert effect("RG03", m, found[1]) == (RetreatNow(x, hex_of("G3")),)
    blocked = field(
        ("h_bf_sword", "F4", 1),
        ("h_rf_sword", "F5", 2),
        ("h_bf_sword", "F3", 1),
        terrain={"G3": "river"},
    )
    mb = Moment(blocked, 1, 1, 2, attacker=enemy, defender=x, melee=True)
    assert targets("RG03", mb) == (Target(units=(x,)),)
    assert effect("RG03", mb, Target(units=(x,))) == (RetreatNow(x, None),)  # no effect
    assert targets("RG03", Moment(f, 1, 1, 2, attacker=enemy, defender=x, melee=False)) == ()
    at(f, "F4").webbed = True
    assert targets("RG03", m) == ()


def test_rg04_misdirection_level_fewer_orders_at_least_one() -> None:
    m = Moment(field(("h_bf_sword", "F4", 1)), 1, 1, 2)
    effects = effect("RG04", m, targets("RG04", m)[0])
    assert effects == (FewerOrders(1, 1),)
    assert orders_after(3, effects) == 2
    strong = effect("RG04", Moment(m.field, 1, 3, 2), Target())
    assert orders_after(2, strong) == 1 and orders_after(1, strong) == 1


def test_rg05_stealth_level_ordered_unmoved_units_ignore_forest_and_ford() -> None:
    f = field(
        ("h_bf_sword", "B2", 1), ("h_bm_lance", "E3", 1), ("h_bf_sword", "G3", 1),
        ordered=("B2", "E3"),
    )  # fmt: skip
    m = Moment(f, 1, 1, 1)
    assert targets("RG05", m) == (one(f, "B2"), one(f, "E3"))
    assert len(targets("RG05", Moment(f, 1, 2, 1))) == 3
    effects = effect("RG05", m, one(f, "E3"))
    lancers = at(f, "E3").uid
    assert effects == (IgnoreStops((lancers,), frozenset({"forest", "ford"})),)
    assert ignored_stops(effects, lancers) == {"forest", "ford"}
    assert ignored_stops(effects, at(f, "B2").uid) == frozenset()


def test_rg06_scheming_draw_two_command_cards_keep_one() -> None:
    m = Moment(field(("h_bf_sword", "F4", 1)), 1, 1, 1)
    assert effect("RG06", m, targets("RG06", m)[0]) == (DrawCommands(2, 1),)


def test_rg07_snare_ends_the_move_of_an_enemy_moving_or_yet_to_move() -> None:
    f = field(
        ("h_bf_sword", "F3", 1),
        ("h_bf_sword", "F5", 2),  # ordered, not moved
        ("h_bm_lance", "G4", 2),  # moving now
        ("h_bf_sword", "D5", 2),  # ordered, already moved
        ("h_bf_sword", "H5", 2),  # not ordered
        ("h_bf_sword", "F9", 2),  # ordered, out of reach
        ordered=("F5", "G4", "D5", "F9"),
    )
    at(f, "G4").moved = 1
    at(f, "D5").moved = 1
    lancers = at(f, "G4").uid
    m = Moment(f, 1, 1, 2, moving=lancers)
    assert targets("RG07", m) == (one(f, "F5"), one(f, "G4"))
    assert effect("RG07", m, one(f, "G4")) == (EndMove(lancers),)
    assert one(f, "F9") in targets("RG07", Moment(f, 1, 3, 2, moving=lancers))


# -- the whole play and the target words --------------------------------------------------------


@dataclass(frozen=True)
class Card:
    id: str
    schools: tuple[str, ...]
    cost: int | None
    phase: str
    reaction: bool


def test_bl_13_4_a_card_with_no_legal_target_cannot_be_played() -> None:
    f = field(("h_bf_sword", "F4", 1))
    m = Moment(f, 1, 1, 1, goblets=(5, 5))
    healing = Card("CL02", ("cleric",), 2, "CMD_WITH", False)
    refused = check_play(healing, {"cleric": 1}, m, "CMD", played_this_turn=False)
    assert refused is not None and refused.rule == "BL-13.4"
    found = check_target("CL06", m, Target(units=(7,)))
    assert found is not None and "not a legal target" in found.message
    assert check_target("CL06", m, one(f, "F4")) is None
    assert "no legal target" in str(check_target("CL02", m, one(f, "F4")))


def test_bl_13_6_check_play_refuses_a_second_card_and_the_wrong_phase() -> None:
    f = field(("h_bf_sword", "F4", 1), ordered=("F4",))
    m = Moment(f, 1, 1, 1, goblets=(5, 5))
    blessing = Card("CL01", ("cleric",), 2, "BAT_ANY", False)
    assert check_play(blessing, {"cleric": 1}, m, "BAT_RANGED", played_this_turn=False) is None
    second = check_play(blessing, {"cleric": 1}, m, "BAT_MELEE", played_this_turn=True)
    assert second is not None and second.rule == "BL-13.6"
    wrong = check_play(blessing, {"cleric": 1}, m, "CMD", played_this_turn=False)
    assert wrong is not None and wrong.rule == "BL-13.3"


def test_targets_read_back_from_their_words() -> None:
    f = field(("h_bf_sword", "F4", 1), ("h_bf_sword", "F6", 2), ordered=("F4",))
    m = Moment(f, 1, 1, 1)
    teleport = targets("WZ06", m)
    assert match_target(teleport, f, ["f4", "f2"]) == Target(units=(0,), hex=hex_of("F2"))
    assert match_target(teleport, f, ["F4", "F6"]) is None  # occupied
    doom = targets("WZ04", m)
    assert match_target(doom, f, ["F6"]) == Target(hex=hex_of("F6"))  # a hex with a unit
    assert Target(units=(0,), hex=hex_of("F2")).text(f) == "F4 F2"
    assert Target(units=(0,), marker="web").text(f) == "F4 web"
    assert Target(card="WZ03").text(f) == "WZ03" and Target().text(f) == ""


# -- Lore-card dice (BL-13.9, D-38, D-39) and the card numbers (D-41) -------------------------


def test_bl_13_9_lore_card_dice_hit_with_helmets_and_what_the_card_names() -> None:
    fire_bolt = LoreDice(0, 2, HELMET_L, "retreat")
    assert lore_dice_result(fire_bolt, ("B", "L", "F", "S"), "B").hits == 2  # B and L; S misses
    assert lore_dice_result(fire_bolt, ("B", "L", "F", "S"), "B").flags == 1  # F: a retreat
    wrath = LoreDice(0, 3, frozenset({"helmet", "S", "L"}), "ignored")
    assert lore_dice_result(wrath, ("S", "L", "F"), "R") == lore_dice_result(wrath, "SL", "R")
    assert lore_dice_result(wrath, ("S", "L", "F"), "R").hits == 2
    river_rage = LoreDice(0, 1, frozenset({"helmet", "F"}), "hit")
    result = lore_dice_result(river_rage, ("F", "G"), "G")
    assert (result.hits, result.flags) == (2, 0)
    # BL-11.10, D-19: an L against a poisoned unit both hits and kills one more
    poisoned = lore_dice_result(fire_bolt, ("L",), "B", poisoned=True)
    assert (poisoned.hits, poisoned.poison) == (1, 1)


def test_d_38_lore_ranges_count_from_any_caster_unit_without_line_of_sight() -> None:
    f = field(
        ("h_bf_sword", "A1", 1),
        ("h_bf_sword", "F4", 1),
        ("h_bf_sword", "F6", 2),
        ("h_bf_sword", "F5", 2),  # stands between F4 and F6: no line of sight needed
        terrain={"G5": "forest"},
    )
    assert one(f, "F6") in targets("WZ01", Moment(f, 1, 1, 1))  # from F4, not from A1


def test_d_39_lore_card_dice_are_never_capped_and_give_no_tokens() -> None:
    f = field(("h_bf_sword", "F4", 1), ("h_rm_lance", "F6", 2), terrain={"F6": "forest"})
    (bolt,) = effect("WZ01", Moment(f, 1, 3, 1), one(f, "F6"))
    assert isinstance(bolt, LoreDice) and bolt.dice == 4  # a forest caps units' dice only
    assert lore_faces(2, kind="lore_card").tokens == 0


def test_d_41_our_card_numbers_reproduce_the_seed_examples() -> None:
    f = field(("h_bf_sword", "F4", 1), ("h_bf_sword", "F7", 2), ordered=("F4",))
    x = at(f, "F4").uid
    # T-27: a lone Cleric 3 rolls 2 dice per unit with Creeping Doom
    doom = effect("WZ04", Moment(f, 1, 1, 1), Target(hex=hex_of("F7")))
    assert {e.dice for e in doom if isinstance(e, LoreDice)} == {2}
    # T-28 and T-05: Blessing +2 at Cleric 2, +1 at level 1; Strength +1 without a Warrior
    assert effect("CL01", Moment(f, 1, 2, 1), Target(units=(x,))) == (ExtraDice(x, 2, "any", 1),)
    assert effect("WR01", Moment(f, 1, 1, 1), Target(units=(x,))) == (ExtraDice(x, 1, "melee", 1),)
    # T-31: Mass Defense at level 1 cancels 2 dice
    m = Moment(f, 1, 1, 2, defender=x, faces=("B",))
    assert effect("CL03", m, Target(units=(x,)))[0] == CancelDice(x, 2, frozenset({"B", "F"}))


def test_bl_13_2_card_numbers_scale_with_the_casting_level() -> None:
    f = field(("h_bf_sword", "A1", 1), ("h_bf_sword", "B2", 1), ("h_bf_sword", "C3", 1))
    for unit in f.alive():
        unit.ordered = True
    for level, dice in ((1, 2), (2, 3), (3, 4)):  # 1D/level+1
        m = Moment(f, 1, level, 1)
        (bolt,) = effect("WZ01", m, Target(units=(0,)))
        assert isinstance(bolt, LoreDice) and bolt.dice == dice
        # 1 ordered foot unit/level+1, at most the three there are
        assert max(len(t.units) for t in targets("WR05", m)) == min(level + 1, 3)
        assert effect("WR06", m, Target()) == (OrderAnywhere(level + 1),)
        assert effect("CL03", Moment(f, 1, level, 2, defender=0, faces=("B",)), one(f, "A1")) == (
            CancelDice(0, 2 * level, frozenset({"B", "F"})),
        )  # 2 dice/level


def test_t_22_blessing_dice_come_after_the_caps() -> None:
    f = field(
        ("h_rm_lance", "F4", 1), ("h_bf_sword", "F5", 2), terrain={"F4": "forest"}, ordered=("F4",)
    )
    knights, target = at(f, "F4"), at(f, "F5")
    assert base_dice(f, knights, target, "melee") == 2  # knights in a forest: cap 2
    blessing = effect("CL01", Moment(f, 1, 1, 1), one(f, "F4"))
    bonus = extra_dice(blessing, knights.uid, 1, melee=True)
    assert base_dice(f, knights, target, "melee") + bonus == 3  # bonuses are never capped


def test_t_21_strength_on_the_goblin_attacking_the_fortified_hill() -> None:
    f = field(
        ("d_rf_sword", "F3", 1), ("g_bf_sword", "F4", 2),
        terrain={"F3": "hill"}, landmarks={"F3": "fortification"}, ordered=("F4",),
    )  # fmt: skip
    goblin, dwarves = at(f, "F4"), at(f, "F3")
    strength = effect("WR01", Moment(f, 2, 2, 2), one(f, "F4"))  # North Warrior 2
    dice = base_dice(f, goblin, dwarves, "melee") + extra_dice(strength, goblin.uid, 2, melee=True)
    assert dice == 4  # 3 base, capped at 2, then +2
