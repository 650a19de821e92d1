"""Drawing Lords of War in the terminal with Rich: the mat with each card's arrows, values, defence,
rank and class; the hand; the piles; the log; how the game ended."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from bitva.core.outcome import Outcome
from bitva.games.lords_of_war.cards import CLASS_ABBREVIATIONS, RANK_ABBREVIATIONS, Card
from bitva.games.lords_of_war.mat import COLUMNS, ROWS
from bitva.games.lords_of_war.state import LordsOfWarState
from bitva.games.lords_of_war.victory import eliminated_counts

GLYPHS = ("↑", "↗", "→", "↘", "↓", "↙", "←", "↖")  # board directions, in LW-1.3 order
SEAT_STYLE = {1: "bold cyan", 2: "bold magenta"}
CELL = 11


def board_arrows(card: Card, owner: int) -> list[int]:
    """Arrow values by board direction (LW-2.3: player 2's cards face the other way)."""
    if owner == 1:
        return list(card.arrows)
    return [card.arrows[(i + 4) % 8] for i in range(8)]


RACE_WORDS = frozenset(("Orc", "Goblin", "Dwarf", "Elven", "Lizardman", "Skink"))


def short_name(card: Card, width: int = 7) -> str:
    """A name that fits a cell: race words dropped, words run together ("Goblin Bow Pest" ->
    "BowPest")."""
    words = card.name.split()
    kept = [w for w in words if w not in RACE_WORDS] or words
    return "".join(kept)[:width]


def _arrow(values: list[int], direction: int) -> str:
    return f"{GLYPHS[direction]}{values[direction]}" if values[direction] else ""


def card_cell(card: Card, owner: int, marks: str = "", flip: bool = False) -> Text:
    """Four lines: the arrows around the card as they point on the board (as seen from the far
    edge if `flip`), its name, and a line with its facing (▲ towards the far edge), defence,
    ranged value, rank and class."""
    a = board_arrows(card, owner)
    if flip:  # seen from player 2's edge, the board is turned half round
        a = [a[(i + 4) % 8] for i in range(8)]
    facing = "▲" if (owner == 1) != flip else "▼"
    rank = RANK_ABBREVIATIONS[card.rank]
    if card.is_ranged:
        facts = f"{facing}D{card.defence} R{card.ranged} {rank}"
    else:
        facts = f"{facing}D{card.defence} {rank} {CLASS_ABBREVIATIONS[card.unit_class]}"
    lines = [
        f"{_arrow(a, 7):<4}{_arrow(a, 0):^3}{_arrow(a, 1):>4}",
        f"{_arrow(a, 6):<2}{short_name(card, 7 - len(marks)) + marks:^7}{_arrow(a, 2):>2}",
        facts.center(CELL),
        f"{_arrow(a, 5):<4}{_arrow(a, 4):^3}{_arrow(a, 3):>4}",
    ]
    return Text("\n".join(lines), style=SEAT_STYLE[owner])


def empty_cell(name: str, note: str = "", style: str = "dim") -> Text:
    lines = ["", name.center(CELL), note[:CELL].center(CELL), ""]
    return Text("\n".join(lines), style=style)


def render_board(
    state: LordsOfWarState,
    highlight: dict[int, str] | None = None,
    last: set[int] | None = None,
    flip: bool = False,
) -> Table:
    """The mat seen from player 1's edge (row 1 at the bottom), or from player 2's if `flip`
    (turned half round: row 7 at the bottom, column f on the left). `highlight` marks squares
    (e.g. legal placements) with a short note; `last` marks squares that just changed."""
    static = state.static
    mat = static.mat
    highlight = highlight or {}
    last = last or set()
    if mat.borderless:
        xs = [mat.coords(s)[0] for s in state.board] + [0, COLUMNS - 1]
        ys = [mat.coords(s)[1] for s in state.board] + [0, ROWS - 1]
        xs += [mat.coords(s)[0] for s in highlight]
        ys += [mat.coords(s)[1] for s in highlight]
        x_range = list(range(min(xs) - 1, max(xs) + 2))
        y_range = list(range(max(ys) + 1, min(ys) - 2, -1))
    else:
        x_range = list(range(COLUMNS))
        y_range = list(range(ROWS - 1, -1, -1))
    if flip:
        x_range, y_range = x_range[::-1], y_range[::-1]
    table = Table(show_header=True, show_lines=True, padding=0, box=box.SQUARE)
    table.add_column("", justify="right", width=3)
    for x in x_range:
        label = "abcdef"[x] if 0 <= x < COLUMNS else str(x)
        table.add_column(label, justify="center", width=CELL)
    starts = {mat.start_square(1): "start 1", mat.start_square(2): "start 2"}
    for y in y_range:
        row: list[Any] = [Text(f"\n{y + 1 if 0 <= y < ROWS else y}", style="bold")]
        for x in x_range:
            square = mat.index(x, y)
            u = state.board.get(square)
            if u is not None:
                marks = "*" if square in last else ""
                cell = card_cell(static.card_of(u), u >> 8, marks, flip)
                if square in highlight:
                    cell.stylize("on dark_red")
                elif square in last:
                    cell.stylize("underline")
            elif square in highlight:
                cell = empty_cell(mat.name(square), highlight[square], "bold green on grey15")
            else:
                cell = empty_cell(
                    mat.name(square), starts.get(square, "") if state.turn < 1 else ""
                )
            row.append(cell)
        table.add_row(*row)
    return table


def arrows_text(card: Card) -> str:
    parts = [f"{GLYPHS[i]}{v}" for i, v in enumerate(card.arrows) if v]
    return " ".join(parts) or "-"


def render_hand(state: LordsOfWarState, seat: int) -> Table:
    static = state.static
    table = Table(title=f"Player {seat}'s hand", title_style=SEAT_STYLE[seat])
    for column in ("#", "card", "rank", "class", "def", "arrows (as you hold it)", "ranged"):
        table.add_column(column)
    for number, kind in enumerate(state.hand_kinds(seat), start=1):
        card = static.kinds[seat][kind]
        copies = sum(1 for c in state.hand[seat] if static.kind_of[seat][c] == kind)
        name = card.ref + (f" x{copies}" if copies > 1 else "")
        ranged = f"{card.ranged} ({len(card.targets)} squares)" if card.is_ranged else ""
        table.add_row(
            str(number),
            name,
            card.rank,
            card.unit_class,
            str(card.defence),
            arrows_text(card),
            ranged,
        )
    return table


def render_status(state: LordsOfWarState, names: dict[int, str]) -> Text:
    options = state.static.options
    text = Text()
    for seat in (1, 2):
        units, commands = eliminated_counts(state, seat)
        text.append(f"P{seat} {names.get(seat, '')}", style=SEAT_STYLE[seat])
        text.append(
            f"  eliminated {units}/{options.units_to_win} units, "
            f"{commands}/{options.commands_to_win} command · hand {len(state.hand[seat])}"
            f" · deck {len(state.deck[seat])}"
        )
        if state.owed[seat]:
            text.append(" · extra turn owed", style="yellow")
        text.append("\n")
    phase = state.phase
    text.append(f"Turn {max(state.turn, 0)} · player {state.active} · {phase}", style="bold")
    return text


def describe_outcome(outcome: Outcome) -> str:
    """How the game ended, from the outcome's reason code (LW-8.1, LW-8.3, D-4)."""
    params, rule = outcome.params, outcome.rule
    winner = outcome.winner
    if outcome.reason in ("units", "commands") and winner is not None:
        what = (
            f"{params.get('commands')} command units"
            if outcome.reason == "commands"
            else f"{params.get('units')} units"
        )
        return f"player {winner} eliminated {what} ({rule or 'LW-8.1'})"
    if outcome.reason == "both-thresholds":
        return f"both players reached a victory threshold together ({rule or 'D-4'})"
    if outcome.reason == "no-placements":
        first, second = params.get("units", ("?", "?"))
        result = f"player {winner} wins" if winner is not None else "a draw"
        return (
            f"two turns without a placement; eliminated units {first}-{second}, {result}"
            f" ({rule or 'LW-8.3'})"
        )
    return f"{outcome.result}: {outcome.reason} ({rule})" if rule else outcome.reason


def describe_event(event: Mapping[str, Any]) -> str | None:
    """One log line for an event as a seat sees it."""
    kind = event["kind"]
    p = event.get("player")
    if kind == "placed":
        forced = " (forced placement)" if event.get("forced") else ""
        return f"P{p} places {event['card']} on {event['square']}{forced}"
    if kind == "revealed":
        return f"P{p} shows the hand: {', '.join(event['cards'])} (LW-6.5)"
    if kind == "declared":
        if event["attack"] == "ranged":
            return f"P{p}'s {event['card']} on {event['square']} shoots {event['target']}"
        return f"P{p}'s {event['card']} on {event['square']} attacks with its arrows"
    if kind == "eliminated":
        by = ", ".join(event["by"])
        return f"  ✗ {event['card']} (P{event['owner']}) on {event['square']} eliminated by {by}"
    if kind == "moved":
        return f"P{p}'s berserker {event['card']} moves {event['from']} → {event['to']}"
    if kind == "drew":
        cards = event.get("cards")
        listed = f": {', '.join(cards)}" if cards else ""
        return f"P{p} draws {event['count']}{listed}"
    if kind == "recalled":
        return f"P{p} recalls {event['card']} from {event['square']}"
    if kind == "extra-turn-earned":
        return f"P{p} eliminated the enemy General: an extra turn is owed (LW-8.4)"
    if kind == "extra-turn":
        return f"P{p} plays again (LW-8.4)"
    if kind == "skipped":
        return f"P{p} cannot place and skips phases 1 and 2 ({event['rule']})"
    if kind == "game-over":
        return f"Game over: {describe_outcome(Outcome.from_json(event))}"
    if kind == "turn":
        return f"— turn {event['number']}: player {p} —"
    return None


def merge_draws(events: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Cards dealt one by one (one chance outcome each) read as one draw per player."""
    merged: list[Mapping[str, Any]] = []
    for event in events:
        last = merged[-1] if merged else None
        if (
            event["kind"] == "drew"
            and last is not None
            and last["kind"] == "drew"
            and last.get("player") == event.get("player")
        ):
            cards = (last.get("cards") or []) + (event.get("cards") or [])
            merged[-1] = {**last, **event, "count": last["count"] + event["count"], "cards": cards}
        else:
            merged.append(event)
    return merged


def log_lines(events: Sequence[Mapping[str, Any]]) -> list[str]:
    """The log lines of one move's events (as a seat sees them)."""
    return [line for line in map(describe_event, merge_draws(events)) if line]


def render_screen(
    state: LordsOfWarState,
    seat: int | None,
    names: dict[int, str],
    log: list[str],
    highlight: dict[int, str] | None = None,
    last: set[int] | None = None,
) -> Group:
    """The mat from `seat`'s edge, the score, `seat`'s hand and the end of `log`."""
    board = render_board(state, highlight, last, flip=seat == 2)
    parts: list[Any] = [board, render_status(state, names)]
    if seat is not None:
        parts.append(render_hand(state, seat))
    if log:
        parts.append(Text("\n".join(log[-8:]), style="white"))
    return Group(*parts)
