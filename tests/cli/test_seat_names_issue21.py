"""Issue 21 leftover of point 4: the terminal's shared code names no game; each adapter names
its seats (`seat_name`) and the end line, the hot-seat hand-over and "is thinking" use them.
BattleLore's sides are South and North (BL-1.1), Sniper Elite's one seat the sniper (SE-1),
Lords of War's Player 1 and Player 2 (LW-3.1), Age of Sigmar's Side A and Side B."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from bitva.cli.games import adapter_for
from bitva.cli.terminal import TerminalGame, end_line
from bitva.core.outcome import Outcome
from bitva.core.registry import get_game


@pytest.mark.parametrize(
    ("game", "names"),
    [
        ("battlelore", ("South", "North")),
        ("sniper-elite", ("The sniper",)),
        ("lords-of-war", ("Player 1", "Player 2")),
    ],
)
def test_issue21_each_game_names_its_seats(game: str, names: tuple[str, ...]) -> None:
    adapter = adapter_for(get_game(game))
    assert tuple(adapter.seat_name(seat) for seat in range(1, len(names) + 1)) == names


def test_issue21_bl_16_the_end_line_says_who_won_once_by_side() -> None:
    """ "Player 2 wins — you lose: North gained 6 victory banners" said the loss twice and
    called North "Player 2": the end line is "You lose: North wins — North gained 6 victory
    banners (BL-16)"."""
    adapter = adapter_for(get_game("battlelore"))
    won = Outcome.win(2, 2, "banners", {"banners": 6}, "BL-16")
    line = f"{end_line(won, 1, adapter.seat_name)} — {adapter.outcome_reason(won, 1)}"
    assert line == "You lose: North wins — North gained 6 victory banners (BL-16)"


def test_issue21_se_the_solo_end_line_names_the_sniper() -> None:
    adapter = adapter_for(get_game("sniper-elite"))
    lost = Outcome.solo(False, "bust")
    assert end_line(lost, None, adapter.seat_name) == "The sniper loses to the rules"


def test_issue21_hot_seat_hands_over_by_side_name() -> None:
    """Two humans at one screen: the hand-over prompt names the side ("North, your turn")."""
    console = Console(file=io.StringIO(), width=100, height=40)
    prompts: list[str] = []

    def answer(prompt: str = "") -> str:
        prompts.append(prompt)
        if "Leave the game" in prompt:
            return "y"
        return "q" if len(prompts) > 12 else "" if "Enter" in prompt else "1"

    console.input = answer  # type: ignore[method-assign,assignment]
    players = {1: "human", 2: "human"}
    game = TerminalGame(console, get_game("battlelore"), {"adventure": "A01"}, players, 5)
    game.run()
    handed = [p for p in prompts if "your turn — press Enter" in p]
    assert handed and all(("South, " in p) != ("North, " in p) for p in handed), prompts
    assert not any("Player " in p for p in handed), handed
