"""Determinizations deal each hidden card from the deck it was drawn from (D-35: the Lore deck
rebuilt from its discards; BL-15.1: the Command deck reshuffled from its discards), conserve every
card, and never change what the observing seat sees (BL-12.1, BL-14.6: hands and councils are
secret). The states come from seeded random games of A02, which rebuild both decks early."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache

from bitva.core import Rng
from bitva.games.battlelore.catalogue.load import load_catalogue
from bitva.games.battlelore.game import GAME
from bitva.games.battlelore.lore.council import lore_deck_composition, school_piles
from bitva.games.battlelore.lore.deck import SCHOOL_OF
from bitva.games.battlelore.origins import Origins
from bitva.games.battlelore.state import BattleLoreState
from bitva.games.battlelore.turn.command import DECK
from tests.battlelore.engine_helpers import scene

ALL_LORE: Counter[str] = Counter(
    card for pile in school_piles(load_catalogue().lore.values()).values() for card in pile
)
REDEALS = 12


def schools(cards: dict[str, int]) -> Counter[str]:
    out: Counter[str] = Counter()
    for card, n in cards.items():
        out[SCHOOL_OF[card]] += n
    return out


def lore_everywhere(state: BattleLoreState) -> Counter[str]:
    """Every Lore card wherever it is: hands, drawn, the deck, the boxed cards, the discards and
    the cards in play this turn."""
    cards: Counter[str] = Counter()
    for seat in (1, 2):
        cards.update(state.lore_hands[seat] + state.lore_drawn[seat])
    cards.update(state.lore_deck)
    cards.update(state.lore_boxed)
    cards.update(state.lore_discard)
    cards.update(played.card for played in state.lore_played)
    return cards


def command_everywhere(state: BattleLoreState) -> Counter[str]:
    cards: Counter[str] = Counter(state.deck)
    for seat in (1, 2):
        cards.update(state.hands[seat] + state.drawn[seat])
    cards.update(state.discard)
    if state.played is not None:
        cards[state.played] += 1
    return cards


def held(state: BattleLoreState, seat: int, lore: bool) -> list[str]:
    if lore:
        return state.lore_hands[seat] + state.lore_drawn[seat]
    return state.hands[seat] + state.drawn[seat]


def game_states(seed: int) -> Iterator[BattleLoreState]:
    """Every state of a seeded random game of A02, in order."""
    state = GAME.new({"adventure": "A02"}, seed)
    rng = Rng(seed)
    yield state
    while state.current_player is not None:
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        state.play(action)
        yield state


def mixed(state: BattleLoreState) -> bool:
    """Some seat holds Lore cards both from the first deck and from a later one."""
    first = state.lore_origins.first
    return any(0 < first[s - 1] < len(held(state, s, True)) for s in (1, 2))


@cache
def after_rebuilds(seed: int) -> tuple[BattleLoreState, ...]:
    """Copies of 8 states of one game after both decks were rebuilt, taken 5 steps apart,
    those where a seat holds Lore cards of both decks (the case D-35 makes hard) always."""
    picked: list[BattleLoreState] = []
    for n, state in enumerate(game_states(seed)):
        lore, command = state.lore_origins, state.command_origins
        if not (lore.rebuilds and command.rebuilds) or state.current_player is None:
            continue
        if mixed(state) or n % 5 == 0:
            picked.append(state.clone())
        if len(picked) == 8:
            break
    return tuple(picked)


def test_d_35_a_random_game_rebuilds_both_decks_with_mixed_hands() -> None:
    states = after_rebuilds(0) + after_rebuilds(1)
    assert len(states) == 16
    assert sum(map(mixed, states)) >= 4


def test_d_35_determinize_deals_each_hidden_lore_card_from_its_own_pile() -> None:
    """The other side's Lore cards from the first deck come back from that deck's unseen cards
    (with the boxed ones), as many of each school; those from the rebuilt deck from its cards
    left; every card of the 60 stays somewhere, once."""
    varied = Counter[str]()
    for state in after_rebuilds(0) + after_rebuilds(1):
        for seat in (1, 2):
            hidden = 3 - seat
            first, earlier, current = state.lore_origins.split(hidden, held(state, hidden, True))
            piles = Counter(state.lore_boxed)
            for k in range(REDEALS):
                other = state.determinize(seat, Rng(k))
                assert lore_everywhere(other) == ALL_LORE
                assert other.lore_origins == state.lore_origins
                assert held(other, seat, True) == held(state, seat, True)
                new_first, new_earlier, new_current = other.lore_origins.split(
                    hidden, held(other, hidden, True)
                )
                assert new_earlier == earlier
                assert Counter(new_first) + Counter(other.lore_boxed) == Counter(first) + piles
                assert Counter(SCHOOL_OF[c] for c in new_first) == Counter(
                    SCHOOL_OF[c] for c in first
                )
                assert Counter(new_current) + Counter(other.lore_deck) == Counter(
                    current
                ) + Counter(state.lore_deck)
                assert schools(other.lore_boxed) == schools(state.lore_boxed)
                varied[str(first != new_first)] += 1
    assert varied["True"] > 0  # the first deck's cards are really dealt anew


def test_d_35_a_first_deck_card_never_comes_from_the_rebuilt_deck() -> None:
    """North holds RG07 from the first deck (whose boxed rogue cards are RG01 and RG05) and
    CL02 from the rebuilt deck (WZ05 x2, CL02, WR01 left): however South's search re-deals
    them, the first stays a rogue card of the first deck, the second a rebuilt deck's card."""
    state = scene(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), lore=True)
    state.lore_boxed = {"RG01": 1, "RG05": 1}
    state.lore_deck = {"WZ05": 2, "WR01": 1}
    state.lore_hands = {1: ["WZ01"], 2: ["RG07", "CL02"]}
    state.lore_origins = Origins(1, (1, 1), (1, 1))
    firsts, currents = set(), set()
    for k in range(60):
        other = state.determinize(1, Rng(k))
        first, current = other.lore_hands[2]
        firsts.add(first)
        currents.add(current)
        assert other.view(1) == state.view(1)
    assert firsts == {"RG01", "RG05", "RG07"}
    assert currents == {"WZ05", "WR01", "CL02"}


def test_bl_15_1_determinize_keeps_command_cards_drawn_before_the_reshuffle() -> None:
    """The Command deck's discards were shuffled into a new deck: the other side's cards from
    the old deck are known to the seat (the old deck was all drawn and the rest of it seen),
    those drawn since are dealt anew with the new deck's cards left; all 40 stay, once."""
    for state in after_rebuilds(0) + after_rebuilds(1):
        for seat in (1, 2):
            hidden = 3 - seat
            origins = state.command_origins
            first, earlier, current = origins.split(hidden, held(state, hidden, False))
            for k in range(REDEALS):
                other = state.determinize(seat, Rng(k))
                assert command_everywhere(other) == Counter(DECK)
                assert held(other, seat, False) == held(state, seat, False)
                old = first + earlier
                assert held(other, hidden, False)[: len(old)] == old
                new_current = held(other, hidden, False)[len(old) :]
                assert Counter(new_current) + Counter(other.deck) == Counter(current) + Counter(
                    state.deck
                )


def test_bl_15_1_command_cards_before_any_reshuffle_come_from_the_whole_deck() -> None:
    state = scene(hands=(["SCOUT_L", "PINCER"], ["PATROL_C", "VOLLEY", "ATTACK_R"]))
    seen = set()
    for k in range(20):
        other = state.determinize(1, Rng(k))
        assert command_everywhere(other) == command_everywhere(state)
        seen.add(tuple(other.hands[2]))
    assert len(seen) > 1


def test_bl_12_1_d_35_determinize_never_changes_what_the_seat_sees() -> None:
    """Through a whole game, before and after the rebuilds: the seat's view, a spectator's view
    and the player to act are the same in every determinization."""
    for n, state in enumerate(game_states(2)):
        if n % 40 or state.current_player is None:
            continue
        for seat in (1, 2):
            for k in range(3):
                other = state.determinize(seat, Rng(k))
                assert other.view(seat) == state.view(seat)
                assert other.view(None) == state.view(None)
                assert other.current_player == state.current_player
                assert lore_everywhere(other) == lore_everywhere(state)
                assert command_everywhere(other) == command_everywhere(state)


def test_bl_14_6_a_secret_council_is_drawn_among_the_legal_ones() -> None:
    """North, before South's custom council is revealed, sees a legal council of the agreed
    total in every determinization, and its own view unchanged."""
    state = GAME.new({"adventure": "A02", "councils": "custom"}, 3)
    rng = Rng(3)
    state.play(rng.choice(state.legal_actions()))  # South chooses in secret
    assert state.decision == "council" and state.current_player == 2
    total = state.static.options.custom_levels[0]
    councils = set()
    for k in range(30):
        other = state.determinize(2, Rng(k))
        assert other.view(2) == state.view(2)
        assert sum(other.councils[0].values()) == total
        assert all(1 <= level <= 3 for level in other.councils[0].values())
        councils.add(tuple(sorted(other.councils[0].items())))
    assert len(councils) > 1
    assert state.determinize(1, Rng(0)).councils[0] == state.councils[0]  # South knows its own


Tagged = list[tuple[str, int]]


def _without(items: Tagged, gone: Counter[str]) -> Tagged:
    """`items` less the oldest copy of each card in `gone` (which is used up as it goes)."""
    out = []
    for card, tag in items:
        if gone[card]:
            gone[card] -= 1
        else:
            out.append((card, tag))
    return out


def _follow(hand: Tagged, drawn: Tagged, now: list[str], tag: int) -> Tagged:
    """The tagged cards after one step: a card gone left the cards drawn and not kept yet if
    there are any (the keep decisions discard one of those, BL-15.1, BL-15.2: a card of the
    same kind in the hand stays), else its oldest copy in the hand (whichever leaves the others
    in order); draws are appended with `tag`."""
    gone = Counter(card for card, _ in hand + drawn) - Counter(now)
    kept = hand + _without(drawn, Counter(gone))
    if [card for card, _ in kept] != now[: len(kept)]:
        kept = _without(hand, Counter(gone)) + drawn
    return kept + [(card, tag) for card in now[len(kept) :]]


def test_d_35_bl_15_1_origins_follow_every_card_through_a_game() -> None:
    """The counts agree with each held card tagged by watching the lists change (a card leaves
    by its oldest copy, a draw is appended with the rebuilds done before it): `earlier` counts
    the cards tagged before the last rebuild, `first` those tagged 0, and they lead the list."""
    for lore in (True, False):
        tagged: dict[int, tuple[Tagged, Tagged]] = {1: ([], []), 2: ([], [])}
        rebuilds = 0
        for state in game_states(4):
            origins = state.lore_origins if lore else state.command_origins
            for seat in (1, 2):
                hand = state.lore_hands[seat] if lore else state.hands[seat]
                now = held(state, seat, lore)
                follow = _follow(*tagged[seat], now, rebuilds)
                tagged[seat] = (follow[: len(hand)], follow[len(hand) :])
                tags = [tag for _, tag in follow]
                assert [card for card, _ in follow] == now or set(tags) <= {0}  # set-up's keep
                if origins.rebuilds:
                    assert tags == sorted(tags)
                    assert origins.earlier[seat - 1] == sum(t < origins.rebuilds for t in tags)
                    assert origins.first[seat - 1] == tags.count(0)
            rebuilds = origins.rebuilds
        assert rebuilds >= 1, "the game never rebuilt the deck"


def boxed_by_school(state: BattleLoreState) -> dict[str, int]:
    """BL-14.3 step 2: what each school's pile boxes (public: the councils say it)."""
    taken = lore_deck_composition(*state.councils)
    piles = school_piles(load_catalogue().lore.values())
    return {school: len(piles[school]) - taken[school] for school in piles}


def returned_possible(state: BattleLoreState, seat: int) -> bool:
    """`seat`'s returned cards are where they may be: in the first deck's cards left, or among
    the other seat's first-deck cards drawn after the opening deal (BL-14.3 step 5)."""
    other, origins = 3 - seat, state.lore_origins
    cards = held(state, other, True)
    if origins.rebuilds:
        later = Counter(cards[origins.opening[other - 1] : origins.first[other - 1]])
    else:
        later = Counter(cards[origins.opening[other - 1] :]) + Counter(state.lore_deck)
    return Counter(state.lore_returned[seat - 1]) <= later


def test_bl_14_3_d_35_every_determinization_could_be_the_case() -> None:
    """Over many seeded A02 games, before and after the rebuilds: every Lore card once, each
    school's boxed count as BL-14.3 says, no card boxed that a seat put back and counts on,
    and the seat's view unchanged; the real states keep the same invariants."""
    checked = Counter[str]()
    for seed in range(10, 18):
        for n, state in enumerate(game_states(seed)):
            if n % 60 or state.current_player is None or not state.lore_to_box:
                continue  # (the Lore deck is built after the Command hands)
            for seat in (1, 2):
                assert returned_possible(state, seat)
                for k in range(2):
                    other = state.determinize(seat, Rng(k))
                    assert lore_everywhere(other) == ALL_LORE
                    assert schools(other.lore_boxed) == Counter(boxed_by_school(state))
                    assert returned_possible(other, seat) and returned_possible(other, 3 - seat)
                    assert other.view(seat) == state.view(seat)
                    checked[str(bool(state.lore_origins.rebuilds))] += 1
                    checked["returned"] += bool(state.lore_returned[seat - 1])
    assert checked["False"] > 50 and checked["True"] > 50 and checked["returned"] > 20


def test_bl_14_3_d_35_determinize_depends_only_on_the_seats_view() -> None:
    """A state and a determinization of it look the same to the seat, so they determinize the
    same for the same RNG: the boxed cards, the deck, the other side's cards and its returned
    cards are all dealt from what the seat sees (before the rebuilds, with returned cards to
    count on, and after them)."""
    kinds = Counter[str]()
    for seed in (20, 21, 22):
        for n, state in enumerate(game_states(seed)):
            if n % 90 or state.current_player is None or not state.lore_to_box:
                continue
            for seat in (1, 2):
                twin = state.determinize(seat, Rng(n))
                one, two = state.determinize(seat, Rng(7)), twin.determinize(seat, Rng(7))
                assert one.to_json() == two.to_json()
                kinds[str(bool(state.lore_origins.rebuilds))] += 1
                kinds["returned"] += bool(state.lore_returned[seat - 1])
    assert kinds["False"] > 5 and kinds["True"] > 5 and kinds["returned"] > 3, kinds
