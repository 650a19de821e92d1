"""Issue 23: the research interface of Lords of War: stable integer codes, the declared code
space, masks, the observation tensor, information states, the game length and the utility range
(docs/research/lords-of-war.md)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from bitva.core import get_game
from bitva.core.rng import Rng
from bitva.games.lords_of_war import static as static_module
from bitva.games.lords_of_war.actions import Dealt, Place, code_space
from bitva.games.lords_of_war.catalogue import load_army
from bitva.games.lords_of_war.mat import make_mat
from bitva.games.lords_of_war.observation import PLANE_NAMES, PLANES, layout
from bitva.games.lords_of_war.state import LordsOfWarState
from bitva.games.lords_of_war.static import INLINE_SLOTS, catalogue_order, kind_slots
from tests.lords_of_war.helpers import card, play, position

GAME = get_game("lords-of-war")

RULE_SETS: dict[str, dict[str, Any]] = {
    "basic": {},
    "advanced": {"advanced": True, "armies": "dwarves,elves"},
    "cavalry": {"cavalry": True, "armies": "lizardmen,orcs"},
    "berserkers": {"berserkers": True, "armies": "orcs,dwarves"},
    "borderless": {"borderless": True, "armies": "elves,lizardmen"},
}


def mercenary_decks() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Two LW-10.4 decks: the orcs' and the lizardmen's core decks with each seat's recruits
    and regulars swapped for the elves' and dwarves' (same ranks, so LW-1.1 holds)."""

    def swapped(army: str, donor: str) -> tuple[str, ...]:
        donors = {c.rank: c.ref for c in load_army(donor).cards}
        return tuple(
            donors[c.rank] if c.rank in ("recruit", "regular") else c.ref
            for c in load_army(army).deck()
        )

    return swapped("orcs", "elves"), swapped("lizardmen", "dwarves")


ARMY_SETS: list[dict[str, Any]] = [
    {"armies": "orcs,dwarves"},
    {"armies": "elves,lizardmen"},
    {"armies": "dwarves,orcs"},
    {"armies": "lizardmen,lizardmen", "advanced": True},
    {"decks": mercenary_decks()},
]


def playout(options: dict[str, Any], seed: int, steps: int = 10_000) -> list[LordsOfWarState]:
    """Every state of a random game on the fast path (chance from the state's own RNG)."""
    state = GAME.new(options, seed)
    assert isinstance(state, LordsOfWarState)
    rng = Rng(seed)
    states = [state.clone()]
    while state.outcome is None and len(states) <= steps:
        if state.is_chance:
            state.apply_code(state.sample_chance_code(state.rng))
        else:
            codes = state.legal_codes()
            state.apply_code(codes[rng.below(len(codes))])
        states.append(state.clone())
    return states


# -- 1. the code space -------------------------------------------------------------------------
def test_issue_23_code_space_is_declared_from_the_options_without_a_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """num_action_codes(options) depends on the mat only and builds no game: 2 + 10n + 2Kn + 2K
    with n grid squares and K card slots (105 catalogue cards + 36 inline slots)."""
    assert len(catalogue_order()) == 105
    assert kind_slots() == 105 + INLINE_SLOTS
    expected = code_space(make_mat(False).num_squares, kind_slots())
    assert expected == 2 + 10 * 49 + 2 * 141 * 49 + 2 * 141 == 14_592

    def no_static(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("num_action_codes built a game")

    with monkeypatch.context() as patch:
        patch.setattr(static_module.Static, "build", no_static)
        assert GAME.num_action_codes() == expected
        assert GAME.num_action_codes({"armies": "elves,lizardmen"}) == expected
        assert GAME.num_action_codes(GAME.options({"advanced": True})) == expected
        assert GAME.num_action_codes({"borderless": True}) == code_space(
            make_mat(True).num_squares, kind_slots()
        )
    for options in ARMY_SETS:
        state = GAME.new(options, 1)
        assert isinstance(state, LordsOfWarState)
        assert state.static.codec.size() == GAME.num_action_codes(options) == expected


# -- 2. one code, one action, whatever the armies -----------------------------------------------
def test_issue_23_every_code_decodes_to_the_same_text_in_games_with_different_armies() -> None:
    """The whole code space of five games (core armies, swapped seats, mercenary decks): where
    two games decode a code, they decode it to the same action text. Catalogue codes decode in
    every game, also for a card the game does not hold."""
    size = GAME.num_action_codes()
    inline_codes = set()
    codec = GAME.new({}, 0).static.codec
    for seat in (1, 2):
        for g in range(len(catalogue_order()), kind_slots()):
            inline_codes.add(codec.deal_base + (seat - 1) * kind_slots() + g)
            block = codec.place_base + ((seat - 1) * kind_slots() + g) * codec.n
            inline_codes.update(range(block, block + codec.n))
    texts: list[list[str]] = []
    for options in ARMY_SETS:
        state = GAME.new(options, 0)
        texts.append(
            ["" if code in inline_codes else str(state.decode_action(code)) for code in range(size)]
        )
    for other in texts[1:]:
        assert other == texts[0]


def test_issue_23_legal_codes_of_played_games_mean_the_same_action_across_armies() -> None:
    """Codes met in random games of different armies (legal actions and chance outcomes, with
    the seat that owns them): no code ever stands for two texts."""
    meaning: dict[int, str] = {}
    for options in ARMY_SETS:
        for seed in range(3):
            for state in playout(options, seed, steps=400):
                if state.outcome is not None:
                    continue
                for code in state.legal_codes():
                    text = str(state.decode_action(code))
                    assert meaning.setdefault(code, text) == text, (code, options)
    place_codes = [c for c, t in meaning.items() if "@" in t]
    deal_codes = [c for c, t in meaning.items() if t.startswith("deal ")]
    assert len(place_codes) > 200 and len(deal_codes) > 50


def test_issue_23_a_card_has_its_catalogue_slot_in_every_game() -> None:
    """Placement code = place_base + ((seat-1)*K + g)*n + square, deal code = deal_base +
    (seat-1)*K + g, g the card's slot in catalogue_order() (armies alphabetical, file order)."""
    order = catalogue_order()
    assert [c.army for c in order[:31]] == ["dwarves"] * 31
    assert order[31].army == "elves" and order[-1].army == "orcs"
    k = kind_slots()
    for armies in ("orcs,dwarves", "dwarves,orcs", "elves,orcs"):
        state = GAME.new({"armies": armies}, 2)
        codec = state.static.codec
        n = codec.n
        for seat in (1, 2):
            for kind, c in enumerate(state.static.kinds[seat]):
                g = order.index(c)
                square = 17
                code = codec.place(seat, kind, square)
                assert code == codec.place_base + ((seat - 1) * k + g) * n + square
                assert codec.placed(code) == (seat, kind, square)
                assert codec.deal(seat, kind) == codec.deal_base + (seat - 1) * k + g
                assert codec.dealt(codec.deal(seat, kind)) == (seat, kind)
                assert codec.action(code) == Place(c.ref, make_mat(False).name(square))
                assert codec.action(codec.deal(seat, kind)) == Dealt(c.ref)


def test_issue_23_inline_cards_of_a_position_take_the_inline_slots() -> None:
    """An inline card (section 14) is no catalogue card: it takes the seat's first inline slot,
    and its codes round-trip within the position's game."""
    state = position(
        board={"d4": (2, "Marauder*"), "e4": (2, "Dwarf Slugger#1")},
        hands={1: ["Orc Deathbringer#1", "Blob*"]},
        cards={
            "Marauder*": card("veteran", "infantry", 4, front=1),
            "Blob*": card("recruit", "infantry", 1, front=1),
        },
    )
    codec = state.static.codec
    base = len(catalogue_order())
    slots = dict(zip((c.ref for c in state.static.kinds[1]), codec.slots[1], strict=True))
    assert slots["Blob*"] == base
    assert slots["Orc Deathbringer#1"] == catalogue_order().index(
        next(c for c in catalogue_order() if c.ref == "Orc Deathbringer#1")
    )
    assert (
        dict(zip((c.ref for c in state.static.kinds[2]), codec.slots[2], strict=True))["Marauder*"]
        == base
    )
    size = GAME.num_action_codes(state.options)
    for code in state.legal_codes():
        assert 0 <= code < size
        assert state.encode_action(state.decode_action(code)) == code
    assert "Blob*@d3" in {str(a) for a in state.legal_actions()}
    play(state, "Orc Deathbringer#1@d3")
    assert state.legal_mask().shape == (size,)


# -- 3. round trips, masks, shapes, determinization ---------------------------------------------
@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_issue_23_codes_masks_and_observations_over_random_games(rules: str) -> None:
    """Over random games of each rule set: every legal code (and chance outcome) decodes to an
    action that encodes back to it and whose text parses back to it; the mask is 1 exactly at
    the legal codes; the observation keeps its declared shape and dtype for both seats and a
    spectator, and is the same for a seat after any determinization for that seat (as is its
    information state string)."""
    options = RULE_SETS[rules]
    size = GAME.num_action_codes(options)
    shape = GAME.observation_shape(options)
    steps = 60 if rules == "borderless" else 400
    for seed in range(2):
        states = playout(options, seed, steps=steps)
        assert len(states) - 1 <= GAME.max_game_length(options)
        for index, state in enumerate(states):
            codes = state.legal_codes()
            assert all(0 <= c < size for c in codes)
            mask = state.legal_mask()
            assert mask.shape == (size,) and mask.dtype == np.int8
            assert np.flatnonzero(mask).tolist() == sorted(codes)
            for code in codes:
                action = state.decode_action(code)
                assert state.encode_action(action) == code
                assert state.encode_action(state.parse_action(str(action))) == code
            if index % 7 and state.outcome is None:
                continue
            for seat in (1, 2, None):
                obs = state.observation_tensor(seat)
                assert obs.shape == shape and obs.dtype == np.float32
            for seat in (1, 2):
                twin = state.determinize(seat, Rng(seed * 1000 + index))
                assert np.array_equal(twin.observation_tensor(seat), state.observation_tensor(seat))
                assert twin.information_state_string(seat) == state.information_state_string(seat)


def test_issue_23_observation_sees_the_other_seats_hidden_hand_only_through_its_view() -> None:
    """Two states that differ only in the opponent's unknown hand give seat 1 the same
    observation, and seat 2 different ones (its own hand is in its observation)."""
    state = playout({}, 4, steps=40)[-1]
    twins = [state.determinize(1, Rng(seed)) for seed in range(8)]
    twin = next(t for t in twins if sorted(t.hand[2]) != sorted(state.hand[2]))
    assert np.array_equal(state.observation_tensor(1), twin.observation_tensor(1))
    assert state.information_state_string(1) == twin.information_state_string(1)
    lay = layout(False)
    hand = lay.block("my hand")
    assert state.observation_tensor(2)[hand].sum() == len(state.hand[2])
    assert not np.array_equal(state.observation_tensor(2)[hand], twin.observation_tensor(2)[hand])
    assert state.information_state_string(2) != twin.information_state_string(2)


def test_issue_23_observation_planes_hold_the_units_in_the_board_frame() -> None:
    """A player-2 unit's front arrow points at lower rows (LW-2.3): its value lies on the
    'arrow toward board back' plane; a player-1 unit's front arrow on 'arrow toward board
    front'. Sides are relative to the observer."""
    state = position(
        board={"d4": (2, "Marauder*"), "b2": (1, "Orc Deathbringer#1")},
        hands={1: ["Goblin Shanker#1"]},
        cards={"Marauder*": card("veteran", "infantry", 4, front=1, front_left=2)},
    )
    lay = layout(False)
    planes = state.observation_tensor(1)[: lay.plane_size].reshape(PLANES, lay.height, lay.width)
    mat = state.static.mat

    def at(name: str, square: str) -> float:
        x, y = mat.coords(mat.parse(square))
        row, col = divmod(mat.index(x, y), lay.width)
        return float(planes[PLANE_NAMES.index(name), row, col])

    assert at("theirs: occupied", "d4") == 1 and at("mine: occupied", "d4") == 0
    assert at("theirs: arrow toward board back", "d4") == 1  # its front
    assert at("theirs: arrow toward board back-right", "d4") == 2  # its front-left
    assert at("theirs: defence", "d4") == 4
    assert at("mine: occupied", "b2") == 1
    assert at("mine: arrow toward board front", "b2") == 5  # Orc Deathbringer#1: front 5
    assert at("mine: class berserk", "b2") == 1 and at("mine: class infantry", "b2") == 0
    assert at("on the mat", "a1") == 1
    seen_by_2 = state.observation_tensor(2)[: lay.plane_size].reshape(PLANES, -1)
    assert seen_by_2[PLANE_NAMES.index("mine: occupied")].sum() == 1  # Marauder*
    scalars = state.observation_tensor(1)
    assert scalars[lay.block("my hand")].sum() == 1
    assert scalars[lay.block("phase")].tolist() == [0, 0, 1, 0, 0, 0, 0, 0]  # deploy
    assert scalars[lay.block("who acts")].tolist() == [1, 1, 0, 0]


# -- 4. game length and utilities ---------------------------------------------------------------
def test_issue_23_no_finite_game_length_exists_two_players_can_repeat_a_position() -> None:
    """LW-6.3 + LW-9.1b: each player places a support unit beside a friend and recalls the other
    one; after two turns each, the position (board, hands, decks, piles, whose turn) is the one
    of two turns before, so the line repeats forever and max_game_length is a horizon, not a
    bound (LW-8.3 ends only games without placements)."""
    state = position(
        board={
            "a1": (1, "Gonke Longtooth"),
            "a2": (1, "Goblin Spikeman#1"),
            "f7": (2, "Krod Klouthammer"),
            "f6": (2, "Dwarf Impaler#1"),
        },
        hands={1: ["Goblin Spikeman#2", "Orc Butcher"], 2: ["Dwarf Impaler#2", "Dwarf Slugger#1"]},
    )

    def where(s: LordsOfWarState) -> str:
        data = s.to_json()
        for key in ("rng", "turn"):  # the RNG drives a game and the turn counter only counts
            data.pop(key)
        data["hand"] = {seat: sorted(hand) for seat, hand in data["hand"].items()}
        return repr(sorted(data.items()))

    cycle = [
        ("Goblin Spikeman#2@b1", "recall a2"),
        ("Dwarf Impaler#2@e7", "recall f6"),
        ("Goblin Spikeman#1@a2", "recall b1"),
        ("Dwarf Impaler#1@f6", "recall e7"),
    ]
    seen = []
    for _ in range(4):
        for placement, recall in cycle:
            play(state, placement, recall)
            assert state.outcome is None
        seen.append(where(state))
    # after the first round each recalled card is known to the opponent (LW-9.1b); from then on
    # the position repeats
    assert seen[1] == seen[2] == seen[3]
    assert GAME.max_game_length() == 10_000


def test_issue_23_random_games_stay_far_below_the_horizon_and_returns_in_range() -> None:
    low, high = GAME.utility_range()
    assert (low, high) == (-1.0, 1.0)
    longest = 0
    for options in (*RULE_SETS.values(), *ARMY_SETS):
        if options.get("borderless"):
            continue
        for seed in range(3):
            states = playout(options, seed)
            final = states[-1]
            assert final.outcome is not None
            assert all(low <= r <= high for r in final.outcome.returns)
            longest = max(longest, len(states) - 1)
    assert longest * 20 < GAME.max_game_length()


# -- 5. the documentation ------------------------------------------------------------------------
def test_issue_23_the_doc_gives_the_codes_and_the_layout_the_code_uses() -> None:
    """docs/research/lords-of-war.md: the sizes, the first code of each block and the offset and
    length of every scalar block are the code's."""
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs/research/lords-of-war.md").read_text()
    codec = GAME.new({}, 0).static.codec
    assert f"**{GAME.num_action_codes():,}**" in text
    assert f"**({GAME.observation_shape()[0]},)**" in text
    for base in (codec.shoot_base, codec.berserk_base, codec.place_base, codec.deal_base):
        assert f"= {base:,} |" in text or f"= {base} |" in text
    lay = layout(False)
    rows = [
        line.split("|")[1:3]
        for line in text.splitlines()
        if line.startswith("| ")
        and line.split("|")[1].strip().isdigit()
        and int(line.split("|")[1]) >= lay.plane_size
    ]
    documented = [(int(a), int(b)) for a, b in rows]
    assert documented == [(lay.plane_size + start, n) for _, start, n in lay.blocks]
    assert f"| {PLANES - 1} |" in text
