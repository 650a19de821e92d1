"""Age of Sigmar in the terminal (issue 22, point 4 "Play"): the table as a top-down map scaled to
the window, the units beside it (or on the `units` page), the log in plain English, and typed
commands in players' words, plus the game's own commands under `bitva calc`.

`bitva play age-of-sigmar --battle 1 --p1 human --p2 hard` shows one screen that fits 80x24: the
title (round, whose turn, which phase), the map (`age_of_sigmar_map`: scenery by fill character,
each model as its unit's id character in its side's colour, the acting unit reversed), the units
and the log, and the question with the commands that answer it. A human types commands
(`age_of_sigmar_commands`: "A1 to 30 20", "run A1", "charge A1", "shoot A3 at B2", "fight A1",
"done", or any raw engine action); a refused one is said in plain words with the rule last.

The calculators (`bitva calc aos`, `aos-bench`: rules section 5, CALC-1..13) and the reach
analysis of a battle file (`bitva calc aos-reach`) come with the adapter as `commands`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from bitva.cli.games import Screen, Size
from bitva.cli.games.age_of_sigmar_calc import app as calculators
from bitva.cli.games.age_of_sigmar_commands import PAGES, question, read_command
from bitva.cli.games.age_of_sigmar_map import (
    GUTTER,
    SIDE_STYLES,
    Scale,
    fit_scale,
    legend_lines,
    map_lines,
    map_width,
    panel_lines,
    unit_summary,
)
from bitva.cli.games.age_of_sigmar_reach import mount
from bitva.cli.games.age_of_sigmar_words import (
    EVENT_KINDS,
    PHASES,
    Roster,
    describe_events,
    describe_outcome,
    outcome_words,
)
from bitva.cli.games.generic import GenericAdapter, fitted, log_tail
from bitva.cli.pretty import lines_of
from bitva.cli.terminal_screen import beside
from bitva.core.game import Analysis
from bitva.core.outcome import Outcome
from bitva.core.state import State

if TYPE_CHECKING:
    from bitva.cli.terminal import HumanTurn

HELP = (
    "Commands (unit ids in any case): 'A1 to 30 20' (or 'move A1 30,20') advances A1 towards"
    " the point keeping formation, as far as it may; 'retreat A1 to X Y'; 'run A1' (the D6 is"
    " rolled, then 'A1 to X Y'); 'charge A1' (after the 2D6, 'charge' moves it towards the"
    " nearest enemy model, 'hold' gives it up); 'shoot A3 at B2'; 'fight A1', then 'pile-in' or"
    " 'stay', then 'attack A1 at B1' (or just 'B1'); 'inspire A1'; 'cast A4 arcane-bolt',"
    " 'unbind B5', 'target B2', 'use B1 ABILITY'; 'first A'; 'done' ends the phase; any raw"
    " engine action typed in full ('move A1 m1 24,9 24,12; m2 ...')."
    " 'units' lists every unit's models, wounds and what it did; 'a reach' the reach and charge"
    " odds when the game offers them; 'u' takes back your last decision; '?' this help; 'q'"
    " leaves (the game is saved: `bitva play --resume FILE`)."
    " On the map y grows upwards (side A's edge at the bottom), one column is 1\" (or more on a"
    " small window), the rulers mark every 6\"; models are their unit's id character, A blue"
    " and B red, the acting unit reversed, its target underlined; × is a cell with models of"
    " both sides; each scenery feature has its own fill character (listed beside or below)."
)
HINT = "? help · units"
PANEL_MIN = 24  # columns a panel beside the map needs
LOG_MIN = 3  # log lines the screen keeps room for when it picks the map's scale
SEAT_SIDES = {1: "A", 2: "B"}


class AgeOfSigmarAdapter(GenericAdapter):
    """The game's adapter; `roster` names units in the log (`bound` fills it for a game)."""

    help = HELP
    commands: Mapping[str, typer.Typer] = MappingProxyType({"calc": calculators})

    def __init__(self, roster: Roster | None = None) -> None:
        self.roster: Roster = MappingProxyType(dict(roster or {}))

    def bound(self, state: State[Any]) -> AgeOfSigmarAdapter:
        """This adapter for the battle of `state`: its log names units by warscroll."""
        view = state.view(None)
        return AgeOfSigmarAdapter({u["id"]: u["name"] for u in view.get("units", ())})

    # -- drawing -------------------------------------------------------------------------------
    def render(self, state: State[Any], seat: int | None, screen: Screen) -> RenderableType:
        """The whole table at 2" a line (1" a column where the console is wide enough), the
        units beside it or under it, the legend, the latest log lines."""
        view = state.view(seat)
        return Sized(lambda width: stream_lines(view, self.status(state, seat, screen), width))

    def frame(self, state: State[Any], seat: int | None, screen: Screen, size: Size) -> list[Text]:
        return view_frame(state.view(seat), screen, size, self.status(state, seat, screen))

    def status(self, state: State[Any], seat: int | None, screen: Screen) -> str:
        """ "Age of Sigmar · Starter clash · round 1/6 · A's movement phase · you: A"."""
        view = state.view(seat)
        head = f"Age of Sigmar · {view['battle']} · round {view['round']}/{view['max_rounds']}"
        if state.outcome is not None:
            return f"{head} · the battle is over"
        phase = str(view["phase"])
        if phase in PHASES:
            head += f" · {view['active']}'s {PHASES[phase]}"
        elif phase in ("set-up", "priority"):
            head += f" · {phase}"
        if seat in SEAT_SIDES and screen.names.get(seat) == "(you)":
            head += f" · you: {SEAT_SIDES[seat]}"
        return head

    def seat_name(self, seat: int) -> str:
        return f"Side {SEAT_SIDES.get(seat, seat)}"

    def seat_style(self, seat: int) -> str:
        return SIDE_STYLES.get(SEAT_SIDES.get(seat, ""), "bold")

    # -- the log -------------------------------------------------------------------------------
    def describe_events(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """The game's words for its events; an event kind they do not know (a newer engine's)
        told from its data by the generic adapter."""
        lines = describe_events(events, self.roster)
        known = {"game-over", *EVENT_KINDS}
        for event in events:
            if event.get("kind") not in known:
                line = GenericAdapter.describe_event(self, event)
                if line:
                    lines.append(line)
        return lines

    def describe_outcome(self, outcome: Outcome) -> str:
        return describe_outcome(outcome)

    def outcome_reason(self, outcome: Outcome, viewer: int | None) -> str:
        return outcome_words(outcome)

    # -- a human's decisions -----------------------------------------------------------------------
    def heading(self, state: State[Any], seat: int) -> str | None:
        return question(state)

    def action_label(self, state: State[Any], action: Any) -> str:
        """A path action by its unit and models, not its coordinates: "move A1 (5 models)"."""
        paths = getattr(action, "paths", None)
        if paths:
            count = len(paths)
            return f"{action.verb} {action.unit} ({count} model{'s' if count != 1 else ''})"
        return state.action_text(action)

    def typed(self, turn: HumanTurn, text: str) -> Any | None:
        """The action a typed command means (`age_of_sigmar_commands.read_command`), or None
        after saying why not; what a move really does (cut short, say) is told next time."""
        reply = read_command(turn.state, text)
        if reply.page is not None:
            turn.show(units_page(turn.state.view(turn.seat)))
            return None
        if reply.refusal is not None:
            turn.error(reply.refusal)
            return None
        if reply.note:
            turn.game.notice = reply.note
        return reply.action

    def choose(self, turn: HumanTurn) -> Any | None:
        """Commands typed at the question: no numbered list (the moves are points on the
        table), the question saying what is asked and how to answer."""
        side = SEAT_SIDES.get(turn.seat, str(turn.seat))
        while True:
            answer = turn.ask(f"{side}>", heading=question(turn.state))
            if not answer:
                continue
            if answer.strip().lower() in PAGES:
                turn.show(units_page(turn.state.view(turn.seat)))
                continue
            action = self.typed(turn, answer)
            if action is not None:
                return action

    # -- analyses ------------------------------------------------------------------------------
    def render_analysis(
        self, analysis: Analysis, result: Mapping[str, Any], state: State[Any], source: str
    ) -> RenderableType:
        if "pairs" not in result or "units" not in result:
            return super().render_analysis(analysis, result, state, source)
        return reach_tables(result)


class Sized:
    """A renderable drawn for the width the console gives it (a stream's map fits the console)."""

    def __init__(self, draw: Callable[[int], list[Text]]) -> None:
        self.draw = draw

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.draw(options.max_width):
            line.no_wrap, line.overflow = True, "ellipsis"
            yield line


def stream_lines(view: Mapping[str, Any], status: str, width: int) -> list[Text]:
    """The position for a stream (a pipe, a test): the title, the table at 2" a line with the
    units beside it when the width allows, else under it."""
    table = (float(view["table"][0]), float(view["table"][1]))
    scale = fit_scale(table, width - GUTTER - 1, 10**6)
    left = map_lines(view, scale)
    left_width = map_width(view, scale) + 1
    lines = [Text(status, style="bold")]
    if width - left_width >= PANEL_MIN:
        lines += beside(left, panel_lines(view, width - left_width), left_width)
    else:
        lines += [*left, *panel_lines(view, width)]
    return lines


def view_frame(view: Mapping[str, Any], screen: Screen, size: Size, status: str) -> list[Text]:
    """The screen for `size`: the title, the map at the finest scale that leaves room for the
    question and a few log lines, the units and the legend beside it (or the legend under it
    when the table is too wide for a panel), the latest log lines and the question."""
    width, height = size
    title = fitted([status], width, "bold")
    ask = question_lines(screen, width)
    table = (float(view["table"][0]), float(view["table"][1]))
    fine = Scale(1.0, 2.0)
    panel_room = width - map_width(view, fine) - 1
    with_panel = panel_room >= PANEL_MIN
    legend = [] if with_panel or not view["features"] else legend_lines(view, width)
    # the message's line is kept free whether or not there is one, so that the map does not
    # change its scale when a refusal appears; beside a panel the log has room there too
    message = 0 if screen.message else 1
    rows = height - len(title) - 1 - len(legend) - len(ask) - message
    rows -= 1 if with_panel else LOG_MIN
    scale = fit_scale(table, width - GUTTER - 1 - (PANEL_MIN + 1 if with_panel else 0), rows)
    left = map_lines(view, scale)
    room = max(height - len(title) - len(left) - len(legend) - len(ask), 0)
    log = log_tail(screen.log, width, room)
    if not with_panel:
        return [*title, *left, *legend, *log, *ask]
    left_width = map_width(view, scale) + 1
    panel_width = width - left_width
    panel = panel_lines(view, panel_width)[: len(left)]
    shown = _entries(screen.log, width, room)
    earlier = list(screen.log)[: max(len(screen.log) - shown, 0)]
    side_room = len(left) - len(panel) - 1
    side_log = log_tail(earlier, panel_width, side_room) if side_room > 0 else []
    right = [*panel, *([Text("─" * min(panel_width, 20), style="dim")] if side_log else [])]
    return [*title, *beside(left, [*right, *side_log], left_width), *log, *ask]


def _entries(log: Sequence[str], width: int, room: int) -> int:
    """How many of the log's latest entries `log_tail` shows in `room` lines."""
    used = count = 0
    for line in reversed(log):
        lines = len(textwrap.wrap(line, max(width, 8), subsequent_indent="  ") or [""])
        if used + lines > room:
            break
        used, count = used + lines, count + 1
    return count


def question_lines(screen: Screen, width: int) -> list[Text]:
    """The question (wrapped; the hint after it when it fits on its line) and the message (why
    the last answer was refused, or what the last move really did)."""
    if not screen.heading:
        lines = []
    elif len(screen.heading) + len(HINT) + 4 <= width:
        heading = Text(screen.heading, style="bold")
        heading.append(f"  ({HINT})", style="dim")
        lines = [heading]
    else:
        lines = lines_of(Text(screen.heading, style="bold"), width)
    if screen.message:
        lines += lines_of(Text(screen.message, style="red"), width)
    return lines


def units_page(view: Mapping[str, Any]) -> RenderableType:
    """Every unit: its models with their positions and wounds left, and what it did this turn."""
    table = Table(title=f"{view['battle']} · round {view['round']} · units", expand=False)
    for column in ("Unit", "Model", "At", "Wounds", "Notes"):
        table.add_column(column)
    for unit in view["units"]:
        style = SIDE_STYLES.get(unit["side"], "")
        first = True
        for model in unit["models"]:
            at = model["at"]
            where = "—" if at is None else f"{float(at[0]):.1f}, {float(at[1]):.1f}"
            notes = [] if model["status"] == "table" else [str(model["status"])]
            notes += [
                w
                for w, on in (("general", model["general"]), ("champion", model["champion"]))
                if on
            ]
            table.add_row(
                Text(unit_summary(unit), style=style) if first else "",
                str(model["id"]),
                where,
                str(model["wounds_left"]) if model["status"] == "table" else "0",
                ", ".join(notes),
            )
            first = False
    return table


def reach_tables(result: Mapping[str, Any]) -> RenderableType:
    """The reach analysis (issue 22): each of the active side's units against each enemy unit,
    with distance (GEO-3), sight (GEO-8), missile weapons in range and the charge chance; a
    sentence instead when there is no pair to show (nothing set up yet, or one side only)."""
    if not result["pairs"]:
        if not result["units"]:
            return Text(
                "No model is on the table: this battle's armies are set up in play (AOS-3.2). "
                "Give models their place with at = [x, y] in the battle file to see what can "
                "reach what."
            )
        return Text(
            f"Side {result.get('active', '?')} has no unit on the table facing an enemy unit: "
            "nothing to reach."
        )
    pairs = Table(title=f"Reach of side {result.get('active', '?')}'s units")
    for column in ("Unit", "Target", "Distance", "Visible", "Missile in range", "Charge"):
        pairs.add_column(column, justify="right" if column in ("Distance", "Charge") else "left")
    for pair in result["pairs"]:
        pairs.add_row(
            str(pair["unit"]),
            str(pair["target"]),
            f'{float(pair["distance"]):.1f}"',
            "yes" if pair["visible"] else "no",
            ", ".join(pair["in_range"]) or "-",
            f"{float(pair['charge_probability']) * 100:.1f}%",
        )
    return pairs


mount(calculators)
ADAPTER = AgeOfSigmarAdapter()
