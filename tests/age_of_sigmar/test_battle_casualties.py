"""Attacks, damage, battleshock in the battle (AOS-7, AOS-10 to AOS-13, D-16, D-17, D-22, D-25,
T-3, T-4, T-7, T-17, T-20), dice forced."""

from __future__ import annotations

from bitva.games.age_of_sigmar.battle.attack_steps import counts_from_faces
from bitva.games.age_of_sigmar.battle.attacks import legal_targets, situation
from bitva.games.age_of_sigmar.battle.casualties import (
    allocation_order,
    flee,
    fleeing,
    inflict,
    needs_test,
)
from bitva.games.age_of_sigmar.battle.resolution import pending
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from tests.age_of_sigmar.test_battle_sequence import position, row, unit

SETUP_2_F1 = (
    'feature = [{ id = "F1", name = "Obelisk", movement = "climb", height = 4, '
    "blocks_sight = true, polygon = [[33, 26], [39, 26], [39, 31], [33, 31]] }, "
    '{ id = "F4", name = "Temple Ruins", movement = "open", height = 0, '
    "polygon = [[52, 8], [62, 8], [62, 16], [52, 16]] }]"
)


def blood_warriors(policy: str) -> AgeOfSigmarState:
    """T-20: five Blood Warriors (W2), the last with 1 wound left."""
    return position(
        [unit("A1", "liberators", [(10, 10)])],
        [unit("B1", "blood_warriors", row(20, 40, 5, 1.8))],
        extra=f'[options]\nallocation = "{policy}"',
        runtime="[position.units.B1]\nwounds_taken = { m5 = 1 }",
    )


def test_t_20_pooled_damage_with_multi_wound_models() -> None:
    """D-16, D-17, T-20: pool 4 slays 2 either way, leaving 3 models with 5 wounds; pool 3:
    wounded_first slays 2, min_slain 1."""
    for policy in ("wounded_first", "min_slain"):
        state = blood_warriors(policy)
        rt, slain = inflict(state.battle, state.rt, "B1", 4)
        left = rt.unit_by_id("B1").alive
        assert len(slain) == 2 and len(left) == 3
        assert sum(2 - m.wounds_taken for m in left) == 5
    first = blood_warriors("wounded_first")
    assert len(inflict(first.battle, first.rt, "B1", 3)[1]) == 2
    least = blood_warriors("min_slain")
    assert len(inflict(least.battle, least.rt, "B1", 3)[1]) == 1


def test_d_16_a_damage_2_blow_can_slay_two_one_wound_models() -> None:
    state = position(
        [unit("A1", "liberators", [(10, 10)])], [unit("B1", "bloodreavers", row(20, 40, 3, 1.6))]
    )
    rt, slain = inflict(state.battle, state.rt, "B1", 2)
    assert len(slain) == 2 and rt.casualties == (0, 2)
    assert rt.unit_by_id("B1").slain_this_turn == 2


def test_d_17_ties_in_allocation_follow_the_d_25_order() -> None:
    """Ordinary models before icon bearers, the champion, the general (D-17, D-25)."""
    state = position(
        [unit("A1", "liberators", [(10, 10)])],
        [
            unit(
                "B1",
                "bloodreavers",
                row(20, 40, 4, 1.6),
                {0: {"champion": "true"}, 1: {"tags": '["icon"]'}},
            )
        ],
    )
    order = allocation_order(state.battle, state.rt, state.rt.unit_by_id("B1"), "wounded_first")
    assert order == [2, 3, 1, 0]


def thirteen(icon: bool) -> AgeOfSigmarState:
    models = {12: {"tags": '["icon"]'}} if icon else {}
    return position(
        [unit("A1", "liberators", [(10, 10)])],
        [unit("B1", "bloodreavers", row(10, 40, 13, 1.3), models)],
        runtime="[position.units.B1]\nslain_this_turn = 7",
    )


def test_t_4_battleshock() -> None:
    """AOS-10.2, T-4: 13 left after 7 slain, no icon: Bravery 5 + 1; die 4: 5 flee; with an
    icon, 4; under Inspiring Presence no test (AOS-5.3)."""
    plain = thirteen(icon=False)
    b1 = plain.rt.unit_by_id("B1")
    assert needs_test(plain.battle, plain.rt, b1)
    assert fleeing(plain.battle, plain.rt, b1, 4) == 5
    iconic = thirteen(icon=True)
    assert fleeing(iconic.battle, iconic.rt, iconic.rt.unit_by_id("B1"), 4) == 4
    inspired = position(
        [unit("A1", "liberators", [(10, 10)])],
        [unit("B1", "bloodreavers", row(10, 40, 13, 1.3))],
        runtime='[position.units.B1]\nslain_this_turn = 7\neffects = [["inspiring_presence", '
        '"general", "hero:B"]]',
    )
    assert not needs_test(inspired.battle, inspired.rt, inspired.rt.unit_by_id("B1"))


def test_t_4_three_left_after_eight_slain_all_flee() -> None:
    state = position(
        [unit("A1", "liberators", [(10, 10)])],
        [unit("B1", "bloodreavers", row(10, 40, 3, 1.3))],
        runtime="[position.units.B1]\nslain_this_turn = 8",
    )
    assert fleeing(state.battle, state.rt, state.rt.unit_by_id("B1"), 6) == 3


def test_d_25_fleeing_models_go_ordinary_first_and_are_not_slain() -> None:
    state = thirteen(icon=True)
    rt, fled = flee(state.battle, state.rt, "B1", 12)
    assert fled[:3] == ["B1.12", "B1.11", "B1.10"] and "B1.13" not in fled  # the icon last
    b1 = rt.unit_by_id("B1")
    assert b1.slain_this_turn == 7  # fled models are casualties, not slain (D-25)
    assert rt.casualties == (0, 12)
    assert [m.status for m in b1.models].count("fled") == 12


def test_aos_10_1_battleshock_is_a_chance_node_of_the_units_with_models_slain() -> None:
    """AOS-10.1, AOS-10.2: entering the battleshock phase, B1 (7 slain) rolls its D6 as a chance
    node; a 4 makes 5 flee."""
    from fractions import Fraction

    from bitva.core import CHANCE
    from bitva.games.age_of_sigmar.battle.sequence import enter

    state = thirteen(icon=False)
    state.rt = enter(state.battle, state.rt, "battleshock")
    assert state.current_player == CHANCE and state.rt.unit == "B1"
    assert [(str(a), p) for a, p in state.chance_outcomes()][3] == (
        "dice battleshock 4",
        Fraction(1, 6),
    )
    state.apply("dice battleshock 4")
    assert len(state.rt.unit_by_id("B1").alive) == 8


def test_t_17_a_target_must_be_visible_and_in_range() -> None:
    """AOS-11.2, GEO-8, T-17 on Setup 2's table: a Judicator at (36, 20) cannot see a
    Bloodreaver at (36, 36) past the Obelisk; one at (46, 36) it can."""
    hidden = position(
        [unit("A1", "judicators", [(36, 20)])],
        [unit("B1", "bloodreavers", [(36, 36)])],
        step="shooting",
        width=72,
        features=SETUP_2_F1,
    )
    a1 = hidden.rt.unit_by_id("A1")
    assert legal_targets(hidden.battle, hidden.rt, a1, "missile") == []
    refused = hidden.check(hidden.parse_action("shoot A1 at B1"))
    assert refused is not None and refused.rule == "AOS-11.2"
    seen = position(
        [unit("A1", "judicators", [(36, 20)])],
        [unit("B1", "bloodreavers", [(46, 36)])],
        step="shooting",
        width=72,
        features=SETUP_2_F1,
    )
    assert seen.check(seen.parse_action("shoot A1 at B1")) is None


def test_t_7_cover_and_the_charge_exception() -> None:
    """AOS-13.1, D-22, T-7: a Liberator wholly inside the Temple Ruins has cover, except in the
    combat phase of the turn it charged."""
    base = dict(width=72, features=SETUP_2_F1)
    charged = position(
        [unit("A1", "liberators", [(56, 12)])],
        [unit("B1", "bloodreavers", [(56, 14)])],
        step="combat",
        runtime='picker = "A"\n[position.units.A1]\nflags = ["charged"]',
        **base,  # type: ignore[arg-type]
    )
    rt = charged.rt
    where = situation(charged.battle, rt, rt.unit_by_id("B1"), rt.unit_by_id("A1"), "melee")
    assert where.cover and not where.cover_applies
    later = position(
        [unit("A1", "liberators", [(56, 12)])],
        [unit("B1", "bloodreavers", [(56, 14)])],
        step="combat",
        active="B",
        runtime='picker = "B"',
        **base,  # type: ignore[arg-type]
    )
    rt = later.rt
    where = situation(later.battle, rt, rt.unit_by_id("B1"), rt.unit_by_id("A1"), "melee")
    assert where.cover_applies


def test_t_3_attack_sequence_through_the_engine() -> None:
    """AOS-11, AOS-12, D-16, D-38, T-3: the Liberators' 21 dice as the battle's chance nodes:
    four Bloodreavers slain, two by one blow; then 2 of the 6 left would flee on a 3."""
    libs = unit(
        "A1",
        "liberators",
        row(20, 20, 5, 2.0),
        {
            0: {"loadout": '"warhammer_shield"', "champion": "true"},
            1: {"loadout": '"warhammer_shield"'},
            2: {"loadout": '"warhammer_shield"'},
            3: {"loadout": '"warhammer_shield"'},
            4: {"loadout": '"grandhammer"'},
        },
    )
    reavers = unit("B1", "bloodreavers", row(20, 21.6, 5, 2.0) + row(20, 23.2, 5, 2.0))
    state = position(
        [libs], [reavers], step="attack", phase="combat", runtime='unit = "A1"\npicker = "A"'
    )
    state.apply("attack A1 at B1")
    hits, wounds, saves, grand = (
        [1, 2, 3, 4, 4, 5, 6, 6, 2],
        [1, 3, 5, 6, 2],
        [6, 2, 4],
        [5, 3, 4, 6],
    )
    faces = [*hits, *wounds, *saves, *grand]
    while state.decision == "attack-dice":
        node = pending(state.rt).roll()
        assert node is not None
        taken, faces = faces[: node.dice], faces[node.dice :]
        counts = counts_from_faces(node, taken)
        state.apply(f"dice {node.step} " + "/".join(str(c) for c in counts))
    assert faces == []
    b1 = state.rt.unit_by_id("B1")
    assert len(b1.alive) == 6 and b1.slain_this_turn == 4
    assert fleeing(state.battle, state.rt, b1, 3) == 2


def test_aos_12_5_taker_of_heads_heals_when_its_attacks_slay() -> None:
    """AOS-12.5, D-40: the Khorgorath (``heal`` on_slay, 1) with 2 wounds suffered heals 1
    after its attacks slay, through :mod:`.healing`, the battle's one way to heal (casualties
    has no second, dead one); unwounded, it heals nothing (never below 0 wounds suffered)."""
    import bitva.games.age_of_sigmar.battle.casualties as casualties

    assert not hasattr(casualties, "heal")
    for wounds, healed_n, after in (("{ m1 = 2 }", 1, 1), ("{}", 0, 0)):
        state = position(
            [unit("A1", "liberators", row(20, 20, 2, 2.0))],
            [unit("B4", "khorgorath", [(21, 22.3)])],
            step="attack",
            phase="combat",
            runtime=f'unit = "B4"\npicker = "B"\n[position.units.B4]\nwounds_taken = {wounds}',
        )
        state.apply("attack B4 at A1")
        events = []
        for dice in ("hit 0/5", "wound 0/5", "save 5/0"):
            events += state.apply(f"dice {dice}")
        damage = next(e for e in events if e.kind == "damage")
        assert damage.data["slain"] == ["A1.1", "A1.2"]
        healed = [e.data for e in events if e.kind == "healed"]
        assert healed == ([{"unit": "B4", "wounds": healed_n}] if healed_n else [])
        assert state.rt.unit_by_id("B4").models[0].wounds_taken == after


def test_aos_7_1_a_unit_that_ran_may_not_shoot() -> None:
    state = position(
        [unit("A1", "judicators", row(20, 10, 2, 2.0))],
        [unit("B1", "bloodreavers", row(20, 25, 2, 1.6))],
        step="shooting",
        runtime='[position.units.A1]\nflags = ["moved", "ran"]',
    )
    refused = state.check(state.parse_action("shoot A1 at B1"))
    assert refused is not None and refused.rule == "AOS-6.4"


def test_d_37_shooting_within_3_inches_of_an_enemy_is_allowed() -> None:
    state = position(
        [unit("A1", "judicators", row(20, 10, 2, 2.0))],
        [unit("B1", "bloodreavers", row(20, 12, 2, 1.6))],
        step="shooting",
    )
    assert state.check(state.parse_action("shoot A1 at B1")) is None


def test_d_15_a_unit_with_no_target_after_piling_in_has_fought() -> None:
    """A unit that charged may be picked; out of reach after its pile-in it has still fought."""
    state = position(
        [unit("A1", "liberators", [(10, 10)]), unit("A2", "liberators", [(40, 10)])],
        [unit("B1", "bloodreavers", [(10, 20)]), unit("B2", "bloodreavers", [(40, 12)])],
        step="combat",
        runtime='picker = "A"\n[position.units.A1]\nflags = ["charged"]',
    )
    state.apply("fight A1")
    state.apply("pile-in A1 m1 10.000,10.000 10.000,13.000")
    assert state.rt.unit_by_id("A1").fought
    assert state.decision == "combat" and state.rt.picker == "B"  # B2 and A2 are in combat
