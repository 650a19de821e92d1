"""The actions of BattleLore, their text form and their stable integer codes.

Every action is a verb and its words (docs/battlelore.md, "Decision points"):

    deal PATROL_C          chance: the Command card drawn (private to the drawer)
    roll B F L             chance: the faces of the dice rolled together, sorted G B R F S L
    play PATROL_C          the Command card of the turn (BL-2.1)
    order F4               order the unit on F4 (BL-2.2, BL-2.3); `order I6 pay`: a creature
                           out of its section for 3 tokens (BL-11.2); `free F4`: cut a web
    move F4 F6             move to F6 along the canonical shortest legal path (BL-3)
    rush F7 F5 at F4       a goblin rush to F5 against the unit on F4 (BL-10.4)
    battle F4 G5           declare a battle (BL-4.4); also a mounted bonus attack (BL-7.4)
    ignore 1               flags ignored (BL-6.3)
    retreat E6             the next retreat step (BL-6.5)
    ability web 1          a creature's ability after its roll, 1 rolled `L` spent (BL-11.6)
    store 1                `L` stored beside the creature (BL-11.7)
    lore-deal WZ01         chance: the Lore card drawn (private to the drawer)
    box WZ01               chance: a Lore card boxed unseen at set-up (BL-14.3; seen by nobody)
    keep WZ01              a starting Lore card kept (BL-14.3 step 4)
    refill a               the Lore refill option (BL-15.2)
    place D3               a Lore-master landmark placed at set-up (BL-9.3)
    council wizard=2 ...   a custom War Council, chosen in secret (BL-14.6)
    discard WZ01           a Lore card discarded face up (refill a, the hand limit BL-14.5)
    battle-back, take-ground, pursue G6, pass, done
    discard SCOUT_L        Scout: the drawn card not kept, face up to the discard (BL-15.1)

Codes are a verb's block start plus its words in mixed radix (hexes 0..112, Command card kinds,
small numbers, roll outcomes), so for every adventure the codes never change.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate

from bitva.core.chance import dice_counts
from bitva.core.errors import IllegalAction, UnreadableAction
from bitva.games.battlelore.field.board import HEX_COUNT, HexError, hex_of, name
from bitva.games.battlelore.field.model import FACES
from bitva.games.battlelore.lore.council import SEATS, format_council, parse_council
from bitva.games.battlelore.lore.deck import LORE_IDS
from bitva.games.battlelore.lore.economy import REFILL_CHOICES
from bitva.games.battlelore.turn.command import CARD_IDS

MAX_DICE = 12  # the most dice one roll may have: 4 base + card bonuses, with room to spare
MAX_NUMBER = 16

# every roll of 0..MAX_DICE dice by face counts (section 2.2), in `dice_counts` order
ROLLS: tuple[tuple[int, ...], ...] = tuple(
    counts for n in range(MAX_DICE + 1) for counts, _ in dice_counts(n)
)
ROLL_INDEX: dict[tuple[int, ...], int] = {counts: i for i, counts in enumerate(ROLLS)}
CARD_INDEX: dict[str, int] = {card: i for i, card in enumerate(CARD_IDS)}
HEX_INDEX: dict[str, int] = {name(h): h for h in range(HEX_COUNT)}  # canonical names only


@dataclass(frozen=True, slots=True)
class Act:
    """One action: a verb and its words, in canonical spelling (hexes as `F4`, cards upper
    case, roll faces sorted)."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.verb == "order-pay":
            return f"order {self.args[0]} pay"
        if self.verb == "discard-lore":
            return f"discard {self.args[0]}"
        if self.verb == "rush":
            return f"rush {self.args[0]} {self.args[1]} at {self.args[2]}"
        return " ".join((self.verb, *self.args))


def act(verb: str, *args: str) -> Act:
    return Act(verb, tuple(args))


def roll_act(counts: tuple[int, ...]) -> Act:
    """The chance outcome of a roll with these face counts (G B R F S L)."""
    return Act("roll", tuple(face for face, n in zip(FACES, counts, strict=True) for _ in range(n)))


def roll_counts(action: Act) -> tuple[int, ...]:
    return tuple(action.args.count(face) for face in FACES)


# The words each verb takes: "hex", "card", "n" (0..15), "pay", "at", "faces".
SIGNATURES: dict[str, tuple[str, ...]] = {
    "pass": (),
    "done": (),
    "battle-back": (),
    "take-ground": (),
    "deal": ("card",),
    "play": ("card",),
    "discard": ("card",),
    "order": ("hex",),
    "order-pay": ("hex",),  # written `order F4 pay`
    "free": ("hex",),
    "retreat": ("hex",),
    "pursue": ("hex",),
    "ignore": ("n",),
    "move": ("hex", "hex"),
    "battle": ("hex", "hex"),
    "rush": ("hex", "hex", "hex"),  # written `rush F7 F5 at F4`
    "roll": ("faces",),
    "ability": ("ability", "n"),
    "store": ("n",),
    "lore-deal": ("lore",),
    "keep": ("lore",),
    "discard-lore": ("lore",),  # written `discard WZ01`
    "refill": ("option",),
    "place": ("hex",),
    "council": ("council",),
    "lore": ("lore-args",),  # `lore CARD [HEX [HEX]]`
    "box": ("lore",),  # chance: a Lore card boxed unseen at set-up (BL-14.3 step 2)
}
# the creatures' abilities (section 5.3), in a fixed order for the codes
ABILITY_IDS: tuple[str, ...] = ("web", "poison")
REFILL_OPTIONS: tuple[str, ...] = tuple(REFILL_CHOICES)  # BL-15.2, the engine's one table
LORE_INDEX: dict[str, int] = {card: i for i, card in enumerate(LORE_IDS)}
# the words a Lore card's action may take after its id (up to 4): hexes, sections and flanks,
# markers, card ids (Dispel, Foil)
LORE_WORDS_MAX = 4
LORE_WORDS: tuple[str, ...] = (
    *(name(h) for h in range(HEX_COUNT)),
    *("west", "centre", "east", "left", "right", "web", "poison"),
    *LORE_IDS,
)
LORE_WORD_INDEX: dict[str, int] = {word: i for i, word in enumerate(LORE_WORDS)}
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


def _word(kind: str, text: str) -> str:
    """One word in canonical spelling; UnreadableAction when it is no such word."""
    if kind == "hex":
        try:
            return name(hex_of(text))
        except HexError as exc:
            raise UnreadableAction(str(exc)) from None
    if kind == "ability":
        if text.lower() not in ABILITY_IDS:
            raise UnreadableAction(f"{text!r} is no creature ability: {', '.join(ABILITY_IDS)}")
        return text.lower()
    if kind == "lore":
        if text.upper() not in LORE_INDEX:
            raise UnreadableAction(f"{text!r} is no Lore card")
        return text.upper()
    if kind == "option":
        if text.lower() not in REFILL_OPTIONS:
            raise UnreadableAction(f"{text!r} is no refill option: {', '.join(REFILL_OPTIONS)}")
        return text.lower()
    if kind == "card":
        if text.upper() not in CARD_INDEX:
            raise UnreadableAction(f"{text!r} is no Command card")
        return text.upper()
    if not text.isdigit() or int(text) >= MAX_NUMBER:
        raise UnreadableAction(f"{text!r} is no number from 0 to {MAX_NUMBER - 1}")
    return str(int(text))


def _council(words: list[str]) -> Act:
    """`council commander=2 cleric=2 wizard=1` (BL-14.6), seats in the sheet's order."""
    levels = parse_council(" ".join(words))
    for seat, value in levels.items():
        if seat not in SEATS or not 0 <= value <= 3:
            raise UnreadableAction(f"{seat}={value}: a council seat takes 0 to 3 levels")
    return Act("council", tuple(format_council(levels).split()))


def _lore_word(text: str) -> str:
    """A word after `lore CARD`: a hex, a section or flank, a marker or a Lore card id."""
    for spelled in (text.upper(), text.lower()):
        if spelled in LORE_WORD_INDEX:
            return spelled
    try:
        return name(hex_of(text))
    except HexError:
        raise UnreadableAction(
            f"{text!r}: after lore CARD write hexes (F4), a section (centre), a marker (web) "
            "or a Lore card (WZ03)"
        ) from None


# Lore cards aimed at every unit that qualifies, with no choice (WZ03 River Rage: every enemy
# unit by the water): their action names no unit, however many are hit. Records written before
# listed the units' hexes (more than 4 could not be read back): those words are read and dropped.
ALL_AT_ONCE = frozenset({"WZ03"})


def _lore(words: list[str]) -> Act:
    """`lore CARD [WORDS]` (BL-13.5; up to 4 words: docs/battlelore.md, "Lore windows")."""
    if words and words[0].upper() in ALL_AT_ONCE:
        for word in words[1:]:
            _lore_word(word)
        return Act("lore", (_word("lore", words[0]),))
    if not 1 <= len(words) <= 1 + LORE_WORDS_MAX:
        raise UnreadableAction(f"write lore CARD, then up to {LORE_WORDS_MAX} words: lore WZ01 F4")
    return Act("lore", (_word("lore", words[0]), *(_lore_word(w) for w in words[1:])))


def parse(text: str) -> Act:
    """An action from its text (syntax only; the state judges legality)."""
    words = text.split()
    if not words:
        raise UnreadableAction("no action given")
    verb, rest = words[0].lower(), words[1:]
    if verb == "roll":
        faces = [w.upper() for w in rest]
        if any(f not in FACES for f in faces) or len(faces) > MAX_DICE:
            raise UnreadableAction(f"a roll is up to {MAX_DICE} faces of G B R F S L")
        counts = tuple(faces.count(face) for face in FACES)
        return roll_act(counts)
    if verb == "order" and len(rest) == 2 and rest[1].lower() == "pay":
        verb, rest = "order-pay", rest[:1]
    if verb == "council":
        return _council(rest)
    if verb == "rush" and len(rest) == 4 and rest[2].lower() == "at":
        rest = [rest[0], rest[1], rest[3]]
    if verb == "discard" and len(rest) == 1 and rest[0].upper() in LORE_INDEX:
        verb = "discard-lore"
    if verb == "lore":
        return _lore(rest)
    kinds = SIGNATURES.get(verb)
    if kinds is None or len(rest) != len(kinds):
        raise UnreadableAction(
            f"cannot read {text.strip()!r}: write e.g. play PATROL_C, order F4, move F4 F6, "
            "battle F4 G5, retreat E6, pass or done"
        )
    return Act(verb, tuple(_word(kind, word) for kind, word in zip(kinds, rest, strict=True)))


def encode(action: Act) -> int:
    kinds = SIGNATURES.get(action.verb)
    if kinds is None:
        raise IllegalAction(f"{str(action)!r} has no integer code")
    if action.verb == "roll":
        return _STARTS["roll"] + ROLL_INDEX[roll_counts(action)]
    if action.verb == "lore":
        code = LORE_INDEX[action.args[0]]
        words = list(action.args[1:]) + [""] * (LORE_WORDS_MAX - len(action.args[1:]))
        for word in words:
            code = code * (len(LORE_WORDS) + 1) + (LORE_WORD_INDEX[word] + 1 if word else 0)
        return _STARTS["lore"] + code
    if action.verb == "council":
        levels = parse_council(" ".join(action.args))
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
    return _STARTS[action.verb] + code


def decode(code: int) -> Act:
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
        return roll_act(ROLLS[digits[0]])
    if verb == "lore":
        rest, found = code - start, []
        for _ in range(LORE_WORDS_MAX):
            rest, digit = divmod(rest, len(LORE_WORDS) + 1)
            found.append(LORE_WORDS[digit - 1] if digit else "")
        return Act("lore", (LORE_IDS[rest], *(w for w in reversed(found) if w)))
    if verb == "council":
        levels: dict[str, int] = {seat: int(digits[0] // 4**i % 4) for i, seat in enumerate(SEATS)}
        return Act("council", tuple(format_council(levels).split()))
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
    return Act(verb, tuple(words))
