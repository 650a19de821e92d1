"""Sniper Elite events made ready to tell: what the engine's events leave for the reader to work
out, marked on them for the words (`sniper_elite_words`): a summoned defender (placed, not
walked), a return the player places told once, the hit of a defender coming close under the
Scout challenge, a loud move under the Sniper challenge, a wounding hit, a draw's range.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

SUMMONS = ("SE-6.7", "SE-8.8", "SE-8.12")  # a defender taken off and placed, not walked
NOISE = "SE-6.5"  # a defender moved by a shot's noise token (SE-6.5(5))
MOVE_NOTICED = "SE-6.4"  # the sniper's move of 2 or 3 steps


def wounds_in(events: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """A hit that wounds (SE-5.3) reports the health already rebuilt: marked `wounding`, it
    says the health runs out, and the wound's line gives the new health."""
    out = [dict(event) for event in events]
    for event, after in pairwise(out):
        if event.get("kind") == "hit" and after.get("kind") == "wounded":
            event["wounding"] = True
    return list(out)


def loud_moves_in(events: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """A move's hit that follows its update of the last known area can only be `sniper-loud`'s
    (SE-10.1: a 3-step move hits even outside it): marked `loud`."""
    out: list[Mapping[str, Any]] = []
    for event in events:
        previous = out[-1] if out else {}
        if (
            event.get("kind") == "hit"
            and event.get("rule") == MOVE_NOTICED
            and previous.get("kind") == "lka"
            and previous.get("rule") == MOVE_NOTICED
        ):
            event = {**event, "loud": True}
        out.append(event)
    return out


def closings_in(
    events: Sequence[Mapping[str, Any]], rules: frozenset[str]
) -> list[Mapping[str, Any]]:
    """Under `scout-close` (SE-10.1, D-34) a defender an order moves onto the sniper or next to
    him (same type) hits him: the hit that follows such a move is marked with the defender
    (`closing`), which the engine's events report as a plain hit of the move's rule."""
    if "scout-close" not in rules:
        return list(events)
    out: list[Mapping[str, Any]] = []
    for event in events:
        previous = out[-1] if out else {}
        if (
            event.get("kind") == "hit"
            and previous.get("kind") == "defender-moved"
            and previous.get("rule") in ("SE-8.9", "SE-8.10")
        ):
            event = {**event, "closing": previous.get("defender")}
        out.append(event)
    return out


def ranged_draws(events: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The events with each draw carrying its shot's range (SE-6.5(3): the accuracy needed)."""
    out: list[Mapping[str, Any]] = []
    reach = None
    for event in events:
        if event.get("kind") == "shot":
            reach = event.get("range")
        elif event.get("kind") == "tokens-drawn" and reach is not None:
            event = {**event, "range": reach}
        out.append(event)
    return out


def summoned_in(events: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The events with each summoned defender marked (`summoned`): a summon or regroup step
    of an order card (SE-8.8, SE-8.12) or a first objective (SE-6.7) places a defender, which
    the engine's events report like a move."""
    marked: list[Mapping[str, Any]] = []
    op = None
    for event in events:
        kind = event.get("kind")
        if kind == "order-step":
            op = event.get("op")
        elif kind in ("order-resolved", "defenders-turn", "sniper-turn", "order-discarded"):
            op = None
        summons = op in ("summon", "regroup") or event.get("rule") in SUMMONS
        if kind == "defender-moved" and summons:
            event = {**event, "summoned": True}
        marked.append(event)
    return marked


def prepared(events: Sequence[Mapping[str, Any]], rules: frozenset[str]) -> list[Mapping[str, Any]]:
    """Every mark above on the events of one move, in a game of `rules`."""
    told = closings_in(wounds_in(events), rules)
    return summoned_in(ranged_draws(loud_moves_in(told)))
