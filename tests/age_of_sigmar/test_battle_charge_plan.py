"""The charge move round what stands in the way (AOS-8.3, GEO-9, GEO-10, D-4, D-13;
`geometry.charge_plan`): when a straight charge in formation is illegal but the roll covers the
way round, the charge command and the AI's candidates still offer a legal charge move."""

from __future__ import annotations

import math

from bitva.games.age_of_sigmar.battle.actions import PathAction
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from tests.age_of_sigmar.test_battle_sequence import position, row, unit

WALL = (
    'feature = [{ id = "F1", name = "Wall", movement = "impassable", height = 3, '
    "blocks_sight = false, polygon = [[14, 24.6], [26, 24.6], [26, 25.4], [14, 25.4]] }]"
)


def _behind_the_wall(roll: int) -> AgeOfSigmarState:
    """Five Blood Warriors 3.4" behind an impassable wall 12" long, a Liberator just beyond its
    middle: the straight line crosses the wall, the way round its end is about 9"."""
    state = position(
        [unit("A1", "liberators", [(20, 22)])],
        [unit("B1", "blood_warriors", row(16.4, 28.0, 5, 1.8))],
        step="charge",
        active="B",
        features=WALL,
    )
    state.apply("charge B1")
    state.apply(f"dice charge {roll}")
    return state


def _charge_moves(state: AgeOfSigmarState) -> list[PathAction]:
    found = state.candidate_actions(state.rng, 16)
    return [a for a in found if isinstance(a, PathAction) and a.verb == "move"]


def test_aos_8_3_a_charge_goes_round_a_wall_when_the_roll_covers_the_way() -> None:
    state = _behind_the_wall(12)
    moves = _charge_moves(state)
    assert moves, "the roll of 12 covers the way round the wall's end"
    move = moves[0]
    assert state.check(move) is None
    assert state.parse_action(str(move)) == move  # quantized: the action round-trips
    assert all(len(points) <= 12 for _, points in move.paths)  # a few points, not an arc's chords
    state.apply(move)
    b1 = state.rt.unit_by_id("B1")
    assert b1.charged
    liberator = state.rt.unit_by_id("A1").circles()[0]
    assert (
        min(
            math.hypot(m.x - liberator.x, m.y - liberator.y) - m.r - liberator.r
            for m in b1.circles()
        )
        <= 0.5
    )


def test_aos_8_3_no_way_round_within_the_roll_leaves_only_hold() -> None:
    state = _behind_the_wall(5)
    assert _charge_moves(state) == []
    assert [str(a) for a in state.candidate_actions(state.rng, 8)] == ["hold B1"]


def test_aos_8_3_the_charge_command_plans_the_way_round() -> None:
    from bitva.cli.games.age_of_sigmar_commands import charge_move

    reply = charge_move(_behind_the_wall(12))
    assert reply.action is not None and reply.refusal is None


def test_d_7_a_hero_charges_past_a_friend_standing_in_the_line() -> None:
    """The Lord-Celestant behind a Liberator that stands between it and a Bloodreaver: the
    straight charge would pass through the friend (GEO-9c, D-7); the way round is taken."""
    state = position(
        [
            unit("A1", "liberators", [(24, 27.0)]),
            unit("A2", "lord_celestant", [(24, 24.0)]),
        ],
        [unit("B1", "bloodreavers", [(24, 28.42), (24.64, 36.81)])],
        step="charge",
    )
    state.apply("charge A2")
    state.apply("dice charge 7")
    moves = _charge_moves(state)
    assert moves and state.check(moves[0]) is None
    state.apply(moves[0])
    assert state.rt.unit_by_id("A2").charged


def test_geo_10_a_horde_charges_with_a_friend_in_front_of_its_rear_rank() -> None:
    """Thirteen Bloodreavers in two ranks, the Khorgorath just in front of the rear rank's
    second model (seen in a random battle of `scenery_and_sorcery`): the straight charge in
    formation would pass through the Khorgorath; the planned move bends that model round it and
    the unit ends coherent (GEO-10, D-4)."""
    front = row(24.75, 31.59, 6, 1.6)
    rear = row(18.35, 33.19, 7, 1.6)
    state = position(
        [
            unit("A1", "liberators", row(32.37, 20.7, 4, 2.0)),
            unit("A2", "judicators", row(20.42, 20.25, 5, 2.0)),
        ],
        [unit("B1", "bloodreavers", front + rear), unit("B2", "khorgorath", [(20.2, 29.79)])],
        step="charge",
        active="B",
        width=72,
    )
    state.apply("charge B1")
    state.apply("dice charge 10")
    moves = _charge_moves(state)
    assert moves and state.check(moves[0]) is None
    state.apply(moves[0])
    assert state.rt.unit_by_id("B1").charged


def test_geo_9c_the_move_command_takes_a_unit_round_a_friend_in_its_way() -> None:
    """'B1 to X Y' in the terminal: ten Bloodreavers advance past the Khorgorath standing in
    front of two of its files; the command's move bends them round it (`bend`), where one
    block's translation would stop at the Khorgorath."""
    from bitva.cli.games.age_of_sigmar_commands import read_command

    state = position(
        [unit("A1", "liberators", [(30, 2)])],
        [
            unit("B1", "bloodreavers", row(10, 40, 5, 1.6) + row(10, 41.6, 5, 1.6)),
            unit("B2", "khorgorath", [(12.0, 36.0)]),
        ],
        step="movement",
        active="B",
    )
    reply = read_command(state, "B1 to 13.2 10")
    assert reply.action is not None and reply.refusal is None
    assert state.check(reply.action) is None
    state.apply(reply.action)
    ys = [c.y for c in state.rt.unit_by_id("B1").circles()]
    # one block's translation stops after 2.2" at the Khorgorath; bent, the unit gets past
    # it, shortened so that both halves rejoin (GEO-10)
    assert sum(ys) / len(ys) < 40.8 - 4.0


def test_aos_8_3_the_terminal_says_how_far_the_charge_must_go_round() -> None:
    """After the 2D6 the prompt gives the charge's real reach (round the wall), not only the
    gap as the crow flies, and calls a roll short of it short."""
    from bitva.cli.games.age_of_sigmar_commands import question

    short, enough = question(_behind_the_wall(8)), question(_behind_the_wall(12))
    assert 'it needs 10.2"' in short and "as the crow flies" in short and "too short" in short
    assert 'it needs 10.2"' in enough and "'charge' moves in" in enough


def test_a_charge_planned_again_on_the_same_table_reuses_the_way() -> None:
    """The search meets one charge move again and again; the cheapest way is found once per
    table and roll (`charge_plan._reach`), and the plan is the same."""
    from bitva.games.age_of_sigmar.battle.movement import plan_charge
    from bitva.games.age_of_sigmar.geometry.charge_plan import _reach

    state = _behind_the_wall(12)
    unit_b1 = state.rt.unit_by_id("B1")
    first = plan_charge(state.battle, state.rt, unit_b1, 12)
    hits = _reach.cache_info().hits
    assert plan_charge(state.battle, state.rt, unit_b1, 12) == first
    assert _reach.cache_info().hits == hits + 1
