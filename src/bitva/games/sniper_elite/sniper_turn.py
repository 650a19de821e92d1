"""The sniper's turn (SE-6): the move's noise, the shot (draw, misfire, accuracy, rewards,
noise), loot, completing objectives and the end-of-turn check. Pure functions over `Core`.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb

from bitva.games.sniper_elite.board import Geometry
from bitva.games.sniper_elite.hits import hit, hits, update_lka
from bitva.games.sniper_elite.model import MISFIRE_VALUE, TOKENS, Core
from bitva.games.sniper_elite.movement import move_ends

Counts = tuple[int, int, int, int]  # drawn A, N, R, S


def move_noise(core: Core, geo: Geometry, rules: frozenset[str], steps: int, masked: bool) -> None:
    """SE-6.3, SE-6.4 after the sniper's move ends: 1 step goes unnoticed; 2-3 steps update the
    LKA outside it or give 1 hit inside it. `sniper+`: exactly 2 steps into the LKA give no
    hit; `sniper-loud`: 3 steps give 1 hit even outside (which still updates). Noise Masking
    cancels all of it (D-36)."""
    if masked or steps < 2:
        return
    inside = geo.areas[core.sniper] == core.lka
    if inside:
        if not ("sniper+" in rules and steps == 2):
            hit(core, rules)
        return
    update_lka(core, geo)
    if steps == 3 and "sniper-loud" in rules:
        hit(core, rules)


def move_cost(
    core: Core, geo: Geometry, rules: frozenset[str], end: int, steps: int, masked: bool
) -> tuple[int, bool]:
    """What a move of `steps` ending on `end` would give away (SE-6.3, SE-6.4, with the
    challenge's `sniper+` and `sniper-loud` and Noise Masking), played on a copy: the hits it
    costs (the turn's cap counted, SE-5.2) and whether the last known area moves."""
    trial = core.copy()
    trial.sniper = end
    move_noise(trial, geo, rules, steps, masked)
    return trial.hits_taken - core.hits_taken, trial.lka != core.lka


def misfire_threshold(rules: frozenset[str]) -> int:
    """SE-6.5(3): a misfire at a drawn value of 5 or more; 4 with `radio-misfire`."""
    return 4 if "radio-misfire" in rules else 5


def misfires(drawn: Counts, rules: frozenset[str]) -> bool:
    value = sum(n * MISFIRE_VALUE[t] for t, n in zip(TOKENS, drawn, strict=True))
    return value >= misfire_threshold(rules)


def shot_hits(drawn: Counts, shot_range: int, rules: frozenset[str]) -> bool:
    """SE-6.5(3): no misfire and at least `range` accuracy tokens."""
    return not misfires(drawn, rules) and drawn[0] >= shot_range


def draw_outcomes(bag: dict[str, int], k: int) -> list[tuple[Counts, Fraction]]:
    """SE-3.4: k tokens drawn uniformly without replacement, grouped by kind (hypergeometric,
    exact)."""
    return list(_draw_outcomes(tuple(bag[t] for t in TOKENS), k))


@cache
def _draw_outcomes(have: tuple[int, ...], k: int) -> tuple[tuple[Counts, Fraction], ...]:
    total = comb(sum(have), k)
    out: list[tuple[Counts, Fraction]] = []
    for counts in product(*(range(min(n, k) + 1) for n in have)):
        if sum(counts) != k:
            continue
        ways = 1
        for n, c in zip(have, counts, strict=True):
            ways *= comb(n, c)
        out.append(((counts[0], counts[1], counts[2], counts[3]), Fraction(ways, total)))
    return tuple(out)


def hit_chance(bag: dict[str, int], k: int, shot_range: int, rules: frozenset[str]) -> Fraction:
    """The exact chance that drawing k tokens hits at `shot_range` (SE-6.5)."""
    have = tuple(bag[t] for t in TOKENS)
    return _hit_chance(have, k, shot_range, misfire_threshold(rules))


@cache
def _hit_chance(have: tuple[int, ...], k: int, shot_range: int, threshold: int) -> Fraction:
    total = Fraction(0)
    for drawn, p in _draw_outcomes(have, k):
        value = sum(n * MISFIRE_VALUE[t] for t, n in zip(TOKENS, drawn, strict=True))
        if value < threshold and drawn[0] >= shot_range:
            total += p
    return total


def recoil_in(tokens: dict[str, int] | list[str]) -> int:
    """R and S together (D-37: a suppressor is a recoil token in every respect)."""
    if isinstance(tokens, dict):
        return tokens["R"] + tokens["S"]
    return sum(1 for t in tokens if t in ("R", "S"))


def rewards(core: Core, rules: frozenset[str]) -> list[str]:
    """SE-6.5(4), D-14: the rewards the player may pick after a hit."""
    out = []
    if core.bag["N"] > 0 and core.health.count("N") < 2:
        out.append("noise")
    if "radio-reward" not in rules and recoil_in(core.bag) > 0:
        room = 4 - recoil_in(core.health)
        for n in (1, 2):
            if n <= room and n <= recoil_in(core.bag):
                out.append(f"recoil {n}")
    out.append("accuracy")
    return out


def take_recoil(core: Core, count: int) -> None:
    """Move `count` recoil tokens (R first, then S) from the bag to the bottom of the stack."""
    for _ in range(count):
        token = "R" if core.bag["R"] > 0 else "S"
        core.bag[token] -= 1
        core.health.insert(0, token)


def apply_reward(core: Core, reward: str) -> None:
    """SE-6.5(4): (a) N from the bag to the stack's bottom; (b) 1 or 2 R likewise; (c) 1 A from
    the supply into the bag (SE-3.3)."""
    if reward == "noise":
        core.bag["N"] -= 1
        core.health.insert(0, "N")
    elif reward.startswith("recoil"):
        take_recoil(core, int(reward.split()[1]))
    else:
        core.bag["A"] += 1


def toward_alternatives(
    core: Core,
    geo: Geometry,
    rules: frozenset[str],
    candidates: list[str],
    target: int,
    allowance: int,
    noise: bool,
) -> list[Callable[[Core], None]]:
    """Each tied candidate x each of its stopping spaces, moving toward `target` (SE-8.9). A
    noise step that enters the sniper's space gives 1 hit and stops the later N (SE-6.5(5))."""
    alternatives: list[Callable[[Core], None]] = []
    for defender in candidates:
        start = core.defenders[defender]
        assert start is not None
        others = core.occupied() - {start}
        for end, _ in move_ends(geo, start, (target,), allowance, others):

            def apply(c: Core, d: str = defender, s: int = start, e: int = end) -> None:
                c.defenders[d] = e
                if noise and e == c.sniper and s != e:
                    hit(c, rules)
                    c.noise_stop = True

            alternatives.append(apply)
    return alternatives


def nearest(core: Core, geo: Geometry, space: int, exclude: str | None = None) -> list[str]:
    """SE-8.3: the on-board defenders nearest to `space` (ties: all of them)."""
    board = [(d, geo.dist[s][space]) for d, s in core.on_board() if d != exclude]
    if not board:
        return []
    best = min(dist for _, dist in board)
    return [d for d, dist in board if dist == best]


def noise_alternatives(
    core: Core, geo: Geometry, rules: frozenset[str], target: str | None
) -> list[Callable[[Core], None]]:
    """SE-6.5(5), D-12: one N: the defender nearest the sniper, other than the target, steps 1
    toward him."""
    if core.noise_stop:
        return []
    return toward_alternatives(
        core, geo, rules, nearest(core, geo, core.sniper, target), core.sniper, 1, True
    )


def end_of_turn(core: Core, geo: Geometry, rules: frozenset[str], uniform: bool) -> None:
    """SE-6.9: a defender on the sniper's space or an adjacent space of the same type: 1 hit
    (2 with `marksman-double`, D-33); none with Enemy Uniform."""
    if uniform:
        return
    here = core.sniper
    for _, space in core.on_board():
        if space == here or (geo.adjacent(space, here) and geo.types[space] == geo.types[here]):
            hits(core, 2 if "marksman-double" in rules else 1, rules)
            return


def loot_allowed(geo: Geometry, sniper: int, cards: list[int]) -> bool:
    """SE-6.6, D-29: an objective space whose number is on neither objective card."""
    for number, space in geo.objective_at.items():
        if space == sniper:
            return number not in cards
    return False


def open_objective_here(geo: Geometry, sniper: int, held: list[tuple[int, bool]]) -> int | None:
    """SE-6.7: the open objective whose space the sniper stands on (D-30: a defender there does
    not prevent it)."""
    for number, done in held:
        if not done and geo.objective_at[number] == sniper:
            return number
    return None


def near_sniper(geo: Geometry, sniper: int, space: int) -> bool:
    """`scout-close` (D-34): the sniper's space or an adjacent space of the same type."""
    return space == sniper or (
        geo.adjacent(space, sniper) and geo.types[space] == geo.types[sniper]
    )
