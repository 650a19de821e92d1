"""The Sniper Elite terminal adapter: the map with areas, types, doors, ladders, objectives, the
defenders and the sniper and what he can see, beside a panel (health, bag, last known area,
objectives, the order board, equipment, the chance to hit each defender for each number of
tokens), the log narrating both turns step by step in plain words, and the question, on one
screen that fits 80x24 (`bitva.cli.games.sniper_elite_map` draws the parts). A move is chosen on the
map (its spaces numbered), a shot as a target and then a number of tokens with the chance of
each shown before drawing. `bitva analyse sniper-elite` prints tables, or the bare JSON.
"""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bitva.cli.games import Screen, Size
from bitva.cli.games.generic import HINT, GenericAdapter, fitted, log_tail, wrapped
from bitva.cli.games.sniper_elite_events import prepared
from bitva.cli.games.sniper_elite_map import (
    COSTLY,
    LEGEND,
    map_lines,
    map_width,
    panel_lines,
    shot_lines,
)
from bitva.cli.games.sniper_elite_moves import (
    SPACE,
    move_confirmed,
    move_costs,
    move_refused,
    move_warning,
)
from bitva.cli.games.sniper_elite_pages import log_page, report_the_defenders
from bitva.cli.games.sniper_elite_words import (
    NO_RULES,
    Rules,
    action_label,
    card_help,
    card_name,
    card_text,
    challenge_help,
    challenge_title,
    describe_event,
    describe_outcome,
    in_sight,
    outcome_reason,
    percent,
    place_words,
    question,
    use_words,
    with_card_ids,
)
from bitva.cli.pretty import lines_of
from bitva.cli.terminal_screen import beside, cut_line
from bitva.core.game import Analysis
from bitva.core.outcome import Outcome
from bitva.core.state import State
from bitva.games.sniper_elite.actions import Enter, Move, Place, Shoot, Use

if TYPE_CHECKING:
    from bitva.cli.terminal import HumanTurn

HELP = (
    "Type the number of a choice, a space to move there ('d5'), or an action in full: 'move d5',"
    " 'shoot R1 3' (target and tokens to draw), 'loot', 'complete', 'use Thrown Stone e5',"
    " 'end'. '? CARD' says what a card does and when ('? grapnel', '? flare'), '? challenge'"
    " what this game's officer challenge changes."
    " On the map @@ is you, R1..Y3 the defenders, ' marks the spaces you can see, digits"
    " are objective spaces (yours bold), + an iron cross, | _ a door, H a ladder; where a move"
    " may end is numbered, and a number marked ! (in red) costs a hit: 2 or 3 steps inside the"
    " last known area are seen (a space typed that costs one asks first). In your"
    " health and the bag A is accuracy, N noise, R recoil, S suppressor (it counts as recoil)."
    " 'l' shows the log's latest lines on a page, 'a' the analysis (your moves and shots with"
    " their odds), 'u' takes back your last decision (not a roll or a card drawn, nor an action"
    " that showed you something hidden), '?' this help, 'q' leaves"
    " the game (it is saved, and `bitva play --resume FILE` takes it up again)."
)
GAP = 1  # columns between the map and the panel
PANEL_MIN = 30


CARD_ID = re.compile(r"[A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Z]{3,}")  # ON_GUARD, FLARE; not A or m7


class SniperEliteAdapter(GenericAdapter):
    """`rules`: the modifiers of the game it tells (SE-10), for the words that depend on them
    (a recon's reach, SE-8.6); `bound` gives the adapter of one game."""

    help = HELP

    def __init__(self, rules: Rules = NO_RULES) -> None:
        self.rules = rules

    def bound(self, state: State[Any]) -> SniperEliteAdapter:
        """This adapter for the game `state` belongs to: its log words a card's steps as they
        play under its modifiers."""
        return SniperEliteAdapter(modifiers_of(state))

    # -- drawing -------------------------------------------------------------------------------
    def render(self, state: State[Any], seat: int | None, screen: Screen) -> RenderableType:
        view = state.view(seat)
        left = map_lines(view, screen.marks)
        right = panel_lines(view, 48)
        parts = [Text(self.status(state, seat, screen), style="bold")]
        parts += beside(left, right, map_width(view) + GAP)
        parts += shot_lines(view)
        for line in parts:
            line.no_wrap, line.overflow = True, "ellipsis"
        parts.append(Text(LEGEND, style="dim"))
        return Group(*parts)

    def frame(self, state: State[Any], seat: int | None, screen: Screen, size: Size) -> list[Text]:
        return view_frame(state.view(seat), screen, size, self.status(state, seat, screen))

    def status(self, state: State[Any], seat: int | None, screen: Screen) -> str:
        view = state.view(seat)
        turn = int(view.get("turn") or 0)
        head = f"Sniper Elite · {f'round {round_of(turn)}' if turn else 'set-up'}"
        title = challenge_title(frozenset(view.get("modifiers") or ()))
        if title:
            head += f" · {title}"
        if state.outcome is not None:
            return f"{head} · game over"
        if state.is_chance:
            return f"{head} · {'the defenders' if view.get('phase') == 'defenders' else 'chance'}"
        return f"{head} · your decision"

    def step_words(self, text: str) -> str:
        """A recorded step with each card id said by name: "order On Guard" (issue 21.7)."""
        return " ".join(card_name(w) if CARD_ID.fullmatch(w) else w for w in text.split())

    # -- the log -------------------------------------------------------------------------------
    def describe_events(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        lines = []
        for event in prepared(events, self.rules):
            line = self.describe_event(event)
            if line:
                lines.append(line)
        return lines

    def describe_event(self, event: Mapping[str, Any]) -> str | None:
        line = describe_event(event, self.rules)
        return line if line is not None else super().describe_event(event)

    def describe_outcome(self, outcome: Outcome) -> str:
        return describe_outcome(outcome)

    def outcome_reason(self, outcome: Outcome, viewer: int | None) -> str:
        return outcome_reason(outcome, watched=viewer is None)

    def seat_name(self, seat: int) -> str:
        """The one seat is the sniper (SE-1); the defenders are the rules' own moves."""
        return "The sniper" if seat == 1 else f"Player {seat}"

    # -- a human's decisions --------------------------------------------------------------------
    def heading(self, state: State[Any], seat: int) -> str | None:
        verbs = [a.verb for a in state.legal_actions()]
        return question(state.view(seat), verbs)

    def action_label(self, state: State[Any], action: Any) -> str:
        return action_label(state.view(state.current_player), state.action_text(action))

    def choose(self, turn: HumanTurn) -> Any | None:
        """The sniper's turn in two steps: what to do (move, a target, a card, end), then where
        to (spaces numbered on the map) or how many tokens to draw (each with its chance)."""
        state = turn.state
        report_the_defenders(turn)
        if state.decision in ("entry", "place"):
            return choose_on_map(turn, self.heading(state, turn.seat) or "")
        if state.decision != "turn":  # the turn always asks alike: "1" never moves at once
            return choose_listed(turn, self.heading(state, turn.seat) or "")
        return choose_turn(turn, lambda: self.heading(state, turn.seat))

    # -- analyses ------------------------------------------------------------------------------
    def render_analysis(
        self, analysis: Analysis, result: Mapping[str, Any], state: State[Any], source: str
    ) -> RenderableType:
        if "moves" not in result or "shots" not in result:
            return super().render_analysis(analysis, result, state, source)
        return analysis_tables(result, source)

    def analysis_json(self, analysis: Analysis, result: Mapping[str, Any]) -> str:
        """The analysis object bare, as issue 12 specifies it: one line of JSON."""
        return json.dumps(result, ensure_ascii=False)


def view_frame(view: Mapping[str, Any], screen: Screen, size: Size, status: str) -> list[Text]:
    """The screen for `size`: the title, the map with the panel (the shot in progress first)
    and the earlier log lines beside it, the latest log lines, and the question. Wider than
    `size` when the map does not fit: the play loop then says the window is too small."""
    width, height = size
    title = fitted([status], width, "bold")
    left = map_lines(view, screen.marks)
    left_width = map_width(view) + GAP
    panel_width = max(width - left_width, PANEL_MIN)
    shots = [cut_line(line, panel_width) for line in shot_lines(view)]
    panel = shots + panel_lines(view, panel_width, len(left) - len(shots))
    if len(panel) > len(left):  # the map's height is the panel's: the last lines give way
        panel = [*panel[: len(left) - 1], Text("…", style="dim")]
    ask = compact_question(screen, width)
    # the latest log lines go just above the question, where the eye is; the ones before them
    # beside the map under the panel (the panel never grows taller than the map)
    room = max(height - len(title) - len(left) - len(ask), 0)
    log = log_tail(screen.log, width, room) if room else []
    shown = entries_fitting(screen.log, width, room) if room else 0
    if room and screen.log and not log:  # the latest line is longer than the room: its start
        log, shown = [cut_line(Text(screen.log[-1]), width)], 1
    earlier = list(screen.log)[: max(len(screen.log) - shown, 0)]
    beside_room = max(len(left) - len(panel) - 1, 0)
    side_log = log_tail(earlier, panel_width, beside_room) if beside_room else []
    right = [*panel, *([Text("─" * min(panel_width, 24), style="dim")] if side_log else [])]
    right += side_log
    top = beside(left, right, left_width)
    return [*title, *top, *log, *ask]


def entries_fitting(log: Sequence[str], width: int, room: int) -> int:
    """How many of the log's latest entries `log_tail` shows in `room` lines (a long entry takes
    several), so that the log beside the map ends exactly where the one below it goes on."""
    used = count = 0
    for line in reversed(log):
        lines = len(textwrap.wrap(line, max(width, 8), subsequent_indent="  ") or [""])
        if used + lines > room:
            break
        used, count = used + lines, count + 1
    return count


def compact_question(screen: Screen, width: int) -> list[Text]:
    """The heading (wrapped, so its rule is never cut), the menu in columns from 4 choices on
    (the map leaves few lines), the hint and the message."""
    lines = lines_of(Text(screen.heading, style="bold"), width) if screen.heading else []
    if len(screen.menu) > 3:
        columns = Columns([Text(item) for item in screen.menu], padding=(0, 3), column_first=True)
        lines += lines_of(columns, width)
    else:
        lines += wrapped(screen.menu, width)
    if screen.heading or screen.menu:
        lines += fitted([f"{HINT} · l the log"], width, "dim")
    if screen.message:
        lines += lines_of(Text(screen.message, style="red"), width)
    return lines


def modifiers_of(state: State[Any]) -> Rules:
    """The modifiers in force in the game of `state`, as its public view lists them (SE-10)."""
    return frozenset(map(str, state.view(None).get("modifiers") or ()))


def round_of(turn: int) -> int:
    """The round a turn belongs to: the sniper's turn and the defenders' turn after it are two
    turns of the engine (SE-5.2) but one round for the player."""
    return (turn + 1) // 2


def numbers(count: int) -> str:
    """The numbers a menu of `count` choices takes: "1-4", or "1" alone."""
    return "1" if count == 1 else f"1-{count}"


def not_a_choice(turn: HumanTurn, answer: str, count: int) -> bool:
    """A number outside the menu: said in plain words (not as the action grammar's error)."""
    if not answer.isdigit():
        return False
    turn.error(f"{answer} is not one of the choices: type {numbers(count)}, or an action")
    return True


def asked_aside(turn: HumanTurn, answer: str) -> bool:
    """'? grapnel' or 'help Flare': the card's text shown; '? challenge': what the game's
    modifiers change (the plain '?' is the help); 'l': the log's latest lines."""
    lowered = answer.lower()
    if lowered in ("l", "log"):
        width, height = turn.game.console.size
        turn.show(Text(log_page(turn.game.log(turn.seat), width, height)))
        return True
    for prefix in ("?", "help ", "h "):
        asked = lowered[len(prefix) :].strip()
        if lowered.startswith(prefix) and asked in ("challenge", "modifiers"):
            turn.show(Text(challenge_help(modifiers_of(turn.state))))
            return True
        if lowered.startswith(prefix) and asked:
            turn.show(Text(card_help(answer[len(prefix) :], modifiers_of(turn.state))))
            return True
    return False


def choose_listed(turn: HumanTurn, heading: str) -> Any | None:
    """The legal actions numbered (a reward, the loot pick, the objective to put at the
    bottom); a number, an action in full, or '? CARD' for what a card does."""
    state = turn.state
    actions = state.legal_actions()
    menu = [
        f"{number}. {turn.adapter.action_label(state, action)}"
        for number, action in enumerate(actions, start=1)
    ]
    while True:
        answer = turn.ask(
            f"P{turn.seat}: choice ({numbers(len(actions))}) or an action:", menu, heading
        )
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        if not answer or asked_aside(turn, answer) or not_a_choice(turn, answer, len(menu)):
            continue
        typed = turn.typed(with_card_ids(answer))
        if typed is not None:
            return typed


def choose_on_map(turn: HumanTurn, heading: str) -> Any | None:
    """An entry point (SE-4.10) or the space of a returning defender (SE-7.8): the choices
    numbered on the map itself, and listed in words."""
    state = turn.state
    view = state.view(turn.seat)
    entries = (view.get("map") or {}).get("entries") or {}
    keys: list[str] = []
    table: dict[str, Any] = {}
    marks: dict[str, str] = {}
    menu: list[str] = []
    for number, action in enumerate(state.legal_actions(), start=1):
        match action:
            case Enter(entry=name):  # SE-4.10: the entry point by name or by its space
                space = entries[name][1]
            case Place(space=name):  # SE-7.8
                space = name
            case _:  # the map asks only for an entry point or a space
                continue
        keys.append(str(number))
        table[str(number)] = table[name] = table[space] = action
        marks[space] = str(number)
        menu.append(f"{number}. {turn.adapter.action_label(state, action)}")
    while True:
        answer = turn.ask(f"P{turn.seat}: {numbers(len(keys))} or a space:", menu, heading, marks)
        if answer.lower() in table or answer.upper() in table:
            return table.get(answer.lower(), table.get(answer.upper()))
        if asked_aside(turn, answer):
            continue
        if answer and not not_a_choice(turn, answer, len(keys)):
            typed = turn.typed(with_card_ids(answer))
            if typed is not None:
                return typed


def choose_turn(turn: HumanTurn, heading: Any) -> Any | None:
    """The action: a move, a shot, or one of the other actions, each in at most two steps."""
    state = turn.state
    view = state.view(turn.seat)
    moves: dict[str, Move] = {}
    shots: dict[str, list[tuple[int, Any]]] = {}
    cards: dict[str, list[tuple[str, Any]]] = {}
    others: list[Any] = []
    for action in state.legal_actions():
        match action:
            case Move(space=space, steps=int(steps)):  # SE-6.2: the fewest steps offered
                fewest = moves.get(space)
                if fewest is None or steps < (fewest.steps or 0):
                    moves[space] = action
            case Shoot(defender=target, tokens=tokens):
                shots.setdefault(target, []).append((tokens, action))
            case Use(card=card, params=params) if params:  # SE-11.6: a card with a target
                cards.setdefault(card, []).append((" ".join(params), action))
            case _:
                others.append(action)
    menu: list[str] = []
    picks: list[tuple[str, Any]] = []
    if moves:
        picks.append(("move", None))
        menu.append(f"move ({len(moves)} spaces)")
    for target in shots:
        entry = in_sight(view, target)
        odds = [float(p) for p in (entry or {}).get("hit") or []]
        best = f"up to {percent(max(odds))}" if odds and max(odds) > 0 else "no chance"
        picks.append(("shoot", target))
        menu.append(f"shoot {target} ({best})")
    for card in cards:
        picks.append(("use", card))
        menu.append(action_label(view, f"use {card}") + "…")
    for action in others:
        picks.append(("do", action))
        menu.append(turn.adapter.action_label(state, action))
    numbered = [f"{n}. {item}" for n, item in enumerate(menu, start=1)]
    while True:
        answer = turn.ask(
            f"P{turn.seat}: {numbers(len(menu))}, a space, or an action:", numbered, heading()
        )
        if not answer or asked_aside(turn, answer):
            continue
        if answer.lower() in moves:
            if move_confirmed(turn, view, moves[answer.lower()]):
                return moves[answer.lower()]
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(picks):
            kind, what = picks[int(answer) - 1]
            chosen = _second_step(turn, view, kind, what, moves, shots, cards)
            if chosen is not None:
                return chosen
            continue
        if not_a_choice(turn, answer, len(picks)):
            continue
        if SPACE.fullmatch(answer.strip().lower()):  # a space no move takes: the reason
            turn.error(move_refused(state, answer))
            continue
        typed = turn.typed(with_card_ids(answer))
        if typed is not None and move_confirmed(turn, view, typed):
            return typed


def _second_step(
    turn: HumanTurn,
    view: Mapping[str, Any],
    kind: str,
    what: Any,
    moves: Mapping[str, Any],
    shots: Mapping[str, list[tuple[int, Any]]],
    cards: Mapping[str, list[tuple[str, Any]]],
) -> Any | None:
    """The second question of a choice; None goes back to the first."""
    if kind == "do":
        return what
    if kind == "move":
        spaces = list(moves)
        marks = {space: str(n) for n, space in enumerate(spaces, start=1)}
        for space in spaces:  # a move that costs a hit is marked on the map: "4!"
            if move_warning(view, turn.state.action_text(moves[space])):
                marks[space] += COSTLY
        heading = "Where to? The numbers on the map are the spaces you may reach (SE-6.2)"
        heading += move_costs(turn.state, [moves[space] for space in spaces])
        return _pick(turn, heading, [], spaces, moves, marks, lambda t: move_refused(turn.state, t))
    if kind == "shoot":
        entry = in_sight(view, str(what)) or {}
        odds = [float(p) for p in entry.get("hit") or []]
        options = shots[str(what)]
        menu, keys, table = [], [], {}
        for k, action in options:
            p = odds[k - 1] if k - 1 < len(odds) else 0.0
            if p > 0 or not any(odds):
                menu.append(f"{k}. {percent(p)}")
                keys.append(str(k))
                table[str(k)] = action
        heading = (
            f"Shoot {what} (range {entry.get('range', '?')}): how many tokens to draw?"
            " Each number with its chance to hit (SE-6.5)"
        )
        return _pick(
            turn, heading, menu, keys, table, {str(entry.get("space", "")): "◎"}
        )  # the target
    choices = cards[str(what)]
    params = [param for param, _ in choices]
    on_map = {
        p: str(n) for n, p in enumerate(params, start=1) if p[:1].isalpha() and p[1:].isdigit()
    }
    menu = [
        f"{p if p.isdigit() else n}. {use_words(str(what), p).removeprefix('to ')}"
        for n, p in enumerate(params, 1)
    ]
    menu = [] if len(on_map) == len(params) else menu
    asked = "How many?" if params[0].isdigit() else "Where?" if on_map else "Which?"
    heading = f"{action_label(view, 'use ' + str(what))}: {card_text(str(what))} {asked}"
    return _pick(turn, heading, menu, params, dict(choices), on_map)


def _pick(
    turn: HumanTurn,
    heading: str,
    menu: list[str],
    keys: list[str],
    table: Mapping[str, Any],
    marks: dict[str, str],
    refused: Callable[[str], str] | None = None,
) -> Any | None:
    """The answer among `keys` (numbered, or by name: a space, a number of tokens); None
    when the player goes back; `refused` says why another answer is not a choice. Keys that
    are numbers themselves (tokens to draw, recoil to take) are typed as they are; other keys
    (spaces, areas) also by their place in the list."""
    numbered = not any(key.isdigit() for key in keys)
    while True:
        span = numbers(len(keys)) if numbered else "-".join(dict.fromkeys([keys[0], keys[-1]]))
        answer = turn.ask(f"P{turn.seat}: {span} or a name, 'b' to go back:", menu, heading, marks)
        if answer.lower() in ("b", "back"):
            return None
        if not answer or asked_aside(turn, answer):
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(keys) and numbered:
            return table[keys[int(answer) - 1]]
        if answer in table:
            return table[answer]
        if answer.lower() in table:
            return table[answer.lower()]
        turn.error(refused(answer) if refused else f"{answer} is not one of the choices: {span}")


def analysis_tables(result: Mapping[str, Any], source: str) -> RenderableType:
    """The sniper's options as tables: the defenders in sight with the chance to hit for each
    number of tokens drawn, and where a move may end with its fewest steps."""
    head = (
        f"{source}: the sniper on {place_words(result.get('sniper'))}, last known area"
        f" {result.get('lka')},"
        f" probable objectives {', '.join(map(str, result.get('probable') or [])) or 'none'}"
    )
    parts: list[RenderableType] = [Text(head, style="bold")]
    shots: Sequence[Mapping[str, Any]] = result.get("shots") or []
    if shots:
        most = max(len(s.get("hit") or {}) for s in shots)
        # one space between columns, no rules: eleven tokens' odds still fit 80 columns
        table = Table(
            title="Shots: the chance to hit by tokens drawn",
            title_justify="left",
            box=box.SIMPLE_HEAD,
            padding=(0, 0),
            pad_edge=False,
            collapse_padding=True,
        )
        for column in ("target", "space", "range"):
            table.add_column(column)
        for k in range(1, most + 1):
            table.add_column(str(k), justify="right")
        for shot in shots:
            hit = shot.get("hit") or {}
            cells = [
                percent(float(hit[str(k)])) if str(k) in hit else "" for k in range(1, most + 1)
            ]
            table.add_row(str(shot["target"]), str(shot["space"]), str(shot["range"]), *cells)
        parts.append(table)
    else:
        parts.append(Text("No defender in sight."))
    moves: Mapping[str, int] = result.get("moves") or {}
    if moves:
        table = Table(title="Moves: where a move may end, fewest steps", title_justify="left")
        table.add_column("steps", justify="right")
        table.add_column("spaces")
        for steps in sorted(set(moves.values())):
            table.add_row(str(steps), " ".join(s for s, n in moves.items() if n == steps))
        parts.append(table)
    else:
        parts.append(Text("No move is possible now."))
    return Group(*parts)


ADAPTER = SniperEliteAdapter()
