"""Position files (issue 11): reading, writing, the round trip and one clear error per fault."""

from __future__ import annotations

import pytest

from bitva.core.errors import PositionError
from bitva.games.battlelore.analysis.report import analyse
from bitva.games.battlelore.field.board import hex_of
from bitva.games.battlelore.field.combat import may_battle
from bitva.games.battlelore.field.model import Field
from bitva.games.battlelore.position.file import read_position, write_position

HEAD = """
[adventure]
id = "T"
name = "Test"
lore = true
first_player = "north"
victory_banners = 6
[terrain]
hill = ["F3"]
forest = ["J5"]
ford = ["C5"]
[landmarks]
fortification = ["F3"]
"""


def position(south: str, north: str, active: str = "south", step: str = "battle") -> str:
    return (
        HEAD
        + f"[sides.south]\ncommand_cards = 4\nunits = [{south}]\n"
        + f"[sides.north]\nwar_council = {{ commander = 1, wizard = 2 }}\nunits = [{north}]\n"
        + f'[position]\nactive = "{active}"\nstep = "{step}"\n'
    )


GOOD = position(
    '{ type = "d_rf_sword", hex = "F3", ordered = true, moved = 1 }, '
    '{ type = "h_bf_sword", hex = "F2", figures = 2, ordered = true, poisoned = true }, '
    '"h_gf_bow@C2"',
    '{ type = "c_giant_spider", hex = "F4", stored_lore = 2 }, '
    '{ type = "g_bf_sword", hex = "G4", figures = 3, webbed = true }',
)


def state(field: Field) -> list[tuple[object, ...]]:
    return [
        (u.type.id, u.side, u.hex, u.figures, u.ordered, u.moved, u.entered_landmark,
         u.entered_stop, u.move_stopped, u.webbed, u.poisoned, u.stored_lore)
        for u in field.alive()
    ]  # fmt: skip


def test_a_position_is_read_with_each_units_state() -> None:
    read = read_position(GOOD, "good.toml")
    assert (read.active, read.step, read.adventure.id) == (1, "battle", "T")
    dwarf, footmen, bow, spider, goblin = read.field.alive()
    assert dwarf.entered_landmark and not may_battle(read.field, dwarf)  # BL-9.1
    assert footmen.figures == 2 and footmen.poisoned and footmen.ordered
    assert bow.figures == 4 and not bow.ordered  # "TYPE@HEX" at full strength
    assert spider.stored_lore == 2 and spider.side == 2
    assert goblin.webbed and goblin.figures == 3
    assert read.field.terrain[hex_of("J5")] == "forest"


def test_the_round_trip_keeps_the_position() -> None:
    read = read_position(GOOD, "good.toml")
    text = write_position(read)
    again = read_position(text, "again.toml")
    assert state(again.field) == state(read.field)
    assert (again.active, again.step, again.adventure) == (read.active, read.step, read.adventure)
    assert write_position(again) == text
    assert analyse(again.field, 1, "battle") == analyse(read.field, 1, "battle")


def test_the_shipped_adventure_a02_as_a_position() -> None:
    from bitva.games.battlelore.catalogue.load import load_catalogue
    from bitva.games.battlelore.position.file import Position, build_field

    a02 = load_catalogue().adventures["A02"]
    text = write_position(Position(a02, build_field(a02, {}), 2, "move"))
    assert read_position(text, "a02.toml").adventure.sides == a02.sides


BAD = [
    ("not toml [", "line"),
    (HEAD + '[sides.south]\nunits = ["h_bf_sword@F2"]\n[sides.north]\nunits = ["h_bf_sword@F6"]\n',
     "position"),
    (position('"h_bf_sword@F2"', '"h_bf_sword@F6"', active="east"), "position.active"),
    (position('"h_bf_sword@F2"', '"h_bf_sword@F6"', step="draw"), "position.step"),
    (GOOD.replace('step = "battle"', 'step = "battle"\ntern = 3'), "position.tern"),
    (position('"h_bf_sword@F2"', '{ type = "h_bf_sword", hex = "F6", ordered = true }'),
     "BL-2.4"),
    (position('{ type = "h_bf_sword", hex = "F2", ordered = true, moved = 4 }', '"h_bf_sword@F6"'),
     "BL-3.2"),
    (position('{ type = "h_bf_sword", hex = "F2", stored_lore = 1 }', '"h_bf_sword@F6"'),
     "BL-11.7"),
    (position('"h_bf_sword@F2"', '{ type = "c_giant_spider", hex = "F6", stored_lore = 3 }'),
     "BL-11.7"),
    (position('{ type = "h_bf_sword", hex = "F2", webbed = "yes" }', '"h_bf_sword@F6"'),
     "webbed"),
    (position('{ type = "h_bf_sword", hex = "F2", webbed = true, ordered = true, moved = 1 }',
              '"h_bf_sword@F6"', step="move"), "BL-11.8"),
    (position('"h_bf_swrd@F2"', '"h_bf_sword@F6"'), "sides.south.units[0]"),
    (position('"h_bf_sword@F2"', '"h_bf_sword@F2"'), "one per hex"),
    (position('"h_bf_sword@F2"', '"h_bf_sword@F6"').replace("lore = true", "lore = false")
     .replace('war_council = { commander = 1, wizard = 2 }', "command_cards = 4")
     .replace('"h_bf_sword@F2"', '{ type = "h_bf_sword", hex = "F2", poisoned = true }'),
     "D-27"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "named"), BAD)
def test_a_bad_position_file_is_one_clear_error(text: str, named: str) -> None:
    with pytest.raises(PositionError) as caught:
        read_position(text, "bad.toml")
    message = str(caught.value)
    assert "bad.toml" in message and named in message
    assert "\n" not in message


def test_d_5_to_d_9_the_rules_tests_types_are_the_catalogues() -> None:
    """The rules tests build unit types from the spec's tables (rules_fixtures); they must be
    the catalogue's, names apart."""
    from dataclasses import replace

    from bitva.games.battlelore.catalogue.load import load_catalogue
    from tests.battlelore.rules_fixtures import ROSTER, unit_type

    shipped = load_catalogue().units
    for type_id in (*ROSTER, "c_giant_spider"):
        mine = unit_type(type_id)
        theirs = shipped[type_id]
        weapon = replace(mine.weapon, id=theirs.weapon.id)
        assert replace(mine, name=theirs.name, weapon=weapon) == theirs


def test_analysis_of_a_full_adventure_is_quick_and_complete() -> None:
    from bitva.games.battlelore.catalogue.load import load_catalogue
    from bitva.games.battlelore.position.file import build_field

    a02 = load_catalogue().adventures["A02"]
    field = build_field(a02, {})
    for unit in field.alive(2):
        unit.ordered = True
    moves = analyse(field, 2, "move")["moves"]
    assert len(moves) == 8 and all(moves.values())
    battles = analyse(field, 2, "battle")["battles"]
    assert battles and all(b["kind"] == "ranged" for b in battles)  # nobody adjacent yet
