"""The owner's choice of casualties in the battle (AOS-10.2, AOS-12.2, AOS-12.4, D-16, D-17,
D-25, T-2, T-14, T-20): allocation and fleeing as decisions of the owner, void choices not
asked, the battle file's policy, and worked examples through the battle engine."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from bitva.core.errors import UnreadableAction
from bitva.core.rng import Rng
from bitva.games.age_of_sigmar.battle import allocation
from bitva.games.age_of_sigmar.battle.actions import CasualtyAction, parse_action
from bitva.games.age_of_sigmar.battle.attack_steps import AttackSteps, counts_from_faces
from bitva.games.age_of_sigmar.battle.casualties import fleeing
from bitva.games.age_of_sigmar.battle.resolution import pending
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from tests.age_of_sigmar.test_battle_sequence import position, row, unit

HAMMERS = {i: {"loadout": '"warhammer_shield"'} for i in range(5)}


def fight(
    attackers: dict[str, Any], defenders: dict[str, Any], extra: str = "", runtime: str = ""
) -> AgeOfSigmarState:
    """A1 about to attack B1 in the combat phase of A's turn."""
    return position(
        [attackers],
        [defenders],
        step="attack",
        phase="combat",
        extra=extra,
        runtime='unit = "A1"\npicker = "A"\n' + runtime,
    )


def t20(extra: str = "", n_attackers: int = 2) -> AgeOfSigmarState:
    """T-20: five Blood Warriors (W2, Sv 4+), the last with 1 wound left, attacked by
    Liberators with Warhammers."""
    libs = unit("A1", "liberators", row(20, 20, n_attackers, 2.0), HAMMERS)
    warriors = unit("B1", "blood_warriors", row(20, 21.6, 5, 2.0))
    return fight(libs, warriors, extra, "[position.units.B1]\nwounds_taken = { m5 = 1 }")


def force_unsaved(state: AgeOfSigmarState, unsaved: int) -> None:
    """Every attack hits and wounds; ``unsaved`` saves of the first save roll fail (dice
    forced, D-38)."""
    while state.decision == "attack-dice":
        node = pending(state.rt).roll()
        assert node is not None
        counts = [0] * len(node.classes)
        if node.step == "save":  # once: a strike-back's saves (No Respite) are all made
            counts[0], counts[-1] = unsaved, node.dice - unsaved
            unsaved = 0
        else:
            counts[-1] = node.dice
        state.apply(f"dice {node.step} " + "/".join(map(str, counts)))


def candidates(state: AgeOfSigmarState) -> list[str]:
    return [str(a) for a in state.candidate_actions(Rng(0), 16)]


def test_t_20_pool_3_is_the_defenders_decision() -> None:
    """AOS-12.2, D-17, T-20: pool 3 on the Blood Warriors waits for B's allocation; the
    wounded_first order slays 2, the min_slain order 1."""
    results = {}
    for choice in ("allocate B1 m5 m1", "allocate B1 m1 m2"):
        state = t20()
        state.apply("attack A1 at B1")
        force_unsaved(state, 3)
        assert state.decision == "allocate" and state.current_player == 2
        assert candidates(state) == ["allocate B1 m5 m1", "allocate B1 m1 m2"]
        events = state.play(state.parse_action(choice))
        damage = next(e for e in events if e.kind == "damage")
        assert damage.data["pool"] == 3
        results[choice] = damage.data["slain"]
        assert state.rt.allocation is None and state.decision != "allocate"
    assert results == {"allocate B1 m5 m1": ["B1.5", "B1.1"], "allocate B1 m1 m2": ["B1.1"]}


def test_d_17_candidates_one_per_distinct_result_leaders_last_among_them() -> None:
    """D-17, D-25: the Liberator-Prime and m5 have 1 wound left; pool 3: wounded_first slays
    both and wounds m2, min_slain slays m2 and wounds m3, leaders_last slays m5 and m2 (the
    Prime kept)."""
    prime = {0: {"loadout": '"warhammer_shield"', "champion": "true"}}
    libs = unit("A1", "liberators", row(20, 20, 5, 2.0), {**HAMMERS, **prime})
    reavers = unit("B1", "bloodreavers", row(20, 21.6, 5, 2.0))
    runtime = "[position.units.A1]\nwounds_taken = { m1 = 1, m5 = 1 }"
    state = position([reavers], [libs], step="hero", runtime=runtime)
    rt, slain = allocation.wound(state.battle, state.rt, "A1", 3, "bolt")
    assert slain is None
    state.rt = rt
    assert candidates(state) == ["allocate A1 m5 m1 m2", "allocate A1 m2 m3", "allocate A1 m5 m2"]


def test_t_20_pool_4_is_void_and_not_asked() -> None:
    """D-16, D-17, T-20: pool 4 slays 2 whatever the order, leaving 3 models with 5 wounds:
    the choice is void and the engine goes on."""
    state = t20(n_attackers=3)
    state.apply("attack A1 at B1")
    force_unsaved(state, 4)
    assert state.decision != "allocate"
    left = state.rt.unit_by_id("B1").alive
    assert len(left) == 3 and sum(2 - m.wounds_taken for m in left) == 5


def test_aos_12_2_a_pool_that_slays_the_whole_unit_is_not_asked() -> None:
    state = t20(n_attackers=5)
    state.apply("attack A1 at B1")
    force_unsaved(state, 9)
    assert state.decision != "allocate" and not state.rt.unit_by_id("B1").alive


def test_aos_12_2_alike_models_are_not_asked() -> None:
    """AOS-12.2: Bloodreavers without a champion or icon are alike: which one is slain is the
    D-17 default, not a decision."""
    libs = unit("A1", "liberators", row(20, 20, 2, 2.0), HAMMERS)
    reavers = unit("B1", "bloodreavers", row(20, 21.6, 5, 2.0))
    state = fight(libs, reavers)
    state.apply("attack A1 at B1")
    force_unsaved(state, 2)
    assert state.decision != "allocate"
    assert [m.id for m in state.rt.unit_by_id("B1").models if not m.on_table] == ["B1.1", "B1.2"]


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("allocate B1 m5", "AOS-12.2"),  # 1 wound of 3
        ("allocate B1 m5 m1 m2", "AOS-12.2"),  # m2 takes none
        ("allocate B1 m5 m5 m1", "AOS-12.2"),
        ("allocate B1 m9 m1", "AOS-12.3"),
        ("allocate A1 m1 m2", "AOS-12.2"),
        ("done", "AOS-12.2"),
    ],
)
def test_aos_12_2_an_allocation_must_spend_the_pool_on_models_of_the_unit(
    text: str, rule: str
) -> None:
    state = t20()
    state.apply("attack A1 at B1")
    force_unsaved(state, 3)
    refused = state.check(state.parse_action(text))
    assert refused is not None and refused.rule == rule


def test_aos_12_2_casualty_actions_round_trip() -> None:
    for text in ("allocate B1 m3 m1 m2", "flee B2 m5 m4"):
        action = parse_action(text)
        assert isinstance(action, CasualtyAction) and str(action) == text
    assert str(parse_action("ALLOCATE B1 M2")) == "allocate B1 m2"
    with pytest.raises(UnreadableAction):
        parse_action("allocate B1 m0")


def test_d_17_the_battle_files_policy_allocates_without_asking() -> None:
    """D-17: ``[options] allocation = "min_slain"``: the engine allocates (1 slain)."""
    state = t20(extra='[options]\nallocation = "min_slain"')
    state.apply("attack A1 at B1")
    force_unsaved(state, 3)
    assert state.decision != "allocate"
    assert [m.id for m in state.rt.unit_by_id("B1").models if not m.on_table] == ["B1.1"]


def test_aos_12_4_a_spells_mortal_wounds_are_allocated_by_the_owner() -> None:
    """AOS-12.4, T-9: Arcane Bolt's 3 mortal wounds on five Liberators, one with 1 wound left:
    A allocates (wounded_first slays 2, min_slain 1), then the hero phase goes on."""
    state = position(
        [unit("A1", "liberators", row(10, 10, 5, 2.0), HAMMERS)],
        [unit("B1", "chaos_sorcerer_lord", [(10, 30)])],
        step="hero",
        active="B",
        runtime="[position.units.A1]\nwounds_taken = { m5 = 1 }",
    )
    rt, slain = allocation.wound(state.battle, state.rt, "A1", 3, "bolt")
    assert slain is None and rt.step == "allocate"
    state.rt = rt
    assert state.current_player == 1
    assert candidates(state) == ["allocate A1 m5 m1", "allocate A1 m1 m2"]
    events = state.play(state.parse_action("allocate A1 m1 m2"))
    assert events[0].kind == "mortal-wounds" and events[0].data["slain"] == ["A1.1"]
    assert state.rt.allocation is None and state.rt.step == "hero"


SMITER = """
[[warscroll]]
id = "smiter"
name = "Smiter"
keywords = ["ORDER", "HERO"]
stats = { move = 5, save = 5, bravery = 7, wounds = 4, base_mm = 32 }
melee = [["Staff", 1, 1, 4, 4, 0, 1]]
loadouts = [{ id = "default", weapons = ["Staff"] }]
abilities = [
  { name = "Smite", effects = [{ kind = "activated", phase = "hero", target = "enemy_unit", range = 24, duration = "phase", effects = [{ kind = "mortal_wounds", amount = 3 }] }] },
  { name = "Blast", effects = [{ kind = "activated", phase = "shooting", target = "enemy_unit", range = 24, duration = "phase", effects = [{ kind = "mortal_wounds", amount = "D3" }] }] },
]
"""  # noqa: E501


def smiter(step: str = "hero", extra: str = "") -> AgeOfSigmarState:
    """A's Smiter (A1) and five Liberators of B (B1), the last with 1 wound left (T-9's
    numbers: 3 wounds slay 2 wounded first, 1 otherwise)."""
    return position(
        [unit("A1", "smiter", [(10, 10)])],
        [unit("B1", "liberators", row(10, 25, 5, 2.0), HAMMERS)],
        step=step,
        extra=SMITER + extra,
        runtime="[position.units.B1]\nwounds_taken = { m5 = 1 }",
    )


def test_aos_12_4_an_abilitys_mortal_wounds_are_allocated_by_the_owner() -> None:
    """AOS-12.4, D-17: an activated ability's 3 mortal wounds (A's hero phase) wait for B's
    allocation, as an attack's would; then removal, and on as when the engine allocates."""
    state = smiter()
    state.apply("use A1 smite B1")
    assert state.decision == "allocate" and state.current_player == 2
    assert candidates(state) == ["allocate B1 m5 m1", "allocate B1 m1 m2"]
    events = state.apply("allocate B1 m1 m2")
    assert [(e.kind, e.data) for e in events] == [
        ("mortal-wounds", {"unit": "B1", "wounds": 3, "slain": ["B1.1"]})
    ]
    b1 = state.rt.unit_by_id("B1")
    assert [m.wounds_taken for m in b1.models] == [0, 1, 0, 0, 1]
    assert state.rt.allocation is None
    policy = smiter(extra='[options]\nallocation = "min_slain"')
    policy.apply("use A1 smite B1")
    assert state.rt == policy.rt  # on as when the engine allocates (the hero phase is over)


def test_aos_12_4_an_abilitys_rolled_mortal_wounds_are_allocated_by_the_owner() -> None:
    """AOS-12.4, D-17: an ability of the shooting phase's window with D3 mortal wounds: rolled
    3, B allocates, then the window goes on as when the engine allocates."""
    state = smiter(step="movement")
    state.apply("done")
    state.apply("use A1 blast B1")
    state.apply("dice mortal 3")
    assert state.decision == "allocate" and state.current_player == 2
    events = state.apply("allocate B1 m5 m1")
    assert events[0].data == {"unit": "B1", "wounds": 3, "slain": ["B1.5", "B1.1"]}
    assert state.rt.allocation is None and state.rt.spell is None
    policy = smiter(step="movement", extra='[options]\nallocation = "wounded_first"')
    for action in ("done", "use A1 blast B1", "dice mortal 3"):
        policy.apply(action)
    assert state.rt == policy.rt  # on as when the engine allocates (to B's battleshock)


def test_d_17_an_abilitys_mortal_wounds_under_a_policy_are_not_asked() -> None:
    """``[options] allocation = "min_slain"``: the engine allocates an ability's mortal wounds
    itself (1 slain), as it does an attack's."""
    state = smiter(extra='[options]\nallocation = "min_slain"')
    events = state.apply("use A1 smite B1")
    assert state.decision != "allocate"
    assert next(e for e in events if e.kind == "mortal-wounds").data["slain"] == ["B1.1"]


def thirteen(extra: str = "") -> AgeOfSigmarState:
    """T-4: 13 Bloodreavers, the last an icon bearer, 7 slain this turn, at their test."""
    from bitva.games.age_of_sigmar.battle.sequence import enter

    state = position(
        [unit("A1", "liberators", [(10, 10)])],
        [unit("B1", "bloodreavers", row(10, 40, 13, 1.3), {12: {"tags": '["icon"]'}})],
        extra=extra,
        runtime="[position.units.B1]\nslain_this_turn = 7",
    )
    state.rt = enter(state.battle, state.rt, "battleshock")
    return state


def test_aos_10_2_the_owner_picks_who_flees() -> None:
    """AOS-10.2, D-25, T-4: with an icon bearer alive 4 flee on a 4; B picks them (the D-25
    order is the candidate) and may let the icon bearer go."""
    state = thirteen()
    assert fleeing(state.battle, state.rt, state.rt.unit_by_id("B1"), 4) == 4
    state.apply("dice battleshock 4")
    assert state.decision == "flee" and state.current_player == 2
    assert candidates(state) == ["flee B1 m12 m11 m10 m9"]
    refused = state.check(state.parse_action("flee B1 m13 m1"))
    assert refused is not None and refused.rule == "AOS-10.2"
    events = state.play(state.parse_action("flee B1 m13 m1 m2 m3"))
    assert events[0].kind == "battleshock" and events[0].data["fled"] == [
        "B1.13",
        "B1.1",
        "B1.2",
        "B1.3",
    ]
    b1 = state.rt.unit_by_id("B1")
    assert len(b1.alive) == 9 and [m.status for m in b1.models].count("fled") == 4  # D-25


def test_d_25_fleeing_alike_models_is_not_asked() -> None:
    """D-25: thirteen alike Bloodreavers: who flees is void; the last listed go."""
    from bitva.games.age_of_sigmar.battle.sequence import enter

    state = position(
        [unit("A1", "liberators", [(10, 10)])],
        [unit("B1", "bloodreavers", row(10, 40, 13, 1.3))],
        runtime="[position.units.B1]\nslain_this_turn = 7",
    )
    state.rt = enter(state.battle, state.rt, "battleshock")
    events = state.play(state.parse_action("dice battleshock 4"))
    assert events[0].data["fled"] == ["B1.13", "B1.12", "B1.11", "B1.10", "B1.9"]


def test_d_25_a_policy_flees_in_the_d_25_order_without_asking() -> None:
    state = thirteen('[options]\nallocation = "wounded_first"')
    events = state.play(state.parse_action("dice battleshock 4"))
    assert events[0].data["fled"] == ["B1.12", "B1.11", "B1.10", "B1.9"]


# -- worked examples through the battle engine ---------------------------------------------------
def test_t_2_reroll_before_modifiers_once_in_a_battle_attack() -> None:
    """AOS-1.6, D-19, T-2: the Liberator-Prime's Paired Warblades (3 attacks, 3+, re-roll 1s)
    against the Khorgorath (Lay Low the Tyrants +1): hit dice 1, 1, 2, re-rolls 2, 1: two
    hits; wounds 6, 6; saves 1, 1: 2 damage."""
    prime = unit(
        "A1",
        "liberators",
        [(20, 20)],
        {0: {"loadout": '"paired_warblades"', "champion": "true"}},
    )
    state = fight(prime, unit("B1", "khorgorath", [(20, 22.5)]))
    state.apply("attack A1 at B1")
    node = pending(state.rt).roll()
    assert node is not None and node.step == "hit" and node.dice == 3
    events: list[object] = []
    faces = [1, 1, 2, 2, 1, 6, 6, 1, 1]
    while state.decision == "attack-dice":
        node = pending(state.rt).roll()
        assert node is not None
        taken, faces = faces[: node.dice], faces[node.dice :]
        counts = counts_from_faces(node, taken)
        events += state.play(state.parse_action(f"dice {node.step} " + "/".join(map(str, counts))))
    damage = next(e for e in events if getattr(e, "kind", "") == "damage")
    assert damage.data["hits"] == 2 and damage.data["wounds"] == 2  # type: ignore[attr-defined]
    assert damage.data["pool"] == 2  # type: ignore[attr-defined]
    assert state.rt.unit_by_id("B1").models[0].wounds_taken == 2


def pool_distribution(steps: AttackSteps) -> dict[int, Fraction]:
    """The exact distribution of the first target's pool over the battle's chance nodes."""
    out: dict[int, Fraction] = {}

    def walk(s: AttackSteps, p: Fraction) -> None:
        if s.roll() is None:
            pool = s.result().targets[0].pool
            out[pool] = out.get(pool, Fraction(0)) + p
            return
        for counts, q in s.outcomes():
            walk(s.advance(counts), p * q)

    walk(steps, Fraction(1))
    return out


def chance_steps(state: AgeOfSigmarState, action: str) -> AttackSteps:
    state.apply(action)
    return pending(state.rt)


def mean(dist: dict[int, Fraction]) -> Fraction:
    return sum((k * p for k, p in dist.items()), Fraction(0))


def test_t_14a_the_battles_chance_nodes_give_the_calculators_numbers() -> None:
    """T-14(a): five Liberators with Warhammers (11 attacks) against 10 Bloodreavers: the
    battle's attack nodes give E[W] = 55/18 and P(W = 0) = (13/18)^11."""
    prime = {0: {"loadout": '"warhammer_shield"', "champion": "true"}}
    libs = unit("A1", "liberators", row(20, 20, 5, 2.0), {**HAMMERS, **prime})
    reavers = unit("B1", "bloodreavers", row(20, 21.6, 5, 2.0) + row(20, 23.2, 5, 2.0))
    dist = pool_distribution(chance_steps(fight(libs, reavers), "attack A1 at B1"))
    assert sum(dist.values()) == 1
    assert mean(dist) == Fraction(55, 18)
    assert dist[0] == Fraction(13, 18) ** 11


def test_t_14e_runeblade_against_the_khorgorath_in_a_battle() -> None:
    """T-14(e): the Lord-Celestant's Runeblade (4 attacks) against the Khorgorath: 8/27 a
    attack, E[W] = 32/27, P(W = 0) = 130321/531441 (the Warhammer kept out: its own model
    attacks with both weapons, so only the Runeblade's profile is walked)."""
    state = fight(unit("A1", "lord_celestant", [(20, 20)]), unit("B1", "khorgorath", [(20, 22.6)]))
    steps = chance_steps(state, "attack A1 at B1")
    blade = [t for t in steps.attacks[0].profiles if t.name == "Sigmarite Runeblade"]
    assert len(blade) == 1
    from bitva.games.age_of_sigmar.battle.attack_steps import TargetAttacks, plan_steps

    alone = plan_steps([TargetAttacks(tuple(blade), steps.attacks[0].target)], steps.options)
    dist = pool_distribution(alone)
    assert mean(dist) == Fraction(32, 27)
    assert dist[0] == Fraction(130321, 531441)


def test_t_14b_paired_warhammers_in_a_battle() -> None:
    """T-14(b): five Liberators with Paired Warhammers against 10 Bloodreavers: E[W] =
    385/108 from the battle's attack nodes."""
    paired = {i: {"loadout": '"paired_warhammers"'} for i in range(5)}
    libs = unit(
        "A1", "liberators", row(20, 20, 5, 2.0), {**paired, 0: {**paired[0], "champion": "true"}}
    )
    reavers = unit("B1", "bloodreavers", row(20, 21.6, 5, 2.0) + row(20, 23.2, 5, 2.0))
    dist = pool_distribution(chance_steps(fight(libs, reavers), "attack A1 at B1"))
    assert mean(dist) == Fraction(385, 108)


def test_t_14d_two_grandhammer_attacks_in_a_battle() -> None:
    """T-14(d): one Grandhammer (2 attacks, Damage 2) against Bloodreavers: W = 0, 2, 4 with
    4/9, 4/9, 1/9."""
    libs = unit("A1", "liberators", [(20, 20)], {0: {"loadout": '"grandhammer"'}})
    reavers = unit("B1", "bloodreavers", row(19, 21.6, 2, 2.0))
    dist = pool_distribution(chance_steps(fight(libs, reavers), "attack A1 at B1"))
    assert dist == {0: Fraction(4, 9), 2: Fraction(4, 9), 4: Fraction(1, 9)}
