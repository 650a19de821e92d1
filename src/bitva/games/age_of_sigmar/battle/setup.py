"""Before the first turn (AOS-2.5, AOS-3.1 to AOS-3.7, D-29, D-32, D-33): the runtime at the
start of a battle, at the first step the battle file leaves open (:mod:`.pre_battle`: the
landscapes' rules, the territory roll-off and choice, the set-up by the players, generals, the
sudden death objective, triumph dice), else at round 1's first-turn choice.

Army sizes are the models set up (AOS-3.3); generals, the sudden death objective and triumph
dice come from the file when it records them (AOS-3.5 to AOS-3.7; the loader checks them,
D-32). Empowered adds 1 to the general's Wounds (AOS-3.7, T-18); Inspired is declared once,
when a unit is picked to fight (``fight A1 inspired``, D-33); Blessed is held from here on and
used once, on a die of any roll it could change (``bless 6``, ``bless 2 6``, :mod:`.blessed`).
Round 1's first turn is the choice of the player done setting up first (AOS-3.4, D-29),
unless the file records it (``[deployment] first_turn``).
"""

from __future__ import annotations

from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.pre_battle import advance
from bitva.games.age_of_sigmar.battle.runtime import Runtime, done_first, units_from_battle
from bitva.games.age_of_sigmar.battle.schema import SIDES, Side


def initial_runtime(battle: Battle) -> Runtime:
    """The battle at its first open step before round 1 (:mod:`.pre_battle`), else before
    round 1's first turn is chosen (or in it)."""
    units = units_from_battle(battle)
    size = {
        side: sum(1 for u in units if u.side == side for m in u.models if m.on_table)
        for side in SIDES
    }
    triumphs = battle.data.triumphs
    empowered: tuple[Side, ...] = tuple(
        side for side in SIDES if side in triumphs and triumphs[side].name == "empowered"
    )
    inspired: tuple[Side, ...] = tuple(
        side for side in SIDES if side in triumphs and triumphs[side].name == "inspired"
    )
    rt = Runtime(
        units=units,
        round=1,
        first="A",
        active="A",
        phase="set-up",
        step="first-turn",
        army_size=(size["A"], size["B"]),
        casualties=(0, 0),
        sudden_death=battle.data.sudden_death,
        empowered=empowered,
        chooser=done_first(battle),
        inspired=inspired,
    )
    return advance(battle, rt)
