"""The BattleLore terminal adapter: the hex board with terrain and units, the side panel (banners
toward the target, goblets, the Lore pool, the hands), the battle in progress with its odds
before the roll and its dice as rolled, the question in plain words and the end of the log, on
one screen that fits 80x24 (`battlelore_board` beside it draws the parts from the seat's view);
`bitva analyse battlelore` as a table sorted by the chance of eliminating, or as bare JSON.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bitva.cli.games import Screen, Size
from bitva.cli.games.battlelore_board import (
    BOARD_WIDTH,
    LEGEND,
    SIDE_NAMES,
    SIDE_STYLE,
    battle_lines,
    board_lines,
    marker_lines,
    side_label,
    side_lines,
)
from bitva.cli.games.battlelore_choose import choose_in_two_steps
from bitva.cli.games.battlelore_lore import keep_words, step_words
from bitva.cli.games.battlelore_report import report_the_other_turn
from bitva.cli.games.battlelore_typed import typed
from bitva.cli.games.battlelore_words import (
    action_label,
    describe_event,
    describe_outcome,
    odds_table,
    outcome_reason,
    question,
)
from bitva.cli.games.generic import LOG_ROOM, GenericAdapter, fitted, log_tail, question_lines
from bitva.cli.pretty import lines_of
from bitva.cli.terminal_screen import beside, cut_line
from bitva.core.game import Analysis
from bitva.core.outcome import Outcome
from bitva.core.state import State
from bitva.games.battlelore.analysis.odds import attack_odds, declared_odds

if TYPE_CHECKING:
    from bitva.cli.terminal import HumanTurn

HELP = (
    "Type the number of a choice, a unit's hex ('F4': the one thing it can do, or why not), or"
    " an action in full: 'order F4', 'move F4 F6', 'battle F4 G5', 'retreat E6', 'pass', 'done'."
    " On the board r4▲ is a red foot unit of 4 figures on your side (capitals: mounted; * a"
    " creature; ▼ the other side), an inverse unit is ordered. 'l' shows the log, '? Fire Bolt'"
    " a card's text and cost, 'a' the analyses (the odds of every attack), 'u' takes back your"
    " last decision (not a roll or a draw, nor once the other side has answered), '?' this help,"
    " 'q' leaves the game (it is saved, and `bitva play --resume FILE` takes it up again)."
)
PANEL = 24  # the narrowest side panel that reads


# the events that tell a seat's own decision (its action), the lines tagged with its agent
DECISIONS = frozenset(
    {"played", "lore-played", "council", "kept-lore", "discarded-lore", "landmark", "refill"}
    | {"ability", "stored", "freed", "ordered", "moved", "melee", "ranged", "retreated"}
    | {"pursued", "ignored", "discarded", "took-ground", "rushed", "sidestepped", "first-strike"}
)


class BattleLoreAdapter(GenericAdapter):
    help = HELP

    def __init__(self) -> None:
        self._odds: tuple[int, str, dict[tuple[str, str], Mapping[str, Any]]] | None = None

    # -- the attacks' odds, from the game's analysis ---------------------------------------------
    def odds(self, state: State[Any]) -> dict[tuple[str, str], Mapping[str, Any]]:
        """The odds of each legal attack now, or of a battle back, by (attacker, target): the
        dice it will roll, hit_chance, p_eliminated (`analysis.odds`, the game's analysis for
        this game's attack). They count the board and the cards already played, which both
        sides see, so they reveal nothing hidden. Kept for the state they were worked out on."""
        key = (id(state), state.digest())
        if self._odds is not None and self._odds[:2] == key:
            return self._odds[2]
        # the attacks to choose from or a battle back (BL-7.1), or the attack declared and
        # waiting for its roll (its reaction windows: both sides see its odds)
        table = odds_table({"battles": attack_odds(state) + declared_odds(state)})
        self._odds = (*key, table)
        return table

    # -- drawing -------------------------------------------------------------------------------
    def render(self, state: State[Any], seat: int | None, screen: Screen) -> RenderableType:
        view = state.view(seat)
        names = dict(screen.names)
        board = board_lines(view, seat, screen.marks)
        panel = side_lines(view, seat, names)
        parts: list[Text] = [Text(self.status(state, seat, screen), style="bold")]
        parts += beside(board, panel, BOARD_WIDTH)
        parts += battle_lines(view, self.odds(state)) + marker_lines(view)
        for line in parts:  # cut at the window's edge rather than wrapped into the board
            line.no_wrap, line.overflow = True, "ellipsis"
        parts.append(Text(LEGEND, style="dim"))
        return Group(*parts)

    def frame(self, state: State[Any], seat: int | None, screen: Screen, size: Size) -> list[Text]:
        status = self.status(state, seat, screen)
        return view_frame(state.view(seat), seat, screen, size, status, self.odds(state))

    def status(self, state: State[Any], seat: int | None, screen: Screen) -> str:
        view = state.view(seat)
        adventure = view.get("adventure", {})
        head = f"BattleLore · {adventure.get('id', '')} {adventure.get('name', '')}".rstrip()
        if state.outcome is not None:
            return f"{head} · game over"
        if state.is_chance:
            return f"{head} · the dice"
        mover = state.current_player or 0
        return f"{head} · {side_label(mover, seat, screen.names)} to decide"

    def seat_style(self, seat: int) -> str:
        return SIDE_STYLE.get(seat, "bold")

    def seat_name(self, seat: int) -> str:
        return SIDE_NAMES.get(seat, f"Player {seat}")

    # -- the log -------------------------------------------------------------------------------
    def describe_event(self, event: Mapping[str, Any]) -> str | None:
        line = describe_event(event)  # "" is an event the log leaves out (a Lore window)
        return line if line is not None else super().describe_event(event)

    def describe_outcome(self, outcome: Outcome) -> str:
        return describe_outcome(outcome)

    def actor(self, events: Sequence[Mapping[str, Any]]) -> int | None:
        """The seat whose decision the first log line of `events` tells (its event's player):
        the terminal tags that line with the seat's agent, not with the agent whose step it
        was (a move resolves on the other side's "pass" of a Lore window, D-43); 0 when that
        line tells no one's decision (a card dealt, a roll, a loss: issue 21), so no line of
        chance is tagged, nor a human's line with the computer's name."""
        for event in events:
            if self.describe_event(event):
                seat = event.get("player", event.get("side"))
                decided = event.get("kind") in DECISIONS or (
                    event.get("kind") == "lore" and bool(event.get("card"))
                )
                return seat if isinstance(seat, int) and decided else 0
        return None

    def outcome_reason(self, outcome: Outcome, viewer: int | None) -> str:
        return outcome_reason(outcome, viewer)

    # -- a human's decisions --------------------------------------------------------------------
    def heading(self, state: State[Any], seat: int) -> str | None:
        if state.decision == "keep-lore":  # how many to keep, how many still (BL-14.3)
            return f"{keep_words(state, seat)} (BL-14.3)"
        return question(state.view(seat))

    def choose(self, turn: HumanTurn) -> Any | None:
        """A move or an attack: the unit first, then its hexes numbered on the board; a
        reaction window with nothing to play but "pass" is passed without asking."""
        state = turn.state
        if state.decision == "react":  # a Lore window where no card of this seat can answer
            actions = state.legal_actions()  # passes by itself, as in the browser (D-43)
            if [state.action_text(a) for a in actions] == ["pass"]:
                return actions[0]
        report_the_other_turn(turn)  # the other side's turn on a page first (issue 21.4)
        return choose_in_two_steps(turn, self.odds(state), lambda: self.heading(state, turn.seat))

    def step_words(self, text: str) -> str:
        return step_words(text)

    def typed(self, turn: HumanTurn, text: str) -> Any | None:
        """What the player typed, in BattleLore's words (`battlelore_typed`): 'l', '? CARD',
        a bare hex, or an action whose refusal names cards by name."""
        return typed(turn, text)

    def action_label(self, state: State[Any], action: Any) -> str:
        seat = state.current_player
        return action_label(state.view(seat), state.action_text(action), self.odds(state))

    # -- analyses ------------------------------------------------------------------------------
    def render_analysis(
        self, analysis: Analysis, result: Mapping[str, Any], state: State[Any], source: str
    ) -> RenderableType:
        if "battles" not in result or "moves" not in result:
            return super().render_analysis(analysis, result, state, source)
        return analysis_tables(result, source, str(getattr(state, "decision", "")))

    def analysis_json(self, analysis: Analysis, result: Mapping[str, Any]) -> str:
        """The analysis object bare, as issue 11 specifies it: one line of JSON."""
        return json.dumps(result, ensure_ascii=False)


def view_frame(
    view: Mapping[str, Any],
    seat: int | None,
    screen: Screen,
    size: Size,
    status: str,
    odds: Mapping[tuple[str, str], Mapping[str, Any]] | None = None,
) -> list[Text]:
    """The screen for `size` drawn from `seat`'s view: the title, the board with the panel
    beside it, the battle (odds before the roll, dice after), the question and as much of the
    log as there is room for. Wider than `size` when the board does not fit: the play loop
    then says the window is too small."""
    width, height = size
    title = fitted([status], width, "bold")
    board = board_lines(view, seat, screen.marks)
    lower = [cut_line(line, width) for line in battle_lines(view, odds) + marker_lines(view)]
    ask = question_lines(replace(screen, heading=None), width)  # the heading wraps (below)
    if screen.heading:
        ask[:0] = lines_of(Text(screen.heading, style="bold"), width)
    keep = min(LOG_ROOM, len(screen.log))  # the latest log lines outrank the panel's tail
    room = max(height - len(title) - len(lower) - len(ask) - keep, len(board))
    panel_width = max(width - BOARD_WIDTH, PANEL)
    panel = side_lines(view, seat, dict(screen.names))
    # the hand's tail that finds no room beside the board goes below it, packed the whole
    # width (a level-3 council's hand of 6 + 4 cards); the log gives up lines for it
    panel, rest = panel[:room], panel[room:]
    more = [cut_line(line, width) for line in packed_cards(rest, width)]
    panel = [cut_line(line, panel_width) for line in panel]
    top = beside(board, panel, BOARD_WIDTH)
    spare = max(height - len(title) - len(top) - len(lower) - len(ask), 0)
    if len(more) > spare:  # a window too short for the whole hand: as much as fits
        more = more[:spare]
        if more:
            more[-1] = cut_line(Text.assemble(more[-1], (" …", "dim")), width)
    log_room = spare - len(more)
    log = log_tail(screen.log, width, log_room)
    return [*title, *top, *more, *lower, *log, *ask]


def packed_cards(cards: list[Text], width: int) -> list[Text]:
    """Panel lines (cards of the hand) packed into as few lines of `width` as they fit, " · "
    between them, each card whole."""
    packed: list[Text] = []
    line = Text()
    for card in cards:
        item = card[len(card.plain) - len(card.plain.lstrip()) :]  # its indent dropped
        if line.plain and len(line.plain) + 3 + len(item.plain) > width:
            packed.append(line)
            line = Text()
        if line.plain:
            line.append(" · ", style="dim")
        line.append_text(item)
    if line.plain:
        packed.append(line)
    return packed


def analysis_heading(result: Mapping[str, Any], source: str, decision: str | None = None) -> str:
    """What the analysis shows, said plainly for the decision at hand (issue 21.7: at the
    Command step no unit is ordered yet, so nothing may move or battle)."""
    side = str(result.get("active", "?")).capitalize()
    if decision == "command":
        return (
            f"{source}: {side} has ordered no unit yet — the Command card comes first; the moves"
            " and the odds of each attack show once units are ordered"
        )
    if str(result.get("step")) == "move":
        return f"{source}: where each unit {side} has ordered may move"
    return f"{source}: the attacks {side}'s ordered units may make"


def analysis_tables(
    result: Mapping[str, Any], source: str, decision: str | None = None
) -> RenderableType:
    """The answer of the analysis as tables: the attacks sorted by the chance of eliminating
    (most likely first), and where each ordered unit may move."""
    step = str(result.get("step", "?"))
    parts: list[RenderableType] = [Text(analysis_heading(result, source, decision), style="bold")]
    battles: Sequence[Mapping[str, Any]] = result.get("battles") or []
    if step == "battle" or battles:
        table = Table(title="Attacks, the likeliest to eliminate first", title_justify="left")
        for column in ("attacker", "target", "kind"):
            table.add_column(column)
        for column in ("dice", "a die hits", "eliminates"):
            table.add_column(column, justify="right")
        ranked = sorted(
            battles,
            key=lambda b: (-float(b["p_eliminated"]), str(b["attacker"]), str(b["target"])),
        )
        for b in ranked:
            table.add_row(
                str(b["attacker"]),
                str(b["target"]),
                str(b["kind"]),
                str(b["dice"]),
                f"{float(b['hit_chance']):.1%}",
                f"{float(b['p_eliminated']):.1%}",
            )
        parts.append(table if battles else Text("No attack is possible now."))
    moves: Mapping[str, Sequence[str]] = result.get("moves") or {}
    if step == "move" or moves:
        table = Table(title="Moves of the ordered units", title_justify="left")
        table.add_column("unit")
        table.add_column("may end on")
        for where, hexes in sorted(moves.items()):
            table.add_row(where, ", ".join(hexes) if hexes else "(cannot move)")
        parts.append(table if moves else Text("No ordered unit may move now."))
    return Group(*parts)


ADAPTER = BattleLoreAdapter()
