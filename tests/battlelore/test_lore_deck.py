"""The Lore deck as chance (BL-14.3, D-35; docs/battlelore.md, "The Lore deck as chance"): the
cards boxed at set-up are chance seen by nobody, the deck is then a known multiset drawn by
count, the unkept opening cards are certainly in it, an empty deck is rebuilt from the
discards, and each seat's returned cards are followed until it may have seen them again."""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

from bitva.core import Rng
from bitva.games.battlelore.catalogue.load import load_catalogue
from bitva.games.battlelore.game import GAME
from bitva.games.battlelore.lore import deck as lore_deck
from bitva.games.battlelore.lore.council import SCHOOLS, lore_deck_composition, school_piles
from bitva.games.battlelore.lore.deck import LORE_IDS, SCHOOL_OF
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import play

PILES = school_piles(load_catalogue().lore.values())


def to_boxing(seed: int = 3) -> BattleLoreState:
    """A02 after the Command hands: the first `box` chance node."""
    state = GAME.new({"adventure": "A02"}, seed)
    rng = Rng(seed)
    while state.decision == "deal":
        state.apply(state.sample_chance(rng))
    return state


def after_keeps(seed: int) -> BattleLoreState:
    """A02 at the first turn's Command card: the cards boxed, dealt and kept (random keeps)."""
    state = to_boxing(seed)
    rng = Rng(seed)
    while state.decision != "command":
        state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(texts(state)))
    return state


def texts(state: BattleLoreState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def names_a_lore_card(data: object) -> bool:
    text = json.dumps(data)
    return any(card in text for card in LORE_IDS)


def test_bl_14_3_boxed_cards_are_chance_seen_by_nobody() -> None:
    state = to_boxing()
    assert state.decision == "lore-box" and state.current_player == -1
    # the first box: a card of the first school with cards to box (cleric), by copies left
    cleric = Counter(PILES["cleric"])
    expected = [
        (f"box {card}", Fraction(cleric[card], len(PILES["cleric"])))
        for card in LORE_IDS
        if card in cleric
    ]
    assert [(str(a), p) for a, p in state.chance_outcomes()] == expected
    assert sum(p for _, p in expected) == 1
    rng = Rng(7)
    while state.decision == "lore-box":
        events = state.play(state.sample_chance(rng))
        assert events == []  # no event, so no seat's log names a boxed card
        for seat in (None, 1, 2):
            assert not names_a_lore_card(state.view(seat))
    assert not state.is_chance or state.decision == "lore-deal"
    taken = lore_deck_composition(*state.councils)  # A02, T-34: 14 + 8 + 8 + 5 = 35
    assert lore_deck.size(state) == 35
    for school in SCHOOLS:
        boxed = sum(n for card, n in state.lore_boxed.items() if SCHOOL_OF[card] == school)
        assert boxed == len(PILES[school]) - taken[school]
    boxed_cards = Counter(state.lore_boxed)
    assert Counter(state.lore_deck) + boxed_cards == Counter(c for p in PILES.values() for c in p)
    while state.current_player is not None and state.turn < 6:  # boxed cards never come out
        state.play(
            state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        )
        assert Counter(state.lore_boxed) == boxed_cards


def test_bl_14_3_a_box_outcome_is_judged_like_a_draw() -> None:
    state = to_boxing()
    assert state.check(state.parse_action("box WZ01")) is not None  # cleric is boxed first
    assert state.check(state.parse_action("box CL01")) is None
    assert state.check(state.parse_action("keep CL01")) is not None


def test_bl_14_3_unkept_cards_are_certainly_in_the_deck() -> None:
    """After the opening keep each card a side put back is in the deck for sure: the next draw
    takes it with exactly its copies in the deck over the deck's size (the piles model gave a
    cleric card put back 7/14 of that), and no determinization boxes it."""
    for seed in range(6):
        state = after_keeps(seed)
        returned = Counter(state.lore_returned[0]) + Counter(state.lore_returned[1])
        assert sum(returned.values()) == 4  # A02: each side keeps 2 of its 4
        assert returned <= Counter(state.lore_deck)
        size = lore_deck.size(state)
        assert size == 31
        odds = dict(lore_deck.odds(state))
        for card in returned:
            assert odds[card] == Fraction(state.lore_deck[card], size)
        for seat in (1, 2):
            for k in range(10):
                other = state.determinize(seat, Rng(k))
                assert Counter(state.lore_returned[seat - 1]) <= Counter(other.lore_deck)


def test_bl_14_3_a_returned_card_is_counted_on_until_its_seat_may_have_seen_it() -> None:
    """South put back CL03: drawing a CL03 from the first deck, or seeing North show one, may
    be that very copy, so South no longer counts on one out of the box."""
    state = after_keeps(0)
    south = state.lore_returned[0]
    card = south[0]
    from bitva.games.battlelore import origins

    drew = state.clone()
    drew.lore_deal_to = [1]
    drew.phase = "lore-deal"
    play(drew, f"lore-deal {card}")
    assert Counter(drew.lore_returned[0]) == Counter(south) - Counter([card])
    shown = state.clone()
    shown.lore_hands[2] = [*shown.lore_hands[2], card]
    origins.lore_let_go(shown, 2, card)
    assert Counter(shown.lore_returned[0]) == Counter(south) - Counter([card])
    assert shown.lore_returned[1] == state.lore_returned[1]  # North's own card: nothing new


def test_d_35_an_empty_deck_is_rebuilt_from_the_discards_and_drawn_by_count() -> None:
    state = after_keeps(1)
    boxed = dict(state.lore_boxed)
    state.lore_deck = {}
    state.lore_discard = ["WZ05", "CL02", "WZ05"]
    state.lore_deal_to = [1]
    assert lore_deck.rebuild_if_empty(state)
    assert state.lore_deck == {"WZ05": 2, "CL02": 1} and state.lore_discard == []
    state.phase = "lore-deal"
    assert {str(a): p for a, p in state.chance_outcomes()} == {
        "lore-deal CL02": Fraction(1, 3),
        "lore-deal WZ05": Fraction(2, 3),
    }
    assert state.lore_boxed == boxed and state.lore_origins.rebuilds == 1
    empty = after_keeps(1)
    empty.lore_deck, empty.lore_discard = {}, []
    assert not lore_deck.rebuild_if_empty(empty)  # BL-13.8: as far as it goes


def test_bl_14_1_the_intro_deck_boxes_every_card_but_the_wizards() -> None:
    state = GAME.new({"adventure": "A02", "councils": "intro"}, 4)
    rng = Rng(4)
    while state.decision in ("deal", "lore-box"):
        state.apply(state.sample_chance(rng))
    assert Counter(state.lore_deck) == Counter(PILES["wizard"])
    assert sum(state.lore_boxed.values()) == 45


def test_bl_14_3_a_saved_game_keeps_the_deck_the_box_and_the_returned_cards() -> None:
    from bitva.games.battlelore.deserialize import state_from_json

    state = after_keeps(2)
    again = state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.lore_deck == state.lore_deck and again.lore_boxed == state.lore_boxed
    assert again.lore_returned == state.lore_returned
    assert again.lore_to_box == state.lore_to_box
    booting = to_boxing()
    assert state_from_json(booting.to_json()).chance_outcomes() == booting.chance_outcomes()


def test_bl_14_3_a_card_put_back_is_never_among_the_other_sides_opening_cards() -> None:
    """South kept and put 2 back while North still holds its 4 opening cards, dealt before:
    South's search finds South's cards in the deck, never in North's hand, nor boxed."""
    for seed in range(4):
        state = to_boxing(seed)
        rng = Rng(seed)
        while not (state.decision == "keep-lore" and state.current_player == 2):
            state.apply(state.sample_chance(rng) if state.is_chance else rng.choice(texts(state)))
        returned = Counter(state.lore_returned[0])
        assert sum(returned.values()) == 2 and len(state.lore_drawn[2]) == 4
        for k in range(30):
            other = state.determinize(1, Rng(k))
            assert returned <= Counter(other.lore_deck)
            assert other.view(1) == state.view(1)
