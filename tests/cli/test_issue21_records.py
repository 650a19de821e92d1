"""Issue 21, point 13: a record of a format this bitva does not know (`format: 99`) is refused
with one line naming the file and the formats it reads, by every command that loads records; and
`bitva play --resume` of a corrupt record says what is wrong with it instead of sending the player
to `bitva replay`, which then failed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bitva.core.record import Match
from bitva.core.rng import Rng
from tests.cli.helpers import one_clear_line, run


def finished_game(path: Path) -> dict[str, Any]:
    match = Match("lords-of-war", {}, 3)
    rng = Rng(3)
    while match.state.current_player is not None:
        match.apply(rng.choice(match.state.legal_actions()))
    match.record.players = {"1": "human", "2": "greedy"}
    match.record.save(path)
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def written(path: Path, data: dict[str, Any]) -> str:
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("fmt", [99, 3, 0, -1])
@pytest.mark.parametrize("command", [["replay", "--verify"], ["play", "--resume"], ["migrate"]])
def test_issue21_p13_an_unknown_record_format_is_one_line_naming_the_file(
    tmp_path: Path, command: list[str], fmt: int
) -> None:
    data = finished_game(tmp_path / "game.json")
    data.update(format=fmt, outcome=None, actions=data["actions"][:20], digests=[])
    path = written(tmp_path / "future.json", data)
    result = run(*command, path)
    assert one_clear_line(result), result.output
    assert path in result.output
    assert f"format {fmt}" in result.output
    assert "lords-of-war records of formats 1 to 2" in result.output


def corrupt(data: dict[str, Any], how: str) -> dict[str, Any]:
    data = json.loads(json.dumps(data))
    if how == "truncated":  # the outcome kept, the last steps gone
        data["actions"], data["digests"] = data["actions"][:-6], data["digests"][:-6]
    elif how == "edited":
        data["actions"][10] = "place Z9"
    elif how == "digest":
        data["digests"][12] = "0" * 16
    return data


@pytest.mark.parametrize(
    ("how", "reason"),
    [
        ("truncated", "outcome differs"),
        ("edited", "action 11 'place Z9'"),
        ("digest", "divergence after action 13"),
    ],
)
@pytest.mark.parametrize("finished", [True, False], ids=["finished", "unfinished"])
def test_issue21_p13_resuming_a_corrupt_record_says_what_is_wrong(
    tmp_path: Path, how: str, reason: str, finished: bool
) -> None:
    data = corrupt(finished_game(tmp_path / "game.json"), how)
    if not finished:
        data["outcome"] = None
        if how == "truncated":
            data["actions"], data["digests"] = data["actions"][:-10], data["digests"][:-10]
            data["digests"][-1] = "0" * 16
            reason = "divergence after action"
    path = written(tmp_path / "corrupt.json", data)
    result = run("play", "--resume", path)
    assert one_clear_line(result), result.output
    assert f"{path}: the record does not replay" in result.output
    assert reason in result.output
    assert "bitva replay" not in result.output  # not sent to a command that fails too


def test_issue21_p13_a_sound_finished_record_is_still_sent_to_replay(tmp_path: Path) -> None:
    finished_game(tmp_path / "game.json")
    result = run("play", "--resume", str(tmp_path / "game.json"))
    assert one_clear_line(result)
    assert "this game is over; watch it again with `bitva replay" in result.output
