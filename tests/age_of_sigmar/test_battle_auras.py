"""Auras and effects in force in the battle (section 3.2 ``aura``, ``roll_mod``, ``stat_mod``,
``no_battleshock``): every roll and characteristic they may change is read where the battle
uses it. A test warscroll's aura gives each of them."""

from __future__ import annotations

import pytest

from bitva.games.age_of_sigmar.battle.attacks import attack_numbers, legal_targets
from bitva.games.age_of_sigmar.battle.auras import given
from bitva.games.age_of_sigmar.battle.casualties import needs_test
from bitva.games.age_of_sigmar.battle.characteristics import bravery_of, move_of, wounds_of
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from bitva.games.age_of_sigmar.effects import RollMod, StatMod
from tests.age_of_sigmar.test_battle_sequence import position, row, unit

BANNER = """
[[warscroll]]
id = "war_banner"
name = "War Banner"
keywords = ["ORDER", "HERO", "TOTEM"]
stats = { move = 4, save = 4, bravery = 8, wounds = 5, base_mm = 40 }
melee = [["Pole", 1, 1, 4, 4, 0, 1]]
loadouts = [{ id = "default", weapons = ["Pole"] }]
abilities = [{ name = "Banner of Glory", effects = [{ kind = "aura", range = 6, who = "friendly", keywords_any = ["ORDER"], effects = [
  { kind = "roll_mod", roll = "hit", value = 1 },
  { kind = "roll_mod", roll = "wound", value = 1 },
  { kind = "roll_mod", roll = "save", value = 1 },
  { kind = "roll_mod", roll = "run", value = 1 },
  { kind = "roll_mod", roll = "charge", value = 1 },
  { kind = "roll_mod", roll = "cast", value = 1 },
  { kind = "roll_mod", roll = "unbind", value = 1 },
  { kind = "roll_mod", roll = "battleshock", value = -1 },
  { kind = "stat_mod", stat = "move", value = 1 },
  { kind = "stat_mod", stat = "bravery", value = 1 },
  { kind = "stat_mod", stat = "wounds", value = 1 },
  { kind = "stat_mod", stat = "attacks", value = 1 },
  { kind = "stat_mod", stat = "range", value = 2, weapons = "missile" },
  { kind = "stat_mod", stat = "rend", value = -1 },
  { kind = "stat_mod", stat = "damage", value = 1 },
] }] }]
"""  # noqa: E501


def table(near: bool = True, step: str = "movement", active: str = "A") -> AgeOfSigmarState:
    """A's banner (A1) beside Judicators (A2) and a Battlemage (A3) (``near``), or 20" away;
    Liberators (B1) 25" from the Judicators, a Sorcerer Lord (B5) 11" from them."""
    return position(
        [
            unit("A1", "war_banner", [(20, 10) if near else (45, 2)]),
            unit("A2", "judicators", row(16, 13, 5, 2.0)),
            unit("A3", "battlemage", [(26, 10.5)]),
        ],
        [
            unit("B1", "liberators", row(16, 39.6, 2, 2.0)),
            unit("B5", "chaos_sorcerer_lord", [(34, 20)]),
        ],
        step=step,
        active=active,
        extra=BANNER,
    )


def _a2(state: AgeOfSigmarState):  # type: ignore[no-untyped-def]
    return state.rt.unit_by_id("A2")


def test_section_3_2_aura_reaches_friendly_units_within_range_only() -> None:
    near, far = table(True), table(False)
    assert given(near.battle, near.rt, _a2(near))
    assert not given(far.battle, far.rt, _a2(far))
    b5 = near.rt.unit_by_id("B5")
    assert not given(near.battle, near.rt, b5)  # who = friendly; B5 is no ORDER unit either
    kinds = {
        (type(e).__name__, getattr(e, "roll", getattr(e, "stat", "")))
        for _, e in given(near.battle, near.rt, _a2(near))
    }
    assert ("RollMod", "hit") in kinds and ("StatMod", "damage") in kinds
    assert all(isinstance(e, (RollMod, StatMod)) for _, e in given(near.battle, near.rt, _a2(near)))


def test_aos_11_4_aura_hit_wound_attacks_rend_damage_reach_the_attack_profile() -> None:
    """AOS-11.4 steps 1, 2 and 4, section 3.2: +1 hit, +1 wound, +1 attack, rend -1, damage +1."""
    near, far = table(True), table(False)
    with_aura, _ = attack_numbers(
        near.battle, near.rt, _a2(near), near.rt.unit_by_id("B5"), "missile"
    )
    plain, _ = attack_numbers(far.battle, far.rt, _a2(far), far.rt.unit_by_id("B5"), "missile")
    (p,), (q,) = with_aura, plain
    assert (p.hit_mod, p.wound_mod, p.extra_attacks) == (q.hit_mod + 1, q.wound_mod + 1, 1)
    assert p.rend == q.rend - 1
    assert p.damage.minimum == q.damage.minimum + 1


def test_aos_11_4_aura_save_modifier_reaches_the_attacks_against_the_unit() -> None:
    """AOS-11.4 step 3: +1 to A2's save rolls against B5's attacks (resolved as the battle
    does, range aside)."""
    from bitva.games.age_of_sigmar.battle.attacks import situation
    from bitva.games.age_of_sigmar.battle.characteristics import live_spec
    from bitva.games.age_of_sigmar.calculator.resolve import resolve

    mods = []
    for state in (table(True), table(False)):
        b5, a2 = state.rt.unit_by_id("B5"), _a2(state)
        where = situation(state.battle, state.rt, b5, a2, "melee")
        spec, goal = live_spec(state.battle, state.rt, b5), live_spec(state.battle, state.rt, a2)
        (p,) = resolve(spec, goal, where).profiles
        mods.append(p.save_mod)
    assert mods[0] == mods[1] + 1


def test_aos_11_2_aura_range_bonus_brings_a_target_within_range() -> None:
    """AOS-11.2: Skybolt Bows (24") reach B1 about 25" away only with the aura's +2"."""
    near, far = table(True), table(False)
    assert [u.id for u in legal_targets(near.battle, near.rt, _a2(near), "missile")] == [
        "B1",
        "B5",
    ]
    assert "B1" not in [u.id for u in legal_targets(far.battle, far.rt, _a2(far), "missile")]


def test_aos_6_2_aura_move_and_aos_12_3_wounds() -> None:
    near, far = table(True), table(False)
    assert move_of(near.battle, _a2(near), near.rt) == 6.0
    assert move_of(far.battle, _a2(far), far.rt) == 5.0
    model = _a2(near).models[0]
    assert wounds_of(near.battle, near.rt, _a2(near), model) == 3
    assert wounds_of(far.battle, far.rt, _a2(far), _a2(far).models[0]) == 2


def test_aos_10_2_aura_bravery_and_battleshock_modifier() -> None:
    """AOS-10.2: +1 Bravery and -1 to the battleshock roll: Bravery 7 + 1 + 1."""
    near, far = table(True), table(False)
    assert bravery_of(near.battle, near.rt, _a2(near))[0] == 9
    assert bravery_of(far.battle, far.rt, _a2(far))[0] == 7


@pytest.mark.parametrize(("roll", "action", "die"), [("run", "run A2", "dice run 3")])
def test_aos_6_5_aura_run_roll(roll: str, action: str, die: str) -> None:
    state = table(True)
    state.apply(action)
    state.apply(die)
    assert _a2(state).run_roll == 4


def test_aos_8_2_aura_charge_roll() -> None:
    """AOS-8.2, D-13: the charge 2D6 total with the aura's +1."""
    state = table(True, step="charge")
    state.apply("charge A2")
    state.apply("dice charge 7")
    assert _a2(state).charge_roll == 8


def test_aos_14_2_aura_cast_roll() -> None:
    """AOS-14.2: the Battlemage in the aura casts Arcane Bolt (5) on a 4 + 1."""
    state = table(True, step="hero")
    state.apply("cast A3 arcane-bolt")
    state.apply("dice cast 4")
    assert state.decision in ("unbind", "spell-target")


def test_aos_14_3_aura_unbind_roll() -> None:
    """AOS-14.3, D-24: in B's turn the Battlemage's unbinding roll of 8 + 1 beats a casting
    total of 8."""
    state = table(True, step="hero", active="B")
    state.apply("cast B5 arcane-bolt")
    state.apply("dice cast 8")
    assert state.decision == "unbind"
    state.apply("unbind A3")
    state.apply("dice unbind 8")  # 8 + 1 = 9 beats 8
    assert state.rt.spell is None and state.decision != "spell-target"


def test_aos_10_1_no_battleshock_from_an_aura_spares_the_test() -> None:
    """AOS-10.1 (Portal of Skulls' aura is tested in test_battle_abilities): a unit with models
    slain this turn takes no test while an aura's ``no_battleshock`` reaches it."""
    text = BANNER.replace(
        '{ kind = "roll_mod", roll = "hit", value = 1 },', '{ kind = "no_battleshock" },'
    )
    state = position(
        [unit("A1", "war_banner", [(20, 10)]), unit("A2", "judicators", row(16, 13, 5, 2.0))],
        [unit("B1", "liberators", row(16, 40, 2, 2.0))],
        extra=text,
        runtime="[position.units.A2]\nslain_this_turn = 2",
    )
    assert not needs_test(state.battle, state.rt, _a2(state))
