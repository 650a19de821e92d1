"""Battlefields for the Lore tests, built on the rules tests' unit types (`rules_fixtures`,
from the spec's tables): units as (type, hex, side[, figures]) in uid order, unordered unless
named in `ordered`."""

from __future__ import annotations

from bitva.games.battlelore.field.board import hex_of
from bitva.games.battlelore.field.model import Field, Landmark, Terrain, Unit
from tests.battlelore.rules_fixtures import make_field


def field(
    *units: tuple[str, str, int] | tuple[str, str, int, int],
    ordered: tuple[str, ...] = (),
    terrain: dict[str, Terrain] | None = None,
    landmarks: dict[str, Landmark] | None = None,
) -> Field:
    made = make_field(*units, terrain=terrain, landmarks=landmarks)
    for each in made.alive():
        each.ordered = each.hex in {hex_of(h) for h in ordered}
    return made


def at(field: Field, name: str) -> Unit:
    found = field.unit_at(hex_of(name))
    assert found is not None, name
    return found
