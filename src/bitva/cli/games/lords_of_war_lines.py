"""Lords of War lines of play in the terminal: the tables of `bitva analyse lords-of-war` (the
"lines" and "placements" analyses) and the one-line summaries of the placement previews. Lines
come as the analyses' JSON (`Line.to_json`): what was placed, shot and moved, what was
eliminated, and the result if the line ends the game."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table

from bitva.games.lords_of_war.state import LordsOfWarState

Line = Mapping[str, Any]
_VARIANT = re.compile(r"#\d+$")


def card_words(ref: str) -> str:
    """A card as players read it: its printed name, without the catalogue's variant number
    ("Dwarf Impaler" for "Dwarf Impaler#4", as the browser shows it; issue 21.7)."""
    return _VARIANT.sub("", str(ref))


def losses(line: Line, owner: int) -> list[Mapping[str, Any]]:
    """The units of `owner` that the line eliminates."""
    return [e for e in line.get("eliminated") or [] if e["owner"] == owner]


def _units(eliminated: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(f"{card_words(e['card'])}@{e['square']}" for e in eliminated)


def line_summary(line: Line, seat: int) -> str:
    """ "kills X@d4; loses —" with the shots and whether the line wins, for `seat`."""
    kills, lost = _units(losses(line, 3 - seat)), _units(losses(line, seat))
    text = f"kills {kills or '—'}; loses {lost or '—'}"
    shots = line.get("shots") or {}
    if shots:
        text += " (shots " + ", ".join(f"{s}→{t}" for s, t in shots.items()) + ")"
    result = line.get("result")
    if result:
        text += (
            " — WINS"
            if result.get("winner") == seat
            else (" — draw" if result.get("draw") else " — LOSES")
        )
    return text


def line_score(line: Line, seat: int) -> tuple[int, int]:
    """How good the line is for `seat`: a win first, then units eliminated minus lost."""
    result = line.get("result")
    win = 1 if result and result.get("winner") == seat else 0
    return win, len(losses(line, 3 - seat)) - len(losses(line, seat))


def best_line(lines: Sequence[Line], seat: int) -> Line:
    return max(lines, key=lambda line: line_score(line, seat))


def _play_text(line: Line) -> str:
    reinforce = line.get("reinforce")
    if reinforce is not None:
        return "draw" if reinforce == "draw" else f"recall {reinforce['recall']}"
    place = line.get("place")
    text = f"{card_words(place['card'])}@{place['square']}" if place else ""
    text += "".join(f"; {s} shoots {t}" for s, t in (line.get("shots") or {}).items())
    text += "".join(f"; {m['from']}→{m['to']}" for m in line.get("moves") or [])
    return text


def _result_text(result: Mapping[str, Any] | None) -> str:
    if not result:
        return ""
    return "draw" if result.get("draw") else f"P{result['winner']} wins"


def lines_table(result: Mapping[str, Any], state: LordsOfWarState, source: str) -> Table:
    """The "lines" analysis: every way to play the decision point to the end of phase 2."""
    lines = result.get("lines") or []
    seat = result.get("to_move", state.current_player)
    table = Table(title=f"{source}: player {seat} to move ({state.phase}), {len(lines)} line(s)")
    for column in ("#", "play", "P1 loses", "P2 loses", "result"):
        table.add_column(column)
    for number, line in enumerate(lines, start=1):
        table.add_row(
            str(number),
            _play_text(line),
            _units(losses(line, 1)) or "—",
            _units(losses(line, 2)) or "—",
            _result_text(line.get("result")),
        )
    return table


def placements_table(result: Mapping[str, Any], state: LordsOfWarState, source: str) -> Table:
    """The "placements" analysis: each card and square with the best line it starts."""
    seat = state.current_player or state.active
    table = Table(title=f"{source}: where player {seat} can place ({state.phase})")
    for column in ("card", "square", "best outcome", "ways"):
        table.add_column(column)
    for card in result.get("cards") or []:
        for square in card["squares"]:
            lines = square["lines"]
            best = line_summary(best_line(lines, seat), seat) if lines else "—"
            ways = f"{len(lines)}{'+' if square.get('truncated') else ''}"
            table.add_row(card_words(card["card"]), square["square"], best, ways)
    return table


def analysis_table(
    name: str, result: Mapping[str, Any], state: LordsOfWarState, source: str
) -> Table | None:
    """The table of a Lords of War analysis (None for one this module does not draw)."""
    if name == "lines":
        return lines_table(result, state, source)
    if name == "placements":
        return placements_table(result, state, source)
    return None
