"""One unit's attacks as grouped chance nodes (AOS-11, AOS-12.1, D-38, issue 22): the exact law
of the tree equals the calculator's, scripted dice give the resolver's numbers (section 8), and
the state is an immutable value with an exact JSON round trip."""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bitva.core.chance import check_distribution, sample
from bitva.core.rng import Rng
from bitva.games.age_of_sigmar.attack import resolve_attacks
from bitva.games.age_of_sigmar.battle.attack_steps import (
    AttackOutcome,
    AttackSteps,
    AttackStepsError,
    TargetAttacks,
    allocate_pool,
    counts_from_faces,
    outcome_text,
    parse_outcome,
    plan_steps,
    play_faces,
    steps_for,
)
from bitva.games.age_of_sigmar.calculator.calculator import calculate
from bitva.games.age_of_sigmar.calculator.resolve import Situation, resolve
from bitva.games.age_of_sigmar.calculator.scripted import resolve_scripted
from bitva.games.age_of_sigmar.dice import Dice, DiceError
from bitva.games.age_of_sigmar.profiles import (
    AttackOptions,
    AttackProfile,
    RerollKind,
    TargetProfile,
    Trigger,
)
from bitva.games.age_of_sigmar.rolls import ScriptedDice, ScriptExhausted
from bitva.games.age_of_sigmar.units import default_unit

from .helpers import bloodreavers, br_target, liberators, scroll

D3 = Dice.parse("D3")
D6 = Dice.parse("D6")


def final_law(steps: AttackSteps) -> dict[tuple[int, ...], Fraction]:
    """The exact law of (pool per target..., retaliation) over every leaf of the grouped tree.

    States are merged on what the rest of the tree reads: the registers later stages take
    their number of dice from, and the pools and retaliation (the calculator's quantities)."""
    program = steps.program
    tallies = [t.pool for t in program.targets] + [program.retaliation]
    live = [set(tallies)]
    for stage in reversed(program.stages):
        live.append(live[-1] | set(stage.source))
    live.reverse()
    needed = [sorted(regs) for regs in live]

    def key(state: AttackSteps) -> tuple[int, tuple[int, ...]]:
        return state.stage, tuple(state.registers[r] for r in needed[state.stage])

    frontier = {key(steps): (steps, Fraction(1))}
    leaves: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
    while frontier:
        nxt: dict[tuple[int, tuple[int, ...]], tuple[AttackSteps, Fraction]] = {}
        for state, p in frontier.values():
            if state.roll() is None:
                leaves[tuple(state.registers[r] for r in tallies)] += p
                continue
            outcomes = state.outcomes()
            check_distribution(outcomes)
            for outcome, q in outcomes:
                after = state.advance(outcome)
                k = key(after)
                nxt[k] = (after, nxt[k][1] + p * q if k in nxt else p * q)
        frontier = nxt
    return dict(leaves)


def pool_law(steps: AttackSteps, target: int = 0) -> list[Fraction]:
    law: dict[int, Fraction] = defaultdict(Fraction)
    for tally, p in final_law(steps).items():
        law[tally[target]] += p
    return [law[w] for w in range(max(law) + 1)]


def steps_of(steps: AttackSteps) -> list[str]:
    """The step names of one sampled playout."""
    names = []
    rng = Rng(5)
    node = steps.roll()
    while node is not None:
        names.append(node.step)
        steps = steps.advance(sample(steps.outcomes(), rng))
        node = steps.roll()
    return names


# -- the grouping of issue 22 ---------------------------------------------------------------------
def test_issue_22_thirty_hit_dice_are_496_outcomes_of_miss_hit_critical() -> None:
    """30 dice to hit (3+... here 4+, 6 = two hits, AOS-11.4.1, D-20): counts of 3 classes."""
    sixes = Trigger(on=6, hits=Dice.fixed(2))
    blades = AttackProfile(
        hit=4, wound=4, attacks=Dice.fixed(3), n_models=10, hit_triggers=(sixes,)
    )
    steps = steps_for([blades], br_target())
    node = steps.roll()
    assert node is not None
    assert (node.step, node.dice, node.classes, node.sizes) == (
        "hit",
        30,
        ("miss", "hit", "2hits"),
        (3, 2, 1),
    )
    assert len(steps.outcomes()) == 496
    check_distribution(steps.outcomes())


def test_aos_11_4_4_variable_damage_is_one_sum_node_per_expression() -> None:
    """Ten unsaved D6-damage wounds: one node of 51 totals, not 3,003 face counts."""
    maul = AttackProfile(hit=1, wound=1, damage=D6, attacks=Dice.fixed(10))
    steps = steps_for([maul], TargetProfile(wounds=(60,)))
    node = steps.roll()
    assert node is not None and node.step == "hit" and node.classes == ("hit",)
    steps = steps.advance((10,)).advance((10,))
    node = steps.roll()
    assert node is not None
    assert (node.step, node.dice, node.sums) == ("damage", 10, True)
    assert len(node.outcomes()) == 51
    assert steps.advance((37,)).result().targets[0].pool == 37


def test_d_38_steps_come_in_canonical_order() -> None:
    """AOS-11.5, D-38: attacks, hits, re-rolls, outcomes, wounds, ..., saves, re-rolls, damage,
    then the wards of the target; nodes of no dice are left out."""
    profile = AttackProfile(
        hit=4,
        wound=4,
        attacks=D3,
        n_models=3,
        damage=D3,
        hit_reroll=frozenset({"ones"}),
        wound_reroll=frozenset({"failed"}),
        hit_triggers=(Trigger(on=6, mortal_wounds=D3, end=False),),
    )
    target = TargetProfile(
        wounds=(3,) * 5, save=5, save_reroll=frozenset({"ones"}), ward=6, mortal_ward=5
    )
    order = [
        "attacks",
        "hit",
        "hit_reroll",
        "hit_outcome",
        "wound",
        "wound_reroll",
        "save",
        "save_reroll",
        "damage",
        "ward",
        "mortal_ward",
    ]
    seen = steps_of(steps_for([profile], target))
    assert seen == [s for s in order if s in seen]
    assert seen[:2] == ["attacks", "hit"]


def test_steps_with_no_dice_are_skipped() -> None:
    """0 dice = no node: every hit missing ends the attacks at once."""
    hammer = AttackProfile(hit=4, wound=3, attacks=Dice.fixed(2))
    steps = steps_for([hammer], br_target())
    node = steps.roll()
    assert node is not None and node.classes == ("miss", "hit")
    done = steps.advance((2, 0))
    assert done.roll() is None
    assert done.result().targets[0] == done.tally().targets[0]
    assert (done.result().targets[0].hits, done.result().targets[0].pool) == (0, 0)
    with pytest.raises(AttackStepsError, match="no chance node"):
        done.outcomes()
    with pytest.raises(AttackStepsError, match="still to be rolled"):
        steps.result()


def test_aos_11_1_attacks_never_fall_below_zero_per_model() -> None:
    """AOS-11.1: a D3 with -1 is 0, 1 or 2 per model: the floor applies die by die."""
    weak = AttackProfile(hit=4, wound=4, attacks=D3, extra_attacks=-1, n_models=2)
    node = steps_for([weak], br_target()).roll()
    assert node is not None
    assert (node.step, node.dice, node.classes, node.values) == (
        "attacks",
        2,
        ("0", "1", "2"),
        (0, 1, 2),
    )
    two_dice = AttackProfile(
        hit=4, wound=4, attacks=Dice.parse("2D6"), extra_attacks=-3, n_models=2
    )
    steps = steps_for([two_dice], br_target())
    first = steps.roll()
    assert first is not None and first.dice == 2  # one model's 2D6 at a time
    assert steps.advance((2,)).roll() == first  # 2 - 3 floors at 0: the next model rolls
    assert steps.advance((2,)).advance((4,)).roll().dice == 1  # type: ignore[union-attr]


def test_d_21_a_save_of_dash_rolls_no_save() -> None:
    hammer = AttackProfile(hit=1, wound=1, attacks=Dice.fixed(2))
    assert steps_of(steps_for([hammer], TargetProfile(wounds=(1, 1)))) == ["hit", "wound"]


# -- equivalence with the calculator ----------------------------------------------------------
def test_t_14d_two_grandhammer_attacks_as_a_tree() -> None:
    """T-14(d): W = 0, 2, 4 with 4/9, 4/9, 1/9."""
    grand = AttackProfile(hit=4, wound=3, rend=-1, damage=Dice.fixed(2), attacks=Dice.fixed(2))
    assert pool_law(steps_for([grand], br_target())) == [
        Fraction(4, 9),
        0,
        Fraction(4, 9),
        0,
        Fraction(1, 9),
    ]


def test_t_14f_dice_damage_through_a_ward_as_a_tree() -> None:
    """T-14(f), CALC-4: D3 damage thinned by a 5+ ward."""
    test = AttackProfile(hit=3, wound=3, rend=-1, damage=D3)
    target = TargetProfile(wounds=(10,), save=4, ward=5, mortal_ward=5)
    expected = [Fraction(1643, 2187), Fraction(32, 243), Fraction(64, 729), Fraction(64, 2187)]
    assert pool_law(steps_for([test], target)) == expected


def dice_values() -> st.SearchStrategy[Dice]:
    return st.sampled_from([Dice.fixed(1), Dice.fixed(2), D3])


def triggers(roll: str) -> st.SearchStrategy[tuple[Trigger, ...]]:
    on = st.integers(5, 6)
    options = {
        "hit": st.one_of(
            st.builds(Trigger, on=on, hits=dice_values()),
            st.builds(Trigger, on=on, mortal_wounds=dice_values(), end=st.booleans()),
            st.builds(Trigger, on=on, unmodified=st.just(False), hits=st.just(Dice.fixed(2))),
        ),
        "wound": st.one_of(
            st.builds(Trigger, on=on, rend=st.integers(-2, -1)),
            st.builds(Trigger, on=on, damage=dice_values()),
            st.builds(Trigger, on=on, mortal_wounds=dice_values(), end=st.booleans()),
        ),
        "save": st.builds(Trigger, on=on, attacker_mortal_wounds=dice_values()),
    }
    return st.lists(options[roll], max_size=2).map(tuple)


REROLLS: list[frozenset[RerollKind]] = [frozenset(), frozenset({"ones"}), frozenset({"failed"})]
rerolls = st.sampled_from(REROLLS)


fixed_hits = st.lists(
    st.builds(Trigger, on=st.integers(5, 6), hits=st.just(Dice.fixed(2))), max_size=1
).map(tuple)


@st.composite
def profiles(draw: st.DrawFn, dice_outcomes: bool = True) -> AttackProfile:
    """Small profiles: with outcome dice (enumerated exactly) one model and at most 3 attacks;
    without (played by scripts) up to 3 models."""
    small = dice_outcomes
    return AttackProfile(
        hit=draw(st.integers(2, 6)),
        wound=draw(st.integers(2, 6)),
        rend=draw(st.integers(-2, 0)),
        damage=draw(dice_values()),
        attacks=draw(st.sampled_from([Dice.fixed(1), Dice.fixed(2), D3])),
        n_models=draw(st.integers(1, 1 if small else 3)),
        extra_attacks=draw(st.integers(-1, 0 if small else 1)),
        hit_mod=draw(st.integers(-1, 1)),
        wound_mod=draw(st.integers(-1, 1)),
        hit_reroll=draw(rerolls),
        wound_reroll=draw(rerolls),
        hit_triggers=draw(triggers("hit") if dice_outcomes else fixed_hits),
        wound_triggers=draw(triggers("wound")) if dice_outcomes else (),
    )


@st.composite
def targets(draw: st.DrawFn) -> TargetProfile:
    ward = draw(st.sampled_from([None, 5, 6]))
    return TargetProfile(
        wounds=tuple(draw(st.lists(st.integers(1, 2), min_size=1, max_size=3))),
        save=draw(st.sampled_from([None, 3, 4, 6])),
        save_mod=draw(st.integers(-1, 1)),
        save_reroll=draw(rerolls),
        ignore_save_mods=draw(st.sampled_from(["none", "rend", "all"])),
        ward=ward,
        mortal_ward=draw(st.sampled_from([ward, 5])),
        save_triggers=draw(triggers("save")),
    )


SMALL_TREES = settings(
    max_examples=15,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
"""Few examples, each an exact tree enumerated in a fraction of a second (`most_hits`)."""


def most_hits(attack: list[AttackProfile]) -> int:
    """The most hits the profiles can score: what the size of the exact tree grows with."""
    total = 0
    for p in attack:
        per_hit = max([1] + [t.hits.maximum for t in p.hit_triggers if t.hits is not None])
        total += p.n_models * max(0, p.attacks.maximum + p.extra_attacks) * per_hit
    return total


@SMALL_TREES
@given(
    st.lists(profiles(), min_size=1, max_size=2),
    targets(),
    st.booleans(),
)
def test_calc_the_grouped_tree_has_the_calculators_exact_law(
    attack: list[AttackProfile], target: TargetProfile, one_fails: bool
) -> None:
    """CALC-3..CALC-9: the law of the pool, of models slain (both policies) and the mean
    retaliation, from the tree of grouped nodes, equal the exact calculator's."""
    assume(most_hits(attack) <= 5)  # keeps the enumerated tree to a fraction of a second
    options = AttackOptions(natural_one_fails=one_fails)
    law = final_law(steps_for(attack, target, options))
    assert sum(law.values()) == 1
    calc = calculate(attack, target, options, exact=True)
    pool: dict[int, Fraction] = defaultdict(Fraction)
    retaliation = Fraction(0)
    for (points, attacker), p in law.items():
        pool[points] += p
        retaliation += p * attacker
    assert [pool[w] for w in range(len(calc.damage_pmf))] == list(calc.damage_pmf)
    assert sum(pool.values()) == sum(calc.damage_pmf)
    assert retaliation == calc.mean_retaliation
    for policy in ("wounded_first", "min_slain"):
        slain: dict[int, Fraction] = defaultdict(Fraction)
        for w, p in pool.items():
            slain[allocate_pool(target, w, policy).count(0)] += p
        assert [slain[k] for k in range(target.n_models + 1)] == list(calc.slain_pmf[policy])


@SMALL_TREES
@given(
    st.lists(profiles(), min_size=1, max_size=2),
    targets(),
    st.booleans(),
    st.integers(0, 3),
)
def test_aos_12_1_the_expected_pool_is_the_exact_mean_from_any_node(
    attack: list[AttackProfile], target: TargetProfile, one_fails: bool, rolled: int
) -> None:
    """AOS-12.1: `expected_pools`, the mean pool of wound points read off the dice still to
    roll (what the agents count for a roll not yet made), equals the mean of the exact law of
    the grouped tree, at the start and after some nodes have come out."""
    assume(most_hits(attack) <= 5)
    steps = steps_for(attack, target, AttackOptions(natural_one_fails=one_fails))
    rng = Rng(rolled)
    for _ in range(rolled):
        if steps.roll() is None:
            break
        steps = steps.advance(sample(steps.outcomes(), rng))
    law = final_law(steps)
    exact = sum(p * points for (points, _attacker), p in law.items())
    (pool,) = steps.expected_pools()
    assert pool == pytest.approx(float(exact))


def test_aos_11_3_two_targets_in_the_order_assigned() -> None:
    """AOS-11.3, D-38: the attacks on the first target are resolved, wards included, before
    the second's; each target's law is the calculator's."""
    hammer = AttackProfile(hit=4, wound=3, attacks=Dice.fixed(2))
    blade = AttackProfile(hit=3, wound=4, damage=D3)
    first = TargetProfile(wounds=(1, 1), save=6, ward=6)
    second = TargetProfile(wounds=(2,), save=4)
    steps = plan_steps([TargetAttacks((hammer,), first), TargetAttacks((blade,), second)])
    rng = Rng(11)
    seen: list[int] = []
    while (node := steps.roll()) is not None:
        seen.append(node.target)
        steps = steps.advance(sample(steps.outcomes(), rng))
    assert seen == sorted(seen)
    for index, (profile, target) in enumerate([(hammer, first), (blade, second)]):
        both = plan_steps([TargetAttacks((hammer,), first), TargetAttacks((blade,), second)])
        expected = list(calculate([profile], target, exact=True).damage_pmf)
        assert pool_law(both, index) == expected


# -- scripted dice: the resolver's numbers --------------------------------------------------------
def check_like_resolver(
    attack: list[AttackProfile],
    target: TargetProfile,
    faces: list[int],
    options: AttackOptions | None = None,
) -> AttackOutcome:
    """Play the faces through the grouped nodes and through the die-by-die resolver."""
    done = play_faces(steps_for(attack, target, options), faces)
    out = done.result()
    ref = resolve_attacks(attack, target, ScriptedDice(faces), options, battleshock=False)
    [mine] = out.targets
    assert (mine.hits, mine.wounds, mine.unsaved) == (ref.hits, ref.wounds, ref.unsaved)
    assert (mine.mortal_wounds, mine.pool, out.retaliation) == (
        ref.mortal_wounds,
        ref.pool,
        ref.retaliation,
    )
    policy = (options or AttackOptions()).allocation
    assert allocate_pool(target, mine.pool, policy) == ref.wounds_left
    return out


def test_t_2_reroll_before_modifiers_once_as_nodes() -> None:
    """T-2, AOS-1.6, D-19: hit dice 1, 1, 2, re-rolls of the two 1s: 2, 1 -> 2 hits."""
    res = resolve(liberators("paired_warblades"), default_unit(scroll("khorgorath")), Situation())
    steps = steps_for(res.profiles, res.target)
    node = steps.roll()
    assert node is not None and node.step == "hit" and "reroll" in node.classes
    after = steps.advance(counts_from_faces(node, [1, 1, 2]))
    rerolls = after.roll()
    assert rerolls is not None and (rerolls.step, rerolls.dice) == ("hit_reroll", 2)
    out = check_like_resolver(res.profiles, res.target, [1, 1, 2, 2, 1, 6, 6, 1, 1])
    assert out.targets[0].hits == 2


def test_t_3_attack_sequence_and_spill_as_nodes() -> None:
    """T-3, AOS-11, AOS-12, D-16: 21 dice, pool 4, four Bloodreavers slain, two by one blow."""
    liberators_t3 = liberators(*["warhammer_shield"] * 4, "grandhammer")
    res = resolve(liberators_t3, bloodreavers(10), Situation())
    faces = [*[1, 2, 3, 4, 4, 5, 6, 6, 2], *[1, 3, 5, 6, 2], *[6, 2, 4], *[5, 3, 4, 6]]
    steps = steps_for(res.profiles, res.target)
    texts = []
    while (node := steps.roll()) is not None:
        taken, faces_left = faces[: node.dice], faces[node.dice :]
        counts = counts_from_faces(node, taken)
        texts.append(outcome_text(node, counts))
        steps = steps.advance(parse_outcome(node, texts[-1]))
        faces = faces_left
    assert texts == [
        "dice hit 4/5",
        "dice wound 2/3",
        "dice save 2/1",
        "dice hit 1/1",
        "dice wound 0/1",
        "dice save 1",  # rend -1 against 6+: no face saves, one class (the die is still rolled)
    ]
    [target] = steps.result().targets
    assert (target.hits, target.wounds, target.unsaved, target.pool) == (6, 4, 3, 4)
    assert allocate_pool(res.target, target.pool).count(0) == 4
    whole = [1, 2, 3, 4, 4, 5, 6, 6, 2, 1, 3, 5, 6, 2, 6, 2, 4, 5, 3, 4, 6]
    check_like_resolver(res.profiles, res.target, whole)
    assert resolve_scripted(res.profiles, res.target, [*whole, 3]).fled == 2  # battleshock: H3


def test_t_7_cover_and_charge_as_nodes() -> None:
    """T-7, AOS-13.1, D-22: save die 3 fails without cover, saves with it."""
    libs = default_unit(scroll("liberators"))
    attacker = bloodreavers(1, champion=False)
    for cover, unsaved in (
        (Situation(cover=True, target_charged=True), 1),
        (Situation(cover=True), 0),
    ):
        res = resolve(attacker, libs, cover)
        assert (
            check_like_resolver(res.profiles, res.target, [5, 5, 3]).targets[0].unsaved == unsaved
        )


def test_t_16_no_auto_fail_as_nodes() -> None:
    """T-16, D-18: a 3+ save with cover and Mystic Shield saves on a 1; not with the house rule
    natural_one_fails, where the 1 is a class of its own."""
    lord = default_unit(scroll("lord_celestant"))
    res = resolve(bloodreavers(1, champion=False), lord, Situation(cover=True, mystic_shield=True))
    out = check_like_resolver(res.profiles, res.target, [6, 6, 1])
    assert (out.targets[0].wounds, out.targets[0].unsaved) == (1, 0)
    house = AttackOptions(natural_one_fails=True)
    steps = steps_for(res.profiles, res.target, house)
    for face in (6, 6):  # a hit, a wound
        node = steps.roll()
        assert node is not None
        steps = steps.advance(counts_from_faces(node, [face]))
    save = steps.roll()
    assert save is not None and save.step == "save" and save.classes == ("unsaved", "saved")
    assert save.faces == ((1,), (2, 3, 4, 5, 6))
    assert check_like_resolver(res.profiles, res.target, [6, 6, 1], house).targets[0].unsaved == 1


@settings(max_examples=30, deadline=None)
@given(
    st.lists(profiles(dice_outcomes=False), min_size=1, max_size=2),
    targets(),
    st.integers(0, 2**32),
    st.booleans(),
)
def test_d_38_scripted_faces_give_the_resolvers_numbers(
    attack: list[AttackProfile], target: TargetProfile, seed: int, one_fails: bool
) -> None:
    """D-38: the same face list played node by node and die by die gives the same result
    (triggers that roll dice aside: see docs, "Dice as chance nodes")."""
    rng = Rng(seed)
    faces = [rng.below(6) + 1 for _ in range(200)]
    options = AttackOptions(natural_one_fails=one_fails)
    log = ScriptedDice(faces)
    resolve_attacks(attack, target, log, options, battleshock=False)
    used = faces[: len(log.log)]
    check_like_resolver(attack, target, used, options)


# -- text, faces and JSON -------------------------------------------------------------------------
def test_outcome_text_round_trip_and_refusals() -> None:
    hammer = AttackProfile(hit=4, wound=3, attacks=Dice.fixed(5))
    node = steps_for([hammer], br_target()).roll()
    assert node is not None
    assert parse_outcome(node, outcome_text(node, (2, 3))) == (2, 3)
    for bad in ("dice hit 2/2", "dice wound 2/3", "dice hit 2/x", "roll hit 2/3", "dice hit -1/6"):
        with pytest.raises(AttackStepsError):
            parse_outcome(node, bad)
    with pytest.raises(AttackStepsError, match="summing to 5"):
        steps_for([hammer], br_target()).advance((1, 1))
    with pytest.raises(AttackStepsError, match="5 dice"):
        counts_from_faces(node, [1, 2])
    with pytest.raises(DiceError, match="1 to 6"):
        counts_from_faces(node, [1, 2, 3, 4, 7])
    damage = AttackProfile(hit=1, wound=1, damage=D3, attacks=Dice.fixed(2))
    steps = steps_for([damage], TargetProfile(wounds=(9,))).advance((2,)).advance((2,))
    sums = steps.roll()
    assert sums is not None and sums.step == "damage"
    assert counts_from_faces(sums, [1, 6]) == (4,)
    assert outcome_text(sums, (4,)) == "dice damage 4"
    with pytest.raises(AttackStepsError, match="total 2 to 6"):
        steps.advance((7,))
    with pytest.raises(ScriptExhausted):
        play_faces(steps, [3])
    with pytest.raises(AttackStepsError, match="left over"):
        play_faces(steps, [3, 3, 3])


def test_json_round_trip_exact_at_every_node() -> None:
    profile = AttackProfile(
        hit=3,
        wound=4,
        rend=-1,
        damage=Dice.parse("D3+1"),
        attacks=D3,
        n_models=3,
        extra_attacks=1,
        hit_reroll=frozenset({"ones", "failed"}),
        hit_triggers=(
            Trigger(on=6, mortal_wounds=D3, end=True),
            Trigger(on=5, unmodified=False, hits=Dice.fixed(2)),
        ),
        wound_triggers=(Trigger(on=6, rend=-2), Trigger(on=6, damage=Dice(0, 3, 2))),
        name="Blade",
    )
    target = TargetProfile(
        wounds=(2, 1, 2),
        save=4,
        save_mod=1,
        save_reroll=frozenset({"ones"}),
        ignore_save_mods="rend",
        ward=6,
        mortal_ward=5,
        bravery=6,
        slain_before=1,
        save_triggers=(Trigger(on=6, attacker_mortal_wounds=Dice.fixed(1)),),
        name="Liberators",
    )
    steps = steps_for([profile], target, AttackOptions("min_slain", True))
    rng = Rng(3)
    while True:
        text = json.dumps(steps.to_json())
        assert AttackSteps.from_json(json.loads(text)) == steps
        if steps.roll() is None:
            break
        steps = steps.advance(sample(steps.outcomes(), rng))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.update(stage=-1), "stage"),
        (lambda d: d.update(registers=[1]), "registers"),
        (lambda d: d.update(extra=1), "extra: unknown field"),
        (lambda d: d["targets"][0]["profiles"][0].update(hit="4+"), r"profiles\[0\].hit"),
        (lambda d: d["targets"][0]["profiles"][0].update(damage="D7"), r"profiles\[0\].damage"),
        (lambda d: d["targets"][0]["profiles"][0].update(rend=1), "rend is 0 or negative"),
        (lambda d: d["targets"][0]["target"].update(wounds=[0]), "at least 1 wound"),
        (lambda d: d["targets"][0]["target"].update(save_reroll=["twice"]), "save_reroll"),
        (lambda d: d["options"].update(allocation="random"), "allocation"),
        (
            lambda d: d["targets"][0]["target"].update(save_triggers=[{"on": 9}]),
            r"save_triggers\[0\].on",
        ),
        (lambda d: d.update(targets={}), "targets: expected a list"),
        ("not an object", "expected an object"),
    ],
)
def test_json_with_a_mistake_is_an_error_naming_the_field(change: object, message: str) -> None:
    hammer = AttackProfile(hit=4, wound=3, attacks=Dice.fixed(2))
    data: object = steps_for([hammer], br_target()).to_json()
    if callable(change):
        change(data)
    else:
        data = change
    with pytest.raises(AttackStepsError, match=message):
        AttackSteps.from_json(data)


def test_aos_12_2_allocate_pool_default_policy() -> None:
    """AOS-12.2, D-16, D-17 (T-20): the default wounded_first allocation of a pool."""
    warriors = TargetProfile(wounds=(2, 1, 2, 2, 2))
    assert allocate_pool(warriors, 3) == (0, 0, 2, 2, 2)
    assert allocate_pool(warriors, 3, "min_slain").count(0) == 1
