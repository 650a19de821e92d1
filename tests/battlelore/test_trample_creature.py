"""BL-11.5 with D-25: a creature trampled by a retreating creature loses figures it cannot
lose as wounds: each becomes a critical-risk die, and if it dies its hex opens and the retreat
goes on (D-23), as the oracle (tests/battlelore/oracle.py) and the analysis count it. The state
machine used to skip a trampled creature ("the only creature is the spider itself", but each
side may field one): found by the slow oracle test on random position 20324."""

from __future__ import annotations

from bitva.games.battlelore.actions import Battle
from bitva.games.battlelore.field.board import hex_of
from tests.battlelore.test_oracle_state import after, state_of


def test_bl_11_5_d_25_a_creature_in_the_way_is_trampled_too() -> None:
    # South's spider on K5 is attacked by North's spear on J5; two flags: it ignores one and
    # retreats 2 hexes (K4, then K3 or L3: North's webbed spider and North's riders)
    state = after(state_of(20324), Battle("J5", "K5"))
    (two_flags,) = [a for a, _ in state.chance_outcomes() if str(a) == "roll F F"]
    events = state.apply(two_flags)
    trampled = {e.data["hex"] for e in events if e.kind == "trampled"}
    assert trampled == {"K3", "L3"}


def two_flags_on_the_spider():  # type: ignore[no-untyped-def]
    state = after(state_of(20324), Battle("J5", "K5"))
    (two_flags,) = [a for a, _ in state.chance_outcomes() if str(a) == "roll F F"]
    state.apply(two_flags)
    return state


def roll(state, faces: str) -> list[str]:  # type: ignore[no-untyped-def]
    (outcome,) = [a for a, _ in state.chance_outcomes() if str(a) == f"roll {faces}"]
    return [e.kind for e in state.apply(outcome)]


def test_d_25_the_creature_in_the_way_rolls_a_risk_die_per_hex_left_and_may_die() -> None:
    state = two_flags_on_the_spider()
    assert state.battle is not None and state.battle.dice == 1  # 1 hex still to retreat
    north_spider = state.field.unit_at(hex_of("K3"))
    assert north_spider is not None and state.battle.risk_unit == north_spider.uid
    roll(state, "G")  # its colour: re-rolled
    kinds = roll(state, "G")  # its colour again: killed, and the way to K3 opens
    assert "critical" in kinds and "eliminated" in kinds and "retreated" in kinds
    moved = state.field.unit_at(hex_of("K3"))
    assert moved is not None and moved.type.is_creature and moved.side == 1  # South's spider


def test_d_24_a_creature_in_the_way_that_lives_leaves_the_retreat_shut() -> None:
    state = two_flags_on_the_spider()
    kinds = roll(state, "B")  # not its colour: it lives
    assert "blocked" in kinds and state.battle is not None
    assert state.battle.risk_unit == -1 and state.battle.dice == 1  # South's spider's own die
