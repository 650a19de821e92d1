"""The analysis of issue 11: moves, battles, dice, hit chance and exact elimination odds.

The odds are checked against hand computations over every ordered sequence of faces (6**n),
written independently of the engine's grouping by face counts."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction
from math import comb

import pytest

from bitva.games.battlelore.analysis.report import analyse, hit_chance, p_eliminated
from bitva.games.battlelore.field.board import adjacent
from bitva.games.battlelore.field.combat import Kind, base_dice
from bitva.games.battlelore.field.model import FACES, Field
from bitva.games.battlelore.position.file import read_position
from tests.battlelore.rules_fixtures import at, make_field

SIXTH = Fraction(1, 6)


def by_sequence(dice: int, eliminated: Callable[[tuple[str, ...]], Fraction]) -> Fraction:
    """The chance of elimination summed over the 6**dice ordered rolls."""
    total = Fraction(0)
    for roll in itertools.product(FACES, repeat=dice):
        total += eliminated(roll)
    return total * SIXTH**dice


def at_least(k: int, n: int, p: Fraction) -> Fraction:
    total = Fraction(0)
    for i in range(k, n + 1):
        total += comb(n, i) * p**i * (1 - p) ** (n - i)
    return total


def odds(field: Field, attacker: str, target: str) -> Fraction:
    a, t = at(field, attacker), at(field, target)
    kind: Kind = "melee" if adjacent(a.hex, t.hex) else "ranged"
    return p_eliminated(field, a, t, kind, base_dice(field, a, t, kind))


SAMPLE = """
[adventure]
id = "SAMPLE"
lore = false
first_player = "south"
victory_banners = 4
[sides.south]
command_cards = 4
units = [{ type = "h_bf_sword", hex = "F4", ordered = true }]
[sides.north]
command_cards = 4
units = [{ type = "h_bf_sword", hex = "G5", figures = 1 }]
[position]
active = "south"
step = "battle"
"""


def test_the_issue_sample_numbers() -> None:
    position = read_position(SAMPLE, "sample.toml")
    assert analyse(position.field, position.active, position.step) == {
        "active": "south",
        "step": "battle",
        "moves": {},
        "battles": [
            {"attacker": "F4", "target": "G5", "kind": "melee", "dice": 3,
             "hit_chance": 0.3333333333, "p_eliminated": 0.7037037037},
        ],
    }  # fmt: skip


def test_bl_5_1_blue_against_blue_melee_hits_one_in_three() -> None:
    field = make_field(("h_bf_sword", "F4", 1), ("h_bf_sword", "G5", 2))
    a, t = at(field, "F4"), at(field, "G5")
    assert hit_chance(field, a, t, "melee") == Fraction(1, 3)
    # 4 figures, open retreat: only 3 hits of 3 cannot eliminate 4 figures
    assert p_eliminated(field, a, t, "melee", 3) == 0
    t.figures = 3
    assert p_eliminated(field, a, t, "melee", 3) == Fraction(1, 27)


def test_bl_6_6_flags_blocked_at_the_edge_cost_figures() -> None:
    field = make_field(("h_bf_sword", "F1", 1, 2), ("h_bf_sword", "F2", 2))
    # South's unit on its own edge: every flag is a lost figure; B, S, F all cost one
    assert odds(field, "F2", "F1") == at_least(2, 3, Fraction(1, 2))


def test_bl_6_5_the_target_retreats_the_way_that_costs_it_least() -> None:
    # North at F5 with 2 flags: E6 leads into a dead end (D7, E7 held), F6 leads on
    field = make_field(
        ("h_bf_sword", "F4", 1), ("h_bf_sword", "F5", 2, 1), ("h_bf_sword", "D7", 1),
        ("h_bf_sword", "E7", 1),
    )  # fmt: skip
    assert odds(field, "F4", "F5") == at_least(1, 3, Fraction(1, 3))


def test_bl_6_1_a_bold_target_ignores_flags() -> None:
    field = make_field(
        ("h_bf_sword", "F2", 2), ("d_bf_sword", "F1", 1, 1), ("h_bf_sword", "E1", 1),
        ("h_bf_sword", "G1", 1),
    )  # fmt: skip
    # a supported dwarf (Bold 2) on its own edge: only a third flag costs it a figure
    no_hit = Fraction(4, 6) ** 3 - SIXTH**3
    assert odds(field, "F2", "F1") == 1 - no_hit


def test_bl_10_3_goblin_panic_counts_in_the_odds() -> None:
    field = make_field(("h_bf_sword", "F4", 1), ("g_bf_sword", "F5", 2, 2))

    def eliminated(roll: tuple[str, ...]) -> Fraction:
        hits = sum(face in ("B", "S") for face in roll)
        flags = roll.count("F")
        left = 2 - hits
        if left <= 0:
            return Fraction(1)
        room = 4  # rows 6..9 lie open to the north
        retreated = min(2 * flags, room)
        left -= 2 * flags - retreated
        if left <= 0:
            return Fraction(1)
        return at_least(left, retreated, SIXTH)

    assert odds(field, "F4", "F5") == by_sequence(3, eliminated)


def test_bl_11_4_bl_11_5_d_23_creature_target_criticals_trample_and_risk() -> None:
    field = make_field(
        ("h_rf_sword", "F4", 1), ("c_giant_spider", "F5", 2), ("g_bf_sword", "E6", 2),
        terrain={"F6": "river"},
    )  # fmt: skip
    risk = 1 - SIXTH * SIXTH

    def eliminated(roll: tuple[str, ...]) -> Fraction:
        hits = sum(face in ("G", "S") for face in roll)
        extra = max(roll.count("F") - 1, 0)  # one flag ignored (mandatory)
        survive = (1 - SIXTH) ** hits
        if extra == 1 or extra == 3:  # trampled goblin keeps 2 figures: 2 hexes blocked
            survive *= risk**2
        return 1 - survive

    assert odds(field, "F4", "F5") == by_sequence(4, eliminated)


def test_bl_11_5_a_spider_in_the_open_dies_only_by_criticals() -> None:
    # rows 4..9 give room for the 6 hexes of 3 flags not ignored
    field = make_field(("h_rf_sword", "F2", 1), ("c_giant_spider", "F3", 2))
    assert odds(field, "F2", "F3") == 1 - (1 - Fraction(1, 3) * SIXTH) ** 4


def test_t_15_critical_risk_at_the_edge() -> None:
    field = make_field(("h_rf_sword", "F8", 1), ("c_giant_spider", "F9", 2))
    risk = 1 - SIXTH * SIXTH

    def eliminated(roll: tuple[str, ...]) -> Fraction:
        hits = sum(face in ("G", "S") for face in roll)
        blocked = 2 * max(roll.count("F") - 1, 0)
        return 1 - (1 - SIXTH) ** hits * risk**blocked

    assert odds(field, "F8", "F9") == by_sequence(4, eliminated)


def test_bl_11_10_a_poisoned_target_loses_a_figure_per_l() -> None:
    field = make_field(("h_bf_sword", "G5", 2), ("h_bf_sword", "F4", 1, 3))
    at(field, "F4").poisoned = True
    assert hit_chance(field, at(field, "G5"), at(field, "F4"), "melee") == Fraction(1, 2)
    assert odds(field, "G5", "F4") == Fraction(1, 8)
    basic = make_field(("h_bf_sword", "G5", 2), ("h_bf_sword", "F4", 1, 3), lore=False)
    at(basic, "F4").poisoned = True
    assert odds(basic, "G5", "F4") == Fraction(1, 27)


def test_bl_11_8_a_webbed_target_takes_its_flags_as_hits() -> None:
    field = make_field(("h_bf_sword", "G5", 2), ("h_bf_sword", "F4", 1, 2))
    at(field, "F4").webbed = True
    assert hit_chance(field, at(field, "G5"), at(field, "F4"), "melee") == Fraction(1, 2)
    assert odds(field, "G5", "F4") == at_least(2, 3, Fraction(1, 2))


def test_json_shape_and_sorting() -> None:
    field = make_field(
        ("h_bf_sword", "G4", 1), ("h_gf_bow", "C2", 1), ("h_rf_sword", "F4", 1),
        ("h_bf_sword", "F5", 2), ("h_bf_sword", "G5", 2), ("h_bf_sword", "C4", 2),
        ("h_bf_sword", "A9", 2),
    )  # fmt: skip
    at(field, "A9").ordered = False
    result = analyse(field, 1, "battle")
    assert list(result) == ["active", "step", "moves", "battles"]
    pairs = [(b["attacker"], b["target"]) for b in result["battles"]]
    assert pairs == sorted(pairs)
    assert ("C2", "C4") in pairs and ("F4", "F5") in pairs and ("G4", "G5") in pairs
    assert all(
        b["kind"] == ("ranged" if b["attacker"] == "C2" else "melee") for b in result["battles"]
    )
    assert result["moves"] == {}
    moves = analyse(field, 1, "move")
    assert moves["battles"] == [] and list(moves["moves"]) == ["C2", "F4", "G4"]
    assert all(v == sorted(v) for v in moves["moves"].values())
    assert analyse(field, 2, "move")["active"] == "north"


def test_moves_only_for_ordered_unmoved_units() -> None:
    field = make_field(("h_bf_sword", "F4", 1), ("h_bf_sword", "C4", 1), ("h_bf_sword", "J4", 1))
    at(field, "C4").moved = 1
    at(field, "J4").ordered = False
    at(field, "F4").webbed = True
    assert analyse(field, 1, "move")["moves"] == {"F4": []}


def test_bl_3_2_d_8_battles_respect_moves_and_weapons() -> None:
    field = make_field(("h_bf_sword", "F4", 1), ("h_gf_bow", "C2", 1), ("h_bf_sword", "C5", 2))
    at(field, "F4").moved = 2
    at(field, "C2").moved = 1
    (only,) = analyse(field, 1, "battle")["battles"]
    assert (only["attacker"], only["dice"], only["kind"]) == ("C2", 1, "ranged")


@pytest.mark.parametrize("dice", [1, 2, 3, 4])
def test_p_eliminated_is_a_probability(dice: int) -> None:
    field = make_field(("h_rm_lance", "F4", 1), ("g_gm_rider", "F5", 2, 1))
    p = p_eliminated(field, at(field, "F4"), at(field, "F5"), "melee", dice)
    assert 0 < p <= 1
