"""Scenario files (section 13) and the analysis command of issue 12."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from bitva.core.errors import PositionError
from bitva.games.sniper_elite import GAME
from bitva.games.sniper_elite.model import DEFENDER_IDS
from bitva.games.sniper_elite.sniper_turn import hit_chance
from tests.cli.helpers import one_clear_line
from tests.cli.helpers import run as bitva
from tests.sniper_elite.helpers import scenario, settle
from tests.sniper_elite.test_sniper_turn import EX_3


def test_13_scenario_defaults() -> None:
    state = scenario('sniper = "d6"\n')
    assert state.core.lka == "red" and state.core.probable == [4, 5, 6, 7, 8, 9]
    assert state.core.health == list("NRRNRR") and state.core.bag["A"] == 6
    assert len(state.deck) == 9 and len(state.box) == 3
    assert state.decision == "turn"


def test_13_write_and_read_round_trip() -> None:
    state = scenario(EX_3)
    text = GAME.write_position(state)
    again = GAME.read_position(text)
    assert GAME.write_position(again) == text
    assert again.view(1) == state.view(1)


def test_13_forced_chance_in_a_scenario() -> None:
    state = scenario('die = 2\ndraws = ["R"]\nties = [0]\n' + EX_3)
    state.apply("shoot R2 1")
    assert [str(a) for a in state.legal_actions()] == ["draw R"]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('sniper = "d4"\n', "sniper"),  # water
        ('sniper = "d6"\nbag = {X = 1}\n', "bag"),
        ('sniper = "d6"\nbag = {A = 6, N = 7}\n', "bag.N"),  # issue 23: 6 N at most
        ('sniper = "d6"\n[defenders]\nZ1 = "a3"\n', "defenders.Z1"),
        ('sniper = "d6"\nobjectives = [3, 3]\n', "objectives"),
        ('sniper = "d6"\ncolour = 1\n', "colour"),
        ('sniper = "d6"\nmodifiers = ["nope"]\n', "modifiers"),
    ],
)
def test_13_bad_scenarios_name_the_key(text: str, key: str) -> None:
    with pytest.raises(PositionError) as info:
        GAME.read_position(text)
    assert info.value.key.startswith(key)


def test_issue_12_analysis_object() -> None:
    state = scenario(EX_3)
    result = GAME.analyses["options"].run(state, 1)
    assert result["sniper"] == "d6" and result["lka"] == "red"
    assert result["probable"] == [4, 5, 6, 7, 8, 9]
    assert result["moves"]["c6"] == 1 and result["moves"]["c7"] == 2
    assert "e6" not in result["moves"] and "d6" not in result["moves"]
    first = result["shots"][0]
    assert (first["target"], first["space"], first["range"]) == ("R1", "e6", 1)
    assert abs(first["hit"]["1"] - 6 / 11) < 1e-12
    assert abs(first["hit"]["2"] - 0.8181818182) < 1e-9
    assert list(first["hit"]) == [str(k) for k in range(1, 12)]
    ids = [shot["target"] for shot in result["shots"]]
    assert ids == sorted(ids, key=list(DEFENDER_IDS).index)


def test_se_6_5_hit_chance_is_exact() -> None:
    bag = {"A": 6, "N": 2, "R": 3, "S": 0}
    # two tokens at range 1: hit unless both are non-A (no misfire is possible with 2 tokens)
    assert hit_chance(bag, 2, 1, frozenset()) == 1 - Fraction(5 * 4, 11 * 10)
    assert hit_chance({"A": 2, "N": 2, "R": 1, "S": 1}, 6, 1, frozenset()) == 0


def test_issue_12_analyse_command_prints_the_bare_object(tmp_path: Path) -> None:
    path = tmp_path / "ex3.toml"
    path.write_text(EX_3, encoding="utf-8")
    out = bitva("analyse", "sniper-elite", str(path), "--json")
    assert out.exit_code == 0
    data = json.loads(out.stdout)
    assert set(data) == {"sniper", "lka", "probable", "moves", "shots"}


def test_a_bad_scenario_is_one_clear_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('sniper = "q99"\n', encoding="utf-8")
    out = bitva("analyse", "sniper-elite", str(path))
    assert one_clear_line(out)
    assert "sniper: 'q99' is off the map" in out.output


def test_se_3_10_determinize_redeals_hidden_order_cards() -> None:
    from bitva.core.rng import Rng

    state = GAME.new({}, seed=9)
    settle(state, "objective 3", "objective 9")
    state.apply("enter EK")
    seen = set()
    for k in range(20):
        other = state.determinize(1, Rng(k))
        assert other.view(1) == state.view(1)
        seen.add((tuple(other.box), other.slots[2][0]))  # type: ignore[index]
        assert all(other.content.order(c).urgent for c in [other.slots[2][0]])  # type: ignore[index]
        assert sum(other.content.order(c).urgent for c in other.box) == 1
    assert len(seen) > 5


def test_se_6_5_the_view_shows_the_odds_before_drawing() -> None:
    state = scenario(EX_3)
    result = GAME.analyses["options"].run(state, 1)
    sight = {entry["defender"]: entry for entry in state.view(1)["in_sight"]}
    for shot in result["shots"]:
        assert sight[shot["target"]]["range"] == shot["range"]
        assert sight[shot["target"]]["hit"] == list(shot["hit"].values())


def test_se_4_9_d_32_determinize_keeps_the_cards_the_player_put_at_the_bottom() -> None:
    """The objective card the player chose to put at the bottom (SE-4.9) and a duplicate
    equipment card put there in his sight (D-32) stay at the bottom in every determinization:
    only the order of the piles above them is unknown."""
    from bitva.core.rng import Rng

    state = GAME.new({}, seed=9)
    settle(state, "objective 3", "objective 9")
    state.apply("enter EK")
    bottom_objective = state.obj_pile.pop()  # type: ignore[attr-defined]
    state.obj_bottom.append(bottom_objective)  # type: ignore[attr-defined]
    bottom_card = state.equip_pile.pop()  # type: ignore[attr-defined]
    state.equip_bottom.append(bottom_card)  # type: ignore[attr-defined]
    for k in range(10):
        other = state.determinize(1, Rng(k))
        assert other.obj_bottom == [bottom_objective]  # type: ignore[attr-defined]
        assert other.equip_bottom == [bottom_card]  # type: ignore[attr-defined]
        assert bottom_objective not in other.obj_pile  # type: ignore[attr-defined]
        assert other.view(1) == state.view(1)
