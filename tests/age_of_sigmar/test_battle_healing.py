"""Healing in the hero phase with a dice amount (section 3.2 ``heal``, ``trigger =
"hero_phase"``; AOS-12.5, D-40, D-27), with a test warscroll."""

from __future__ import annotations

from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from tests.age_of_sigmar.test_battle_sequence import position, row, unit

TROLL = """
[[warscroll]]
id = "troll"
name = "Troll"
keywords = ["DESTRUCTION", "MONSTER"]
stats = { move = 6, save = 5, bravery = 5, wounds = 4, base_mm = 50 }
melee = [["Club", 1, 3, 4, 3, -1, 2]]
loadouts = [{ id = "default", weapons = ["Club"] }]
abilities = [{ name = "Regeneration", effects = [{ kind = "heal", amount = "D3", trigger = "hero_phase" }] }]
"""  # noqa: E501


def trolls(wounds: str) -> AgeOfSigmarState:
    """A's movement phase; B's two Trolls (B1) with ``wounds`` suffered, far from A1."""
    return position(
        [unit("A1", "liberators", row(10, 5, 2, 2.0))],
        [unit("B1", "troll", row(10, 40, 2, 3.0))],
        extra=TROLL,
        runtime=f"[position.units.B1]\nwounds_taken = {{ {wounds} }}",
    )


def _to_b_hero(state: AgeOfSigmarState) -> None:
    while state.rt.active == "A" and not state.is_chance:
        state.apply("done")


def test_aos_12_5_a_dice_heal_in_the_hero_phase_is_a_chance_node() -> None:
    """AOS-12.5, D-40: as B's hero phase starts, Regeneration heals D3 (three outcomes); a roll
    of 3 heals the worst wounded first and never below 0 (m1: 3 -> 0, m2: 1 -> 1)."""
    state = trolls("m1 = 2, m2 = 1")
    _to_b_hero(state)
    assert state.decision == "heal-roll"
    outcomes = state.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == ["dice heal 1", "dice heal 2", "dice heal 3"]
    state.apply("dice heal 3")
    assert [m.wounds_taken for m in state.rt.unit_by_id("B1").models] == [0, 0]
    assert state.rt.active == "B" and state.decision == "movement"  # nothing else to do


def test_d_40_healing_stops_at_no_wounds_suffered() -> None:
    state = trolls("m2 = 1")
    _to_b_hero(state)
    state.apply("dice heal 2")
    assert [m.wounds_taken for m in state.rt.unit_by_id("B1").models] == [0, 0]


def test_aos_12_5_an_unwounded_unit_rolls_no_heal() -> None:
    state = trolls("m1 = 0")
    _to_b_hero(state)
    assert state.decision != "heal-roll" and state.rt.active == "B"


def test_aos_12_5_a_dice_heal_event_says_the_roll() -> None:
    state = trolls("m1 = 3")
    _to_b_hero(state)
    events = state.apply("dice heal 2")
    assert any(e.kind == "healed" and e.data["wounds"] == 2 for e in events)


GORGER = """
[[warscroll]]
id = "gorger"
name = "Gorger"
keywords = ["DESTRUCTION", "MONSTER"]
stats = { move = 6, save = 5, bravery = 5, wounds = 6, base_mm = 50 }
melee = [["Jaws", 1, 2, 3, 3, 0, 1]]
loadouts = [{ id = "default", weapons = ["Jaws"] }]
abilities = [{ name = "Devour", effects = [{ kind = "heal", amount = "D3", trigger = "on_slay" }] }]
"""


def test_aos_12_5_a_dice_heal_after_attacks_that_slay_is_a_chance_node() -> None:
    """AOS-12.5 (``trigger = "on_slay"``): the wounded Gorger (A1) slays a Bloodreaver; its D3
    heal is rolled once the pool is allocated, then the combat phase goes on."""
    state = position(
        [unit("A1", "gorger", [(20, 10)])],
        [unit("B1", "bloodreavers", row(19.2, 12.3, 2, 1.6))],
        step="attack",
        phase="combat",
        extra=GORGER,
        runtime='unit = "A1"\npicker = "A"\n[position.units.A1]\nwounds_taken = { m1 = 3 }',
    )
    state.apply("attack A1 at B1")
    for dice in ("hit 0/2", "wound 0/2", "save 2/0"):
        state.apply(f"dice {dice}")
    if state.decision == "allocate":
        state.apply(state.candidate_actions(state.rng, 4)[0])
    assert state.decision == "heal-roll"
    assert [str(a) for a, _ in state.chance_outcomes()] == [
        "dice heal 1",
        "dice heal 2",
        "dice heal 3",
    ]
    events = state.apply("dice heal 2")
    assert any(e.kind == "healed" and e.data["wounds"] == 2 for e in events)
    assert state.rt.unit_by_id("A1").models[0].wounds_taken == 1
    assert state.rt.attack is None and state.decision != "heal-roll"


def test_aos_12_5_no_heal_roll_when_nothing_is_slain() -> None:
    state = position(
        [unit("A1", "gorger", [(20, 10)])],
        [unit("B1", "bloodreavers", row(19.2, 12.3, 2, 1.6))],
        step="attack",
        phase="combat",
        extra=GORGER,
        runtime='unit = "A1"\npicker = "A"\n[position.units.A1]\nwounds_taken = { m1 = 3 }',
    )
    state.apply("attack A1 at B1")
    for dice in ("hit 0/2", "wound 0/2", "save 0/2"):
        state.apply(f"dice {dice}")
    assert state.decision != "heal-roll"
    assert state.rt.unit_by_id("A1").models[0].wounds_taken == 3
