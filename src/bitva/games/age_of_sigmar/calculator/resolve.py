"""From warscrolls, loadouts and the situation to calculator numbers (CALC-1, CALC-2).

The engine's job of CALC-1 for the calculator: pick the weapons of the phase (AOS-11.1), apply the
abilities whose filters and conditions hold (sections 3.2, 3.3), cover (AOS-13.1, D-22) and Mystic
Shield (AOS-14.5), and group alike models into profiles (AOS-11.5).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Literal

from bitva.core.errors import BitvaError
from bitva.games.age_of_sigmar import effects as fx
from bitva.games.age_of_sigmar.calculator.profiles import (
    AttackProfile,
    RerollKind,
    TargetProfile,
    Trigger,
)
from bitva.games.age_of_sigmar.loader import normalize_name
from bitva.games.age_of_sigmar.units import ModelSpec, UnitSpec
from bitva.games.age_of_sigmar.warscroll import Warscroll, Weapon

PhaseName = Literal["combat", "shooting"]


class ResolveError(BitvaError):
    """A situation the resolver cannot use (e.g. an unknown activated ability)."""


@dataclass(frozen=True)
class Situation:
    """What the warscrolls' conditions read (section 3.3). Defaults: the attacker's own turn,
    nobody charged or moved, no cover, no spells."""

    phase: PhaseName = "combat"
    charged: bool = False
    moved: bool = False
    attacker_turn: bool = True
    cover: bool = False
    target_charged: bool = False
    target_moved: bool = False
    mystic_shield: bool = False
    inspiring_presence: bool = False
    slain_before: int = 0
    attacker_features: frozenset[str] = frozenset()
    target_features: frozenset[str] = frozenset()
    attacker_active: frozenset[str] = frozenset()
    target_active: frozenset[str] = frozenset()
    attacker_given: tuple[tuple[str, fx.Effect], ...] = ()
    """Effects other units give the attacker in a battle (auras, spells, command abilities;
    section 3.2), as (source, effect): filtered and conditioned like its own."""
    target_given: tuple[tuple[str, fx.Effect], ...] = ()

    @property
    def attack_kind(self) -> Literal["melee", "missile"]:
        return "melee" if self.phase == "combat" else "missile"

    @property
    def cover_applies(self) -> bool:
        """AOS-13.1, D-22: no cover in the combat phase of a turn the target charged."""
        return self.cover and not (self.phase == "combat" and self.target_charged)


@dataclass(frozen=True)
class TargetInfo:
    """What attack conditions know of the unit attacked (``target_keyword``,
    ``target_wounds_at_least``)."""

    keywords: frozenset[str] = frozenset()
    wounds: int = 1


@dataclass(frozen=True)
class _Side:
    unit: UnitSpec | None
    charged: bool
    moved: bool
    own_turn: bool
    features: frozenset[str]


@dataclass
class Resolution:
    profiles: list[AttackProfile]
    target: TargetProfile
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Sourced:
    source: str
    effect: fx.Effect
    champion_only: bool = False


def _expand(scroll: Warscroll, active: frozenset[str]) -> Iterator[_Sourced]:
    """Passive effects, plus those of activated abilities named in ``active`` and auras that
    include their owner (section 3.2); champion effects only for the champion."""
    wanted = {normalize_name(name) for name in active}
    known = set()

    def walk(source: str, effect: fx.Effect, champion: bool, on: bool) -> Iterator[_Sourced]:
        if isinstance(effect, fx.Activated):
            if on:
                for inner in effect.effects:
                    yield from walk(source, inner, champion, True)
        elif isinstance(effect, fx.Aura):
            words = {k.upper() for k in scroll.keywords}
            fits = not effect.keywords_any or any(k.upper() in words for k in effect.keywords_any)
            if effect.include_self and effect.who in ("friendly", "all") and fits:
                for inner in effect.effects:
                    yield from walk(source, inner, champion, on)
        else:
            yield _Sourced(source, effect, champion)

    for ability in scroll.abilities:
        known.add(normalize_name(ability.name))
        on = normalize_name(ability.name) in wanted
        for effect in ability.effects:
            yield from walk(ability.name, effect, False, on)
    if scroll.champion is not None:
        for effect in scroll.champion.effects:
            yield from walk(scroll.champion.name, effect, True, False)
    unknown = sorted(name for name in active if normalize_name(name) not in known)
    if unknown:
        names = ", ".join(a.name for a in scroll.abilities) or "none"
        raise ResolveError(f"{scroll.name} has no ability {unknown[0]!r} (abilities: {names})")


def _given(effects: tuple[tuple[str, fx.Effect], ...]) -> list[_Sourced]:
    return [_Sourced(source, effect) for source, effect in effects]


def _holds(
    cond: fx.Condition,
    side: _Side,
    model: ModelSpec | None,
    info: TargetInfo,
    situation: Situation,
) -> bool:
    """Section 3.3: every predicate given holds; ``any_of`` and ``not`` nest."""
    unit = side.unit
    checks: list[bool] = []
    if cond.target_keyword is not None:
        checks.append(cond.target_keyword.upper() in {k.upper() for k in info.keywords})
    if cond.target_wounds_at_least is not None:
        checks.append(info.wounds >= cond.target_wounds_at_least)
    if cond.phase is not None:
        checks.append(cond.phase == situation.phase)
    if cond.turn is not None:
        checks.append((cond.turn == "own") == side.own_turn)
    if cond.charged_this_turn is not None:
        checks.append(cond.charged_this_turn == side.charged)
    if cond.moved_this_turn is not None:
        checks.append(cond.moved_this_turn == side.moved)
    if cond.unit_has_tag is not None:
        checks.append(unit is not None and unit.has_tag(cond.unit_has_tag))
    if cond.model_has_tag is not None:
        tag = cond.model_has_tag
        if unit is None:
            checks.append(False)
        elif model is not None:
            checks.append(tag in unit.tags_of(model))
        else:
            checks.append(all(tag in unit.tags_of(m) for m in unit.models))
    if cond.attack_kind is not None:
        checks.append(cond.attack_kind == situation.attack_kind)
    if cond.within_feature is not None:
        checks.append(cond.within_feature in side.features)
    if cond.any_of is not None:
        checks.append(any(_holds(c, side, model, info, situation) for c in cond.any_of))
    if cond.not_ is not None:
        checks.append(not _holds(cond.not_, side, model, info, situation))
    return all(checks)


def _applies(
    item: _Sourced,
    side: _Side,
    model: ModelSpec | None,
    weapons: list[Weapon],
    info: TargetInfo,
    situation: Situation,
) -> bool:
    """The filters of section 3.2. For the defender (``model`` None) a ``models`` filter needs
    every model to qualify, and a ``weapons`` filter every attacking weapon."""
    effect = item.effect
    unit = side.unit
    if item.champion_only and (model is None or not model.champion):
        return False
    if effect.weapons is not None:
        for weapon in weapons:
            if isinstance(effect.weapons, str):
                if weapon.kind != effect.weapons:
                    return False
            elif weapon.name not in effect.weapons:
                return False
    if effect.models is not None:
        if unit is None:
            return False
        owners = [model] if model is not None else list(unit.models)
        for m in owners:
            ok = m.champion if effect.models == "champion" else effect.models in unit.tags_of(m)
            if not ok:
                return False
    if effect.requires_in_unit is not None and (
        unit is None or not unit.has_tag(effect.requires_in_unit)
    ):
        return False
    return effect.when is None or _holds(effect.when, side, model, info, situation)


def _trigger(effect: fx.OnRoll) -> Trigger:
    out = effect.outcome
    return Trigger(
        on=effect.on,
        unmodified=effect.unmodified,
        hits=out.hits,
        mortal_wounds=out.mortal_wounds,
        end=out.then == "end",
        rend=out.rend,
        damage=out.damage,
        attacker_mortal_wounds=out.attacker_mortal_wounds,
    )


def _reroll(which: str) -> RerollKind:
    return "ones" if which == "ones" else "failed"


def _attacker_side(unit: UnitSpec, situation: Situation) -> _Side:
    return _Side(
        unit,
        situation.charged,
        situation.moved,
        situation.attacker_turn,
        situation.attacker_features,
    )


def _defender_side(unit: UnitSpec | None, situation: Situation) -> _Side:
    return _Side(
        unit,
        situation.target_charged,
        situation.target_moved,
        not situation.attacker_turn,
        situation.target_features,
    )


def attack_weapons(unit: UnitSpec, situation: Situation) -> list[Weapon]:
    """Weapons the unit attacks with in this phase (AOS-11.1), in warscroll order."""
    carried = {name for model in unit.models for name in unit.loadout_of(model).weapons}
    return [
        w for w in unit.warscroll.weapons if w.kind == situation.attack_kind and w.name in carried
    ]


def _apply_own(
    e: fx.Effect,
    params: dict[str, int],
    extra: dict[str, int],
    rerolls: dict[str, set[RerollKind]],
    triggers: dict[str, list[Trigger]],
) -> bool:
    """Fold one of the attacker's own effects into a model's weapon numbers; False if it does
    not bear on this attack (section 3.2)."""
    if isinstance(e, fx.StatMod):
        if e.stat not in extra:
            return False
        extra[e.stat] += e.value
        return True
    if fx.effective_scope(e, getattr(e, "roll", None)) == "attacks_against":
        return False
    if isinstance(e, fx.RollMod) and e.roll in ("hit", "wound", "save"):
        params[f"{e.roll}_mod"] += e.value
    elif isinstance(e, fx.Reroll) and e.roll in ("hit", "wound"):
        rerolls[e.roll].add(_reroll(e.which))
    elif isinstance(e, fx.OnRoll) and e.roll in ("hit", "wound"):
        triggers[e.roll].append(_trigger(e))
    else:
        return False
    return True


def attack_profiles(
    attacker: UnitSpec,
    situation: Situation,
    info: TargetInfo,
    target_unit: UnitSpec | None = None,
    notes: list[str] | None = None,
) -> list[AttackProfile]:
    """One profile per weapon and alike models, in weapon order then lowest model (AOS-11.5)."""
    own = [*_expand(attacker.warscroll, situation.attacker_active)]
    own += _given(situation.attacker_given)
    against: list[_Sourced] = []
    if target_unit is not None:
        theirs = [*_expand(target_unit.warscroll, situation.target_active)]
        against = [
            s
            for s in theirs + _given(situation.target_given)
            if fx.effective_scope(s.effect, getattr(s.effect, "roll", None)) == "attacks_against"
        ]
    side = _attacker_side(attacker, situation)
    defender = _defender_side(target_unit, situation)
    used: set[str] = set()
    grouped: dict[AttackProfile, int] = {}
    names: dict[AttackProfile, str] = {}
    for weapon in attack_weapons(attacker, situation):
        for model in attacker.models:
            if weapon.name not in attacker.loadout_of(model).weapons:
                continue
            params: dict[str, int] = {"hit_mod": 0, "wound_mod": 0, "save_mod": 0}
            extra = {"attacks": 0, "rend": 0, "damage": 0}
            rerolls: dict[str, set[RerollKind]] = {"hit": set(), "wound": set()}
            triggers: dict[str, list[Trigger]] = {"hit": [], "wound": []}
            for item in own:
                if _applies(item, side, model, [weapon], info, situation) and _apply_own(
                    item.effect, params, extra, rerolls, triggers
                ):
                    used.add(item.source)
            for item in against:
                e = item.effect
                is_mod = isinstance(e, fx.RollMod) and e.roll in ("hit", "wound", "save")
                if is_mod and _applies(item, defender, None, [weapon], info, situation):
                    assert isinstance(e, fx.RollMod) and target_unit is not None
                    params[f"{e.roll}_mod"] += e.value
                    used.add(f"{item.source} ({target_unit.warscroll.name})")
            profile = AttackProfile(
                hit=weapon.hit,
                wound=weapon.wound,
                rend=min(0, weapon.rend + extra["rend"]),
                damage=weapon.damage.plus(extra["damage"]) if extra["damage"] else weapon.damage,
                attacks=weapon.attacks,
                n_models=1,
                extra_attacks=extra["attacks"],
                hit_reroll=frozenset(rerolls["hit"]),
                wound_reroll=frozenset(rerolls["wound"]),
                hit_triggers=tuple(triggers["hit"]),
                wound_triggers=tuple(triggers["wound"]),
                name=weapon.name,
                **params,
            )
            grouped[profile] = grouped.get(profile, 0) + 1
            if model.champion and attacker.warscroll.champion is not None:
                names.setdefault(profile, f"{weapon.name} ({attacker.warscroll.champion.name})")
    if notes is not None and used:
        notes.append("abilities applied: " + ", ".join(sorted(used)))
    return [
        replace(profile, n_models=count, name=names.get(profile, profile.name))
        for profile, count in grouped.items()
    ]


def target_profile(
    target: UnitSpec,
    situation: Situation,
    weapons: list[Weapon],
    notes: list[str] | None = None,
) -> TargetProfile:
    """The defender's numbers (CALC-2): save with cover (AOS-13.1) and Mystic Shield
    (AOS-14.5), save re-rolls, wards, ethereal, wounds left, Bravery and battleshock immunity."""
    scroll = target.warscroll
    side = _defender_side(target, situation)
    info = TargetInfo(frozenset(scroll.keywords), scroll.stats.wounds)
    save_mod = int(situation.cover_applies) + int(situation.mystic_shield)
    reroll: set[RerollKind] = set()
    ward: int | None = None
    mortal_ward: int | None = None
    ignore: Literal["none", "rend", "all"] = "none"
    bravery = scroll.stats.bravery
    extra_wounds = 0
    immune = situation.inspiring_presence
    triggers: list[Trigger] = []
    used: set[str] = set()
    for item in [*_expand(scroll, situation.target_active), *_given(situation.target_given)]:
        e = item.effect
        roll = getattr(e, "roll", None)
        if not _applies(item, side, None, weapons, info, situation):
            continue
        scope = fx.effective_scope(e, roll if not isinstance(e, fx.Ward) else "ward")
        before = (
            len(reroll),
            ward,
            mortal_ward,
            ignore,
            bravery,
            extra_wounds,
            immune,
            len(triggers),
        )
        if isinstance(e, fx.StatMod) and e.stat == "bravery":
            bravery += e.value
        elif isinstance(e, fx.StatMod) and e.stat == "wounds":
            extra_wounds += e.value
        elif isinstance(e, fx.RollMod) and e.roll == "battleshock":
            bravery -= e.value  # adding to the roll is losing Bravery (AOS-10.2)
        elif isinstance(e, fx.NoBattleshock):
            immune = True
        elif scope != "attacks_against":
            continue
        elif isinstance(e, fx.Reroll) and e.roll == "save":
            reroll.add(_reroll(e.which))
        elif isinstance(e, fx.Ward):
            if e.against in ("all", "normal"):
                ward = e.on if ward is None else min(ward, e.on)
            if e.against in ("all", "mortal"):
                mortal_ward = e.on if mortal_ward is None else min(mortal_ward, e.on)
        elif isinstance(e, fx.IgnoreSaveMods):
            ignore = "all" if e.which == "all" or ignore == "all" else "rend"
        elif isinstance(e, fx.OnRoll) and e.roll == "save":
            triggers.append(_trigger(e))
        after = (
            len(reroll),
            ward,
            mortal_ward,
            ignore,
            bravery,
            extra_wounds,
            immune,
            len(triggers),
        )
        if before != after:
            used.add(item.source)
    if notes is not None and used:
        notes.append(f"{scroll.name} abilities applied: " + ", ".join(sorted(used)))
    remaining = [w for w in target.remaining_wounds(extra_wounds) if w > 0]
    return TargetProfile(
        wounds=tuple(remaining),
        save=scroll.stats.save,
        save_mod=save_mod,
        save_reroll=frozenset(reroll),
        ignore_save_mods=ignore,
        ward=ward,
        mortal_ward=mortal_ward,
        bravery=bravery,
        slain_before=situation.slain_before,
        battleshock_immune=immune,
        save_triggers=tuple(triggers),
        name=target.describe(),
    )


def not_modeled(scroll: Warscroll) -> list[str]:
    """Abilities the calculator leaves out (CALC-12): custom hooks and healing."""
    skipped = []
    for source, effect in scroll.own_effects():
        if isinstance(effect, (fx.Custom, fx.Heal)):
            skipped.append(f"{source} ({effect.kind})")
    return skipped


def resolve(attacker: UnitSpec, target: UnitSpec, situation: Situation) -> Resolution:
    """Profiles and target for ``attacker`` attacking ``target`` in ``situation``."""
    notes: list[str] = [*attacker.warnings, *target.warnings]
    info = TargetInfo(frozenset(target.warscroll.keywords), target.warscroll.stats.wounds)
    profiles = attack_profiles(attacker, situation, info, target, notes)
    defender = target_profile(target, situation, attack_weapons(attacker, situation), notes)
    skipped = not_modeled(attacker.warscroll) + not_modeled(target.warscroll)
    if skipped:
        notes.append("not modeled (CALC-12): " + ", ".join(skipped))
    if not profiles:
        notes.append(f"{attacker.warscroll.name} has no {situation.attack_kind} weapons")
    return Resolution(profiles, defender, notes)
