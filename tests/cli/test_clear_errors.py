"""Issue 10, point 8: inputs that used to end in a traceback are one clear line and exit code 2,
and an output path is checked before any work starts."""

from __future__ import annotations

from pathlib import Path

import pytest

from bitva.cli.common import check_output_directory, check_output_file
from bitva.core.errors import BitvaError
from tests.cli.helpers import ROOT, one_clear_line, run

EXAMPLE = ROOT / "examples/lords-of-war/one-against-one.toml"


@pytest.mark.parametrize("where", ["missing-dir/out.toml", "."])
def test_analyse_write_checks_its_path_before_reading_anything(tmp_path: Path, where: str) -> None:
    """A bad --write path is reported first: not after the position was read and analysed."""
    broken = tmp_path / "broken.toml"
    broken.write_text("[board\n", encoding="utf-8")  # not even TOML
    result = run("analyse", "lords-of-war", str(broken), "--write", str(tmp_path / where))
    assert one_clear_line(result), result.output
    assert "not valid TOML" not in result.output
    assert "does not exist" in result.output or "is a directory" in result.output


def test_output_path_checks_name_the_reason(tmp_path: Path) -> None:
    """The shared checks `play --save`, `analyse --write`, `calc aos --plot` and `tournament
    --report` use."""
    assert check_output_file(tmp_path / "new.json", "record") == tmp_path / "new.json"
    with pytest.raises(BitvaError, match="is a directory"):
        check_output_file(tmp_path, "record")
    with pytest.raises(BitvaError, match="does not exist"):
        check_output_file(tmp_path / "no" / "game.json", "record")
    afile = tmp_path / "file.txt"
    afile.write_text("x", encoding="utf-8")
    with pytest.raises(BitvaError, match="is not a directory"):
        check_output_file(afile / "game.json", "record")
    with pytest.raises(BitvaError, match="not a directory"):
        check_output_directory(afile, "report")
    assert check_output_directory(tmp_path / "a" / "b", "report") == tmp_path / "a" / "b"


@pytest.mark.parametrize(
    "content",
    [b"\x00" * 64, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", b'{"game": "x"}\x00\x01\x02'],
    ids=["zeros", "png", "json-then-binary"],
)
def test_replay_and_migrate_refuse_a_binary_file(tmp_path: Path, content: bytes) -> None:
    binary = tmp_path / "game.json"
    binary.write_bytes(content)
    for command in ("replay", "migrate"):
        result = run(command, str(binary))
        assert one_clear_line(result), result.output
        assert "not a game record" in result.output


def test_tournament_db_that_is_not_a_database(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("these are my notes, not a database\n" * 50, encoding="utf-8")
    result = run(
        "tournament", "dice-cards", "-a", "random,greedy", "-n", "1", "--db",
        f"sqlite:///{notes}",
    )  # fmt: skip
    assert one_clear_line(result), result.output
    assert "cannot use the database" in result.output and "not a database" in result.output


def test_serve_db_that_is_not_a_database(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database\n" * 50, encoding="utf-8")
    result = run("serve", "--db", f"sqlite:///{notes}", "--port", "1")
    assert one_clear_line(result), result.output
    assert "not a database" in result.output


def test_serve_refuses_an_unknown_log_level() -> None:
    result = run("serve", "--log-level", "shouty")
    assert one_clear_line(result), result.output
    assert "shouty" in result.output and "warning" in result.output  # what it may be


def test_tournament_report_path_is_checked_before_any_game(tmp_path: Path) -> None:
    taken = tmp_path / "report.md"
    taken.write_text("a file, not a directory", encoding="utf-8")
    db = tmp_path / "t.sqlite"
    result = run(
        "tournament", "dice-cards", "-a", "random,greedy", "-n", "2", "--db", f"sqlite:///{db}",
        "--report", str(taken),
    )  # fmt: skip
    assert one_clear_line(result), result.output
    assert "not a directory" in result.output
    assert not db.exists()  # refused before the store was opened and any game played


def test_position_error_names_the_file(tmp_path: Path) -> None:
    """Point 11: a TOML syntax error (any position error) names the file it is in."""
    broken = tmp_path / "broken.toml"
    broken.write_text("[players.1\narmy = 'orcs'\n", encoding="utf-8")
    result = run("analyse", "lords-of-war", str(broken))
    assert one_clear_line(result), result.output
    assert f"{broken}: not valid TOML" in " ".join(result.output.split())
    assert one_clear_line(run("analyse", "lords-of-war", str(EXAMPLE), "--write", "/"))
