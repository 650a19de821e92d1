"""`bitva games`, `analyse`, `replay`, `migrate` and `bench` for every game alike: the test game
Dice and Cards (no terminal code of its own) and the Lords of War records of format 1."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bitva.core.errors import NotSupported
from bitva.core.record import GameRecord
from bitva.core.registry import register, unregister
from tests.cli.helpers import RECORDS, one_clear_line, run
from tests.games.dice_cards import DiceCards

POSITION = """\
[options]
seats = 3

[turn]
active = 2
total = 7

[seats.2]
score = 5
hand = [1, 3]
"""


def test_games_lists_every_game_with_its_traits() -> None:
    result = run("games")
    assert result.exit_code == 0
    lines = {line.split()[0]: line for line in result.stdout.splitlines()}
    assert lines["dice-cards"].endswith("1-3 seats, chance, hidden information, general")
    assert lines["lords-of-war"].endswith("2 seats, chance, hidden information, zero-sum")
    listed = json.loads(run("games", "--json").stdout)
    assert {game["name"] for game in listed} >= {"dice-cards", "lords-of-war"}


def test_games_shows_one_game_in_full() -> None:
    result = run("games", "dice-cards")
    assert result.exit_code == 0
    out = result.stdout
    assert "Dice and Cards (dice-cards)" in out
    assert "seats: 1 to 3 (2 with the default options)" in out
    assert "position files: yes (.toml)" in out and "the generic adapter" in out
    assert "--rounds" in out and "integer 1-50" in out and "DC-5" in out  # an option, typed
    assert "odds" in out and "Odds of the next roll" in out  # an analysis
    one = json.loads(run("games", "dice-cards", "--json").stdout)
    assert one["traits"]["seats"] == {"min": 1, "max": 3}
    assert set(one["options_schema"]["properties"]) == {"seats", "target", "rounds"}
    assert "its own adapter" in run("games", "lords-of-war").stdout


def test_analyse_writes_a_position_that_round_trips(tmp_path: Path) -> None:
    position = tmp_path / "turn.toml"
    position.write_text(POSITION, encoding="utf-8")
    again = tmp_path / "again.toml"
    shown = run("analyse", "dice-cards", str(position), "--write", str(again))
    assert shown.exit_code == 0
    words = " ".join(shown.stdout.split())  # the title wraps at the terminal's width
    assert "Odds of the next roll" in words and "player 2 to move (turn)" in words
    assert "at stake: 7" in shown.stdout  # a tree, not a JSON dump
    first = json.loads(run("analyse", "dice-cards", str(position), "--json").stdout)
    second = json.loads(run("analyse", "dice-cards", str(again), "--json").stdout)
    assert first == second and first["at_stake"] == 7
    assert 0 < first["bust"] < 1  # DC-3: a 1 on either die busts
    third = tmp_path / "third.toml"
    run("analyse", "dice-cards", str(again), "--write", str(third))
    assert third.read_text(encoding="utf-8") == again.read_text(encoding="utf-8")


def test_analyse_errors_are_one_clear_line(tmp_path: Path) -> None:
    position = tmp_path / "turn.toml"
    position.write_text(POSITION, encoding="utf-8")
    unknown = run("analyse", "dice-cards", str(position), "--analysis", "lines")
    assert one_clear_line(unknown) and "no analysis 'lines' (known: odds)" in unknown.output
    missing = run("analyse", "dice-cards", str(tmp_path / "none.toml"))
    assert one_clear_line(missing) and "cannot read the position file" in missing.output
    bad = tmp_path / "bad.toml"
    bad.write_text("[seats.1]\nhand = [7]\n", encoding="utf-8")
    wrong = run("analyse", "dice-cards", str(bad))
    assert one_clear_line(wrong) and "seats.1.hand" in wrong.output and "DC-1" in wrong.output


class Plain(DiceCards):
    """Dice and Cards without position files or integer action codes."""

    name = "dice-cards-plain"
    position_suffix = None

    def num_action_codes(self, options: Any = None) -> int:
        raise NotSupported("no integer codes")


@pytest.fixture
def plain() -> Iterator[str]:
    register(Plain())
    yield Plain.name
    unregister(Plain.name)


def test_analyse_a_game_without_position_files(plain: str) -> None:
    result = run("analyse", plain, "whatever.toml")
    assert one_clear_line(result) and "has no position files" in result.output


@pytest.fixture
def record(tmp_path: Path) -> Path:
    save = tmp_path / "game.json"
    result = run("play", "dice-cards", "--p1", "greedy", "--p2", "random", "--seed", "8",
                 "--save", str(save))  # fmt: skip
    assert result.exit_code == 0
    return save


def test_replay_steps_through_actions_and_chance(record: Path) -> None:
    saved = GameRecord.load(record)
    result = run("replay", str(record), "--no-step")
    assert result.exit_code == 0
    total = len(saved.actions)
    assert f"1/{total} chance: {saved.actions[0]}" in result.stdout  # the deal (DC-1)
    assert "P1: roll" in result.stdout or "P1: play" in result.stdout
    assert "Game over" in result.stdout
    verified = run("replay", str(record), "--verify")
    assert verified.exit_code == 0 and f"OK: {total} steps replay exactly" in verified.stdout
    stepped = run("replay", str(record), "--step", input="\n\na\n")
    assert stepped.exit_code == 0 and "as player" not in stepped.stdout  # a spectator's view
    assert stepped.stdout.count("Enter: next") == 3


def test_replay_verify_finds_a_divergence(record: Path) -> None:
    saved = GameRecord.load(record)
    saved.digests[3] = "0" * 16
    saved.save(record)
    broken = run("replay", str(record), "--verify")
    assert broken.exit_code == 1 and "divergence after action 4" in broken.output


def test_replay_errors_are_one_clear_line(tmp_path: Path) -> None:
    missing = run("replay", str(tmp_path / "none.json"))
    assert one_clear_line(missing) and "cannot read the record" in missing.output
    other = tmp_path / "other.json"
    other.write_text('{"game": "chess", "seed": 1, "actions": ["e4"]}', encoding="utf-8")
    unknown = run("replay", str(other))
    assert one_clear_line(unknown) and "unknown game 'chess'" in unknown.output


@pytest.mark.parametrize("name", ["basic", "advanced", "borderless"])
def test_format_1_records_replay_and_migrate(tmp_path: Path, name: str) -> None:
    old = tmp_path / "old.json"
    shutil.copy(RECORDS / f"format1-{name}.json", old)
    original = old.read_text(encoding="utf-8")
    shown = run("replay", str(old), "--no-step")
    assert shown.exit_code == 0 and "chance: deal " in shown.stdout  # deals are steps now
    new = tmp_path / "new.json"
    moved = run("migrate", str(old), "-o", str(new))
    assert moved.exit_code == 0 and "format 1 written in format 2" in moved.stdout
    assert old.read_text(encoding="utf-8") == original  # -o leaves the old file alone
    data = json.loads(new.read_text(encoding="utf-8"))
    assert data["format"] == 2 and any(a.startswith("deal ") for a in data["actions"])
    assert run("replay", str(new), "--verify").exit_code == 0
    assert "already in the current format" in run("migrate", str(new)).stdout
    in_place = run("migrate", str(old))
    assert in_place.exit_code == 0 and json.loads(old.read_text(encoding="utf-8"))["format"] == 2


def test_migrate_refuses_a_record_that_does_not_replay(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    data = json.loads((RECORDS / "format1-basic.json").read_text(encoding="utf-8"))
    data["actions"][0] = "Orc Catapult@a1"  # not the start square (LW-4.1)
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = run("migrate", str(bad))
    assert one_clear_line(result) and "cannot migrate" in result.output
    assert json.loads(bad.read_text(encoding="utf-8"))["actions"][0] == "Orc Catapult@a1"


def test_bench_measures_both_paths_for_any_game() -> None:
    result = run("bench", "dice-cards", "-n", "5")
    assert result.exit_code == 0
    assert "games/s" in result.stdout and "fast (codes)" in result.stdout
    report = json.loads(run("bench", "dice-cards", "-n", "5", "--seats", "3", "--json").stdout)
    fast, checked = report["measures"]
    assert fast["games"] == 5 and checked["games"] == 1
    assert fast["chance"] > 0 and fast["actions_per_game"] > 0  # DC-1: the deal at least
    bad = run("bench", "dice-cards", "-n", "5", "--p2", "greedy")
    assert one_clear_line(bad)


def test_bench_of_a_game_without_integer_codes(plain: str) -> None:
    report = json.loads(run("bench", plain, "-n", "5", "--json").stdout)
    assert [m["path"] for m in report["measures"]] == ["checked (apply)"]


def test_usage_errors_are_one_clear_line_too() -> None:
    for args in (
        ("bench", "dice-cards", "-n", "0"),
        ("play",),
        ("fly",),
        ("play", "x", "--seed", "y"),
    ):
        result = run(*args)
        assert one_clear_line(result), result.output
        assert result.output.startswith("error: ") and "--help" in result.output
