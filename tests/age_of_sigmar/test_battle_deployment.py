"""Setting up in play (AOS-3.1 to AOS-3.4, GEO-5, GEO-12, D-28; worked examples T-11, T-12):
the territory roll-off and choice, alternating set-up through the engine's ``check``, done and
reserves, the formation helper and the candidate set-ups."""

from __future__ import annotations

from pathlib import Path

import pytest

from bitva.core.chance import CHANCE
from bitva.games.age_of_sigmar.battle.actions import Done, RollOff, parse_action
from bitva.games.age_of_sigmar.battle.candidates import all_candidates
from bitva.games.age_of_sigmar.battle.deployment import formation, territory_of
from bitva.games.age_of_sigmar.battle.position import read_position
from bitva.games.age_of_sigmar.battle.set_up_actions import Deploy, Territory
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from bitva.games.age_of_sigmar.game import GAME

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "src/bitva/games/age_of_sigmar/content/battles/open_deployment.toml"

PLAIN = """
name = "Plain"
mysterious = "off"
[table]
width = 48
depth = 48
split = "horizontal"
{extra}
[army.A]
[[army.A.unit]]
id = "A1"
warscroll = "lord_celestant"
models = [{{}}]
[[army.A.unit]]
id = "A2"
warscroll = "bloodreavers"
models = [{{}}, {{}}, {{}}]
[army.B]
[[army.B.unit]]
id = "B1"
warscroll = "bloodsecrator"
models = [{{}}]
[[army.B.unit]]
id = "B2"
warscroll = "bloodsecrator"
models = [{{}}]
"""


def state_of(extra: str = "") -> AgeOfSigmarState:
    return read_position(GAME, PLAIN.format(extra=extra))


def play(state: AgeOfSigmarState, *texts: str) -> AgeOfSigmarState:
    for text in texts:
        action = parse_action(text)
        assert state.check(action) is None, (text, state.check(action))
        state.play(action)
    return state


def refusal(state: AgeOfSigmarState, text: str) -> tuple[str, str | None]:
    violation = state.check(parse_action(text))
    assert violation is not None, text
    return violation.message, violation.rule


def test_aos_3_1_territory_roll_off_a_first_ties_again() -> None:
    state = state_of()
    assert state.rt.step == "territory-roll-off" and state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and sum(p for _, p in outcomes) == 1
    play(state, "roll-off 4 4")  # AOS-1.7: a tie rolls again
    assert state.rt.step == "territory-roll-off"
    play(state, "roll-off 2 5")  # A's die first: B wins, A (the loser) picks the half
    assert state.rt.step == "territory" and state.current_player == 1


def test_aos_3_1_loser_picks_territory_and_winner_sets_up_first() -> None:
    state = play(state_of(), "roll-off 2 5", "territory high")
    assert state.battle.data.table.territory_a == "high"
    assert territory_of(state.battle, state.rt, "A")[0] == (0, 24)
    assert state.rt.step == "deploy" and state.current_player == 2  # AOS-3.2: B won
    assert refusal(state, "territory low")[1] == "AOS-3.2"


def test_aos_3_1_preset_roll_off_and_half_skip_to_set_up() -> None:
    state = state_of('[roll_offs]\nterritory = "A"\n[deployment]\nmode = "players"\n')
    assert state.rt.step == "territory" and state.current_player == 2
    state = state_of('[roll_offs]\nterritory = "B"\n')
    play(state, "territory low")
    assert state.rt.step == "deploy" and state.current_player == 2


def test_geo_12_t12_deployment_distance_through_check() -> None:
    """T-12: 48 x 48, A owns y < 24: a 40 mm model at y = 11.2 is 12.013" from B's territory,
    legal; at 11.3, 11.913", illegal."""
    state = state_of('[roll_offs]\nterritory = "A"\n')
    play(state, "territory high")  # B picks high: A owns y < 24
    assert state.current_player == 1
    assert state.check(parse_action("deploy A1 m1 24,11.2")) is None
    message, rule = refusal(state, "deploy A1 m1 24,11.3")
    assert rule == "AOS-3.2" and "11.913" in message
    assert refusal(state, "deploy A1 m1 24,30")[1] == "GEO-12"
    assert refusal(state, "deploy A1 m1 0.5,5")[1] == "D-9"


def test_geo_5_t11_coherency_through_check() -> None:
    """T-11: 32 mm models at x = 0, 2.0, 4.5: gaps 0.74, 1.24, incoherent; x = 4.2: coherent."""
    state = play(state_of('[roll_offs]\nterritory = "A"\n'), "territory high")
    assert refusal(state, "deploy A2 m1 10,5; m2 12,5; m3 14.5,5") == (
        'A2 is not one group with 1" between its models',
        "GEO-5",
    )
    assert state.check(parse_action("deploy A2 m1 10,5; m2 12,5; m3 14.2,5")) is None


def test_aos_3_2_set_up_whole_unit_own_unit_no_overlap() -> None:
    state = play(state_of('[roll_offs]\nterritory = "A"\n'), "territory high")
    assert refusal(state, "deploy A2 m1 10,5; m2 12,5")[1] == "AOS-3.2"
    assert refusal(state, "deploy B1 m1 24,40")[1] == "AOS-1.9"
    assert refusal(state, "deploy C9 m1 24,4")[1] == "AOS-1.2"
    play(state, "deploy A1 m1 24,5")
    assert state.current_player == 2  # alternate (AOS-3.2)
    play(state, "deploy B1 m1 24,40")
    assert refusal(state, "deploy A1 m1 30,5")[1] == "AOS-3.2"  # already set up
    assert refusal(state, "deploy A2 m1 24,5.5; m2 26,5.5; m3 28,5.5")[1] == "D-7"


def test_d_28_done_reserves_and_aos_3_4_first_done_chooses() -> None:
    state = play(state_of('[roll_offs]\nterritory = "A"\n'), "territory high")
    play(state, "deploy A1 m1 24,5", "deploy B1 m1 24,40", "done")  # A is done first
    assert state.rt.step == "deploy" and state.current_player == 2  # B may go on (AOS-3.3)
    play(state, "deploy B2 m1 30,40")  # B has nothing left to place: done (D-28)
    assert state.rt.set_up is not None and state.rt.set_up.done == ("A", "B")
    assert state.rt.step == "general"
    play(state, "general A1.1", "general B2.1")
    assert state.rt.step == "objective"  # 1 against 2: A is outnumbered (D-32)
    play(state, "objective none")
    assert state.rt.step == "first-turn" and state.current_player == 1  # A done first
    assert state.rt.army_size == (1, 2)  # A2 stayed in reserve (AOS-3.3)
    a2 = state.rt.unit_by_id("A2")
    assert all(m.status == "reserve" for m in a2.models)


def test_aos_3_2_formation_helper_is_coherent_and_faces_the_enemy() -> None:
    state = play(state_of('[roll_offs]\nterritory = "A"\n'), "territory high")
    a2 = state.rt.unit_by_id("A2")
    action = formation(a2, (24.0, 6.0), (24.0, 40.0))
    assert isinstance(action, Deploy) and [n for n, _ in action.points] == [1, 2, 3]
    assert state.check(action) is None
    assert {p[1] for _, p in action.points} == {6.0}


def test_aos_3_2_candidates_pass_check_and_include_done_once_a_unit_stands() -> None:
    state = play(state_of('[roll_offs]\nterritory = "A"\n'), "territory high")
    found = all_candidates(state.battle, state.rt)
    assert found and Done() not in found and all(state.check(a) is None for a in found)
    assert {a.unit for a in found if isinstance(a, Deploy)} == {"A1", "A2"}
    play(state, str(found[0]), "deploy B1 m1 24,40")
    found = all_candidates(state.battle, state.rt)
    assert Done() in found and all(state.check(a) is None for a in found)


def test_aos_3_2_set_up_actions_round_trip() -> None:
    for text in ("deploy A2 m1 10.000,5.000; m2 12.000,5.000; m3 14.200,5.000", "territory low"):
        action = parse_action(text)
        assert str(action) == text and parse_action(str(action)) == action
    assert parse_action("territory HIGH") == Territory("high")
    assert parse_action("roll-off 1 6") == RollOff(1, 6)


def test_aos_3_2_example_file_sets_up_in_play() -> None:
    state = GAME.new({"battle": str(EXAMPLE)}, seed=3)
    assert state.rt.phase == "set-up" and state.rt.step == "landscape-roll"
    assert state.rt.army_size == (0, 0)


@pytest.mark.parametrize("seed", [1, 2])
def test_aos_3_2_example_file_played_to_the_end_by_random_play(seed: int) -> None:
    from bitva.core.rng import Rng

    state = GAME.new({"battle": str(EXAMPLE)}, seed=seed)
    rng = Rng(seed)
    steps = set()
    for _ in range(3000):
        if state.outcome is not None:
            break
        steps.add(state.rt.step)
        if state.is_chance:
            outcomes = state.chance_outcomes()
            action = outcomes[rng.below(len(outcomes))][0]
        else:
            found = state.candidate_actions(rng, 8)
            action = found[rng.below(len(found))]
        assert state.check(action) is None, (state.rt.step, str(action))
        state.play(action)
    assert state.outcome is not None
    assert {"landscape-roll", "territory-roll-off", "territory", "deploy", "general"} <= steps


def test_aos_3_2_set_up_refusals_carry_codes_the_browser_words() -> None:
    """Each set-up refusal names its code and the model or unit (the browser says it in the
    page's language: web/games/age-of-sigmar/i18n_*.js `violation.CODE`)."""
    state = play(state_of('[roll_offs]\nterritory = "A"\n'), "territory high")
    cases = {
        "deploy C9 m1 24,4": ("no_unit", {"unit": "C9"}),
        "deploy B1 m1 24,40": ("not_yours", {"unit": "B1"}),
        "deploy A2 m1 10,5; m2 12,5": ("set_up_whole", {"unit": "A2"}),
        "deploy A1 m1 0.5,5": ("set_up_off_table", {"model": "A1.1"}),
        "deploy A1 m1 24,30": ("outside_territory", {"model": "A1.1"}),
        "deploy A1 m1 24,11.3": ("near_enemy_territory", {"model": "A1.1", "gap": 11.913}),
        "deploy A2 m1 10,5; m2 12,5; m3 14.5,5": ("set_up_incoherent", {"unit": "A2"}),
    }
    for text, (code, params) in cases.items():
        violation = state.check(parse_action(text))
        assert violation is not None, text
        assert (violation.code, violation.params) == (code, params), text
    play(state, "deploy A1 m1 24,5")
    play(state, "deploy B1 m1 24,40")
    violation = state.check(parse_action("deploy A2 m1 24,5.5; m2 26,5.5; m3 28,5.5"))
    assert violation is not None and violation.code == "onto_model"
    assert violation.params == {"model": "A2.1", "other": "A1.1"}
    violation = state.check(parse_action("deploy A1 m1 30,5"))
    assert violation is not None and violation.code == "already_set_up"
    for lang in ("en", "cs"):
        words = (ROOT / f"src/bitva/web/games/age-of-sigmar/i18n_{lang}.js").read_text()
        for code in (*(c for c, _ in cases.values()), "onto_model", "already_set_up"):
            assert f'"violation.{code}"' in words, (lang, code)
