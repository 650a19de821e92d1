"""The Command cards (5.1, BL-2, D-40, D-42), the Lore cards (2.4, 5.2, BL-13) and the landmarks
(BL-9, 5.4) as validated data.

A card's effect is described by structured fields the engine acts on without reading prose: a
Command card's orders, flanks and bonuses; a Lore card's `effect` kind and its parameters in the
level notation of BL-13.2 (`Scaled`). `text` and `text_cs` are for players only.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Self

from pydantic import BeforeValidator, Field, model_validator

from bitva.games.battlelore.catalogue.base import (
    LANDMARKS,
    Flank,
    ScaledField,
    Strict,
)
from bitva.games.battlelore.lore.council import School
from bitva.games.battlelore.lore.economy import Phase

# BL-13.3, column "Reaction": True / False for the phase, None where the card decides
PHASE_REACTION: dict[str, bool | None] = {
    "CMD_WITH": False,
    "CMD_INSTEAD": False,
    "CMD_REACT": True,
    "ORD_OWN": False,
    "ORD_REACT": True,
    "MOV_OWN": False,
    "MOV_REACT": True,
    "BAT_ANY": None,
    "BAT_MELEE": None,
    "BAT_RANGED": None,
    "ROLL_BEFORE": True,
    "ROLL_AFTER": True,
    "LORE_REACT": True,
}
# BL-13.4, plus what a card may aim at besides units and players: a hex (Creeping Doom), a Lore
# card just played (Dispel, Foil), the opponent's Command card (Misdirection)
Target = Literal[
    "YOU",
    "OPPONENT",
    "YOUR_UNITS",
    "ENEMY_UNITS",
    "X_UNITS",
    "ORDERED",
    "DEFENDING",
    "ATTACKING",
    "IN_MELEE",
    "IN_RANGED",
    "HEX",
    "LORE_CARD",
    "COMMAND_CARD",
]
# What a card does; the parameters each kind takes are in EFFECT_PARAMS.
LoreEffect = Literal[
    "roll_dice",  # roll Lore-card dice against units (BL-13.9)
    "gain_tokens",  # take tokens from the pool
    "steal_tokens",  # move tokens from the opponent's goblet to yours
    "cancel_card",  # cancel a Lore card just played (refund: its owner's payment goes back)
    "teleport",  # place an ordered unit elsewhere; counts as its move
    "bonus_dice",  # extra dice in battle (the phase says which battles)
    "heal",  # return figures (never above the starting strength)
    "cancel_dice",  # cancel rolled dice showing `faces`
    "fewer_dice",  # the attacker rolls fewer dice (never fewer than `minimum`)
    "bold",  # Bold +n this turn (BL-6.1)
    "remove_marker",  # remove one of `markers` from a unit
    "strike_first",  # the defender battles the attacker first (First Strike)
    "faces_hit",  # the faces in `hits` also hit in this unit's battles
    "extra_move",  # `move` more hexes, still able to battle
    "order_units",  # order units anywhere on the board (instead of a Command card)
    "sidestep",  # the attacked unit retreats `retreat` hexes; the attack is cancelled
    "fewer_orders",  # the opponent's Command card orders fewer units (never below `minimum`)
    "ignore_stops",  # ordered units ignore the terrain stops in `stops` this turn
    "draw_keep",  # at this turn's Draw, draw `draw_keep[0]` Command cards and keep the rest
    "end_move",  # an enemy unit's move ends now; it may still battle
]
HitFace = Literal["helmet", "S", "L"]
Restriction = Literal[
    "non_creature",  # never a creature
    "unmoved",  # has not moved this turn
    "foot",  # foot units only
    "unwebbed",  # not webbed
    "melee",  # the attack it answers is a melee attack
    "river",  # on a ford or a bridge, or next to a river hex
]
Area = Literal["hex_and_neighbours", "section"]
_PARAMS = (
    "units",
    "range",
    "dice",
    "hits",
    "flags",
    "area",
    "affects",
    "restrict",
    "tokens",
    "figures",
    "bold",
    "faces",
    "minimum",
    "markers",
    "stops",
    "draw_keep",
    "move",
    "retreat",
    "refund",
)
# effect -> (parameters it needs, parameters it may have)
EFFECT_PARAMS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "roll_dice": (
        frozenset({"dice", "hits", "flags", "affects"}),
        frozenset({"range", "units", "area", "restrict"}),
    ),
    "gain_tokens": (frozenset({"tokens"}), frozenset()),
    "steal_tokens": (frozenset({"tokens"}), frozenset()),
    "cancel_card": (frozenset({"refund"}), frozenset()),
    "teleport": (frozenset({"units", "range"}), frozenset({"restrict"})),
    "bonus_dice": (frozenset({"dice"}), frozenset({"units", "restrict"})),
    "heal": (frozenset({"units", "figures"}), frozenset({"restrict"})),
    "cancel_dice": (frozenset({"dice", "faces"}), frozenset()),
    "fewer_dice": (frozenset({"dice", "minimum"}), frozenset()),
    "bold": (frozenset({"bold"}), frozenset({"units", "area"})),
    "remove_marker": (frozenset({"units", "markers"}), frozenset()),
    "strike_first": (frozenset(), frozenset({"restrict"})),
    "faces_hit": (frozenset({"hits"}), frozenset({"units"})),
    "extra_move": (frozenset({"units", "move"}), frozenset({"restrict"})),
    "order_units": (frozenset({"units"}), frozenset()),
    "sidestep": (frozenset({"retreat"}), frozenset({"restrict"})),
    "fewer_orders": (frozenset({"units", "minimum"}), frozenset()),
    "ignore_stops": (frozenset({"units", "stops"}), frozenset()),
    "draw_keep": (frozenset({"draw_keep"}), frozenset()),
    "end_move": (frozenset({"units", "range"}), frozenset()),
}


def _question_mark_cost(value: Any) -> Any:
    """BL-13.1: a cost of "?" is set by the card's effect (None)."""
    if value == "?":
        return None
    if isinstance(value, str):
        raise ValueError(f'a cost is a number of tokens or "?" (BL-13.1), not {value!r}')
    return value


Cost = Annotated[int | None, BeforeValidator(_question_mark_cost)]
DrawKeep = tuple[Annotated[int, Field(ge=1, le=5)], Annotated[int, Field(ge=1, le=5)]]


class CommandCard(Strict):
    """A Command card (2.4, 5.1). A section card orders `orders` units in `sections` (flanks
    relative to the player, 2.1), split evenly: one entry per order group, so PINCER orders 1
    unit on the Left and 1 on the Right. A tactic card orders up to `orders` units anywhere that
    meet `requires` (BL-2.3; none eligible: 1 unit of your choice, D-40). Counter-Attack
    (`copies_last`) copies the opponent's last Command card (D-42); its `orders` is what it
    orders when there is nothing to copy (1 unit of your choice)."""

    id: str
    name: str
    name_cs: str
    kind: Literal["section", "tactic"]
    orders: int = Field(ge=1, le=6)
    sections: tuple[Flank, ...] = ()
    count: int = Field(ge=1, le=9)
    text: str
    text_cs: str
    requires: Literal["mounted", "missile", "foot", "adjacent_to_ordered"] | None = None
    melee_bonus_dice: int = Field(default=0, ge=0, le=3)  # this turn, bonus attacks included
    ranged_bonus_dice: int = Field(default=0, ge=0, le=3)
    no_move: bool = False  # ordered units may not move (Volley)
    move_bonus: int = Field(default=0, ge=0, le=3)  # added to move_max and move_battle
    draw_keep: DrawKeep | None = None  # at this turn's Draw: draw n, keep k (Scout, BL-15.1)
    copies_last: bool = False

    @property
    def orders_per_section(self) -> int:
        """Orders for each entry of `sections` (section cards only)."""
        return self.orders // len(self.sections) if self.sections else self.orders

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.kind == "section":
            if not self.sections:
                raise ValueError("a section card names its flanks in `sections` (BL-2.2)")
            if self.orders % len(self.sections):
                raise ValueError(
                    f"{self.orders} orders cannot be split evenly over {len(self.sections)} "
                    "flanks (one order group per entry of `sections`)"
                )
            if self.requires is not None or self.copies_last:
                raise ValueError("`requires` and `copies_last` belong to tactic cards (BL-2.3)")
        elif self.sections:
            raise ValueError("a tactic card orders anywhere: no `sections` (BL-2.3)")
        if self.draw_keep is not None and self.draw_keep[1] >= self.draw_keep[0]:
            raise ValueError("`draw_keep` = [draw, keep] keeps fewer than it draws (BL-15.1)")
        return self


class LoreCard(Strict):
    """A Lore card (2.4, 5.2, BL-13). `cost` None is "?" (set by the effect: Dispel pays what
    the cancelled card's owner paid). `effect` names what it does and the other fields are its
    parameters (which ones each effect takes: `EFFECT_PARAMS`); level-scaled numbers are `Scaled`
    (BL-13.2; `scaled(card.dice, level)`).

    - `units`: how many units it affects; None: every unit that qualifies.
    - `hits`: the faces that hit (`helmet`: a helmet of the target's colour). For `roll_dice`
      these are all of them (BL-13.9); for `faces_hit`, faces that hit besides the usual ones.
    - `flags`: what a rolled flag does: `retreat` (BL-13.9's default), `hit` or `ignored`.
    - `restrict`: conditions on the units it may affect (see `Restriction`).
    - `range`: hexes from any of the caster's units, without line of sight (D-38).
    """

    id: str
    name: str
    name_cs: str
    schools: tuple[School, ...] = Field(min_length=1)
    cost: Cost = Field(ge=0, le=20)
    phase: Phase
    target: Target
    reaction: bool
    count: int = Field(ge=1, le=15)
    text: str
    text_cs: str
    effect: LoreEffect
    units: ScaledField | None = None
    range: ScaledField | None = None
    dice: ScaledField | None = None
    hits: tuple[HitFace, ...] = ()
    flags: Literal["retreat", "hit", "ignored"] | None = None
    area: Area | None = None
    affects: Literal["enemy", "own", "all"] | None = None
    restrict: tuple[Restriction, ...] = ()
    tokens: ScaledField | None = None
    figures: ScaledField | None = None
    bold: ScaledField | None = None
    faces: tuple[Literal["helmet", "F", "S", "L"], ...] = ()
    minimum: int = Field(default=0, ge=0, le=9)
    markers: tuple[Literal["web", "poison"], ...] = ()
    stops: tuple[Literal["forest", "ford"], ...] = ()
    draw_keep: DrawKeep | None = None
    move: int = Field(default=0, ge=0, le=9)
    retreat: int = Field(default=0, ge=0, le=9)
    refund: bool = False

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if len(set(self.schools)) != len(self.schools):
            raise ValueError("a school is listed twice in `schools`")
        expected = PHASE_REACTION[self.phase]
        if expected is not None and expected != self.reaction:
            shown = "is" if expected else "is never"
            raise ValueError(f"a {self.phase} card {shown} a reaction card (BL-13.3)")
        needed, allowed = EFFECT_PARAMS[self.effect]
        given = self.model_fields_set & set(_PARAMS)
        missing = sorted(needed - given)
        if missing:
            raise ValueError(f"effect {self.effect} needs {', '.join(missing)}")
        extra = sorted(given - needed - allowed)
        if extra:
            raise ValueError(f"effect {self.effect} takes no {', '.join(extra)}")
        if self.cost is None and self.effect != "cancel_card":
            raise ValueError('only a card whose effect sets the cost may cost "?" (BL-13.1)')
        return self


class LandmarkCard(Strict):
    """A landmark (BL-9): the common rules (Bold +1, entering stops and forbids battle, blocks
    LOS, cap 2 on and into it, BL-9.1), and for a Lore master's landmark its `school` (BL-9.3)
    and the tokens its owner takes when a friendly unit stands on it at the end of his turn
    (5.4, D-32), and the rows of the owner's half where it is placed (South's numbering;
    North's are mirrored, 10 - row)."""

    id: str
    name: str
    name_cs: str
    school: School | None = None
    bold: int = Field(default=1, ge=0, le=3)
    dice_cap: int = Field(default=2, ge=1, le=4)
    lore_tokens: int = Field(default=0, ge=0, le=3)
    placement_rows: tuple[int, ...] = ()
    text: str
    text_cs: str

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.id not in LANDMARKS:
            raise ValueError(f"not a landmark of the rules (known: {', '.join(LANDMARKS)})")
        if (self.school is None) != (not self.placement_rows):
            raise ValueError("a Lore master's landmark, and only it, has `placement_rows`")
        if any(not 1 <= row <= 4 for row in self.placement_rows):
            raise ValueError("`placement_rows` lie in the owner's half: rows 1-4 (BL-9.3)")
        return self


class CommandsFile(Strict):
    cards: dict[str, dict[str, Any]]


class LoreFile(Strict):
    cards: dict[str, dict[str, Any]]


class LandmarksFile(Strict):
    landmarks: dict[str, dict[str, Any]]
