"""Battle files and army lists (rules section 3.4, 6.2): schema in :mod:`.schema`, checked loading
in :mod:`.loader`."""

from bitva.games.age_of_sigmar.battle.loader import (
    ArmyList,
    Battle,
    BattleUnit,
    UnknownBattle,
    builtin_battle,
    builtin_battle_names,
    find_battle,
    load_army_list,
    load_battle_file,
    load_battle_text,
)

__all__ = [
    "ArmyList",
    "Battle",
    "BattleUnit",
    "UnknownBattle",
    "builtin_battle",
    "builtin_battle_names",
    "find_battle",
    "load_army_list",
    "load_battle_file",
    "load_battle_text",
]
