"""Issue 10 on `bitva calc aos`: sizes beyond the documented bounds are refused at once in one
line (point 9; a huge attack count was a MemoryError, point 8), `--plot` writes exactly the path
it names (point 10), and `--list` lists the shipped warscrolls (point 13)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from bitva.cli.games import age_of_sigmar_calc as calc
from bitva.cli.main import app
from bitva.games.age_of_sigmar.calculator import calculator
from bitva.games.age_of_sigmar.calculator.calculator import CalculationTooLarge, calculate
from bitva.games.age_of_sigmar.calculator.profiles import CalcOptions, TargetProfile, parse_profile
from bitva.games.age_of_sigmar.dice import MAX_VALUE, Dice, DiceError
from bitva.games.age_of_sigmar.loader import builtin_warscrolls

runner = CliRunner()
TARGET = ["--target-save", "4+", "--target-models", "10", "--target-wounds", "3"]


def aos(*args: str) -> Result:
    return runner.invoke(app, ["calc", "aos", *args], env={"COLUMNS": "200"})


def one_error_line(result: Result) -> str:
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert "Traceback" not in result.output
    return lines[0]


def test_a_gigantic_attack_value_is_refused_not_a_memory_error() -> None:
    line = one_error_line(aos("--profile", "1x99999999999/4+/4+/-/1", *TARGET))
    assert f"more than {MAX_VALUE:,}" in line
    with pytest.raises(DiceError):
        Dice.parse("99999999999")


@pytest.mark.parametrize(
    ("profile", "what"),
    [("100000x100/4+/4+/-/1", "attacks"), ("2000x5/3+/3+/-/D6+600", "wounds")],
)
def test_calculations_beyond_the_bounds_are_refused_at_once(profile: str, what: str) -> None:
    line = one_error_line(aos("--profile", profile, *TARGET))
    assert "too large to calculate exactly" in line and what in line
    with pytest.raises(CalculationTooLarge):
        calculate([parse_profile(profile)], TargetProfile(wounds=(3,) * 10, save=4))


def test_the_largest_allowed_calculation_is_whole_and_its_table_short() -> None:
    """10,000 attacks of D6 damage: 60,000 wounds at most, the bound itself. The law of wounds
    sums to 1 and is shown in at most HISTOGRAM_ROWS rows."""
    profile = "100x100/2+/2+/-/D6"
    size = calculator.calculation_size(
        [parse_profile(profile)], TargetProfile(wounds=(3,) * 10, save=4), CalcOptions()
    )
    assert (size.attacks, size.wounds) == (calculator.MAX_ATTACKS, calculator.MAX_WOUNDS)
    result = aos("--profile", profile, *TARGET)
    assert result.exit_code == 0, result.output
    table = result.stdout.split("Wounds inflicted")[1].split("Models slain")[0]
    rows = [line for line in table.splitlines() if "%" in line]
    assert 10 < len(rows) <= calc.HISTOGRAM_ROWS
    assert "values in bins of" in table


def test_the_bounds_are_stated_in_help() -> None:
    text = " ".join(aos("--help").stdout.split())
    assert f"at most {calculator.MAX_ATTACKS:,} attacks in all" in text
    assert f"{calculator.MAX_WOUNDS:,} wounds in all" in text
    assert f"{calculator.MAX_TARGET_MODELS:,} models a unit" in text
    assert f"{MAX_VALUE:,} for any dice value" in text
    assert calc.MAX_MODELS == calculator.MAX_TARGET_MODELS
    assert "x<=10000" in text.replace(" ", "")  # --target-models and --attacker-models
    big = aos("--profile", "2/4+/4+/-/1", "--target-save", "4+", "--target-models", "20000")
    assert big.exit_code == 2 and "Traceback" not in big.output


def test_plot_writes_exactly_the_path_it_names(tmp_path: Path) -> None:
    target = tmp_path / "adir"
    result = aos("--profile", "5x2/4+/4+/-/1", *TARGET, "--plot", str(target))
    assert result.exit_code == 0, result.output
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not (tmp_path / "adir.png").exists()
    assert f"plot written to {target}" in result.stdout


@pytest.mark.parametrize("where", ["missing/plot.png", "."])
def test_plot_path_is_checked_before_the_calculation(tmp_path: Path, where: str) -> None:
    result = aos("--profile", "100000x100/4+/4+/-/1", *TARGET, "--plot", str(tmp_path / where))
    line = one_error_line(result)
    assert "does not exist" in line or "is a directory" in line


def test_list_names_every_shipped_warscroll() -> None:
    result = aos("--list")
    assert result.exit_code == 0, result.output
    for scroll in builtin_warscrolls().values():
        assert scroll.id in result.stdout and scroll.name in result.stdout
