"""The battle's sequence (AOS-3.4 to AOS-5, AOS-9.2, AOS-15) through the engine, dice forced.

`position(...)` builds a battle position from units placed by hand (the position notation of
battle/position.py); the other battle tests import it.
"""

from __future__ import annotations

from typing import Any

import pytest

from bitva.core import CHANCE, IllegalAction
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from bitva.games.age_of_sigmar.game import GAME


def row(x0: float, y: float, n: int, step: float) -> list[tuple[float, float]]:
    return [(round(x0 + i * step, 3), y) for i in range(n)]


def unit(
    uid: str,
    warscroll: str,
    at: list[tuple[float, float]],
    model: dict[int, dict[str, str]] | None = None,
) -> dict[str, Any]:
    """A unit for `position`; ``model`` adds keys to some models (index: {key: TOML value})."""
    return {"id": uid, "warscroll": warscroll, "at": at, "model": model or {}}


def position(
    a: list[dict[str, Any]],
    b: list[dict[str, Any]],
    *,
    step: str = "movement",
    phase: str | None = None,
    active: str = "A",
    width: int = 48,
    extra: str = "",
    features: str = "",
    runtime: str = "",
) -> AgeOfSigmarState:
    """A position at ``step`` of ``active``'s turn, round 1, A first."""
    lines = ['name = "test"', features, "[table]", f"width = {width}", "depth = 48", extra]
    sizes = [sum(len(u["at"]) for u in side) for side in (a, b)]
    lines += [
        "[position]",
        f'active = "{active}"',
        'first = "A"',
        f'phase = "{phase or step}"',
        f'step = "{step}"',
        f"army_size = {sizes}",
        runtime,
    ]
    for side, units in (("A", a), ("B", b)):
        lines.append(f"[army.{side}]")
        for u in units:
            lines += [
                f"[[army.{side}.unit]]",
                f'id = "{u["id"]}"',
                f'warscroll = "{u["warscroll"]}"',
            ]
            models = []
            for i, (x, y) in enumerate(u["at"]):
                extra_keys = "".join(f", {k} = {v}" for k, v in u["model"].get(i, {}).items())
                models.append(f"{{ at = [{x}, {y}]{extra_keys} }}")
            lines.append("models = [" + ", ".join(models) + "]")
    return GAME.read_position("\n".join(lines) + "\n", "(test)")


def test_aos_3_4_the_player_done_first_chooses_the_first_turn() -> None:
    """Setup 1: set-up order A1, B1, A2, B2, so A is done first (AOS-3.4, D-28, D-29)."""
    state = GAME.new({"battle": "starter_clash"}, 1)
    assert state.decision == "first-turn" and state.current_player == 1
    state.apply("first B")
    assert (state.rt.active, state.rt.phase, state.rt.round) == ("B", "hero", 1)


def test_aos_3_5_generals_come_from_the_battle_file() -> None:
    state = GAME.new({"battle": "starter_clash"}, 1)
    generals = [m.id for u in state.rt.units for m in u.models if m.is_general]
    assert generals == ["A2.1", "B2.1"]


def test_t_18_empowered_general_has_one_more_wound() -> None:
    """AOS-3.7, T-18: Setup 2, B's triumph die 6: the Bloodsecrator has Wounds 6."""
    state = GAME.new({"battle": "scenery_and_sorcery"}, 1)
    view = state.view(None)
    b1 = next(u for u in view["units"] if u["id"] == "B1")
    assert b1["models"][0]["wounds_left"] == 6
    a1 = next(u for u in view["units"] if u["id"] == "A1")
    assert a1["models"][0]["wounds_left"] == 5


def test_aos_3_3_army_sizes_are_the_models_set_up() -> None:
    assert GAME.new({"battle": "starter_clash"}, 0).rt.army_size == (6, 11)
    assert GAME.new({"battle": "scenery_and_sorcery"}, 0).rt.army_size == (12, 28)


def first_roll(state: AgeOfSigmarState) -> None:
    """Apply the first outcome of a chance node (A wins a priority roll-off 4 to 1)."""
    state.apply("roll-off 4 1" if state.decision == "priority" else state.chance_outcomes()[0][0])


def _to_round_two(state: AgeOfSigmarState) -> None:
    """Both turns of round 1 with every unit holding (done) and dice as they come."""
    state.apply("first A")
    while state.rt.round == 1 and state.outcome is None:
        if state.is_chance:
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply("done")


def test_t_15_priority_roll_off_ties_roll_again_and_the_winner_decides() -> None:
    """AOS-4.1, AOS-1.7, T-15: round 1 has no roll; round 2: [3, 3] tie, [2, 5]: B decides."""
    state = GAME.new({"battle": "starter_clash"}, 1)
    _to_round_two(state)
    assert state.rt.round == 2 and state.decision == "priority"
    assert state.current_player == CHANCE
    assert len(state.chance_outcomes()) == 36
    state.apply("roll-off 3 3")
    assert state.decision == "priority"
    state.apply("roll-off 2 5")
    assert state.decision == "first-turn" and state.current_player == 2
    state.apply("first B")
    assert state.rt.first == "B" and state.rt.active == "B"


def test_aos_4_2_a_turn_runs_through_its_phases_in_order() -> None:
    state = GAME.new({"battle": "scenery_and_sorcery"}, 1)
    state.apply("first A")
    phases = [state.rt.phase]
    while state.rt.active == "A":
        if state.is_chance:
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply("done")
        if state.rt.active == "A" and state.rt.phase != phases[-1]:
            phases.append(state.rt.phase)
    order = ["hero", "movement", "shooting", "charge", "combat", "battleshock"]
    assert phases == [p for p in order if p in phases]
    assert phases[:2] == ["hero", "movement"]


def test_aos_5_3_inspiring_presence_reaches_units_within_12_inches() -> None:
    """T-5: a general (40 mm) at (10, 10); a Liberator at (10, 23.574) is 11.999" away and may
    be inspired; at (10, 23.6), 12.025", not (D-26)."""
    near = position(
        [unit("A1", "lord_celestant", [(10, 10)]), unit("A2", "liberators", [(10, 23.574)])],
        [unit("B1", "bloodreavers", [(40, 44)])],
        step="hero",
        extra="[options]\nmax_rounds = 6\n",
        runtime='generals = ["A1.1"]',
    )
    assert near.check(near.parse_action("inspire A2")) is None
    far = position(
        [unit("A1", "lord_celestant", [(10, 10)]), unit("A2", "liberators", [(10, 23.6)])],
        [unit("B1", "bloodreavers", [(40, 44)])],
        step="hero",
        runtime='generals = ["A1.1"]',
    )
    violation = far.check(far.parse_action("inspire A2"))
    assert violation is not None and violation.rule == "D-26"
    near.apply("inspire A2")
    assert near.rt.unit_by_id("A2").has_effect("inspiring_presence")
    assert near.rt.phase == "movement"


def test_aos_9_2_players_alternate_picking_units_to_fight() -> None:
    """Two units of each side in base contact: A (active) picks first, then B, then A, then B."""
    a = [
        unit("A1", "liberators", row(10, 20, 2, 2.0)),
        unit("A2", "liberators", row(30, 20, 2, 2.0)),
    ]
    b = [
        unit("B1", "bloodreavers", row(10, 21.5, 2, 2.0)),
        unit("B2", "bloodreavers", row(30, 21.5, 2, 2.0)),
    ]
    state = position(a, b, step="combat", runtime='picker = "A"')
    assert state.current_player == 1
    with pytest.raises(IllegalAction) as info:
        state.apply("fight B1")
    assert info.value.rule == "AOS-1.9"
    pickers = []
    for _ in range(4):
        picker = state.rt.picker
        assert picker is not None
        pickers.append(picker)
        uid = next(u.id for u in state.rt.army(picker) if not u.fought)
        state.apply(f"fight {uid}")
        state.apply(f"pile-in {uid}")
        while state.decision in ("attack", "attack-dice"):
            if state.is_chance:
                outcomes = state.chance_outcomes()
                state.apply(outcomes[-1][0])  # the least damaging outcome comes last
            else:
                target = next(t for t in state.candidate_actions(state.rng, 8))
                state.apply(target)
        if state.outcome is not None:
            break
    assert pickers[:4] == ["A", "B", "A", "B"]


def test_aos_15_1_a_side_with_no_models_left_loses() -> None:
    from bitva.games.age_of_sigmar.battle.casualties import immediate_outcome, inflict

    state = position(
        [unit("A1", "liberators", row(10, 10, 2, 2.0))],
        [unit("B1", "bloodreavers", row(10, 40, 2, 2.0))],
    )
    rt, slain = inflict(state.battle, state.rt, "B1", 2)
    assert slain == ["B1.1", "B1.2"]
    outcome = immediate_outcome(rt)
    assert outcome is not None and outcome.winners == (1,) and outcome.rule == "AOS-15.1"
    rt, _ = inflict(state.battle, rt, "A1", 4)
    both = immediate_outcome(rt)
    assert both is not None and both.result == "draw" and both.rule == "D-31"


def test_aos_15_4_sudden_death_blunt_is_won_when_the_named_unit_is_gone() -> None:
    from bitva.games.age_of_sigmar.battle.casualties import flee, immediate_outcome, inflict

    state = GAME.new({"battle": "starter_clash"}, 0)
    rt, _ = inflict(state.battle, state.rt, "B1", 7)
    assert immediate_outcome(rt) is None
    rt, fled = flee(state.battle, rt, "B1", 3)  # D-32: fled models count too
    assert len(fled) == 3
    outcome = immediate_outcome(rt)
    assert outcome is not None and outcome.reason == "sudden-death" and outcome.winners == (1,)


def test_t_6_minor_victory_goes_to_the_smaller_share_lost() -> None:
    """AOS-15.2, T-6: A set up 40 and lost 30 (75%), B 20 and lost 10 (50%): B wins."""
    from dataclasses import replace

    from bitva.games.age_of_sigmar.battle.casualties import final_outcome

    rt = GAME.new({}, 0).rt
    outcome = final_outcome(replace(rt, army_size=(40, 20), casualties=(30, 10)))
    assert outcome.winners == (2,) and outcome.reason == "minor"
    level = final_outcome(replace(rt, army_size=(40, 20), casualties=(20, 10)))
    assert level.result == "draw"


def test_aos_4_4_the_battle_ends_after_max_rounds() -> None:
    state = GAME.new({"battle": "starter_clash"}, 3)
    state.apply("first A")
    while state.outcome is None:
        if state.is_chance:
            first_roll(state)
        else:
            state.apply("first A" if state.decision == "first-turn" else "done")
    outcome = state.outcome
    assert outcome.rule == "AOS-15.2" and state.rt.round == 6
    assert state.current_player is None


def test_aos_4_3_per_turn_flags_reset_at_the_start_of_a_turn() -> None:
    from dataclasses import replace

    from bitva.games.age_of_sigmar.battle.sequence import begin_turn

    state = GAME.new({"battle": "starter_clash"}, 1)
    state.apply("first A")
    a1 = state.rt.unit_by_id("A1")
    rt = state.rt.with_unit(replace(a1, moved=True, ran=True, charged=True, slain_this_turn=2))
    rt = begin_turn(state.battle, rt, "B")
    again = rt.unit_by_id("A1")
    assert not (again.moved or again.ran or again.charged) and again.slain_this_turn == 0


def test_aos_8_4_a_unit_charges_once_a_turn() -> None:
    state = position(
        [unit("A1", "liberators", [(10, 10)]), unit("A2", "liberators", [(40, 10)])],
        [unit("B1", "bloodreavers", [(10, 20)]), unit("B2", "bloodreavers", [(40, 20)])],
        step="charge",
    )
    state.apply("charge A1")
    state.apply("dice charge 2")
    state.apply("hold A1")  # 2" is not enough: the charge fails, nothing moves (D-13)
    refused = state.check(state.parse_action("charge A1"))
    assert refused is not None and refused.rule == "AOS-8.4"


def test_d_33_the_inspired_triumph_is_declared_when_a_unit_is_picked_to_fight() -> None:
    """AOS-3.7, D-33: B won a major victory last time and rolled 3 (Inspired): once a battle,
    when a unit is picked to fight, it re-rolls its failed hit rolls in that combat phase."""
    from bitva.games.age_of_sigmar.battle.attacks import attack_numbers

    state = position(
        [unit("A1", "liberators", row(20, 20, 2, 2.0))],
        [
            unit("B1", "bloodreavers", row(20, 21.6, 2, 1.6)),
            unit("B2", "bloodsecrator", [(40, 40)]),
        ],
        step="combat",
        active="B",
        runtime='picker = "B"\ninspired = ["B"]',
    )
    assert "fight B1 inspired" in [str(a) for a in state.candidate_actions(state.rng, 8)]
    state.apply("fight B1 inspired")
    assert state.rt.inspired == ()
    rt = state.rt
    profiles, _ = attack_numbers(
        state.battle, rt, rt.unit_by_id("B1"), rt.unit_by_id("A1"), "melee"
    )
    assert profiles and all("failed" in p.hit_reroll for p in profiles)


def test_aos_3_7_an_inspired_triumph_is_used_once() -> None:
    state = position(
        [unit("A1", "liberators", row(20, 20, 2, 2.0))],
        [unit("B1", "bloodreavers", row(20, 21.6, 2, 1.6))],
        step="combat",
        active="B",
        runtime='picker = "B"',
    )
    refused = state.check(state.parse_action("fight B1 inspired"))
    assert refused is not None and refused.rule == "AOS-3.7"
