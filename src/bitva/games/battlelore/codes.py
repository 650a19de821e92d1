"""The stable integer codes of BattleLore's actions (`actions.py`).

Each `SIGNATURES` entry (an action's `block`) owns a block of codes, in the table's order; an
action's code is its block's start plus its words in mixed radix (hexes 0..112, Command card
kinds, small numbers, roll outcomes, Lore cards and their words, council levels), so for every
adventure the codes never change.
"""

from __future__ import annotations

from itertools import accumulate

from bitva.core.chance import dice_counts
from bitva.core.errors import IllegalAction
from bitva.games.battlelore.actions import (
    ABILITY_IDS,
    CARD_INDEX,
    LORE_INDEX,
    LORE_WORD_INDEX,
    LORE_WORDS,
    LORE_WORDS_MAX,
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
from bitva.games.battlelore.field.board import HEX_COUNT, name
from bitva.games.battlelore.lore.council import SEATS
from bitva.games.battlelore.lore.deck import LORE_IDS
from bitva.games.battlelore.turn.command import CARD_IDS

# every roll of 0..MAX_DICE dice by face counts (section 2.2), in `dice_counts` order
ROLLS: tuple[tuple[int, ...], ...] = tuple(
    counts for n in range(MAX_DICE + 1) for counts, _ in dice_counts(n)
)
ROLL_INDEX: dict[tuple[int, ...], int] = {counts: i for i, counts in enumerate(ROLLS)}
HEX_INDEX: dict[str, int] = {name(h): h for h in range(HEX_COUNT)}  # canonical names only
_RADIX = {
    "hex": HEX_COUNT,
    "card": len(CARD_IDS),
    "n": MAX_NUMBER,
    "faces": len(ROLLS),
    "ability": len(ABILITY_IDS),
    "lore": len(LORE_IDS),
    "option": len(REFILL_OPTIONS),
    "council": 4 ** len(SEATS),
    "lore-args": len(LORE_IDS) * (len(LORE_WORDS) + 1) ** LORE_WORDS_MAX,
}
VERBS = tuple(SIGNATURES)


def _size(verb: str) -> int:
    size = 1
    for kind in SIGNATURES[verb]:
        size *= _RADIX[kind]
    return size


_STARTS = dict(zip(VERBS, accumulate((_size(v) for v in VERBS), initial=0), strict=False))
NUM_CODES = sum(_size(v) for v in VERBS)
_BY_START = sorted((start, verb) for verb, start in _STARTS.items())


def encode(action: BattleLoreAction) -> int:
    """The stable integer code: the action's block start plus its words in mixed radix."""
    block = action.block
    kinds = SIGNATURES[block]
    if isinstance(action, Roll):
        return _STARTS["roll"] + ROLL_INDEX[action.counts]
    if isinstance(action, PlayLore):
        code = LORE_INDEX[action.card]
        words = list(action.words) + [""] * (LORE_WORDS_MAX - len(action.words))
        for word in words:
            code = code * (len(LORE_WORDS) + 1) + (LORE_WORD_INDEX[word] + 1 if word else 0)
        return _STARTS["lore"] + code
    if isinstance(action, Council):
        levels = action.seats
        digits: int = sum(levels.get(seat, 0) * 4**i for i, seat in enumerate(SEATS))
        return _STARTS["council"] + digits
    code = 0
    for kind, word in zip(kinds, action.args, strict=True):
        if kind == "hex":
            digit = HEX_INDEX[word]
        elif kind == "card":
            digit = CARD_INDEX[word]
        elif kind == "ability":
            digit = ABILITY_IDS.index(word)
        elif kind == "lore":
            digit = LORE_INDEX[word]
        elif kind == "option":
            digit = REFILL_OPTIONS.index(word)
        else:
            digit = int(word)
        code = code * _RADIX[kind] + digit
    return _STARTS[block] + code


def decode(code: int) -> BattleLoreAction:
    """The action of a code (see `encode`)."""
    if not 0 <= code < NUM_CODES:
        raise IllegalAction(f"no action has the code {code}")
    start, verb = next((s, v) for s, v in reversed(_BY_START) if s <= code)
    rest = code - start
    digits: list[int] = []
    for kind in reversed(SIGNATURES[verb]):
        rest, digit = divmod(rest, _RADIX[kind])
        digits.append(digit)
    digits.reverse()
    if verb == "roll":
        return Roll(ROLLS[digits[0]])
    if verb == "lore":
        rest, found = code - start, []
        for _ in range(LORE_WORDS_MAX):
            rest, digit = divmod(rest, len(LORE_WORDS) + 1)
            found.append(LORE_WORDS[digit - 1] if digit else "")
        return PlayLore(LORE_IDS[rest], tuple(w for w in reversed(found) if w))
    if verb == "council":
        levels: dict[str, int] = {seat: int(digits[0] // 4**i % 4) for i, seat in enumerate(SEATS)}
        return Council.of(levels)
    words = []
    for kind, digit in zip(SIGNATURES[verb], digits, strict=True):
        if kind == "hex":
            words.append(name(digit))
        elif kind == "card":
            words.append(CARD_IDS[digit])
        elif kind == "ability":
            words.append(ABILITY_IDS[digit])
        elif kind == "lore":
            words.append(LORE_IDS[digit])
        elif kind == "option":
            words.append(REFILL_OPTIONS[digit])
        else:
            words.append(str(digit))
    return typed(verb, tuple(words))
