"""`bitva calc aos` and `bitva calc aos-bench` (issue item 3): output, JSON, plot and errors."""

from __future__ import annotations

import json
import time
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bitva.cli.main import app
from bitva.games.age_of_sigmar.calculator.calculator import calculate
from bitva.games.age_of_sigmar.calculator.profiles import TargetProfile, parse_profile
from bitva.games.age_of_sigmar.calculator.resolve import Situation, resolve
from bitva.games.age_of_sigmar.loader import builtin_warscrolls
from bitva.games.age_of_sigmar.units import default_unit

runner = CliRunner()


def run_json(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["calc", "aos", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_json_has_the_issue_keys_and_laws_sum_to_one() -> None:
    data = run_json("--attacker", "liberators", "--target", "bloodreavers")
    for key in (
        "mean_damage",
        "damage_pmf",
        "models_slain_pmf",
        "mean_models_slain",
        "wipe_probability",
    ):
        assert key in data
    damage = data["damage_pmf"]
    slain = data["models_slain_pmf"]
    assert isinstance(damage, list) and isinstance(slain, list)
    assert abs(sum(damage) - 1) < 1e-9 and abs(sum(slain) - 1) < 1e-9
    assert len(slain) == 11
    assert data["mean_damage"] == pytest.approx(sum(i * p for i, p in enumerate(damage)))
    assert data["wipe_probability"] == pytest.approx(slain[-1])


def test_adhoc_profile_matches_the_library() -> None:
    data = run_json(
        "--profile",
        "5x2/4+/3+/-1/D3",
        "--target-save",
        "4+",
        "--target-wounds",
        "2",
        "--target-models",
        "10",
    )
    expected = calculate(
        [parse_profile("5x2/4+/3+/-1/D3")], TargetProfile(wounds=(2,) * 10, save=4)
    )
    assert data["mean_damage"] == pytest.approx(expected.mean_damage, abs=1e-12)
    assert data["damage_pmf"] == pytest.approx(list(expected.damage_pmf), abs=1e-12)
    assert data["battleshock"] is None  # no --target-bravery: no test


def test_t_14b_through_the_command_line_with_rerolls() -> None:
    data = run_json(
        "--profile",
        "4x2/4+/3+/0/1",
        "--profile",
        "1x3/4+/3+/0/1",
        "--reroll-hits",
        "ones",
        "--target-save",
        "6+",
        "--target-models",
        "10",
        "--target-bravery",
        "5",
    )
    assert data["mean_damage"] == pytest.approx(float(Fraction(385, 108)), abs=1e-12)


def test_t_14a_through_a_unit_file(tmp_path: Path) -> None:
    unit = tmp_path / "libs.toml"
    unit.write_text(
        '[unit]\nwarscroll = "liberators"\n'
        'models = [{ loadout = "warhammer_shield", champion = true }, '
        '{ loadout = "warhammer_shield", count = 4 }]\n'
    )
    data = run_json("--attacker", str(unit), "--target", "bloodreavers")
    assert data["mean_damage"] == pytest.approx(55 / 18, abs=1e-12)
    assert data["wipe_probability"] == pytest.approx(361328125 / 16067102519808, rel=1e-9)
    battleshock = data["battleshock"]
    assert isinstance(battleshock, dict)
    assert battleshock["gone_probability"] == pytest.approx(39119459375 / 502096953744, rel=1e-9)


def test_charged_cover_and_situation_flags_change_the_numbers() -> None:
    base = run_json("--attacker", "lord-celestant", "--target", "blood_warriors")
    charged = run_json("--attacker", "lord-celestant", "--target", "blood_warriors", "--charged")
    cover = run_json("--attacker", "lord-celestant", "--target", "blood_warriors", "--cover")
    assert charged["mean_damage"] > base["mean_damage"]  # Inescapable Vengeance: +1 attack
    assert cover["mean_damage"] < base["mean_damage"]
    shooting = run_json(
        "--attacker", "judicators", "--target", "bloodreavers", "--phase", "shooting"
    )
    assert shooting["mean_damage"] > 0


def test_table_output_and_histogram() -> None:
    result = runner.invoke(
        app,
        ["calc", "aos", "--attacker", "liberators", "--target", "bloodreavers"],
        env={"COLUMNS": "140"},
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    for text in (
        "mean wounds inflicted",
        "percentiles 10/25/50/75/90",
        "chance to wipe",
        "█",
        "Mean wounds against a plain Save",
    ):
        assert text in out


def test_plot_writes_a_png(tmp_path: Path) -> None:
    target = tmp_path / "calc.png"
    result = runner.invoke(
        app,
        [
            "calc",
            "aos",
            "--profile",
            "10xD6/4+/4+/0/1",
            "--target-save",
            "5+",
            "--target-models",
            "20",
            "--target-bravery",
            "5",
            "--plot",
            str(target),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--profile", "5x2/4+/3+/-1", "--target-save", "4+"], "cannot read profile"),
        (["--profile", "5x2/4+/3+/-1/D4", "--target-save", "4+"], "dice expression like D3"),
        (
            ["--attacker", "liberatorz", "--target", "bloodreavers"],
            "unknown warscroll 'liberatorz'",
        ),
        (["--attacker", "liberators", "--target", "nobody"], "unknown warscroll 'nobody'"),
        (["--profile", "2/4+/3+/0/1", "--target-save", "9+"], "--target-save must be 2+ to 6+"),
        (["--profile", "2/4+/3+/0/1"], "--target-save"),
        (["--target-save", "4+"], "--attacker"),
        (
            ["--attacker", "liberators", "--attacker-loadout", "lance", "--target", "bloodreavers"],
            "no loadout 'lance'",
        ),
        (
            ["--attacker", "bloodsecrator", "--activate", "Frenzy", "--target", "bloodreavers"],
            "no ability 'Frenzy'",
        ),
        (["--attacker", "missing.toml", "--target", "bloodreavers"], "not found"),
        (
            [
                "--profile",
                "2/4+/3+/0/1",
                "--target-save",
                "4+",
                "--target-wounds",
                "2",
                "--target-wounds-taken",
                "2",
            ],
            "below --target-wounds",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["calc", "aos", *args])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert message in lines[0]
    assert "Traceback" not in result.output


def test_bad_toml_file_is_one_line_with_file_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[[warscroll]]\nid = "x"\nname = "X"\n'
        "stats = { move = 5, save = 4, bravery = 6, wounds = 0, base_mm = 32 }\n"
        'melee = [["Axe", 1, 2, 3, 4, 0, 1]]\nloadouts = [{ id = "a", weapons = ["Axe"] }]\n'
    )
    result = runner.invoke(app, ["calc", "aos", "--attacker", str(bad), "--target", "bloodreavers"])
    assert result.exit_code == 2
    [line] = result.stderr.strip().splitlines()
    assert str(bad) in line and "stats.wounds" in line and "greater than or equal to 1" in line
    bad.write_text("[[warscroll]\n")
    result = runner.invoke(app, ["calc", "aos", "--attacker", str(bad), "--target", "bloodreavers"])
    assert result.exit_code == 2 and "invalid TOML" in result.stderr


def test_done_when_largest_shipped_pairs_answer_well_under_a_second() -> None:
    scrolls = builtin_warscrolls()
    worst = 0.0
    for attacker in scrolls.values():
        for target in scrolls.values():
            res = resolve(
                default_unit(attacker, models=40), default_unit(target, models=40), Situation()
            )
            start = time.perf_counter()
            r = calculate(res.profiles, res.target)
            worst = max(worst, time.perf_counter() - start)
            assert abs(r.total_probability - 1) < 1e-9
    heavy = parse_profile("40xD6/3+/3+/-1/D3")
    start = time.perf_counter()
    calculate([heavy], TargetProfile(wounds=(1,) * 40, save=4, bravery=6))
    worst = max(worst, time.perf_counter() - start)
    assert worst < 0.5


def test_bench_command_runs() -> None:
    result = runner.invoke(
        app, ["calc", "aos-bench", "--samples", "2000", "--repeat", "1"], env={"COLUMNS": "160"}
    )
    assert result.exit_code == 0, result.output
    assert "Exact calculator timings" in result.stdout
    assert "Exact v Monte Carlo" in result.stdout
