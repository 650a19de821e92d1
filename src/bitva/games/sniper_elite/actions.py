"""Actions and chance outcomes: their text form, parse and integer codes.

An action is a verb and its words (`move c6 2`, `shoot R1 3`, `use THROWN_STONE e5`,
`reward recoil 2`); chance outcomes read the same way (`draw A A N`, `die 3`, `order FLARE`,
`equip GRAPNEL`, `objective 4`, `tie 1`).
"""

from __future__ import annotations

from dataclasses import dataclass

from bitva.core.errors import UnreadableAction
from bitva.games.sniper_elite.board import Geometry
from bitva.games.sniper_elite.catalogue import AREAS, KNOWN_EQUIPMENT, Content
from bitva.games.sniper_elite.model import DEFENDER_IDS, TOKENS

REWARDS = ("noise", "recoil 1", "recoil 2", "accuracy")
MAX_DRAW = 64
SEAT_VERBS = ("end", "loot", "complete", "move", "shoot", "use", "reward", "keep", "place",
              "bottom", "enter")  # fmt: skip
CHANCE_VERBS = ("draw", "die", "order", "equip", "objective", "tie")
HELP = (
    "write move SPACE STEPS, shoot ID TOKENS, loot, complete, use CARD [SPACE|N|AREA], end, "
    "reward noise|recoil N|accuracy, keep CARD, place SPACE, bottom N or enter ENTRY"
)


@dataclass(frozen=True, slots=True)
class Act:
    """One action or chance outcome: a verb and its words, in canonical form."""

    verb: str
    words: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.words))

    @property
    def is_chance(self) -> bool:
        return self.verb in CHANCE_VERBS


def drawn_act(counts: tuple[int, int, int, int]) -> Act:
    return Act("draw", tuple(t for t, n in zip(TOKENS, counts, strict=True) for _ in range(n)))


def drawn_counts(act: Act) -> tuple[int, int, int, int]:
    return (
        act.words.count("A"),
        act.words.count("N"),
        act.words.count("R"),
        act.words.count("S"),
    )


def _int(word: str, low: int, high: int) -> str:
    if not word.isdigit() or not low <= int(word) <= high:
        raise ValueError(word)
    return str(int(word))


def parse(text: str, geo: Geometry, content: Content) -> Act:
    """Text to an action (canonical form); UnreadableAction for text that is no action."""
    words = text.strip().split()
    if not words:
        raise UnreadableAction(f"cannot read an empty action: {HELP}")
    verb, rest = words[0].lower(), words[1:]
    try:
        return Act(verb, _canonical(verb, rest, geo, content))
    except (ValueError, IndexError):
        raise UnreadableAction(f"cannot read {text!r}: {HELP}") from None


def _space(word: str, geo: Geometry) -> str:
    return geo.name_of(geo.space(word))


def _canonical(verb: str, rest: list[str], geo: Geometry, content: Content) -> tuple[str, ...]:
    cards = {c.id for c in content.orders}
    match verb, len(rest):
        case (("end" | "loot" | "complete"), 0):
            return ()
        case "move", 1:
            return (_space(rest[0], geo), "")[:1]
        case "move", 2:
            return (_space(rest[0], geo), _int(rest[1], 1, 3))
        case "shoot", 2 if rest[0].upper() in DEFENDER_IDS:
            return (rest[0].upper(), _int(rest[1], 1, MAX_DRAW))
        case "use", 1 | 2 if rest[0].upper() in KNOWN_EQUIPMENT:
            return (rest[0].upper(), *_card_param(rest[0].upper(), rest[1:], geo))
        case "reward", 1 | 2 if " ".join(rest).lower() in REWARDS:
            return tuple(w.lower() for w in rest)
        case "keep" | "equip", 1 if rest[0].upper() in KNOWN_EQUIPMENT:
            return (rest[0].upper(),)
        case "place", 1:
            return (_space(rest[0], geo),)
        case "bottom" | "objective", 1:
            return (_int(rest[0], 1, 9),)
        case "enter", 1 if rest[0].upper() in geo.entries:
            return (rest[0].upper(),)
        case "die", 1:
            return (_int(rest[0], 1, 3),)
        case "order", 1 if rest[0].upper() in cards:
            return (rest[0].upper(),)
        case "tie", 1:
            return (_int(rest[0], 0, 1023),)
        case "draw", _ if 1 <= len(rest) <= MAX_DRAW and all(w.upper() in TOKENS for w in rest):
            return tuple(sorted((w.upper() for w in rest), key=TOKENS.index))
    raise ValueError(verb)


def _card_param(card: str, rest: list[str], geo: Geometry) -> tuple[str, ...]:
    if card == "THROWN_STONE" and len(rest) == 1:
        return (_space(rest[0], geo),)
    if card == "FIELD_DRESSING" and len(rest) == 1:
        return (_int(rest[0], 1, 2),)
    if card == "FALSE_REPORT" and len(rest) == 1 and rest[0].lower() in AREAS:
        return (rest[0].lower(),)
    if not rest and card not in ("THROWN_STONE", "FIELD_DRESSING", "FALSE_REPORT"):
        return ()
    raise ValueError(card)


# -- integer codes ------------------------------------------------------------------------------
EQUIPMENT_IDS = tuple(sorted(KNOWN_EQUIPMENT))
SPACES = 256
_BLOCKS = (
    ("end", 1),
    ("loot", 1),
    ("complete", 1),
    ("move", SPACES * 3),
    ("shoot", len(DEFENDER_IDS) * MAX_DRAW),
    ("use", len(EQUIPMENT_IDS) * (SPACES + 8)),
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


def encode(act: Act, geo: Geometry, content: Content) -> int:
    """The stable integer code of an action (its block's offset plus its words)."""
    w = act.words
    base = OFFSETS[act.verb]
    match act.verb:
        case "end" | "loot" | "complete":
            return base
        case "move":
            return base + geo.space(w[0]) * 3 + int(w[1]) - 1
        case "shoot":
            return base + DEFENDER_IDS.index(w[0]) * MAX_DRAW + int(w[1]) - 1
        case "use":
            return base + EQUIPMENT_IDS.index(w[0]) * (SPACES + 8) + _param_code(w[1:], geo)
        case "reward":
            return base + REWARDS.index(" ".join(w))
        case "keep" | "equip":
            return base + EQUIPMENT_IDS.index(w[0])
        case "place":
            return base + geo.space(w[0])
        case "bottom" | "objective":
            return base + int(w[0]) - 1
        case "enter":
            return base + sorted(geo.entries).index(w[0])
        case "draw":
            a, n, r, s = drawn_counts(act)
            return base + ((a * 32 + n) * 32 + r) * 4 + s
        case "die":
            return base + int(w[0]) - 1
        case "order":
            return base + [c.id for c in content.orders].index(w[0])
        case "tie":
            return base + int(w[0])
    raise ValueError(act)


def _param_code(words: tuple[str, ...], geo: Geometry) -> int:
    if not words:
        return 0
    word = words[0]
    if word.isdigit():
        return int(word)
    if word in AREAS:
        return 3 + AREAS.index(word)
    return 8 + geo.space(word)


def decode(code: int, geo: Geometry, content: Content) -> Act:
    verb = max((v for v in OFFSETS if OFFSETS[v] <= code), key=lambda v: OFFSETS[v])
    at = code - OFFSETS[verb]
    match verb:
        case "end" | "loot" | "complete":
            return Act(verb)
        case "move":
            return Act(verb, (geo.name_of(at // 3), str(at % 3 + 1)))
        case "shoot":
            return Act(verb, (DEFENDER_IDS[at // MAX_DRAW], str(at % MAX_DRAW + 1)))
        case "use":
            card, param = EQUIPMENT_IDS[at // (SPACES + 8)], at % (SPACES + 8)
            if param == 0:
                return Act(verb, (card,))
            if param < 3:
                return Act(verb, (card, str(param)))
            if param < 8:
                return Act(verb, (card, AREAS[param - 3]))
            return Act(verb, (card, geo.name_of(param - 8)))
        case "reward":
            return Act(verb, tuple(REWARDS[at].split()))
        case "keep" | "equip":
            return Act(verb, (EQUIPMENT_IDS[at],))
        case "place":
            return Act(verb, (geo.name_of(at),))
        case "bottom" | "objective":
            return Act(verb, (str(at + 1),))
        case "enter":
            return Act(verb, (sorted(geo.entries)[at],))
        case "draw":
            s, at = at % 4, at // 4
            r, at = at % 32, at // 32
            n, a = at % 32, at // 32
            return drawn_act((a, n, r, s))
        case "die":
            return Act(verb, (str(at + 1),))
        case "order":
            return Act(verb, (content.orders[at].id,))
    return Act("tie", (str(at),))
