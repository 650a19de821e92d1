"""BattleLore's typed actions (issue 24, point 4): one frozen dataclass per verb, the text forms
of docs/battlelore.md ("Decision points") and their integer codes (issue 23: the dense layout of
`codes.py`, docs/research/battlelore.md; the verbs before `ignore` kept the codes the stringly
`Act` gave them)."""

from __future__ import annotations

import dataclasses
import random
from typing import get_args

import pytest

from bitva.core import CHANCE
from bitva.core.errors import UnreadableAction
from bitva.games.battlelore.actions import (
    Ability,
    Add,
    Battle,
    BattleBack,
    BattleLoreAction,
    Box,
    ChanceAction,
    Council,
    Deal,
    Discard,
    DiscardLore,
    Done,
    Free,
    Ignore,
    Keep,
    LoreDeal,
    Move,
    Order,
    Pass,
    Place,
    Play,
    PlayLore,
    Pursue,
    Refill,
    Retreat,
    Roll,
    Rush,
    SeatAction,
    Store,
    TakeGround,
    parse,
)
from bitva.games.battlelore.codes import NUM_CODES, decode, encode
from bitva.games.battlelore.game import GAME

# (text, its dense code (issue 23), the typed action)
EVERY_VERB: list[tuple[str, int, BattleLoreAction]] = [
    ("pass", 0, Pass()),
    ("done", 1, Done()),
    ("battle-back", 2, BattleBack()),
    ("take-ground", 3, TakeGround()),
    ("play PATROL_C", 27, Play("PATROL_C")),
    ("discard SCOUT_L", 42, Discard("SCOUT_L")),
    ("order F4", 104, Order("F4")),
    ("order I6 pay", 245, Order("I6", pay=True)),
    ("free F4", 330, Free("F4")),
    ("retreat E6", 467, Retreat("E6")),
    ("pursue G6", 582, Pursue("G6")),
    ("place D3", 41057, Place("D3")),
    ("ignore 1", 627, Ignore(1)),
    ("store 2", 40928, Store(2)),
    ("move F4 F6", 2851, Move("F4", "F6")),
    ("battle F4 G5", 8904, Battle("F4", "G5")),
    ("rush F7 F5 at F4", 19900, Rush("F7", "F5", "F4")),
    ("ability web 1", 40895, Ability("web", 1)),
    ("keep WZ01", 40970, Keep("WZ01")),
    ("discard WZ01", 40998, DiscardLore("WZ01")),
    ("refill a", 41026, Refill("a")),
    (
        "council commander=2 cleric=2 wizard=1",
        41798,
        Council((("commander", 2), ("cleric", 2), ("wizard", 1))),
    ),
    ("lore WZ01 F4", 42209, PlayLore("WZ01", ("F4",))),
    ("lore WZ03", 42280, PlayLore("WZ03")),
    ("lore WR05 F4", 48206, PlayLore("WR05", ("F4",))),  # the first unit (BL-13.4)
    ("add F4", 49423, Add("F4")),  # one more unit of Forced March or Stealth
    ("deal PATROL_C", 8, Deal("PATROL_C")),
    ("roll B F L", 22390, Roll((0, 1, 0, 1, 0, 1))),
    ("lore-deal WZ01", 40942, LoreDeal("WZ01")),
    ("box WZ01", 49352, Box("WZ01")),
]


@pytest.mark.parametrize(("text", "code", "action"), EVERY_VERB, ids=[t for t, _, _ in EVERY_VERB])
def test_bl_1_2_every_verb_is_typed_with_its_text_and_its_code(
    text: str, code: int, action: BattleLoreAction
) -> None:
    assert parse(text) == action
    assert str(action) == text
    assert encode(action) == code
    assert decode(code) == action
    assert action.is_chance == isinstance(action, get_args(ChanceAction))


def test_every_type_of_the_union_is_listed_and_the_code_space_is_the_dense_one() -> None:
    assert {type(a) for _, _, a in EVERY_VERB} == set(get_args(BattleLoreAction))
    assert set(get_args(BattleLoreAction)) == set(get_args(SeatAction)) | set(
        get_args(ChanceAction)
    )
    assert NUM_CODES == 49_493  # issue 23: dense codes only, `add` last (no multi-unit tail)


def test_the_text_is_read_in_any_case_and_written_canonically() -> None:
    assert parse("ORDER f4 PAY") == Order("F4", pay=True)
    assert parse("Rush f7 f5 AT f4") == Rush("F7", "F5", "F4")
    assert parse("roll L b f") == Roll((0, 1, 0, 1, 0, 1))  # faces sorted G B R F S L
    assert parse("council wizard=1 commander=2 cleric=2") == Council.of(
        {"commander": 2, "cleric": 2, "wizard": 1}
    )
    assert parse("lore wz01 f4").args == ("WZ01", "F4")
    assert parse("lore WZ03 F4 G5") == PlayLore("WZ03")  # River Rage names no unit (BL-13.5)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no action given"),
        ("frobnicate F4", "cannot read 'frobnicate F4'"),
        ("move F4", "cannot read 'move F4'"),
        ("order Z99", "Z99"),
        ("ignore 16", "no number from 0 to 15"),
        ("play NOT_A_CARD", "is no Command card"),
        ("keep XX99", "is no Lore card"),
        ("refill z", "is no refill option"),
        ("ability fly 1", "is no creature ability"),
        ("roll X", "a roll is up to 12 faces"),
        ("council wizard=4", "a council seat takes 0 to 3 levels"),
        ("lore WZ01 nowhere", "after lore CARD write hexes"),
    ],
)
def test_bad_text_is_unreadable_with_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(UnreadableAction, match=message):
        parse(text)


def test_the_actions_are_frozen_and_slotted() -> None:
    action = Move("F4", "F6")
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.end = "F7"  # type: ignore[misc]
    assert not hasattr(action, "__dict__")
    assert {Move("F4", "F6"), Move("F4", "F6")} == {action}  # hashable, equal by value


@pytest.mark.parametrize("adventure", ["A02", "A04"])
def test_a_random_game_round_trips_text_and_codes(adventure: str) -> None:
    """BL-1.2: every legal action and chance outcome of a random game (custom councils, so Lore
    cards, landmarks and refills come up) reads back from its text and its code."""
    rng = random.Random(7)
    state = GAME.new({"adventure": adventure, "councils": "custom"}, 7)
    seen: set[type] = set()
    for _ in range(400):
        if state.is_terminal:
            break
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            choices = [a for a, _ in outcomes]
            action = rng.choices(choices, [float(p) for _, p in outcomes])[0]
        else:
            choices = state.legal_actions()
            action = rng.choice(choices)
        for each in choices:
            assert parse(str(each)) == each
            assert decode(encode(each)) == each
            seen.add(type(each))
        state.play(action)
    assert {Council, Play, Move, Roll, Deal, Refill, LoreDeal} <= seen
