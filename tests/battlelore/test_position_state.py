"""Position files as states (issue 11): read at the move or battle decision, written back to the
same text, played on (the Command hands dealt when the position's turn ends), and the `odds`
analysis as `bitva analyse battlelore --json` prints it; whole states of real games (hands,
decks, goblets, councils, banners, the turn's card and Lore in play) read back the same."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bitva.core import PositionError, Rng
from bitva.games.battlelore.game import GAME
from bitva.games.battlelore.lore.economy import LoreBank
from bitva.games.battlelore.state import BattleLoreState
from bitva.games.battlelore.turn.command import DECK

POSITION = """
[adventure]
id = "A01"
name = "Brook"
lore = false
first_player = "south"
victory_banners = 4
[sides.south]
command_cards = 4
units = [
  { type = "h_bf_sword", hex = "F4", ordered = true },
  { type = "h_gf_bow", hex = "D4", ordered = true, moved = 1 },
]
[sides.north]
command_cards = 4
units = ["h_bf_sword@G5", "h_rf_sword@E6"]
[position]
active = "south"
step = "move"
"""


def test_a_position_is_a_state_at_its_step_with_the_ordered_units() -> None:
    state = GAME.read_position(POSITION, "test.toml")
    assert state.decision == "move" and state.current_player == 1
    moves = [str(a) for a in state.legal_actions()]
    assert "move F4 F3" in moves and not any(m.startswith("move D4") for m in moves)
    again = GAME.read_position(GAME.write_position(state), "again.toml")
    assert GAME.write_position(again) == GAME.write_position(state)


def test_a_position_plays_on_and_deals_the_hands_when_its_turn_ends() -> None:
    state = GAME.read_position(POSITION, "test.toml")
    state.apply("done")
    while state.decision == "battle":
        state.apply("done")
    assert state.decision == "deal" and state.deal_to == [1] * 4 + [2] * 4
    rng = Rng(3)
    while state.current_player is not None:
        state.apply(
            state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        )
    assert state.outcome is not None


def test_the_odds_analysis_is_the_issues_object() -> None:
    state = GAME.read_position(POSITION.replace('step = "move"', 'step = "battle"'), "t.toml")
    result = GAME.analyses["odds"].run(state, 1)
    assert result["active"] == "south" and result["step"] == "battle" and result["moves"] == {}
    assert [(b["attacker"], b["target"], b["kind"], b["dice"]) for b in result["battles"]] == [
        ("D4", "E6", "ranged", 1),  # a short bow that moved loses a die (2.3)
        ("D4", "G5", "ranged", 1),
        ("F4", "G5", "melee", 3),
    ]
    assert result["battles"][2]["hit_chance"] == pytest.approx(1 / 3)


def test_states_a_position_file_cannot_say_are_refused() -> None:
    """A game over, and a game of an adventure that is not shipped (the file would have to
    copy it in)."""
    from tests.battlelore.engine_helpers import scene

    state = scene(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "A9", 2))
    with pytest.raises(PositionError, match="not a shipped adventure"):
        GAME.write_position(state)
    over = GAME.read_position(POSITION, "over.toml")
    over.finish(1, None)
    with pytest.raises(PositionError, match="over"):
        GAME.write_position(over)


# -- whole states (issue 11, point 4: a position file holds everything a view shows) ------------
def _playout(adventure: str, seed: int, councils: str = "adventure") -> list[BattleLoreState]:
    """Every state of a seeded random game of `adventure`, in order (clones)."""
    state = GAME.new({"adventure": adventure, "councils": councils}, seed)
    rng = Rng(seed)
    out = []
    while state.current_player is not None:
        out.append(state.clone())
        state.apply(
            state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        )
    return out


def _whole(state: BattleLoreState) -> dict[str, Any]:
    """The whole state as JSON but its RNG (a position holds no future dice) and the places of
    units eliminated last (numbers are kept, the list is as long as the last unit on board)."""
    data = state.to_json()
    data.pop("rng")
    while data["units"] and data["units"][-1] is None:
        data["units"].pop()
    return data


@pytest.mark.parametrize(
    ("adventure", "councils"),
    [("A01", "adventure"), ("A02", "adventure"), ("A03", "adventure"), ("A04", "adventure"),
     ("A02", "custom"), ("A04", "intro")],
)  # fmt: skip
def test_whole_states_of_real_games_read_back_the_same(adventure: str, councils: str) -> None:
    """The first states of every decision point and every 20th state of a random game,
    battles under way included: written, read back to the same whole state (views of both
    seats and spectators, decision, legal actions, RNG apart), and written the same."""
    written: Counter[str] = Counter()
    for index, state in enumerate(_playout(adventure, 5, councils)):
        if index % 20 and written[state.decision] >= 6:
            continue
        text = GAME.write_position(state)
        again = GAME.read_position(text, "whole.toml")
        assert _whole(again) == _whole(state)
        assert GAME.write_position(again) == text
        for seat in (None, 1, 2):
            assert again.view(seat) == state.view(seat)
        written[state.decision] += 1
    assert sum(written.values()) >= 60
    needed = {"deal", "command", "order", "move", "battle", "roll"}
    if GAME.new({"adventure": adventure}).static.lore:  # A02, A04 (A01, A03: no Lore)
        needed |= {"react", "refill", "lore-deal"}
    assert needed <= set(written), written


def _state_at(adventure: str, decision: str, turn: int = 4) -> BattleLoreState:
    """The first state of a seeded game at `decision` once `turn` turns are done."""
    for state in _playout(adventure, 9):
        if state.decision == decision and state.turn >= turn:
            return state
    raise AssertionError(f"no {decision} after turn {turn}")


def test_bl_16_1_banners_and_the_turn_survive_a_position() -> None:
    state = _state_at("A01", "order")
    state.banners = [3, 2]
    again = GAME.read_position(GAME.write_position(state), "banners.toml")
    assert again.banners == [3, 2] and again.turn == state.turn
    assert again.view(None)["sides"]["1"]["banners"] == 3
    assert again.view(1)["turn"] == state.turn + 1


def test_bl_16_1_a_side_one_banner_short_wins_with_the_next_in_a_position() -> None:
    """Banners read from the file count towards victory (BL-16.1)."""
    text = POSITION.replace('step = "move"', 'step = "battle"')
    text = text.replace('"h_bf_sword@G5"', '{ type = "h_bf_sword", hex = "G5", figures = 1 }')
    text += "[position.south]\nbanners = 3\n"
    state = GAME.read_position(text, "banners.toml")
    state.apply("battle F4 G5")
    while state.outcome is None and state.decision == "roll":
        state.apply("roll B B B")  # hits on the last blue footman: eliminated, the 4th banner
    assert state.outcome is not None and state.outcome.winner == 1


def test_bl_12_1_goblets_the_pool_and_the_lore_deck_survive_a_position() -> None:
    state = _state_at("A02", "command")
    state.bank = LoreBank(state.bank.pool - 3, (state.bank.goblets[0] + 3, 0))
    again = GAME.read_position(GAME.write_position(state), "goblets.toml")
    assert again.bank == state.bank
    lore = {k: v for k, v in _whole(state).items() if k.startswith("lore_")}
    assert {k: v for k, v in _whole(again).items() if k.startswith("lore_")} == lore
    assert again.view(2)["sides"]["1"]["goblet"] == state.bank.goblets[0]


def test_bl_14_2_council_levels_and_bl_14_6_their_secrecy_survive_a_position() -> None:
    """A custom council chosen in secret: in the file, hidden from the other seat's view until
    both chose (BL-14.6)."""
    state = GAME.new({"adventure": "A02", "councils": "custom"}, 1)
    state.apply(state.legal_actions()[0])  # South chooses
    assert state.decision == "council" and state.councils[0]
    text = GAME.write_position(state)
    assert 'councils = "custom"' in text and "[position.south]" in text
    again = GAME.read_position(text, "council.toml")
    assert again.councils == state.councils
    assert again.view(2)["sides"]["1"]["council"] is None
    assert again.view(1)["sides"]["1"]["council"] == state.councils[0]


def test_bl_15_1_command_hands_and_deck_counts_survive_a_position() -> None:
    state = _state_at("A01", "command")
    text = GAME.write_position(state)
    again = GAME.read_position(text, "hands.toml")
    assert again.hands == state.hands and again.deck == state.deck
    assert again.discard == state.discard and not again.hands_pending
    assert again.view(1)["sides"]["2"]["command_hand"] == len(state.hands[2])


def test_bl_2_1_the_turns_card_and_orders_survive_a_position() -> None:
    state = _state_at("A01", "move")
    assert state.played is not None and state.orders is not None
    again = GAME.read_position(GAME.write_position(state), "orders.toml")
    assert (again.played, again.orders, again.ordered) == (
        state.played, state.orders, state.ordered,
    )  # fmt: skip


def test_a_plain_file_still_reads_with_the_defaults_of_the_issue() -> None:
    """No optional key: hands empty and owed, the deck whole, turn 1, banners 0 (the issue's
    format, "The analysis command")."""
    state = GAME.read_position(POSITION, "plain.toml")
    assert state.hands == {1: [], 2: []} and state.hands_pending
    assert sum(state.deck.values()) == 40 and state.turn == 0 and state.banners == [0, 0]
    assert state.played is None and state.orders is not None and state.orders.card == "POSITION"


FULL = (
    POSITION
    + """turn = 6
card = "ATTACK_C"
orders = { card = "ATTACK_C", slots = [["centre"], ["centre"]] }
discard = ["SCOUT_L"]
[position.south]
banners = 2
command_hand = ["PATROL_L", "PATROL_R", "ATTACK_L"]
[position.north]
banners = 1
command_hand = ["ATTACK_R", "PATROL_C", "SCOUT_R", "ASSAULT_C"]
"""
)


def test_a_hand_written_whole_state_reads_and_plays_on() -> None:
    state = GAME.read_position(FULL, "full.toml")
    assert state.turn == 5 and state.view(1)["turn"] == 6 and state.banners == [2, 1]
    assert state.played == "ATTACK_C" and state.orders is not None
    assert state.hands[2] == ["ATTACK_R", "PATROL_C", "SCOUT_R", "ASSAULT_C"]
    assert not state.hands_pending and sum(state.deck.values()) == 40 - 9  # the rest (BL-15.1)
    assert state.deck["ATTACK_C"] == DECK["ATTACK_C"] - 1 and "ASSAULT_C" not in state.deck
    assert state.view(1)["sides"]["2"]["command_hand"] == 4  # hidden from the other seat
    state.apply("done")
    while state.decision == "battle":
        state.apply("done")
    assert state.decision == "deal" and state.deal_to == [1]  # one card, not a whole hand


BAD_FIELDS = [
    ("turn = 6", "turn = 0", "position.turn"),
    ("banners = 2", "banners = -1", "position.south.banners"),
    ('command_hand = ["PATROL_L"', 'command_hand = ["PATROL_X"', "position.south.command_hand"),
    ('card = "ATTACK_C"', 'card = "WZ99"', "position.card"),
    ('slots = [["centre"]', 'slots = [["middle"]', "position.orders"),
    ('discard = ["SCOUT_L"]', 'discard = ["SCOUT_L"]\ncommand_deck = { ATTACK_C = -1 }',
     "position.command_deck"),
    ('discard = ["SCOUT_L"]', 'discard = ["SCOUT_L"]\ncommand_deck = { ATTACK_C = 3 }',
     "position.command_deck"),
    ('discard = ["SCOUT_L"]', 'discard = ["ASSAULT_C"]', "position.command_deck"),  # 1 a game
    ("[position.north]\n", "[position.north]\nhand = []\n", "position.north"),
    ('step = "move"', 'step = "react"', "position.window"),
    ('step = "move"', 'step = "react"\nwindow = { name = "BAT_MELEE", side = "north", '
     'resume = "read" }', "position"),  # a battle's window with no battle
    ('step = "move"', 'step = "move"\nordered = [42]', "position.ordered"),
    ('{ type = "h_gf_bow", hex = "D4"', '{ type = "h_gf_bow", hex = "D4", id = 0', "units[1].id"),
    ('"h_rf_sword@E6"', '{ type = "h_rf_sword", hex = "E6", rush_target = "F4" }',
     "rush_target"),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "named"), BAD_FIELDS)
def test_a_bad_field_of_a_whole_state_is_one_clear_error(old: str, new: str, named: str) -> None:
    assert old in FULL
    with pytest.raises(PositionError) as caught:
        GAME.read_position(FULL.replace(old, new, 1), "bad.toml")
    message = str(caught.value)
    assert "bad.toml" in message and named in message, message
    assert "\n" not in message


def test_bl_4_4_a_battle_under_way_survives_a_position() -> None:
    """A roll read, the target's flags to take: the battle (BL-4.4), its roll and the unit
    ids it names come back."""
    text = POSITION.replace('step = "move"', 'step = "battle"')
    state = GAME.read_position(text, "battle.toml")
    state.apply("battle F4 G5")
    state.apply("roll F F B")
    assert state.battle is not None and state.decision in ("flags", "retreat")
    written = GAME.write_position(state)
    assert "[position.battle]" in written and "faces" in written
    again = GAME.read_position(written, "battle.toml")
    assert again.battle == state.battle and again.decision == state.decision
    assert sorted(map(str, again.legal_actions())) == sorted(map(str, state.legal_actions()))


BAD_BATTLES = [
    ('step = "roll"', "position.battle"),  # a roll with no battle
    ('step = "roll"\nbattle = { attacker = 0, target = 2, side = "south", kind = "melee", '
     'dice = 3 }', "position.battle"),
    ('step = "roll"\nbattle = { attacker = 0, target = 2, side = "south", kind = "melee", '
     'dice = 3, target_hex = "G5", faces = ["Q"] }', "position.battle"),
    ('step = "roll"\nbattle = { attacker = 0, target = 9, side = "south", kind = "melee", '
     'dice = 3, target_hex = "G5" }', "position.battle.target"),
    ('step = "react"\nwindow = { name = "ROLL_AFTER", side = "north", resume = "sideways" }',
     "position.window"),
]  # fmt: skip


@pytest.mark.parametrize(("step", "named"), BAD_BATTLES)
def test_a_bad_battle_in_a_position_is_one_clear_error(step: str, named: str) -> None:
    with pytest.raises(PositionError) as caught:
        GAME.read_position(POSITION.replace('step = "move"', step), "bad.toml")
    message = str(caught.value)
    assert "bad.toml" in message and named in message, message
    assert "\n" not in message


def test_the_example_of_docs_battlelore_md_reads() -> None:
    """The whole-state example of docs/battlelore.md ("Positions and the analysis"), after
    A01's adventure and units."""
    from bitva.games.battlelore.catalogue.load import load_catalogue
    from bitva.games.battlelore.position.file import Position, build_field, write_position
    from tests.conftest import ROOT

    doc = (ROOT / "docs" / "battlelore.md").read_text(encoding="utf-8")
    section = doc[doc.index("### Positions and the analysis") :]
    start = section.index("```toml\n") + len("```toml\n")
    example = section[start : section.index("```", start)]
    a01 = load_catalogue().adventures["A01"]
    head = write_position(Position(a01, build_field(a01, {}), 2, "move"))
    state = GAME.read_position(head[: head.index("[position]")] + example, "docs.toml")
    assert (state.decision, state.current_player, state.turn) == ("order", 2, 5)
    assert state.banners == [2, 1] and sum(state.deck.values()) == 29
    assert state.last_orders[1] is not None and state.last_orders[2] is None
    assert any(str(a).startswith("order ") for a in state.legal_actions())
