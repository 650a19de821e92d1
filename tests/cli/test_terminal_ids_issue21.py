"""Issue 21 point 7: internal ids do not reach players in the terminal. `bitva replay` says each
recorded step with cards by name (BattleLore's "deal PATROL_R", Sniper Elite's "order
ON_GUARD" were printed as ids), and Lords of War's lines and placements name a card as printed,
without the catalogue's variant number ("Dwarf Impaler", not "Dwarf Impaler#4")."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

from bitva.cli.games import adapter_for
from bitva.cli.games.lords_of_war_lines import line_summary, lines_table, placements_table
from bitva.core.record import Match
from bitva.core.rng import Rng
from bitva.games.lords_of_war.game import GAME as LORDS
from tests.cli.helpers import run

BL_ID = re.compile(r"\b(?:[A-Z]{2}\d{2}|[A-Z]+_[A-Z_]*[LCR]|BROAD_FRONT|VOLLEY)\b")
SE_ID = re.compile(r"\b[A-Z]+_[A-Z_]+\b")


def recorded(game: str, options: dict[str, str], path: Path, wanted: str) -> list[str]:
    """A game played at random until a step starting with `wanted` is recorded, saved."""
    match = Match(game, options, 5)
    rng = Rng(2)
    while match.state.current_player is not None and len(match.record.actions) < 400:
        match.apply(rng.choice(match.state.legal_actions()))
        if any(text.startswith(wanted) for text in match.record.actions):
            break
    match.record.save(path)
    return list(match.record.actions)


def test_issue_21_7_replay_says_battlelore_cards_by_name(tmp_path: Path) -> None:
    path = tmp_path / "bl.json"
    actions = recorded("battlelore", {"adventure": "A02"}, path, "play ")
    assert any(BL_ID.search(text) for text in actions)  # the record keeps its ids
    shown = run("replay", str(path), "--no-step")
    assert shown.exit_code == 0, shown.stdout
    steps = [line for line in shown.stdout.splitlines() if re.match(r"\d+/\d+ (chance|P\d):", line)]
    assert len(steps) == len(actions)
    assert not [line for line in steps if BL_ID.search(line)], steps
    assert any("deal the Lore card " in line for line in steps)


def test_issue_21_7_replay_says_sniper_elite_orders_by_name(tmp_path: Path) -> None:
    path = tmp_path / "se.json"
    actions = recorded("sniper-elite", {}, path, "order ")
    assert any(text.startswith("order ") and SE_ID.search(text) for text in actions)
    shown = run("replay", str(path), "--no-step")
    assert shown.exit_code == 0, shown.stdout
    steps = [line for line in shown.stdout.splitlines() if re.match(r"\d+/\d+ (chance|P\d):", line)]
    assert not [line for line in steps if SE_ID.search(line)], steps
    assert adapter_for("sniper-elite").step_words("order ON_GUARD") == "order On Guard"
    assert adapter_for("sniper-elite").step_words("move m7 n5") == "move m7 n5"


def test_issue_21_7_lords_of_war_lines_name_cards_without_variant_numbers() -> None:
    state = LORDS.new({}, 1)
    line = {
        "place": {"card": "Dwarf Impaler#4", "square": "c3"},
        "eliminated": [{"card": "Orc Warhog#2", "square": "c4", "owner": 2}],
        "result": None,
    }
    assert line_summary(line, 1) == "kills Orc Warhog@c4; loses —"
    console = Console(width=140, record=True, file=io.StringIO())
    console.print(lines_table({"lines": [line], "to_move": 1}, state, "p"))
    cards = [{"card": "Dwarf Impaler#4", "squares": [{"square": "c3", "lines": [line]}]}]
    console.print(placements_table({"cards": cards}, state, "p"))
    text = console.export_text()
    assert "Dwarf Impaler@c3" in text and "Dwarf Impaler " in text
    assert not re.search(r"#\d", text), text
    assert adapter_for("lords-of-war").step_words("place Dwarf Impaler#4 c3") == (
        "place Dwarf Impaler c3"
    )
