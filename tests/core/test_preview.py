"""Issue 22 in the core: `State.preview(action) -> Preview` (the default is `check` with no facts;
Long Jump's tells where a jump lands), and analyses that take parameters (`Analysis.parameters`,
`bitva analyse ... --param NAME=VALUE`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field

from bitva.core import Analysis, Outcome, Preview, Violation
from bitva.core.game import ParameterError
from tests.cli.helpers import one_clear_line, run
from tests.games.dice_cards import GAME as DICE_CARDS
from tests.games.long_jump import GAME as LONG_JUMP
from tests.games.long_jump import Jump, LongJump

# -- Preview -------------------------------------------------------------------------------


def test_preview_to_json_gives_legal_the_violation_and_the_facts() -> None:
    foul = Preview(Violation("too close", "LJ-3"), {"landing": 0.3})
    assert foul.legal is False
    assert foul.to_json() == {
        "legal": False,
        "violation": {"message": "too close", "rule": "LJ-3", "code": None, "params": {}},
        "facts": {"landing": 0.3},
    }
    coded = Preview(Violation("too close", "LJ-3", "too_close", {"gap": 0.3}))
    assert coded.to_json()["violation"] == {
        "message": "too close",
        "rule": "LJ-3",
        "code": "too_close",
        "params": {"gap": 0.3},
    }
    fine = Preview.of(None, inches_used=4.2, out_of_coherency=[])
    assert fine.legal is True
    assert fine.to_json() == {
        "legal": True,
        "violation": None,
        "facts": {"inches_used": 4.2, "out_of_coherency": []},
    }
    assert json.loads(json.dumps(fine.to_json())) == fine.to_json()


def test_the_default_preview_is_check_with_no_facts_dc_2() -> None:
    state = DICE_CARDS.new(seed=3)
    state.resolve_chance()
    digest = state.digest()
    for action in state.legal_actions():
        assert state.preview(action) == Preview(None, {})
    hold = state.parse_action("hold")  # nothing to bank yet (DC-2)
    assert state.preview(hold) == Preview(state.check(hold), {})
    assert state.preview(hold).violation == Violation(
        "nothing to bank: roll or play a card first", "DC-2"
    )
    assert state.digest() == digest


def test_lj_3_long_jump_previews_a_foul_with_where_it_would_land() -> None:
    state = LONG_JUMP.new({"track": 5}, seed=1)
    digest = state.digest()
    foul = state.preview(state.parse_action("jump 0.30"))
    assert foul.violation == Violation(
        "landing at 0.30 is within 0.50 of the other jumper (at 0.00)", "LJ-3"
    )
    assert foul.facts == {
        "landing": 0.3,
        "other_jumper": 0.0,
        "distance_to_other": 0.3,
        "finishes": False,
    }
    assert state.digest() == digest  # a preview changes nothing
    clear = state.preview(Jump(120))
    assert clear.legal and clear.facts["distance_to_other"] == 1.2


def test_lj_2_a_jump_too_long_is_refused_and_still_says_where_it_lands() -> None:
    state = LONG_JUMP.new({"track": 5}, seed=1)
    too_long = state.preview(Jump(160))
    assert too_long.violation is not None and too_long.violation.rule == "LJ-2"
    assert too_long.facts["landing"] == 1.6


def test_lj_4_a_preview_says_whether_the_jump_finishes() -> None:
    state = LONG_JUMP.read_position(
        "jumpers = [4.00, 2.00]\n[options]\ntrack = 5\n[turn]\nactive = 1\njumps_made = 4\n"
    )
    assert state.preview(Jump(100)).facts["finishes"] is True
    assert state.preview(Jump(99)).facts["finishes"] is False


def test_lj_4_no_facts_once_the_competition_is_over() -> None:
    state = LONG_JUMP.new({"track": 5}, seed=1)
    state._outcome = Outcome.win(1, 2, "finished", {"track": 5}, "LJ-4")
    over = state.preview(Jump(100))
    assert over.violation is not None and over.violation.rule == "LJ-4"
    assert over.facts == {}


# -- analyses with parameters --------------------------------------------------------------


class Landing(BaseModel):
    model_config = ConfigDict(extra="forbid")

    jump: float = Field(gt=0, le=1.5, description="a jump in metres")


def landing(state: Any, seat: int | None, params: Landing) -> dict[str, Any]:
    found = state.preview(Jump(round(params.jump * 100)))
    return {"legal": found.legal, **found.facts}


PARAMETRIC = Analysis("landing", "Landing", "where a jump lands", landing, parameters=Landing)
PLAIN = Analysis("lead", "Lead", "who leads", lambda state, seat: {"lead": 0})


def test_an_analysis_with_parameters_validates_and_runs_with_them() -> None:
    state = LONG_JUMP.new({"track": 5}, seed=1)
    assert PARAMETRIC.answer(state, 1, {"jump": "0.3"})["legal"] is False  # text, as typed
    assert PARAMETRIC.answer(state, 1, {"jump": 1.5})["landing"] == 1.5
    with pytest.raises(ParameterError, match=r"'landing': parameter jump: Field required"):
        PARAMETRIC.answer(state, 1, {})
    with pytest.raises(ParameterError, match="parameter jump: Input should be less than"):
        PARAMETRIC.read_parameters({"jump": 2})
    with pytest.raises(ParameterError, match="parameter unit: Extra inputs"):
        PARAMETRIC.read_parameters({"jump": 1, "unit": "A1"})
    schema = PARAMETRIC.to_json()["parameters"]
    assert schema["properties"]["jump"]["maximum"] == 1.5


def test_an_analysis_without_parameters_is_unchanged_and_takes_none() -> None:
    state = LONG_JUMP.new({"track": 5}, seed=1)
    assert PLAIN.answer(state, 1) == {"lead": 0} == PLAIN.answer(state, 1, {})
    assert PLAIN.to_json()["parameters"] is None
    with pytest.raises(ParameterError, match="parameter unit: this analysis takes no parameters"):
        PLAIN.answer(state, 1, {"unit": "A1"})


@pytest.fixture
def offered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Long Jump offering the parametric analysis for these tests (its module offers none)."""
    monkeypatch.setattr(
        LongJump, "analyses", property(lambda self: {"landing": PARAMETRIC}), raising=False
    )


def test_bitva_analyse_passes_param_options(offered: None, tmp_path: Path) -> None:
    position = tmp_path / "start.toml"
    position.write_text(LONG_JUMP.write_position(LONG_JUMP.new({"track": 5})), encoding="utf-8")
    result = run("analyse", "long-jump", str(position), "--json", "--param", "jump=0.30")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {
        "legal": False,
        "landing": 0.3,
        "other_jumper": 0.0,
        "distance_to_other": 0.3,
        "finishes": False,
    }
    table = run("analyse", "long-jump", str(position), "--param", "jump=1.2")
    assert table.exit_code == 0 and "landing: 1.2" in table.output


@pytest.mark.parametrize(
    ("params", "said"),
    [
        (["jump"], "write NAME=VALUE"),
        (["jump=1", "jump=2"], "given twice"),
        (["jump=far"], "parameter jump: Input should be a valid number"),
        ([], "parameter jump: Field required"),
    ],
)
def test_bitva_analyse_refuses_bad_params_in_one_line(
    offered: None, tmp_path: Path, params: list[str], said: str
) -> None:
    position = tmp_path / "start.toml"
    position.write_text(LONG_JUMP.write_position(LONG_JUMP.new({"track": 5})), encoding="utf-8")
    args = [part for value in params for part in ("--param", value)]
    result = run("analyse", "long-jump", str(position), *args)
    assert one_clear_line(result), result.output
    assert said in result.output
