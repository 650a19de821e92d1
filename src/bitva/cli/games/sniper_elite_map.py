"""The Sniper Elite map and side panel drawn for the terminal from the seat's view.

The map (SE-2, 11.1) is 3 columns a space: two for what is on it and one for the edge to the
east. Areas are background colours, the type a glyph (`.` outdoor, `:` difficult, `^` elevated,
`I` enclosed, `~` water, `#` obstruction); a door is `|` (east edge) or `_` (south edge), a
ladder `H`; an objective shows its number, an iron cross `+`; `@@` is the sniper, `R1`..`Y3`
the defenders; a space the sniper can see (SE-2.9) carries `'` and a brighter colour. Numbers the
question puts on spaces (`marks`) replace what is there; a number marked `!` (red) is a move that
costs a hit (SE-6.4). The panel beside it: health, bag, the
last known area and probable objectives, the sniper's objectives, the order board, equipment,
and the chance to hit each defender in sight for each number of tokens drawn.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from bitva.cli.games.sniper_elite_words import card_name, percent

TYPE_GLYPHS = {".": ".", ":": ":", "^": "^", "I": "I", "~": "~", "#": "#"}
AREA_OF = {"R": "red", "K": "black", "Y": "yellow", "W": "white"}
AREA_STYLE = {"red": "#e8b0a8 on #4a1612", "black": "#c8c8c8 on #1c1c1c",
              "yellow": "#f0e090 on #4a3c08", "white": "#e0e0e0 on #3c4048"}  # fmt: skip
SEEN_STYLE = {"red": "#ffffff on #7a2a22", "black": "#ffffff on #3c3c3c",
              "yellow": "#ffffff on #7a6418", "white": "#ffffff on #5e6470"}  # fmt: skip
SQUAD_STYLE = {"R": "bold #ff7060", "K": "bold #f0f0f0", "Y": "bold #ffe040"}
SNIPER_STYLE = "bold black on #40e0ff"
MARK_STYLE = "bold black on #70f070"
COSTLY = "!"  # a mark ending so: the move there costs a hit (SE-6.4)
COSTLY_STYLE = "bold white on #c03020"
CELL = 3  # columns a space takes: two for its contents, one for its east edge
LABEL = 3  # the row numbers' column
LEGEND = (
    "@@ you  R1 defender  ' in your sight  . : ^ I ~ # outdoor difficult high building"
    " water wall  | _ door  H ladder  + cross  digits objectives (bold: yours)"
)


def columns_of(view: Mapping[str, Any]) -> int:
    return int((view.get("map") or {}).get("width", 14))


def map_width(view: Mapping[str, Any]) -> int:
    return LABEL + CELL * columns_of(view)


def _name(row: int, col: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


def _edges(view: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """The door or ladder mark on each space's east edge and south edge, by space name."""
    east: dict[str, str] = {}
    south: dict[str, str] = {}
    for kind, glyph_east, glyph_south in (("doors", "|", "_"), ("ladders", "H", "H")):
        for a, b in (view.get("map") or {}).get(kind) or []:
            (ca, ra), (cb, rb) = (a[0], int(a[1:])), (b[0], int(b[1:]))
            if ra == rb:
                east[min(a, b, key=lambda s: s[0])] = glyph_east
            elif ca == cb:
                south[a if ra < rb else b] = glyph_south
    return east, south


def map_lines(view: Mapping[str, Any], marks: Mapping[str, str] | None = None) -> list[Text]:
    """The map with a header of column letters, one line a row."""
    board = view.get("map") or {}
    grid: Sequence[str] = board.get("grid") or []
    marks = marks or {}
    east, south = _edges(view)
    seen = set(view.get("visible") or [])
    figures = {space: d for d, space in (view.get("defenders") or {}).items() if space}
    sniper = view.get("sniper")
    objectives = {space: int(n) for n, space in (board.get("objectives") or {}).items()}
    crosses = set((board.get("crosses") or {}).values())
    mine = {o["space"] for o in view.get("objectives") or [] if not o.get("completed")}
    probable = {str(n) for n in view.get("probable") or []}
    width = columns_of(view)
    header = Text(" " * LABEL + "".join(f"{chr(ord('a') + c):<{CELL}}" for c in range(width)))
    lines = [header]
    for row, tokens in enumerate(grid):
        line = Text(f"{row + 1:>2} ")
        for col, token in enumerate(tokens.split()):
            space = _name(row, col)
            area = AREA_OF.get(token[0], "white")
            style = SEEN_STYLE[area] if space in seen else AREA_STYLE[area]
            glyph = TYPE_GLYPHS.get(token[1], "?")
            second = "'" if space in seen else " "
            second = south.get(space, second)
            text, cell_style = glyph + second, style
            if space in objectives:
                number = objectives[space]
                text = f"{glyph}{number}"
                if space in mine:
                    cell_style = f"{style} bold underline"
                elif str(number) in probable:
                    cell_style = f"{style} italic"
            elif space in crosses:
                text = glyph + "+"
            if space in figures:
                defender = figures[space]
                text, cell_style = defender, f"{SQUAD_STYLE.get(defender[0], 'bold')} {style}"
                if space in mine:  # it guards one of your objectives: still shown
                    cell_style += " underline"
                if space == sniper:
                    text, cell_style = defender[0] + "@", SNIPER_STYLE
            elif space == sniper:
                text, cell_style = "@@", SNIPER_STYLE
            if space in marks:
                text, cell_style = marked(marks[space])
            line.append(text, style=cell_style)
            line.append(east.get(space, " "), style=f"bold {AREA_STYLE[area]}")
        line.rstrip()
        lines.append(line)
    return lines


def marked(mark: str) -> tuple[str, str]:
    """A question's mark on a space and its style: "4!" (a move that costs a hit, SE-6.4) in
    red with its "!" where the number leaves room, any other mark in green."""
    number = mark.removesuffix(COSTLY)
    if number and mark.endswith(COSTLY):
        return (f"{number}{COSTLY}" if len(number) == 1 else number[:2]), COSTLY_STYLE
    return f"{mark:>2}"[:2], MARK_STYLE


def lka_words(view: Mapping[str, Any]) -> str:
    """The last known area, or "none yet" during the set-up (SE-4.10 sets the first)."""
    return str(view.get("lka") or "-") if view.get("turn") else "none yet"


def _order_slot(slot: Mapping[str, Any] | None) -> str:
    if not slot:
        return "(empty)"
    if slot.get("face") == "down":
        return "(face down)"
    return card_name(str(slot.get("card")))


def panel_lines(view: Mapping[str, Any], width: int, room: int | None = None) -> list[Text]:
    """The side panel: health, bag, areas, objectives, order board, equipment, shots. In
    `room` lines, many defenders in sight take several to a line with the best odds only, so
    that none is cut off."""
    health = str(view.get("health") or "")
    bag = view.get("bag") or {}
    wounded = "wounded" if view.get("wounded") else "unwounded"
    lines = [
        Text.assemble(("Health ", "bold"), health or "empty", f" ({len(health)}) {wounded}"),
        Text.assemble(
            ("Bag ", "bold"),
            " ".join(f"{bag.get(k, 0)}{k}" for k in "ANRS" if bag.get(k) or k != "S"),
            f" · hits {view.get('hits_this_turn', 0)}/{view.get('hit_cap', 3)}",
        ),
        # SE-4.10: the entry sets the first last known area; before it there is none
        Text.assemble(("Last known area ", "bold"), lka_words(view)),
        Text.assemble(
            ("Probable objectives ", "bold"),
            " ".join(map(str, view.get("probable") or [])) or "none",
        ),
    ]
    sniper = str(view.get("sniper") or "")
    entries = (view.get("map") or {}).get("entries") or {}
    if sniper in entries:
        area, space = entries[sniper]
        lines.insert(0, Text(f"You wait: {area} entry → {space}"))
    objectives = view.get("objectives")
    if objectives is not None:
        words = [
            f"{o['number']} {o['space']}" + (" done" if o.get("completed") else "")
            for o in objectives
        ]
        lines.append(Text.assemble(("Objectives ", "bold"), ", ".join(words)))
    board = view.get("order_board") or []
    lines.append(Text.assemble(("Orders ", "bold"), f"deck {view.get('order_deck', 0)}"))
    for chevrons, slot in enumerate(board, start=1):
        lines.append(Text(f" {'›' * chevrons:<3} {_order_slot(slot)}"))
    equipment = view.get("equipment") or {}
    available = [card_name(str(c)) for c in equipment.get("available") or []]
    # a long hand takes a second line rather than losing its last cards to the ellipsis
    kit = textwrap.wrap(", ".join(available) or "none", max(width - 4, 8))
    lines.append(Text.assemble(("Kit ", "bold"), kit[0]))
    lines += [Text("    " + rest) for rest in kit[1:]]
    sight = view.get("in_sight") or []
    if sight:
        lines.append(Text("In sight: % to hit by tokens drawn", style="bold"))
    if room is not None and len(lines) + len(sight) > room:
        lines += [Text(line) for line in sight_pairs(sight, width)]
        sight = []
    for entry in sight:
        hit = [float(p) for p in entry.get("hit") or []]
        lines.append(Text(f" {entry['defender']} range {entry['range']}: {best_odds(hit)}"))
    for line in lines:
        line.truncate(width, overflow="ellipsis")
    return lines


def sight_pairs(sight: Sequence[Mapping[str, Any]], width: int) -> list[str]:
    """Defenders in sight several to a line, each with its best chance ("Y1 6:56%": 6 tokens
    drawn, 56%), where one a line does not fit the panel."""
    cells = []
    for entry in sight:
        hit = [float(p) for p in entry.get("hit") or []]
        k = max(range(len(hit)), key=lambda i: hit[i]) if hit else 0
        best = f"{k + 1}:{percent(hit[k])}" if hit and hit[k] > 0 else "no chance"
        cells.append(f"{entry['defender']} {best}")
    cell = max(len(c) for c in cells) + 1
    per_line = max(1, (width - 1) // cell)
    return [
        " " + "".join(f"{c:<{cell}}" for c in cells[i : i + per_line]).rstrip()
        for i in range(0, len(cells), per_line)
    ]


def shot_lines(view: Mapping[str, Any]) -> list[Text]:
    """While a shot is on: its target, range and the tokens drawn so far."""
    shot = view.get("shot")
    if not shot:
        return []
    drawn = view.get("drawn") or {}
    words = " ".join(f"{n}{k}" for k, n in drawn.items() if n)
    return [Text(f"Shot at {shot.get('target', '?')}: drawn {words or 'nothing yet'}")]


def hit_table(hit: Sequence[float]) -> list[str]:
    """Lines "k tokens: p" for every k worth showing (the chance above 0)."""
    return [f"{k} token{'s' if k != 1 else ''}: {percent(p)}" for k, p in enumerate(hit, 1) if p]


def best_odds(hit: Sequence[float], count: int = 4) -> str:
    """The chance to hit for up to `count` numbers of tokens around the best: "7:1% 8:3% 9:7%"
    ("no chance" where no number of tokens can hit)."""
    if not hit or max(hit) <= 0:
        return "no chance"
    best = max(range(len(hit)), key=lambda i: hit[i])
    first = max(0, min(best - 1, len(hit) - count))
    shown = [(k + 1, hit[k]) for k in range(first, min(first + count, len(hit))) if hit[k] > 0]
    return " ".join(f"{k}:{percent(p)}" for k, p in shown)
