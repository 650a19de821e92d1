"""Warscrolls as data (section 3.1, 3.2, 6.1): shipped content and load errors (invariant 6)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bitva.core import BitvaError, errors
from bitva.games.age_of_sigmar import effects as fx
from bitva.games.age_of_sigmar.dice import Dice
from bitva.games.age_of_sigmar.loader import (
    ContentError,
    UnknownWarscroll,
    builtin_warscrolls,
    find_warscroll,
    load_warscroll_file,
    load_warscroll_text,
)
from bitva.games.age_of_sigmar.units import (
    ModelSpec,
    UnitError,
    UnitSpec,
    default_unit,
    load_unit_file,
)

SHIPPED = {
    "liberators",
    "lord_celestant",
    "judicators",
    "battlemage",
    "bloodreavers",
    "blood_warriors",
    "bloodsecrator",
    "khorgorath",
    "chaos_sorcerer_lord",
}

GOOD = """
[[warscroll]]
id = "test_unit"
name = "Test Unit"
keywords = ["ORDER"]
stats = { move = 5, save = 4, bravery = 6, wounds = 2, base_mm = 32, min_models = 5 }
melee = [["Blade", 1, 2, 3, 4, -1, "D3"]]
loadouts = [{ id = "blade", weapons = ["Blade"] }]
"""


def test_section_6_1_all_nine_warscrolls_ship_and_validate() -> None:
    assert set(builtin_warscrolls()) == SHIPPED


def test_section_6_1_liberators_facts() -> None:
    lib = builtin_warscrolls()["liberators"]
    assert (lib.stats.save, lib.stats.wounds, lib.stats.bravery, lib.stats.move) == (4, 2, 6, 5)
    hammer = lib.weapon("Grandhammer")
    assert (hammer.kind, hammer.attacks, hammer.hit, hammer.wound, hammer.rend, hammer.damage) == (
        "melee",
        Dice.fixed(2),
        4,
        3,
        -1,
        Dice.fixed(2),
    )
    assert lib.loadout("grandhammer").one_in == 5
    assert lib.champion is not None and lib.champion.name == "Liberator-Prime"
    kinds = [e.kind for a in lib.abilities for e in a.effects]
    assert kinds == ["roll_mod", "reroll", "reroll"]
    lay_low = lib.abilities[0].effects[0]
    assert isinstance(lay_low, fx.RollMod)
    assert lay_low.when is not None and lay_low.when.target_wounds_at_least == 5


def test_section_6_1_dice_values_and_nested_effects() -> None:
    scrolls = builtin_warscrolls()
    assert scrolls["battlemage"].weapon("Wizard's Staff").damage == Dice.parse("D3")
    judicators = scrolls["judicators"]
    chained = judicators.abilities[2].effects[0]
    assert isinstance(chained, fx.OnRoll) and chained.outcome.hits == Dice.parse("D6")
    portal = scrolls["bloodsecrator"].abilities[0].effects[0]
    assert isinstance(portal, fx.Activated)
    aura = portal.effects[1]
    assert isinstance(aura, fx.Aura) and aura.range == 18 and aura.include_self
    assert scrolls["khorgorath"].stats.base_mm == 60
    assert scrolls["chaos_sorcerer_lord"].wizard is not None


@pytest.mark.parametrize("name", ["Lord-Celestant", "lord celestant", "LORD_CELESTANT"])
def test_find_warscroll_by_id_or_name(name: str) -> None:
    assert find_warscroll(name).id == "lord_celestant"


def test_unknown_warscroll_suggests_close_names() -> None:
    with pytest.raises(UnknownWarscroll, match="did you mean liberators") as info:
        find_warscroll("liberator")
    assert isinstance(info.value, BitvaError)


def test_content_errors_are_the_cores() -> None:
    """One error hierarchy: a bad warscroll file is the core's ContentError (file, field,
    reason), so every front end prints it as one line."""
    assert ContentError is errors.ContentError


def test_good_file_loads() -> None:
    [scroll] = load_warscroll_text(GOOD, "good.toml")
    assert scroll.weapon("Blade").damage == Dice.parse("D3")
    assert scroll.stats.save == 4


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        (
            ("save = 4", 'save = "7+"'),
            "warscroll[0] (test_unit).stats.save",
            "less than or equal to 6",
        ),
        (
            ("3, 4, -1", "1, 4, -1"),
            "warscroll[0] (test_unit).melee[0].hit",
            "greater than or equal to 2",
        ),
        (
            ('-1, "D3"', '1, "D3"'),
            "warscroll[0] (test_unit).melee[0].rend",
            "less than or equal to 0",
        ),
        (('"D3"]]', '"D4"]]'), "warscroll[0] (test_unit).melee[0].damage", "D3, 2D6"),
        (('-1, "D3"]]', "-1]]"), "warscroll[0] (test_unit).melee", "[name, range, attacks"),
        (
            ('weapons = ["Blade"]', 'weapons = ["Axe"]'),
            "warscroll[0] (test_unit)",
            "names weapon 'Axe'",
        ),
        (("base_mm = 32, ", ""), "warscroll[0] (test_unit).stats.base_mm", "Field required"),
        (
            ('keywords = ["ORDER"]', 'keywords = ["ORDER"]\nspeed = 3'),
            "warscroll[0] (test_unit).speed",
            "Extra inputs",
        ),
        (('id = "test_unit"', 'id = "Test Unit"'), "warscroll[0] (Test Unit).id", "pattern"),
    ],
)
def test_invariant_6_bad_warscroll_names_file_field_and_reason(
    change: tuple[str, str], field: str, reason: str
) -> None:
    text = GOOD.replace(*change)
    assert text != GOOD
    with pytest.raises(ContentError) as info:
        load_warscroll_text(text, "bad.toml")
    err = info.value
    assert isinstance(err, BitvaError)  # the core's ContentError: one line in every front end
    assert err.source == "bad.toml"
    assert err.field == field
    assert reason in err.reason
    assert str(err).startswith(f"bad.toml: {field}: ")


@pytest.mark.parametrize(
    ("effect", "reason"),
    [
        ('{ kind = "roll_mod", roll = "hit" }', "value"),
        ('{ kind = "teleport" }', "does not match any of the expected tags"),
        ('{ kind = "reroll", roll = "hit", which = "sixes" }', "'ones', 'failed' or 'any'"),
        (
            '{ kind = "on_roll", roll = "hit", on = 6, outcome = { rend = -1 } }',
            "does not fit a hit roll",
        ),
        ('{ kind = "on_roll", roll = "hit", on = 6, outcome = { mortal_wounds = 1 } }', "then"),
        ('{ kind = "on_roll", roll = "wound", on = 6, outcome = {} }', "exactly one of"),
        ('{ kind = "ward", on = 9 }', "less than or equal to 6"),
        (
            '{ kind = "stat_mod", stat = "attacks", value = 1, weapons = ["Axe"] }',
            "names weapon 'Axe'",
        ),
        (
            '{ kind = "roll_mod", roll = "hit", value = 1, when = { phaze = "combat" } }',
            "Extra inputs",
        ),
    ],
)
def test_section_3_2_bad_effects_are_explained(effect: str, reason: str) -> None:
    text = GOOD + f'abilities = [{{ name = "X", effects = [{effect}] }}]\n'
    with pytest.raises(ContentError) as info:
        load_warscroll_text(text, "bad.toml")
    assert info.value.field.startswith("warscroll[0] (test_unit)")
    assert reason in str(info.value)


def test_section_3_3_conditions_nest() -> None:
    text = GOOD + (
        'abilities = [{ name = "X", effects = [{ kind = "roll_mod", roll = "hit", value = 1, '
        "when = { any_of = [{ charged_this_turn = true }, "
        "{ not = { moved_this_turn = true } }] } }] }]\n"
    )
    [scroll] = load_warscroll_text(text)
    effect = scroll.abilities[0].effects[0]
    assert effect.when is not None and effect.when.any_of is not None
    assert effect.when.any_of[1].not_ is not None


def test_invalid_toml_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="invalid TOML"):
        load_warscroll_text("[[warscroll]\n", "broken.toml")
    with pytest.raises(ContentError, match="cannot read file"):
        load_warscroll_file(tmp_path / "missing.toml")
    with pytest.raises(ContentError, match="unknown table"):
        load_warscroll_text("[army]\nname = 'x'\n", "army.toml")
    with pytest.raises(ContentError, match="appears twice"):
        load_warscroll_text(GOOD + GOOD, "twice.toml")


def test_unit_file_with_counts_and_own_warscroll(tmp_path: Path) -> None:
    path = tmp_path / "unit.toml"
    path.write_text(
        GOOD
        + '[unit]\nwarscroll = "test_unit"\n'
        + 'models = [{ loadout = "blade", count = 4 }, { wounds_taken = 1 }]\n'
    )
    unit = load_unit_file(path)
    assert len(unit.models) == 5
    assert unit.remaining_wounds() == [2, 2, 2, 2, 1]
    path.write_text('[unit]\nwarscroll = "liberators"\nmodels = [{ loadout = "sword" }]\n')
    with pytest.raises(ContentError, match="no loadout 'sword'"):
        load_unit_file(path)
    path.write_text('[unit]\nwarscroll = "liberatorz"\nmodels = [{}]\n')
    with pytest.raises(ContentError, match=r"unit\.warscroll: unknown warscroll"):
        load_unit_file(path)


def test_a_unit_its_warscroll_does_not_allow_is_a_unit_error() -> None:
    """AOS-1.2: a loadout the warscroll lacks is refused with one line naming the loadouts."""
    lib = builtin_warscrolls()["liberators"]
    with pytest.raises(UnitError, match="no loadout 'sword'") as info:
        default_unit(lib, loadout="sword")
    assert isinstance(info.value, BitvaError)


def test_open_play_warns_but_never_refuses() -> None:
    lib = builtin_warscrolls()["liberators"]
    unit = UnitSpec(lib, (ModelSpec("grandhammer"), ModelSpec("grandhammer")))
    assert any("fewer than the usual 5" in w for w in unit.warnings)
    assert any("more than one in every 5" in w for w in unit.warnings)
    assert default_unit(lib).warnings == ()
