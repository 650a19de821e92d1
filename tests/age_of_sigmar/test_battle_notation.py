"""The battle's notation: actions and positions round-trip exactly, bad ones say why (issue 22,
rules 3.4), and random battles of both setups reach the end (AOS-4.4, AOS-15)."""

from __future__ import annotations

import json

import pytest

from bitva.core import PositionError, Rng, UnreadableAction
from bitva.games.age_of_sigmar.battle.actions import PathAction, parse_action
from bitva.games.age_of_sigmar.battle.runtime import Runtime
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from bitva.games.age_of_sigmar.game import GAME

SETUPS = ("starter_clash", "scenery_and_sorcery")


@pytest.mark.parametrize(
    "text",
    [
        "done",
        "first B",
        "inspire A1",
        "run A1",
        "hold B2",
        "charge B1",
        "fight A1",
        "shoot A3 at B2",
        "attack A1 at B1",
        "move A1 m1 24.000,9.000 24.000,12.500; m2 22.000,9.000 22.000,12.500",
        "retreat A3 m5 28.000,8.000 28.000,3.250",
        "pile-in A1 m1 24.000,20.000 24.000,21.000",
        "pile-in A1",
        "roll-off 3 5",
        "dice run 4",
        "dice charge 11",
        "dice battleshock 1",
        "dice hit 4/6",
        "dice wound_reroll 2/1/0",
    ],
)
def test_action_text_round_trips(text: str) -> None:
    assert str(parse_action(text)) == text


def test_paths_are_read_in_any_spacing_and_written_in_thousandths() -> None:
    action = parse_action("move A1 m2 (22, 9) (22.5, 12.25)")
    assert isinstance(action, PathAction)
    assert action.paths == ((2, ((22.0, 9.0), (22.5, 12.25))),)
    assert str(action) == "move A1 m2 22.000,9.000 22.500,12.250"


@pytest.mark.parametrize(
    "text",
    ["", "move", "move A1 m1", "move A1 x1 1,2", "move A1 m1 1.0001,2", "shoot A1 B2", "first C"],
)
def test_unreadable_actions_say_why(text: str) -> None:
    with pytest.raises(UnreadableAction):
        parse_action(text)


def play_randomly(state: AgeOfSigmarState, seed: int) -> list[AgeOfSigmarState]:
    rng = Rng(seed)
    seen = []
    while state.current_player is not None:
        seen.append(state.clone())
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.candidate_actions(rng, 16)))
    return seen


@pytest.mark.parametrize("setup", SETUPS)
def test_aos_4_4_random_battles_reach_the_end(setup: str) -> None:
    """Random play over the candidates ends every battle with a result (AOS-4.4, AOS-15)."""
    for seed in (1, 2):
        state = GAME.new({"battle": setup}, seed)
        play_randomly(state, seed)
        outcome = state.outcome
        assert outcome is not None and outcome.rule is not None
        assert outcome.rule.startswith(("AOS-15", "D-31"))
        assert state.rt.round <= state.battle.data.options.max_rounds


@pytest.mark.parametrize("setup", SETUPS)
def test_positions_and_json_round_trip_exactly(setup: str) -> None:
    """read(write(s)) writes the same text, with the same decision, candidates and view; a
    state's JSON reads back to the same JSON (positions quantized to 1/1000 inch)."""
    written = 0
    for state in play_randomly(GAME.new({"battle": setup}, 3), 3)[::7]:
        data = json.loads(json.dumps(state.to_json()))
        assert GAME.state_from_json(data).to_json() == data
        assert Runtime.from_json(state.rt.to_json()) == state.rt
        try:
            text = GAME.write_position(state)
        except PositionError:  # a roll, or casualties being chosen (AOS-12.2)
            assert state.is_chance or state.rt.allocation is not None
            continue
        again = GAME.read_position(text)
        assert GAME.write_position(again) == text
        assert again.decision == state.decision and again.view(1) == state.view(1)
        ours = sorted(map(str, state.candidate_actions(Rng(0), 16)))
        assert sorted(map(str, again.candidate_actions(Rng(0), 16))) == ours
        written += 1
    assert written > 5


def test_a_bad_position_names_its_field() -> None:
    state = GAME.new({"battle": "starter_clash"}, 1)
    text = GAME.write_position(state)
    with pytest.raises(PositionError) as info:
        GAME.read_position(text.replace('step = "first-turn"', 'step = "dancing"'))
    assert info.value.key == "position.step"
    with pytest.raises(PositionError) as info:
        GAME.read_position(text.replace("at = [24.000, 9.000]", "at = [24.000, 60.000]"))
    assert info.value.key.startswith("army.A.unit[0].models")
    with pytest.raises(PositionError) as info:
        GAME.read_position(text.replace("army_size", "army_sighs"))
    assert info.value.key == "position.army_size"
    with pytest.raises(PositionError):
        GAME.read_position("not = [toml")


def test_d_38_no_position_during_a_roll() -> None:
    state = GAME.new({"battle": "starter_clash"}, 1)
    state.apply("first A")
    state.apply("done")  # the hero phase
    state.apply("run A1")
    assert state.is_chance
    with pytest.raises(PositionError) as info:
        GAME.write_position(state)
    assert info.value.rule == "D-38"
