"""BattleLore's observation tensor (issue 23, docs/research/battlelore.md): one flat float32
vector built from a seat's view (`views.view`) and the public catalogue, nothing else, so it
cannot hold what the seat may not see.

Layout: `PLANES` planes of 113 values (one per hex, in the board's order: row 1 from A, then
row 2, ...), then `SCALARS` scalars. "Mine" is the observing seat's side, "theirs" the other
(a spectator, seat None, reads South as "mine"). Every name of `PLANE_NAMES` and
`SCALAR_NAMES` is documented in docs/research/battlelore.md; a test keeps the two equal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, get_args

import numpy as np
import numpy.typing as npt

from bitva.games.battlelore.catalogue.load import load_catalogue
from bitva.games.battlelore.field.board import HEX_COUNT, NAMES
from bitva.games.battlelore.field.model import FACES, Terrain
from bitva.games.battlelore.lore.council import SEATS
from bitva.games.battlelore.lore.deck import LORE_IDS
from bitva.games.battlelore.lore.economy import Window
from bitva.games.battlelore.lore.targets import ONE_AT_A_TIME
from bitva.games.battlelore.turn.command import CARD_IDS

_CATALOGUE = load_catalogue()
TERRAINS: tuple[str, ...] = tuple(t for t in get_args(Terrain) if t != "plain")
LANDMARKS: tuple[str, ...] = tuple(sorted(_CATALOGUE.landmarks))
BANNERS = ("green", "blue", "red")
STATUSES = ("foot", "mounted", "creature")
WINDOWS: tuple[str, ...] = get_args(Window)
# the decision points (docs/battlelore.md, "Decision points"); "over" when the game is over
DECISIONS = (
    "council",
    "deal",
    "lore-box",
    "lore-deal",
    "keep-lore",
    "landmark",
    "command",
    "react",
    "lore-units",
    "order",
    "move",
    "battle",
    "roll",
    "flags",
    "retreat",
    "battle-back",
    "take-ground",
    "pursue",
    "bonus",
    "spider",
    "store",
    "draw-keep",
    "discard",
    "refill",
    "lore-keep",
    "over",
)
MOST_FIGURES = 4  # D-7: a unit has at most 4 figures
MOST_DICE = 12  # `actions.MAX_DICE`
SCALE_TURNS = 100.0  # turns are divided by this (a random game of A04 runs ~60 turns)
SCALE_TOKENS = 20.0  # goblets and the pool (D-33: a pool of 60) are divided by this
SCALE_CARDS = 10.0  # card counts (hands, decks, discards) are divided by this


def _unit_planes() -> tuple[str, ...]:
    return (
        "unit",
        *(f"banner {b}" for b in BANNERS),
        *(f"status {s}" for s in STATUSES),
        "figures",
        "losses",
        "range",
        "ordered",
        "moved",
        "battled",
        "webbed",
        "poisoned",
        "stored lore",
    )


UNIT_PLANES = _unit_planes()
PLANE_NAMES: tuple[str, ...] = (
    *(f"terrain {t}" for t in TERRAINS),
    *(f"landmark {lm}" for lm in LANDMARKS),
    "landmark mine",
    "landmark theirs",
    *(f"mine {p}" for p in UNIT_PLANES),
    *(f"theirs {p}" for p in UNIT_PLANES),
    "rush target",
    "battle attacker",
    "battle target",
    "lore chosen",
)
PLANES = len(PLANE_NAMES)


def _scalar_names() -> tuple[str, ...]:
    names: list[str] = [
        "seat south",
        "seat north",
        "seat spectator",
        "to act mine",
        "to act theirs",
        "to act nobody",
        "active mine",
        "turn",
        "lore adventure",
        "victory banners",
    ]
    for side in ("mine", "theirs"):
        names += [
            f"{side} banners",
            f"{side} goblet",
            f"{side} command hand size",
            f"{side} command drawn size",
            f"{side} lore hand size",
            f"{side} lore drawn size",
            f"{side} council known",
            *(f"{side} council {s}" for s in SEATS),
        ]
    names += [f"mine command hand {c}" for c in CARD_IDS]
    names += [f"mine command drawn {c}" for c in CARD_IDS]
    names += [f"mine lore hand {c}" for c in LORE_IDS]
    names += [f"mine lore drawn {c}" for c in LORE_IDS]
    names += ["pool", "command deck", "lore deck"]
    names += [f"command discard {c}" for c in CARD_IDS]
    names += [f"lore discard {c}" for c in LORE_IDS]
    names += [f"played command {c}" for c in CARD_IDS]
    names += [f"played lore mine {c}" for c in LORE_IDS]
    names += [f"played lore theirs {c}" for c in LORE_IDS]
    names += [f"decision {d}" for d in DECISIONS]
    names += [f"window {w}" for w in WINDOWS]
    names += [
        "battle",
        "battle melee",
        "battle mine attacks",
        "battle dice",
        *(f"battle faces {f}" for f in FACES),
        "battle back",
        "battle bonus",
        "battle flags",
        "battle retreat left",
        "winner mine",
        "winner theirs",
    ]
    names += [f"choosing {c}" for c in sorted(ONE_AT_A_TIME)]
    return tuple(names)


SCALAR_NAMES = _scalar_names()
SCALARS = len(SCALAR_NAMES)
SHAPE = (PLANES * HEX_COUNT + SCALARS,)
_PLANE = {n: i for i, n in enumerate(PLANE_NAMES)}
_SCALAR = {n: i for i, n in enumerate(SCALAR_NAMES)}
_HEX = {h: i for i, h in enumerate(NAMES)}
_RANGE = {uid: u.weapon.range for uid, u in _CATALOGUE.units.items()}
MOST_RANGE = max(_RANGE.values())


def observation_shape() -> tuple[int, ...]:
    """The same for every adventure and option: the board and the card lists are fixed."""
    return SHAPE


Vector = npt.NDArray[np.float32]


def encode(view: Mapping[str, Any], seat: int | None) -> Vector:
    """The observation of `seat` from its view (layout: the module docstring)."""
    planes = np.zeros((PLANES, HEX_COUNT), dtype=np.float32)
    scalars = np.zeros(SCALARS, dtype=np.float32)
    mine = seat if seat in (1, 2) else 1
    for hex_name, terrain in view["terrain"].items():
        planes[_PLANE[f"terrain {terrain}"], _HEX[hex_name]] = 1.0
    for hex_name, landmark in view["landmarks"].items():
        planes[_PLANE[f"landmark {landmark}"], _HEX[hex_name]] = 1.0
    for hex_name, owner in view["landmark_owners"].items():
        side = "mine" if owner == mine else "theirs"
        planes[_PLANE[f"landmark {side}"], _HEX[hex_name]] = 1.0
    for unit in view["units"]:
        _unit(planes, unit, "mine" if unit["side"] == mine else "theirs")
        if unit["rush_target"] is not None:
            planes[_PLANE["rush target"], _HEX[unit["rush_target"]]] = 1.0
    battle = view.get("battle")
    if battle is not None:
        for key in ("attacker", "target"):
            if battle[key] is not None:
                planes[_PLANE[f"battle {key}"], _HEX[battle[key]]] = 1.0
    choosing = view.get("choosing")
    if choosing is not None:  # the units chosen so far for Forced March or Stealth (BL-13.4)
        for hex_name in choosing["hexes"]:
            planes[_PLANE["lore chosen"], _HEX[hex_name]] = 1.0
    _scalars(scalars, view, seat, mine)
    return np.concatenate((planes.reshape(-1), scalars))


def _unit(planes: Vector, unit: Mapping[str, Any], side: str) -> None:
    at = _HEX[unit["hex"]]
    values = {
        "unit": 1.0,
        f"banner {unit['banner']}": 1.0,
        f"status {unit['status']}": 1.0,
        "figures": unit["figures"] / MOST_FIGURES,
        "losses": (unit["max_figures"] - unit["figures"]) / MOST_FIGURES,
        "range": _RANGE.get(unit["type"], 1) / MOST_RANGE,
        "ordered": float(unit["ordered"]),
        "moved": min(unit["moved"], MOST_FIGURES) / MOST_FIGURES,
        "battled": float(unit["battled"]),
        "webbed": float(unit["webbed"]),
        "poisoned": float(unit["poisoned"]),
        "stored lore": min(unit["stored_lore"], MOST_FIGURES) / MOST_FIGURES,
    }
    for key, value in values.items():
        planes[_PLANE[f"{side} {key}"], at] = value


def _size(held: int | Sequence[str]) -> int:
    return held if isinstance(held, int) else len(held)


def _scalars(out: Vector, view: Mapping[str, Any], seat: int | None, mine: int) -> None:
    def put(name: str, value: float = 1.0) -> None:
        out[_SCALAR[name]] = value

    put({1: "seat south", 2: "seat north"}.get(seat or 0, "seat spectator"))
    to_act = view["to_act"]
    put("to act nobody" if to_act is None else "to act mine" if to_act == mine else "to act theirs")
    put("active mine", float(view["active"] == mine))
    put("turn", view["turn"] / SCALE_TURNS)
    adventure = view["adventure"]
    put("lore adventure", float(adventure["lore"]))
    put("victory banners", adventure["victory_banners"] / SCALE_CARDS)
    for side, number in (("mine", mine), ("theirs", 3 - mine)):
        data = view["sides"][str(number)]
        put(f"{side} banners", data["banners"] / max(adventure["victory_banners"], 1))
        put(f"{side} goblet", data["goblet"] / SCALE_TOKENS)
        put(f"{side} command hand size", _size(data["command_hand"]) / SCALE_CARDS)
        put(f"{side} command drawn size", _size(data["drawn"]) / SCALE_CARDS)
        put(f"{side} lore hand size", _size(data["lore_hand"]) / SCALE_CARDS)
        put(f"{side} lore drawn size", _size(data["lore_drawn"]) / SCALE_CARDS)
        council = data["council"]
        if council is not None:
            put(f"{side} council known")
            for s, level in council.items():
                put(f"{side} council {s}", level / 3)
        if number == seat:  # the seat's own cards, by kind (the other's are counts only)
            _counts(out, "mine command hand", data["command_hand"])
            _counts(out, "mine command drawn", data["drawn"])
            _counts(out, "mine lore hand", data["lore_hand"])
            _counts(out, "mine lore drawn", data["lore_drawn"])
    put("pool", view["pool"] / SCALE_TOKENS)
    put("command deck", view["command_deck"] / SCALE_CARDS)
    put("lore deck", view["lore_deck"] / SCALE_CARDS)
    _counts(out, "command discard", view["command_discard"])
    _counts(out, "lore discard", view["lore_discard"])
    played = view["played"]
    if played["command"] in CARD_IDS:
        put(f"played command {played['command']}")
    for card in played["lore"]:
        side = "mine" if card["seat"] == mine else "theirs"
        out[_SCALAR[f"played lore {side} {card['card']}"]] += 1.0
    if f"decision {view['decision']}" in _SCALAR:
        put(f"decision {view['decision']}")
    if view["window"] is not None:
        put(f"window {view['window']}")
    choosing = view.get("choosing")
    if choosing is not None:  # Forced March or Stealth, its units being chosen (BL-13.4)
        put(f"choosing {choosing['card']}")
    battle = view.get("battle")
    if battle is not None:
        attacker = next((u for u in view["units"] if u["hex"] == battle["attacker"]), None)
        put("battle")
        put("battle melee", float(battle["kind"] == "melee"))
        put("battle mine attacks", float(attacker is not None and attacker["side"] == mine))
        put("battle dice", min(battle["dice"], MOST_DICE) / MOST_DICE)
        for face in FACES:
            put(f"battle faces {face}", battle["faces"].count(face) / MOST_DICE)
        put("battle back", float(bool(battle["back"])))
        put("battle bonus", float(bool(battle["bonus"])))
        put("battle flags", min(battle["flags"] or 0, MOST_DICE) / MOST_DICE)
        put("battle retreat left", min(battle["retreat_left"] or 0, MOST_DICE) / MOST_DICE)
    winner = view["winner"]
    if winner is not None:
        put("winner mine" if winner == mine else "winner theirs")


_COUNTED = {
    "mine command hand": CARD_IDS,
    "mine command drawn": CARD_IDS,
    "mine lore hand": LORE_IDS,
    "mine lore drawn": LORE_IDS,
    "command discard": CARD_IDS,
    "lore discard": LORE_IDS,
}


def _counts(out: Vector, prefix: str, cards: int | Sequence[str]) -> None:
    """Cards by kind, each 1/SCALE_CARDS (a hand that is only a count adds nothing)."""
    if isinstance(cards, int):
        return
    known = _COUNTED[prefix]
    for card in cards:
        if card in known:
            out[_SCALAR[f"{prefix} {card}"]] += 1.0 / SCALE_CARDS
