"""Unit types and small battlefields for the rules tests (section 2.3, 5.3, D-5..D-9).

The types are built here from the spec's tables, not from the catalogue, so that the battlefield
rules are tested on their own; `test_position.py` and `test_analysis.py` use the catalogue.
"""

from __future__ import annotations

from bitva.games.battlelore.field.board import HEX_COUNT, hex_of
from bitva.games.battlelore.field.model import (
    Ability,
    Banner,
    Field,
    Landmark,
    Status,
    Terrain,
    Unit,
    UnitType,
    Weapon,
)

WEAPONS = {
    "short_bow": Weapon("short_bow", 4, ((2, 2), (3, 2), (4, 2)), "minus1", False),
    "long_bow": Weapon("long_bow", 5, ((2, 2), (3, 2), (4, 2), (5, 2)), "none", False),
    "crossbow": Weapon("crossbow", 3, ((2, 3), (3, 2)), "none", False),
    "sword": Weapon("sword", 1, (), "ok", True),
    "spear": Weapon("spear", 1, (), "ok", True),
    "lance": Weapon("lance", 1, (), "ok", True),
    "mandibles": Weapon("mandibles", 1, (), "ok", True),  # the bonus strike (5.3)
}
MOVES = {  # D-5: (status, banner) -> (move_max, move_battle)
    ("foot", "green"): (2, 2),
    ("foot", "blue"): (2, 1),
    ("foot", "red"): (1, 1),
    ("mounted", "green"): (4, 4),
    ("mounted", "blue"): (3, 3),
    ("mounted", "red"): (2, 2),
}
DICE: dict[Banner, int] = {"green": 2, "blue": 3, "red": 4}
ROSTER: dict[str, tuple[str, Banner, Status, str, frozenset[str]]] = {
    "h_gf_bow": ("human", "green", "foot", "short_bow", frozenset()),
    "h_gf_spear": ("human", "green", "foot", "spear", frozenset()),
    "h_bf_sword": ("human", "blue", "foot", "sword", frozenset()),
    "h_bf_longbow": ("human", "blue", "foot", "long_bow", frozenset()),
    "h_rf_sword": ("human", "red", "foot", "sword", frozenset()),
    "h_gm_bow": ("human", "green", "mounted", "short_bow", frozenset()),
    "h_bm_lance": ("human", "blue", "mounted", "lance", frozenset()),
    "h_rm_lance": ("human", "red", "mounted", "lance", frozenset()),
    "d_bf_crossbow": ("dwarf", "blue", "foot", "crossbow", frozenset({"iron_morale"})),
    "d_bf_sword": ("dwarf", "blue", "foot", "sword", frozenset({"iron_morale"})),
    "d_rf_sword": ("dwarf", "red", "foot", "sword", frozenset({"iron_morale"})),
    "g_gf_bow": ("goblin", "green", "foot", "short_bow", frozenset({"frightened", "rush"})),
    "g_gf_brawler": ("goblin", "green", "foot", "spear", frozenset({"frightened", "rush"})),
    "g_bf_sword": ("goblin", "blue", "foot", "sword", frozenset({"frightened", "rush"})),
    "g_gm_rider": ("goblin", "green", "mounted", "spear", frozenset({"frightened"})),
}


def unit_type(type_id: str) -> UnitType:
    if type_id == "c_giant_spider":
        return UnitType(
            "c_giant_spider", "Giant Spider", "creature", "green", "creature", 1,
            WEAPONS["mandibles"], 4, 4, 2, frozenset(), retreat_per_flag=2, bonus_strike=True,
            max_stored_lore=2,
            abilities=(Ability("web", 1, False), Ability("poison", 2, True)),
        )  # fmt: skip
    race, banner, status, weapon, traits = ROSTER[type_id]
    move_max, move_battle = MOVES[(status, banner)]
    figures = 4 if status == "foot" else 3
    return UnitType(
        type_id, type_id, race, banner, status, figures, WEAPONS[weapon],  # type: ignore[arg-type]
        move_max, move_battle, DICE[banner], traits,
    )  # fmt: skip


def make_field(
    *units: tuple[str, str, int] | tuple[str, str, int, int],
    terrain: dict[str, Terrain] | None = None,
    landmarks: dict[str, Landmark] | None = None,
    lore: bool = True,
) -> Field:
    """A battlefield: units as (type, hex, side[, figures]) in uid order, terrain and landmarks by
    hex name. Units are ordered and unmoved."""
    ground: list[Terrain] = ["plain"] * HEX_COUNT
    for name, kind in (terrain or {}).items():
        ground[hex_of(name)] = kind
    marks: list[Landmark | None] = [None] * HEX_COUNT
    for name, kind2 in (landmarks or {}).items():
        marks[hex_of(name)] = kind2
    placed: list[Unit | None] = []
    for uid, spec in enumerate(units):
        kind_of = unit_type(spec[0])
        figures = spec[3] if len(spec) == 4 else kind_of.figures
        placed.append(Unit(uid, kind_of, spec[2], hex_of(spec[1]), figures, ordered=True))
    return Field(tuple(ground), tuple(marks), lore, placed)


def at(field: Field, name: str) -> Unit:
    unit = field.unit_at(hex_of(name))
    assert unit is not None, name
    return unit


def names(hexes: object) -> list[str]:
    from bitva.games.battlelore.field.board import name

    return sorted(name(h) for h in hexes)  # type: ignore[attr-defined]
