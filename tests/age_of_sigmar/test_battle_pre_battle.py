"""Before the battle in play (AOS-1.5, AOS-2.5, AOS-3.5 to AOS-3.7, D-30, D-32, D-33; worked
examples T-1 and T-13): landscapes rolled or chosen, generals named, the sudden death objective
and its unit, triumph dice, and the position notation at every new step."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from bitva.core.chance import CHANCE
from bitva.core.errors import ContentError, PositionError
from bitva.core.rng import Rng
from bitva.games.age_of_sigmar.battle import load_battle_text
from bitva.games.age_of_sigmar.battle.actions import Die, parse_action
from bitva.games.age_of_sigmar.battle.candidates import all_candidates
from bitva.games.age_of_sigmar.battle.position import read_position
from bitva.games.age_of_sigmar.battle.runtime import Runtime
from bitva.games.age_of_sigmar.battle.schema import Side
from bitva.games.age_of_sigmar.battle.set_up_actions import General, Landscape, Objective
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from bitva.games.age_of_sigmar.game import GAME

EXAMPLE = (
    Path(__file__).resolve().parents[2]
    / "src/bitva/games/age_of_sigmar/content/battles/open_deployment.toml"
)

FEATURES = """
feature = [
  { id = "F1", name = "Hill", movement = "open", polygon = [[4, 40], [10, 40], [10, 46], [4, 46]] },
  { id = "F2", name = "Wood", movement = "open", polygon = [[4, 2], [10, 2], [10, 8], [4, 8]] },
]
"""


def row(unit: str, warscroll: str, n: int, y: float, x0: float = 2.0, extra: str = "") -> str:
    """A unit of ``n`` models on a line at ``y`` (file set-up), 2" apart from ``x0``."""
    models = ", ".join(f"{{ at = [{x0 + 2 * i:.1f}, {y}] }}" for i in range(n))
    return f'[[{unit}]]\nid = "{extra}"\nwarscroll = "{warscroll}"\nmodels = [{models}]\n'


def file_battle(a: int, b: int, extra: str = "", rounds: int = 6) -> str:
    """A pre-set battle of ``a`` Bloodreavers against ``b`` (rows of at most 20), generals
    named, no [sudden_death]: the outnumbered side chooses in play."""
    head = f'name = "Count"\nmysterious = "off"\n{extra}[table]\nwidth = 48\ndepth = 48\n'
    head += f"[options]\nmax_rounds = {rounds}\n"
    text = head + '[army.A]\ngeneral = "A0"\n'
    text += row("army.A.unit", "bloodsecrator", 1, 2.0, 30.0, "A0")
    for i in range(0, a - 1, 20):
        text += row(
            "army.A.unit", "bloodreavers", min(20, a - 1 - i), 4.0 + i / 10, 2.0, f"A{i + 1}"
        )
    text += '[army.B]\ngeneral = "B0"\n'
    text += row("army.B.unit", "bloodsecrator", 1, 46.0, 30.0, "B0")
    for i in range(0, b - 1, 20):
        text += row(
            "army.B.unit", "bloodreavers", min(20, b - 1 - i), 44.0 - i / 10, 2.0, f"B{i + 1}"
        )
    return text


def play(state: AgeOfSigmarState, *texts: str) -> AgeOfSigmarState:
    for text in texts:
        action = parse_action(text)
        assert state.check(action) is None, (text, state.check(action))
        state.play(action)
    return state


def test_aos_1_5_t1_d3_faces_as_chance_outcomes() -> None:
    """T-1: D6 faces 1..6 give 1, 1, 2, 2, 3, 3: a D3 node (the Damned sacrifice's mortal
    wounds) has three outcomes of 1/3 each."""
    text = (
        Path(__file__).resolve().parents[2]
        / "src/bitva/games/age_of_sigmar/content/battles/scenery_and_sorcery.toml"
    ).read_text()
    state = read_position(GAME, text)
    play(state, "first A")
    from dataclasses import replace

    state.rt = replace(state.rt, step="damned-roll", unit="A3")
    outcomes = state.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == ["dice mortal 1", "dice mortal 2", "dice mortal 3"]
    faces = [(face + 1) // 2 for face in range(1, 7)]
    assert faces == [1, 1, 2, 2, 3, 3]
    assert [p for _, p in outcomes] == [Fraction(faces.count(n), 6) for n in (1, 2, 3)]


@pytest.mark.parametrize(
    ("a", "b", "chooses"), [(12, 28, True), (15, 20, True), (15, 19, False), (28, 12, True)]
)
def test_aos_3_6_t13_sudden_death_thresholds_through_set_up(a: int, b: int, chooses: bool) -> None:
    """T-13 (D-32): 28 v 12: 84 >= 48, yes; 20 v 15: 60 >= 60, yes; 19 v 15: 57 < 60, no."""
    state = read_position(GAME, file_battle(a, b))
    assert state.rt.army_size == (a, b)
    if chooses:
        assert state.rt.step == "objective"
        assert state.current_player == (1 if a < b else 2)
    else:
        assert state.rt.step == "first-turn"


def test_d_32_objectives_available_and_d_30_by_rounds() -> None:
    state = read_position(GAME, file_battle(12, 28, FEATURES))
    found = all_candidates(state.battle, state.rt)
    assert found == [
        Objective("assassinate"),
        Objective("blunt"),
        Objective("endure"),
        Objective("seize_ground", "F1"),  # F1 in B's territory, F2 in A's (D-32)
        Objective("none"),
    ]
    assert all(state.check(a) is None for a in found)
    refused = state.check(parse_action("objective seize-ground F2"))
    assert refused is not None and refused.rule == "D-32"
    short = read_position(GAME, file_battle(12, 28, FEATURES, rounds=3))
    assert all_candidates(short.battle, short.rt)[-1:] == [Objective("none")]
    assert Objective("endure") not in all_candidates(short.battle, short.rt)  # D-30


def test_aos_3_6_opponent_names_the_unit_and_the_objective_holds() -> None:
    state = play(read_position(GAME, file_battle(12, 28)), "objective blunt")
    assert state.rt.step == "name" and state.current_player == 2
    refused = state.check(parse_action("name B0"))  # the Bloodsecrator: one model
    assert refused is not None and refused.rule == "AOS-3.6"
    play(state, "name B1")
    sd = state.rt.sudden_death
    assert sd is not None and (sd.chooser, sd.objective, sd.named_unit) == ("A", "blunt", "B1")
    assert state.rt.step == "first-turn"
    play(read_position(GAME, file_battle(12, 28)), "objective assassinate", "name B0")


def test_aos_3_6_a_preset_none_is_not_asked_again() -> None:
    preset = '[sudden_death]\nchooser = "A"\nobjective = "none"\n'
    state = read_position(GAME, file_battle(12, 28, preset))
    assert state.rt.step == "first-turn"


def test_aos_3_5_general_named_in_play_only_on_the_table() -> None:
    state = GAME.new({"battle": str(EXAMPLE)}, 1)
    rng = Rng(4)
    while state.rt.step != "general":
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            found = [a for a in state.candidate_actions(rng, 16) if str(a) != "done"]
            state.apply(found[0] if found else parse_action("done"))
    side: Side = "A" if state.current_player == 1 else "B"
    reserve = [m.id for u in state.rt.army(side) for m in u.models if not m.on_table]
    standing = [m.id for u in state.rt.army(side) for m in u.models if m.on_table]
    for model in reserve:
        refused = state.check(General(model))
        assert refused is not None and refused.rule == "AOS-3.5"
    refused = state.check(parse_action("general Z9.1"))
    assert refused is not None and refused.rule == "AOS-3.5"
    play(state, f"general {standing[-1]}")
    general = state.rt.general(side)
    assert general is not None and general[1].id == standing[-1]


@pytest.mark.parametrize(("die", "empowered", "inspired"), [(6, ("B",), ()), (3, (), ("B",))])
def test_aos_3_7_d_33_triumph_rolled_in_play(
    die: int, empowered: tuple[str, ...], inspired: tuple[str, ...]
) -> None:
    text = file_battle(15, 15, "[triumphs]\nB = { won = true }\n")
    state = read_position(GAME, text)
    assert state.rt.step == "triumph" and state.current_player == CHANCE
    assert state.chance_outcomes() == [(Die("triumph", f), Fraction(1, 6)) for f in range(1, 7)]
    play(state, f"dice triumph {die}")
    assert (state.rt.empowered, state.rt.inspired) == (empowered, inspired)
    assert state.rt.step == "first-turn"


def test_aos_3_7_blessed_rolled_in_play_is_held() -> None:
    from bitva.games.age_of_sigmar.battle.blessed import holders

    state = read_position(GAME, file_battle(15, 15, "[triumphs]\nA = {}\n"))
    assert holders(state.battle, state.rt) == []
    events = state.play(parse_action("dice triumph 2"))
    assert events[0].data == {"side": "A", "die": 2, "triumph": "blessed"}
    assert state.rt.step == "first-turn" and not state.rt.empowered and not state.rt.inspired
    assert holders(state.battle, state.rt) == ["A"]


def test_aos_2_5_mysterious_landscapes_rolled() -> None:
    text = file_battle(15, 15, FEATURES).replace('mysterious = "off"', 'mysterious = "roll"')
    state = read_position(GAME, text)
    assert state.rt.step == "landscape-roll" and state.current_player == CHANCE
    play(state, "dice landscape 2", "dice landscape 6")
    assert [f.mysterious for f in state.battle.features] == ["arcane", "sinister"]
    assert state.rt.step == "first-turn"


def test_aos_2_5_mysterious_landscapes_chosen_by_the_roll_off_winner() -> None:
    text = file_battle(15, 15, FEATURES).replace('mysterious = "off"', 'mysterious = "choose"')
    state = read_position(GAME, text)
    assert state.rt.step == "landscape-roll-off"
    play(state, "roll-off 5 3")  # AOS-1.8: the winner decides
    assert state.rt.step == "landscape" and state.current_player == 1
    assert all_candidates(state.battle, state.rt)[0] == Landscape("F1", "damned")
    refused = state.check(parse_action("landscape F2 arcane"))
    assert refused is not None and refused.rule == "AOS-2.5"
    play(state, "landscape F1 deadly", "landscape F2 inspiring")
    assert [f.mysterious for f in state.battle.features] == ["deadly", "inspiring"]


def test_aos_3_2_players_set_up_file_refuses_what_play_decides() -> None:
    text = EXAMPLE.read_text().replace(
        "[triumphs]", '[sudden_death]\nchooser = "A"\nobjective = "endure"\n[triumphs]'
    )
    with pytest.raises(ContentError, match="sudden_death"):
        load_battle_text(text)
    with pytest.raises(ContentError, match="general"):
        load_battle_text(
            EXAMPLE.read_text().replace('name = "Khorne Bloodbound"', 'name = "K"\ngeneral = "B2"')
        )


def test_set_up_positions_and_json_round_trip_at_every_step() -> None:
    """The position notation writes every set-up decision and reads it back exactly."""
    steps = set()
    for seed in (1, 2, 5):
        state = GAME.new({"battle": str(EXAMPLE)}, seed)
        rng = Rng(seed)
        while state.rt.phase == "set-up" and state.outcome is None:
            data = json.loads(json.dumps(state.to_json()))
            assert GAME.state_from_json(data).to_json() == data
            assert Runtime.from_json(state.rt.to_json()) == state.rt
            try:
                text = GAME.write_position(state)
            except PositionError:
                assert state.is_chance
            else:
                steps.add(state.rt.step)
                again = GAME.read_position(text)
                assert GAME.write_position(again) == text
                assert again.rt == state.rt
                ours = sorted(map(str, state.candidate_actions(Rng(0), 16)))
                assert sorted(map(str, again.candidate_actions(Rng(0), 16))) == ours
            if state.is_chance:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(rng.choice(state.candidate_actions(rng, 16)))
    assert {"territory", "deploy", "general"} <= steps
