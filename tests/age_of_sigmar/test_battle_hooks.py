"""Custom hooks (section 3.2 ``custom``) and the Blood Warriors' No Respite, dice forced."""

from __future__ import annotations

from bitva.core import CHANCE
from bitva.games.age_of_sigmar.battle import hooks
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from bitva.games.age_of_sigmar.game import GAME
from tests.age_of_sigmar.test_battle_sequence import position, row, unit


def fight() -> AgeOfSigmarState:
    """A's combat phase: the Lord-Celestant (A1) attacks five Blood Warriors (B1) in a row."""
    return position(
        [unit("A1", "lord_celestant", [(20, 10)])],
        [unit("B1", "blood_warriors", row(16, 12.2, 5, 2.0))],
        step="attack",
        phase="combat",
        runtime='unit = "A1"\npicker = "A"',
    )


def _all_succeed(state: AgeOfSigmarState) -> None:
    """The Lord's attacks: every hit and wound roll succeeds, every save fails (six blows of
    Damage 1: three Blood Warriors slain)."""
    state.apply("attack A1 at B1")
    for dice in ("hit 0/4", "wound 0/4", "save 4/0", "hit 0/2", "wound 0/2", "save 2/0"):
        state.apply(f"dice {dice}")


def test_section_3_2_custom_hooks_are_registered_functions() -> None:
    assert hooks.HOOKS["aos.hooks:no_respite"] is hooks.no_respite
    for setup in ("starter_clash", "scenery_and_sorcery"):
        state = GAME.new({"battle": setup}, 1)
        assert hooks.unknown_hooks(state.battle) == []


def test_no_respite_plans_the_slain_models_pile_in_and_attack() -> None:
    """The hook alone: three slain Blood Warriors, back where they stood, pile in towards the
    Lord and attack him with their Goreaxes (2 attacks each, those in reach after the
    pile-in)."""
    state = fight()
    before = state.rt
    _all_succeed(state)
    strike = state.rt.attack
    assert strike is not None and strike["respite"] == ["B1.1", "B1.2", "B1.3"]
    assert (strike["unit"], strike["target"], strike["kind"]) == ("B1", "A1", "melee")
    again = hooks.no_respite(state.battle, before, state.rt, "B1", ["B1.1"], "A1")
    assert again is not None and again["target"] == "A1"
    assert hooks.no_respite(state.battle, before, state.rt, "B1", [], "A1") is None


def test_no_respite_strikes_back_before_removal_then_the_fight_goes_on() -> None:
    """Slain in the combat phase: the strike-back's dice are chance nodes (D-38), its unsaved
    wounds go to the Lord, the fallen stay removed, and the combat phase goes on."""
    state = fight()
    _all_succeed(state)
    b1 = state.rt.unit_by_id("B1")
    assert len(b1.alive) == 2 and b1.slain_this_turn == 3
    assert state.current_player == CHANCE and state.decision == "attack-dice"
    outcomes = [str(a) for a, _ in state.chance_outcomes()]
    assert outcomes[0] == "dice hit 4/0/0"  # two Blood Warriors reach the Lord: 4 attacks
    state.apply("dice hit 0/0/4")
    state.apply("dice wound 0/4")
    events = state.apply("dice save 4/0")
    damage = next(e for e in events if e.kind == "damage")
    assert (damage.data["unit"], damage.data["target"], damage.data["pool"]) == ("B1", "A1", 4)
    assert state.rt.unit_by_id("A1").models[0].wounds_taken == 4
    assert state.rt.attack is None and state.decision == "combat"
    assert len(state.rt.unit_by_id("B1").alive) == 2


def test_no_respite_is_logged() -> None:
    state = fight()
    state.apply("attack A1 at B1")
    events = []
    for dice in ("hit 0/4", "wound 0/4", "save 4/0", "hit 0/2", "wound 0/2", "save 2/0"):
        events += state.apply(f"dice {dice}")
    said = next(e for e in events if e.kind == "no-respite")
    assert said.data == {"unit": "B1", "models": ["B1.1", "B1.2", "B1.3"], "target": "A1"}


def test_no_respite_does_not_answer_shooting() -> None:
    """Slain in the shooting phase: no strike-back."""
    state = position(
        [unit("A1", "judicators", row(16, 4, 5, 2.0))],
        [unit("B1", "blood_warriors", row(16, 20, 5, 2.0))],
        step="shooting",
    )
    state.apply("shoot A1 at B1")
    while state.is_chance:
        outcomes = state.chance_outcomes()
        state.apply(outcomes[-1][0] if "save" not in str(outcomes[0][0]) else outcomes[0][0])
    assert state.rt.attack is None
    assert state.rt.unit_by_id("B1").slain_this_turn > 0
