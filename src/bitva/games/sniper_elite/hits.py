"""Hits, the per-turn cap, wounds, LKA, probable objectives and disputes (SE-5).

Pure functions over `Core`; `rules` is the set of active modifiers (SE-10).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bitva.games.sniper_elite.board import FAR, Geometry
from bitva.games.sniper_elite.model import Core

Harm = tuple[int, int, int, int, int, int, int]


def cap(rules: frozenset[str]) -> int:
    """SE-5.2: 3 hits per turn; 5 with `marksman-cap`."""
    return 5 if "marksman-cap" in rules else 3


def hit(core: Core, rules: frozenset[str]) -> None:
    """SE-5.1-5.3: one hit, within the turn's cap (D-16: the wounding hit counts)."""
    if core.lost or core.hits >= cap(rules):
        return
    if core.wounded_now and "marksman-cap" not in rules:
        return  # SE-5.3: a wound stops every further hit this turn
    core.hits += 1
    core.hits_taken += 1
    if core.health:
        token = core.health.pop()  # SE-5.1: the top token goes into the bag
        core.bag[token] += 1
        return
    if core.wounded:  # SE-5.3: wounded again: the sniper loses at once
        core.lost = True
        return
    core.wounded = True
    core.wounded_now = True
    core.wounds += 1
    core.health = rebuild_stack(core.bag, rules)


def rebuild_stack(bag: dict[str, int], rules: frozenset[str]) -> list[str]:
    """SE-5.3, D-15, D-37: 3 R from the bag (S counts as R: R first, then S) as the new stack,
    as many as it holds. `scout+`: 1 R and 2 N, bottom to top R N N (D-35)."""
    wanted = ["R", "N", "N"] if "scout+" in rules else ["R", "R", "R"]
    stack: list[str] = []
    for token in wanted:
        if bag[token] > 0:
            bag[token] -= 1
            stack.append(token)
        elif token == "R" and bag["S"] > 0:
            bag["S"] -= 1
            stack.append("S")
    return stack


def hits(core: Core, count: int, rules: frozenset[str]) -> None:
    for _ in range(count):
        hit(core, rules)


def update_lka(core: Core, geo: Geometry) -> None:
    """SE-5.5: LKA := the area of the sniper's current space."""
    core.lka = geo.areas[core.sniper]


def found(core: Core, geo: Geometry, rules: frozenset[str]) -> None:
    """SE-5.6 (D-16): update the LKA, then 1 hit (the update stands even if the cap ignores it)."""
    update_lka(core, geo)
    hit(core, rules)


def rule_out(core: Core, number: int) -> None:
    """SE-5.8: remove the trace cube of a probable objective."""
    if number in core.probable:
        core.probable.remove(number)


def exempt(core: Core, geo: Geometry, defender: str, target: int) -> bool:
    """SE-5.7 (D-22): a defender in the LKA ignores a summon that places it strictly farther
    from the sniper."""
    space = core.defenders[defender]
    if space is None or geo.areas[space] != core.lka:
        return False
    return geo.dist[target][core.sniper] > geo.dist[space][core.sniper]


def harm(before: Core, after: Core, geo: Geometry, open_spaces: Iterable[int]) -> Harm:
    """SE-5.9 harm key (D-17), higher = worse for the sniper."""
    spaces = [s for _, s in after.on_board()]
    targets = list(open_spaces)
    guarded = sum(1 for o in targets if o in spaces)
    pressure = sum(min((geo.dist[s][o] for s in spaces), default=FAR) for o in targets)
    if after.sniper >= 0 and spaces:
        nearest = min(geo.dist[s][after.sniper] for s in spaces)
        total = sum(geo.dist[s][after.sniper] for s in spaces)
    else:
        nearest, total = FAR, 0
    return (
        int(after.lost),
        after.wounds - before.wounds,
        after.hits_taken - before.hits_taken,
        guarded,
        -pressure,
        -nearest,
        -total,
    )


@dataclass(frozen=True)
class Ruling:
    """The result of a dispute: the distinct worst results with how many alternatives gave
    each (the chance of each is its share, SE-5.9)."""

    results: tuple[Core, ...]
    weights: tuple[int, ...]

    @property
    def certain(self) -> bool:
        return len(self.results) == 1


def dispute(
    core: Core,
    alternatives: Iterable[Callable[[Core], None]],
    geo: Geometry,
    open_spaces: Iterable[int],
) -> Ruling:
    """SE-5.9: apply every complete alternative to a copy, keep the worst for the sniper by the
    harm key; equal results merge (their weights add), so a tie is chance only when it
    matters."""
    targets = list(open_spaces)
    best: Harm | None = None
    kept: dict[tuple[object, ...], Core] = {}
    weights: dict[tuple[object, ...], int] = {}
    for apply in alternatives:
        result = core.copy()
        apply(result)
        score = harm(core, result, geo, targets)
        if best is None or score > best:
            best, kept, weights = score, {}, {}
        if score == best:
            key = result.key()
            kept.setdefault(key, result)
            weights[key] = weights.get(key, 0) + 1
    if best is None:
        return Ruling((core.copy(),), (1,))
    return Ruling(tuple(kept.values()), tuple(weights.values()))
