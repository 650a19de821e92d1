"""Before the first turn (AOS-3.3 to AOS-3.7, D-29, D-32, D-33): the runtime at the start of a
battle whose armies the battle file has already set up.

Army sizes are the models set up (AOS-3.3); generals, the sudden death objective and triumph
dice come from the file (AOS-3.5 to AOS-3.7; the loader checks them, D-32). Empowered adds 1 to
the general's Wounds (AOS-3.7, T-18); Inspired is declared once, when a unit is picked to
fight (``fight A1 inspired``, D-33); Blessed is not offered yet. Round 1's first turn is the
choice of the player done setting up first (AOS-3.4, D-29), unless the file records it
(``[deployment] first_turn``).
"""

from __future__ import annotations

from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import Runtime, done_first, units_from_battle
from bitva.games.age_of_sigmar.battle.schema import SIDES, Side
from bitva.games.age_of_sigmar.battle.sequence import start_round


def initial_runtime(battle: Battle) -> Runtime:
    """The battle at the start of round 1, before its first turn is chosen (or in it)."""
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
    preset = battle.data.deployment.first_turn
    return rt if preset is None else start_round(battle, rt, preset)
