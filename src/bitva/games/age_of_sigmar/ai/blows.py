"""What one unit's attacks inflict on another, on average, with everything in force (issue 22,
point 5; docs/ai.md, "Age of Sigmar", correction 8): the numbers the battle itself would roll
(`battle.attacks.attack_numbers`: the warscrolls through the calculator's resolver, with the
abilities, auras and spells in force on both units, AOS-3.2 and AOS-14) read in expectation by
the calculator's exact per-attack law (hit and wound modifiers, re-rolls, critical triggers,
rend, the target's save, its re-rolls and Mystic Shield).

The evaluation reads it for every pair of units at every position it scores, so the means are
remembered on what they depend on: each unit's warscroll, its models' loadouts and roles, its
effects in force and the effects others give it, and the situation's flags (charged, moved,
whose turn); the battles keyed are held, so that no other battle takes their id. Positions
enter only through the auras that reach a unit. Cover and mysterious
features are left out (they depend on where the fight will be, which a threat does not know).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import Literal

from bitva.games.age_of_sigmar.battle.attacks import with_battle_effects
from bitva.games.age_of_sigmar.battle.auras import given
from bitva.games.age_of_sigmar.battle.casualties import MYSTIC_SHIELD
from bitva.games.age_of_sigmar.battle.characteristics import live_spec
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import Runtime, UnitState
from bitva.games.age_of_sigmar.calculator.calculator import mean_wounds
from bitva.games.age_of_sigmar.calculator.resolve import Situation, resolve
from bitva.games.age_of_sigmar.profiles import AttackOptions
from bitva.games.age_of_sigmar.units import UnitSpec

Kind = Literal["melee", "missile"]

_BATTLES: dict[int, Battle] = {}
_KEYS: dict[Hashable, int] = {}
_MEANS: dict[tuple[int, int, str, bool, bool, bool, bool], float] = {}
CACHE_LIMIT = 200_000  # means remembered before the cache starts over
BATTLES_KEPT = 16  # battles whose units are keyed before the cache starts over


def _forget() -> None:
    _MEANS.clear()
    _KEYS.clear()
    _BATTLES.clear()


def unit_key(battle: Battle, rt: Runtime, unit: UnitState) -> int:
    """A small number for what a unit's attacks and saves depend on now (the module docstring):
    equal numbers, equal numbers of the attack."""
    if _BATTLES.get(id(battle)) is not battle:
        if len(_BATTLES) >= BATTLES_KEPT:
            _forget()
        _BATTLES[id(battle)] = battle  # held, so that no other battle takes its id
    models = tuple((m.loadout, m.champion, m.tags) for m in unit.alive)
    gifts = tuple((name, id(effect)) for name, effect in given(battle, rt, unit))
    key = (id(battle), unit.warscroll, models, unit.effects, gifts)
    found = _KEYS.get(key)
    if found is None:
        found = _KEYS[key] = len(_KEYS)
    return found


def _spec(battle: Battle, rt: Runtime, unit: UnitState) -> UnitSpec:
    """The unit's models on the table for the resolver, unhurt: the wounds a model suffered
    change no number of an attack (its key leaves them out too)."""
    models = tuple(replace(m, wounds_taken=0) for m in unit.models)
    return live_spec(battle, rt, replace(unit, models=models))


def mean_damage(
    battle: Battle,
    rt: Runtime,
    unit: UnitState,
    target: UnitState,
    kind: Kind,
    keys: tuple[int, int],
    charged: bool,
) -> float:
    """The mean wounds the whole of `unit` inflicts on `target` with its `kind` weapons in its
    own turn (every model in range), having charged when `charged`; `keys` are the two units'
    :func:`unit_key`."""
    flags = (charged, unit.moved, target.charged, target.moved)
    cache_key = (keys[0], keys[1], kind, *flags)
    found = _MEANS.get(cache_key)
    if found is not None:
        return found
    if len(_MEANS) >= CACHE_LIMIT:
        _forget()
    where = Situation(
        phase="shooting" if kind == "missile" else "combat",
        charged=charged,
        moved=unit.moved,
        attacker_turn=True,
        target_charged=target.charged,
        target_moved=target.moved,
        mystic_shield=target.has_effect(MYSTIC_SHIELD),
        attacker_given=given(battle, rt, unit),
        target_given=given(battle, rt, target),
    )
    numbers = resolve(_spec(battle, rt, unit), _spec(battle, rt, target), where)
    options = AttackOptions(natural_one_fails=battle.data.options.natural_one_fails)
    profiles = with_battle_effects(unit, numbers.profiles)
    total = float(mean_wounds(profiles, numbers.target, options))
    _MEANS[cache_key] = total
    return total
