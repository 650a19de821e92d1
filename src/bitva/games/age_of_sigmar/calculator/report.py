"""Plain-data views of a :class:`CalcResult`: the ``--json`` document and profile labels."""

from __future__ import annotations

from typing import Any

from bitva.games.age_of_sigmar.calculator import pmf as P
from bitva.games.age_of_sigmar.calculator.calculator import CalcResult
from bitva.games.age_of_sigmar.calculator.profiles import Allocation, AttackProfile, TargetProfile


def to_json(result: CalcResult) -> dict[str, Any]:
    """The issue's five keys first (``damage_pmf`` is W before allocation, uncapped;
    ``models_slain_pmf`` follows the chosen policy, ``wounded_first`` by default, D-17), then the
    rest of CALC-11."""
    policy = result.policy
    other: Allocation = "min_slain" if policy == "wounded_first" else "wounded_first"
    battleshock = result.target.tests_battleshock
    return {
        "mean_damage": result.mean_damage,
        "damage_pmf": P.to_floats(result.damage_pmf),
        "models_slain_pmf": P.to_floats(result.slain_pmf[policy]),
        "mean_models_slain": result.mean_slain(),
        "wipe_probability": float(result.wipe_probability()),
        "allocation": policy,
        "sd_damage": result.sd_damage,
        "damage_percentiles": {str(k): v for k, v in result.percentiles.items()},
        "damage_at_least": P.to_floats(result.damage_tail),
        "allocated_damage_pmf": P.to_floats(result.allocated_pmf),
        f"models_slain_pmf_{other}": P.to_floats(result.slain_pmf[other]),
        f"mean_models_slain_{other}": result.mean_slain(other),
        "battleshock": (
            {
                "flee_pmf": P.to_floats(result.flee_pmf),
                "mean_flee": result.mean_flee,
                "losses_pmf": P.to_floats(result.losses_pmf),
                "mean_losses": result.mean_losses,
                "gone_probability": float(result.gone_probability),
            }
            if battleshock
            else None
        ),
        "mean_damage_vs_save": {k: float(v) for k, v in result.mean_vs_save.items()},
        "mean_damage_per_profile": {
            s.profile.name: float(s.mean_wounds) for s in result.per_profile
        },
        "mean_attacker_mortal_wounds": float(result.mean_retaliation),
        "target_models": result.target.n_models,
        "target_wounds_left": result.target.total_wounds,
        "notes": list(result.notes),
    }


def _plus(value: int) -> str:
    return f"{value}+"


def describe_modifiers(profile: AttackProfile) -> str:
    """``"+1 hit, re-roll 1s to hit, 6+: D3 hits"`` style summary."""
    parts: list[str] = []
    if profile.hit_mod:
        parts.append(f"{profile.hit_mod:+d} hit")
    if profile.wound_mod:
        parts.append(f"{profile.wound_mod:+d} wound")
    if profile.save_mod:
        parts.append(f"{profile.save_mod:+d} save")
    for roll, kinds in (("hit", profile.hit_reroll), ("wound", profile.wound_reroll)):
        for kind in sorted(kinds):
            parts.append(f"re-roll {'1s' if kind == 'ones' else kind} to {roll}")
    for roll, triggers in (("hit", profile.hit_triggers), ("wound", profile.wound_triggers)):
        for trig in triggers:
            parts.append(f"{roll} {trig.describe()}")
    return ", ".join(parts) or "-"


def describe_attacks(profile: AttackProfile) -> str:
    if profile.extra_attacks:
        return f"{profile.attacks}{profile.extra_attacks:+d}"
    return str(profile.attacks)


def describe_target(target: TargetProfile) -> str:
    save = "-" if target.save is None else _plus(target.save)
    bits = [f"{target.n_models} models", f"{target.total_wounds} wounds left", f"Sv {save}"]
    if target.save_mod:
        bits.append(f"save {target.save_mod:+d}")
    if target.save_reroll:
        bits.append("re-roll " + "/".join(sorted(target.save_reroll)) + " saves")
    if target.ignore_save_mods != "none":
        bits.append(f"ignores {target.ignore_save_mods} save modifiers")
    if target.ward is not None:
        bits.append(f"ward {_plus(target.ward)}")
    if target.mortal_ward is not None and target.mortal_ward != target.ward:
        bits.append(f"mortal ward {_plus(target.mortal_ward)}")
    if target.tests_battleshock:
        bits.append(f"Br {target.bravery}")
    else:
        bits.append("no battleshock")
    if target.slain_before:
        bits.append(f"{target.slain_before} slain earlier this turn")
    return ", ".join(bits)
