"""Chance in Lords of War (LW-3.2, LW-4.1, LW-9.1a): every card that comes off a deck is a
chance outcome with the exact probability of its kind; stacked decks in position files; records
of the previous version (format 1) migrate and replay the same game."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from bitva.core import CHANCE, IllegalAction, UnreadableAction, get_game
from bitva.core.chance import check_distribution
from bitva.core.record import GameRecord, replay, upgrade, verify
from bitva.games.lords_of_war.position import parse_position, write_position
from bitva.games.lords_of_war.state import LordsOfWarState
from tests.lords_of_war.helpers import card, play, position

RECORDS = Path(__file__).parent / "records"
GAME = get_game("lords-of-war")


def test_lw_3_2_the_opening_hands_are_dealt_as_chance() -> None:
    state = GAME.new({"armies": "orcs,dwarves"}, seed=1)
    assert isinstance(state, LordsOfWarState)
    assert state.current_player == CHANCE and state.decision == "deal"
    assert [len(state.hand[s]) for s in (1, 2)] == [1, 1]  # the Generals (LW-3.2)
    dealt_to = []
    while state.is_chance:
        outcomes = state.chance_outcomes()
        check_distribution(outcomes)
        seat = state.deal_to[0]
        deck = state.deck[seat]
        kinds = state.static.kinds[seat]
        for action, p in outcomes:  # each kind with its share of the deck
            kind = state.static.kind_index[seat][action.card]  # type: ignore[union-attr]
            copies = sum(1 for c in deck if state.static.kind_of[seat][c] == kind)
            assert p == Fraction(copies, len(deck)) and kinds[kind].ref == action.card  # type: ignore[union-attr]
        dealt_to.append(seat)
        state.apply(state.sample_chance())
    assert dealt_to == [1] * 5 + [2] * 5
    assert [len(state.hand[s]) for s in (1, 2)] == [6, 6]
    assert state.decision == "challenge" and state.current_player == 1


def test_lw_3_2_a_deal_can_be_forced_and_names_the_rule_when_impossible() -> None:
    state = GAME.new({"armies": "orcs,dwarves"}, seed=1)
    with pytest.raises(IllegalAction) as info:
        state.apply("deal Dwarf Slugger#1")  # a Dwarf card in the Orc deck
    assert info.value.rule == "LW-3.2"
    with pytest.raises(UnreadableAction):
        state.apply("deal")
    state.apply("deal Orc Catapult")
    assert "Orc Catapult" in [state.static.card_of(1 << 8 | c).ref for c in state.hand[1]]


def test_lw_9_1_a_stacked_deck_draws_from_the_top_without_chance() -> None:
    # a position file lists the deck top first: the draws are certain
    wall = card("recruit", "infantry", 9)
    state = position(
        board={"d4": (2, "W"), "a1": (1, "W")},
        hands={1: ["K"]},
        decks={1: ["C1", "C2"]},
        cards={"K": card("recruit", "infantry", 9, front=1), "W": wall, "C1": wall, "C2": wall},
    )
    play(state, "K@d3")
    events = state.apply("draw")
    assert not state.is_chance  # both cards were certain
    drawn = [c for e in events if e.kind == "drew" for c in (e.private or {})["cards"]]
    assert drawn == ["C1", "C2"]


def test_positions_say_whether_a_deck_is_shuffled_and_round_trip() -> None:
    state = GAME.new({}, seed=4)
    state.resolve_chance()
    play(state, state.legal_actions()[0].__str__())
    play(state, state.legal_actions()[0].__str__())
    text = write_position(state)
    assert text.count("shuffled = true") == 2
    again = parse_position(text)
    assert write_position(again) == text
    assert again.stacked == [False, False, False]
    stacked = text.replace("shuffled = true\n", "", 1)
    assert parse_position(stacked).stacked[1] is True


@pytest.mark.parametrize("name", ["basic", "advanced", "borderless"])
def test_a_format_1_record_migrates_and_replays_the_same_game(name: str) -> None:
    path = RECORDS / f"format1-{name}.json"
    old = json.loads(path.read_text(encoding="utf-8"))
    assert "format" not in old  # written by bitva 0.1, before explicit chance
    record = GameRecord.load(path)  # loading upgrades it
    assert record.format == GAME.record_format == 2
    player_actions = [a for a in record.actions if not a.startswith("deal ")]
    assert player_actions == old["actions"]
    final = verify(record)
    if old["outcome"] is None:
        assert final.outcome is None
    else:
        assert final.outcome is not None
        assert final.outcome.winner == old["outcome"]["winner"]
        assert {str(k): v for k, v in final.outcome.scores.items()} == old["outcome"]["scores"]
    # the migrated record is a record of today: it verifies as it is, and replays step by step
    assert upgrade(record) is record
    assert len(list(replay(record))) == len(record.actions)
