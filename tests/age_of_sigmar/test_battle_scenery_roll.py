"""The optional scenery roll in play (AOS-2.3, D-35): the 2' x 2' cells, the 2D6 table for every
total as exact chance, the roll-off and the choice on 11-12, the deterministic generator (inside
its cell, no overlaps, ids after the file's), generated features as real features, the
position notation and JSON mid-set-up, bad battle files, and whole battles by random play."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest

from bitva.cli.games.age_of_sigmar_setup import set_up_question
from bitva.cli.games.age_of_sigmar_words import describe_event
from bitva.core.chance import CHANCE, dice_sum
from bitva.core.errors import ContentError, PositionError
from bitva.core.rng import Rng
from bitva.games.age_of_sigmar.battle import load_battle_text
from bitva.games.age_of_sigmar.battle.actions import Die, RollOff, parse_action
from bitva.games.age_of_sigmar.battle.candidates import all_candidates
from bitva.games.age_of_sigmar.battle.position import read_position
from bitva.games.age_of_sigmar.battle.runtime import Runtime, SetUp
from bitva.games.age_of_sigmar.battle.scenery import (
    GAP,
    cells,
    count_for,
    generated,
    grid_size,
    place_cell,
    polygon_gap,
)
from bitva.games.age_of_sigmar.battle.set_up_actions import SceneryCount
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from bitva.games.age_of_sigmar.game import GAME
from bitva.games.age_of_sigmar.geometry.measure import EPS, Circle, quantize
from bitva.games.age_of_sigmar.geometry.scenery import overlaps
from bitva.games.age_of_sigmar.geometry.sight import sees

ROOT = Path(__file__).resolve().parents[2]

BATTLE = """
name = "Rolled scenery"
mysterious = "{mysterious}"
[[feature]]
id = "F1"
name = "Hill"
movement = "climb"
height = 2
blocks_sight = true
polygon = [[6, 30], [14, 30], [14, 36], [6, 36]]
[table]
width = {width}
depth = 48
[scenery]
roll = true
{scenery}{pieces}
{extra}
[army.A]
[[army.A.unit]]
id = "A1"
warscroll = "liberators"
models = [{{ champion = true }}, {{}}, {{}}, {{}}, {{}}]
[[army.A.unit]]
id = "A2"
warscroll = "lord_celestant"
models = [{{}}]
[army.B]
[[army.B.unit]]
id = "B1"
warscroll = "bloodreavers"
models = [{{}}, {{}}, {{}}, {{}}, {{}}, {{}}, {{}}, {{}}, {{}}, {{}}]
[[army.B.unit]]
id = "B2"
warscroll = "bloodsecrator"
models = [{{}}]
"""


PIECES = """pieces = [
  { name = "Ruined Tower", movement = "climb", height = 4, blocks_sight = true, size = [6, 4] },
  { name = "Wildwood", movement = "open", size = [8, 6] },
  { name = "Boulders", movement = "impassable", height = 3, blocks_sight = true, size = [3, 3] },
]"""


def text_of(width: int = 48, scenery: str = "", extra: str = "", mysterious: str = "off") -> str:
    return BATTLE.format(
        width=width, scenery=scenery, extra=extra, mysterious=mysterious, pieces=PIECES
    )


def state_of(**kwargs: str | int) -> AgeOfSigmarState:
    return read_position(GAME, text_of(**kwargs))  # type: ignore[arg-type]


def play(state: AgeOfSigmarState, *texts: str) -> AgeOfSigmarState:
    for text in texts:
        action = parse_action(text)
        assert state.check(action) is None, (text, state.check(action))
        state.play(action)
    return state


# -- cells (D-35) ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("width", "depth", "grid"),
    [
        (48, 48, (2, 2)),  # 4' x 4': 4 cells
        (72, 48, (3, 2)),  # 6' x 4': 6 cells
        (36, 36, (2, 2)),  # 3' x 3': 1.5 rounds half up, 4 cells (D-35's example)
        (60, 36, (3, 2)),  # 2.5 -> 3, 1.5 -> 2
        (35, 40, (1, 2)),  # 1.458 -> 1, 1.667 -> 2
        (84, 30, (4, 1)),  # 3.5 -> 4, 1.25 -> 1
        (11, 130, (1, 5)),  # a thin table keeps one column (0.458 would round to 0)
    ],
)
def test_d_35_cells_round_half_up(width: int, depth: int, grid: tuple[int, int]) -> None:
    assert grid_size(width, depth) == grid
    assert len(cells(width, depth)) == grid[0] * grid[1]


def test_d_35_cells_in_canonical_order_row_by_row_from_a_s_edge() -> None:
    assert cells(72, 48) == (
        (0.0, 0.0, 24.0, 24.0),
        (24.0, 0.0, 48.0, 24.0),
        (48.0, 0.0, 72.0, 24.0),
        (0.0, 24.0, 24.0, 48.0),
        (24.0, 24.0, 48.0, 48.0),
        (48.0, 24.0, 72.0, 48.0),
    )
    state = state_of(width=72)
    assert state.rt.step == "scenery-roll"
    for cell in range(1, 7):
        events = state.play(parse_action("dice scenery 7"))
        assert events[0].data["cell"] == cell and events[0].data["cells"] == 6
    assert state.rt.set_up is not None and state.rt.set_up.scenery == (1,) * 6


# -- the 2D6 table (AOS-2.3) -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("total", "count"),
    [
        (2, 0),
        (3, 0),
        (4, 2),
        (5, 2),
        (6, 1),
        (7, 1),
        (8, 1),
        (9, 2),
        (10, 2),
        (11, None),
        (12, None),
    ],
)
def test_aos_2_3_table_for_every_total(total: int, count: int | None) -> None:
    assert count_for(total) == count
    state = state_of()
    events = state.play(parse_action(f"dice scenery {total}"))
    su = state.rt.set_up
    assert su is not None
    if count is None:  # 11-12: chosen, after a roll-off for who chooses (D-35)
        assert su.scenery == () and su.scenery_roll == total
        assert state.rt.step == "scenery-roll-off"
        assert events[0].data == {"cell": 1, "cells": 4, "dice": total}
    else:
        assert su.scenery == (count,) and state.rt.step == "scenery-roll"
        assert events[0].kind == "scenery-roll" and events[0].data["count"] == count
        assert len(state.battle.features) == 1 + count


def test_aos_2_3_chance_outcomes_are_exact_and_sum_to_one() -> None:
    state = state_of()
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert outcomes == [(Die("scenery", t), p) for t, p in dice_sum(2, range(1, 7))]
    assert [a.value for a, _ in outcomes] == list(range(2, 13))  # type: ignore[union-attr]
    assert sum(p for _, p in outcomes) == 1
    assert dict((a.value, p) for a, p in outcomes)[7] == Fraction(1, 6)  # type: ignore[union-attr]
    by_count: dict[int | None, Fraction] = {}
    for action, p in outcomes:
        count = count_for(action.value)  # type: ignore[union-attr]
        by_count[count] = by_count.get(count, Fraction(0)) + p
    assert by_count == {
        0: Fraction(3, 36),
        2: Fraction(14, 36),
        1: Fraction(16, 36),
        None: Fraction(3, 36),
    }
    assert [str(a) for a, _ in outcomes][5] == "dice scenery 7"
    assert parse_action("dice scenery 7") == Die("scenery", 7)


# -- 11-12: the roll-off and the choice (D-35) ---------------------------------------------------
def test_d_35_roll_off_a_first_ties_again_winner_chooses_every_11_12() -> None:
    state = play(state_of(), "dice scenery 11")
    assert state.rt.step == "scenery-roll-off" and state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and sum(p for _, p in outcomes) == 1
    assert outcomes[1] == (RollOff(1, 2), Fraction(1, 36))  # A's die first
    events = state.play(parse_action("roll-off 4 4"))  # AOS-1.7: a tie rolls again
    assert events[0].data == {"a": 4, "b": 4, "for": "scenery"}
    assert state.rt.step == "scenery-roll-off"
    play(state, "roll-off 2 5")
    assert state.rt.step == "scenery" and state.current_player == 2  # B won
    assert all_candidates(state.battle, state.rt) == [SceneryCount(n) for n in (2, 0, 1, 3)]
    refused = state.check(parse_action("scenery 4"))
    assert refused is not None and refused.rule == "AOS-2.3"
    refused = state.check(parse_action("territory low"))
    assert refused is not None and refused.rule == "AOS-2.3"
    refused = state.check(parse_action("dice scenery 7"))
    assert refused is not None and refused.rule == "D-38"
    events = state.play(parse_action("scenery 3"))
    assert events[0].kind == "scenery-choice"
    assert events[0].data == {
        "side": "B",
        "cell": 1,
        "cells": 4,
        "count": 3,
        "features": ["F2", "F3", "F4"],
    }
    assert state.rt.step == "scenery-roll"
    play(state, "dice scenery 12")  # the same winner chooses again: no second roll-off
    assert state.rt.step == "scenery" and state.current_player == 2
    play(state, "scenery 0", "dice scenery 2", "dice scenery 6")
    su = state.rt.set_up
    assert su is not None and su.scenery == (3, 0, 0, 1)
    assert [f.id for f in state.battle.features] == ["F1", "F2", "F3", "F4", "F5"]
    assert state.rt.step == "territory-roll-off"


def test_d_35_preset_roll_off_winner_chooses_without_dice() -> None:
    state = state_of(extra='[roll_offs]\nscenery = "A"\n')
    play(state, "dice scenery 12")
    assert state.rt.step == "scenery" and state.current_player == 1


def test_d_35_default_2_when_the_file_says_choose() -> None:
    """D-35's "default 2": ``choose = 2`` fixes the count on 11-12; nobody rolls off or
    chooses (any of 0 to 3 may be fixed)."""
    state = state_of(scenery="choose = 2\n")
    events = state.play(parse_action("dice scenery 11"))
    assert events[0].data["count"] == 2 and state.rt.step == "scenery-roll"
    state = state_of(scenery="choose = 0\n")
    play(state, "dice scenery 12")
    assert state.rt.set_up is not None and state.rt.set_up.scenery == (0,)


# -- the generator (D-35) --------------------------------------------------------------------------
def _checked_layout(width: int, counts: tuple[int, ...]) -> None:
    data = load_battle_text(text_of(width=width)).data
    features = generated(data, counts)
    assert len(features) == sum(counts)
    assert [f.id for f in features] == [f"F{2 + i}" for i in range(len(features))]  # after F1
    names = ("Ruined Tower", "Wildwood", "Boulders")
    assert [f.name for f in features] == [names[i % 3] for i in range(len(features))]  # cycling
    grid = cells(width, 48)
    made = iter(features)
    for cell, count in zip(grid, counts, strict=False):
        for feature in itertools.islice(made, count):
            xs, ys = [p[0] for p in feature.polygon], [p[1] for p in feature.polygon]
            # inside its cell with GAP to spare, so on the table and clear of its edge
            assert min(xs) >= cell[0] + GAP - EPS and max(xs) <= cell[2] - GAP + EPS
            assert min(ys) >= cell[1] + GAP - EPS and max(ys) <= cell[3] - GAP + EPS
            assert all(quantize(v) == v for v in xs + ys)  # whole 1/1000 inch
    shapes = [f.polygon for f in features] + [data.feature[0].polygon]
    for a, b in itertools.combinations(shapes, 2):
        assert polygon_gap(a, b) >= GAP - EPS  # no overlap, the file's Hill included


@pytest.mark.parametrize("width", [48, 72])
def test_d_35_generator_inside_its_cell_no_overlaps(width: int) -> None:
    for counts in itertools.product(range(4), repeat=4):
        _checked_layout(width, counts)
    _checked_layout(72, (3, 3, 3, 3, 3, 3))


def test_d_35_generator_is_deterministic_and_bit_exact() -> None:
    data = load_battle_text(text_of()).data
    first = generated(data, (1, 3, 0, 2))
    place_cell.cache_clear()
    again = generated(load_battle_text(text_of()).data, (1, 3, 0, 2))
    assert first == again
    assert [(f.id, f.polygon[0], f.polygon[2]) for f in first] == [
        ("F2", (9.0, 10.0), (15.0, 14.0)),
        ("F3", (26.0, 3.0), (34.0, 9.0)),
        ("F4", (40.5, 10.5), (43.5, 13.5)),
        ("F5", (27.0, 16.0), (33.0, 20.0)),
        ("F6", (27.2, 28.2), (35.2, 34.2)),  # aimed at (31.2, 31.2): 0.3 of the cell
        ("F7", (39.3, 39.3), (42.3, 42.3)),
    ]
    # the cell with the file's Hill (x 6-14, y 30-36): its feature keeps 1" from it
    hill = data.feature[0].polygon
    beside = generated(data, (0, 0, 1))[0]  # aimed at (12, 36): moved up clear of the Hill
    assert beside.polygon[0] == (9.0, 37.0) and polygon_gap(beside.polygon, hill) == GAP
    assert place_cell((0, 0, 24, 24), ((30.0, 4.0),), ()) is None  # too big: no room


# -- generated features are real features ---------------------------------------------------------
def _rolled() -> AgeOfSigmarState:
    """Cell 1 gets a Ruined Tower (F2); cell 2 rolls 11 and A, the roll-off's winner, gives it
    three: a Wildwood, Boulders and a Ruined Tower (F3 to F5); cells 3 and 4 nothing."""
    state = state_of(mysterious="roll")
    play(state, "dice scenery 7", "dice scenery 11", "roll-off 5 2", "scenery 3")
    return play(state, "dice scenery 2", "dice scenery 3")


def test_aos_2_3_generated_features_get_landscape_rules_and_are_drawn() -> None:
    state = _rolled()
    assert state.rt.step == "landscape-roll"  # F1 then the generated F2 to F5 (AOS-2.5)
    play(state, *(f"dice landscape {d}" for d in (1, 2, 3, 4, 5)))
    assert [(f.id, f.mysterious) for f in state.battle.features] == [
        ("F1", "damned"),
        ("F2", "arcane"),
        ("F3", "inspiring"),
        ("F4", "deadly"),
        ("F5", "mystical"),
    ]
    view = state.view(1)
    assert [f["id"] for f in view["features"]] == ["F1", "F2", "F3", "F4", "F5"]
    assert view["features"][3]["name"] == "Boulders"
    assert state.rt.step == "territory-roll-off"


def test_aos_2_3_generated_features_block_set_up_and_sight() -> None:
    state = _rolled()
    play(state, *(f"dice landscape {d}" for d in (1, 2, 3, 4, 5)), "roll-off 5 2", "territory high")
    assert state.rt.step == "deploy" and state.current_player == 1  # A sets up first, y < 24
    boulders = state.battle.features[3]
    assert boulders.movement == "impassable" and boulders.name == "Boulders"
    assert boulders.polygon[0] == (40.5, 10.5) and boulders.polygon[2] == (43.5, 13.5)
    violation = state.check(parse_action("deploy A2 m1 42,11"))
    assert violation is not None and violation.code == "in_impassable"
    tower = state.battle.features[1]  # climb, x 9-15, y 10-14: wholly on it or off it (D-8)
    violation = state.check(parse_action("deploy A2 m1 9,11"))
    assert violation is not None and violation.rule == "D-8"
    assert state.check(parse_action("deploy A2 m1 12,11")) is None  # wholly on the tower
    behind, front = Circle(12, 8, 0.5), Circle(12, 16, 0.5)
    assert not overlaps(behind, tower) and not overlaps(front, tower)
    assert not sees(behind, front, state.battle.features)  # the tower blocks sight (GEO-8)
    assert sees(behind, front, state.battle.features[:1])


# -- notation and JSON mid-set-up ------------------------------------------------------------------
def test_d_35_position_and_json_round_trip_mid_set_up() -> None:
    state = play(state_of(mysterious="choose"), "dice scenery 8", "dice scenery 11", "roll-off 6 1")
    assert state.rt.step == "scenery"
    text = GAME.write_position(state)
    assert "[scenery]\nroll = true\n" in text and "scenery = [1]" in text
    assert "scenery_roll = 11" in text and 'scenery_chooser = "A"' in text
    assert '"Ruined Tower"' in text and "F2" not in text  # placed again from the counts
    again = GAME.read_position(text)
    assert again.rt == state.rt and again.battle.features == state.battle.features
    assert GAME.write_position(again) == text
    play(state, "scenery 2", "dice scenery 5", "dice scenery 9", "roll-off 1 3")
    assert state.rt.step == "landscape" and state.current_player == 2
    play(state, "landscape F1 arcane", "landscape F2 deadly")
    text = GAME.write_position(state)
    again = GAME.read_position(text)
    assert again.rt == state.rt and again.battle.features == state.battle.features
    assert [f.mysterious for f in again.battle.features[:3]] == ["arcane", "deadly", None]
    assert GAME.write_position(again) == text
    data = json.loads(json.dumps(state.to_json()))
    back = GAME.state_from_json(data)
    assert back.to_json() == data and back.battle.features == state.battle.features
    assert Runtime.from_json(state.rt.to_json()) == state.rt
    su = state.rt.set_up
    assert su is not None and SetUp.from_json(su.to_json()) == su


def test_d_35_position_refuses_counts_the_battle_cannot_have() -> None:
    text = GAME.write_position(play(state_of(), "dice scenery 11", "roll-off 6 1"))
    bad = {
        "scenery_roll = 11": ("scenery = [1, 1, 1, 1, 1]", "position.set_up.scenery"),
        'scenery_chooser = "A"': ('scenery = [4]\nscenery_chooser = "A"', "position.set_up"),
    }
    for old, (new, key) in bad.items():
        with pytest.raises(PositionError) as caught:
            GAME.read_position(text.replace(old, new))
        assert caught.value.key.startswith(key), caught.value
    plain = text.replace("[scenery]\nroll = true\n", "[scenery]\nroll = false\n")
    with pytest.raises(PositionError):
        GAME.read_position(plain)


# -- battle files ----------------------------------------------------------------------------------
TOWER = (
    '{ name = "Ruined Tower", movement = "climb", height = 4, blocks_sight = true, size = [6, 4] },'
)


@pytest.mark.parametrize(
    ("old", "new", "field", "reason"),
    [
        (PIECES, "pieces = []", "scenery.pieces", "needs at least one"),
        (PIECES, "", "scenery.pieces", "needs at least one"),
        ("roll = true\n", "roll = false\n", "scenery.pieces", "add roll = true"),
        ("roll = true\n", "roll = true\nchoose = 4\n", "scenery.choose", "less than or equal to 3"),
        (TOWER, TOWER.replace("[6, 4]", "[23, 4]"), "scenery.pieces[0].size", "does not fit"),
        (TOWER, TOWER.replace("[6, 4]", "[6, -4]"), "scenery.pieces[0].size", "positive"),
        (TOWER, TOWER.replace("[6, 4]", "[6.0001, 4]"), "scenery.pieces[0].size", "3 decimals"),
        (TOWER, TOWER.replace("size", "colour = 1, size"), "scenery.pieces[0].colour", "Extra"),
        (TOWER, TOWER.replace("[6, 4]", "[14, 14]"), "scenery.pieces", "cannot hold"),
        ("[army.A]", '[roll_offs]\nscenery = "B"\n[army.A]', "", ""),  # allowed: 11-12 chosen
        ("roll = true\n", "roll = true\nchoose = 1\n", "", ""),
        (f"roll = true\n{PIECES}", "roll = false", "", ""),  # no roll, no pieces: allowed
    ],
)
def test_d_35_bad_battle_files_refused_with_field_and_reason(
    old: str, new: str, field: str, reason: str
) -> None:
    text = text_of().replace(old, new, 1)
    if not field:
        load_battle_text(text)
        return
    with pytest.raises(ContentError) as caught:
        load_battle_text(text, "rolled.toml")
    error = caught.value
    assert error.source == "rolled.toml" and error.field == field, error
    assert reason in error.reason, error


def test_d_35_scenery_roll_needs_the_players_to_set_up_and_a_chooser_to_preset() -> None:
    placed = text_of().replace("models = [{}]\n[army.B]", "models = [{ at = [24, 4] }]\n[army.B]")
    with pytest.raises(ContentError) as caught:
        load_battle_text(placed)
    assert caught.value.field == "scenery.roll" and "AOS-2.3" in caught.value.reason
    fixed = text_of(scenery="choose = 2\n", extra='[roll_offs]\nscenery = "A"\n')
    with pytest.raises(ContentError) as caught:
        load_battle_text(fixed)
    assert caught.value.field == "roll_offs.scenery" and "choose fixes" in caught.value.reason
    big_hill = text_of().replace(
        "[[6, 30], [14, 30], [14, 36], [6, 36]]", "[[1, 26], [23, 26], [23, 47], [1, 47]]"
    )
    with pytest.raises(ContentError) as caught:
        load_battle_text(big_hill)
    assert caught.value.field == "scenery.pieces" and "beside F1" in caught.value.reason


# -- words -----------------------------------------------------------------------------------------
def test_aos_2_3_scenery_in_words_terminal_and_browser() -> None:
    state = state_of()
    lines = []
    for text in ("dice scenery 7", "dice scenery 12", "roll-off 2 5", "scenery 3"):
        if state.rt.step == "scenery":
            assert set_up_question(state) == (
                "B chooses how many features cell 2 gets (rolled 12): 'scenery 0' to "
                "'scenery 3' (AOS-2.3)"
            )
        for event in state.play(parse_action(text)):
            lines.append(describe_event({"kind": event.kind, **event.data}, {}))
    assert lines == [
        "Scenery, cell 1 of 4: 2D6 rolled 7: 1 feature (F2) (AOS-2.3).",
        "Scenery, cell 2 of 4: 2D6 rolled 12, the roll-off's winner chooses 0 to 3 (AOS-2.3).",
        "Roll-off for the scenery count on 11-12: A rolls 2, B rolls 5 (AOS-1.7).",
        "Scenery, cell 2 of 4: B chooses 3 features (F3, F4, F5) (AOS-2.3).",
    ]
    words = {
        lang: (ROOT / f"src/bitva/web/games/age-of-sigmar/i18n_{lang}.js").read_text()
        for lang in ("en", "cs")
    }
    for key in (
        "log.scenery-roll",
        "log.scenery-roll.choose",
        "log.scenery-choice",
        "log.roll-off.scenery",
        "dice.scenery-roll",
        "button.scenery",
        "prompt.scenery",
    ):
        assert all(f'"{key}"' in text for text in words.values()), key
    # Czech counts: 0 prvků, 1 prvek, 2-4 prvky, 5+ prvků (Intl.PluralRules one/few/other)
    line = next(ln for ln in words["cs"].splitlines() if '"button.scenery"' in ln)
    for form in ('one: "{n} prvek"', 'few: "{n} prvky"', 'other: "{n} prvků"'):
        assert form in line


# -- whole battles ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_aos_2_3_battle_with_the_scenery_roll_played_to_the_end_by_random_play(
    seed: int,
) -> None:
    state = read_position(GAME, text_of(width=72, mysterious="roll"))
    rng = Rng(seed)
    steps = set()
    for _ in range(4000):
        if state.outcome is not None:
            break
        steps.add(state.rt.step)
        if state.is_chance:
            outcomes = state.chance_outcomes()
            # favour 11-12 now and then, so the roll-off and the choice are met
            if state.rt.step == "scenery-roll" and rng.below(3) == 0:
                action = Die("scenery", 11 + rng.below(2))
            else:
                action = outcomes[rng.below(len(outcomes))][0]
        else:
            found = state.candidate_actions(rng, 8)
            action = found[rng.below(len(found))]
        assert state.check(action) is None, (state.rt.step, str(action))
        state.play(action)
    assert state.outcome is not None
    assert {"scenery-roll", "scenery-roll-off", "scenery", "landscape-roll", "deploy"} <= steps
    su = state.rt.set_up
    assert su is not None and len(su.scenery) == 6
    assert len(state.battle.features) == 1 + sum(su.scenery)
