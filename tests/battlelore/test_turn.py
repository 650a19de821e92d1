"""The turn of a whole adventure (BL-1, section 3, BL-15, BL-16): set-up deals as chance, turns
alternate, the draw and cleanup, victory, and the integer action codes."""

from __future__ import annotations

from fractions import Fraction

from bitva.core import CHANCE, Rng
from bitva.games.battlelore.actions import parse
from bitva.games.battlelore.codes import NUM_CODES, decode, encode
from bitva.games.battlelore.game import GAME
from bitva.games.battlelore.state import BattleLoreState
from bitva.games.battlelore.turn.command import DECK
from tests.battlelore.engine_helpers import play, scene


def dealt(seed: int = 1, adventure: str = "A01") -> BattleLoreState:
    state = GAME.new({"adventure": adventure}, seed)
    state.resolve_chance(Rng(seed))
    return state


def test_section_3_setup_places_the_units_and_deals_the_hands_as_chance() -> None:
    state = GAME.new({"adventure": "A01"}, 0)
    assert state.current_player == CHANCE and state.decision == "deal"
    assert len(state.field.alive(1)) == 8 and len(state.field.alive(2)) == 8
    first = state.chance_outcomes()
    assert dict((str(a), p) for a, p in first)["deal PATROL_C"] == Fraction(4, 40)
    events = state.apply("deal PATROL_C")
    assert events[0].for_seat(2) == {"kind": "drew", "player": 1, "deck": 39}
    assert events[0].for_seat(1)["card"] == "PATROL_C"
    state.resolve_chance(Rng(0))
    assert state.decision == "command" and state.current_player == 1  # first_player south
    assert len(state.hands[1]) == 4 and len(state.hands[2]) == 4
    assert sum(state.deck.values()) == 32


def test_bl_1_1_bl_1_2_players_alternate_and_the_turn_ends_with_a_draw() -> None:
    state = dealt()
    card = state.hands[1][0]
    state.apply(f"play {card}")
    while state.current_player == 1:
        state.apply(
            "done"
            if "done" in [str(a) for a in state.legal_actions()]
            else str(state.legal_actions()[0])
        )
    assert state.decision == "deal" and state.deal_to in ([1], [1, 1])


def test_bl_15_1_an_empty_deck_is_the_shuffled_discards() -> None:
    state = scene(
        ("h_bf_sword", "B2", 1),
        ("h_bf_sword", "F9", 2),
        phase="command",
        ordered=(),
        orders=None,
        hands=(["PATROL_C"], []),
    )
    state.deck = {}
    state.discard = ["ATTACK_L", "ATTACK_L", "PINCER"]
    play(state, "play PATROL_C")
    assert state.decision == "deal" and state.discard == []
    assert state.deck == {"ATTACK_L": 2, "PINCER": 1, "PATROL_C": 1}


def test_d_34_cleanup_resets_the_units_of_the_turn() -> None:
    state = scene(("h_bf_sword", "B2", 1), ("h_bf_sword", "F9", 2), phase="move", ordered=("B2",))
    play(state, "move B2 B4", "deal PINCER")
    unit = state.unit_at("B4")
    assert (unit.ordered, unit.moved, unit.move_stopped) == (False, 0, False)
    assert state.active == 2 and state.decision == "command" and state.turn == 1


def test_bl_16_1_banners_win_even_mid_turn() -> None:
    state = scene(
        ("h_rf_sword", "F4", 1),
        ("h_rf_sword", "G4", 1),
        ("h_bf_sword", "F5", 2, 1),
        ("h_bf_sword", "G5", 2, 1),
        banners=1,
    )
    play(state, "battle F4 F5", "roll B B B B")
    assert state.outcome is not None and state.outcome.winner == 1
    assert state.current_player is None and state.decision == "over"


def test_action_codes_round_trip_for_every_verb() -> None:
    for text in ("deal PATROL_C", "roll G B F S L L", "play COUNTER_ATTACK", "order F4",
                 "order I6 pay", "free F4", "move A1 D1", "rush F7 F5 at F4", "battle F4 G5",
                 "ignore 3", "retreat E6", "battle-back", "take-ground", "pursue G6", "pass",
                 "done", "discard SCOUT_L", "roll"):  # fmt: skip
        action = parse(text)
        code = encode(action)
        assert 0 <= code < NUM_CODES and decode(code) == action and str(action) == text
    assert len(DECK) == 19 and sum(DECK.values()) == 40


def test_bl_16_1_a_side_with_no_unit_left_loses() -> None:
    state = scene(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2, 1), banners=4)
    play(state, "battle F4 F5", "roll B G G G")
    assert state.outcome is not None and state.outcome.winner == 1
    assert state.outcome.reason == "no-units" and state.banners == [1, 0]


def test_bl_3_1_a_move_follows_the_canonical_path_and_counts_its_hexes() -> None:
    state = scene(
        ("h_bm_lance", "B2", 1),
        ("h_bf_sword", "F9", 2),
        phase="move",
        ordered=("B2",),
        terrain={"B5": "river", "C5": "ford"},
    )
    assert "move B2 B5" not in [str(a) for a in state.legal_actions()]  # B5 is a river
    events = state.apply("move B2 C5")  # the ford C5 ends the move (BL-3.4)
    moved = next(e for e in events if e.kind == "moved")
    path = moved.data["path"]
    assert path[0] == "B2" and path[-1] == "C5"
    unit = state.unit_at("C5")
    assert unit.moved == len(path) - 1 == 3 and unit.move_stopped
