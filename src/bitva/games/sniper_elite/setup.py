"""Set-up (SE-4): defenders on the objectives, health stack, bag, and the order of the set-up
procedure (order cards, equipment, objectives, entry) as tasks for the state's engine.
"""

from __future__ import annotations

from bitva.games.sniper_elite.board import Geometry
from bitva.games.sniper_elite.catalogue import SQUAD_AREAS, Content
from bitva.games.sniper_elite.model import DEFENDER_IDS, OFF, Core, squad_of

Task = list[object]


def starting_defenders(geo: Geometry) -> dict[str, int | None]:
    """SE-4.2: each coloured area's objective spaces receive its own squad (ascending number,
    ascending ID); the one defender left over goes to the white area's objective space."""
    placed: dict[str, int | None] = dict.fromkeys(DEFENDER_IDS)
    spare: list[str] = []
    for area in SQUAD_AREAS:
        squad = [d for d in DEFENDER_IDS if squad_of(d) == area]
        spaces = [
            geo.objective_at[n]
            for n in sorted(geo.objective_at)
            if geo.areas[geo.objective_at[n]] == area
        ]
        for defender, space in zip(squad, spaces, strict=False):
            placed[defender] = space
        spare += squad[len(spaces) :]
    white = [
        geo.objective_at[n]
        for n in sorted(geo.objective_at)
        if geo.areas[geo.objective_at[n]] == "white"
    ]
    for defender, space in zip(spare, white, strict=False):
        placed[defender] = space
    return placed


def starting_health(rules: frozenset[str]) -> list[str]:
    """SE-4.7: bottom to top N R R N R R; `radio+`: the N become suppressors (S R R S R R)."""
    noise = "S" if "radio+" in rules else "N"
    return [noise, "R", "R", noise, "R", "R"]


def starting_bag(rules: frozenset[str]) -> dict[str, int]:
    """SE-4.8: 6 A, 2 N, 3 R (`medic-noise`: 1 more N; `marksman+`: 1 more A)."""
    return {
        "A": 6 + (1 if "marksman+" in rules else 0),
        "N": 2 + (1 if "medic-noise" in rules else 0),
        "R": 3,
        "S": 0,
    }


def starting_core(geo: Geometry, rules: frozenset[str]) -> Core:
    return Core(
        starting_defenders(geo), OFF, "white", [], starting_health(rules), starting_bag(rules)
    )


def map_orders(geo: Geometry, content: Content) -> list[str]:
    """SE-4.3: the order cards for this map (the others go to the box, not part of the game)."""
    return [c.id for c in content.orders if c.map in ("any", geo.id)]


def boxed_counts(rules: frozenset[str]) -> tuple[int, int]:
    """SE-4.4, SE-4.5: urgent and normal cards boxed unseen (`dog-deck`: one more of each)."""
    return (2, 3) if "dog-deck" in rules else (1, 2)


def equipment_count(rules: frozenset[str]) -> int:
    """SE-4.6: 2 cards; `medic+` 3, `dog-equip` 1."""
    if "medic+" in rules:
        return 3
    if "dog-equip" in rules:
        return 1
    return 2


def setup_tasks(rules: frozenset[str]) -> list[Task]:
    """The set-up procedure SE-4.4-4.10 in order (the map, defenders, stack and bag are set
    directly)."""
    urgent, normal = boxed_counts(rules)
    tasks: list[Task] = [["box_order", "urgent"] for _ in range(urgent)]
    tasks += [["setup_slot", 2, False], ["setup_slot", 0, True], ["setup_slot", 1, True]]
    tasks += [["box_order", "normal"] for _ in range(normal)]
    tasks += [["setup_deck"]]
    tasks += [["equip_draw", "setup"] for _ in range(equipment_count(rules))]
    tasks += [["objective_draw"], ["objective_draw"], ["objective_check"], ["entry"]]
    return tasks


def objective_pile(geo: Geometry, rules: frozenset[str]) -> tuple[list[int], list[int]]:
    """SE-4.9: the objective deck; `scout-1-9` boxes cards 1 and 9 first."""
    boxed: list[int] = [n for n in (1, 9) if "scout-1-9" in rules and n in geo.objective_at]
    return [n for n in sorted(geo.objective_at) if n not in boxed], boxed


def entries_allowed(geo: Geometry, held: list[int]) -> list[str]:
    """SE-4.10: entry points whose area holds neither objective."""
    colours = {geo.objective_colour[n] for n in held}
    return [e for e in sorted(geo.entries) if geo.entries[e][0] not in colours]


def first_probable(geo: Geometry, area: str, rules: frozenset[str]) -> list[int]:
    """SE-4.11: trace cubes on every objective space outside the entry area (`scout-1-9`: none
    on 1 and 9)."""
    skip = {1, 9} if "scout-1-9" in rules else set()
    return [
        n
        for n in sorted(geo.objective_at)
        if geo.areas[geo.objective_at[n]] != area and n not in skip
    ]
