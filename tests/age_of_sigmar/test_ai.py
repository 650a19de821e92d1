"""The Age of Sigmar agents (issue 22, point 5; docs/ai.md "Age of Sigmar"): the evaluation's
terms (losses AOS-15.2, sudden death AOS-3.6, threat by charge odds AOS-8.2), the budgets of
`Game.agent_defaults` and every level playing both setups."""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import replace

import pytest

from bitva.ai.agents import make_agent
from bitva.games.age_of_sigmar.ai.blows import mean_damage, unit_key
from bitva.games.age_of_sigmar.ai.evaluation import (
    CAUTION,
    DISTANT_OWN,
    FAR,
    FAR_VALUE,
    THREAT_WEIGHT,
    blows_remain,
    charge_chance,
    evaluate,
    losses,
    shot_weight,
    sudden_death,
    threat,
    threats,
    turns_ahead,
)
from bitva.games.age_of_sigmar.ai.settings import AGENT_DEFAULTS
from bitva.games.age_of_sigmar.battle.actions import PathAction
from bitva.games.age_of_sigmar.battle.candidates import WITHDRAW_WITHIN, all_candidates
from bitva.games.age_of_sigmar.battle.casualties import MYSTIC_SHIELD
from bitva.games.age_of_sigmar.battle.checks import check
from bitva.games.age_of_sigmar.battle.movement import advance, moved_unit, nearest_enemy_point
from bitva.games.age_of_sigmar.battle.runtime import ActiveEffect, Runtime
from bitva.games.age_of_sigmar.battle.schema import Side, SuddenDeath
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from bitva.games.age_of_sigmar.game import GAME
from bitva.games.age_of_sigmar.geometry.formation import centroid_of
from bitva.games.age_of_sigmar.geometry.measure import unit_to_unit
from tests.age_of_sigmar.test_battle_spells import sorcerer

SETUPS = ("starter_clash", "scenery_and_sorcery")


def _battle(setup: str) -> AgeOfSigmarState:
    """A battle of `setup` at its first decision of movement (random play before)."""
    state = GAME.new({"battle": setup}, seed=3)
    agent = make_agent("random", 5)
    while state.current_player is not None and state.rt.step != "movement":
        if state.is_chance:
            state.apply_unchecked(state.sample_chance(state.rng))
        else:
            state.apply(agent.choose(state))
    assert state.rt.step == "movement"
    return state


def _wound(rt: Runtime, unit_id: str, model: int, wounds: int) -> Runtime:
    unit = rt.unit_by_id(unit_id)
    models = list(unit.models)
    models[model] = replace(models[model], wounds_taken=wounds)
    return rt.with_unit(replace(unit, models=tuple(models)))


def _move(rt: Runtime, unit_id: str, dy: float) -> Runtime:
    unit = rt.unit_by_id(unit_id)
    models = tuple(
        m if m.pos is None else replace(m, pos=(m.pos[0], m.pos[1] + dy)) for m in unit.models
    )
    return rt.with_unit(replace(unit, models=models))


def test_aos_8_2_charge_chance_is_the_2d6_tail() -> None:
    assert charge_chance(2) == 1.0
    assert charge_chance(7) == pytest.approx(21 / 36)
    assert charge_chance(6.5) == pytest.approx(21 / 36)  # 7 or more is needed
    # out of reach (and where 2D6 rarely makes it), a small value fading with distance
    assert charge_chance(12) == pytest.approx(FAR_VALUE * (1 - 12 / FAR))
    assert charge_chance(12) > 1 / 36
    assert charge_chance(13) > charge_chance(30) > charge_chance(FAR) == 0.0
    chances = [charge_chance(x / 2) for x in range(120)]
    assert all(a >= b for a, b in itertools.pairwise(chances))


def test_aos_15_2_losses_count_wounds_on_standing_models() -> None:
    state = _battle("starter_clash")
    battle, rt = state.battle, state.rt
    assert losses(battle, rt) == (0.0, 0.0)
    # A Liberator (2 wounds) on 1 wound left: half a model of A's 6 is lost
    wounded = _wound(rt, "A1", 1, 1)
    lost_a, lost_b = losses(battle, wounded)
    assert lost_a == pytest.approx(0.5 / 6) and lost_b == 0.0
    assert evaluate(battle, wounded) < evaluate(battle, rt)
    # a casualty counts a whole model (AOS-15.2)
    dead = replace(rt, casualties=(0, 2))
    lost_a, lost_b = losses(battle, dead)
    assert lost_a == 0.0 and lost_b == pytest.approx(2 / 11)
    assert evaluate(battle, dead) > evaluate(battle, rt)


def test_aos_3_6_sudden_death_progress_counts_for_the_chooser() -> None:
    state = _battle("starter_clash")
    battle, rt = state.battle, state.rt
    blunt = replace(rt, sudden_death=SuddenDeath(chooser="A", objective="blunt", named_unit="B1"))
    assert sudden_death(battle, blunt) == 0.0
    hurt = _wound(blunt, "B1", 0, 1)
    assert sudden_death(battle, hurt) > 0
    # the same wound on the named unit is worth more than on another unit
    other = _wound(blunt, "B2", 0, 1)
    assert evaluate(battle, hurt) > evaluate(battle, other)
    # chosen by B, the progress counts for B (negative for A)
    by_b = replace(rt, sudden_death=SuddenDeath(chooser="B", objective="blunt", named_unit="A1"))
    assert sudden_death(battle, _wound(by_b, "A1", 0, 1)) < 0
    # Endure (met by any model standing after round 6) counts from one half, rising by round
    endure = replace(rt, sudden_death=SuddenDeath(chooser="B", objective="endure"))
    early, late = sudden_death(battle, endure), sudden_death(battle, replace(endure, round=5))
    assert -1 < late < early <= -0.5


def _place(rt: Runtime, unit_id: str, x: float, y: float) -> Runtime:
    """The unit moved, keeping formation, so that its models' centre is at (x, y)."""
    unit = rt.unit_by_id(unit_id)
    cx, cy = centroid_of(unit.circles())
    models = tuple(
        m if m.pos is None else replace(m, pos=(m.pos[0] + x - cx, m.pos[1] + y - cy))
        for m in unit.models
    )
    return rt.with_unit(replace(unit, models=models))


def _judicators_and_khorgorath(state: AgeOfSigmarState) -> Runtime:
    """Scenery and sorcery with the Judicators (A3) 15" below the Khorgorath (B4) and the
    Bone Grove (F2) between them; every other unit far off."""
    rt = replace(state.rt, active="B", phase="movement")
    for unit in rt.units:
        if unit.id not in ("A3", "B4"):
            rt = _move(rt, unit.id, 300.0 if unit.side == "A" else -300.0)
    return _place(_place(rt, "A3", 13.0, 24.0), "B4", 13.0, 41.0)


def test_aos_11_2_a_target_out_of_sight_is_no_target_in_range() -> None:
    """AOS-11.2, GEO-8: missile weapons count in full only at a target some model sees; the
    Khorgorath behind the Bone Grove fears the Judicators' bows less than in the open."""
    state = _battle("scenery_and_sorcery")
    rt = _judicators_and_khorgorath(state)
    grove = state.battle
    assert any(f.id == "F2" and f.blocks_sight for f in grove.features)
    hidden, _ = threats(grove, rt)
    seen, _ = threats(replace(grove, features=()), rt)
    assert 0 < hidden.distant < seen.distant
    assert evaluate(grove, rt, "B") > evaluate(replace(grove, features=()), rt, "B")


def test_aos_8_threat_grows_as_units_close_in() -> None:
    state = _battle("starter_clash")
    battle, rt = state.battle, state.rt
    far_a, far_b = threat(battle, rt)
    near = _move(rt, "A1", 12.0)  # the Liberators 12" closer to the Bloodreavers
    near_a, near_b = threat(battle, near)
    assert near_a > far_a and near_b > far_b
    assert 0 <= near_a <= 1 and 0 <= near_b <= 1


def test_aos_15_each_seat_reads_the_position_from_its_own_side() -> None:
    state = _battle("scenery_and_sorcery")
    state.rt = _wound(state.rt, "B2", 0, 1)
    one, two = GAME.heuristic_values(state)
    assert (one, two) == (GAME.heuristic(state, 1), GAME.heuristic(state, 2))
    assert -1 <= two <= 1 and -1 <= one <= 1
    # losses and sudden death are zero-sum; each side weighs its own distant threat above the
    # enemy's (nothing is locked in combat yet)
    lost_a, lost_b = losses(state.battle, state.rt)
    threat_a, threat_b = threat(state.battle, state.rt)
    assert all(t.locked == 0 for t in threats(state.battle, state.rt))
    assert one + two == pytest.approx(
        THREAT_WEIGHT * (DISTANT_OWN - CAUTION) * (threat_a + threat_b), abs=1e-9
    )
    assert lost_b > lost_a


def _mean(state: AgeOfSigmarState, unit: str, target: str, charged: bool = False) -> float:
    battle, rt = state.battle, state.rt
    u, t = rt.unit_by_id(unit), rt.unit_by_id(target)
    keys = (unit_key(battle, rt, u), unit_key(battle, rt, t))
    return mean_damage(battle, rt, u, t, "melee", keys, charged)


def test_aos_11_the_threat_reads_the_attack_as_the_battle_rolls_it() -> None:
    """AOS-11, section 3.2: the mean of the Bloodreavers' blows on the Liberators is the one the
    battle's dice give: 10 Reaver Blades and the Chieftain's extra attack (11 attacks), hit on
    4+ re-rolling 1s (Reaver Blades), wound on 4+, and the Liberators' 4+ save re-rolling 1s
    (Sigmarite Shields)."""
    state = _battle("starter_clash")
    hit = 1 / 2 + 1 / 6 * 1 / 2
    failed_save = 1 - (1 / 2 + 1 / 6 * 1 / 2)
    assert _mean(state, "B1", "A1") == pytest.approx(11 * hit * 1 / 2 * failed_save)


def test_aos_3_2_the_threat_counts_attacks_given_by_abilities_in_force() -> None:
    """The Bloodsecrator's Portal of Skulls (+1 attack to Khorne melee weapons within 18") makes
    the Bloodreavers' threat greater at once."""
    state = GAME.new({"battle": "starter_clash"}, seed=3)
    agent = make_agent("random", 5)
    while not (state.current_player == 2 and state.rt.step == "hero"):
        if state.is_chance:
            state.apply_unchecked(state.sample_chance(state.rng))
        else:
            state.apply(agent.choose(state))
    battle = state.battle
    before, mean_before = threat(battle, state.rt)[1], _mean(state, "B1", "A1")
    state.apply(state.parse_action("use B2 portal-of-skulls"))
    assert _mean(state, "B1", "A1") == pytest.approx(mean_before * 21 / 11)  # 11 to 21 attacks
    assert threat(battle, state.rt)[1] > before


def test_aos_14_2_the_threat_counts_spells_in_force() -> None:
    """AOS-14.2, AOS-14.5: Daemonic Power (re-roll hit rolls of 1) on the Khorgorath makes its
    blows on the Liberators worth more; Mystic Shield (+1 save) on the Liberators, less. So the
    agents see which unit a spell helps most."""
    state = sorcerer()
    plain = _mean(state, "B1", "A1")
    state.apply("cast B5 daemonic-power")
    state.apply("dice cast 6")
    state.apply("target B1")
    powered = _mean(state, "B1", "A1")
    assert powered > plain
    liberators = state.rt.unit_by_id("A1")
    effect = ActiveEffect(MYSTIC_SHIELD, "A1", "hero:A")
    state.rt = state.rt.with_unit(replace(liberators, effects=(*liberators.effects, effect)))
    assert _mean(state, "B1", "A1") < powered


def _at_gap(rt: Runtime, gap: float) -> Runtime:
    """The Bloodreavers (B1) moved straight towards the Liberators (A1) to `gap` inches."""
    d = unit_to_unit(rt.unit_by_id("A1").circles(), rt.unit_by_id("B1").circles())
    return _move(rt, "B1", gap - d)


def test_aos_9_a_weak_unit_does_not_throw_itself_into_a_strong_one() -> None:
    """Units within 3" fight for certain (AOS-9.1), so the threat of a unit locked in combat
    counts in full for both sides: Bloodreavers (6+ save) locked with Liberators (4+) is worse
    for Khorne than standing off, and better for the Stormcast."""
    state = _battle("starter_clash")
    battle, rt = state.battle, state.rt
    locked, apart = _at_gap(rt, 1.0), _at_gap(rt, 10.0)
    stormcast, khorne = threats(battle, locked)
    assert stormcast.locked > khorne.locked > 0
    assert evaluate(battle, locked, "B") < evaluate(battle, apart, "B")
    assert evaluate(battle, locked, "A") > evaluate(battle, apart, "A")


def test_aos_9_2_the_active_side_strikes_first_in_combat() -> None:
    """AOS-9.2: the active player picks first, so in its turn the enemy units locked with its
    units strike back with what is left of them: the idle side's locked threat shrinks, the
    active side's does not."""
    state = _battle("starter_clash")
    battle = state.battle
    locked = _at_gap(state.rt, 1.0)
    mine, theirs = (replace(locked, active=side, phase="charge") for side in ("A", "B"))
    stormcast_a, khorne_a = threats(battle, mine)  # the Stormcast's turn
    stormcast_b, khorne_b = threats(battle, theirs)  # Khorne's turn
    assert khorne_a.locked < khorne_b.locked and stormcast_b.locked < stormcast_a.locked
    # in the battleshock phase the blows have been struck: no one strikes first any more
    sides: tuple[Side, Side] = ("A", "B")
    after = [threats(battle, replace(locked, active=s, phase="battleshock")) for s in sides]
    assert [t.locked for t in after[0]] == [t.locked for t in after[1]]


def test_aos_7_1_a_unit_that_ran_shoots_no_more_this_turn() -> None:
    """AOS-7.1: a unit that ran or retreated may not shoot this turn, so its missile weapons in
    range count for its next turn only, until its shooting phase is over."""
    state = _battle("scenery_and_sorcery")
    rt = replace(state.rt, active="A", phase="movement")
    judicators = rt.unit_by_id("A3")
    assert shot_weight(state.battle, rt, judicators) == 1.0
    ran = replace(judicators, ran=True)
    assert shot_weight(state.battle, rt, ran) < 1.0
    assert (
        shot_weight(
            state.battle, replace(rt, phase="shooting"), replace(judicators, retreated=True)
        )
        < 1.0
    )
    assert (
        shot_weight(state.battle, replace(rt, phase="charge"), ran) == 1.0
    )  # the next volley is next turn's
    assert shot_weight(state.battle, replace(rt, active="B"), ran) == 1.0


def test_aos_6_5_a_run_that_gains_nothing_reads_worse_than_none() -> None:
    """AOS-6.5, 7.1, 8.1: a unit that ran gives up the turn's shooting and charge, so where the
    run brought it nowhere (the Battlemage runs, then holds) the position reads a little worse
    for its side, and greedy does not pick such a run at random among equal choices."""
    state = _battle("scenery_and_sorcery")
    rt = replace(state.rt, active="A", phase="movement")
    mage = rt.unit_by_id("A4")
    ran = rt.with_unit(replace(mage, ran=True))
    assert evaluate(state.battle, ran, "A") < evaluate(state.battle, rt, "A")
    assert evaluate(state.battle, ran, "B") >= evaluate(state.battle, rt, "B")  # no charge


def _turn(rt: Runtime, round_: int, first: Side, active: Side, phase: str) -> Runtime:
    return replace(rt, round=round_, first=first, active=active, phase=phase)


def test_aos_4_4_turns_ahead_count_the_turns_the_battle_still_holds() -> None:
    """AOS-4.1, AOS-4.4, D-30: a side begins one turn a round up to `max_rounds` (6)."""
    state = _battle("starter_clash")
    battle, rt = state.battle, state.rt
    assert battle.data.options.max_rounds == 6
    early = _turn(rt, 5, "A", "A", "movement")
    assert (turns_ahead(battle, early, "A"), turns_ahead(battle, early, "B")) == (1, 2)
    last_but_one = _turn(rt, 6, "B", "B", "movement")
    assert (turns_ahead(battle, last_but_one, "A"), turns_ahead(battle, last_but_one, "B")) == (
        1,
        0,
    )
    last = _turn(rt, 6, "B", "A", "charge")
    assert (turns_ahead(battle, last, "A"), turns_ahead(battle, last, "B")) == (0, 0)
    roll_off = _turn(rt, 6, "A", "B", "priority")  # the round's turns have not begun
    assert (turns_ahead(battle, roll_off, "A"), turns_ahead(battle, roll_off, "B")) == (1, 1)
    assert blows_remain(battle, last)
    assert blows_remain(battle, replace(last, phase="combat"))
    assert not blows_remain(battle, replace(last, phase="battleshock"))
    assert blows_remain(battle, replace(last_but_one, phase="battleshock"))


def test_aos_4_4_a_charge_in_a_turn_the_battle_will_not_reach_threatens_nothing() -> None:
    """The idle side's next charge counts only while it has a turn ahead (AOS-4.4): in the
    battle's last turn the Khorne Bloodreavers 8" from the Liberators threaten nothing, and
    units locked in combat strike no more once the last combat phase is over (AOS-9)."""
    state = _battle("starter_clash")
    battle = state.battle
    near = _at_gap(state.rt, 8.0)
    earlier = _turn(near, 5, "B", "A", "movement")
    last = _turn(near, 6, "B", "A", "movement")
    assert threats(battle, earlier)[1].distant > 0
    assert threats(battle, last)[1].total == 0
    assert threats(battle, last)[0].distant > 0  # the Stormcast's charge this turn
    locked = _at_gap(state.rt, 1.0)
    assert threats(battle, _turn(locked, 6, "B", "A", "combat"))[1].locked > 0
    assert threats(battle, _turn(locked, 6, "B", "A", "battleshock"))[1].total == 0


def test_aos_4_4_with_no_turn_left_a_side_weighs_the_enemy_s_last_charge_in_full() -> None:
    """A side that will not begin another turn cannot answer the enemy's charges of the last
    turn, so it weighs the enemy's distant threat in full, not at `CAUTION`: Khorne in its
    last turn of round 6 (the Stormcast move last) reads the Liberators 8" off as the blow they
    are."""
    state = _battle("starter_clash")
    battle = state.battle
    near = _at_gap(state.rt, 8.0)
    last = _turn(near, 6, "B", "B", "movement")
    lost_a, lost_b = losses(battle, last)
    stormcast, khorne = threats(battle, last)
    assert stormcast.distant > 0
    expected = lost_a - lost_b - 0.5 * sudden_death(battle, last)
    expected += THREAT_WEIGHT * (khorne.as_own() - stormcast.as_enemy(1.0))
    assert evaluate(battle, last, "B") == pytest.approx(max(-1.0, min(1.0, expected)))
    earlier = _turn(near, 5, "B", "B", "movement")
    stormcast, khorne = threats(battle, earlier)
    expected = lost_a - lost_b - 0.5 * sudden_death(battle, earlier)
    expected += THREAT_WEIGHT * (khorne.as_own() - stormcast.as_enemy(CAUTION))
    assert evaluate(battle, earlier, "B") == pytest.approx(max(-1.0, min(1.0, expected)))


def test_aos_15_2_after_the_last_combat_phase_only_models_slain_count() -> None:
    """AOS-15.2 counts casualties: a wound on a standing model is part of a model only while a
    blow may still finish it."""
    state = _battle("scenery_and_sorcery")
    rt = _wound(state.rt, "A2", 0, 1)
    assert losses(state.battle, _turn(rt, 6, "B", "A", "combat"))[0] > 0
    assert losses(state.battle, _turn(rt, 6, "B", "A", "battleshock")) == (0.0, 0.0)


def test_aos_6_candidates_offer_a_withdrawal_when_an_enemy_is_near() -> None:
    """A unit that would lose the fight may keep out of charge reach (AOS-8): with an enemy
    within `WITHDRAW_WITHIN`, the movement candidates hold a move straight away from it beside
    the advance; with none that near, only the advance."""
    state = _battle("starter_clash")
    battle = state.battle
    near = replace(_at_gap(state.rt, 10.0), active="B", phase="movement", step="movement")
    b1 = near.unit_by_id("B1")
    start = unit_to_unit(near.unit_by_id("A1").circles(), b1.circles())
    moves = [
        a
        for a in all_candidates(battle, near)
        if isinstance(a, PathAction) and a.unit == "B1" and a.verb == "move"
    ]
    assert len(moves) == 2
    ends = []
    for move in moves:
        ends_at = dict((n, points[-1]) for n, points in move.paths)
        models = tuple(replace(m, pos=ends_at.get(i + 1, m.pos)) for i, m in enumerate(b1.models))
        moved = replace(b1, models=models)
        ends.append(unit_to_unit(near.unit_by_id("A1").circles(), moved.circles()))
    assert min(ends) < start < max(ends)
    far = replace(_at_gap(state.rt, WITHDRAW_WITHIN + 2), active="B", phase="movement")
    far = replace(far, step="movement")
    paths = [a for a in all_candidates(battle, far) if isinstance(a, PathAction) and a.unit == "B1"]
    assert [a.verb for a in paths] == ["move"]


def test_geo_9_candidates_go_round_what_blocks_the_straight_advance() -> None:
    """GEO-9, AOS-6: the Bloodreavers in two ranks of ten just behind the Obelisk (F1) get
    half an inch straight towards the Stormcast; the movement candidates also hold a legal
    move at an angle, round the Obelisk, that ends nearer them."""
    state = _battle("scenery_and_sorcery")
    battle = state.battle
    rt = replace(state.rt, active="B", phase="movement", step="movement")
    rt = _place(rt, "B2", 36.0, 33.0)
    reavers = rt.unit_by_id("B2")
    goal = nearest_enemy_point(rt, reavers)
    assert goal is not None
    moves = [
        a
        for a in all_candidates(battle, rt)
        if isinstance(a, PathAction) and a.unit == "B2" and a.verb == "move"
    ]
    assert all(check(battle, rt, a) is None for a in moves)
    left = [math.dist(goal, centroid_of(moved_unit(reavers, a.paths).circles())) for a in moves]
    straight = advance(battle, rt, reavers, goal)
    assert moves[0].paths == straight
    assert math.dist(goal, (36.0, 33.0)) - left[0] < 1.0  # the Obelisk stops the straight line
    assert len(moves) >= 2 and min(left[1:]) < left[0]


def test_agent_defaults_set_budgets_that_suit_the_game() -> None:
    assert GAME.agent_defaults("greedy") == AGENT_DEFAULTS["greedy"]
    assert GAME.agent_defaults("hard")["evaluations"] > GAME.agent_defaults("medium")["evaluations"]
    assert GAME.agent_defaults("random") == {}


@pytest.mark.parametrize("setup", SETUPS)
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "greedy"])
def test_levels_play_both_setups(level: str, setup: str) -> None:
    """Each level takes its side's first two decisions of movement with legal actions, in
    seconds (the budgets of `ai/settings.py`)."""
    state = _battle(setup)
    agent = make_agent(level, 7)
    seat = state.current_player
    started = time.perf_counter()
    decisions = 0
    while state.current_player == seat and state.rt.phase == "movement" and decisions < 2:
        action = agent.choose(state)
        assert state.check(action) is None
        state.apply(action)
        decisions += 1
        while state.is_chance:
            state.apply_unchecked(state.sample_chance(state.rng))
    assert decisions >= 1
    assert time.perf_counter() - started < 30


@pytest.mark.slow
@pytest.mark.parametrize("setup", SETUPS)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_levels_fight_a_battle_to_the_end(level: str, setup: str) -> None:
    state = GAME.new({"battle": setup}, seed=11)
    agents = {1: make_agent(level, 1), 2: make_agent("greedy", 2)}
    while state.current_player is not None:
        if state.is_chance:
            state.apply_unchecked(state.sample_chance(state.rng))
            continue
        state.apply(agents[state.current_player].choose(state))
    assert state.outcome is not None
