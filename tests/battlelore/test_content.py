"""BattleLore content as validated data (rules 2.3, 2.4, 3, 5): the shipped files, the numbers of
the roster and the cards, the adventures of 5.5, the level notation (BL-13.2, T-32), and bad
files refused with file, field and reason."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from bitva.core.errors import ContentError
from bitva.games.battlelore.catalogue.base import read_content, read_toml
from bitva.games.battlelore.catalogue.load import (
    Scaled,
    adventure_ids,
    half_up,
    load_adventure,
    load_catalogue,
    parse_adventure,
    scaled,
)
from bitva.games.battlelore.catalogue.units import build_roster
from bitva.games.battlelore.field.board import hex_of

CAT = load_catalogue()


# -- every shipped file ---------------------------------------------------------------------------
def test_every_shipped_file_loads() -> None:
    assert adventure_ids() == ("A01", "A02", "A03", "A04")
    assert set(CAT.adventures) == {"A01", "A02", "A03", "A04"}
    assert len(CAT.units) == 16  # 15 of the roster + the Giant Spider
    assert set(CAT.landmarks) == {
        "fortification",
        "wizard_tower",
        "cleric_shrine",
        "warrior_camp",
        "rogue_den",
    }


def test_everything_has_english_and_czech_words() -> None:
    named: list[Any] = [*CAT.commands.values(), *CAT.lore.values(), *CAT.landmarks.values()]
    for item in named:
        assert item.name and item.name_cs and item.text and item.text_cs, item.id
    for key, label in CAT.labels.items():
        assert label.name and label.name_cs, key
    for unit_id in CAT.units:
        assert CAT.unit_name(unit_id, "cs") != CAT.unit_name(unit_id), unit_id
    for adventure in CAT.adventures.values():
        assert adventure.name_cs != adventure.name
        assert adventure.description and adventure.description_cs != adventure.description


# -- 2.3: roster, D-5..D-9 -----------------------------------------------------------------------
ROSTER = [  # id, name, banner, status, weapon, traits (section 2.3)
    ("h_gf_bow", "Yeoman Archers", "green", "foot", "short_bow", set()),
    ("h_gf_spear", "Light Spearmen", "green", "foot", "spear", set()),
    ("h_bf_sword", "Footmen", "blue", "foot", "sword", set()),
    ("h_bf_longbow", "Longbowmen", "blue", "foot", "long_bow", set()),
    ("h_rf_sword", "Men-at-Arms", "red", "foot", "sword", set()),
    ("h_gm_bow", "Mounted Archers", "green", "mounted", "short_bow", set()),
    ("h_bm_lance", "Lancers", "blue", "mounted", "lance", set()),
    ("h_rm_lance", "Knights (heavy cavalry)", "red", "mounted", "lance", set()),
    ("d_bf_crossbow", "Dwarf Crossbowmen", "blue", "foot", "crossbow", {"iron_morale"}),
    ("d_bf_sword", "Dwarf Swordsmen", "blue", "foot", "sword", {"iron_morale"}),
    ("d_rf_sword", "Dwarf Heavy Swordsmen", "red", "foot", "sword", {"iron_morale"}),
    ("g_gf_bow", "Goblin Archers", "green", "foot", "short_bow", {"frightened", "rush"}),
    ("g_gf_brawler", "Goblin Brawlers", "green", "foot", "spear", {"frightened", "rush"}),
    ("g_bf_sword", "Goblin Swordsmen", "blue", "foot", "sword", {"frightened", "rush"}),
    ("g_gm_rider", "Goblin Riders", "green", "mounted", "spear", {"frightened"}),
]


@pytest.mark.parametrize(("uid", "name", "banner", "status", "weapon", "traits"), ROSTER)
def test_2_3_roster(
    uid: str, name: str, banner: str, status: str, weapon: str, traits: set[str]
) -> None:
    unit = CAT.units[uid]
    assert (unit.name, unit.banner, unit.status, unit.weapon.id) == (name, banner, status, weapon)
    assert unit.traits == frozenset(traits)
    assert unit.race == {"h": "human", "d": "dwarf", "g": "goblin"}[uid[0]]


# banner -> (foot move_max, move_battle, figures), (mounted ...), melee dice
BANNER_TABLE = {
    "green": ((2, 2, 4), (4, 4, 3), 2),
    "blue": ((2, 1, 4), (3, 3, 3), 3),
    "red": ((1, 1, 4), (2, 2, 3), 4),
}


def test_d_5_d_6_d_7_move_dice_and_figures_by_banner_and_status() -> None:
    for uid, *_ in ROSTER:
        unit = CAT.units[uid]
        foot, mounted, dice = BANNER_TABLE[unit.banner]
        move = foot if unit.status == "foot" else mounted
        assert (unit.move_max, unit.move_battle, unit.figures) == move, uid
        assert unit.melee_dice == dice, uid


def test_d_8_d_9_weapons() -> None:
    short, long_, cross = CAT.weapons["short_bow"], CAT.weapons["long_bow"], CAT.weapons["crossbow"]
    assert (short.range, [short.dice_at(d) for d in (2, 3, 4, 5)], short.moved) == (
        4,
        [2, 2, 2, 0],
        "minus1",
    )
    assert (long_.range, [long_.dice_at(d) for d in (2, 5, 6)], long_.moved) == (
        5,
        [2, 2, 0],
        "none",
    )
    assert (cross.range, cross.dice_at(2), cross.dice_at(3), cross.moved) == (3, 3, 2, "none")
    for melee in ("sword", "spear", "lance"):
        weapon = CAT.weapons[melee]
        assert (weapon.range, weapon.ranged_dice, weapon.sword_hits) == (1, (), True)
    assert not any(w.sword_hits for w in (short, long_, cross))
    missile = {uid for uid, unit in CAT.units.items() if unit.is_missile}
    assert missile == {"h_gf_bow", "h_bf_longbow", "h_gm_bow", "d_bf_crossbow", "g_gf_bow"}


def test_bl_10_traits_follow_the_race() -> None:
    """BL-10.1 Iron Morale (dwarf foot), BL-10.2 and D-30 Frightened (every goblin), BL-10.4
    rush (goblin foot)."""
    for unit in CAT.units.values():
        assert ("iron_morale" in unit.traits) == (unit.race == "dwarf" and unit.status == "foot")
        assert ("frightened" in unit.traits) == (unit.race == "goblin")
        assert ("rush" in unit.traits) == (unit.race == "goblin" and unit.status == "foot")


# -- 5.3: the Giant Spider -----------------------------------------------------------------------
def test_5_3_giant_spider() -> None:
    spider = CAT.units["c_giant_spider"]
    assert (spider.race, spider.status, spider.banner, spider.figures) == (
        "creature",
        "creature",
        "green",
        1,
    )
    assert (spider.move_max, spider.move_battle) == (4, 4)  # D-45
    assert (spider.retreat_per_flag, spider.melee_dice, spider.bonus_strike) == (2, 2, True)
    assert spider.weapon.id == "mandibles" and spider.weapon.sword_hits
    assert spider.max_stored_lore == 2
    assert [(a.id, a.lore, a.requires_hit) for a in spider.abilities] == [
        ("web", 1, False),
        ("poison", 2, True),
    ]
    assert spider.is_creature and not spider.is_missile
    assert CAT.labels["ability:web"].name_cs == "Pavučina"


# -- 5.1: the Command deck -----------------------------------------------------------------------
COMMAND_COUNTS = {
    **{f"SCOUT_{f}": 2 for f in "LCR"},
    "PATROL_L": 3,
    "PATROL_C": 4,
    "PATROL_R": 3,
    "ATTACK_L": 2,
    "ATTACK_C": 3,
    "ATTACK_R": 2,
    **{f"ASSAULT_{f}": 1 for f in "LCR"},
    "PINCER": 2,
    "BROAD_FRONT": 2,
    "MOUNTED_CHARGE": 2,
    "VOLLEY": 2,
    "FORWARD_MARCH": 2,
    "BATTLE_LINE": 2,
    "COUNTER_ATTACK": 2,
}


def test_5_1_command_deck_counts() -> None:
    assert {cid: card.count for cid, card in CAT.commands.items()} == COMMAND_COUNTS
    assert len(CAT.command_deck()) == 40


def test_5_1_section_cards() -> None:
    flank = {"L": ("left",), "C": ("centre",), "R": ("right",)}
    for kind, orders in (("SCOUT", 1), ("PATROL", 2), ("ATTACK", 3), ("ASSAULT", 4)):
        for f in "LCR":
            card = CAT.commands[f"{kind}_{f}"]
            assert (card.kind, card.orders, card.sections) == ("section", orders, flank[f])
            assert card.draw_keep == ((2, 1) if kind == "SCOUT" else None)
    pincer, broad = CAT.commands["PINCER"], CAT.commands["BROAD_FRONT"]
    assert (pincer.sections, pincer.orders_per_section) == (("left", "right"), 1)
    assert (broad.sections, broad.orders_per_section) == (("left", "centre", "right"), 1)


def test_5_1_tactic_cards() -> None:
    charge, volley = CAT.commands["MOUNTED_CHARGE"], CAT.commands["VOLLEY"]
    march, line = CAT.commands["FORWARD_MARCH"], CAT.commands["BATTLE_LINE"]
    counter = CAT.commands["COUNTER_ATTACK"]
    assert (charge.orders, charge.requires, charge.melee_bonus_dice) == (4, "mounted", 1)
    assert (volley.orders, volley.requires, volley.no_move, volley.ranged_bonus_dice) == (
        4,
        "missile",
        True,
        1,
    )
    assert (march.orders, march.requires, march.move_bonus) == (4, "foot", 1)
    assert (line.orders, line.requires) == (4, "adjacent_to_ordered")
    assert counter.copies_last and counter.orders == 1  # D-42: nothing to copy, 1 unit
    for card in (charge, volley, march, line, counter):
        assert (card.kind, card.sections) == ("tactic", ())


# -- 5.2: the Lore deck ----------------------------------------------------------------------------
LORE_TABLE = [  # id, name, count, cost, phase, reaction (5.2)
    ("WZ01", "Fire Bolt", 3, 2, "CMD_INSTEAD", False),
    ("WZ02", "Summon Lore", 3, 0, "CMD_WITH", False),
    ("WZ03", "River Rage", 2, 4, "CMD_WITH", False),
    ("WZ04", "Creeping Doom", 1, 9, "CMD_INSTEAD", False),
    ("WZ05", "Dispel", 2, None, "LORE_REACT", True),
    ("WZ06", "Teleport", 2, 3, "MOV_OWN", False),
    ("WZ07", "Guided Arrows", 2, 2, "BAT_RANGED", False),
    ("CL01", "Blessing", 3, 2, "BAT_ANY", False),
    ("CL02", "Healing Hands", 3, 2, "CMD_WITH", False),
    ("CL03", "Mass Defense", 2, 3, "ROLL_AFTER", True),
    ("CL04", "Blinding Flash", 2, 2, "ROLL_BEFORE", True),
    ("CL05", "Wrath of Heaven", 2, 4, "CMD_INSTEAD", False),
    ("CL06", "Sanctuary", 2, 2, "CMD_REACT", True),
    ("CL07", "Purify", 1, 1, "CMD_WITH", False),
    ("WR01", "Strength", 3, 2, "BAT_MELEE", False),
    ("WR02", "First Strike", 2, 2, "ROLL_BEFORE", True),
    ("WR03", "Rampage!", 2, 3, "BAT_MELEE", False),
    ("WR04", "Hold the Line", 2, 2, "CMD_REACT", True),
    ("WR05", "Forced March", 2, 2, "MOV_OWN", False),
    ("WR06", "Warlord's Order", 2, 3, "CMD_INSTEAD", False),
    ("WR07", "Weapon Mastery", 2, 1, "BAT_ANY", False),
    ("RG01", "Pickpocket", 2, 1, "CMD_WITH", False),
    ("RG02", "Foil", 2, 2, "LORE_REACT", True),
    ("RG03", "Sidestep", 3, 1, "ROLL_BEFORE", True),
    ("RG04", "Misdirection", 2, 3, "CMD_REACT", True),
    ("RG05", "Stealth", 2, 2, "MOV_OWN", False),
    ("RG06", "Scheming", 2, 1, "CMD_WITH", False),
    ("RG07", "Snare", 2, 2, "MOV_REACT", True),
]


def test_5_2_lore_deck_counts() -> None:
    """60 cards, 15 of each school (5.2, BL-14.3)."""
    assert [row[0] for row in LORE_TABLE] == list(CAT.lore)
    assert sum(card.count for card in CAT.lore.values()) == 60
    for school, prefix in (("wizard", "WZ"), ("cleric", "CL"), ("warrior", "WR"), ("rogue", "RG")):
        cards = [c for c in CAT.lore.values() if c.schools == (school,)]
        assert {c.id[:2] for c in cards} == {prefix}
        assert sum(c.count for c in cards) == 15


@pytest.mark.parametrize(("cid", "name", "count", "cost", "phase", "reaction"), LORE_TABLE)
def test_5_2_lore_card(
    cid: str, name: str, count: int, cost: int | None, phase: str, reaction: bool
) -> None:
    card = CAT.lore[cid]
    assert (card.name, card.count, card.cost, card.phase, card.reaction) == (
        name,
        count,
        cost,
        phase,
        reaction,
    )


def test_bl_13_2_notation_t_32() -> None:
    """T-32: 2D/level+3 -> 5/7/9; 1D/level-1 -> 0/1/2; half of 3 -> 2; Pickpocket L2 against a
    goblet of 1 takes 1 (BL-13.8: as far as the resource goes)."""
    assert [scaled(Scaled(per_level=2, plus=3), level) for level in (1, 2, 3)] == [5, 7, 9]
    assert [scaled(Scaled(per_level=1, plus=-1), level) for level in (1, 2, 3)] == [0, 1, 2]
    assert (half_up(3), half_up(4), half_up(1)) == (2, 2, 1)
    assert [scaled(CAT.lore["RG01"].tokens, 2), min(scaled(CAT.lore["RG01"].tokens, 2), 1)] == [
        2,
        1,
    ]
    assert scaled(3, 2) == 3 and scaled(None, 3) == 0
    assert Scaled(per_level=2, plus=3).notation("D") == "2D/level+3"
    assert Scaled(per_level=1, plus=-1).notation("D") == "1D/level-1"
    assert Scaled(plus=1).notation() == "1"


def test_d_41_lore_numbers_reproduce_the_seed_examples() -> None:
    """T-05 (Blessing L1: the spider rolls 3), T-21 (Strength L2: +2), T-27 (Creeping Doom: 9
    tokens, 2 dice at level 1 on 7 hexes), T-28 (Blessing L2 +2; Strength 2 + 3 without a
    Warrior, +1), T-31 (Mass Defense L1 cancels 2 dice: helmet or flag)."""
    blessing, strength = CAT.lore["CL01"], CAT.lore["WR01"]
    doom, defense = CAT.lore["WZ04"], CAT.lore["CL03"]
    assert CAT.units["c_giant_spider"].melee_dice + scaled(blessing.dice, 1) == 3
    assert scaled(strength.dice, 2) == 2 and scaled(strength.dice, 1) == 1
    assert (doom.cost, scaled(doom.dice, 1), doom.area, doom.affects) == (
        9,
        2,
        "hex_and_neighbours",
        "all",
    )
    assert (blessing.cost, scaled(blessing.dice, 2), strength.cost) == (2, 2, 2)
    assert (scaled(defense.dice, 1), defense.faces) == (2, ("helmet", "F"))


def test_bl_13_lore_card_effects_are_structured() -> None:
    fire, rage, wrath = CAT.lore["WZ01"], CAT.lore["WZ03"], CAT.lore["CL05"]
    assert (fire.effect, fire.hits, fire.flags, scaled(fire.range, 2)) == (
        "roll_dice",
        ("helmet", "L"),
        "retreat",
        4,
    )
    assert [scaled(fire.dice, level) for level in (1, 2, 3)] == [2, 3, 4]
    assert (rage.restrict, rage.hits, rage.flags, rage.affects) == (
        ("river",),
        ("helmet",),
        "hit",
        "enemy",
    )
    assert (wrath.hits, wrath.flags) == (("helmet", "S", "L"), "ignored")
    dispel, foil = CAT.lore["WZ05"], CAT.lore["RG02"]
    assert (dispel.effect, dispel.refund, foil.effect, foil.refund) == (
        "cancel_card",
        True,
        "cancel_card",
        False,
    )
    assert CAT.lore["RG06"].draw_keep == (2, 1)
    assert CAT.lore["RG05"].stops == ("forest", "ford")
    assert CAT.lore["CL07"].markers == ("web", "poison")
    assert (CAT.lore["CL04"].minimum, CAT.lore["RG04"].minimum) == (1, 1)
    assert [scaled(CAT.lore["WR05"].units, lv) for lv in (1, 2, 3)] == [2, 3, 4]
    assert CAT.lore["WR04"].bold == Scaled(plus=1) and CAT.lore["WR04"].area == "section"


def test_bl_9_5_4_landmarks() -> None:
    fort = CAT.landmarks["fortification"]
    assert (fort.school, fort.bold, fort.dice_cap, fort.lore_tokens) == (None, 1, 2, 0)
    for ident, school in (
        ("wizard_tower", "wizard"),
        ("cleric_shrine", "cleric"),
        ("warrior_camp", "warrior"),
        ("rogue_den", "rogue"),
    ):
        card = CAT.landmarks[ident]
        assert (card.school, card.lore_tokens, card.placement_rows) == (school, 1, (2, 3, 4))


# -- 5.5: the adventures -------------------------------------------------------------------------
SPEC_A01 = """
[adventure]
id = "A01"
name = "The Brook Crossing"
lore = false
first_player = "south"
victory_banners = 4
[sides.south]
command_cards = 4
units = ["h_bm_lance@B2","h_gf_bow@C3","h_rf_sword@F3","h_bf_sword@G3",
         "h_gf_bow@H3","h_bf_longbow@G2","h_rm_lance@K2","h_gf_spear@L3"]
[sides.north]
command_cards = 4
units = ["h_bm_lance@B8","h_gf_bow@C7","h_rf_sword@F7","h_bf_sword@G7",
         "h_gf_bow@H7","h_bf_longbow@G8","h_rm_lance@K8","h_gf_spear@L7"]
[terrain]
river  = ["A5","B5","D5","E5","F5","H5","I5","J5","L5","M5"]
ford   = ["C5","K5"]
bridge = ["G5"]
forest = ["D3","J7"]
hill   = ["H2","J3","D7","F8"]
"""
SPEC_A02 = """
[adventure]
id = "A02"
name = "Web over the Dwarf Hold"
lore = true
first_player = "north"
victory_banners = 6
lore_master_landmarks = false
lore_pool = 60
[sides.south]
war_council = { commander = 2, cleric = 2, wizard = 1 }
units = ["d_bf_crossbow@E3","d_rf_sword@F3","d_bf_sword@G3","h_bf_sword@D3",
         "h_gf_bow@C2","h_rf_sword@H2","h_rm_lance@J2","h_bm_lance@K3"]
[sides.north]
war_council = { commander = 1, warrior = 2, wizard = 1 }
units = ["g_gf_bow@D7","g_gf_brawler@E7","g_bf_sword@F7","g_bf_sword@G7",
         "g_gm_rider@K7","c_giant_spider@I6","h_bm_lance@B8","h_rf_sword@G8"]
[terrain]
hill   = ["E3","F3","I8"]
forest = ["C5","J5","H7"]
[landmarks]
fortification = ["F3"]
"""
_WORDS = ("name_cs", "description", "description_cs")


def _rules_part(adventure: Any) -> dict[str, Any]:
    return {k: getattr(adventure, k) for k in adventure.__slots__ if k not in _WORDS}


@pytest.mark.parametrize(("ident", "spec"), [("A01", SPEC_A01), ("A02", SPEC_A02)])
def test_5_5_shipped_adventure_is_exactly_the_spec(ident: str, spec: str) -> None:
    from_spec = parse_adventure(tomllib.loads(spec), f"spec {ident}")
    assert _rules_part(CAT.adventures[ident]) == _rules_part(from_spec)


def test_5_5_a01_a02_details() -> None:
    a01, a02 = CAT.adventures["A01"], CAT.adventures["A02"]
    assert (a01.lore, a01.first_player, a01.victory_banners, a01.lore_pool) == (
        False,
        "south",
        4,
        60,
    )
    assert a01.terrain[hex_of("G5")] == "bridge" and a01.terrain[hex_of("C5")] == "ford"
    assert sum(kind == "river" for kind in a01.terrain.values()) == 10
    assert a01.sides["south"].units[0].type == "h_bm_lance"
    assert a01.sides["south"].units[0].hex == hex_of("B2")
    assert a01.sides["north"].command_hand == 4
    assert (a02.sides["south"].command_hand, a02.sides["north"].command_hand) == (5, 4)  # T-34
    assert (a02.sides["south"].top_level, a02.sides["north"].top_level) == (2, 2)
    assert a02.landmarks == {hex_of("F3"): "fortification"}
    assert a02.terrain[hex_of("F3")] == "hill"  # T-21: hill + fortification
    spider = [u for u in a02.sides["north"].units if u.type == "c_giant_spider"]
    assert [u.hex for u in spider] == [hex_of("I6")]


def test_a03_mercenaries_without_lore() -> None:
    a03 = CAT.adventures["A03"]
    assert not a03.lore and not a03.lore_master_landmarks
    races = {
        side: {CAT.units[u.type].race for u in a03.sides[side].units} for side in ("south", "north")
    }
    assert races == {"south": {"dwarf", "human"}, "north": {"goblin"}}
    assert all(not setup.war_council for setup in a03.sides.values())
    for side, other in (("south", "north"), ("north", "south")):
        assert a03.victory_banners <= len(a03.sides[other].units), side


def test_a04_full_councils_and_lore_master_landmarks() -> None:
    """BL-9.3: each side has a level-3 master of its own school, so each gets its landmark;
    every school sits in both councils (BL-14.3: 14 of each); totals within BL-14.6."""
    a04 = CAT.adventures["A04"]
    assert a04.lore and a04.lore_master_landmarks
    south, north = a04.sides["south"].war_council, a04.sides["north"].war_council
    assert set(south) == set(north) == {"commander", "cleric", "wizard", "rogue", "warrior"}
    assert (south["wizard"], north["warrior"]) == (3, 3)
    threes = {
        side: {s for s, lv in c.items() if lv == 3} for side, c in (("s", south), ("n", north))
    }
    assert not threes["s"] & threes["n"]
    assert sum(south.values()) <= 10 and sum(north.values()) <= 10
    assert any(u.type == "c_giant_spider" for u in a04.sides["north"].units)
    assert a04.landmark_owner(hex_of("D6")) is None  # the Fortification belongs to nobody


def test_shipped_adventures_are_playable_set_ups() -> None:
    """Both sides can win by banners (BL-16.1) and both start in their own half."""
    for adventure in CAT.adventures.values():
        for side, other in (("south", "north"), ("north", "south")):
            assert adventure.victory_banners <= len(adventure.sides[other].units)
            rows = {int(name_of(u.hex)[1:]) for u in adventure.sides[side].units}
            assert rows <= ({1, 2, 3, 4} if side == "south" else {6, 7, 8, 9}), adventure.id


def name_of(hex_: int) -> str:
    from bitva.games.battlelore.field.board import name

    return name(hex_)


# -- loading adventure files -----------------------------------------------------------------------
def test_load_adventure_by_id_and_by_path(tmp_path: Path) -> None:
    assert load_adventure("a02") is CAT.adventures["A02"]
    assert load_adventure(" A01 ") is CAT.adventures["A01"]
    path = tmp_path / "mine.toml"
    path.write_text(SPEC_A01.replace('id = "A01"\n', ""), encoding="utf-8")
    mine = load_adventure(path)
    assert (mine.id, mine.name, mine.name_cs) == (
        "mine",
        "The Brook Crossing",
        "The Brook Crossing",
    )
    with pytest.raises(ContentError, match="neither a shipped adventure"):
        load_adventure(tmp_path / "missing.toml")


def test_position_units_as_inline_tables_and_allowed_tables() -> None:
    data = tomllib.loads(
        SPEC_A01.replace(
            '"h_bm_lance@B2",',
            '{ type = "h_bm_lance", hex = "B2", figures = 2, ordered = true, moved = 1 },',
        )
        + '[position]\nactive = "south"\nstep = "battle"\n'
    )
    adventure = parse_adventure(data, "pos.toml", allow=frozenset({"position"}))
    first = adventure.sides["south"].units[0]
    assert (first.type, first.hex, first.figures, first.ordered, first.moved) == (
        "h_bm_lance",
        hex_of("B2"),
        2,
        True,
        1,
    )
    assert adventure.sides["south"].units[1].figures is None  # full strength
    with pytest.raises(ContentError, match=r"pos.toml: position: unknown key"):
        parse_adventure(data, "pos.toml")


# -- bad files: ContentError naming file, field and reason ---------------------------------------
def _adventure_error(text: str) -> str:
    with pytest.raises(ContentError) as caught:
        parse_adventure(read_toml(text, "A05.toml"), "A05.toml")
    return str(caught.value)


def test_bad_toml_names_the_file_and_the_line() -> None:
    message = _adventure_error('[adventure]\nid = "A05"\nname = \n')
    assert message.startswith("A05.toml: line 3: not valid TOML")


BAD_ADVENTURES = [  # (change to SPEC_A02, expected message)
    (
        ('"g_bf_sword@F7"', '"h_bf_swrd@F7"'),
        'A05.toml: sides.north.units[2]: "h_bf_swrd" is not a unit type (known: c_giant_spider, ',
    ),
    (('"h_gf_bow@C2"', '"h_gf_bow@M2"'), "A05.toml: sides.south.units[4]: 'M2' is a half-hex"),
    (('"h_gf_bow@C2"', '"h_gf_bow@Q2"'), "sides.south.units[4]: 'Q2' is not a hex"),
    (('"h_gf_bow@C2"', '"h_gf_bow"'), 'sides.south.units[4]: "h_gf_bow": write a unit as'),
    (('"h_bm_lance@B8"', '"h_bm_lance@F3"'), "sides.north.units[6]: F3 already holds a unit"),
    (
        ('"h_gf_bow@C2"', '{ type = "h_gf_bow", hex = "C2", figures = 5 }'),
        "sides.south.units[4]: Yeoman Archers: at most 4 figure(s) (D-7), not 5",
    ),
    (
        ('"h_gf_bow@C2"', '{ type = "h_gf_bow", hex = "C2", figures = 0 }'),
        "sides.south.units[4].figures: Input should be greater than or equal to 1",
    ),
    (
        ('"h_gf_bow@C2"', '{ type = "h_gf_bow", hex = "C2", moved = 1 }'),
        "sides.south.units[4]: moved = 1, but only an ordered unit moves (BL-2.6)",
    ),
    (
        ('forest = ["C5"', 'river = ["C2"]\nforest = ["C5"'),
        "sides.south.units[4]: C2 is a river: no unit stands in it (BL-3.3)",
    ),
    (('forest = ["C5"', 'forest = ["F3"'), "terrain.forest[0]: F3 is already hill"),
    (("lore = true", "lore = false"), "sides.south.war_council: War Councils sit in Lore"),
    (("victory_banners = 6", "victory_banners = 0"), "adventure.victory_banners: a side wins"),
    (("cleric = 2, wizard = 1", "cleric = 4, wizard = 1"), "cleric = 4: a seat's level is 1, 2"),
    (
        ("cleric = 2, wizard = 1", "cleric = 3, wizard = 3, rogue = 3"),
        "sides.south.war_council: 11 levels in all: never more than 10",
    ),
    (("cleric = 2, wizard = 1", "general = 2"), '"general" is not a seat of the council'),
    (
        ("first_player", "first_playr"),
        "A05.toml: adventure.first_playr: unknown key (did you mean first_player?)",
    ),
    (('"north"', '"east"'), "adventure.first_player: Input should be 'south' or 'north'"),
    (("[sides.north]", "[sides.nort]"), "A05.toml: sides.nort: "),
    (("hill   =", "swamp  ="), "A05.toml: terrain.swamp: "),
    (
        ("war_council = { commander = 1, warrior = 2, wizard = 1 }", ""),
        "sides.north.command_cards: missing: give command_cards, or a war_council",
    ),
    (
        ("war_council = { commander = 1,", "command_cards = 4\nwar_council = { commander = 1,"),
        "sides.north.command_cards: the Commander's level already sets the Command hand",
    ),
    (
        ('fortification = ["F3"]', 'fortification = ["F3"]\nwizard_tower = ["E4"]'),
        "landmarks.wizard_tower: Lore masters' landmarks need lore_master_landmarks = true",
    ),
]


@pytest.mark.parametrize(("change", "expected"), BAD_ADVENTURES)
def test_bad_adventure_is_refused_with_field_and_reason(
    change: tuple[str, str], expected: str
) -> None:
    old, new = change
    assert old in SPEC_A02
    message = _adventure_error(SPEC_A02.replace(old, new, 1))
    assert message.startswith("A05.toml: ")
    assert expected in message


def test_d_27_no_creature_outside_lore_adventures() -> None:
    text = SPEC_A01.replace('"h_bm_lance@B8"', '"c_giant_spider@B8"')
    assert _adventure_error(text) == (
        "A05.toml: sides.north.units[0]: Giant Spider: creatures appear only in Lore adventures "
        "(lore = true, D-27)"
    )


def test_3_no_lore_tokens_outside_lore_adventures() -> None:
    text = SPEC_A01.replace("command_cards = 4\n", "command_cards = 4\nlore_token_adjust = 1\n", 1)
    assert _adventure_error(text) == (
        "A05.toml: sides.south.lore_token_adjust: Lore tokens are used in Lore adventures only "
        "(lore = true, section 3)"
    )


def test_bl_3_3_no_landmark_in_a_river() -> None:
    text = SPEC_A01 + '[landmarks]\nfortification = ["A5"]\n'
    assert _adventure_error(text) == (
        "A05.toml: landmarks.fortification[0]: A5 is a river: no landmark stands in it (BL-3.3)"
    )


def test_bl_9_3_lore_master_landmark_needs_one_level_3_master() -> None:
    base = SPEC_A02.replace("lore_master_landmarks = false", "lore_master_landmarks = true")
    tower = base.replace('fortification = ["F3"]', 'fortification = ["F3"]\nwizard_tower = ["E4"]')
    assert "no side has a level-3 wizard (BL-9.3)" in _adventure_error(tower)
    both = tower.replace("cleric = 2, wizard = 1", "wizard = 3").replace(
        "warrior = 2, wizard = 1", "wizard = 3"
    )
    assert "both sides have a level-3 wizard, so neither gets the landmark" in _adventure_error(
        both
    )
    mine = tower.replace("cleric = 2, wizard = 1", "wizard = 3")
    adventure = parse_adventure(read_toml(mine, "A05.toml"), "A05.toml")
    assert adventure.landmark_owner(hex_of("E4")) == "south"
    assert adventure.landmark_owner(hex_of("F3")) is None


def _lore_raw() -> dict[str, Any]:
    return read_content("lore.toml")


def test_bad_lore_cards() -> None:
    from bitva.games.battlelore.catalogue.load import build_lore

    raw = _lore_raw()
    raw["cards"]["CL03"]["reaction"] = False
    with pytest.raises(ContentError, match=r"^lore.toml: cards.CL03: a ROLL_AFTER card is a "):
        build_lore(raw)
    raw = _lore_raw()
    del raw["cards"]["WZ01"]["dice"]
    with pytest.raises(ContentError, match=r"^lore.toml: cards.WZ01: effect roll_dice needs dice"):
        build_lore(raw)
    raw = _lore_raw()
    raw["cards"]["WZ02"]["dice"] = 2
    with pytest.raises(ContentError, match=r"cards.WZ02: effect gain_tokens takes no dice"):
        build_lore(raw)
    raw = _lore_raw()
    raw["cards"]["WZ02"]["cost"] = "free"
    with pytest.raises(
        ContentError, match=r'cards.WZ02.cost: a cost is a number of tokens or "\?"'
    ):
        build_lore(raw)
    raw = _lore_raw()
    raw["cards"]["WZ02"]["count"] = 4
    with pytest.raises(ContentError, match=r"cards: the wizard pile holds 15 cards, not 16"):
        build_lore(raw)
    raw = _lore_raw()
    raw["cards"]["WZ01"]["dice"] = {"per_levl": 1}
    with pytest.raises(ContentError, match=r"cards.WZ01.dice.per_levl: unknown key"):
        build_lore(raw)


def test_bad_command_cards() -> None:
    from bitva.games.battlelore.catalogue.load import build_commands

    raw = read_content("commands.toml")
    raw["cards"]["PATROL_C"]["count"] = 3
    with pytest.raises(ContentError, match=r"^commands.toml: cards: the Command deck holds 40"):
        build_commands(raw)
    raw = read_content("commands.toml")
    raw["cards"]["PINCER"]["orders"] = 3
    with pytest.raises(ContentError, match=r"cards.PINCER: 3 orders cannot be split evenly"):
        build_commands(raw)
    raw = read_content("commands.toml")
    raw["cards"]["VOLLEY"]["sections"] = ["left"]
    with pytest.raises(ContentError, match=r"cards.VOLLEY: a tactic card orders anywhere"):
        build_commands(raw)


def test_bad_units_and_creatures() -> None:
    units, creatures = read_content("units.toml"), read_content("creatures.toml")
    units["units"]["d_bf_sword"]["traits"] = []
    with pytest.raises(ContentError, match=r"^units.toml: units.d_bf_sword.traits: a dwarf foot"):
        build_roster(units, creatures)
    units = read_content("units.toml")
    units["weapons"]["crossbow"]["ranged_dice"] = [3]
    with pytest.raises(ContentError, match=r"weapons.crossbow.ranged_dice: a weapon of range 3"):
        build_roster(units, creatures)
    units = read_content("units.toml")
    units["units"]["h_gf_bow"]["weapon"] = "bow"
    with pytest.raises(ContentError, match=r'units.h_gf_bow.weapon: "bow" is not a weapon'):
        build_roster(units, creatures)
    units = read_content("units.toml")
    creatures["creature"]["giant_spider"]["max_stored_lore"] = 3
    with pytest.raises(ContentError, match=r"^creatures.toml: creature.giant_spider.max_stored"):
        build_roster(units, creatures)


def test_czech_card_texts_use_real_plural_forms() -> None:
    """'1 jednotce', '2 jednotkám' (dative after a number): the section cards say it right."""
    for card in CAT.commands.values():
        if card.kind == "section" and len(card.sections) == 1:
            form = "jednotce" if card.orders == 1 else "jednotkám"
            assert f"rozkaz {card.orders} {form} " in card.text_cs, card.id
            assert ("units" in card.text) == (card.orders > 1), card.id
