"""The command line: play, analyse, simulate, replay and bench, with clear errors."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from bitva.cli.main import app
from bitva.core.record import GameRecord

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples/lords-of-war/one-against-one.toml"


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)


def test_games_lists_lords_of_war() -> None:
    assert "lords-of-war" in run("games").stdout


def test_analyse_json_matches_the_worked_example() -> None:
    result = run("analyse", "lords-of-war", str(EXAMPLE), "--json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["to_move"] == 1
    line = next(
        candidate
        for candidate in report["lines"]
        if candidate["place"] == {"card": "Orc Deathbringer#1", "square": "d3"}
    )
    assert line["eliminated"] == [{"square": "d4", "owner": 2, "card": "Marauder*"}]
    assert line["result"] is None and line["shots"] == {} and line["moves"] == []


def test_analyse_table_and_round_trip(tmp_path: Path) -> None:
    out = tmp_path / "again.toml"
    result = run("analyse", "lords-of-war", str(EXAMPLE), "--write", str(out))
    assert result.exit_code == 0 and "Marauder*@d4" in result.stdout
    again = run("analyse", "lords-of-war", str(out), "--json").stdout
    assert json.loads(again) == json.loads(
        run("analyse", "lords-of-war", str(EXAMPLE), "--json").stdout
    )


def test_analyse_bad_file_is_one_clear_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[turn]\nphase = "lunch"\n', encoding="utf-8")
    result = run("analyse", "lords-of-war", str(bad))
    assert result.exit_code == 2
    assert "turn.phase" in result.output and "LW-5.1" in result.output
    assert "Traceback" not in result.output


def test_simulate_json_is_reproducible_byte_for_byte() -> None:
    args = (
        "simulate",
        "lords-of-war",
        "--games",
        "2",
        "--p1",
        "greedy",
        "--p2",
        "random",
        "--seed",
        "9",
        "--json",
    )
    first, second = run(*args), run(*args)
    assert first.exit_code == 0 and first.stdout == second.stdout
    report = json.loads(first.stdout)
    assert report["games"] == 2 and len(report["records"]) == 2
    assert report["wins"]["1"] + report["wins"]["2"] + report["draws"] == 2
    different = json.loads(run(*args[:-2], "10", "--json").stdout)
    assert different["records"] != report["records"]


def test_simulate_table_and_unknown_agent() -> None:
    result = run("simulate", "lords-of-war", "-n", "2", "--advanced")
    assert result.exit_code == 0 and "seat 1 (random)" in result.stdout
    result = run("simulate", "lords-of-war", "-n", "2", "--p1", "deep-blue")
    assert result.exit_code == 2 and "unknown agent" in result.output


def test_play_agents_save_and_replay_verify(tmp_path: Path) -> None:
    record_file = tmp_path / "game.json"
    result = run(
        "play",
        "lords-of-war",
        "--p1",
        "greedy",
        "--p2",
        "random",
        "--seed",
        "3",
        "--advanced",
        "--save",
        str(record_file),
    )
    assert result.exit_code == 0
    assert "Record saved" in result.stdout
    record = GameRecord.load(record_file)
    assert record.outcome is not None and record.options["advanced"] is True
    verified = run("replay", str(record_file), "--verify")
    assert verified.exit_code == 0 and "replay exactly" in verified.stdout
    stepped = run("replay", str(record_file), "--no-step")
    assert stepped.exit_code == 0 and "Game over" in stepped.stdout
    # the step in the player's words: the card without its variant number (issue 21, point 7)
    assert record.actions[0].split("#")[0] in stepped.stdout
    record.digests[5] = "f" * 16
    record.save(record_file)
    broken = run("replay", str(record_file), "--verify")
    assert broken.exit_code == 1 and "divergence after action 6" in broken.output


def test_play_human_by_numbers_then_quit(tmp_path: Path) -> None:
    record_file = tmp_path / "human.json"
    # challenge: card 1 (placed straight on the start square); then quit at the next decision
    result = run("play", "lords-of-war", "--seed", "3", "--save", str(record_file), input="1\nq\n")
    assert result.exit_code == 0
    assert "Game left unfinished" in result.stdout
    record = GameRecord.load(record_file)
    # the human's challenge card and greedy's answer, among the cards dealt (chance outcomes)
    assert len([a for a in record.actions if not a.startswith("deal ")]) == 2
    assert record.players == {"1": "human", "2": "greedy"}


def test_play_human_typed_actions_and_errors(tmp_path: Path) -> None:
    answers = "nonsense@z9\nGonke Longtooth@a1\n9\n" + "1\n" + "q\n"
    result = run("play", "lords-of-war", "--seed", "3", input=answers)
    assert result.exit_code == 0
    assert "not a square" in result.stdout or "cannot read" in result.stdout
    assert "start square" in result.stdout  # Gonke Longtooth@a1 breaks LW-4.1


def test_play_rejects_unknown_players_and_armies() -> None:
    assert run("play", "lords-of-war", "--p2", "wizard").exit_code == 2
    result = run("play", "lords-of-war", "--armies", "orcs,goblins")
    assert result.exit_code == 2 and "goblins" in result.output


def test_bench_prints_games_per_second() -> None:
    result = run("bench", "lords-of-war", "--games", "10")
    assert result.exit_code == 0 and "games/s" in result.stdout


def test_replay_missing_file() -> None:
    result = run("replay", "/nonexistent/game.json", "--verify")
    assert result.exit_code == 2 and "cannot read" in result.output


def test_deck_files_play_and_bad_decks_are_clear(tmp_path: Path) -> None:
    decks = ROOT / "examples/lords-of-war/decks"
    armies = f"{decks / 'orc-berserkers.toml'},{decks / 'mercenaries.toml'}"
    result = run("simulate", "lords-of-war", "-n", "2", "--armies", armies, "--json")
    assert result.exit_code == 0
    record = json.loads(result.stdout)["records"][0]
    assert len(record["options"]["decks"][0]) == 36  # the record replays without the files
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'name = "x"\nkind = "custom"\narmy = "orcs"\ncards = [{ card = '
        '"Gonke Longtooth", count = 2 }]\n',
        encoding="utf-8",
    )
    result = run("simulate", "lords-of-war", "-n", "1", "--armies", f"{bad},dwarves")
    assert result.exit_code == 2
    assert "bad.toml: cards" in result.output and "LW-1.1" in result.output
    mixed = tmp_path / "mixed.toml"
    text = (decks / "mercenaries.toml").read_text(encoding="utf-8").replace("mercenary", "custom")
    mixed.write_text(text + 'army = "orcs"\n', encoding="utf-8")
    result = run("simulate", "lords-of-war", "-n", "1", "--armies", f"{mixed},dwarves")
    assert result.exit_code == 2 and "LW-10.3" in result.output
