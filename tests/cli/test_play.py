"""`bitva play` for a game with no terminal code of its own: the test game Dice and Cards plays
to the end through the generic adapter, solo, against an agent, and hot-seat among three."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from bitva.cli.games import adapter_for
from bitva.cli.games.generic import GenericAdapter
from bitva.cli.terminal import TerminalGame
from bitva.core.outcome import Outcome
from bitva.core.record import GameRecord
from bitva.core.registry import get_game
from tests.cli.helpers import one_clear_line, run

# A player who rolls once and banks (DC-2); after a bust "hold" is refused and the next
# "roll" starts the turn again.
ROLL_AND_HOLD = "roll\nhold\n" * 200


def finished(save: Path) -> GameRecord:
    record = GameRecord.load(save)
    assert record.outcome is not None, "the game was played to its end"
    assert run("replay", str(save), "--verify").exit_code == 0
    return record


def test_dice_cards_has_no_terminal_adapter_of_its_own() -> None:
    assert type(adapter_for(get_game("dice-cards"))) is GenericAdapter


def test_a_solo_game_seats_the_human_alone_and_ends_won_or_lost(tmp_path: Path) -> None:
    save = tmp_path / "solo.json"
    result = run("play", "dice-cards", "--seats", "1", "--seed", "2", "--save", str(save),
                 input=ROLL_AND_HOLD)  # fmt: skip
    assert result.exit_code == 0, result.output
    record = finished(save)
    assert record.players == {"1": "human"} and record.options["seats"] == 1
    outcome = Outcome.from_json(record.outcome or {})
    assert outcome.result in ("win", "loss") and len(outcome.returns) == 1  # DC-5, solo
    end = "You win — " if outcome.result == "win" else "You lose to the rules — "
    assert result.stdout.count(end) == 1 and "(DC-5)" in result.stdout
    assert "1. roll" in result.stdout and "Dice and Cards — as player 1 sees it" in result.stdout


def test_two_seats_human_against_greedy_with_options(tmp_path: Path) -> None:
    save = tmp_path / "duel.json"
    result = run("play", "dice-cards", "-o", "target=15", "--rounds", "4", "--p2", "greedy",
                 "--seed", "5", "--save", str(save), input=ROLL_AND_HOLD)  # fmt: skip
    assert result.exit_code == 0, result.output
    record = finished(save)
    assert record.players == {"1": "human", "2": "greedy"}
    assert record.options == {"seats": 2, "target": 15, "rounds": 4}
    assert "[greedy] P2 " in result.stdout
    # chance is part of the record: the deal (DC-1) and every roll (DC-3)
    assert record.actions[:4] == [a for a in record.actions[:4] if a.startswith("deal ")]
    assert any(action.startswith("dice ") for action in record.actions)
    assert "Record saved to" in result.stdout


def test_three_seats_hot_seat_and_an_agent(tmp_path: Path) -> None:
    save = tmp_path / "three.json"
    result = run("play", "dice-cards", "--seats", "3", "--seat", "2=human", "--p3", "random",
                 "--seed", "7", "--save", str(save), input=ROLL_AND_HOLD)  # fmt: skip
    assert result.exit_code == 0, result.output
    record = finished(save)
    assert record.players == {"1": "human", "2": "human", "3": "random"}
    assert "Player 2, your turn — press Enter" in result.stdout


def test_hot_seat_shows_each_deal_only_to_its_seat() -> None:
    console = Console(file=io.StringIO())
    game = get_game("dice-cards")
    players = {1: "human", 2: "human", 3: "random"}
    terminal = TerminalGame(console, game, {"seats": 3}, players, seed=3)
    public, first, second = terminal.log(None), terminal.log(1), terminal.log(2)
    hands = terminal.state.hands  # type: ignore[attr-defined]
    assert len(public) == 6 and not any("card" in line for line in public)
    assert [line for line in first if "card" in line] == [
        f"P1 dealt: deck {11 - i}, card {card}" for i, card in enumerate(hands[0])
    ]
    assert all(line.startswith("P2") for line in second if "card" in line)
    assert terminal.viewer is None  # two humans share the screen


def test_agents_only_play_to_the_end_without_a_human_s_instructions() -> None:
    result = run("play", "dice-cards", "--p1", "greedy", "--p2", "random", "--seed", "1")
    assert result.exit_code == 0
    assert result.stdout.startswith("Dice and Cards — seed 1 — P1 greedy vs P2 random\n")
    assert "Type the number" not in result.stdout and "'q'" not in result.stdout
    assert "choice (1-" not in result.stdout and "Player 1: turn" not in result.stdout
    ends = [line for line in result.stdout.splitlines() if " — target: " in line]
    assert len(ends) == 1 and ends[0].startswith(("Player 1 wins", "Player 2 wins", "Draw"))


def test_no_line_of_the_log_is_printed_twice() -> None:
    console = Console(file=io.StringIO(), width=100)
    answers = iter(ROLL_AND_HOLD.split())
    console.input = lambda prompt="": next(answers)  # type: ignore[method-assign]
    players = {1: "human", 2: "greedy"}
    terminal = TerminalGame(console, get_game("dice-cards"), {"rounds": 3}, players, seed=5)
    terminal.run()
    assert terminal.state.outcome is not None
    printed = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    log = terminal.log(1)
    assert len(log) > 12
    # each line of the log is printed exactly as often as it happens, in order
    assert [line for line in printed if line.lstrip() in set(log)] == log
    ends = [
        line for line in printed if line.startswith(("You win", "You lose: Player 2 wins", "Draw"))
    ]
    assert len(ends) == 1 and not any(line.startswith("Game over") for line in printed)


def test_refusals_say_why_and_the_human_may_ask_for_an_analysis() -> None:
    answers = "hold\nplay 9\nfold\na\na odds\n?\nq\n"
    result = run("play", "dice-cards", "--seats", "1", "--seed", "4", input=answers)
    assert result.exit_code == 0
    assert "nothing to bank: roll or play a card first (DC-2)" in result.stdout
    assert "no 9 in your hand (DC-2)" in result.stdout
    assert "cannot read 'fold'" in result.stdout
    assert "'a odds' (Odds of the next roll)" in result.stdout
    assert "bust:" in result.stdout and "Game left unfinished." in result.stdout


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--seat", "4=random"), "seat 4: this game has seats 1 to 2"),
        (("--seats", "3", "--p4", "random"), "seat 4: this game has seats 1 to 3"),
        (("--seat", "two=greedy"), "write --seat N=AGENT"),
        (("--p2", "wizard"), "unknown agent 'wizard'"),
        (("--colour", "red"), "bad option colour: dice-cards has no such option"),
        (("--seats", "9"), "bad option seats"),
        (("-o", "seats"), "write -o key=value"),
        (("--options", "/nonexistent/options.toml"), "cannot read the options"),
    ],
)
def test_bad_input_is_one_clear_line(args: tuple[str, ...], says: str) -> None:
    result = run("play", "dice-cards", *args)
    assert one_clear_line(result) and says in result.output, result.output


def test_options_from_a_file_and_an_unknown_game(tmp_path: Path) -> None:
    options = tmp_path / "options.toml"
    options.write_text("seats = 1\nrounds = 1\n", encoding="utf-8")
    save = tmp_path / "game.json"
    result = run("play", "dice-cards", "--options", str(options), "--seed", "1",
                 "--save", str(save), input=ROLL_AND_HOLD)  # fmt: skip
    assert result.exit_code == 0
    assert GameRecord.load(save).options == {"seats": 1, "target": 20, "rounds": 1}
    unknown = run("play", "chess")
    assert one_clear_line(unknown) and "unknown game 'chess'" in unknown.output
