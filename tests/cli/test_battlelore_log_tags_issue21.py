"""Issue 21 leftovers of point 4, the BattleLore terminal log: a roll that hits nothing has its
line (BL-5.2), and the `[agent]` tags are even: every line that tells a seat's own decision
(BL-2 to BL-7, BL-13 to BL-15) carries that seat's agent, no line of chance (a card dealt, a
roll, a loss) carries one, and a human's own line never carries the computer's name."""

from __future__ import annotations

import io
import re

from rich.console import Console

from bitva.cli.terminal import Move, TerminalGame
from bitva.core.events import Event
from bitva.core.registry import get_game

# a retreat is a decision only where two hexes are open (BL-6.5): it is left out here
DECIDED = re.compile(r"^(South|North)(:| (plays|orders|moves|pursues|discards|keeps))")
CHANCE = re.compile(r"(draws (a|\d) |rolls |loses \d|hits nothing|^Turn \d)")


def played(players: dict[int, str], adventure: str, seed: int) -> list[str]:
    console = Console(file=io.StringIO(), width=100, height=50)
    game = TerminalGame(console, get_game("battlelore"), {"adventure": adventure}, players, seed)
    game.run()
    return game.log(None)


def test_issue21_bl_2_bl_5_each_decision_tagged_no_chance_line_tagged_and_misses_told() -> None:
    lines = played({1: "random", 2: "greedy"}, "A01", 5)
    untagged = [line for line in lines if DECIDED.match(line)]
    assert not untagged, untagged  # a decision's line always carries its agent
    chance = [line for line in lines if line.startswith("[") and CHANCE.search(line)]
    assert not chance, chance  # a deal or a roll is nobody's decision
    assert all(line.startswith("[greedy] North") for line in lines if "] North" in line)
    assert all(line.startswith("[random] South") for line in lines if "] South" in line)
    assert any(line == "The attack on B3 hits nothing" for line in lines), lines


def test_issue21_bl_13_3_a_humans_attack_resolved_on_the_computers_pass_is_not_tagged() -> None:
    """D-43: South's (the human's) attack is rolled when North's computer passes its Lore
    window: that step is the computer's, its lines are South's and untagged; North's card
    drawn in a step of North's computer is chance, untagged too."""
    console = Console(file=io.StringIO(), width=100, height=50)
    players = {1: "human", 2: "hard"}
    game = TerminalGame(console, get_game("battlelore"), {"adventure": "A02"}, players, 5)
    attack = {"player": 1, "attacker": "F4", "target": "F5", "dice": 3}
    resolved = Move(2, "hard", [Event("melee", attack), Event("rolled", {"player": 1})])
    assert game.lines(resolved, 1)[0] == "South: F4 attacks F5 in melee with 3 dice"
    drawn = Move(2, "hard", [Event("drew", {"player": 2}), Event("reshuffled", {"deck": 40})])
    assert game.lines(drawn, 1) == [
        "North draws a card",
        "The Command deck is reshuffled (40 cards)",
    ]
    ordered = Move(2, "hard", [Event("ordered", {"player": 2, "hex": "C7"})])
    assert game.lines(ordered, 1) == ["[hard] North orders the unit on C7"]
