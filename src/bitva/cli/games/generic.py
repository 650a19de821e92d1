"""The generic terminal adapter: any registered game playable in the terminal on its first day.

It shows the seat's view (`state.view(seat)`) as a readable tree, lets a human choose from the
numbered legal actions (or type one), describes events from their kind and data and outcomes
from their codes, and prints analyses as trees. Game adapters subclass it and override what
they can draw better.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import typer
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.text import Text

from bitva.cli.pretty import compact, lines_of, pretty, scalar
from bitva.core.game import Analysis
from bitva.core.outcome import Outcome
from bitva.core.state import State

if TYPE_CHECKING:
    from bitva.cli.games import Screen, Size
    from bitva.cli.terminal import HumanTurn

SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue", "bold red")

HELP = (
    "Type the number of a choice, or an action in full; the up arrow recalls what you typed."
    " 'a' lists the analyses you may ask for ('a NAME' runs one, 'a NAME KEY=VALUE' with its"
    " parameters), 'u' takes back your last"
    " decision (not a roll or a draw, nor once another player has answered), '?' shows this"
    " help, 'q' leaves the game (it is saved, and `bitva play --resume FILE` takes it up again)."
)
HINT = "? help · u undo · q leave · ↑ earlier answers"
LOG_ROOM = 3  # log lines a screen keeps room for before it falls back to a compact view


def seats_text(seats: Sequence[int]) -> str:
    """ "Player 2", "Players 1 and 3"."""
    if len(seats) == 1:
        return f"Player {seats[0]}"
    return "Players " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def fitted(lines: Sequence[str], width: int, style: str = "") -> list[Text]:
    """Lines cut to `width` (an ellipsis where cut), for a screen that must not wrap."""
    out = [Text(line, style=style, no_wrap=True, overflow="ellipsis", end="") for line in lines]
    for text in out:
        text.truncate(width, overflow="ellipsis")
    return out


def wrapped(lines: Sequence[str], width: int, style: str = "") -> list[Text]:
    """Lines wrapped to `width` columns, each one's continuation indented."""
    out: list[str] = []
    for line in lines:
        out += textwrap.wrap(line, max(width, 8), subsequent_indent="   ") or [""]
    return fitted(out, width, style)


def log_tail(log: Sequence[str], width: int, room: int) -> list[Text]:
    """The end of the log in `room` lines of `width` columns: the latest lines whole (a long
    one wrapped, its continuation indented), as many as fit."""
    tail: list[str] = []
    for line in reversed(log):
        wrapped = textwrap.wrap(line, max(width, 8), subsequent_indent="  ") or [""]
        if len(tail) + len(wrapped) > room:
            break
        tail[:0] = wrapped
    return fitted(tail, width)


def question_lines(screen: Screen, width: int) -> list[Text]:
    """The heading, the numbered menu (in columns when it is long) and the message of a
    question, as lines of at most `width` columns."""
    lines: list[Text] = []
    if screen.heading:
        lines.append(Text(screen.heading, style="bold", no_wrap=True, overflow="ellipsis"))
    if len(screen.menu) > 6:
        columns = Columns([Text(item) for item in screen.menu], padding=(0, 3), column_first=True)
        lines += lines_of(columns, width)
    else:
        lines += wrapped(screen.menu, width)
    if screen.heading or screen.menu:
        lines += fitted([HINT], width, "dim")
    if screen.message:
        lines += lines_of(Text(screen.message, style="red"), width)
    return lines


def outcome_details(outcome: Outcome) -> str:
    """The reason code with its parameters and rule: "target: target 20, rounds 8 (DC-5)"."""
    text = outcome.reason
    if outcome.params:
        text += ": " + ", ".join(
            f"{k.replace('_', ' ')} {scalar(v)}" for k, v in outcome.params.items()
        )
    if outcome.rule:
        text += f" ({outcome.rule})"
    if outcome.scores:
        text += " · scores " + ", ".join(
            f"P{seat} {scalar(points)}" for seat, points in sorted(outcome.scores.items())
        )
    return text


class GenericAdapter:
    """The fallback adapter (see `bitva.cli.games.TerminalAdapter`)."""

    help = HELP
    commands: Mapping[str, typer.Typer] = MappingProxyType({})  # no commands of its own

    # -- drawing -----------------------------------------------------------------------------
    def render(self, state: State[Any], seat: int | None, screen: Screen) -> RenderableType:
        parts: list[RenderableType] = [pretty(state.view(seat), self.status(state, seat, screen))]
        if screen.log:
            parts.append(Text("\n".join(screen.log[-8:])))
        return Group(*parts)

    def frame(self, state: State[Any], seat: int | None, screen: Screen, size: Size) -> list[Text]:
        """The title, the view (as a tree, or compact when the tree leaves no room), the end
        of the log and the question, fitted to `size`."""
        width, height = size
        title = fitted([self.status(state, seat, screen)], width, "bold")
        question = question_lines(screen, width)
        view = state.view(seat)
        body: list[Text] = []
        # the tree's root line is the title's; the compact view has none
        for drawn, skip in ((pretty(view), 1), (compact(view), 0)):
            body = lines_of(drawn, width)[skip:]
            room = height - len(title) - len(body) - len(question)
            if room >= min(LOG_ROOM, len(screen.log)):
                break
        room = max(height - len(title) - len(body) - len(question), 0)
        log = log_tail(screen.log, width, room)
        return [*title, *body, *log, *question]

    def status(self, state: State[Any], seat: int | None, screen: Screen) -> str:
        """The title line of the screen: the game, whose eyes, who decides what."""
        title = state.game.title
        eyes = f" — as player {seat} sees it" if seat is not None else ""
        mover = state.current_player
        if state.outcome is not None:
            return f"{title}{eyes} — game over"
        who = "chance" if state.is_chance else f"player {mover} {screen.names.get(mover or 0, '')}"
        return f"{title}{eyes} — {who.strip()} to decide ({state.decision})"

    def seat_name(self, seat: int) -> str:
        return f"Player {seat}"

    def seat_style(self, seat: int) -> str:
        return SEAT_STYLES[(seat - 1) % len(SEAT_STYLES)] if seat >= 1 else "bold"

    # -- the log -------------------------------------------------------------------------------
    def describe_events(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        return [line for line in map(self.describe_event, events) if line]

    def describe_event(self, event: Mapping[str, Any]) -> str | None:
        """ "P1 rolled: faces 3, 5, bust no": the kind, its player and the rest of its data.
        An event "game-over" carrying an outcome is described as the outcome."""
        data = {key: value for key, value in event.items() if key != "kind"}
        kind = str(event.get("kind", "?"))
        if kind == "game-over" and "result" in data and "reason" in data:
            try:
                return "Game over: " + self.describe_outcome(Outcome.from_json(data))
            except (TypeError, ValueError):
                pass
        player = data.pop("player", None)
        rule = data.pop("rule", None)
        text = (f"P{player} " if isinstance(player, int) else "") + kind.replace("-", " ")
        if data:
            text += ": " + ", ".join(f"{k.replace('_', ' ')} {scalar(v)}" for k, v in data.items())
        return text + (f" ({rule})" if rule else "")

    def describe_outcome(self, outcome: Outcome) -> str:
        solo = len(outcome.returns) == 1
        if outcome.result == "win":
            head = (
                "Won"
                if solo
                else f"{seats_text(list(outcome.winners))} win"
                + ("s" if len(outcome.winners) == 1 else "")
            )
        elif outcome.result == "draw":
            head = "Draw"
        else:
            head = "Lost" if solo else "Every player lost"
        return f"{head} — {outcome_details(outcome)}"

    def outcome_reason(self, outcome: Outcome, viewer: int | None) -> str:
        return outcome_details(outcome)

    # -- human decisions -----------------------------------------------------------------------
    def action_label(self, state: State[Any], action: Any) -> str:
        return state.action_text(action)

    def step_words(self, text: str) -> str:
        """A recorded step (an action or a chance outcome, its engine text) as `bitva replay`
        prints it: a game whose texts hold card ids says them by name (issue 21.7)."""
        return text

    def heading(self, state: State[Any], seat: int) -> str | None:
        return f"Player {seat}: {state.decision}"

    def choose(self, turn: HumanTurn) -> Any | None:
        return None

    # -- analyses --------------------------------------------------------------------------------
    def render_analysis(
        self, analysis: Analysis, result: Mapping[str, Any], state: State[Any], source: str
    ) -> RenderableType:
        mover = state.current_player
        where = (
            "game over"
            if mover is None
            else ("chance" if state.is_chance else f"player {mover} to move")
        )
        return pretty(dict(result), f"{analysis.title} — {source}: {where} ({state.decision})")

    def analysis_json(self, analysis: Analysis, result: Mapping[str, Any]) -> str:
        return json.dumps(result, indent=2, ensure_ascii=False)


GENERIC = GenericAdapter()
