"""The actions of BattleLore as typed values: their text form, parse and stable integer codes.

One small frozen dataclass per verb (docs/battlelore.md, "Decision points"); the text forms are
unchanged:

    deal PATROL_C          Deal: the Command card drawn (chance, private to the drawer)
    roll B F L             Roll: the faces of the dice rolled together, sorted G B R F S L (chance)
    play PATROL_C          Play: the Command card of the turn (BL-2.1)
    order F4               Order: order the unit on F4 (BL-2.2, BL-2.3); `order I6 pay`: a
                           creature out of its section for 3 tokens (BL-11.2); `free F4`: Free,
                           cut a web (BL-11.9)
    move F4 F6             Move: to F6 along the canonical shortest legal path (BL-3)
    rush F7 F5 at F4       Rush: a goblin rush to F5 against the unit on F4 (BL-10.4)
    battle F4 G5           Battle: declare a battle (BL-4.4); also a mounted bonus attack (BL-7.4)
    ignore 1               Ignore: flags ignored (BL-6.3)
    retreat E6             Retreat: the next retreat step (BL-6.5)
    ability web 1          Ability: a creature's ability after its roll, 1 rolled `L` spent
                           (BL-11.6)
    store 1                Store: `L` stored beside the creature (BL-11.7)
    lore-deal WZ01         LoreDeal: the Lore card drawn (chance, private to the drawer)
    box WZ01               Box: a Lore card boxed unseen at set-up (chance; BL-14.3, seen by nobody)
    keep WZ01              Keep: a starting Lore card kept (BL-14.3 step 4)
    refill a               Refill: the Lore refill option (BL-15.2)
    place D3               Place: a Lore-master landmark placed at set-up (BL-9.3)
    council wizard=2 ...   Council: a custom War Council, chosen in secret (BL-14.6)
    lore WZ01 F4           PlayLore: a Lore card and its words (BL-13.5); a card for several
                           units (Forced March, Stealth) names its first unit only
    add G5                 Add: one more unit for that card, chosen one at a time (`done` ends
                           the choice; docs/battlelore.md, "Lore windows")
    discard WZ01           DiscardLore: a Lore card discarded face up (refill a, BL-14.5)
    discard SCOUT_L        Discard: Scout's drawn card not kept, face up to the discard (BL-15.1)
    battle-back, take-ground, pursue G6, pass, done

Every action's `args` are its words after the verb in canonical spelling (hexes as `F4`, cards
upper case, roll faces sorted). Their integer codes are in `codes.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bitva.core.errors import IllegalAction, UnreadableAction
from bitva.core.verbs import VerbAction
from bitva.games.battlelore.field.board import HEX_COUNT, HexError, hex_of, name
from bitva.games.battlelore.field.model import FACES
from bitva.games.battlelore.lore.council import SEATS, format_council, parse_council
from bitva.games.battlelore.lore.deck import LORE_IDS
from bitva.games.battlelore.lore.economy import REFILL_CHOICES
from bitva.games.battlelore.turn.command import CARD_IDS

MAX_DICE = 12  # the most dice one roll may have: 4 base + card bonuses, with room to spare
MAX_NUMBER = 16

CARD_INDEX: dict[str, int] = {card: i for i, card in enumerate(CARD_IDS)}


class _Action(VerbAction):
    """What every BattleLore action shares (`core.verbs`): its verb, its code block, whether
    chance plays it, its words and its text."""

    __slots__ = ()

    @property
    def block(self) -> str:
        """The `SIGNATURES` entry whose block of codes holds this action."""
        return self.verb

    @property
    def args(self) -> tuple[str, ...]:
        """The words after the verb, in canonical form (`words`, unless a verb writes its own:
        `Order` leaves out `pay`, `Council` writes its levels)."""
        return self.words

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))


# -- the players' actions ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pass(_Action):
    """Decline: a Lore window (BL-13.3), a creature's ability, a battle back, ground, pursuit."""

    verb: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Done(_Action):
    """BL-2.3, BL-3, BL-4: the orders, the moves or the battles are done."""

    verb: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class BattleBack(_Action):
    """BL-6.7: the defender battles back."""

    verb: ClassVar[str] = "battle-back"


@dataclass(frozen=True, slots=True)
class TakeGround(_Action):
    """BL-7.1: the attacker takes the ground."""

    verb: ClassVar[str] = "take-ground"


@dataclass(frozen=True, slots=True)
class Play(_Action):
    """BL-2.1: the Command card of the turn."""

    verb: ClassVar[str] = "play"
    card: str


@dataclass(frozen=True, slots=True)
class Discard(_Action):
    """BL-15.1: Scout's drawn Command card not kept, face up to the discard."""

    verb: ClassVar[str] = "discard"
    card: str


@dataclass(frozen=True, slots=True)
class Order(_Action):
    """BL-2.2, BL-2.3: order the unit on `hex`; `pay`: a creature out of its section for 3
    tokens (BL-11.2), written `order I6 pay`."""

    verb: ClassVar[str] = "order"
    hex: str
    pay: bool = False

    @property
    def block(self) -> str:
        return "order-pay" if self.pay else "order"

    @property
    def args(self) -> tuple[str, ...]:
        return (self.hex,)

    def __str__(self) -> str:
        return f"order {self.hex} pay" if self.pay else f"order {self.hex}"


@dataclass(frozen=True, slots=True)
class Free(_Action):
    """BL-11.9: order the webbed unit on `hex`, cutting the web."""

    verb: ClassVar[str] = "free"
    hex: str


@dataclass(frozen=True, slots=True)
class Retreat(_Action):
    """BL-6.5: the next retreat step."""

    verb: ClassVar[str] = "retreat"
    hex: str


@dataclass(frozen=True, slots=True)
class Pursue(_Action):
    """BL-7.2: the mounted pursuit's hex."""

    verb: ClassVar[str] = "pursue"
    hex: str


@dataclass(frozen=True, slots=True)
class Add(_Action):
    """BL-13.4: one more unit for the Lore card being played (Forced March, Stealth: their units
    are chosen one at a time, so that an action names at most one unit)."""

    verb: ClassVar[str] = "add"
    hex: str


@dataclass(frozen=True, slots=True)
class Place(_Action):
    """BL-9.3: a Lore-master landmark placed at set-up."""

    verb: ClassVar[str] = "place"
    hex: str


@dataclass(frozen=True, slots=True)
class Ignore(_Action):
    """BL-6.3: the flags ignored."""

    verb: ClassVar[str] = "ignore"
    flags: int


@dataclass(frozen=True, slots=True)
class Store(_Action):
    """BL-11.7: the `L` stored beside the creature."""

    verb: ClassVar[str] = "store"
    lore: int


@dataclass(frozen=True, slots=True)
class Move(_Action):
    """BL-3: move the unit on `start` to `end` along the canonical shortest legal path."""

    verb: ClassVar[str] = "move"
    start: str
    end: str


@dataclass(frozen=True, slots=True)
class Battle(_Action):
    """BL-4.4: the unit on `attacker` battles the unit on `target`; also the mounted bonus
    attack (BL-7.4)."""

    verb: ClassVar[str] = "battle"
    attacker: str
    target: str


@dataclass(frozen=True, slots=True)
class Rush(_Action):
    """BL-10.4: the goblin on `start` rushes to `end` against the unit on `target`, written
    `rush F7 F5 at F4`."""

    verb: ClassVar[str] = "rush"
    start: str
    end: str
    target: str

    def __str__(self) -> str:
        return f"rush {self.start} {self.end} at {self.target}"


@dataclass(frozen=True, slots=True)
class Ability(_Action):
    """BL-11.6: a creature's ability after its roll, `spent` rolled `L` spent on it."""

    verb: ClassVar[str] = "ability"
    ability: str
    spent: int


@dataclass(frozen=True, slots=True)
class Keep(_Action):
    """BL-14.3 step 4: a starting Lore card kept."""

    verb: ClassVar[str] = "keep"
    card: str


@dataclass(frozen=True, slots=True)
class DiscardLore(_Action):
    """BL-14.5, BL-15.2: a Lore card discarded face up, written `discard WZ01`."""

    verb: ClassVar[str] = "discard"
    card: str

    @property
    def block(self) -> str:
        return "discard-lore"


@dataclass(frozen=True, slots=True)
class Refill(_Action):
    """BL-15.2: the Lore refill option (`REFILL_OPTIONS`)."""

    verb: ClassVar[str] = "refill"
    option: str


@dataclass(frozen=True, slots=True)
class Council(_Action):
    """BL-14.6: a custom War Council chosen in secret: the levels of the seats filled, in
    the sheet's order (`SEATS`), as (seat, level) pairs."""

    verb: ClassVar[str] = "council"
    levels: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, levels: dict[str, int]) -> Council:
        """The council of these levels (seats left at 0 are not named)."""
        return cls(tuple((s, levels[s]) for s in SEATS if levels.get(s, 0) > 0))

    @property
    def seats(self) -> dict[str, int]:
        return dict(self.levels)

    @property
    def args(self) -> tuple[str, ...]:
        return tuple(format_council(self.seats).split())


@dataclass(frozen=True, slots=True)
class PlayLore(_Action):
    """BL-13.5: a Lore card played, with up to `LORE_WORDS_MAX` words (hexes, a section or
    flank, a marker, a Lore card: docs/battlelore.md, "Lore windows")."""

    verb: ClassVar[str] = "lore"
    card: str
    words: tuple[str, ...] = ()

    @property
    def args(self) -> tuple[str, ...]:
        return (self.card, *self.words)


# -- chance outcomes (BL-1.2) ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Deal(_Action):
    """BL-15.1: the Command card drawn (private to the drawer)."""

    verb: ClassVar[str] = "deal"
    is_chance: ClassVar[bool] = True
    card: str


@dataclass(frozen=True, slots=True)
class Roll(_Action):
    """BL-4.6: the dice rolled together, as face counts in the order of `FACES` (G B R F S L)."""

    verb: ClassVar[str] = "roll"
    is_chance: ClassVar[bool] = True
    counts: tuple[int, ...]

    @property
    def args(self) -> tuple[str, ...]:
        return tuple(f for f, n in zip(FACES, self.counts, strict=True) for _ in range(n))

    @property
    def dice(self) -> int:
        return sum(self.counts)


@dataclass(frozen=True, slots=True)
class LoreDeal(_Action):
    """BL-15.2: the Lore card drawn (private to the drawer)."""

    verb: ClassVar[str] = "lore-deal"
    is_chance: ClassVar[bool] = True
    card: str


@dataclass(frozen=True, slots=True)
class Box(_Action):
    """BL-14.3 step 2: a Lore card boxed unseen at set-up (seen by nobody)."""

    verb: ClassVar[str] = "box"
    is_chance: ClassVar[bool] = True
    card: str


SeatAction = (
    Pass
    | Done
    | BattleBack
    | TakeGround
    | Play
    | Discard
    | Order
    | Free
    | Retreat
    | Pursue
    | Place
    | Add
    | Ignore
    | Store
    | Move
    | Battle
    | Rush
    | Ability
    | Keep
    | DiscardLore
    | Refill
    | Council
    | PlayLore
)
ChanceAction = Deal | Roll | LoreDeal | Box
BattleLoreAction = SeatAction | ChanceAction


# -- integer codes and text -----------------------------------------------------------------------
# The words each code block takes: "hex", "card", "n" (0..15), "faces", ...; an action's block is
# its verb but for `order-pay` (Order with pay) and `discard-lore` (DiscardLore).
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
    "add": ("hex",),  # one more unit of a Lore card for several units (BL-13.4), codes last
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


def _council(words: list[str]) -> Council:
    """`council commander=2 cleric=2 wizard=1` (BL-14.6), seats in the sheet's order."""
    levels = parse_council(" ".join(words))
    for seat, value in levels.items():
        if seat not in SEATS or not 0 <= value <= 3:
            raise UnreadableAction(f"{seat}={value}: a council seat takes 0 to 3 levels")
    return Council.of(levels)


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


def _lore(words: list[str]) -> PlayLore:
    """`lore CARD [WORDS]` (BL-13.5; up to 4 words: docs/battlelore.md, "Lore windows")."""
    if words and words[0].upper() in ALL_AT_ONCE:
        for word in words[1:]:
            _lore_word(word)
        return PlayLore(_word("lore", words[0]))
    if not 1 <= len(words) <= 1 + LORE_WORDS_MAX:
        raise UnreadableAction(f"write lore CARD, then up to {LORE_WORDS_MAX} words: lore WZ01 F4")
    return PlayLore(_word("lore", words[0]), tuple(_lore_word(w) for w in words[1:]))


def parse(text: str) -> BattleLoreAction:
    """An action from its text (syntax only; the state judges legality)."""
    words = text.split()
    if not words:
        raise UnreadableAction("no action given")
    verb, rest = words[0].lower(), words[1:]
    if verb == "roll":
        faces = [w.upper() for w in rest]
        if any(f not in FACES for f in faces) or len(faces) > MAX_DICE:
            raise UnreadableAction(f"a roll is up to {MAX_DICE} faces of G B R F S L")
        return Roll(tuple(faces.count(face) for face in FACES))
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
            "battle F4 G5, retreat E6, add G5, pass or done"
        )
    return typed(verb, tuple(_word(kind, word) for kind, word in zip(kinds, rest, strict=True)))


_NO_WORDS: dict[str, SeatAction] = {
    "pass": Pass(),
    "done": Done(),
    "battle-back": BattleBack(),
    "take-ground": TakeGround(),
}
_ONE_WORD: dict[str, type[Play | Discard | Keep | DiscardLore | Refill | Deal | LoreDeal | Box]] = {
    "play": Play,
    "discard": Discard,
    "keep": Keep,
    "discard-lore": DiscardLore,
    "refill": Refill,
    "deal": Deal,
    "lore-deal": LoreDeal,
    "box": Box,
}
_ONE_HEX: dict[str, type[Free | Retreat | Pursue | Place | Add]] = {
    "free": Free,
    "retreat": Retreat,
    "pursue": Pursue,
    "place": Place,
    "add": Add,
}


def typed(block: str, words: tuple[str, ...]) -> BattleLoreAction:
    """The action of a code block (`SIGNATURES`) and its canonical words."""
    if block in _NO_WORDS:
        return _NO_WORDS[block]
    if block in _ONE_WORD:
        return _ONE_WORD[block](words[0])
    if block in _ONE_HEX:
        return _ONE_HEX[block](words[0])
    match block:
        case "order" | "order-pay":
            return Order(words[0], pay=block == "order-pay")
        case "ignore":
            return Ignore(int(words[0]))
        case "store":
            return Store(int(words[0]))
        case "move":
            return Move(words[0], words[1])
        case "battle":
            return Battle(words[0], words[1])
        case "rush":
            return Rush(words[0], words[1], words[2])
        case "ability":
            return Ability(words[0], int(words[1]))
    raise IllegalAction(f"no action is {block} {' '.join(words)}")
