"""The server adapter of Age of Sigmar (issue 22, point 4 "Play"): the options a client may
choose (the shipped setups only: the engine also reads battle files by path, which a server must
never let a client name) and, beside the game's view, what the browser draws before anything is
played:

- ``choices``: for the seat deciding now, the candidate actions of the decision point (the
  engine's own candidates, each passing its check: run, hold, charge, shoot X at Y, fight,
  attack, done, first A/B, inspire and a suggested path for a move, charge move or pile-in);
  a drag on the table or the text field plays any other action, previewed first;
- ``unit_stats``: each unit's Move (AOS-6.2), its models' Wounds and its missile weapons with
  their Range (AOS-11.1), for the rings the browser draws round a selected unit;
- ``territories``: each side's half of the table as a polygon (GEO-12), drawn faintly;
- ``sight``: for each unit of the active player and each enemy unit, the distance between
  them (GEO-3), whether they see each other (AOS-2.3, GEO-6) and which missile weapons are in
  range and sight (AOS-11.2);
- ``odds``: for the seat deciding now, before a shooting or melee attack, the calculator's
  exact outcome of each legal attack (section 5: mean damage, mean models slain, the chance
  the target is wiped out).

The charge odds are the game's ``reach`` analysis (charge_probability per pair), which the
browser asks for when the game offers it.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from bitva.core.registry import get_game
from bitva.core.state import State
from bitva.games.age_of_sigmar.battle.actions import TargetAction
from bitva.games.age_of_sigmar.battle.attacks import attack_numbers, shooters_of, weapons_of
from bitva.games.age_of_sigmar.battle.candidates import all_candidates
from bitva.games.age_of_sigmar.battle.characteristics import move_of, wounds_of
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import Runtime, UnitState
from bitva.games.age_of_sigmar.calculator.calculator import calculate
from bitva.games.age_of_sigmar.geometry.measure import unit_to_unit
from bitva.games.age_of_sigmar.geometry.sight import units_see
from bitva.server.games import GameAdapter

SetupName = Literal["starter_clash", "scenery_and_sorcery", "open_deployment", "rolled_battlefield"]
SETUPS: tuple[str, ...] = get_args(SetupName)  # the shipped battle files (tested to match)


class AgeOfSigmarOptionsIn(BaseModel):
    """The options of a new game: a shipped battle setup (rules section 6.2)."""

    model_config = ConfigDict(extra="forbid")

    battle: SetupName = Field(
        default="starter_clash",
        description="the battle setup (rules section 6.2): the starter clash on an open table, "
        "scenery and sorcery, open deployment (Setup 1's armies set up by the players, "
        "AOS-2.5, AOS-3.1 to 3.7), or the rolled battlefield (Setup 2's armies on scenery rolled "
        "for each 2' x 2' area, AOS-2.3 and D-35, then set up by the players)",
    )


def _units(battle: Battle, rt: Runtime) -> dict[str, dict[str, Any]]:
    """Each unit's Move (AOS-6.2, modifiers included), its models' Wounds characteristic (a
    model with fewer left is drawn wounded) and its missile weapons (AOS-11.1)."""
    return {
        unit.id: {
            "move": move_of(battle, unit, rt),
            "wounds": max(wounds_of(battle, rt, unit, m) for m in unit.models),
            "missile": [
                {"name": w.name, "range": w.range} for w in weapons_of(battle, unit, "missile")
            ],
        }
        for unit in rt.units
        if unit.alive
    }


def _sight(battle: Battle, rt: Runtime) -> list[dict[str, Any]]:
    """AOS-2.3, AOS-11.2, GEO-3: the active player's units against each enemy unit."""
    out = []
    for unit in rt.army(rt.active):
        if not unit.alive:
            continue
        missile = weapons_of(battle, unit, "missile")
        for target in rt.units:
            if target.side == unit.side or not target.alive:
                continue
            out.append(
                {
                    "unit": unit.id,
                    "target": target.id,
                    "distance": round(unit_to_unit(unit.circles(), target.circles()), 3),
                    "visible": units_see(unit.circles(), target.circles(), battle.features),
                    "in_range": [w.name for w in missile if shooters_of(battle, unit, target, w)],
                }
            )
    return out


def _odds(battle: Battle, rt: Runtime, unit: UnitState, target: UnitState, kind: str) -> Any:
    """Section 5: the calculator's outcome of ``unit`` attacking ``target`` as the battle
    resolves it (the models in range and sight, the conditions of the table)."""
    profiles, defender = attack_numbers(battle, rt, unit, target, kind)  # type: ignore[arg-type]
    if not profiles:
        return None
    result = calculate(profiles, defender)
    return {
        "mean_damage": round(result.mean_damage, 3),
        "mean_slain": round(result.mean_slain(), 3),
        "wipe": round(float(result.wipe_probability()), 4),
        "models": defender.n_models,
    }


class AgeOfSigmarAdapter(GameAdapter):
    """The game's view with the candidate actions, ranges, sight and attack odds added."""

    @property
    def options_model(self) -> type[BaseModel]:
        return AgeOfSigmarOptionsIn

    def lobby(self) -> dict[str, Any]:
        return {"setups": list(SETUPS)}

    def view(self, state: State[Any], seat: int | None) -> dict[str, Any]:
        view = dict(state.view(seat))
        battle: Battle = state.battle  # type: ignore[attr-defined]
        rt: Runtime = state.rt  # type: ignore[attr-defined]
        # the choices and their odds only for the seat that decides (a replay asks for a view
        # at every step: the others' views stay cheap)
        deciding = seat is not None and seat == state.current_player and not state.is_chance
        choices = [str(a) for a in all_candidates(battle, rt)] if deciding else []
        odds: dict[str, Any] = {}
        for text in choices:
            action = state.parse_action(text)
            if isinstance(action, TargetAction) and not action.splits:  # splits: no odds yet
                unit, target = rt.unit_by_id(action.unit), rt.unit_by_id(action.target)
                kind = "missile" if action.verb == "shoot" else "melee"
                odds[text] = _odds(battle, rt, unit, target, kind)
        view["choices"] = choices
        view["territories"] = {
            side: [list(p) for p in battle.territory(side)] for side in ("A", "B")
        }
        view["unit_stats"] = _units(battle, rt)
        view["sight"] = _sight(battle, rt) if rt.phase != "set-up" else []
        view["odds"] = odds
        return view


ADAPTER = AgeOfSigmarAdapter(get_game("age-of-sigmar"))
