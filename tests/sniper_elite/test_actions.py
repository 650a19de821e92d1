"""Typed actions (issue 24 point 4): one frozen dataclass per verb with typed fields, the text
form unchanged and dense integer codes (issue 23; SE-3.4: chance outcomes are actions too), and
the pending tasks as typed values whose JSON is the dicts records have always held."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any

import pytest

from bitva.core.errors import UnreadableAction
from bitva.core.rng import Rng
from bitva.games.sniper_elite import GAME
from bitva.games.sniper_elite.actions import (
    Bottom,
    Complete,
    Die,
    Draw,
    End,
    Enter,
    Equip,
    Keep,
    Loot,
    Move,
    Objective,
    Order,
    Place,
    Reward,
    Shoot,
    SniperAction,
    Tie,
    Use,
    decode,
    encode,
    parse,
)
from bitva.games.sniper_elite.catalogue import shipped_content
from bitva.games.sniper_elite.pending import (
    BottomChoice,
    BoxOrder,
    DieRoll,
    DrawTokens,
    EntryChoice,
    EquipDraw,
    KeepChoice,
    ObjectiveDraw,
    Pending,
    PlaceChoice,
    RewardChoice,
    SlotOrder,
    TieDraw,
    pending_from_json,
)
from tests.sniper_elite.helpers import GEO

CONTENT = shipped_content()

# text, typed action, code: the dense codes of issue 23 (`actions.CodeTable`: a verb's block, its
# arguments' indices; e.g. `move c6 2` is 3 + 3 * 59 + 1, c6 the 60th standable space, and
# `draw A A N R S S` is 1247 + ((2 * 7 + 1) * 8 + 1) * 3 + 2 in the radix of the bag's limits)
TABLE: list[tuple[str, SniperAction, int]] = [
    ("end", End(), 0),
    ("loot", Loot(), 1),
    ("complete", Complete(), 2),
    ("move c6 2", Move("c6", 2), 181),
    ("shoot R1 3", Shoot("R1", 3), 506),
    ("use THROWN_STONE e5", Use("THROWN_STONE", space="e5"), 934),
    ("use FIELD_DRESSING 2", Use("FIELD_DRESSING", amount=2), 880),
    ("use FALSE_REPORT yellow", Use("FALSE_REPORT", area="yellow"), 877),
    ("use GRAPNEL", Use("GRAPNEL"), 881),
    ("reward recoil 2", Reward("recoil 2"), 1055),
    ("reward accuracy", Reward("accuracy"), 1056),
    ("keep GRAPNEL", Keep("GRAPNEL"), 1061),
    ("place f12", Place("f12"), 1200),
    ("bottom 3", Bottom(3), 1236),
    ("enter EW", Enter("EW"), 1245),
    ("draw A A N R S S", Draw(2, 1, 1, 2), 1612),
    ("die 3", Die(3), 5785),
    ("order ENCIRCLEMENT", Order("ENCIRCLEMENT"), 5786),
    ("equip BINOCULARS", Equip("BINOCULARS"), 5801),
    ("objective 4", Objective(4), 5814),
    ("tie 1", Tie(1), 5821),
]


@pytest.mark.parametrize(("text", "action", "code"), TABLE, ids=[t for t, _, _ in TABLE])
def test_se_3_4_every_verb_is_a_typed_action_with_its_text_and_dense_code(
    text: str, action: SniperAction, code: int
) -> None:
    assert parse(text, GEO, CONTENT) == action
    assert str(action) == text
    assert encode(action, GEO, CONTENT) == code
    assert decode(code, GEO, CONTENT) == action
    assert action.is_chance == (
        text.split()[0] in ("draw", "die", "order", "equip", "objective", "tie")
    )


def test_se_6_5_text_is_read_into_typed_fields_in_canonical_form() -> None:
    """Case and token order are free in the text; the fields are canonical (SE-6.5(3): a draw
    is counts, in any order)."""
    assert parse("SHOOT r1 03", GEO, CONTENT) == Shoot("R1", 3)
    assert parse("draw s n a s", GEO, CONTENT) == Draw(accuracy=1, noise=1, shield=2)
    assert str(Draw.of(["S", "A"])) == "draw A S"
    assert parse("use false_report Yellow", GEO, CONTENT) == Use("FALSE_REPORT", area="yellow")
    assert parse("reward RECOIL 1", GEO, CONTENT) == Reward("recoil 1")


def test_se_6_2_a_move_without_its_steps_reads_but_has_no_code() -> None:
    """`move c6` is text for the fewest steps, which only the state knows: the parsed move
    says no steps, and no code stands for it."""
    move = parse("move c6", GEO, CONTENT)
    assert move == Move("c6") and move.steps is None and str(move) == "move c6"
    with pytest.raises(ValueError):
        encode(move, GEO, CONTENT)


@pytest.mark.parametrize(
    "text", ["shoot X9 1", "use THROWN_STONE", "use GRAPNEL e5", "move c6 4", "tie", "fly c6"]
)
def test_se_3_4_text_that_is_no_action_is_unreadable(text: str) -> None:
    with pytest.raises(UnreadableAction):
        parse(text, GEO, CONTENT)


def test_se_3_4_actions_are_frozen_and_slotted() -> None:
    shot = Shoot("R1", 3)
    with pytest.raises(FrozenInstanceError):
        shot.tokens = 4  # type: ignore[misc]
    assert not hasattr(shot, "__dict__")


def test_se_3_4_a_random_game_plays_typed_actions_whose_text_and_code_round_trip() -> None:
    """Every legal action and chance outcome along a game is one of the typed actions, and its
    text and its code bring back the same value."""
    state = GAME.new({}, 3)
    rng = Rng(3)
    for _ in range(250):
        if state.outcome is not None:
            break
        for action in state.legal_actions():
            assert state.parse_action(str(action)) == action
            assert state.decode_action(state.encode_action(action)) == action
        pick = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        state.apply(pick)


PENDING: list[tuple[Pending, dict[str, Any]]] = [
    (BottomChoice(), {"kind": "bottom"}),
    (EntryChoice(), {"kind": "entry"}),
    (RewardChoice(("noise", "accuracy")), {"kind": "reward", "options": ["noise", "accuracy"]}),
    (KeepChoice(), {"kind": "keep"}),
    (PlaceChoice("R1", (3, 4)), {"kind": "place", "defender": "R1", "spaces": [3, 4]}),
    (DrawTokens(3), {"kind": "draw", "k": 3}),
    (DieRoll(), {"kind": "die"}),
    (BoxOrder("normal"), {"kind": "order", "to": "box", "group": "normal"}),
    (SlotOrder(2, False, "urgent"),
     {"kind": "order", "to": "slot", "slot": 2, "up": False, "group": "urgent"}),
    (SlotOrder(2, True), {"kind": "order", "to": "slot", "slot": 2, "up": True}),
    (EquipDraw("loot"), {"kind": "equip", "to": "loot"}),
    (ObjectiveDraw(), {"kind": "objective"}),
    (TieDraw("SE-7.8", ({"a": 1}, {"a": 2}), (2, 1)),
     {"kind": "tie", "why": "SE-7.8", "results": [{"a": 1}, {"a": 2}], "weights": [2, 1]}),
]  # fmt: skip


@pytest.mark.parametrize(("pending", "data"), PENDING, ids=[d["kind"] for _, d in PENDING])
def test_se_3_10_pending_tasks_are_typed_with_their_old_json(
    pending: Pending, data: dict[str, Any]
) -> None:
    """The JSON of each pending task is the dict (keys in order) saved states always held."""
    assert list(pending.to_json().items()) == list(data.items())
    assert pending_from_json(data) == pending
    assert pending.decision == (data["kind"] in ("bottom", "entry", "reward", "keep", "place"))
