"""First Strike (WR02, 5.2) in games: the attacked unit battles its attacker first, a battle
inside the battle with its own roll, flags, retreat and panic but no follow-ons; the attack is
cancelled if the attacker is eliminated or leaves its hex, and the struck unit may not battle
back. T-30: Foil stops it and the attack is rolled normally."""

from __future__ import annotations

from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import figures, play, scene, texts


def attacked(south_figures: int = 4, south_hand: list[str] | None = None) -> BattleLoreState:
    """South's red foot F4 attacks North's supported blue foot F5; North holds First Strike
    (Warrior 1)."""
    state = scene(
        ("h_rf_sword", "F4", 1, south_figures),
        ("h_bf_sword", "F5", 2),
        ("h_bf_sword", "E6", 2),  # two supporters: F5 is Bold, so it may battle back (BL-7.1)
        ("h_bf_sword", "F6", 2),
        lore=True,
        phase="battle",
        goblets=(5, 5),
    )
    state.councils = [{"rogue": 1}, {"warrior": 1}]
    state.lore_hands = {1: list(south_hand or []), 2: ["WR02"]}
    play(state, "battle F4 F5")
    while state.decision == "react" and state.current_player == 1:  # South passes its windows
        play(state, "pass")
    return state


def strike(state: BattleLoreState) -> None:
    assert state.decision == "react" and state.window is not None
    assert state.window.window == "ROLL_BEFORE" and "lore WR02 F5" in texts(state)
    play(state, "lore WR02 F5")
    while state.decision == "react":
        play(state, "pass")


def test_t_30_first_strike_foiled_the_attack_is_rolled_normally_and_no_more_lore() -> None:
    state = attacked(south_hand=["RG02", "WR01"])
    attack_dice = state.battle.dice if state.battle is not None else 0
    play(state, "lore WR02 F5")
    assert state.decision == "react" and state.current_player == 1  # South's LORE_REACT window
    assert "lore RG02 WR02" in texts(state)
    play(state, "lore RG02 WR02")
    assert state.lore_played[0].foiled and state.decision == "roll"
    battle = state.battle
    assert battle is not None and battle.then is None and not battle.struck
    assert state.unit_at("F4").uid == battle.attacker and battle.dice == attack_dice
    play(state, "roll G G G G")  # green helmets miss the blue unit
    assert state.decision == "battle-back"  # First Strike stopped: North may battle back
    assert state.lore_played_by == [True, True]
    play(state, "battle-back")
    assert state.decision == "roll"  # no Lore window: neither side may play more (BL-13.6)


def test_wr02_first_strike_that_eliminates_the_attacker_cancels_the_attack() -> None:
    state = attacked(south_figures=1)
    strike(state)
    battle = state.battle
    assert state.decision == "roll" and battle is not None and battle.then is not None
    assert battle.side == 2 and battle.attacker == state.unit_at("F5").uid
    play(state, "roll R G G")  # the red helmet kills South's last figure
    assert figures(state, "F4") is None and figures(state, "F5") == 4
    assert state.battle is None and state.banners[1] == 1  # BL-5.3: North's banner


def test_wr02_first_strike_that_drives_the_attacker_off_cancels_the_attack() -> None:
    state = attacked()
    strike(state)
    play(state, "roll F G G")  # a flag: South's unit retreats 1 hex toward its edge
    while state.decision == "retreat":
        play(state, texts(state)[0])
    assert figures(state, "F4") is None and figures(state, "F5") == 4
    assert state.battle is None and state.decision != "take-ground"  # cancelled: no follow-on


def test_wr02_after_the_first_strike_the_attack_goes_on_and_there_is_no_battle_back() -> None:
    state = attacked()
    strike(state)
    play(state, "roll R G G")  # the strike: 1 hit, South stays
    assert figures(state, "F4") == 3 and state.decision == "roll"
    battle = state.battle
    assert battle is not None and battle.struck and state.unit_at("F4").uid == battle.attacker
    play(state, "roll " + " ".join(["G"] * battle.dice))
    assert figures(state, "F5") == 4 and state.battle is None  # no battle back (WR02)
    assert state.decision != "battle-back"


def test_wr02_a_first_strike_in_progress_survives_json_and_copies() -> None:
    from bitva.games.battlelore.deserialize import state_from_json

    state = attacked()
    strike(state)
    again = state_from_json(state.to_json())
    copied = state.clone()
    assert again.battle == state.battle and copied.battle == state.battle
    assert again.battle is not None and again.battle.then is not None
    play(copied, "roll R G G")  # the copy's interrupted attack is its own
    assert state.battle is not None and state.battle.then is not None
    assert not state.battle.faces and state.battle.then.faces == ()
