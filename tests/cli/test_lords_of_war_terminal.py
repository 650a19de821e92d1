"""Lords of War in the terminal through its adapter: a person plays whole games against greedy
(placements by card, then square with previews), the dealt cards show in the log as one draw
per player, and outcomes are told from their codes (LW-8.1, LW-8.3, D-4)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from bitva.cli.games import adapter_for
from bitva.cli.games.lords_of_war import LordsOfWarAdapter
from bitva.cli.terminal import TerminalGame
from bitva.core.outcome import Outcome
from bitva.core.record import GameRecord
from bitva.core.registry import get_game
from tests.cli.helpers import run


class ScriptedPlayer:
    """Answers the terminal prompts like a person: the first card, the suggested square, the
    first choice of every list."""

    def __init__(self) -> None:
        self.prompts = 0
        self.card_tries = 0

    def __call__(self, prompt: str = "") -> str:
        self.prompts += 1
        assert self.prompts < 5000
        if "Square for" in prompt:
            self.card_tries = 0
            match = re.search(r"e\.g\. (\S+)\)", prompt)
            assert match
            return match.group(1)
        cards = re.search(r"card number \(1-(\d+)\)", prompt)
        if cards:  # a card that cannot go anywhere sends us back here: try the next one
            self.card_tries += 1
            return str((self.card_tries - 1) % int(cards.group(1)) + 1)
        return "1"


def test_the_adapter_is_found_by_the_game_name() -> None:
    assert isinstance(adapter_for(get_game("lords-of-war")), LordsOfWarAdapter)


@pytest.mark.parametrize(  # the basic game's screens are the advanced one's, less its rules
    "advanced", [pytest.param(False, marks=pytest.mark.slow), True], ids=["basic", "advanced"]
)
def test_a_person_plays_a_whole_game_against_greedy(tmp_path: Path, advanced: bool) -> None:
    game = get_game("lords-of-war")
    console = Console(file=open(tmp_path / "screen.txt", "w"), width=120)  # noqa: SIM115
    player = ScriptedPlayer()
    console.input = player  # type: ignore[method-assign]
    save = tmp_path / f"game-{advanced}.json"
    terminal = TerminalGame(
        console, game, {"advanced": advanced}, {1: "human", 2: "greedy"}, 11, save
    )
    terminal.run()
    console.file.close()
    record = GameRecord.load(save)
    assert record.outcome is not None, "the game was played to its end"
    assert player.prompts > 10
    assert any(action.startswith("deal ") for action in record.actions)  # LW-3.2 as chance
    assert run("replay", str(save), "--verify").exit_code == 0
    screen = (tmp_path / "screen.txt").read_text(encoding="utf-8")
    outcome = Outcome.from_json(record.outcome)
    end = (
        "You win — you eliminated"
        if outcome.winner == 1
        else "You lose: Player 2 wins — player 2 elim"
    )
    assert screen.count(end) == 1 and "Game over" not in screen, screen[-2000:]
    assert "Player 1's hand" in screen
    assert "Where " in screen and "best outcome" in screen  # the placement previews
    log = terminal.log(1)  # printed once each, in order
    assert [line for line in screen.splitlines() if line in set(log)] == log


def test_the_opening_deal_reads_as_one_draw_per_player() -> None:
    console = Console(file=io.StringIO(), width=120)
    terminal = TerminalGame(console, get_game("lords-of-war"), {}, {1: "human", 2: "greedy"}, 3)
    mine, public = terminal.log(1), terminal.log(None)
    assert len(mine) == 2 and mine[0].startswith("P1 draws 5: ")  # LW-3.2: the General + 5
    assert mine[1] == "P2 draws 5"  # the other seat's cards stay hidden
    assert public == ["P1 draws 5", "P2 draws 5"]


def test_a_human_may_ask_for_the_placements_analysis() -> None:
    result = run("play", "lords-of-war", "--seed", "3", input="a\na placements\nq\n")
    assert result.exit_code == 0
    assert "'a lines'" in result.stdout and "'a placements'" in result.stdout
    assert "player 1: where player 1 can place (challenge)" in result.stdout


def test_an_illegal_square_says_why() -> None:
    console = Console(file=io.StringIO(), width=120)
    answers = iter(["1", "1", "a7", "q", "y"])  # the challenge, a card, a square it cannot take
    console.input = lambda prompt="": next(answers)  # type: ignore[method-assign]
    game = get_game("lords-of-war")
    TerminalGame(console, game, {}, {1: "human", 2: "greedy"}, 5).run()
    screen = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Goblin Bow Pest makes no contact from a7 and has no friendly unit next to it" in screen
    assert "next to it (LW-6.3)" in screen  # the reason first, the rule after it


def test_the_second_seat_sees_the_mat_from_its_own_edge() -> None:
    console = Console(file=io.StringIO(), width=120)
    answers = iter(["q", "y"])
    console.input = lambda prompt="": next(answers)  # type: ignore[method-assign]
    game = get_game("lords-of-war")
    TerminalGame(console, game, {}, {1: "greedy", 2: "human"}, 5).run()
    screen = console.file.getvalue()  # type: ignore[attr-defined]
    labels = [int(m.group(1)) for m in re.finditer(r"^│  (\d)│", screen, re.MULTILINE)]
    assert labels[:7] == [1, 2, 3, 4, 5, 6, 7]  # row 7 at the bottom
    assert re.search(r"│   │ +f +│ +e +│ +d +│ +c +│ +b +│ +a +│", screen)


def test_outcomes_are_told_from_their_codes() -> None:
    adapter = adapter_for(get_game("lords-of-war"))
    units = Outcome.win(2, 2, "units", {"units": 20, "commands": 1}, "LW-8.1")
    assert adapter.describe_outcome(units) == "player 2 eliminated 20 units (LW-8.1)"
    commands = Outcome.win(1, 2, "commands", {"units": 9, "commands": 4}, "LW-8.1")
    assert adapter.describe_outcome(commands) == "player 1 eliminated 4 command units (LW-8.1)"
    both = Outcome.drawn(2, "both-thresholds", rule="D-4")
    assert "together (D-4)" in adapter.describe_outcome(both)
    count = Outcome.win(1, 2, "no-placements", {"units": [7, 5]}, "LW-8.3")
    assert adapter.describe_outcome(count) == (
        "two turns without a placement; eliminated units 7-5, player 1 wins (LW-8.3)"
    )
    # the end line's reason, for the player at the screen: whose units were eliminated
    assert adapter.outcome_reason(commands, 1) == "you eliminated 4 enemy command units (LW-8.1)"
    assert adapter.outcome_reason(commands, 2) == (
        "player 1 eliminated 4 of your command units (LW-8.1)"
    )
