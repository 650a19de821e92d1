"""The dense integer codes of BattleLore's actions (`actions.py`; issue 23, docs/research/
battlelore.md).

Each code block (`SIGNATURES`: a verb, or `order-pay` / `discard-lore`) owns a run of codes, in
the table's order; within it an action's code is the index of its words in a table of the word
combinations that CAN occur by the rules, built once at import from the board and the
catalogue, never from a state:

- one hex (`order`, `retreat`, ...): the 113 hexes; two hexes (`move`, `battle`): the pairs no
  farther apart than a move (`MOVE_REACH`: the fastest unit's `move_max` plus Forced March's
  extra hex) or a battle (`BATTLE_REACH`: the longest weapon's range) can reach; `rush`: the
  goblin's start, an end at most `RUSH_HEXES` away (BL-10.4) and a target next to the end;
- a roll: its `dice_counts` outcome index among every roll of 0..`MAX_DICE` dice (section 2.2);
- a council: the index among every level tuple the sheet allows (0..3 per seat, BL-14.6);
- a Lore card: a run per card of only the target shapes that card takes (`LORE_SHAPES`, 5.2).

Every code therefore means the same action in every state and every adventure, and the space
is one constant, `NUM_CODES`, for every adventure and option. Forced March (WR05) and Stealth
(RG05), which name several units, choose them one at a time (`lore/several.py`): `lore WR05 F4`
in the card's one-hex run, then `add HEX` (one hex block) and `done`, so no action names more
than one of their units.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import product

from bitva.core.chance import dice_counts
from bitva.core.errors import IllegalAction
from bitva.games.battlelore.actions import (
    ABILITY_IDS,
    MAX_DICE,
    MAX_NUMBER,
    REFILL_OPTIONS,
    SIGNATURES,
    BattleLoreAction,
    Council,
    PlayLore,
    Roll,
    typed,
)
from bitva.games.battlelore.catalogue.base import scaled
from bitva.games.battlelore.catalogue.load import load_catalogue
from bitva.games.battlelore.field.board import HEX_COUNT, NAMES, NEIGHBOURS, SECTIONS, distance
from bitva.games.battlelore.field.movement import RUSH_HEXES
from bitva.games.battlelore.lore.council import SEATS
from bitva.games.battlelore.lore.deck import LORE_IDS
from bitva.games.battlelore.turn.command import CARD_IDS

Words = tuple[str, ...]
_CATALOGUE = load_catalogue()
# the farthest one `move` goes (BL-3, D-5): the fastest unit plus a Lore card's extra hexes
MOVE_REACH = max(u.move_max for u in _CATALOGUE.units.values()) + max(
    card.move or 0 for card in _CATALOGUE.lore.values()
)
# the farthest one `battle` reaches (D-8): the longest weapon
BATTLE_REACH = max(w.range for w in _CATALOGUE.weapons.values())
TOP_LEVEL = 3  # a council seat holds 0..3 levels (BL-14.6), so a card is cast at level 1..3
# every roll of 0..MAX_DICE dice by face counts (section 2.2), in `dice_counts` order
ROLLS: tuple[tuple[int, ...], ...] = tuple(
    counts for n in range(MAX_DICE + 1) for counts, _ in dice_counts(n)
)
ROLL_INDEX: dict[tuple[int, ...], int] = {counts: i for i, counts in enumerate(ROLLS)}
# every War Council the sheet allows (BL-14.6), as `Council.levels`
COUNCILS: tuple[tuple[tuple[str, int], ...], ...] = tuple(
    Council.of(dict(zip(SEATS, levels, strict=True))).levels
    for levels in product(range(TOP_LEVEL + 1), repeat=len(SEATS))
)
COUNCIL_INDEX = {levels: i for i, levels in enumerate(COUNCILS)}


def _pairs(low: int, high: int) -> tuple[Words, ...]:
    """Hex pairs (a, b) with `low <= distance(a, b) <= high`, by a then b."""
    return tuple(
        (NAMES[a], NAMES[b])
        for a in range(HEX_COUNT)
        for b in range(HEX_COUNT)
        if low <= distance(a, b) <= high
    )


HEXES: tuple[Words, ...] = tuple((h,) for h in NAMES)
NEIGHBOUR_PAIRS: tuple[Words, ...] = tuple(
    (NAMES[a], NAMES[b]) for a in range(HEX_COUNT) for b in sorted(NEIGHBOURS[a])
)
# BL-10.4: the goblin's hex, its end (0..RUSH_HEXES away) and the enemy next to the end
RUSHES: tuple[Words, ...] = tuple(
    (NAMES[s], NAMES[e], NAMES[t])
    for s in range(HEX_COUNT)
    for e in range(HEX_COUNT)
    if distance(s, e) <= RUSH_HEXES
    for t in sorted(NEIGHBOURS[e])
)


def _numbers(count: int) -> tuple[Words, ...]:
    return tuple((str(n),) for n in range(count))


# the tables of the blocks read by their words (`action.args`); roll, council, lore apart
TABLES: dict[str, tuple[Words, ...]] = {
    "pass": ((),),
    "done": ((),),
    "battle-back": ((),),
    "take-ground": ((),),
    "deal": tuple((c,) for c in CARD_IDS),
    "play": tuple((c,) for c in CARD_IDS),
    "discard": tuple((c,) for c in CARD_IDS),
    "order": HEXES,
    "order-pay": HEXES,
    "free": HEXES,
    "retreat": HEXES,
    "pursue": HEXES,
    "ignore": _numbers(MAX_NUMBER),
    "move": _pairs(1, MOVE_REACH),
    "battle": _pairs(1, BATTLE_REACH),
    "rush": RUSHES,
    "ability": tuple((a, str(n)) for a in ABILITY_IDS for n in range(MAX_NUMBER)),
    "store": _numbers(MAX_NUMBER),
    "lore-deal": tuple((c,) for c in LORE_IDS),
    "keep": tuple((c,) for c in LORE_IDS),
    "discard-lore": tuple((c,) for c in LORE_IDS),
    "refill": tuple((o,) for o in REFILL_OPTIONS),
    "place": HEXES,
    "box": tuple((c,) for c in LORE_IDS),
    "add": HEXES,
}

# -- Lore cards: the shapes of their targets (5.2, `lore/targets.py`, `lore/wiring.words_of`) ----
# "none": no words (YOU, OPPONENT, River Rage's every unit); "unit": 1 unit's hex; "hex": 1 hex
# (Creeping Doom's centre); "card": the Lore card it answers (Dispel, Foil); "section": Hold the
# Line's section; "marker": a unit and its marker (Purify); "sidestep": the unit, alone or with
# the hex it steps to (RG03); "teleport": a unit and an empty hex within the card's range at the
# top level; "units": 1 unit in the dense part, 2 or more in the tail (Forced March, Stealth).
LORE_SHAPES: dict[str, str] = {
    "WZ01": "unit",
    "WZ02": "none",
    "WZ03": "none",
    "WZ04": "hex",
    "WZ05": "card",
    "WZ06": "teleport",
    "WZ07": "none",
    "CL01": "unit",
    "CL02": "unit",
    "CL03": "unit",
    "CL04": "unit",
    "CL05": "unit",
    "CL06": "unit",
    "CL07": "marker",
    "WR01": "unit",
    "WR02": "unit",
    "WR03": "unit",
    "WR04": "section",
    "WR05": "units",
    "WR06": "none",
    "WR07": "unit",
    "RG01": "none",
    "RG02": "card",
    "RG03": "sidestep",
    "RG04": "none",
    "RG05": "units",
    "RG06": "none",
    "RG07": "unit",
}
assert set(LORE_SHAPES) == set(LORE_IDS), "every Lore card needs its target shape"


def _lore_table(card: str) -> tuple[Words, ...]:
    shape = LORE_SHAPES[card]
    if shape in ("unit", "hex", "units"):
        return HEXES
    if shape == "card":
        return tuple((c,) for c in LORE_IDS)
    if shape == "section":
        return tuple((s,) for s in SECTIONS)
    if shape == "marker":
        return tuple((h, m) for h in NAMES for m in ABILITY_IDS)  # web, poison (BL-11.6)
    if shape == "sidestep":
        return HEXES + NEIGHBOUR_PAIRS
    if shape == "teleport":
        reach = scaled(_CATALOGUE.lore[card].range, TOP_LEVEL)
        return _pairs(1, reach)
    return ((),)


LORE_TABLES: dict[str, tuple[Words, ...]] = {card: _lore_table(card) for card in LORE_IDS}
# -- the layout: the blocks in `SIGNATURES` order, a Lore card block per card in id order --
_BLOCKS: list[tuple[str, int]] = []  # (block name, size), in code order
for _verb in SIGNATURES:
    if _verb == "roll":
        _BLOCKS.append(("roll", len(ROLLS)))
    elif _verb == "council":
        _BLOCKS.append(("council", len(COUNCILS)))
    elif _verb == "lore":
        _BLOCKS += [(f"lore {card}", len(LORE_TABLES[card])) for card in LORE_IDS]
    else:
        _BLOCKS.append((_verb, len(TABLES[_verb])))
_STARTS_LIST: list[int] = []
_total = 0
for _, _size in _BLOCKS:
    _STARTS_LIST.append(_total)
    _total += _size
NUM_CODES = _total  # the whole space, the same for every adventure and option
START: dict[str, int] = {block: s for (block, _), s in zip(_BLOCKS, _STARTS_LIST, strict=True)}
_NAMES = [block for block, _ in _BLOCKS]
_INDEX: dict[str, dict[Words, int]] = {
    block: {words: i for i, words in enumerate(table)} for block, table in TABLES.items()
}
_LORE_INDEX: dict[str, dict[Words, int]] = {
    card: {words: i for i, words in enumerate(table)} for card, table in LORE_TABLES.items()
}


def _no_code(action: BattleLoreAction) -> IllegalAction:
    return IllegalAction(f"{action} is no action the rules allow: it has no code")


def encode(action: BattleLoreAction) -> int:
    """The action's code: its block's start plus the index of its words (module docstring)."""
    if isinstance(action, Roll):
        found = ROLL_INDEX.get(action.counts)
        if found is None:
            raise _no_code(action)
        return START["roll"] + found
    if isinstance(action, PlayLore):
        index = _LORE_INDEX[action.card].get(action.words)
        if index is None:  # e.g. several units in one play (format 3): no action today
            raise _no_code(action)
        return START[f"lore {action.card}"] + index
    if isinstance(action, Council):
        found = COUNCIL_INDEX.get(action.levels)
        if found is None:
            raise _no_code(action)
        return START["council"] + found
    block = action.block
    index = _INDEX[block].get(action.args)
    if index is None:
        raise _no_code(action)
    return START[block] + index


def decode(code: int) -> BattleLoreAction:
    """The action of a code (see `encode`)."""
    if not 0 <= code < NUM_CODES:
        raise IllegalAction(f"no action has the code {code}")
    at = bisect_right(_STARTS_LIST, code) - 1
    block, rest = _NAMES[at], code - _STARTS_LIST[at]
    if block == "roll":
        return Roll(ROLLS[rest])
    if block == "council":
        return Council(COUNCILS[rest])
    if block.startswith("lore "):
        card = block[5:]
        return PlayLore(card, LORE_TABLES[card][rest])
    return typed(block, TABLES[block][rest])
