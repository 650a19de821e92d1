"""Wizards in the battle (AOS-14, AOS-2.5 Arcane, D-23, D-24, T-8, T-9, T-16), dice forced."""

from __future__ import annotations

from bitva.core import CHANCE
from bitva.games.age_of_sigmar.battle.attacks import situation
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from tests.age_of_sigmar.test_battle_sequence import position, row, unit

ARCANE = (
    'mysterious = "choose"\nfeature = [{ id = "F1", name = "Obelisk", movement = "open", '
    'mysterious = "arcane", polygon = [[33, 29], [35, 29], [35, 31], [33, 31]] }]'
)


def t8() -> AgeOfSigmarState:
    """The Battlemage (A4) beside Liberators (A2); the Sorcerer Lord 15" away, seeing it."""
    return position(
        [unit("A4", "battlemage", [(10, 10)]), unit("A2", "liberators", row(14, 10, 2, 2.0))],
        [unit("B5", "chaos_sorcerer_lord", [(10, 26.122)])],
        step="hero",
    )


def test_t_8_an_unbind_must_beat_the_casting_total() -> None:
    """AOS-14.3, D-24, T-8: Mystic Shield cast on 6; the Sorcerer Lord's 6 does not unbind it;
    the target is picked after the window; A2 saves at +1 until A's next hero phase."""
    state = t8()
    state.apply("cast A4 mystic-shield")
    assert state.current_player == CHANCE and state.decision == "cast-roll"
    state.apply("dice cast 6")
    assert state.decision == "unbind" and state.current_player == 2
    state.apply("unbind B5")
    state.apply("dice unbind 6")
    assert state.decision == "spell-target" and state.current_player == 1
    state.apply("target A2")
    a2 = state.rt.unit_by_id("A2")
    assert a2.has_effect("mystic_shield")
    rt = state.rt
    where = situation(state.battle, rt, rt.unit_by_id("B5"), a2, "melee")
    assert where.mystic_shield
    assert state.rt.unit_by_id("A4").casts == 1


def test_t_8_a_higher_unbind_cancels_the_spell_and_the_cast_is_spent() -> None:
    state = t8()
    state.apply("cast A4 mystic-shield")
    state.apply("dice cast 6")
    state.apply("unbind B5")
    state.apply("dice unbind 7")
    assert not state.rt.unit_by_id("A2").has_effect("mystic_shield")
    # the one attempt is spent (AOS-14.1): nothing left to do in the hero phase
    assert state.rt.unit_by_id("A4").casts == 1 and state.decision == "movement"


def test_d_24_each_spell_once_a_turn_and_a_failed_cast_counts() -> None:
    state = t8()
    state.apply("cast A4 arcane-bolt")
    state.apply("dice cast 4")  # below 5: it fails, the attempt is spent (AOS-14.1)
    assert state.rt.spell is None and state.rt.unit_by_id("A4").spells_tried == ("arcane-bolt",)
    assert state.decision in ("hero", "movement")


def test_t_9_arcane_bolt_with_an_arcane_feature() -> None:
    """AOS-14.4, AOS-2.5, AOS-12.4, T-9: the Sorcerer Lord 2.37" from an Arcane feature casts on
    [2, 2] + 1 = 5; the Battlemage 20" away cannot unbind; D3 of 3 mortal wounds on five
    Liberators, one with 1 wound left: wounded_first slays 2."""
    state = position(
        [
            unit("A1", "liberators", row(26, 18.583, 5, 2.0)),
            unit("A4", "battlemage", [(30, 8.878)]),
        ],
        [unit("B5", "chaos_sorcerer_lord", [(30, 30)])],
        step="hero",
        active="B",
        width=72,
        features=ARCANE,
        runtime="[position.units.A1]\nwounds_taken = { m5 = 1 }",
    )
    state.apply("cast B5 arcane-bolt")
    state.apply("dice cast 4")
    assert state.decision == "spell-target"  # no wizard of A within 18": no unbinding window
    state.apply("target A1")
    assert state.decision == "bolt-roll"
    assert [str(a) for a, _ in state.chance_outcomes()] == [
        "dice mortal 1",
        "dice mortal 2",
        "dice mortal 3",
    ]
    state.apply("dice mortal 3")
    assert state.decision == "allocate" and state.current_player == 1  # A allocates (AOS-12.4)
    state.apply("allocate A1 m5 m1")  # wounded_first (D-17)
    a1 = state.rt.unit_by_id("A1")
    assert len(a1.alive) == 3 and a1.slain_this_turn == 2


def test_t_16_mystic_shield_and_cover_add_up() -> None:
    """D-18, D-23, T-16: a Lord-Celestant (3+) in cover with Mystic Shield saves a rend 0 blow
    on a 1 (1 + 2 = 3)."""
    from bitva.games.age_of_sigmar.battle.attacks import attack_numbers

    state = position(
        [unit("A1", "lord_celestant", [(56, 12)])],
        [unit("B1", "bloodreavers", [(56, 13.6)])],
        step="combat",
        active="B",
        width=72,
        features='feature = [{ id = "F4", name = "Temple Ruins", movement = "open", '
        "polygon = [[52, 8], [62, 8], [62, 16], [52, 16]] }]",
        runtime='picker = "B"\n[position.units.A1]\neffects = [["mystic_shield", "A4", "hero:A"]]',
    )
    rt = state.rt
    _, target = attack_numbers(state.battle, rt, rt.unit_by_id("B1"), rt.unit_by_id("A1"), "melee")
    assert target.save == 3 and target.save_mod == 2
    assert 1 + target.save_mod >= target.save
