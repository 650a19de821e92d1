"""How a battle roll's `L` faces read (BL-5.1, BL-12.4, BL-11.10, BL-13.8): `morale.read_roll`
asks `lore.lore_faces`, the one place that says what they give, so the two cannot disagree."""

from __future__ import annotations

from itertools import product

from bitva.games.battlelore.field.model import Face
from bitva.games.battlelore.field.morale import read_roll
from bitva.games.battlelore.lore.economy import lore_faces
from tests.battlelore.rules_fixtures import at, make_field

ROLL: list[Face] = ["L", "L", "B", "F"]  # blue helmet hits the blue target; one flag


def test_bl_5_1_l_is_a_miss_in_an_adventure_without_lore() -> None:
    """No token, no hit, no poison: even a card's `L` hits and a poison marker do nothing."""
    basic = make_field(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), lore=False)
    attacker, target = at(basic, "F4"), at(basic, "F5")
    target.poisoned = True
    for lore_hits in (False, True):
        effect = read_roll(basic, attacker, target, "melee", ROLL, lore_hits=lore_hits)
        assert (effect.hits, effect.flags, effect.poison_losses, effect.lore) == (1, 1, 0, 0)


def test_bl_12_4_each_unused_l_of_a_lore_adventure_gives_a_token() -> None:
    field = make_field(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2))
    effect = read_roll(field, at(field, "F4"), at(field, "F5"), "melee", ROLL)
    assert (effect.hits, effect.flags, effect.poison_losses, effect.lore) == (1, 1, 0, 2)


def test_bl_13_8_bl_11_10_an_l_a_card_or_poison_uses_gives_no_token() -> None:
    field = make_field(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2))
    attacker, target = at(field, "F4"), at(field, "F5")
    rampage = read_roll(field, attacker, target, "melee", ROLL, lore_hits=True)
    assert (rampage.hits, rampage.poison_losses, rampage.lore) == (3, 0, 0)
    target.poisoned = True
    poisoned = read_roll(field, attacker, target, "melee", ROLL)
    assert (poisoned.hits, poisoned.poison_losses, poisoned.lore) == (1, 2, 0)


def test_bl_12_4_read_roll_agrees_with_lore_faces_everywhere() -> None:
    for lore, poisoned, lore_hits, count in product(
        (False, True), (False, True), (False, True), range(4)
    ):
        field = make_field(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), lore=lore)
        target = at(field, "F5")
        target.poisoned = poisoned
        lore_face: Face = "L"
        roll: list[Face] = [lore_face] * count + ["R"]
        effect = read_roll(field, at(field, "F4"), target, "melee", roll, lore_hits=lore_hits)
        faces = lore_faces(count, keyed_effects=poisoned or lore_hits, lore_adventure=lore)
        assert effect.lore == faces.tokens
        assert effect.poison_losses == (faces.fed_effects if poisoned else 0)
