"""A battle in progress in a position file (issue 11): `[position.battle]`, and the Lore cards
still to take effect (`casting`, `lore_rolls`, `lore_resume`) and the units of Forced March or
Stealth chosen so far (`choosing`: side, card, hexes; the step `lore-units`, BL-13.4), so that a
position may stand at any decision of a battle (BL-4.4 steps 6-8, BL-6, BL-7, BL-11.6, D-43) as
well as between them.

    [position.battle]            # the battle being resolved (`battle/current.py`'s `Battle`)
    attacker = 3                 # unit ids (the unit tables' `id`)
    target = 12
    side = "south"               # the attacking side, who rolls
    kind = "melee"               # or "ranged"
    dice = 3
    target_hex = "G5"            # where the target was attacked (take ground enters it)
    faces = ["B", "F", "L"]      # the roll, once rolled

Its other keys (`back`, `bonus`, `flags`, `retreat_left`, `retreated`, `special`, `ability`,
`lore_spent`, `stored`, `poison_risk`, `risk_then`, `struck`, `rolled`, `attack_faces`) are
written when they differ from their start, and `then` is the attack a First Strike interrupted
(WR02), with the same keys.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from bitva.games.battlelore.battle.current import Battle
from bitva.games.battlelore.battle.lore_dice import LORE_ROLL
from bitva.games.battlelore.field.board import HexError, hex_of, name
from bitva.games.battlelore.field.model import FACES
from bitva.games.battlelore.lore.several import ONE_AT_A_TIME, Choosing
from bitva.games.battlelore.lore.windows import Casting
from bitva.games.battlelore.position.tables import (
    SIDE_NAMES,
    Bad,
    Key,
    KeyBad,
    _bool,
    _int,
    _list,
    _one_of,
    _side,
    _table,
    effect_table,
    read_effect,
    read_resume,
)

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState

# the decisions of a battle under way (`turn/steps.py`, `battle/steps.py`,
# `battle/creature_steps.py`)
BATTLE_DECISIONS = (
    "roll", "flags", "retreat", "battle-back", "take-ground", "pursue", "bonus", "spider",
    "store",
)  # fmt: skip
_SPECIAL = ("", "panic", "critical", "risk", "risk-reroll", LORE_ROLL)
_RISK_THEN = ("", "flags", "trample")
_FIELDS = tuple(f for f in dataclasses.fields(Battle))
_REQUIRED = ("attacker", "target", "side", "kind", "dice", "target_hex")


def battle_table(battle: Battle | None) -> dict[str, Any]:
    """The battle as a table: ids, sides and hexes as the file says them, fields at their
    start left out; {} for none."""
    if battle is None:
        return {}
    table: dict[str, Any] = {}
    for spec in _FIELDS:
        value = getattr(battle, spec.name)
        if spec.name not in _REQUIRED and value == spec.default:
            continue
        if spec.name == "side":
            value = SIDE_NAMES[value]
        elif spec.name == "target_hex":
            value = name(value)
        elif spec.name in ("faces", "attack_faces", "trample_left"):
            value = list(value)
        elif spec.name == "then":
            value = battle_table(value)
        table[spec.name] = value
    return table


def read_battle(value: Any) -> Battle | None:
    table = _table(value, tuple(spec.name for spec in _FIELDS))
    if not table:
        return None
    for key in _REQUIRED:
        if key not in table:
            raise Bad(f"missing {key!r}: a battle says {', '.join(_REQUIRED)}")
    try:
        target_hex = hex_of(table["target_hex"] if isinstance(table["target_hex"], str) else "")
    except HexError as exc:
        raise Bad(f"target_hex: {exc}") from None
    then = read_battle(table["then"]) if "then" in table else None
    return Battle(
        _int(table["attacker"]), _int(table["target"]), _side(table["side"]),
        _one_of(table["kind"], ("melee", "ranged"), "a kind of battle"),  # type: ignore[arg-type]
        _int(table["dice"]), target_hex,
        _bool(table.get("back", False)), _bool(table.get("bonus", False)),
        tuple(_one_of(f, FACES, "a die face") for f in _list(table.get("faces", []))),
        _int(table.get("flags", 0)), _int(table.get("retreat_left", 0)),
        _int(table.get("retreated", 0)),
        _one_of(table.get("special", ""), _SPECIAL, "a special roll"),
        _text(table.get("ability", "")), _int(table.get("lore_spent", 0)),
        _int(table.get("stored", 0)), _int(table.get("poison_risk", 0)),
        _one_of(table.get("risk_then", ""), _RISK_THEN, "what follows a risk roll"),
        _bool(table.get("struck", False)), then,
        _one_of(table.get("rolled", ""), _SPECIAL, "a special roll"),
        tuple(_one_of(f, FACES, "a die face") for f in _list(table.get("attack_faces", []))),
        _int(table["risk_unit"]) if "risk_unit" in table else -1,
        tuple(_int(uid) for uid in _list(table.get("trample_left", []))),
    )  # fmt: skip


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise Bad(f"{value!r}: must be a word")
    return value


def _lore_resume(value: Any) -> str:
    return "" if value == "" else read_resume(value)


def _casting_table(casting: list[Casting]) -> list[dict[str, Any]]:
    return [
        {"card": c.index, "window": c.window, "args": list(c.args), "resume": c.resume}
        for c in casting
    ]


def _read_casting(value: Any) -> list[Casting]:
    out = []
    for entry in _list(value):
        table = _table(entry, ("card", "window", "args", "resume"))
        args = tuple(_text(a) for a in _list(table.get("args", [])))
        card, window = _int(table.get("card")), _text(table.get("window"))
        out.append(Casting(card, window, args, read_resume(table.get("resume"))))
    return out


def _rolls_table(rolls: list[tuple[int, Any]]) -> list[dict[str, Any]]:
    return [{"side": SIDE_NAMES[seat], "dice": effect_table(dice)} for seat, dice in rolls]


def _read_rolls(value: Any) -> list[tuple[int, Any]]:
    out = []
    for entry in _list(value):
        table = _table(entry, ("side", "dice"))
        dice = read_effect(table.get("dice"))
        if type(dice).__name__ != "LoreDice":
            raise Bad('dice: a Lore card\'s dice (effect = "LoreDice")', "BL-13.9")
        out.append((_side(table.get("side")), dice))
    return out


def _choosing_table(choosing: Choosing) -> dict[str, Any]:
    return {
        "side": SIDE_NAMES[choosing.seat],
        "card": choosing.card,
        "hexes": list(choosing.hexes),
    }


def _read_choosing(value: Any) -> Choosing:
    """Forced March's or Stealth's units chosen so far (BL-13.4, the step `lore-units`)."""
    table = _table(value, ("side", "card", "hexes"))
    card = _one_of(table.get("card"), sorted(ONE_AT_A_TIME), "a card chosen unit by unit")
    try:
        hexes = tuple(name(hex_of(_text(h))) for h in _list(table.get("hexes", [])))
    except HexError as exc:
        raise Bad(str(exc)) from None
    if not hexes:
        raise Bad("hexes: the units chosen so far, at least the first", "BL-13.4")
    return Choosing(_side(table.get("side")), card, hexes)


def _setter(attr: str, parse: Any) -> Any:
    def read(value: Any, state: BattleLoreState) -> None:
        setattr(state, attr, parse(value))

    return read


BATTLE_KEYS: tuple[Key, ...] = (
    Key("battle", lambda s: s.battle, battle_table, _setter("battle", read_battle)),
    Key("casting", lambda s: s.casting, _casting_table, _setter("casting", _read_casting)),
    Key("lore_rolls", lambda s: s.lore_rolls, _rolls_table, _setter("lore_rolls", _read_rolls)),
    Key("lore_resume", lambda s: s.lore_resume, str, _setter("lore_resume", _lore_resume)),
    Key("choosing", lambda s: s.choosing, _choosing_table, _setter("choosing", _read_choosing)),
)
BATTLE_KEY_NAMES = frozenset(key.name for key in BATTLE_KEYS)


def battle_tables(state: BattleLoreState) -> dict[str, Any]:
    """The keys of a battle or a Lore card under way (none between them)."""
    return {key.name: key.write(key.get(state)) for key in BATTLE_KEYS if key.get(state)}


def apply_battle(tables: dict[str, Any], state: BattleLoreState) -> None:
    """Read the battle keys into `state`; KeyBad on a bad value."""
    for key in BATTLE_KEYS:
        if key.name in tables:
            try:
                key.read(tables[key.name], state)
            except KeyBad:
                raise
            except Bad as exc:
                raise KeyBad(key.name, exc) from None


def _creature(state: BattleLoreState, uid: int) -> bool:
    unit = state.field.units[uid]
    return unit is not None and unit.type.is_creature


def check_battle(state: BattleLoreState) -> tuple[str, str, str | None] | None:
    """What a battle in a whole state needs: (key, reason, rule) of the first fault."""
    battle = state.battle
    if state.phase in BATTLE_DECISIONS and battle is None:
        return "battle", f"at step {state.phase} a battle is under way: give it", "BL-4.4"
    while battle is not None:
        for key in ("attacker", "target"):
            if getattr(battle, key) >= len(state.field.units):
                return f"battle.{key}", "not the id of a unit (see unit_count)", None
        for uid in (battle.risk_unit, *battle.trample_left):
            if not -1 <= uid < len(state.field.units) or (uid >= 0 and not _creature(state, uid)):
                return "battle.risk_unit", f"{uid}: not the id of a creature", "D-25"
        battle = battle.then
    resume = state.window.resume if state.window is not None else ""
    if resume in ("before-roll", "roll", "read") and state.battle is None:
        return "window.resume", f"{resume!r} goes on with a battle: give it", "D-43"
    if resume == "effect" and not state.casting:
        return "window.resume", "'effect': a Lore card's effect is to come: give casting", "D-43"
    for i, cast in enumerate(state.casting):
        if cast.index >= len(state.lore_played):
            return f"casting[{i}].card", "not the place of a Lore card in lore_played", None
    if (state.phase == "lore-units") != (state.choosing is not None):
        return (
            "choosing",
            "the step lore-units, and only it, has the units chosen so far",
            "BL-13.4",
        )
    if state.choosing is not None:
        for hex_name in state.choosing.hexes:
            unit = state.field.unit_at(hex_of(hex_name))
            if unit is None or unit.side != state.choosing.seat:
                return "choosing.hexes", f"{hex_name}: no unit of that side stands there", "BL-13.4"
    if state.lore_rolls and not state.lore_resume:
        return "lore_resume", "a Lore card's dice go on somewhere: say where", "BL-13.9"
    return None
