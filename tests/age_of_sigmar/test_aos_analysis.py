"""The reach analysis of issue 22 (GEO-3, GEO-5, GEO-8, AOS-7, AOS-8.1 to 8.3, AOS-11.2, D-2,
D-13, D-19, T-10): its JSON, the charge roll's exact odds, eligibility edges, both shipped setups,
a battle file whose active player is B, and the command ``bitva calc aos-reach``."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bitva.cli.main import app
from bitva.games.age_of_sigmar.analysis import (
    REACH_ANALYSIS,
    ChargeRoll,
    SnapshotModel,
    SnapshotUnit,
    TableSnapshot,
    analyse,
    charge_chance,
    charge_distribution,
    charge_probability,
    charge_roll,
    in_range,
    needed_roll,
    reach_analysis,
    reach_analysis_for,
)
from bitva.games.age_of_sigmar.battle import builtin_battle, load_battle_text
from bitva.games.age_of_sigmar.geometry.measure import EPS, Circle, Table, base_radius
from bitva.games.age_of_sigmar.geometry.scenery import Feature
from tests.age_of_sigmar.helpers import scroll

R32 = base_radius(32)
R40 = base_radius(40)
runner = CliRunner()


def two_d6(k: int, modifier: int = 0) -> Fraction:
    """P(2D6 + modifier >= k) by counting."""
    hits = sum(1 for a, b in itertools.product(range(1, 7), repeat=2) if a + b + modifier >= k)
    return Fraction(hits, 36)


def test_aos_8_2_two_d6_at_least_k_exactly() -> None:
    for k in range(0, 15):
        assert charge_probability(k) == two_d6(k)
    assert charge_probability(7) == Fraction(7, 12)
    assert charge_probability(8, ChargeRoll(1)) == Fraction(7, 12)
    assert charge_probability(13) == 0 and charge_probability(2) == 1
    horn = charge_distribution(ChargeRoll(1))
    assert len(horn) == 14 and horn[13] == Fraction(1, 36) and horn[3] == 1
    assert horn[8] == two_d6(7) == Fraction(7, 12)


def test_d_19_re_rolls_of_the_charge_roll() -> None:
    # ones: each die showing 1 is rolled again (never lowers the total)
    ones = Fraction(0)
    for a, b in itertools.product(range(1, 7), repeat=2):
        firsts = [range(1, 7) if d == 1 else (d,) for d in (a, b)]
        outcomes = list(itertools.product(*firsts))
        ones += Fraction(sum(x + y >= 9 for x, y in outcomes), len(outcomes)) / 36
    assert charge_probability(9, ChargeRoll(0, frozenset({"ones"}))) == ones
    # failed: the whole roll again when it falls short
    p = two_d6(9)
    assert charge_probability(9, ChargeRoll(0, frozenset({"failed"}))) == p + (1 - p) * p
    # any: the owner keeps or re-rolls each die, choosing best; never worse than failed
    best = charge_probability(9, ChargeRoll(0, frozenset({"any"})))
    assert best > p + (1 - p) * p
    assert charge_probability(9, ChargeRoll(1, frozenset({"failed"}))) == two_d6(8) + (
        1 - two_d6(8)
    ) * two_d6(8)


def test_geo_9a_d_2_needed_roll_is_inclusive() -> None:
    assert needed_roll(7.0) == 7
    assert needed_roll(7.0 + EPS / 2) == 7
    assert needed_roll(7.0 + 10 * EPS) == 8
    assert needed_roll(0.0) == 0


def unit(
    uid: str, side: str, warscroll: str, *centres: tuple[float, float], tags: tuple[str, ...] = ()
) -> SnapshotUnit:
    ws = scroll(warscroll)
    r = base_radius(ws.stats.base_mm)
    weapons = tuple(ws.loadouts[0].weapons)
    models = tuple(
        SnapshotModel(Circle(x, y, r), weapons, frozenset(tags if i == 0 else ()), i == 0)
        for i, (x, y) in enumerate(centres)
    )
    return SnapshotUnit(uid, side, ws, models)  # type: ignore[arg-type]


def snap(
    *units: SnapshotUnit, features: tuple[Feature, ...] = (), active: str = "A"
) -> TableSnapshot:
    return TableSnapshot(Table(72, 48), features, units, active)  # type: ignore[arg-type]


def test_aos_8_1_d_2_eligible_within_12_inches_exactly() -> None:
    gap = 12.0
    lib = unit("A1", "A", "liberators", (20, 10))
    br = unit("B1", "B", "bloodreavers", (20, 10 + R40 + R32 + gap))
    s = snap(lib, br)
    # the reach is 11.5": a roll of 12 is needed
    assert charge_chance(s, lib, br) == Fraction(1, 36)
    far = unit("B1", "B", "bloodreavers", (20, 10 + R40 + R32 + gap + 10 * EPS))
    assert charge_chance(snap(lib, far), lib, far) == 0


def test_aos_8_1_d_2_not_eligible_within_3_inches() -> None:
    lib = unit("A1", "A", "liberators", (20, 10))
    near = unit("B1", "B", "bloodreavers", (20, 10 + R40 + R32 + 3.0))
    other = unit("B2", "B", "bloodreavers", (40, 10 + R40 + R32 + 8.0))
    assert charge_chance(snap(lib, near, other), lib, other) == 0
    apart = unit("B1", "B", "bloodreavers", (20, 10 + R40 + R32 + 3.0 + 10 * EPS))
    assert charge_chance(snap(lib, apart), lib, apart) == two_d6(3)


def test_aos_8_1_ran_retreated_or_befuddled_units_do_not_charge() -> None:
    lib = unit("A1", "A", "liberators", (20, 10))
    br = unit("B1", "B", "bloodreavers", (20, 18))
    for flags in ({"ran": True}, {"retreated": True}, {"statuses": frozenset({"befuddled"})}):
        tired = SnapshotUnit(lib.id, lib.side, lib.warscroll, lib.models, **flags)
        assert charge_chance(snap(tired, br), tired, br) == 0
    assert charge_chance(snap(lib, br), lib, br) > 0


def test_t_10_charge_odds_with_and_without_a_horn() -> None:
    # T-10: a Bloodreaver 7.6" from the nearest Liberator needs 7.1", so a roll of 8; a horn adds 1
    lib = unit("A1", "A", "liberators", (20, 10))
    plain = unit("B1", "B", "bloodreavers", (20, 10 + R40 + R32 + 7.6))
    horn = unit("B1", "B", "bloodreavers", (20, 10 + R40 + R32 + 7.6), tags=("horn",))
    assert charge_roll(snap(lib, horn, active="B"), horn, lib) == ChargeRoll(1)
    assert charge_chance(snap(lib, plain, active="B"), plain, lib) == two_d6(8)
    assert charge_chance(snap(lib, horn, active="B"), horn, lib) == two_d6(7)


def test_aos_11_2_in_range_needs_range_and_sight_t_17() -> None:
    obelisk = Feature("F1", "Obelisk", ((33, 26), (39, 26), (39, 31), (33, 31)), 4, "climb", True)
    judicators = unit("A1", "A", "judicators", (36, 20))
    hidden = unit("B1", "B", "bloodreavers", (36, 36))
    seen = unit("B2", "B", "bloodreavers", (46, 36))
    far = unit("B3", "B", "bloodreavers", (60, 47))
    s = snap(judicators, hidden, seen, far, features=(obelisk,))
    pairs = {p["target"]: p for p in analyse(s)["pairs"]}
    assert pairs["B1"]["visible"] is False and pairs["B1"]["in_range"] == []
    assert pairs["B2"]["visible"] is True and pairs["B2"]["in_range"] == ["skybolt_bow"]
    assert pairs["B3"]["visible"] is True and pairs["B3"]["in_range"] == []
    # AOS-7.1: a unit that ran shoots nothing this turn
    ran = SnapshotUnit("A1", "A", judicators.warscroll, judicators.models, ran=True)
    assert in_range(snap(ran, seen, features=(obelisk,)), ran, seen) == []


def test_issue_22_json_shape_and_order() -> None:
    s = snap(
        unit("A2", "A", "liberators", (20, 10), (23, 10)),
        unit("A1", "A", "lord_celestant", (30, 10)),
        unit("B2", "B", "bloodreavers", (20, 19)),
        unit("B1", "B", "bloodreavers", (28, 19), (29.5, 20)),
    )
    answer = analyse(s)
    assert list(answer) == ["active", "units", "pairs"]
    assert answer["active"] == "A"
    assert answer["units"]["A2"] == {"coherent": False, "models": 2}
    assert answer["units"]["B1"] == {"coherent": True, "models": 2}
    order = [(p["unit"], p["target"]) for p in answer["pairs"]]
    assert order == [("A1", "B1"), ("A1", "B2"), ("A2", "B1"), ("A2", "B2")]
    for pair in answer["pairs"]:
        assert list(pair) == [
            "unit",
            "target",
            "distance",
            "visible",
            "in_range",
            "charge_probability",
        ]
        assert pair["distance"] == round(pair["distance"], 3)
        assert isinstance(pair["charge_probability"], float)
    json.dumps(answer)


@pytest.mark.parametrize("name", ["starter_clash", "scenery_and_sorcery"])
def test_issue_22_shipped_setups(name: str) -> None:
    battle = builtin_battle(name)
    for side in ("A", "B"):
        answer = reach_analysis(battle, side)
        assert answer["active"] == side
        assert set(answer["units"]) == {u.id for u in battle.units}
        assert all(facts["coherent"] for facts in answer["units"].values())
        own = [u for u in battle.units if u.side == side]
        assert len(answer["pairs"]) == len(own) * (len(battle.units) - len(own))
        # the armies start far apart (6.2): nothing can charge or shoot yet
        assert all(p["charge_probability"] == 0.0 for p in answer["pairs"])
        assert all(p["distance"] > 12 for p in answer["pairs"])
    if name == "starter_clash":
        first = reach_analysis(battle)["pairs"][0]
        assert (first["unit"], first["target"], first["distance"]) == ("A1", "B1", 27.583)


BATTLE_B = """
name = "Close quarters"
[table]
width = 48
depth = 48
[position]
active = "B"
[army.A]
general = "A1"
[[army.A.unit]]
id = "A1"
warscroll = "liberators"
models = [{ champion = true, at = [24.0, 20.0] }, { at = [25.7, 20.0] }]
[army.B]
general = "B1"
[[army.B.unit]]
id = "B1"
warscroll = "bloodreavers"
models = [{ champion = true, at = [24.0, 29.0] }, { tags = ["horn"], at = [25.7, 29.0] }]
[[army.B.unit]]
id = "B2"
warscroll = "khorgorath"
models = [{ at = [40.0, 40.0] }]
"""


def test_issue_22_battle_file_with_b_active() -> None:
    battle = load_battle_text(BATTLE_B)
    answer = reach_analysis(battle)
    assert answer["active"] == "B"
    pairs = {(p["unit"], p["target"]): p for p in answer["pairs"]}
    assert set(pairs) == {("B1", "A1"), ("B2", "A1")}
    # 9" between centres, bases 0.63 + 0.787: reach 9 - 1.417 - 0.5 = 7.083, needs 8, horn +1
    assert pairs[("B1", "A1")]["distance"] == 7.583
    assert pairs[("B1", "A1")]["charge_probability"] == float(two_d6(7))
    assert pairs[("B2", "A1")]["charge_probability"] == 0.0  # more than 12" away

    class State:
        def snapshot(self) -> TableSnapshot:
            return TableSnapshot.from_battle(battle)

    assert reach_analysis_for(State(), 1) == answer
    assert REACH_ANALYSIS.run(State(), 0) == answer and REACH_ANALYSIS.name == "reach"


def test_issue_22_cli_json_and_table(tmp_path: Path) -> None:
    path = tmp_path / "battle.toml"
    path.write_text(BATTLE_B, encoding="utf-8")
    result = runner.invoke(app, ["calc", "aos-reach", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == reach_analysis(load_battle_text(BATTLE_B))
    shown = runner.invoke(app, ["calc", "aos-reach", str(path)])
    assert shown.exit_code == 0 and "B1" in shown.output and "58.33%" in shown.output
    as_a = runner.invoke(app, ["calc", "aos-reach", str(path), "--json", "--active", "A"])
    assert json.loads(as_a.output)["active"] == "A"


def test_issue_22_cli_errors_name_file_and_field(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["calc", "aos-reach", str(tmp_path / "none.toml")])
    assert missing.exit_code == 2 and "error:" in missing.output and "none.toml" in missing.output
    bad = tmp_path / "bad.toml"
    bad.write_text(BATTLE_B.replace('active = "B"', 'active = "C"'), encoding="utf-8")
    result = runner.invoke(app, ["calc", "aos-reach", str(bad)])
    assert result.exit_code == 2 and "position.active" in result.output
    unknown = runner.invoke(app, ["calc", "aos-reach", "no_such_setup"])
    assert unknown.exit_code == 2 and "no battle setup" in unknown.output
    assert "Traceback" not in result.output + missing.output + unknown.output


CUSTOM = """
[table]
width = 48
depth = 48
[[warscroll]]
id = "hounds"
name = "Hounds"
keywords = ["CHAOS", "HOUNDS"]
fly = true
stats = { move = 8, save = 5, bravery = 5, wounds = 1, base_mm = 32, min_models = 1 }
missile = [["Howl", 10, 1, 4, 4, 0, 1]]
loadouts = [{ id = "default", weapons = ["Howl"] }]
abilities = [
  { name = "Hunters", effects = [{ kind = "roll_mod", roll = "charge", value = 2, when = { target_keyword = "HERO" } }] },
  { name = "Eager", effects = [{ kind = "reroll", roll = "charge", which = "failed" }] },
  { name = "Long Howl", effects = [{ kind = "stat_mod", stat = "range", value = 2, weapons = ["Howl"] }] },
]
[[warscroll]]
id = "drummer"
name = "Drummer"
keywords = ["CHAOS"]
stats = { move = 5, save = 5, bravery = 5, wounds = 3, base_mm = 32, min_models = 1 }
melee = [["Stick", 1, 1, 4, 4, 0, 1]]
loadouts = [{ id = "default", weapons = ["Stick"] }]
abilities = [{ name = "War Drum", effects = [{ kind = "aura", range = 6, who = "friendly", keywords_any = ["HOUNDS"], effects = [{ kind = "roll_mod", roll = "charge", value = -1 }] }] }]
[army.A]
[[army.A.unit]]
id = "A1"
warscroll = "hounds"
models = [{ at = [10.0, 10.0] }]
[[army.A.unit]]
id = "A2"
warscroll = "drummer"
models = [{ at = [DRUM, 10.0] }]
[army.B]
[[army.B.unit]]
id = "B1"
warscroll = "lord_celestant"
models = [{ at = [10.0, 21.0] }]
[[army.B.unit]]
id = "B2"
warscroll = "liberators"
models = [{ at = [15.0, 21.0] }]
[[army.B.unit]]
id = "W"
warscroll = "liberators"
models = [{ at = [10.0, 15.5] }, { at = [11.6, 15.5] }, { at = [8.4, 15.5] }]
"""  # noqa: E501


def test_section_3_2_charge_modifiers_re_rolls_auras_range_and_fly() -> None:
    far_drum = load_battle_text(CUSTOM.replace("DRUM", "40.0"))
    s = TableSnapshot.from_battle(far_drum)
    hounds, lord, libs = s.unit("A1"), s.unit("B1"), s.unit("B2")
    # Hunters (+2) only against a HERO; Eager re-rolls a failed roll (D-19)
    assert charge_roll(s, hounds, lord) == ChargeRoll(2, frozenset({"failed"}))
    assert charge_roll(s, hounds, libs) == ChargeRoll(0, frozenset({"failed"}))
    # a flyer goes straight over the Liberators in between (D-11): 11" - 1.417" - 1/2"
    reach = 11 - R32 - R40 - 0.5
    assert charge_chance(s, hounds, lord) == charge_probability(
        needed_roll(reach), ChargeRoll(2, frozenset({"failed"}))
    )
    # Long Howl: range 10 + 2 reaches the lord 9.583" away; the Liberators (B2) too
    pairs = {p["target"]: p for p in analyse(s)["pairs"] if p["unit"] == "A1"}
    assert pairs["B1"]["in_range"] == ["howl"] and pairs["B2"]["in_range"] == ["howl"]
    # a friendly War Drum within 6" takes 1 off (a passive aura)
    near_drum = TableSnapshot.from_battle(load_battle_text(CUSTOM.replace("DRUM", "13.0")))
    assert charge_roll(near_drum, near_drum.unit("A1"), near_drum.unit("B1")).modifier == 1


def test_issue_22_bitva_analyse_reads_a_battle_file_as_the_registered_game() -> None:
    """`bitva analyse age-of-sigmar BATTLE.toml --json` is the issue's command: the registered
    game reads a battle file as the battle before its first turn, for `[position] active`, and
    its `reach` analysis answers from the state's snapshot exactly as the file's own analysis."""
    from bitva.core import get_game

    game = get_game("age-of-sigmar")
    assert list(game.analyses) == ["reach"]
    state = game.read_position(BATTLE_B, "battle.toml")
    assert state.snapshot() == TableSnapshot.from_battle(load_battle_text(BATTLE_B))
    assert game.analyses["reach"].run(state, None) == reach_analysis(load_battle_text(BATTLE_B))


def test_issue_22_bitva_analyse_command(tmp_path: Path) -> None:
    path = tmp_path / "battle.toml"
    path.write_text(BATTLE_B, encoding="utf-8")
    result = runner.invoke(app, ["analyse", "age-of-sigmar", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == reach_analysis(load_battle_text(BATTLE_B))


def test_aos_8_1_the_snapshot_of_a_battle_under_way_keeps_this_turns_flags() -> None:
    """A unit that ran this turn may neither charge nor shoot (AOS-6.5, AOS-8.1): the game's
    snapshot carries the flag, so the analysis says 0 and no weapon in range."""
    from dataclasses import replace

    from bitva.core import get_game

    game = get_game("age-of-sigmar")
    state = game.read_position(BATTLE_B, "battle.toml")
    ran = tuple(replace(u, ran=True) if u.id == "B1" else u for u in state.rt.units)
    state.rt = replace(state.rt, units=ran)
    answer = game.analyses["reach"].run(state, None)
    pair = next(p for p in answer["pairs"] if (p["unit"], p["target"]) == ("B1", "A1"))
    assert pair["charge_probability"] == 0.0 and pair["in_range"] == []
