"""The charge roll: 2D6 plus modifiers, with re-rolls (AOS-8.2, D-13, D-19, AOS-1.6).

:func:`charge_roll` gathers what a unit's abilities do to its charge roll: ``roll_mod`` and
``reroll`` effects on ``charge`` (section 3.2) whose filters and conditions hold (section 3.3),
from its own warscroll (champion effects while the champion is on the table) and from passive
auras of units whose range reaches it. :func:`charge_probability` is the exact chance that the
total reaches a distance.

Re-rolls (D-19, AOS-1.6): ``ones`` re-rolls dice showing an unmodified 1, ``failed`` the whole
roll when its modified total falls short, ``any`` any of its dice; each die is re-rolled at most
once, several effects giving the owner the union of their choices, and the owner chooses the
best (CALC-3's reference policy). Modifiers apply to the total (D-13).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from fractions import Fraction

from bitva.games.age_of_sigmar import effects as fx
from bitva.games.age_of_sigmar.analysis.snapshot import SnapshotUnit, TableSnapshot
from bitva.games.age_of_sigmar.geometry.measure import EPS, unit_to_unit, within
from bitva.games.age_of_sigmar.geometry.scenery import features_within

MYSTERIOUS_RANGE = 3.0
"""AOS-2.5: "within 3"" of a mysterious feature."""
_SIXTH = Fraction(1, 6)


@dataclass(frozen=True, slots=True)
class ChargeRoll:
    """What modifies a unit's charge roll: a total ``modifier`` and the re-rolls it may make."""

    modifier: int = 0
    rerolls: frozenset[fx.RerollWhich] = frozenset()


def needed_roll(reach: float) -> int:
    """GEO-9a: the least whole allowance that covers a move costing ``reach`` (cost <= allowance
    + EPS)."""
    return max(0, math.ceil(reach - EPS))


def charge_probability(needed: int, roll: ChargeRoll = ChargeRoll()) -> Fraction:
    """The exact chance that 2D6 + modifier, after the best use of the re-rolls, is at least
    ``needed`` (AOS-8.2, D-19)."""
    faces = range(1, 7)

    def chance(dice: tuple[int, ...], again: tuple[int, ...]) -> Fraction:
        kept = [d for i, d in enumerate(dice) if i not in again]
        hits = sum(
            1
            for new in itertools.product(faces, repeat=len(again))
            if sum(kept) + sum(new) + roll.modifier >= needed
        )
        return Fraction(hits, 6 ** len(again))

    total = Fraction(0)
    for dice in itertools.product(faces, repeat=2):
        fails = sum(dice) + roll.modifier < needed
        options: set[tuple[int, ...]] = {()}
        if "any" in roll.rerolls:
            options |= {(0,), (1,), (0, 1)}
        if "failed" in roll.rerolls and fails:
            options.add((0, 1))
        if "ones" in roll.rerolls:
            ones = tuple(i for i, d in enumerate(dice) if d == 1)
            options |= {c for k in range(len(ones) + 1) for c in itertools.combinations(ones, k)}
        total += max(chance(dice, again) for again in options) * _SIXTH * _SIXTH
    return total


def charge_distribution(roll: ChargeRoll = ChargeRoll()) -> tuple[Fraction, ...]:
    """The chance of a charge covering each distance: entry k is :func:`charge_probability` of
    k, for k from 0 to the most the roll can show (12 plus the modifier); beyond it, 0."""
    return tuple(charge_probability(k, roll) for k in range(max(0, 12 + roll.modifier) + 1))


@dataclass(frozen=True, slots=True)
class _Context:
    """What a charge-phase condition reads (section 3.3): the charging unit in its own charge
    phase, the unit it charges, the mysterious kinds within 3" of it."""

    unit: SnapshotUnit
    target: SnapshotUnit | None
    features: frozenset[str]


def _holds(cond: fx.Condition, ctx: _Context) -> bool:
    unit, target = ctx.unit, ctx.target
    checks: list[bool] = []
    if cond.target_keyword is not None:
        words = {k.upper() for k in target.warscroll.keywords} if target else set()
        checks.append(cond.target_keyword.upper() in words)
    if cond.target_wounds_at_least is not None:
        wounds = target.warscroll.stats.wounds if target else 0
        checks.append(wounds >= cond.target_wounds_at_least)
    if cond.phase is not None:
        checks.append(cond.phase == "charge")
    if cond.turn is not None:
        checks.append(cond.turn == "own")
    if cond.charged_this_turn is not None:
        checks.append(cond.charged_this_turn == unit.charged)
    if cond.moved_this_turn is not None:
        checks.append(cond.moved_this_turn == (unit.moved or unit.ran or unit.retreated))
    if cond.unit_has_tag is not None:
        checks.append(unit.has_tag(cond.unit_has_tag))
    if cond.model_has_tag is not None:
        tag = cond.model_has_tag
        checks.append(bool(unit.models) and all(tag in m.tags for m in unit.models))
    if cond.attack_kind is not None:
        checks.append(False)  # a charge roll is no attack
    if cond.within_feature is not None:
        checks.append(cond.within_feature in ctx.features)
    if cond.any_of is not None:
        checks.append(any(_holds(c, ctx) for c in cond.any_of))
    if cond.not_ is not None:
        checks.append(not _holds(cond.not_, ctx))
    return all(checks)


def _applies(effect: fx.Effect, ctx: _Context, champion: bool) -> bool:
    """The filters of section 3.2 for a unit's own charge roll."""
    unit = ctx.unit
    if champion and not any(m.champion for m in unit.models):
        return False
    if effect.weapons is not None or effect.scope not in (None, "unit"):
        return False  # attack filters: not a charge roll
    if effect.models is not None:
        wanted = effect.models
        if not any(m.champion if wanted == "champion" else wanted in m.tags for m in unit.models):
            return False
    if effect.requires_in_unit is not None and not unit.has_tag(effect.requires_in_unit):
        return False
    return effect.when is None or _holds(effect.when, ctx)


def _own(unit: SnapshotUnit) -> list[tuple[fx.Effect, bool]]:
    scroll = unit.warscroll
    found = [(e, False) for a in scroll.abilities for e in a.effects]
    if scroll.champion is not None:
        found += [(e, True) for e in scroll.champion.effects]
    return found


def _auras(snapshot: TableSnapshot, unit: SnapshotUnit) -> list[fx.Effect]:
    """Passive auras (not inside an activated ability) of units whose range reaches ``unit``."""
    found: list[fx.Effect] = []
    words = {k.upper() for k in unit.warscroll.keywords}
    for owner in snapshot.units:
        if not owner.models:
            continue
        for effect, _ in _own(owner):
            if not isinstance(effect, fx.Aura):
                continue
            if owner.id == unit.id:
                if not effect.include_self:
                    continue
            elif not within(unit_to_unit(owner.circles(), unit.circles()), effect.range):
                continue
            friendly = owner.side == unit.side
            if effect.who != "all" and (effect.who == "friendly") != friendly:
                continue
            if effect.keywords_any and not words & {k.upper() for k in effect.keywords_any}:
                continue
            found.extend(effect.effects)
    return found


def _sources(
    snapshot: TableSnapshot, unit: SnapshotUnit, target: SnapshotUnit | None
) -> tuple[_Context, list[tuple[fx.Effect, bool]]]:
    """The condition context of ``unit``'s charge and every effect that may touch it, each with
    whether it is a champion's."""
    kinds = frozenset(
        f.mysterious
        for m in unit.models
        for f in features_within(m.circle, snapshot.features, MYSTERIOUS_RANGE)
        if f.mysterious is not None
    )
    sources = [*_own(unit), *((e, False) for e in _auras(snapshot, unit))]
    return _Context(unit, target, kinds), sources


def charge_roll(
    snapshot: TableSnapshot, unit: SnapshotUnit, target: SnapshotUnit | None = None
) -> ChargeRoll:
    """The modifiers and re-rolls of ``unit``'s charge roll (section 3.2, 3.3); conditions on the
    target read ``target``, the unit the charge is aimed at."""
    ctx, sources = _sources(snapshot, unit, target)
    modifier = 0
    rerolls: set[fx.RerollWhich] = set()
    for effect, champion in sources:
        if not _applies(effect, ctx, champion):
            continue
        if isinstance(effect, fx.RollMod) and effect.roll == "charge":
            modifier += effect.value
        elif isinstance(effect, fx.Reroll) and effect.roll == "charge":
            rerolls.add(effect.which)
    return ChargeRoll(modifier, frozenset(rerolls))


def blocked_by_status(snapshot: TableSnapshot, unit: SnapshotUnit) -> bool:
    """AOS-8.1, D-36: a befuddled unit (or one that cannot move) does not charge; statuses come
    from the snapshot or from passive ``status`` effects that hold."""
    if unit.statuses & {"befuddled", "cannot_move"}:
        return True
    ctx, sources = _sources(snapshot, unit, None)
    return any(
        isinstance(e, fx.Status)
        and e.name in ("befuddled", "cannot_move")
        and _applies(e, ctx, champion)
        for e, champion in sources
    )
