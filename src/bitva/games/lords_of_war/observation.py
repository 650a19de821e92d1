"""The observation tensor of Lords of War (issue 23; docs/research/lords-of-war.md).

One flat float32 vector built from a seat's `view` and nothing else (views.py decides what a seat
may see, so the tensor cannot leak a hidden card): `PLANES` planes over the mat's grid (height x
width squares, the padding column included, so a plane's square index is the square number of
the action codes), then `scalars` numbers. Sides are relative to the observer: "mine" is the
observing seat (seat 1 for a spectator), "theirs" the other. Values are the printed numbers
(arrow and defence values, counts), not rescaled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from bitva.games.lords_of_war.cards import CLASSES, DIRECTIONS
from bitva.games.lords_of_war.mat import Mat, make_mat
from bitva.games.lords_of_war.options import LordsOfWarOptions
from bitva.games.lords_of_war.static import catalogue_order

# Per side (mine at 0, theirs at SIDE_PLANES): what stands on each square.
SIDE_PLANE_NAMES: tuple[str, ...] = (
    "occupied",
    *(f"arrow toward board {d}" for d in DIRECTIONS),  # board frame (seat 1's card frame)
    "defence",
    "ranged value",
    *(f"class {c}" for c in CLASSES),
    "command unit",  # LW-1.5: Command cards and the General
    "general",
    "placed this turn",  # LW-9.2
    "took part in an elimination this turn",  # LW-7.7, LW-9.2
)
SIDE_PLANES = len(SIDE_PLANE_NAMES)
SHARED_PLANE_NAMES: tuple[str, ...] = (
    "on the mat",  # a square a card may occupy (LW-1.6, LW-10.1)
    "pending shooter",  # the ranged unit whose choice this is (LW-7.3)
    "berserker to move",  # LW-11.2-11.3
    "declared shooter",  # LW-11.5: shots declared this turn, from
    "declared target",  # and at
)
PLANE_NAMES: tuple[str, ...] = (
    *(f"mine: {p}" for p in SIDE_PLANE_NAMES),
    *(f"theirs: {p}" for p in SIDE_PLANE_NAMES),
    *SHARED_PLANE_NAMES,
)
PLANES = len(PLANE_NAMES)
_SHARED = 2 * SIDE_PLANES

PHASES: tuple[str, ...] = (
    "deal",
    "challenge",
    "deploy",
    "shoot",
    "berserk",
    "reinforce",
    "resolving",
    "over",
)
_ARROW = 1  # first arrow plane of a side
_CLASS = 1 + len(DIRECTIONS) + 2


@dataclass(frozen=True)
class Layout:
    """Where each part lies in the flat vector: `planes` first ((PLANES, height, width), C order),
    then the named scalar blocks (`blocks`: name -> (start, length), starts counted from 0 at the
    first scalar). `cards` is the card axis of the per-card blocks: the catalogue order
    (static.catalogue_order) and a last entry for cards outside it (inline cards)."""

    height: int
    width: int
    cards: int
    blocks: tuple[tuple[str, int, int], ...]
    plane_size: int = field(init=False)
    scalars: int = field(init=False)
    size: int = field(init=False)
    slices: dict[str, slice] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        plane_size = PLANES * self.height * self.width
        scalars = sum(length for _, _, length in self.blocks)
        slices = {
            name: slice(plane_size + start, plane_size + start + length)
            for name, start, length in self.blocks
        }
        object.__setattr__(self, "plane_size", plane_size)
        object.__setattr__(self, "scalars", scalars)
        object.__setattr__(self, "size", plane_size + scalars)
        object.__setattr__(self, "slices", slices)

    def block(self, name: str) -> slice:
        """The slice of the flat vector that holds scalar block `name`."""
        return self.slices[name]


@cache
def layout(borderless: bool) -> Layout:
    mat = make_mat(borderless)
    cards = len(catalogue_order()) + 1
    sizes = (
        ("my hand", cards),  # my hand: copies of each card
        ("their known hand", cards),  # their hand cards I know (LW-6.5, LW-9.1b)
        ("my pile", cards),  # enemy units I eliminated (LW-7.6)
        ("their pile", cards),  # my units they eliminated
        ("deck sizes", 2),  # mine, theirs
        ("hand sizes", 2),
        ("eliminated units", 2),  # in my pile, in theirs (LW-8.1)
        ("eliminated commands", 2),
        ("owed extra turn", 2),  # LW-8.4
        ("thresholds", 2),  # units_to_win, commands_to_win (LW-3.3, LW-10.2)
        ("rules", 3),  # cavalry (LW-11.1), berserkers (LW-11.2), borderless (LW-10.1)
        ("turn", 1),
        ("phase", len(PHASES)),
        ("seat", 2),  # 1 in the observer's seat number (none for a spectator)
        ("who acts", 4),  # I am active, I am to move, chance is to move, they are to move
        ("my return", 1),  # Outcome.returns for me once the game is over, else 0
    )
    blocks = []
    start = 0
    for name, length in sizes:
        blocks.append((name, start, length))
        start += length
    return Layout(mat.height, mat.width, cards, tuple(blocks))


@cache
def _card_slots() -> dict[str, int]:
    return {card.ref: g for g, card in enumerate(catalogue_order())}


def observation_shape(options: LordsOfWarOptions) -> tuple[int, ...]:
    return (layout(options.borderless).size,)


def encode(
    view: Mapping[str, Any], seat: int | None, options: LordsOfWarOptions
) -> npt.NDArray[np.float32]:
    """The observation of `seat` from its view (seat None: a spectator, "mine" = seat 1)."""
    lay = layout(options.borderless)
    mat = make_mat(options.borderless)
    out = np.zeros(lay.size, dtype=np.float32)
    planes = out[: lay.plane_size].reshape(PLANES, lay.height * lay.width)
    me = seat if seat in (1, 2) else 1
    cards: Mapping[str, Any] = view["cards"]
    parse = _square_parser(mat)
    for entry in view["board"]:
        square = parse(entry["square"])
        side = 0 if entry["owner"] == me else SIDE_PLANES
        _unit(planes, side, square, entry["owner"], cards[entry["card"]])
        planes[side + SIDE_PLANES - 2, square] = float(entry["placed_this_turn"])
        planes[side + SIDE_PLANES - 1, square] = float(entry["took_part"])
    planes[_SHARED] = _on_mat(mat)
    pending = view.get("pending") or {}
    if "shooter" in pending:
        planes[_SHARED + 1, parse(pending["shooter"])] = 1.0
    for name in pending.get("berserkers", ()):
        planes[_SHARED + 2, parse(name)] = 1.0
    for shooter, target in view["shots"].items():
        planes[_SHARED + 3, parse(shooter)] = 1.0
        planes[_SHARED + 4, parse(target)] = 1.0
    _scalars(out, lay, view, seat, me, options)
    return out


def _unit(
    planes: npt.NDArray[np.float32], side: int, square: int, owner: int, card: Mapping[str, Any]
) -> None:
    planes[side : side + SIDE_PLANES - 2, square] = _features(owner, card)


# views share one dict per card (views.card_json): its features are computed once per owner
_FEATURES: dict[tuple[int, int], tuple[Mapping[str, Any], npt.NDArray[np.float32]]] = {}


def _features(owner: int, card: Mapping[str, Any]) -> npt.NDArray[np.float32]:
    """A unit's values on the side planes before the two per-turn flags."""
    key = (owner, id(card))
    hit = _FEATURES.get(key)
    if hit is not None and hit[0] is card:
        return hit[1]
    values = np.zeros(SIDE_PLANES - 2, dtype=np.float32)
    values[0] = 1.0
    turn = 0 if owner == 1 else 4  # LW-2.3: player 2's cards face the other way
    for name, value in card.get("arrows", {}).items():
        values[_ARROW + (DIRECTIONS.index(name) + turn) % 8] = value
    values[_ARROW + 8] = card["defence"]
    ranged = card.get("ranged")
    values[_ARROW + 9] = ranged["value"] if ranged else 0.0
    values[_CLASS + CLASSES.index(card["class"])] = 1.0
    values[_CLASS + len(CLASSES)] = float(card["command"])
    values[_CLASS + len(CLASSES) + 1] = float(card["rank"] == "general")
    if len(_FEATURES) >= 4096:  # views read back from JSON bring new dicts each time
        _FEATURES.clear()
    _FEATURES[key] = (card, values)
    return values


@cache
def _square_parser(mat: Mat) -> Callable[[str], int]:
    """Square names as the view writes them -> grid index, memoised (names never change)."""
    names: dict[str, int] = {}

    def parse(name: str) -> int:
        square = names.get(name)
        if square is None:
            square = names[name] = mat.parse(name)
        return square

    return parse


@cache
def _on_mat(mat: Mat) -> npt.NDArray[np.float32]:
    plane = np.zeros(mat.num_squares, dtype=np.float32)
    plane[mat.squares(mat.on_mat)] = 1.0
    return plane


def _scalars(
    out: npt.NDArray[np.float32],
    lay: Layout,
    view: Mapping[str, Any],
    seat: int | None,
    me: int,
    options: LordsOfWarOptions,
) -> None:
    slots = _card_slots()
    other = lay.cards - 1
    players = view["players"]
    mine, theirs = players[str(me)], players[str(3 - me)]

    def count(block: str, refs: list[str]) -> None:
        part = out[lay.block(block)]
        for ref in refs:
            part[slots.get(ref, other)] += 1.0

    count("my hand", mine.get("hand", mine.get("known_hand", [])))
    count("their known hand", theirs.get("known_hand", []))
    count("my pile", mine["eliminated"])
    count("their pile", theirs["eliminated"])
    for block, key in (
        ("deck sizes", "deck_size"),
        ("hand sizes", "hand_size"),
        ("eliminated units", "eliminated_units"),
        ("eliminated commands", "eliminated_commands"),
        ("owed extra turn", "owed_extra_turn"),
    ):
        out[lay.block(block)] = (float(mine[key]), float(theirs[key]))
    out[lay.block("thresholds")] = (options.units_to_win, options.commands_to_win)
    out[lay.block("rules")] = (options.cavalry_rule, options.berserker_rule, options.borderless)
    out[lay.block("turn")] = view["turn"]
    out[lay.block("phase")][PHASES.index(view["phase"])] = 1.0
    if seat in (1, 2):
        out[lay.block("seat")][seat - 1] = 1.0
    to_move = view["to_move"]
    out[lay.block("who acts")] = (
        view["active"] == me,
        to_move == me,
        to_move is not None and to_move not in (1, 2),
        to_move == 3 - me,
    )
    outcome = view.get("outcome")
    if outcome:
        out[lay.block("my return")] = outcome["returns"][me - 1]
