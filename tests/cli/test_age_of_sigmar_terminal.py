"""Age of Sigmar in the terminal (issue 22, point 4 "Play"): the map at 80x24, the typed commands
turned into the engine's checked actions (GEO-9, AOS-6 to AOS-9), refusals in plain words with
the rule, the log's words, and whole games through `bitva play` and `bitva simulate`."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from rich.text import Text

from bitva.cli.games import Screen, adapter_for
from bitva.cli.games.age_of_sigmar import ADAPTER, AgeOfSigmarAdapter, units_page
from bitva.cli.games.age_of_sigmar_commands import question, read_command
from bitva.cli.games.age_of_sigmar_map import FILLS, Scale, fit_scale, legend_lines, map_lines
from bitva.cli.games.age_of_sigmar_words import describe_events, describe_outcome
from bitva.cli.pretty import lines_of
from bitva.core.outcome import Outcome
from bitva.games.age_of_sigmar.battle.actions import PathAction, TargetAction, UnitAction
from bitva.games.age_of_sigmar.game import GAME
from bitva.games.age_of_sigmar.geometry.formation import centroid_of
from tests.cli.helpers import run

ROSTER = {"A1": "Liberators", "B1": "Bloodreavers"}


def new(battle: str = "1") -> Any:
    return GAME.new({"battle": battle})


def shift(state: Any, unit_id: str, dx: float, dy: float) -> None:
    """Every model of the unit moved by (dx, dy): a position for a test."""
    unit = state.rt.unit_by_id(unit_id)
    models = tuple(replace(m, pos=(m.pos[0] + dx, m.pos[1] + dy)) for m in unit.models)
    state.rt = state.rt.with_unit(replace(unit, models=models))


def say(state: Any, text: str) -> Any:
    """Type `text`; play the action it means (the test fails on a refusal)."""
    reply = read_command(state, text)
    assert reply.refusal is None, reply.refusal
    assert reply.action is not None
    state.play(reply.action)
    return reply


def roll(state: Any, text: str) -> None:
    state.play(state.parse_action(text))


def to_movement(state: Any) -> None:
    say(state, "first A")
    if state.rt.step == "hero":
        say(state, "done")
    assert state.rt.step == "movement"


def frame_text(state: Any, size: tuple[int, int], screen: Screen | None = None) -> list[str]:
    screen = screen or Screen({1: "(you)", 2: "(greedy)"}, [f"log {i}" for i in range(20)])
    return [line.plain for line in ADAPTER.frame(state, 1, screen, size)]


# -- the map ---------------------------------------------------------------------------------------
def test_issue22_map_fits_80x24_for_both_setups() -> None:
    """The live screen at 80x24 (22 lines above the prompt): the whole table, the question."""
    for battle in ("1", "2"):
        state = new(battle)
        to_movement(state)
        heading = question(state)
        screen = Screen({1: "(you)"}, ["A ends the hero phase."], heading=heading, message="no")
        lines = frame_text(state, (80, 22), screen)
        assert len(lines) <= 22
        assert max(len(line) for line in lines) <= 80
        assert lines[0].startswith("Age of Sigmar")
        assert "A's movement phase" in lines[0]
        assert lines[1].split()[:3] == ["0", "6", "12"]  # the x ruler every 6"
        assert any(line.startswith(" 0 ") for line in lines)  # the y ruler down to 0
        assert heading in "\n".join(lines)
        assert lines[-1] == "no"


def test_issue22_screen_stays_within_80_columns_as_units_act() -> None:
    """The panel's flags ("moved", "ran 4") and the x ruler's last label never widen the screen."""
    state = new("1")
    to_movement(state)
    say(state, "A1 to 24 30")
    say(state, "run A2")
    roll(state, "dice run 6")
    lines = frame_text(state, (80, 22), Screen({1: "(you)"}, heading=question(state)))
    assert max(len(line) for line in lines) <= 80
    assert "A1 Liberators 5/5 10w moved" in lines[1]
    ruler = lines[1][: 3 + 48 + 1]
    assert ruler.rstrip().endswith("48")


def test_issue22_map_scale_is_the_finest_that_fits() -> None:
    assert fit_scale((72, 48), 77, 24) == Scale(1.0, 2.0)
    assert fit_scale((72, 48), 77, 14) == Scale(1.0, 4.0)
    assert fit_scale((72, 48), 40, 14) == Scale(2.0, 4.0)
    state = new("2")
    assert len(map_lines(state.view(1), Scale(1.0, 2.0))) == 1 + 24  # ruler + 48"/2"


def test_issue22_map_draws_scenery_with_a_fill_per_feature_and_a_legend() -> None:
    """GEO-2: the Obelisk (x 33..39, y 26..31) fills its cells with the first fill character."""
    view = new("2").view(1)
    lines = [line.plain for line in map_lines(view, Scale(1.0, 2.0))]
    row = next(i for i, line in enumerate(lines) if line.startswith("24 ")) - 2  # y 28..30
    assert lines[row][3 + 33 : 3 + 39] == FILLS[0] * 6
    assert lines[row][3 + 20] != FILLS[0]
    (legend,) = (line.plain for line in legend_lines(view, 200))
    assert legend.startswith(f"{FILLS[0]} F1 Obelisk  {FILLS[1]} F2 Bone Grove")
    assert "F6 Standing Stones" in legend
    # on a narrow screen the legend wraps between features, none cut
    narrow = [line.plain for line in legend_lines(view, 40)]
    assert len(narrow) > 1 and all(len(line) <= 40 for line in narrow)
    assert "  ".join(narrow) == legend


def test_issue22_map_units_by_id_character_and_side_colour() -> None:
    """Models are their unit's id character (A1 → 1) in their side's colour, labelled."""
    state = new("1")
    lines = map_lines(state.view(1), Scale(1.0, 2.0))
    plain = [line.plain for line in lines]
    # A1's five Liberators at y 9, x 20..28: row for y in (8, 10]
    row = next(i for i, line in enumerate(plain) if line.startswith("12 ")) + 1
    assert plain[row][3 + 20 : 3 + 29].replace(" ", "") == "11111"
    assert any("A1" in line for line in plain) and any("B2" in line for line in plain)
    styles = {
        str(span.style)
        for span in lines[row].spans
        if "1" in lines[row].plain[span.start : span.end]
    }
    assert any("blue" in style for style in styles)
    top = next(i for i, line in enumerate(plain) if "1 1 1" in line and i < row)  # B1's reavers
    assert any("red" in str(span.style) for span in lines[top].spans)


def test_issue22_map_highlights_the_acting_unit() -> None:
    state = new("1")
    to_movement(state)
    say(state, "run A1")
    roll(state, "dice run 4")
    lines = map_lines(state.view(1), Scale(1.0, 2.0))
    reversed_chars = {
        line.plain[span.start : span.end]
        for line in lines
        for span in line.spans
        if "reverse" in str(span.style)
    }
    assert "1" in reversed_chars


def test_issue22_render_for_the_stream_has_map_panel_and_units() -> None:
    state = new("2")
    drawn = lines_of(ADAPTER.render(state, 1, Screen()), 120)
    text = "\n".join(line.plain for line in drawn)
    assert "A3 Judicators 5/5 10w" in text
    assert f"{FILLS[4]} F5 Brass Scree" in text


# -- commands --------------------------------------------------------------------------------------
def test_gen_9_advance_to_a_point_keeps_formation_and_goes_as_far_as_it_may() -> None:
    """'A1 to 24 20': the unit's centroid goes 5" (its Move, AOS-6.2) towards the point."""
    state = new("1")
    to_movement(state)
    before = centroid_of(state.rt.unit_by_id("A1").circles())
    reply = say(state, "A1 to 24 20")
    assert isinstance(reply.action, PathAction) and reply.action.verb == "move"
    assert reply.note is not None and 'may move 5"' in reply.note
    after = centroid_of(state.rt.unit_by_id("A1").circles())
    assert after[0] == pytest.approx(before[0]) and after[1] - before[1] == pytest.approx(
        5, abs=0.01
    )


def test_gen_9_move_comma_form_in_any_case_goes_all_the_way() -> None:
    state = new("1")
    to_movement(state)
    reply = say(state, "move a1 24,12")
    assert reply.note is None
    assert centroid_of(state.rt.unit_by_id("A1").circles())[1] == pytest.approx(12, abs=0.01)


def test_aos_6_3_a_move_is_cut_short_of_3_inches_from_the_enemy_and_says_why() -> None:
    state = new("1")
    to_movement(state)
    shift(state, "B1", 0, -22)  # the reavers at y 16
    reply = say(state, "A1 to 24 14")
    assert reply.note is not None
    assert "no further" in reply.note and "(AOS-6.3)" in reply.note


def test_aos_6_4_a_unit_within_3_inches_may_only_retreat() -> None:
    state = new("1")
    to_movement(state)
    shift(state, "B1", 0, -26.5)  # the reavers 2" from the Liberators
    shift(state, "A2", 20, 0)  # the Lord-Celestant out of the way back
    refused = read_command(state, "A1 to 24 20")
    assert refused.refusal is not None and "(AOS-6.4)" in refused.refusal
    reply = say(state, "retreat A1 to 24 2")
    assert isinstance(reply.action, PathAction) and reply.action.verb == "retreat"
    assert state.rt.unit_by_id("A1").retreated


def test_aos_6_5_run_then_the_run_move_to_a_point() -> None:
    state = new("1")
    to_movement(state)
    assert isinstance(say(state, "run A2").action, UnitAction)
    roll(state, "dice run 3")
    assert 'runs up to 8"' in question(state)
    say(state, "A2 to 30 6")
    assert centroid_of(state.rt.unit_by_id("A2").circles())[0] == pytest.approx(30, abs=0.01)


def test_aos_8_charge_then_the_charge_move_towards_the_nearest_enemy() -> None:
    state = new("1")
    to_movement(state)
    shift(state, "B1", 0, -22)
    say(state, "done")
    say(state, "charge A1")
    roll(state, "dice charge 9")
    assert 'A1 rolled 9"' in question(state)
    reply = say(state, "charge")
    assert isinstance(reply.action, PathAction)
    assert state.rt.unit_by_id("A1").charged


def test_aos_8_3_a_short_charge_roll_is_refused_then_given_up_with_hold() -> None:
    state = new("1")
    to_movement(state)
    shift(state, "B1", 0, -22)
    say(state, "done")
    say(state, "charge A1")
    roll(state, "dice charge 2")
    refused = read_command(state, "go")
    assert refused.refusal is not None and "hold A1" in refused.refusal
    assert "(AOS-8.3)" in refused.refusal
    say(state, "hold")
    assert not state.rt.unit_by_id("A1").charged


def test_aos_9_fight_pile_in_and_attack_by_target_alone() -> None:
    state = new("1")
    to_movement(state)
    shift(state, "B1", 0, -22)
    say(state, "done")
    say(state, "charge A1")
    roll(state, "dice charge 9")
    say(state, "go")
    say(state, "done")
    assert state.rt.step == "combat"
    refused = read_command(state, "fight B1")
    assert refused.refusal == "B1 is not a unit of player A (AOS-1.9)"
    say(state, "fight A1")
    say(state, "pile-in")
    assert state.rt.step == "attack"
    refused = read_command(state, "B2")
    assert refused.refusal is not None and "(AOS-11.2)" in refused.refusal
    reply = say(state, "B1")
    assert reply.action == TargetAction("attack", "A1", "B1")


def test_aos_7_shoot_at_a_target_in_range() -> None:
    """The Judicators (A3, setup 2) shoot the reavers brought within range."""
    state = new("2")
    to_movement(state)
    shift(state, "B2", 0, -12)
    say(state, "done")
    assert state.rt.step == "shooting"
    reply = say(state, "shoot A3 at B2")
    assert reply.action == TargetAction("shoot", "A3", "B2")
    assert state.is_chance


def test_refusals_name_the_reason_then_the_rule() -> None:
    state = new("1")
    to_movement(state)
    cases = {
        "run B1": "B1 is not a unit of player A (AOS-1.9)",
        "shoot A1 at B1": "now: move, retreat or run a unit, or done (movement phase) (AOS-6.1)",
        "A9 to 1 1": "there is no unit A9 (AOS-1.2)",
    }
    for text, refusal in cases.items():
        assert read_command(state, text).refusal == refusal
    raw = read_command(state, "move A1 m1 24,9 24,30")
    assert raw.refusal is not None and raw.refusal.endswith(")") and "A1.1" in raw.refusal
    unreadable = read_command(state, "dance")
    assert unreadable.refusal is not None and "'dance'" in unreadable.refusal
    assert "run A1" in unreadable.refusal


def test_raw_engine_actions_typed_in_full() -> None:
    state = new("1")
    to_movement(state)
    reply = say(
        state, "move A1 m1 24,9 24,11; m2 22,9 22,11; m3 26,9 26,11; m4 20,9 20,11; m5 28,9 28,11"
    )
    assert isinstance(reply.action, PathAction) and len(reply.action.paths) == 5


def test_units_page_lists_models_wounds_and_flags() -> None:
    state = new("1")
    assert read_command(state, "units").page == "units"
    text = "\n".join(line.plain for line in lines_of(units_page(state.view(1)), 100))
    assert "A1 Liberators 5/5 10w" in text and "B1.10" in text and "general" in text


# -- the log ---------------------------------------------------------------------------------------
def test_issue22_log_lines_in_plain_english() -> None:
    events: list[dict[str, Any]] = [
        {"kind": "run", "unit": "A1"},
        {"kind": "run-roll", "unit": "A1", "die": 4, "total": 4},
        {"kind": "moved", "verb": "move", "unit": "A1", "models": [1, 2, 3]},
        {"kind": "charge", "unit": "A1"},
        {"kind": "charge-roll", "unit": "A1", "dice": 7, "total": 7},
        {"kind": "charge-failed", "unit": "A1"},
        {"kind": "moved", "verb": "charge", "unit": "A1", "models": [1, 2]},
        {"kind": "moved", "verb": "retreat", "unit": "A1", "models": [1]},
        {"kind": "attack", "unit": "A1", "target": "B1"},
        {"kind": "attack-roll", "step": "hit", "counts": [4, 6]},
        {"kind": "attack-roll", "step": "wound", "counts": [2, 4]},
        {
            "kind": "damage",
            "unit": "A1",
            "target": "B1",
            "hits": 6,
            "wounds": 4,
            "unsaved": 3,
            "mortal_wounds": 0,
            "pool": 3,
            "slain": ["B1.1", "B1.2", "B1.3"],
        },
        {"kind": "battleshock", "unit": "B1", "die": 5, "fled": ["B1.4"]},
        {"kind": "first-turn", "side": "B", "round": 2},
    ]
    assert describe_events(events, ROSTER) == [
        "A1 Liberators runs (AOS-6.5).",
        '  run roll: D6 4 → 4" more to its Move.',
        "A1 Liberators moves (3 models).",
        "A1 Liberators declares a charge (AOS-8.1).",
        '  charge roll: 2D6 = 7" (AOS-8.2).',
        "A1 Liberators' charge fails: it does not move (AOS-8.3, D-13).",
        "A1 Liberators charges in (2 models, AOS-8.3).",
        "A1 Liberators retreats (1 model, AOS-6.4).",
        "A1 Liberators attacks B1 Bloodreavers (AOS-9.3).",
        "  dice (as recorded): hit 4/6, wound 2/4",
        "  → 6 hits, 4 wounds, 3 unsaved: 3 damage to B1; B1.1, B1.2 and B1.3 slain (AOS-12).",
        "B1 Bloodreavers takes a battleshock test: D6 5, 1 model flees (AOS-10).",
        "Round 2: B takes the first turn (AOS-4.1).",
    ]


def test_aos_15_outcome_words() -> None:
    major = Outcome.win(1, 2, "major", {"wiped_out": "B"}, "AOS-15.1")
    assert (
        describe_outcome(major)
        == "Side A wins — major victory: no model of side B is left (AOS-15.1)"
    )
    minor = Outcome.win(2, 2, "minor", {"lost": [30, 10], "army_size": [40, 20]}, "AOS-15.2")
    assert "B lost 10 of 20 (50%)" in describe_outcome(minor)
    assert ADAPTER.outcome_reason(minor, 1).startswith("minor victory after the last round")


def test_adapter_is_the_games_and_binds_the_roster() -> None:
    assert adapter_for("age-of-sigmar") is ADAPTER
    assert "calc" in ADAPTER.commands
    bound = ADAPTER.bound(new("1"))
    assert isinstance(bound, AgeOfSigmarAdapter)
    assert bound.describe_events([{"kind": "fight", "unit": "B2"}]) == [
        "B2 Bloodsecrator fights (AOS-9.2)."
    ]
    assert ADAPTER.seat_name(2) == "Side B"
    assert isinstance(lines_of(Text(ADAPTER.help), 80)[0], Text)


# -- whole games -----------------------------------------------------------------------------------
def test_issue22_play_starter_clash_a_few_turns_in_the_cli() -> None:
    typed = "\n".join(
        ["first A", "done", "A1 to 24 20", "dance", "run A2", "A2 to 30 12", "units", "done"]
    )
    result = run(
        "play",
        "age-of-sigmar",
        "--battle",
        "1",
        "--p1",
        "human",
        "--p2",
        "greedy",
        "--seed",
        "3",
        input=typed + "\n",
    )
    out = result.output
    assert "Round 1: A takes the first turn (AOS-4.1)." in out
    assert "A1 Liberators moves (5 models)." in out
    assert 'may move 5"' in out
    assert "cannot read 'dance'" in out
    assert "A2 Lord-Celestant runs (AOS-6.5)." in out
    assert "A2.1" in out  # the units page
    assert "[greedy]" in out  # the other side played
    assert "Traceback" not in out


def test_issue22_play_scenery_and_sorcery_a_few_turns_in_the_cli() -> None:
    # against random: greedy weighs every candidate of a 20-model army among scenery (slow)
    typed = "\n".join(["first A", "done", "A2 to 34 14", "A3 to 22 12", "done"])
    result = run(
        "play",
        "age-of-sigmar",
        "--battle",
        "2",
        "--p1",
        "human",
        "--p2",
        "random",
        "--seed",
        "5",
        input=typed + "\n",
    )
    out = result.output
    assert f"{FILLS[0]} F1 Obelisk" in out
    assert "A2 Liberators moves (5 models)." in out
    assert "A3 Judicators moves (5 models)." in out
    assert "Traceback" not in out


@pytest.mark.slow
def test_issue22_simulate_greedy_against_random_finishes() -> None:
    result = run(
        "simulate", "age-of-sigmar", "-n", "1", "--p1", "greedy", "--p2", "random", "--battle", "1"
    )
    assert result.exit_code == 0
    assert "seat 1 (greedy) wins" in result.output
    assert "average length" in result.output


def test_issue22_a_reach_shows_the_reach_analysis_as_a_table() -> None:
    result = run(
        "play",
        "age-of-sigmar",
        "--battle",
        "1",
        "--p1",
        "human",
        "--p2",
        "greedy",
        "--seed",
        "3",
        input="first A\na reach\n",
    )
    out = result.output
    assert "Reach of side A's units" in out
    assert "Missile in range" in out and '27.6"' in out


def test_issue22_analyse_a_battle_set_up_in_play_says_why_nothing_is_shown() -> None:
    """`bitva analyse` of a battle file whose armies are set up in play (AOS-3.2: no `at`) says
    so in a sentence instead of an empty table; the JSON keeps its shape."""
    battle = "src/bitva/games/age_of_sigmar/content/battles/rolled_battlefield.toml"
    result = run("analyse", "age-of-sigmar", battle)
    assert result.exit_code == 0
    assert "No model is on the table" in result.output and "at = [x, y]" in result.output
    assert "┏" not in result.output
    as_json = run("analyse", "age-of-sigmar", battle, "--json")
    assert json.loads(as_json.output) == {"active": "A", "units": {}, "pairs": []}


def test_aos_14_cast_and_target_a_spell_by_typed_raw_actions_in_any_case() -> None:
    """The Battlemage (A4, setup 2) casts Mystic Shield on the Judicators (AOS-14.2, 14.4)."""
    state = new("2")
    say(state, "first A")
    assert "'cast WIZARD SPELL'" in question(state)
    say(state, "cast a4 mystic-shield")
    roll(state, "dice cast 12")
    assert question(state) == "The mystic shield goes off: 'target UNIT' or 'done'"
    say(state, "target a3")
    assert any("shield" in e for e in state.view(1)["units"][2]["effects"])


def test_aos_14_spell_and_scenery_events_in_words() -> None:
    events: list[dict[str, Any]] = [
        {"kind": "cast", "unit": "A1", "spell": "arcane-bolt"},
        {"kind": "cast-roll", "unit": "A1", "dice": 6, "total": 7},
        {"kind": "no-unbind"},
        {"kind": "spell-target", "spell": "arcane-bolt", "unit": "B1"},
        {"kind": "mortal-wounds", "unit": "B1", "wounds": 2, "slain": ["B1.1"]},
        {"kind": "deadly", "model": "A1.2", "feature": "F2", "die": 1},
    ]
    assert describe_events(events, ROSTER) == [
        "A1 Liberators attempts to cast arcane bolt (AOS-14.2).",
        "  casting roll: 2D6 = 7 (6 modified) (AOS-14).",
        "Nobody tries to unbind the spell.",
        "The arcane bolt targets B1 Bloodreavers (AOS-14.4).",
        "  B1 Bloodreavers suffers 2 mortal wounds: B1.1 slain.",
        "A1.2 rolls 1 for the deadly F2 (AOS-2.5).",
    ]
