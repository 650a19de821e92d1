"""What Lore cards do, as data (section 5.2, BL-13): the effect vocabulary the state machine
carries out. A card's `effect` (lore/cards.py) returns a tuple of these; units are uids, hexes
board indices, seats 1 (South) and 2 (North). Effects that last "this turn" end at cleanup
(BL-15.4); the state machine keeps them in a list in the order played, so that a later card
beats an earlier one (BL-13.7), and asks the combinators at the end of this module.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from bitva.games.battlelore.field.model import Face

Hit = Literal["helmet", "S", "L", "F"]  # "helmet": a helmet of the target's colour
BattleKind = Literal["any", "melee", "ranged"]


@dataclass(frozen=True, slots=True)
class LoreDice:
    """Roll `dice` against `unit` (BL-13.9: the caster rolls; no caps, tokens, battle back or
    follow-ons). `hits`: the faces that hit; `flags`: "retreat" (Bold and Frightened apply,
    the caster rolls any panic check), "hit" (flags are hits) or "ignored". Creatures use the
    critical-hit procedure (BL-11.4); poison counts these `L` (BL-11.10)."""

    unit: int
    dice: int
    hits: frozenset[Hit]
    flags: Literal["retreat", "hit", "ignored"] = "retreat"


@dataclass(frozen=True, slots=True)
class ExtraDice:
    """`dice` more in `unit`'s battles of `kind` this turn, bonus attacks and battle backs
    included; never capped (BL-4.7). `unit` None: every unit of `seat` (Guided Arrows)."""

    unit: int | None
    dice: int
    kind: BattleKind
    seat: int


@dataclass(frozen=True, slots=True)
class BoldBonus:
    """Bold +`amount` for these units this turn (BL-6.1)."""

    units: tuple[int, ...]
    amount: int


@dataclass(frozen=True, slots=True)
class CancelDice:
    """Cancel up to `most` dice of the roll against `unit` showing one of `faces`, before any
    of them applies (ROLL_AFTER). The defender's owner picks which; `cancel_faces` cancels
    helmets first, then the other faces."""

    unit: int
    most: int
    faces: frozenset[Face]


@dataclass(frozen=True, slots=True)
class FewerDice:
    """The attack `unit` is about to roll has `fewer` dice, never below `minimum`
    (ROLL_BEFORE: that roll only, not re-rolls or bonus attacks)."""

    unit: int
    fewer: int
    minimum: int = 1


@dataclass(frozen=True, slots=True)
class Heal:
    """Return up to `figures` figures to `unit`, never above its starting strength."""

    unit: int
    figures: int


@dataclass(frozen=True, slots=True)
class RemoveMarker:
    """Take a web or poison marker off `unit`."""

    unit: int
    marker: Literal["web", "poison"]


@dataclass(frozen=True, slots=True)
class GainTokens:
    """`seat` takes `count` tokens from the pool (only what it holds, BL-12.2)."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class TakeTokens:
    """The caster takes up to `count` tokens from `source`'s goblet (only what it holds)."""

    source: int
    count: int


@dataclass(frozen=True, slots=True)
class CancelCard:
    """Stop the Lore card `card` played by `seat`: `whole` (Dispel: it never had any effect,
    its payment goes back to its owner's goblet when `refund`) or not (Foil: parts already
    resolved stand, the rest is lost, no refund)."""

    card: str
    seat: int
    whole: bool
    refund: bool


@dataclass(frozen=True, slots=True)
class PlaceUnit:
    """Put `unit` on `hex` (Teleport): this is its move; the arrival terrain applies (a forest
    or landmark stop, no battle after entering a landmark)."""

    unit: int
    hex: int


@dataclass(frozen=True, slots=True)
class StrikeFirst:
    """`unit` battles `attacker` first (a normal melee battle); if the attacker is eliminated
    or leaves its hex, its attack is cancelled; `unit` may not battle back afterwards."""

    unit: int
    attacker: int


@dataclass(frozen=True, slots=True)
class LoreHits:
    """This turn each `L` that `unit` rolls in battles of `kind` is also a hit (the `L` then
    gives no token, BL-12.4)."""

    unit: int
    kind: BattleKind


@dataclass(frozen=True, slots=True)
class SwordHits:
    """This turn `unit`'s `S` faces hit in battles of `kind`, melee and at range."""

    unit: int
    kind: BattleKind


@dataclass(frozen=True, slots=True)
class ExtraMove:
    """Each unit may move `hexes` more this turn and still battle (`move_max` and
    `move_battle` both grow)."""

    units: tuple[int, ...]
    hexes: int


@dataclass(frozen=True, slots=True)
class OrderAnywhere:
    """The caster orders up to `count` of his units, anywhere on the board (in place of a
    Command card's orders)."""

    count: int


@dataclass(frozen=True, slots=True)
class IgnoreStops:
    """These units ignore the movement stops of `terrains` this turn."""

    units: tuple[int, ...]
    terrains: frozenset[str]


@dataclass(frozen=True, slots=True)
class DrawCommands:
    """At this turn's Draw the caster draws `draw` Command cards and keeps `keep`; it does not
    stack with Scout (BL-15.1)."""

    draw: int
    keep: int


@dataclass(frozen=True, slots=True)
class EndMove:
    """`unit`'s move ends now (it may still battle)."""

    unit: int


@dataclass(frozen=True, slots=True)
class RetreatNow:
    """`unit` retreats one hex now, to `hex` (BL-6.5), and the attack on it is cancelled
    with no follow-ons. `hex` None: it cannot retreat, so nothing happens and the attack
    goes on."""

    unit: int
    hex: int | None


@dataclass(frozen=True, slots=True)
class FewerOrders:
    """The Command card just played orders `fewer` units fewer, never below `minimum`."""

    fewer: int
    minimum: int = 1


Effect = (
    LoreDice
    | ExtraDice
    | BoldBonus
    | CancelDice
    | FewerDice
    | Heal
    | RemoveMarker
    | GainTokens
    | TakeTokens
    | CancelCard
    | PlaceUnit
    | StrikeFirst
    | LoreHits
    | SwordHits
    | ExtraMove
    | OrderAnywhere
    | IgnoreStops
    | DrawCommands
    | EndMove
    | RetreatNow
    | FewerOrders
)


@dataclass(frozen=True, slots=True)
class LoreDiceResult:
    """What a Lore-card roll does to its target (BL-13.9): `hits` (dice that hit: figures lost,
    or against a creature the dice re-rolled for a critical hit, BL-11.4), `flags` to resolve
    with Bold and Frightened (BL-6), and `poison` extra losses (BL-11.10: each `L` rolled
    against a poisoned unit, Lore-card dice included)."""

    hits: int
    flags: int
    poison: int


def lore_dice_result(
    roll: LoreDice, faces: Iterable[Face], helmet: Face, *, poisoned: bool = False
) -> LoreDiceResult:
    """BL-13.9: helmets of the target's colour (`helmet`) hit; `S`, `L` and `F` hit only if the
    card says so; otherwise `F` is a flag to retreat from, unless the card ignores flags. One
    `L` may both hit and feed poison (D-19). No caps, tokens or follow-ons (D-39)."""
    rolled = list(faces)
    hits = rolled.count(helmet) if "helmet" in roll.hits else 0
    hits += sum(rolled.count(face) for face in ("S", "L") if face in roll.hits)
    flags = rolled.count("F")
    if roll.flags == "hit" or "F" in roll.hits:
        hits, flags = hits + flags, 0
    elif roll.flags == "ignored":
        flags = 0
    return LoreDiceResult(hits, flags, rolled.count("L") if poisoned else 0)


# -- combinators over the effects in force this turn ------------------------------------------


def _kind_fits(effect_kind: BattleKind, melee: bool) -> bool:
    return effect_kind == "any" or (effect_kind == "melee") == melee


def extra_dice(effects: Iterable[Effect], unit: int, seat: int, *, melee: bool) -> int:
    """Dice the cards in force add to a battle of `unit` (of `seat`), melee or ranged."""
    return sum(
        e.dice
        for e in effects
        if isinstance(e, ExtraDice)
        and (e.unit == unit or (e.unit is None and e.seat == seat))
        and _kind_fits(e.kind, melee)
    )


def bold_bonus(effects: Iterable[Effect], unit: int) -> int:
    """Bold the cards in force give `unit` (BL-6.1: Lore card bonuses add up)."""
    return sum(e.amount for e in effects if isinstance(e, BoldBonus) and unit in e.units)


def lore_hits(effects: Iterable[Effect], unit: int, *, melee: bool) -> bool:
    """Whether `unit`'s `L` faces hit in this battle (Rampage!)."""
    return any(
        isinstance(e, LoreHits) and e.unit == unit and _kind_fits(e.kind, melee) for e in effects
    )


def sword_hits(effects: Iterable[Effect], unit: int, *, melee: bool) -> bool:
    """Whether a card makes `unit`'s `S` faces hit in this battle (Weapon Mastery)."""
    return any(
        isinstance(e, SwordHits) and e.unit == unit and _kind_fits(e.kind, melee) for e in effects
    )


def extra_move(effects: Iterable[Effect], unit: int) -> int:
    """Extra hexes the cards in force let `unit` move and still battle (Forced March)."""
    return sum(e.hexes for e in effects if isinstance(e, ExtraMove) and unit in e.units)


def ignored_stops(effects: Iterable[Effect], unit: int) -> frozenset[str]:
    """The terrain stops `unit` ignores this turn (Stealth)."""
    found: set[str] = set()
    for e in effects:
        if isinstance(e, IgnoreStops) and unit in e.units:
            found |= e.terrains
    return frozenset(found)


def dice_after(dice: int, effects: Iterable[Effect], attacker: int) -> int:
    """The dice an attack rolls after ROLL_BEFORE cards such as Blinding Flash."""
    for e in effects:
        if isinstance(e, FewerDice) and e.unit == attacker:
            dice = max(min(dice, e.minimum), dice - e.fewer)
    return dice


def orders_after(orders: int, effects: Iterable[Effect]) -> int:
    """The units a Command card orders after Misdirection (never below its minimum, nor above
    what the card gave)."""
    for e in effects:
        if isinstance(e, FewerOrders):
            orders = max(min(orders, e.minimum), orders - e.fewer)
    return orders


def cancel_faces(faces: Iterable[Face], cancel: CancelDice, helmet: Face) -> tuple[Face, ...]:
    """The roll left after `cancel` (Mass Defense): up to `most` dice showing its faces are
    removed, the target's helmets first, then flags, then the rest."""
    rolled = list(faces)
    left = cancel.most
    for face in (helmet, *sorted(cancel.faces - {helmet})):
        while left and face in cancel.faces and face in rolled:
            rolled.remove(face)
            left -= 1
    return tuple(rolled)
