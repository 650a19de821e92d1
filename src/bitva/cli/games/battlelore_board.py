"""BattleLore drawn in the terminal from a seat's view (the JSON of docs/battlelore.md): the hex
board with its terrain and units, the side panel (banners, goblet, Lore pool, hands) and the
battle in progress (its odds before the roll, the dice as rolled).

The board is one line a row of hexes (rules section 2.1), four columns a hex, even rows shifted
half a hex, so that all 113 hexes fit 54 columns and 10 lines:

    5 ≈≈≈≈ ≈·≈ ≈≈≈≈ ≈≈≈≈ ≈≈≈≈ ═══ ...    a river, a ford, the bridge
    4   ·r4▲  ·b2▲   ·  ♣♣♣  ...          Men-at-Arms (red, 4 figures, yours), Footmen (2 left)

Each hex is a terrain mark and three characters: a unit as its banner's letter (lower case on
foot, capital mounted, `*` a creature) in its banner's colour, its figures, and ▲ for the
viewer's own units (South's for a spectator), ▼ for the other side's; an empty hex shows its
terrain or landmark. The player who plays North sees the board from the North edge, turned half
round (row 9 at the bottom, column M on the left), as across a real table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from bitva.cli.games.battlelore_names import card_name, command_title, unit_name
from bitva.games.battlelore.field.board import COORDS, LETTERS, ROWS, index, name, row_length

CELL = 4  # columns a hex takes: a terrain mark and three characters
LABEL = 2  # the row number and a space
BOARD_WIDTH = LABEL + 13 * CELL + 1  # 55: the widest row and a spare column
SIDE_STYLE = {1: "bold cyan", 2: "bold magenta"}
BANNER_STYLE = {"green": "bold green", "blue": "bold bright_blue", "red": "bold red"}
FACE_STYLE = {
    "G": "bold black on green",
    "B": "bold white on blue",
    "R": "bold white on red",
    "F": "bold black on yellow",
    "S": "bold black on white",
    "L": "bold white on magenta",
}
FACE_WORDS = {
    "G": "green helmet",
    "B": "blue helmet",
    "R": "red helmet",
    "F": "flag",
    "S": "swords",
    "L": "Lore",
}
# terrain: the mark before a unit, and what an empty hex shows (rules section 2.4, BL-8)
TERRAIN = {
    "plain": (" ", " · ", "dim"),
    "forest": ("♣", "♣♣♣", "green"),
    "hill": ("∩", "∩∩∩", "yellow"),
    "river": ("≈", "≈≈≈", "bright_blue"),
    "ford": ("≈", "≈·≈", "cyan"),
    "bridge": ("═", "═══", "yellow"),
}
# landmarks (BL-9, section 5.4): the mark and the three letters of an empty landmark hex
LANDMARK = {
    "fortification": ("#", "Frt"),
    "wizard_tower": ("W", "Twr"),
    "cleric_shrine": ("C", "Shr"),
    "warrior_camp": ("A", "Cmp"),
    "rogue_den": ("R", "Den"),
}
LEGEND = (
    "r4▲ red foot, 4 figures, yours; B3▼ blue mounted, theirs; *1 creature"
    " · ♣ forest ∩ hill ≈ river ≈·≈ ford ═ bridge # fortification"
)
SIDE_NAMES = {1: "South", 2: "North"}


def viewer_side(seat: int | None) -> int:
    """The side whose units point up (▲): the viewer's own, South for a spectator."""
    return seat if seat in (1, 2) else 1


def flipped(seat: int | None) -> bool:
    """Whether `seat` sees the board from the North edge (D-4: North's own edge is row 9)."""
    return seat == 2


def unit_code(unit: Mapping[str, Any], seat: int | None) -> str:
    """Three characters for a unit: its banner (capital if mounted, `*` a creature), its
    figures, and whose it is (▲ the viewer's, ▼ the other side's)."""
    if unit["status"] == "creature":
        letter = "*"
    else:
        letter = unit["banner"][0]
        letter = letter.upper() if unit["status"] == "mounted" else letter
    mark = "▲" if unit["side"] == viewer_side(seat) else "▼"
    return f"{letter}{min(int(unit['figures']), 9)}{mark}"


def unit_style(unit: Mapping[str, Any], active: int) -> str:
    """A unit's banner colour; an ordered unit of the side to act in inverse, a webbed one
    underlined (BL-11.9), a poisoned one struck through (BL-11.10)."""
    style = BANNER_STYLE.get(unit["banner"], "bold")
    if unit.get("ordered") and unit["side"] == active:
        style += " reverse"
    if unit.get("webbed"):
        style += " underline"
    if unit.get("poisoned"):
        style += " strike"
    return style


def hex_cell(
    view: Mapping[str, Any],
    hex_name: str,
    units: Mapping[str, Mapping[str, Any]],
    seat: int | None,
    marks: Mapping[str, str],
) -> Text:
    """One hex in CELL columns: its terrain or landmark mark, then the unit, the mark a
    question put on it, or what the empty hex is."""
    terrain = view.get("terrain", {}).get(hex_name, "plain")
    mark, empty, style = TERRAIN.get(terrain, TERRAIN["plain"])
    landmark = view.get("landmarks", {}).get(hex_name)
    cell = Text()
    if landmark:
        symbol, letters = LANDMARK.get(landmark, ("?", landmark[:3]))
        cell.append(symbol, style="bold magenta")
        empty, style = letters, "magenta"
    elif hex_name in units or terrain in ("river", "ford", "bridge"):
        cell.append(mark, style=style)  # water runs on from hex to hex, as a river does
    else:
        cell.append(" ")
    unit = units.get(hex_name)
    if hex_name in marks:
        note = (marks[hex_name] or hex_name)[:3].center(3)
        cell.append(note, style="bold black on green")
    elif unit is not None:
        cell.append(unit_code(unit, seat), style=unit_style(unit, int(view.get("active", 0))))
    else:
        cell.append(empty, style=style)
    return cell


def board_lines(
    view: Mapping[str, Any], seat: int | None, marks: Mapping[str, str] | None = None
) -> list[Text]:
    """The board, one line a row of hexes and a line of column letters, from `seat`'s edge;
    `marks` puts a short note on hexes (where a question lets a unit go)."""
    marks = marks or {}
    flip = flipped(seat)
    units = {unit["hex"]: unit for unit in view.get("units", [])}
    rows = range(1, ROWS + 1) if flip else range(ROWS, 0, -1)
    lines: list[Text] = []
    for y in rows:
        line = Text(f"{y} ", style="bold")
        if y % 2 == 0:
            line.append("  ")  # even rows lie half a hex in (D-1)
        xs = range(row_length(y), 0, -1) if flip else range(1, row_length(y) + 1)
        for x in xs:
            hex_ = index(x, y)
            assert hex_ is not None
            line.append_text(hex_cell(view, name(hex_), units, seat, marks))
        lines.append(line)
    letters = LETTERS[::-1] if flip else LETTERS
    footer = Text(" " * LABEL)
    footer.append("".join(f" {letter}  " for letter in letters).rstrip(), style="bold")
    lines.append(footer)
    return lines


def units_by_hex(view: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return {unit["hex"]: unit for unit in view.get("units", [])}


def unit_words(unit: Mapping[str, Any] | None, hex_name: str) -> str:
    """ "Footmen (F4)": a unit by its name and hex, for the panel and the questions."""
    if unit is None:
        return hex_name
    return f"{unit_name(str(unit['type']))} ({hex_name})"


def dice_text(faces: Sequence[str]) -> Text:
    """The dice as rolled, each face a coloured letter (G B R helmets, F flag, S swords, L Lore)."""
    text = Text()
    for face in faces:
        text.append(f" {face} ", style=FACE_STYLE.get(face, "bold"))
        text.append(" ")
    return text


def odds_words(entry: Mapping[str, Any]) -> str:
    """ "3 dice · a die hits 33% · eliminates 70%": an attack's odds before it is rolled."""
    dice = int(entry["dice"])
    words = f"{dice} {'die' if dice == 1 else 'dice'}"
    if "hit_chance" in entry:
        words += f" · a die hits {float(entry['hit_chance']):.0%}"
    if "p_eliminated" in entry:
        words += f" · eliminates {float(entry['p_eliminated']):.0%}"
    return words


# the header of each roll of a battle (`rolled`, the Battle's `special`): the attack's first
ROLL_HEADERS = {
    "": "Rolled",
    "panic": "Panic roll",  # BL-10.3
    "critical": "Critical hit roll",  # BL-11.4
    "risk": "Risk roll",  # BL-11.5
    "risk-reroll": "Risk re-roll",  # D-24
    "lore": "Lore dice",  # a Lore card's roll (lore_dice_steps)
}


def battle_lines(
    view: Mapping[str, Any], odds: Mapping[tuple[str, str], Mapping[str, Any]] | None = None
) -> list[Text]:
    """The battle being resolved: who attacks whom, the odds while no die is rolled (from the
    analysis when there is one), then the dice as rolled."""
    battle = view.get("battle")
    if not battle:
        return []
    units = units_by_hex(view)
    attacker, target = str(battle["attacker"]), str(battle["target"])
    # no verb after the names: "Footmen" and "Giant Spider" both read right
    head = Text("Ranged attack: " if battle.get("kind") == "ranged" else "Attack: ", style="bold")
    head.append(f"{unit_words(units.get(attacker), attacker)} → ")
    head.append(unit_words(units.get(target), target))
    faces = list(battle.get("faces") or [])
    first = list(battle.get("attack_faces") or [])
    rolled = str(battle.get("rolled") or "")
    if faces or first:  # each roll under its own header, on one line: the attack's, then
        rolls = [("", first)] if rolled and first else []  # a special one (80x24 has no room)
        rolls.append((rolled, faces))
        line = Text()
        for kind, dice in rolls:
            if line.plain:
                line.append("· ", style="dim")
            line.append(f"{ROLL_HEADERS.get(kind, 'Rolled')}: ", style="bold")
            line.append_text(dice_text(dice))
        return [head, line]
    entry: Mapping[str, Any] = dict(battle)
    if odds and (attacker, target) in odds:
        entry = {**odds[(attacker, target)], "dice": battle.get("dice", 0)}
    return [head, Text("  " + odds_words(entry), style="yellow")]


def side_lines(view: Mapping[str, Any], seat: int | None, names: Mapping[int, str]) -> list[Text]:
    """The panel beside the board, what matters most first: whose turn, the Command card
    played, each side's banners toward the target and goblet, the other side's hands as counts,
    the Lore pool and the decks, then the viewer's own hands by name and War Council."""
    adventure = view.get("adventure", {})
    lore = bool(adventure.get("lore"))
    target = adventure.get("victory_banners", "?")
    active = int(view.get("active", 1))
    lines = [Text(f"Turn {view.get('turn', 0)} · {side_label(active, seat, names)}", "bold")]
    played = (view.get("played") or {}).get("command")
    if played:
        lines.append(Text(f"Played: {command_title(str(played))}"))
    own = viewer_side(seat)
    hands: list[Text] = []
    for side in (own, 3 - own):
        data = view["sides"][str(side)]
        who = "You" if side == seat else SIDE_NAMES.get(side, f"side {side}")
        line = Text(f"{who} ", style=SIDE_STYLE[side])
        line.append(f"⚑ {data.get('banners', 0)}/{target}")
        if lore:
            line.append(f" · goblet {data.get('goblet', 0)}")
        lines.append(line)
        counts = hand_counts(data, lore)
        if counts:
            lines.append(Text(f"  {counts}", style="dim"))
        hands += hand_lines(data, lore, own=side == seat)
    decks = f"Command deck {view.get('command_deck', 0)}"
    if lore:  # the Lore economy matters more than the size of the Command deck (BL-12)
        decks = f"Lore pool {view.get('pool', 0)} · deck {view.get('lore_deck', 0)}"
    lines.append(Text(decks, style="dim"))
    if hands:
        lines.append(Text("Your hand:" if seat in (1, 2) else "Hands:", style="bold"))
    return lines + hands


def hand_counts(data: Mapping[str, Any], lore: bool) -> str:
    """The hands the viewer may not see, as counts: "4 cards · 2 Lore"."""
    parts = []
    command, lore_hand = data.get("command_hand", 0), data.get("lore_hand", 0)
    if not isinstance(command, list):
        parts.append(f"{int(command)} card{'s' if int(command) != 1 else ''}")
    if lore and not isinstance(lore_hand, list):
        parts.append(f"{int(lore_hand)} Lore")
    return " · ".join(parts)


def hand_lines(data: Mapping[str, Any], lore: bool, own: bool = True) -> list[Text]:
    """The cards of a side's hands the viewer may see, by name, and the viewer's own War
    Council."""
    lines: list[Text] = []
    command, lore_hand = data.get("command_hand", 0), data.get("lore_hand", 0)
    if isinstance(command, list):
        lines += [Text(f" {command_title(str(card))}") for card in command]
    if lore and isinstance(lore_hand, list):
        lines += [Text(f" ✦ {card_name(str(card))}", style="magenta") for card in lore_hand]
    # cards just drawn, still to keep or discard (BL-14.3, BL-15.1, BL-15.2)
    drawn = data.get("drawn")
    if isinstance(drawn, list):
        lines += [Text(f" + {command_title(str(card))}", style="dim") for card in drawn]
    lore_drawn = data.get("lore_drawn")
    if lore and isinstance(lore_drawn, list):
        lines += [Text(f" + ✦ {card_name(str(card))}", style="dim magenta") for card in lore_drawn]
    council = data.get("council")
    if council and own:
        seated = ", ".join(f"{seat_} {level}" for seat_, level in council.items() if level)
        lines.append(Text(f" Council: {seated}", style="dim"))
    return lines


def side_label(side: int, seat: int | None, names: Mapping[int, str]) -> str:
    """ "You (South)", "North (hard)", "Ann (North)", "North": the play loop names a seat by
    who plays it in brackets ("(hard)", "(you)"), a server by a person's name."""
    where = SIDE_NAMES.get(side, f"side {side}")
    if seat == side:
        return f"You ({where})"
    who = names.get(side, "").strip()
    if not who or who == "(you)":
        return where
    return f"{where} {who}" if who.startswith("(") else f"{who} ({where})"


def marker_lines(view: Mapping[str, Any]) -> list[Text]:
    """Units under a marker, in words: webbed, poisoned, Lore stored, a goblin's rush."""
    words = []
    for unit in view.get("units", []):
        where = unit["hex"]
        if unit.get("webbed"):
            words.append(f"{where} webbed")
        if unit.get("poisoned"):
            words.append(f"{where} poisoned")
        if unit.get("stored_lore"):
            words.append(f"{where} stores {unit['stored_lore']} Lore")
        if unit.get("rush_target"):  # the hex of the enemy it must battle (BL-10.4)
            words.append(f"{where} rushes at {unit['rush_target']}")
    return [Text("Markers: " + ", ".join(words), style="dim")] if words else []


def hex_names_in_order() -> list[str]:
    """Every hex name, South-west first (used to check what the board shows)."""
    return [f"{LETTERS[x - 1]}{y}" for x, y in COORDS]
