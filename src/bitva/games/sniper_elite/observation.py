"""The observation tensor of a solo game (issue 23, docs/research/sniper-elite.md): a flat float32
vector built from a seat's `view` and nothing else, so it holds only what the seat may see
(SE-3.10: the order deck, the face-down card and the box stay hidden; the objective cards are the
sniper's own).

Layout: `len(PLANES)` planes over the map's spaces (row-major, `a1` first, SE-2.1), then the
scalars of `SCALARS` in order. The shape depends on nothing a game's options change (one map
ships, SE-1.3), so it never changes during a game nor between challenges.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import numpy as np
from numpy.typing import NDArray

from bitva.games.sniper_elite.actions import EQUIPMENT_IDS, REWARDS
from bitva.games.sniper_elite.board import depot
from bitva.games.sniper_elite.catalogue import AREAS, shipped_content
from bitva.games.sniper_elite.limits import token_limits
from bitva.games.sniper_elite.model import DEFENDER_IDS, TOKENS
from bitva.games.sniper_elite.options import MODIFIERS

TERRAIN = ("outdoor", "elevated", "enclosed", "water", "obstruction")
TYPE_OF = {".": "outdoor", ":": "outdoor", "^": "elevated", "I": "enclosed", "~": "water",
           "#": "obstruction"}  # fmt: skip
AREA_OF = {"R": "red", "K": "black", "Y": "yellow", "W": "white"}
DECISIONS = ("bottom", "entry", "turn", "reward", "keep", "place", "order", "equip", "objective",
             "draw", "die", "tie", "over")  # fmt: skip
PHASES = ("setup", "sniper", "defenders")
EFFECTS = ("NOISE_MASKING", "GRAPNEL", "SILENT_ROUNDS", "SCOPE_ADJUSTMENT", "ENEMY_UNIFORM")
FACE_DOWN_FROM = ("setup", "deck", "old")
STACK = 8  # health stack positions encoded, top first (SE-3.5: 6 at set-up, 4 recoil at most)
RANGE = 10.0  # ranges and turns are scaled by these
TURNS = 50.0
CARDS = tuple(card.id for card in shipped_content().orders)
OBJECTIVES = tuple(range(1, 10))

PLANES: tuple[tuple[str, str], ...] = (
    *((f"terrain-{t}", f"the space is {t} (SE-2.2)") for t in TERRAIN),
    ("difficult", "difficult ground (SE-2.7)"),
    *((f"area-{a}", f"the space is in the {a} area (SE-2.2)") for a in AREAS),
    ("objective-space", "an objective space, any number (SE-2.2)"),
    ("iron-cross", "an iron cross (SE-7.8)"),
    ("access", "a space at either end of a door or ladder (SE-2.3)"),
    ("entry-target", "the first space of an entry point's move (SE-2.10)"),
    ("sniper", "the sniper's space (the sniper is never hidden from the player, SE-3.10)"),
    ("sniper-entry", "the target space of the entry point the sniper stands on (SE-2.10)"),
    ("lka", "the spaces of the last known area (SE-5.5)"),
    ("probable", "objective spaces with a trace cube: probable objectives (SE-5.8)"),
    *((f"defender-{d}", f"defender {d}'s space (SE-3.1)") for d in DEFENDER_IDS),
    ("visible", "spaces in line of sight from the sniper, smoke counted (SE-2.9)"),
    *((f"move-{k}", f"a legal move ends here counting {k} step(s) (SE-6.2)") for k in (1, 2, 3)),
    ("move-hits", "hits the fewest-step move here costs (SE-6.3, SE-6.4)"),
    ("move-lka", "the fewest-step move here moves the last known area (SE-6.3)"),
    ("smoke", "the Smoke Grenade's space this turn (11.6)"),
    ("moved-last-step", "defenders that moved in the previous order step (D-26)"),
    ("own-open", "the player's open objectives (seat 1 only: SE-3.7)"),
    ("own-completed", "the player's completed objectives (seat 1 only)"),
    ("place-choice", "spaces offered for a returning defender (SE-7.8)"),
    ("in-sight", "defenders in line of sight: a shot's targets (SE-6.5(1))"),
    ("in-sight-range", f"their shot range / {RANGE:g} (SE-2.8)"),
)
SCALARS: tuple[tuple[str, int, str], ...] = (
    ("decision", len(DECISIONS), "one-hot decision point: " + ", ".join(DECISIONS)),
    ("phase", len(PHASES), "one-hot phase: " + ", ".join(PHASES)),
    ("turn", 1, f"the turn counter / {TURNS:g} (SE-3.9: sniper and defenders' turns count)"),
    ("observer", 1, "1 for the player (seat 1), 0 for a spectator"),
    ("sniper-at", 3, "the sniper: on the board, on an entry point, not yet entered"),
    ("entry", 4, "one-hot entry point the sniper stands on (EK, ER, EW, EY)"),
    ("lka", len(AREAS), "one-hot last known area: " + ", ".join(AREAS)),
    ("health", STACK * 3, "the health stack top first, each position one-hot N, R, S (SE-3.5)"),
    ("health-size", 1, f"the stack's height / {STACK}"),
    ("wounded", 1, "the sniper is wounded (SE-5.3)"),
    ("hits", 2, "hits this turn / 5, the turn's cap / 5 (SE-5.2)"),
    ("bag", 4, "tokens in the bag A, N, R, S, each / its most (`limits.token_limits`)"),
    ("drawn", 5, "a draw is out: 1, then its A, N, R, S / their most (SE-6.5(3))"),
    ("shot", 2 + len(DEFENDER_IDS), "a shot is on: 1, silent, its target one-hot"),
    ("shot-range", 1, f"the shot's range / {RANGE:g}"),
    ("in-sight", len(DEFENDER_IDS) * 2, "per defender: in sight, best hit chance (SE-6.5)"),
    ("order-board", 3 * (2 + len(CARDS)), "per slot: empty, face down, face-up card one-hot"),
    ("order-piles", 3, "cards in the order deck, discard and box / 15 (SE-3.6)"),
    ("order-discard", len(CARDS), "the cards in the discard"),
    ("known-in-deck", len(CARDS), "discards shuffled into the deck, unseen since (SE-6.7)"),
    ("face-down-from", len(FACE_DOWN_FROM), "where the face-down card came from"),
    ("equipment", 3 * len(EQUIPMENT_IDS), "per card: held, used, drawn by a loot (/ copies)"),
    ("equipment-deck", 1, "cards in the equipment deck / 12"),
    ("objective-piles", 3, "objective deck / 9, held / 2, completed / 2 (SE-3.7)"),
    ("own-objectives", 2 * len(OBJECTIVES), "seat 1: held numbers, completed numbers"),
    ("record", 3, "this turn: moved, extra action taken, equipment used (SE-6.1)"),
    ("effects", len(EFFECTS), "cards in effect this turn: " + ", ".join(EFFECTS)),
    ("modifiers", len(MODIFIERS), "difficulty modifiers in force (SE-10.1)"),
    ("reward-options", len(REWARDS), "rewards offered: " + ", ".join(REWARDS)),
    ("pending-draw", 1, "tokens a shot draws / the most the bag can hold"),
    ("pending-order", 3, "an order card is drawn: to the box, face up, from the urgent group"),
    ("pending-tie", 1, "results of a tie / 10 (SE-5.9)"),
)


def plane_size() -> int:
    geo = depot()
    return geo.width * geo.height


def shape() -> tuple[int]:
    return (len(PLANES) * plane_size() + sum(n for _, n, _ in SCALARS),)


def _index() -> dict[str, int]:
    return {name: i for i, (name, _) in enumerate(PLANES)}


PLANE = _index()
SCALAR_AT: dict[str, int] = {}
_at = 0
for _name, _n, _ in SCALARS:
    SCALAR_AT[_name] = _at
    _at += _n


@cache
def _terrain(grid: tuple[str, ...], edges: tuple[str, ...], entries: tuple[str, ...]) -> Any:
    """The static planes of a map from its view (`views.map_view`): types, areas, markers."""
    rows = [row.split() for row in grid]
    width = len(rows[0])
    planes = np.zeros((PLANE["sniper"], len(rows) * width), dtype=np.float32)
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            s = r * width + c
            planes[PLANE["terrain-" + TYPE_OF[token[1]]], s] = 1
            planes[PLANE["difficult"], s] = token[1] == ":"
            planes[PLANE["area-" + AREA_OF[token[0]]], s] = 1
            planes[PLANE["objective-space"], s] = token[2].isdigit()
            planes[PLANE["iron-cross"], s] = token[2] == "+"
    for name in edges:
        planes[PLANE["access"], _space(name, width)] = 1
    for name in entries:
        planes[PLANE["entry-target"], _space(name, width)] = 1
    planes.setflags(write=False)
    return planes


def _space(name: str, width: int) -> int:
    """A space printed `c6` as its index (SE-2.1)."""
    return (int(name[1:]) - 1) * width + ord(name[0]) - ord("a")


def encode(view: Mapping[str, Any], seat: int | None) -> NDArray[np.float32]:
    """The observation of `view` (module docstring; each plane and scalar is documented in
    `PLANES` and `SCALARS`)."""
    board = view["map"]
    width = int(board["width"])
    entries = board["entries"]
    size = plane_size()
    out = np.zeros(shape(), dtype=np.float32)
    planes = out[: len(PLANES) * size].reshape(len(PLANES), size)
    edges = tuple(s for pair in [*board["doors"], *board["ladders"]] for s in pair)
    targets = tuple(target for _, target in entries.values())
    static = _terrain(tuple(board["grid"]), edges, targets)
    planes[: len(static)] = static

    def mark(plane: str, names: Sequence[str | None], value: float = 1.0) -> None:
        for name in names:
            if name is not None:
                planes[PLANE[plane], _space(name, width)] = value

    sniper = view["sniper"]
    if sniper in entries:
        mark("sniper-entry", [entries[sniper][1]])
    elif sniper is not None:
        mark("sniper", [sniper])
    lka = view["lka"]
    planes[PLANE["lka"]] = static[PLANE["area-" + lka]]
    objectives = board["objectives"]
    mark("probable", [objectives[str(n)] for n in view["probable"]])
    for defender, where in view["defenders"].items():
        mark("defender-" + defender, [where])
    mark("visible", view["visible"])
    fewest: dict[str, dict[str, Any]] = {}
    for move in view["moves"]:
        mark(f"move-{move['steps']}", [move["to"]])
        if move["to"] not in fewest or move["steps"] < fewest[move["to"]]["steps"]:
            fewest[move["to"]] = move
    for to, move in fewest.items():
        mark("move-hits", [to], float(move["hits"]))
        mark("move-lka", [to], float(move["lka"]))
    record = view["record"]
    mark("smoke", [record["smoke"]])
    mark("moved-last-step", [view["defenders"][d] for d in view["previous_step_moved"]])
    for held in view.get("objectives", []):
        mark("own-completed" if held["completed"] else "own-open", [held["space"]])
    pending = view["pending"] or {}
    if pending.get("kind") == "place":
        mark("place-choice", pending["spaces"])
    for sight in view["in_sight"]:
        where = view["defenders"][sight["defender"]]
        mark("in-sight", [where])
        mark("in-sight-range", [where], sight["range"] / RANGE)
    _scalars(out[len(PLANES) * size :], view, seat)
    return out


def _scalars(vec: NDArray[np.float32], view: Mapping[str, Any], seat: int | None) -> None:
    def put(name: str, offset: int, value: float = 1.0) -> None:
        vec[SCALAR_AT[name] + offset] = value

    most = token_limits()
    put("decision", DECISIONS.index(view["decision"]))
    if view["phase"] in PHASES:
        put("phase", PHASES.index(view["phase"]))
    put("turn", 0, view["turn"] / TURNS)
    put("observer", 0, float(seat == 1))
    sniper, entries = view["sniper"], sorted(view["map"]["entries"])
    if sniper in entries:
        put("sniper-at", 1)
        put("entry", entries.index(sniper))
    else:
        put("sniper-at", 0 if sniper is not None else 2)
    put("lka", AREAS.index(view["lka"]))
    health = view["health"]
    for i, token in enumerate(reversed(health[-STACK:])):
        put("health", 3 * i + "NRS".index(token))
    put("health-size", 0, len(health) / STACK)
    put("wounded", 0, float(view["wounded"]))
    put("hits", 0, view["hits_this_turn"] / 5)
    put("hits", 1, view["hit_cap"] / 5)
    for i, token in enumerate(TOKENS):
        put("bag", i, view["bag"][token] / most[i])
    if view["drawn"] is not None:
        put("drawn", 0)
        for i, token in enumerate(TOKENS):
            put("drawn", 1 + i, view["drawn"][token] / most[i] if most[i] else 0.0)
    shot = view["shot"]
    if shot is not None:
        put("shot", 0)
        put("shot", 1, float(shot["silent"]))
        put("shot", 2 + DEFENDER_IDS.index(shot["target"]))
        put("shot-range", 0, shot["range"] / RANGE)
    for sight in view["in_sight"]:
        d = DEFENDER_IDS.index(sight["defender"])
        put("in-sight", 2 * d)
        put("in-sight", 2 * d + 1, max(sight["hit"], default=0.0))
    for slot, card in enumerate(view["order_board"]):
        base = slot * (2 + len(CARDS))
        if card is None:
            put("order-board", base)
        elif card["face"] == "down":
            put("order-board", base + 1)
        else:
            put("order-board", base + 2 + CARDS.index(card["card"]))
    put("order-piles", 0, view["order_deck"] / len(CARDS))
    put("order-piles", 1, len(view["order_discard"]) / len(CARDS))
    put("order-piles", 2, view["order_box"] / len(CARDS))
    for card in view["order_discard"]:
        put("order-discard", CARDS.index(card))
    for card in view["known_in_deck"]:
        put("known-in-deck", CARDS.index(card))
    if view["face_down_from"] in FACE_DOWN_FROM:
        put("face-down-from", FACE_DOWN_FROM.index(view["face_down_from"]))
    equipment, n = view["equipment"], len(EQUIPMENT_IDS)
    for part, key in enumerate(("available", "used", "looted")):
        for card in equipment[key]:
            vec[SCALAR_AT["equipment"] + part * n + EQUIPMENT_IDS.index(card)] += 0.5
    put("equipment-deck", 0, equipment["deck"] / 12)
    put("objective-piles", 0, view["objective_deck"] / len(OBJECTIVES))
    put("objective-piles", 1, view["objectives_held"] / 2)
    put("objective-piles", 2, view["objectives_completed"] / 2)
    for held in view.get("objectives", []):
        put("own-objectives", held["number"] - 1 + (len(OBJECTIVES) if held["completed"] else 0))
    record = view["record"]
    for i, key in enumerate(("moved", "extra_action", "equipment_used")):
        put("record", i, float(record[key]))
    for effect in record["effects"]:
        put("effects", EFFECTS.index(effect))
    for modifier in view["modifiers"]:
        put("modifiers", MODIFIERS.index(modifier))
    pending = view["pending"] or {}
    for reward in pending.get("options", []) if pending.get("kind") == "reward" else []:
        put("reward-options", REWARDS.index(reward))
    if pending.get("kind") == "draw":
        put("pending-draw", 0, pending["k"] / sum(most))
    if pending.get("kind") == "order":
        put("pending-order", 0, float(pending.get("to") == "box"))
        put("pending-order", 1, float(bool(pending.get("up"))))
        put("pending-order", 2, float(pending.get("group") == "urgent"))
    if pending.get("kind") == "tie":
        put("pending-tie", 0, len(pending.get("weights", [])) / 10)
