"""Actions and chance outcomes as typed values: their text form, parse and integer codes.

One small frozen dataclass per verb; the text form is unchanged (`move c6 2`, `shoot R1 3`,
`use THROWN_STONE e5`, `reward recoil 2`), and chance outcomes read the same way (`draw A A N`,
`die 3`, `order FLARE`, `equip GRAPNEL`, `objective 4`, `tie 1`). Spaces and entry points are
held by their canonical names, cards by their ids. The integer codes are dense (`CodeTable`,
issue 23): each verb owns a block, its arguments index tables of what can exist on the map.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import ClassVar

from bitva.core.errors import UnreadableAction
from bitva.core.verbs import VerbAction
from bitva.games.sniper_elite.board import Geometry, depot
from bitva.games.sniper_elite.catalogue import AREAS, KNOWN_EQUIPMENT, Content, shipped_content
from bitva.games.sniper_elite.limits import max_ties, token_limits
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
STEPS = (1, 2, 3)  # a move counts 1-3 steps (SE-6.2)
AMOUNTS = (1, 2)  # Field Dressing's recoil tokens (11.6)


class CodeTable:
    """Dense integer codes (docs/research/sniper-elite.md): every action and chance outcome that
    can exist in a game on this map, listed verb by verb, its code its place in the list. Each
    verb owns a block (`offsets`); its arguments are indices into tables of what can exist:
    the map's standable spaces (SE-2.2), the defenders (SE-3.1), the equipment and order cards,
    the objective numbers, the entry points, the tokens the bag can hold (`limits`). The table
    depends on nothing a game's options change, so a code means the same action in every state
    of every game, and its size is known before a game starts."""

    def __init__(self, geo: Geometry, orders: tuple[str, ...]) -> None:
        spaces = [geo.name_of(s) for s in range(geo.size) if geo.standable(s)]
        a, n, r, s = token_limits()
        self.max_draw = a + n + r + s  # the most tokens the bag can hold, so a shot can draw
        blocks: list[tuple[str, list[SniperAction]]] = [
            ("end", [End()]),
            ("loot", [Loot()]),
            ("complete", [Complete()]),
            ("move", [Move(space, k) for space in spaces for k in STEPS]),
            ("shoot", [Shoot(d, k) for d in DEFENDER_IDS for k in range(1, self.max_draw + 1)]),
            ("use", [use for card in EQUIPMENT_IDS for use in _uses(card, spaces)]),
            ("reward", [Reward(reward) for reward in REWARDS]),
            ("keep", [Keep(card) for card in EQUIPMENT_IDS]),
            ("place", [Place(space) for space in spaces]),
            ("bottom", [Bottom(number) for number in sorted(geo.objective_at)]),
            ("enter", [Enter(entry) for entry in sorted(geo.entries)]),
            ("draw", [Draw(*c) for c in product(*(range(m + 1) for m in (a, n, r, s)))]),
            ("die", [Die(face) for face in (1, 2, 3)]),
            ("order", [Order(card) for card in orders]),
            ("equip", [Equip(card) for card in EQUIPMENT_IDS]),
            ("objective", [Objective(number) for number in sorted(geo.objective_at)]),
            ("tie", [Tie(pick) for pick in range(max_ties())]),
        ]
        self.actions: tuple[SniperAction, ...] = tuple(x for _, block in blocks for x in block)
        self.codes: dict[SniperAction, int] = {x: i for i, x in enumerate(self.actions)}
        self.offsets: dict[str, int] = {}
        self.sizes: dict[str, int] = {}
        at = 0
        for verb, block in blocks:
            self.offsets[verb], self.sizes[verb] = at, len(block)
            at += len(block)
        self.size = at


def _uses(card: str, spaces: list[str]) -> list[Use]:
    """SE-11.6: a card's uses, with every target it can take."""
    if card == "THROWN_STONE":
        return [Use(card, space=space) for space in spaces]
    if card == "FIELD_DRESSING":
        return [Use(card, amount=amount) for amount in AMOUNTS]
    if card == "FALSE_REPORT":
        return [Use(card, area=area) for area in AREAS]
    return [Use(card)]


@cache
def _table(geo: Geometry, orders: tuple[str, ...]) -> CodeTable:
    return CodeTable(geo, orders)


def code_table(geo: Geometry, content: Content) -> CodeTable:
    """The code table of a map and its cards (built once)."""
    return _table(geo, tuple(card.id for card in content.orders))


def code_space() -> int:
    """The number of codes of every game (one map ships: depot, SE-1.3), declared before a game
    starts."""
    return code_table(depot(), shipped_content()).size


def encode(action: SniperAction, geo: Geometry, content: Content) -> int:
    """The integer code of an action; ValueError for an action no code stands for (a move
    without its steps, a shot drawing more tokens than the bag can ever hold)."""
    code = code_table(geo, content).codes.get(action)
    if code is None:
        raise ValueError(f"no code stands for {action}")
    return code


def decode(code: int, geo: Geometry, content: Content) -> SniperAction:
    """The action of a code (see `encode`); ValueError for a code outside the space."""
    actions = code_table(geo, content).actions
    if not 0 <= code < len(actions):
        raise ValueError(f"no action has code {code}")
    return actions[code]
