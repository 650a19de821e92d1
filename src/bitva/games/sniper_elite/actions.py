"""Actions and chance outcomes as typed values: their text form, parse and integer codes.

One small frozen dataclass per verb; the text form is unchanged (`move c6 2`, `shoot R1 3`,
`use THROWN_STONE e5`, `reward recoil 2`), and chance outcomes read the same way (`draw A A N`,
`die 3`, `order FLARE`, `equip GRAPNEL`, `objective 4`, `tie 1`). Spaces and entry points are
held by their canonical names, cards by their ids. The integer codes are stable: each verb owns
a block of codes (`_BLOCKS`), in the same order and sizes as ever.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bitva.core.errors import UnreadableAction
from bitva.core.verbs import VerbAction
from bitva.games.sniper_elite.board import Geometry
from bitva.games.sniper_elite.catalogue import AREAS, KNOWN_EQUIPMENT, Content
from bitva.games.sniper_elite.model import DEFENDER_IDS, TOKENS

REWARDS = ("noise", "recoil 1", "recoil 2", "accuracy")
MAX_DRAW = 64
HELP = (
    "write move SPACE STEPS, shoot ID TOKENS, loot, complete, use CARD [SPACE|N|AREA], end, "
    "reward noise|recoil N|accuracy, keep CARD, place SPACE, bottom N or enter ENTRY"
)


class _Action(VerbAction):
    """What every Sniper Elite action shares (`core.verbs`): its verb, whether chance plays
    it, and its text."""

    __slots__ = ()


# -- the player's actions (SE-4.9, SE-4.10, SE-6, SE-7.8) -----------------------------------------
@dataclass(frozen=True, slots=True)
class End(_Action):
    """SE-6.9: the sniper's turn ends."""

    verb: ClassVar[str] = "end"


@dataclass(frozen=True, slots=True)
class Loot(_Action):
    """SE-6.6: loot an objective space."""

    verb: ClassVar[str] = "loot"


@dataclass(frozen=True, slots=True)
class Complete(_Action):
    """SE-6.7: complete the open objective the sniper stands on."""

    verb: ClassVar[str] = "complete"


@dataclass(frozen=True, slots=True)
class Move(_Action):
    """SE-6.2-6.4: a move to `space` counted as `steps` (1-3); None: not stated (the text
    `move c6` means the fewest steps, which only the state knows)."""

    verb: ClassVar[str] = "move"
    space: str
    steps: int | None = None


@dataclass(frozen=True, slots=True)
class Shoot(_Action):
    """SE-6.5(1), (2): a shot at `defender`, drawing `tokens` from the bag."""

    verb: ClassVar[str] = "shoot"
    defender: str
    tokens: int


@dataclass(frozen=True, slots=True)
class Use(_Action):
    """SE-6.8, SE-11.6: an equipment card, with its target where it takes one: a space
    (Thrown Stone), a number of recoil tokens (Field Dressing) or an area (False Report)."""

    verb: ClassVar[str] = "use"
    card: str
    space: str | None = None
    amount: int | None = None
    area: str | None = None

    @property
    def params(self) -> tuple[str, ...]:
        """The target as words (what the `equipment-used` event tells)."""
        if self.space is not None:
            return (self.space,)
        if self.amount is not None:
            return (str(self.amount),)
        return () if self.area is None else (self.area,)


@dataclass(frozen=True, slots=True)
class Reward(_Action):
    """SE-6.5(4): the reward of a hit, one of `REWARDS`."""

    verb: ClassVar[str] = "reward"
    reward: str


@dataclass(frozen=True, slots=True)
class Keep(_Action):
    """SE-6.6: the looted equipment card kept."""

    verb: ClassVar[str] = "keep"
    card: str


@dataclass(frozen=True, slots=True)
class Place(_Action):
    """SE-7.8: the free space beside an occupied iron cross a returning defender takes."""

    verb: ClassVar[str] = "place"
    space: str


@dataclass(frozen=True, slots=True)
class Bottom(_Action):
    """SE-4.9: the objective card put at the bottom (both of one colour)."""

    verb: ClassVar[str] = "bottom"
    objective: int


@dataclass(frozen=True, slots=True)
class Enter(_Action):
    """SE-4.10: the entry point."""

    verb: ClassVar[str] = "enter"
    entry: str


# -- chance outcomes (SE-3.4) ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Draw(_Action):
    """SE-6.5(3): the tokens drawn from the bag, counted per kind (A, N, R, S)."""

    verb: ClassVar[str] = "draw"
    is_chance: ClassVar[bool] = True
    accuracy: int = 0
    noise: int = 0
    recoil: int = 0
    shield: int = 0

    @property
    def counts(self) -> tuple[int, int, int, int]:
        """The counts in the order of `TOKENS`."""
        return (self.accuracy, self.noise, self.recoil, self.shield)

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(t for t, n in zip(TOKENS, self.counts, strict=True) for _ in range(n))

    @classmethod
    def of(cls, tokens: list[str] | tuple[str, ...]) -> Draw:
        """The draw of these tokens, in any order."""
        return cls(*(tokens.count(t) for t in TOKENS))


@dataclass(frozen=True, slots=True)
class Die(_Action):
    """SE-7.2: the order die's face (1-3 chevrons)."""

    verb: ClassVar[str] = "die"
    is_chance: ClassVar[bool] = True
    chevrons: int


@dataclass(frozen=True, slots=True)
class Order(_Action):
    """SE-4.4, SE-7.7: the order card drawn (or boxed unseen)."""

    verb: ClassVar[str] = "order"
    is_chance: ClassVar[bool] = True
    card: str


@dataclass(frozen=True, slots=True)
class Equip(_Action):
    """SE-4.6, SE-6.6: the equipment card drawn."""

    verb: ClassVar[str] = "equip"
    is_chance: ClassVar[bool] = True
    card: str


@dataclass(frozen=True, slots=True)
class Objective(_Action):
    """SE-4.9: the objective card drawn."""

    verb: ClassVar[str] = "objective"
    is_chance: ClassVar[bool] = True
    number: int


@dataclass(frozen=True, slots=True)
class Tie(_Action):
    """SE-5.9: the dispute rule's random pick among equally bad results."""

    verb: ClassVar[str] = "tie"
    is_chance: ClassVar[bool] = True
    pick: int


SeatAction = End | Loot | Complete | Move | Shoot | Use | Reward | Keep | Place | Bottom | Enter
ChanceAction = Draw | Die | Order | Equip | Objective | Tie
SniperAction = SeatAction | ChanceAction


# -- text ---------------------------------------------------------------------------------------
def parse(text: str, geo: Geometry, content: Content) -> SniperAction:
    """Text to an action (canonical form); UnreadableAction for text that is no action."""
    words = text.strip().split()
    if not words:
        raise UnreadableAction(f"cannot read an empty action: {HELP}")
    verb, rest = words[0].lower(), words[1:]
    try:
        return _read(verb, rest, geo, content)
    except (ValueError, IndexError):
        raise UnreadableAction(f"cannot read {text!r}: {HELP}") from None


def _int(word: str, low: int, high: int) -> int:
    if not word.isdigit() or not low <= int(word) <= high:
        raise ValueError(word)
    return int(word)


def _space(word: str, geo: Geometry) -> str:
    return geo.name_of(geo.space(word))


def _read(verb: str, rest: list[str], geo: Geometry, content: Content) -> SniperAction:
    upper = [w.upper() for w in rest]
    match verb, len(rest):
        case "end", 0:
            return End()
        case "loot", 0:
            return Loot()
        case "complete", 0:
            return Complete()
        case "move", 1:
            return Move(_space(rest[0], geo))
        case "move", 2:
            return Move(_space(rest[0], geo), _int(rest[1], 1, 3))
        case "shoot", 2 if upper[0] in DEFENDER_IDS:
            return Shoot(upper[0], _int(rest[1], 1, MAX_DRAW))
        case "use", 1 | 2 if upper[0] in KNOWN_EQUIPMENT:
            return _use(upper[0], rest[1:], geo)
        case "reward", 1 | 2 if " ".join(rest).lower() in REWARDS:
            return Reward(" ".join(rest).lower())
        case "keep", 1 if upper[0] in KNOWN_EQUIPMENT:
            return Keep(upper[0])
        case "equip", 1 if upper[0] in KNOWN_EQUIPMENT:
            return Equip(upper[0])
        case "place", 1:
            return Place(_space(rest[0], geo))
        case "bottom", 1:
            return Bottom(_int(rest[0], 1, 9))
        case "objective", 1:
            return Objective(_int(rest[0], 1, 9))
        case "enter", 1 if upper[0] in geo.entries:
            return Enter(upper[0])
        case "die", 1:
            return Die(_int(rest[0], 1, 3))
        case "order", 1 if upper[0] in {c.id for c in content.orders}:
            return Order(upper[0])
        case "tie", 1:
            return Tie(_int(rest[0], 0, 1023))
        case "draw", _ if 1 <= len(rest) <= MAX_DRAW and all(w in TOKENS for w in upper):
            return Draw.of(upper)
    raise ValueError(verb)


def _use(card: str, rest: list[str], geo: Geometry) -> Use:
    """SE-11.6: the cards that take a target take exactly one, the others none."""
    if card == "THROWN_STONE" and len(rest) == 1:
        return Use(card, space=_space(rest[0], geo))
    if card == "FIELD_DRESSING" and len(rest) == 1:
        return Use(card, amount=_int(rest[0], 1, 2))
    if card == "FALSE_REPORT" and len(rest) == 1 and rest[0].lower() in AREAS:
        return Use(card, area=rest[0].lower())
    if not rest and card not in ("THROWN_STONE", "FIELD_DRESSING", "FALSE_REPORT"):
        return Use(card)
    raise ValueError(card)


# -- integer codes ------------------------------------------------------------------------------
EQUIPMENT_IDS = tuple(sorted(KNOWN_EQUIPMENT))
SPACES = 256
_USE_WIDTH = SPACES + 8  # a card's target: 0 none, 1-2 an amount, 3-7 an area, 8+ a space
_BLOCKS = (
    ("end", 1),
    ("loot", 1),
    ("complete", 1),
    ("move", SPACES * 3),
    ("shoot", len(DEFENDER_IDS) * MAX_DRAW),
    ("use", len(EQUIPMENT_IDS) * _USE_WIDTH),
    ("reward", len(REWARDS)),
    ("keep", len(EQUIPMENT_IDS)),
    ("place", SPACES),
    ("bottom", 9),
    ("enter", 16),
    ("draw", 64 * 32 * 32 * 4),
    ("die", 3),
    ("order", 64),
    ("equip", len(EQUIPMENT_IDS)),
    ("objective", 9),
    ("tie", 1024),
)
OFFSETS: dict[str, int] = {}
_at = 0
for _verb, _size in _BLOCKS:
    OFFSETS[_verb] = _at
    _at += _size
CODE_SPACE = _at


def encode(action: SniperAction, geo: Geometry, content: Content) -> int:
    """The stable integer code of an action (its block's offset plus its fields); ValueError
    for an action no code stands for (a move without its steps)."""
    return OFFSETS[action.verb] + _within(action, geo, content)


def _within(action: SniperAction, geo: Geometry, content: Content) -> int:
    match action:
        case End() | Loot() | Complete():
            return 0
        case Move(space=space, steps=int(steps)):
            return geo.space(space) * 3 + steps - 1
        case Shoot(defender=defender, tokens=tokens):
            return DEFENDER_IDS.index(defender) * MAX_DRAW + tokens - 1
        case Use(card=card):
            return EQUIPMENT_IDS.index(card) * _USE_WIDTH + _use_code(action, geo)
        case Reward(reward=reward):
            return REWARDS.index(reward)
        case Keep(card=card) | Equip(card=card):
            return EQUIPMENT_IDS.index(card)
        case Place(space=space):
            return geo.space(space)
        case Bottom(objective=n) | Objective(number=n):
            return n - 1
        case Enter(entry=entry):
            return sorted(geo.entries).index(entry)
        case Draw(accuracy=a, noise=n, recoil=r, shield=s):
            return ((a * 32 + n) * 32 + r) * 4 + s
        case Die(chevrons=chevrons):
            return chevrons - 1
        case Order(card=card):
            return [c.id for c in content.orders].index(card)
        case Tie(pick=pick):
            return pick
    raise ValueError(action)


def _use_code(use: Use, geo: Geometry) -> int:
    if use.space is not None:
        return 8 + geo.space(use.space)
    if use.amount is not None:
        return use.amount
    return 0 if use.area is None else 3 + AREAS.index(use.area)


def decode(code: int, geo: Geometry, content: Content) -> SniperAction:
    """The action of a code (see `encode`)."""
    verb = max((v for v in OFFSETS if OFFSETS[v] <= code), key=lambda v: OFFSETS[v])
    at = code - OFFSETS[verb]
    match verb:
        case "end":
            return End()
        case "loot":
            return Loot()
        case "complete":
            return Complete()
        case "move":
            return Move(geo.name_of(at // 3), at % 3 + 1)
        case "shoot":
            return Shoot(DEFENDER_IDS[at // MAX_DRAW], at % MAX_DRAW + 1)
        case "use":
            return _use_of(EQUIPMENT_IDS[at // _USE_WIDTH], at % _USE_WIDTH, geo)
        case "reward":
            return Reward(REWARDS[at])
        case "keep":
            return Keep(EQUIPMENT_IDS[at])
        case "equip":
            return Equip(EQUIPMENT_IDS[at])
        case "place":
            return Place(geo.name_of(at))
        case "bottom":
            return Bottom(at + 1)
        case "objective":
            return Objective(at + 1)
        case "enter":
            return Enter(sorted(geo.entries)[at])
        case "draw":
            return Draw(at // 4 // 32 // 32, at // 4 // 32 % 32, at // 4 % 32, at % 4)
        case "die":
            return Die(at + 1)
        case "order":
            return Order(content.orders[at].id)
    return Tie(at)


def _use_of(card: str, param: int, geo: Geometry) -> Use:
    if param == 0:
        return Use(card)
    if param < 3:
        return Use(card, amount=param)
    if param < 8:
        return Use(card, area=AREAS[param - 3])
    return Use(card, space=geo.name_of(param - 8))
