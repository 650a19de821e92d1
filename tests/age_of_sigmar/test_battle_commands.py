"""Command abilities of the general's warscroll in the battle (AOS-5.3, section 3.1
``command_abilities``, D-26). No shipped warscroll has one: these test warscrolls do."""

from __future__ import annotations

from dataclasses import replace

from bitva.core.rng import Rng
from bitva.games.age_of_sigmar.battle.characteristics import bravery_of, move_of
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from tests.age_of_sigmar.test_battle_sequence import position, row, unit

WARLORD = """
[[warscroll]]
id = "warlord"
name = "Warlord"
keywords = ["ORDER", "HERO"]
stats = { move = 5, save = 4, bravery = 8, wounds = 5, base_mm = 40 }
melee = [["Sword", 1, 3, 3, 3, -1, 1]]
loadouts = [{ id = "default", weapons = ["Sword"] }]
command_abilities = [
  { name = "Forward to Victory", range = 12, duration = "turn", effects = [{ kind = "stat_mod", stat = "move", value = 2 }] },
  { name = "Hold the Line", effects = [{ kind = "aura", range = 6, who = "friendly", include_self = true, effects = [{ kind = "stat_mod", stat = "bravery", value = 2 }] }] },
  { name = "Volley", phase = "shooting", range = 12, duration = "phase", effects = [{ kind = "roll_mod", roll = "hit", value = 1 }] },
]
"""  # noqa: E501


def battle(general_alive: bool = True) -> AgeOfSigmarState:
    """A's hero phase: the Warlord (A1, general) with Liberators (A2) 4" away and Judicators
    (A3) 20" away; Bloodreavers (B1) far off."""
    runtime = 'generals = ["A1.1"]'
    if not general_alive:  # A1 is two Warlords, the general (model 1) slain
        removed = 'removed = [{ model = 1, status = "slain", loadout = "default" }]'
        runtime += f"\n[position.units.A1]\n{removed}"
    return position(
        [
            unit("A1", "warlord", [(10, 10)]),
            unit("A2", "liberators", row(10, 15, 2, 2.0)),
            unit("A3", "judicators", row(30, 10, 2, 2.0)),
        ],
        [unit("B1", "bloodreavers", row(10, 40, 2, 1.6))],
        step="hero",
        extra=WARLORD,
        runtime=runtime,
    )


def test_aos_5_3_the_generals_command_abilities_are_offered_with_their_targets() -> None:
    state = battle()
    offered = [str(a) for a in state.candidate_actions(state.rng, 30)]
    assert "command A1 forward-to-victory A2" in offered
    assert "command A1 forward-to-victory A1" in offered
    assert "command A1 forward-to-victory A3" not in offered  # 18" away: not within 12" (D-26)
    assert "command A1 hold-the-line" in offered
    assert not any("volley" in a for a in offered)  # a shooting phase command ability
    refused = state.check(state.parse_action("command A1 forward-to-victory A3"))
    assert refused is not None and refused.rule == "D-26"


def test_aos_5_3_a_command_ability_holds_for_its_duration_and_spends_the_turns_command() -> None:
    """AOS-5.3: one command ability a turn: after Forward to Victory on A2 (+2" Move this turn),
    Inspiring Presence is refused too."""
    state = battle()
    state.apply("command A1 forward-to-victory A2")
    rt = state.rt
    assert move_of(state.battle, rt.unit_by_id("A2"), rt) == 7.0
    assert move_of(state.battle, rt.unit_by_id("A3"), rt) == 5.0
    (effect,) = rt.unit_by_id("A2").effects
    assert (effect.name, effect.source, effect.expiry) == ("forward-to-victory", "A1", "turn:A")
    assert rt.command_used and state.decision == "movement"  # nothing else to do in the hero phase
    state.rt = replace(rt, step="hero", phase="hero")
    refused = state.check(state.parse_action("inspire A2"))
    assert refused is not None and refused.rule == "AOS-5.3"
    refused = state.check(state.parse_action("command A1 hold-the-line"))
    assert refused is not None and refused.rule == "AOS-5.3"


def test_aos_5_3_a_command_ability_without_range_acts_from_the_generals_unit() -> None:
    """Hold the Line: an aura of +2 Bravery around the general until A's next hero phase."""
    state = battle()
    before = bravery_of(state.battle, state.rt, state.rt.unit_by_id("A2"))[0]
    state.apply("command A1 hold-the-line")
    rt = state.rt
    assert rt.unit_by_id("A1").has_effect("hold-the-line")
    assert bravery_of(state.battle, rt, rt.unit_by_id("A2"))[0] == before + 2
    assert bravery_of(state.battle, rt, rt.unit_by_id("A1"))[0] == 10  # include_self
    far = rt.unit_by_id("A3")
    assert bravery_of(state.battle, rt, far)[0] == 7


def test_d_26_a_slain_general_has_no_command_abilities() -> None:
    state = battle(general_alive=False)
    refused = state.check(state.parse_action("command A1 hold-the-line"))
    assert refused is not None and refused.rule == "D-26"


def test_aos_5_3_a_command_ability_of_another_phase_is_used_as_that_phase_starts() -> None:
    """Volley (shooting phase): as A's shooting phase starts, A decides in the ability window;
    then shooting goes on."""
    state = position(
        [
            unit("A1", "warlord", [(10, 10)]),
            unit("A3", "judicators", row(14, 10, 2, 2.0)),
        ],
        [unit("B1", "bloodreavers", row(10, 30, 2, 1.6))],
        step="movement",
        extra=WARLORD,
        runtime='generals = ["A1.1"]',
    )
    state.apply("done")
    assert state.decision == "ability" and state.current_player == 1
    offered = [str(a) for a in state.candidate_actions(state.rng, 9)]
    assert offered == ["command A1 volley A1", "command A1 volley A3", "done"]
    state.apply("command A1 volley A3")
    assert state.rt.command_used
    assert state.decision == "shooting"
    assert state.rt.unit_by_id("A3").has_effect("volley")


def test_aos_12_4_a_command_abilitys_mortal_wounds_are_allocated_by_the_owner() -> None:
    """AOS-12.4, D-17: a command ability whose effect is mortal wounds on its target (here a
    price in blood paid by a friendly unit within 12") waits for the owner's allocation where
    it matters, as an attack's damage does (T-9's numbers: 3 wounds slay 2 with the wounded
    model first, 1 otherwise); then the hero phase goes on."""
    price = (
        '  { name = "Blood Price", range = 12, duration = "phase", '
        'effects = [{ kind = "mortal_wounds", amount = 3 }] },\n'
    )
    scroll = WARLORD.replace("command_abilities = [\n", "command_abilities = [\n" + price)
    runtime = 'generals = ["A1.1"]\n[position.units.A2]\nwounds_taken = { m5 = 1 }'
    state = position(
        [unit("A1", "warlord", [(10, 10)]), unit("A2", "liberators", row(10, 15, 5, 2.0))],
        [unit("B1", "bloodreavers", row(10, 40, 2, 1.6))],
        step="hero",
        extra=scroll,
        runtime=runtime,
    )
    state.apply("command A1 blood-price A2")
    assert state.decision == "allocate" and state.current_player == 1  # A owns A2
    offered = [str(a) for a in state.candidate_actions(Rng(0), 16)]
    assert offered == ["allocate A2 m5 m1", "allocate A2 m1 m2"]
    events = state.apply("allocate A2 m1 m2")  # the owner loses one model, not two
    assert [(e.kind, e.data) for e in events if e.kind == "mortal-wounds"] == [
        ("mortal-wounds", {"unit": "A2", "wounds": 3, "slain": ["A2.1"]})
    ]
    assert [m.wounds_taken for m in state.rt.unit_by_id("A2").models] == [0, 1, 0, 0, 1]
    assert state.rt.allocation is None and state.rt.command_used
    policy = position(
        [unit("A1", "warlord", [(10, 10)]), unit("A2", "liberators", row(10, 15, 5, 2.0))],
        [unit("B1", "bloodreavers", row(10, 40, 2, 1.6))],
        step="hero",
        extra=scroll + '[options]\nallocation = "min_slain"',
        runtime=runtime,
    )
    policy.apply("command A1 blood-price A2")
    assert policy.rt == state.rt  # then on as when the engine allocates
