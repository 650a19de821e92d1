"""Battle files and army lists (rules section 3.4), the two setups of 6.2 as data, and issue 22's
"a battle file or army list with a mistake is an error with file, field and reason"."""

from __future__ import annotations

from pathlib import Path

import pytest

from bitva.core.errors import ContentError
from bitva.games.age_of_sigmar.battle import (
    UnknownBattle,
    builtin_battle,
    builtin_battle_names,
    find_battle,
    hooks,
    load_army_list,
    load_battle_file,
    load_battle_text,
)
from bitva.games.age_of_sigmar.battle.schema import Side
from bitva.games.age_of_sigmar.geometry.coherency import is_coherent
from bitva.games.age_of_sigmar.geometry.measure import Circle, base_radius, unit_to_unit
from bitva.games.age_of_sigmar.geometry.polygon import contains
from bitva.games.age_of_sigmar.geometry.sight import sees
from bitva.games.age_of_sigmar.geometry.territory import set_up_violation

SETUPS = ("starter_clash", "scenery_and_sorcery")

MINIMAL = """\
realm = "Aqshy"
[[feature]]
id = "F1"
name = "Obelisk"
movement = "climb"
height = 4
blocks_sight = true
polygon = [[33, 26], [39, 26], [39, 31], [33, 31]]
[table]
width = 72
depth = 48
[army.A]
general = "A1"
[[army.A.unit]]
id = "A1"
warscroll = "liberators"
models = [
  { loadout = "warhammer_shield", champion = true, at = [24.0, 9.0] },
  { loadout = "grandhammer", at = [26.0, 9.0] },
]
[army.B]
general = { unit = "B1", model = 1 }
[[army.B.unit]]
id = "B1"
warscroll = "bloodreavers"
models = [
  { at = [24.0, 38.0], tags = ["horn"] },
  { at = [25.6, 38.0] },
]
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "battle.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("name", SETUPS)
def test_6_2_both_setups_load_and_every_unit_is_coherent_and_on_the_table(name: str) -> None:
    battle = builtin_battle(name)
    assert battle.warnings == ()
    for unit in battle.units:
        circles = unit.circles()
        assert len(circles) == len(unit.positions) >= 1
        assert is_coherent(circles), unit.id
        assert all(battle.table.holds(c) for c in circles), unit.id


@pytest.mark.parametrize("name", SETUPS)
def test_6_2_geo_12_every_model_is_set_up_legally(name: str) -> None:
    battle = builtin_battle(name)
    for unit in battle.units:
        other: Side = "B" if unit.side == "A" else "A"
        own, enemy = battle.territory(unit.side), battle.territory(other)
        for circle in unit.circles():
            assert set_up_violation(circle, own, enemy) is None, unit.id


def test_6_2_setup_1_starter_clash_numbers() -> None:
    """6.2: A's front edge y = 9.787, B's 37.37; the armies start 27.583" apart; sizes 6 and 11,
    so A may take a sudden death objective (Blunt, naming B1)."""
    battle = builtin_battle("starter_clash")
    assert (battle.table.width, battle.table.depth) == (48, 48) and battle.features == ()
    a = [c for u in battle.army("A") for c in u.circles()]
    b = [c for u in battle.army("B") for c in u.circles()]
    assert round(max(c.y + c.r for c in a), 3) == 9.787
    assert round(min(c.y - c.r for c in b), 3) == 37.370
    assert round(unit_to_unit(a, b), 3) == 27.583
    assert (battle.models_on_table("A"), battle.models_on_table("B")) == (6, 11)
    assert battle.general("A") == ("A2", 0) and battle.general("B") == ("B2", 0)
    sd = battle.data.sudden_death
    assert sd is not None and (sd.chooser, sd.objective, sd.named_unit) == ("A", "blunt", "B1")
    assert battle.data.deployment.order == ("A1", "B1", "A2", "B2")
    assert battle.data.roll_offs.territory == "A" and battle.data.mysterious == "off"
    b1 = battle.unit("B1")
    chieftain = [i for i, m in enumerate(b1.spec.models) if m.champion]
    assert chieftain == [2] and b1.positions[2] == (24.0, 38.0)
    assert b1.spec.has_tag("icon") and b1.spec.has_tag("horn")
    assert b1.positions[6] == (22.4, 39.6) and "icon" in b1.spec.models[6].tags
    assert b1.positions[8] == (25.6, 39.6) and "horn" in b1.spec.models[8].tags
    assert b1.model_id(0) == "B1.1" and b1.model_id(9) == "B1.10"
    a1 = battle.unit("A1")
    assert [m.loadout for m in a1.spec.models] == [
        "warhammer_shield", "warhammer_shield", "warhammer_shield", "paired_warblades",
        "grandhammer",
    ]  # fmt: skip
    assert a1.spec.models[0].champion and a1.positions[0] == (24.0, 9.0)


def test_6_2_setup_2_scenery_and_sorcery_numbers() -> None:
    """6.2: 72" x 48", six features chosen; A 12 models, B 28 (84 >= 48: Assassinate, B4);
    F1, F2, F5 lie in B's territory, F3, F4, F6 in A's; T-18: B's triumph die 6 is Empowered."""
    battle = builtin_battle("scenery_and_sorcery")
    assert (battle.table.width, battle.table.depth) == (72, 48)
    assert [f.id for f in battle.features] == ["F1", "F2", "F3", "F4", "F5", "F6"]
    assert [f.mysterious for f in battle.features] == [
        "arcane", "mystical", "inspiring", "damned", "deadly", "sinister",
    ]  # fmt: skip
    assert (battle.models_on_table("A"), battle.models_on_table("B")) == (12, 28)
    for f in battle.features:
        side: Side = "B" if f.id in ("F1", "F2", "F5") else "A"
        assert contains(f.centroid, battle.territory(side)), f.id
    sd = battle.data.sudden_death
    assert sd is not None and (sd.objective, sd.named_unit) == ("assassinate", "B4")
    assert battle.data.triumphs["B"].name == "empowered"
    assert battle.general("B") == ("B1", 0)
    assert battle.unit("B1").spec.warscroll.id == "bloodsecrator"
    b2 = battle.unit("B2")
    assert len(b2.positions) == 20 and b2.spec.models[5].champion
    assert b2.positions[5] == (36.0, 38.0)
    assert b2.positions[14] == (34.4, 39.6) and b2.spec.models[14].tags == ("icon",)
    assert b2.positions[16] == (37.6, 39.6) and b2.spec.models[16].tags == ("horn",)
    b3 = battle.unit("B3")
    assert b3.spec.models[0].champion and b3.positions[4] == (55.2, 38.0)
    a2 = battle.unit("A2")
    assert [m.loadout for m in a2.spec.models].count("warhammer_shield") == 3
    assert a2.spec.models[2].champion and a2.positions[2] == (36.0, 9.0)
    assert battle.unit("B4").radius == pytest.approx(base_radius(60))


def test_t_17_on_the_setup_2_table() -> None:
    """T-17 with setup 2's own scenery: F1 hides (36, 36) from (36, 20); (46, 36) is seen."""
    battle = builtin_battle("2")
    judicator = Circle(36, 20, base_radius(40))
    assert not sees(judicator, Circle(36, 36, base_radius(32)), battle.features)
    assert sees(judicator, Circle(46, 36, base_radius(32)), battle.features)


def test_shipped_setups_by_name_number_or_path(tmp_path: Path) -> None:
    assert builtin_battle_names() == (
        "open_deployment",
        "rolled_battlefield",
        "scenery_and_sorcery",
        "starter_clash",
    )
    assert find_battle("Starter-Clash").data.name == "Starter clash"
    assert builtin_battle("1") is builtin_battle("starter_clash")
    assert find_battle(str(write(tmp_path, MINIMAL))).unit("A1").spec.warscroll.id == "liberators"
    with pytest.raises(UnknownBattle, match="shipped"):
        builtin_battle("setup 9")


def test_3_4_a_minimal_battle_file(tmp_path: Path) -> None:
    battle = load_battle_file(write(tmp_path, MINIMAL))
    assert battle.source == str(tmp_path / "battle.toml")
    assert battle.data.position.active == "A"  # default
    assert battle.general("B") == ("B1", 0)
    assert battle.unit("B1").spec.models[0].tags == ("horn",)
    assert battle.unit("B1").spec.models[0].loadout == "reaver_blades"  # standard arms
    assert battle.data.options.max_rounds == 6
    assert any("fewer than the usual" in w for w in battle.warnings)  # open play warns
    active_b = load_battle_text(MINIMAL + '[position]\nactive = "B"\n')
    assert active_b.data.position.active == "B"


def test_3_4_models_without_positions_are_not_on_the_table() -> None:
    text = MINIMAL.replace(
        '[[army.B.unit]]\nid = "B1"',
        '[[army.B.unit]]\nid = "B9"\nwarscroll = "khorgorath"\nmodels = [{}]\n'
        '[[army.B.unit]]\nid = "B1"',
    )
    battle = load_battle_text(text)
    assert battle.unit("B9").circles() == () and battle.models_on_table("B") == 2


def test_3_1_a_battle_file_may_define_its_own_warscroll() -> None:
    text = MINIMAL.replace('warscroll = "bloodreavers"', 'warscroll = "cultists"') + (
        '[[warscroll]]\nid = "cultists"\nname = "Cultists"\n'
        "stats = { move = 6, save = 6, bravery = 5, wounds = 1, base_mm = 25 }\n"
        'melee = [["Knife", 1, 1, 4, 4, 0, 1]]\n'
        'loadouts = [{ id = "knife", weapons = ["Knife"] }]\n'
    )
    battle = load_battle_text(text, "c.toml")
    assert battle.unit("B1").radius == pytest.approx(25 / 50.8)


CULTISTS = (
    '[[warscroll]]\nid = "cultists"\nname = "Cultists"\n'
    "stats = { move = 6, save = 6, bravery = 5, wounds = 1, base_mm = 25 }\n"
    'melee = [["Knife", 1, 1, 4, 4, 0, 1]]\n'
    'loadouts = [{ id = "knife", weapons = ["Knife"] }]\n'
    'abilities = [\n  { name = "Frenzy" },\n'
    '  { name = "Dark Pact", effects = [{ kind = "custom", hook = "HOOK" }] },\n]\n'
)


def test_3_2_a_warscroll_naming_an_unregistered_hook_is_refused(tmp_path: Path) -> None:
    """Section 3.2 ``custom``: a hook that no function is registered for would do nothing in the
    battle, so the file is refused, naming the hook and the warscroll."""
    text = MINIMAL.replace('warscroll = "bloodreavers"', 'warscroll = "cultists"')
    path = write(tmp_path, text + CULTISTS.replace("HOOK", "cult.hooks:dark_pact"))
    with pytest.raises(ContentError) as caught:
        load_battle_file(path)
    err = caught.value
    assert (err.source, err.field) == (
        str(path),
        "warscroll[0] (cultists).abilities[1].effects[0].hook",
    )
    assert "'cult.hooks:dark_pact'" in err.reason and "Cultists" in err.reason
    assert "aos.hooks:no_respite" in err.reason  # what is registered
    # a registered hook loads, and so does an unused warscroll with no hook
    good = text + CULTISTS.replace("HOOK", "aos.hooks:no_respite")
    assert load_battle_text(good, "c.toml").unit("B1").spec.warscroll.id == "cultists"
    # a warscroll of the file that no unit uses is checked too, and so are army lists
    with pytest.raises(ContentError, match="dark_pact"):
        load_battle_text(MINIMAL + CULTISTS.replace("HOOK", "cult.hooks:dark_pact"), "c.toml")
    army = tmp_path / "army.toml"
    army.write_text(ARMY + CULTISTS.replace("HOOK", "cult.hooks:dark_pact"), encoding="utf-8")
    with pytest.raises(ContentError) as listed:
        load_army_list(army)
    assert listed.value.field == "warscroll[0] (cultists).abilities[1].effects[0].hook"


@pytest.mark.parametrize(
    ("where", "field"),
    [
        (
            'command_abilities = [{ name = "Dark Oath", effects = [HOOKED] }]\n',
            "command_abilities[0].effects[0].hook",
        ),
        (
            'abilities = [{ name = "Dark Pact", effects = [{ kind = "aura", range = 6, '
            'who = "friendly", effects = [HOOKED] }] }]\n',
            "abilities[0].effects[0].effects[0].hook",
        ),
        (
            'abilities = [{ name = "Dark Pact", effects = [{ kind = "activated", '
            'phase = "hero", duration = "turn", effects = [HOOKED] }] }]\n',
            "abilities[0].effects[0].effects[0].hook",
        ),
    ],
)
def test_3_2_an_unregistered_hook_is_refused_in_command_abilities_and_nested_effects(
    where: str, field: str
) -> None:
    """The hook check reads every place an effect may stand: command abilities, spells, and
    the effects inside an aura or an activated ability."""
    scroll = (
        '[[warscroll]]\nid = "cultists"\nname = "Cultists"\n'
        "stats = { move = 6, save = 6, bravery = 5, wounds = 1, base_mm = 25 }\n"
        'melee = [["Knife", 1, 1, 4, 4, 0, 1]]\n'
        'loadouts = [{ id = "knife", weapons = ["Knife"] }]\n'
    ) + where.replace("HOOKED", '{ kind = "custom", hook = "cult.hooks:dark_pact" }')
    with pytest.raises(ContentError) as caught:
        load_battle_text(MINIMAL + scroll, "c.toml")
    assert caught.value.field == f"warscroll[0] (cultists).{field}"
    assert "dark_pact" in caught.value.reason


def test_3_2_the_shipped_setups_load_with_their_hooks_registered() -> None:
    """The shipped warscrolls' one hook (the Blood Warriors' No Respite) is registered, so the
    shipped setups, which carry every shipped warscroll, pass the check."""
    for name in SETUPS:
        battle = builtin_battle(name)
        uses = hooks.hook_uses(battle.warscrolls.values())
        assert [(s.id, where, hook) for s, where, hook in uses] == [
            ("blood_warriors", ("abilities", 2, "effects", 0, "hook"), "aos.hooks:no_respite")
        ]
        assert hooks.unknown_hooks(battle) == []


BAD = [
    # (what is changed, replaced by, field, words of the reason)
    (
        'warscroll = "liberators"',
        'warscroll = "liberatorz"',
        "army.A.unit[0].warscroll",
        "unknown warscroll",
    ),
    ('loadout = "grandhammer"', 'loadout = "flail"', "army.A.unit[0].models", "no loadout"),
    ("at = [26.0, 9.0]", "at = [71.5, 9.0]", "army.A.unit[0].models[1].at", "wholly on the"),
    ("at = [26.0, 9.0]", "at = [25.0, 9.0]", "army.A.unit[0].models[1].at", "overlaps A1.1"),
    ("at = [26.0, 9.0]", "at = [26.0001, 9.0]", "army.A.unit[0].models[1].at", "3 decimals"),
    ("at = [26.0, 9.0]", "at = [36.0, 26.2]", "army.A.unit[0].models[1].at", "astride Obelisk"),
    ("at = [26.0, 9.0]", 'at = [26.0, "x"]', "army.A.unit[0].models[1].at[1]", "number"),
    (
        '{ loadout = "grandhammer", at = [26.0, 9.0] }',
        '{ loadout = "grandhammer" }',
        "army.A.unit[0].models[1].at",
        "every model",
    ),
    (
        "champion = true,",
        "champion = true, wounds_taken = 2,",
        "army.A.unit[0].models",
        "wounds taken",
    ),
    (
        'tags = ["horn"] },\n  { at = [25.6, 38.0] }',
        'tags = ["horn"], champion = true },\n  { at = [25.6, 38.0], champion = true }',
        "army.B.unit[0].models",
        "at most one champion",
    ),
    ('id = "B1"\n', 'id = "A1"\n', "army.B.unit[0].id", "appears twice"),
    ('general = "A1"', 'general = "B1"', "army.A.general", "not a unit of army A"),
    ("model = 1 }", "model = 3 }", "army.B.general.model", "2 model(s)"),
    (
        "[33, 26], [39, 26], [39, 31], [33, 31]",
        "[33, 26], [33, 31], [39, 31], [39, 26]",
        "feature[0].polygon",
        "counter-clockwise",
    ),
    ("[39, 31], [33, 31]", "[39, 31], [33, 49]", "feature[0].polygon[3]", "off the table"),
    ('movement = "climb"', 'movement = "swim"', "feature[0].movement", "Input should be"),
    ("width = 72", "width = 25", "table", "3' x 3'"),
    ("[army.B]", "[armee.B]", "armee", "Extra inputs"),
    ("[army.B]", "[army.C]", "army.C", "Input should be 'A' or 'B'"),
    (  # AOS-3.5: a battle the players set up names its generals in play
        "[army.B]",
        '[deployment]\nmode = "players"\n[army.B]',
        "army.A.general",
        "named in play",
    ),
]


@pytest.mark.parametrize(("old", "new", "field", "reason"), BAD)
def test_a_battle_file_with_a_mistake_names_file_field_and_reason(
    tmp_path: Path, old: str, new: str, field: str, reason: str
) -> None:
    assert old in MINIMAL
    path = write(tmp_path, MINIMAL.replace(old, new, 1))
    with pytest.raises(ContentError) as caught:
        load_battle_file(path)
    err = caught.value
    assert err.source == str(path)
    assert err.field == field
    assert reason in err.reason
    assert str(err).startswith(f"{path}: {field}: ")


def test_a_battle_needs_both_armies(tmp_path: Path) -> None:
    text = MINIMAL[: MINIMAL.index("[army.B]")]
    with pytest.raises(ContentError, match=r"army: .*\[army\.B\] is missing"):
        load_battle_file(write(tmp_path, text))


def test_invalid_toml_and_missing_files_are_content_errors(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="invalid TOML"):
        load_battle_file(write(tmp_path, "[table\nwidth = 4"))
    with pytest.raises(ContentError, match="cannot read file"):
        load_battle_file(tmp_path / "absent.toml")


SUDDEN_DEATH = [
    (
        '[sudden_death]\nchooser = "B"\nobjective = "endure"\n',
        "sudden_death.chooser",
        "not outnumbered",
    ),
    (
        '[sudden_death]\nchooser = "A"\nobjective = "blunt"\nnamed_unit = "B1"\n',
        "sudden_death.chooser",
        "not outnumbered",
    ),
    (
        '[sudden_death]\nchooser = "A"\nobjective = "assassinate"\n',
        "sudden_death",
        "needs named_unit",
    ),
    (
        '[sudden_death]\nchooser = "A"\nobjective = "conquer"\n',
        "sudden_death.objective",
        "Input should be",
    ),
    ("[triumphs]\nB = { die = 7 }\n", "triumphs.B.die", "less than or equal to 6"),
    ('[position]\nactive = "C"\n', "position.active", "Input should be"),
    ('[deployment]\norder = ["A1", "B2"]\n', "deployment.order[1]", "no unit"),
    ('[roll_offs]\npriority = { 1 = "A" }\n', "roll_offs.priority", "D-29"),
]


@pytest.mark.parametrize(("table", "field", "reason"), SUDDEN_DEATH)
def test_battle_tables_with_mistakes(tmp_path: Path, table: str, field: str, reason: str) -> None:
    text = MINIMAL.replace("[table]", table + "[table]")
    with pytest.raises(ContentError) as caught:
        load_battle_file(write(tmp_path, text))
    assert (caught.value.field, reason in caught.value.reason) == (field, True)


def test_d_32_sudden_death_checks_the_named_unit() -> None:
    big_b = "\n".join(f"  {{ at = [{20 + 1.6 * i:.1f}, 40.0] }}," for i in range(8))
    text = MINIMAL.replace("  { at = [25.6, 38.0] },\n", f"  {{ at = [25.6, 38.0] }},\n{big_b}\n")
    sd = '[sudden_death]\nchooser = "A"\nobjective = "{}"\nnamed_unit = "B1"\n'
    battle = load_battle_text(text.replace("[table]", sd.format("blunt") + "[table]"))
    assert battle.models_on_table("B") == 10
    with pytest.raises(ContentError, match="not a HERO, WIZARD, PRIEST or MONSTER"):
        load_battle_text(text.replace("[table]", sd.format("assassinate") + "[table]"))
    seize = '[sudden_death]\nchooser = "A"\nobjective = "seize_ground"\nfeature = "F1"\n'
    assert load_battle_text(text.replace("[table]", seize + "[table]")).data.sudden_death


ARMY = """\
[army]
name = "Hammers of Sigmar"
general = "A2"
[[army.unit]]
id = "A1"
warscroll = "liberators"
models = [
  { loadout = "warhammer_shield", champion = true },
  { loadout = "grandhammer" },
]
[[army.unit]]
id = "A2"
warscroll = "Lord-Celestant"
models = [{}]
"""


def test_3_4_an_army_list(tmp_path: Path) -> None:
    path = tmp_path / "army.toml"
    path.write_text(ARMY, encoding="utf-8")
    army = load_army_list(path)
    assert army.name == "Hammers of Sigmar" and army.general == ("A2", 0)
    assert [(uid, spec.warscroll.id) for uid, spec in army.units] == [
        ("A1", "liberators"),
        ("A2", "lord_celestant"),
    ]


@pytest.mark.parametrize(
    ("old", "new", "field", "reason"),
    [
        ('{ loadout = "grandhammer" }', '{ loadout = "grandhammer", at = [1.0, 1.0] }',
         "army.unit[0].models[1].at", "battle files"),
        ('general = "A2"', 'general = "A3"', "army.general", "no unit"),
        ('id = "A2"', 'id = "A1"', "army.unit[1].id", "appears twice"),
        ('warscroll = "Lord-Celestant"', 'warscroll = "Lord-Commander"',
         "army.unit[1].warscroll", "unknown warscroll"),
        ("models = [{}]", "models = []", "army.unit[1].models", "at least 1"),
    ],
)  # fmt: skip
def test_an_army_list_with_a_mistake(
    tmp_path: Path, old: str, new: str, field: str, reason: str
) -> None:
    path = tmp_path / "army.toml"
    path.write_text(ARMY.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_army_list(path)
    assert (caught.value.source, caught.value.field) == (str(path), field)
    assert reason in caught.value.reason
