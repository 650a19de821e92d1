"""BattleLore's research interface (issue 23): dense action codes declared from the options, the
observation tensor from a seat's view, perfect-recall information states, the length horizon
and the utility range (docs/research/battlelore.md)."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from bitva.core.rng import Rng
from bitva.games.battlelore import codes
from bitva.games.battlelore.actions import Move, PlayLore, parse
from bitva.games.battlelore.field.model import FACES
from bitva.games.battlelore.game import GAME, HORIZON
from bitva.games.battlelore.lore.council import SEATS
from bitva.games.battlelore.lore.deck import LORE_IDS
from bitva.games.battlelore.observation import DECISIONS, PLANE_NAMES, SCALAR_NAMES, WINDOWS
from bitva.games.battlelore.state import BattleLoreState
from bitva.games.battlelore.turn.command import CARD_IDS

ADVENTURES = ("A01", "A02", "A03", "A04")
DOC = Path(__file__).resolve().parents[2] / "docs" / "research" / "battlelore.md"
EVERY = 97  # every EVERY-th state of a playout is kept for the slower checks


class Playout:
    """One random game to its end: its length, every (code, text) of every legal action and
    chance outcome met, and a sample of its states."""

    def __init__(self, adventure: str, seed: int) -> None:
        self.adventure = adventure
        state = GAME.new({"adventure": adventure}, seed)
        rng = Rng(seed + 1)
        self.meaning: dict[int, str] = {}
        self.states: list[BattleLoreState] = []
        self.steps = 0
        while state.outcome is None:
            choices = (
                [a for a, _ in state.chance_outcomes()]
                if state.is_chance
                else state.legal_actions()
            )
            for action in choices:
                code = state.encode_action(action)
                text = str(action)
                assert self.meaning.setdefault(code, text) == text, (code, text)
            if self.steps % EVERY == 0:
                self.states.append(state.clone())
            if state.is_chance:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(choices[rng.next_u64() % len(choices)])
            self.steps += 1
        self.states.append(state)


@cache
def playout(adventure: str) -> Playout:
    return Playout(adventure, {"A01": 3, "A02": 5, "A03": 7, "A04": 11}[adventure])


# -- 1. dense codes ------------------------------------------------------------------------------
def test_issue_23_the_dense_codes_fit_a_policy_head_and_are_the_same_for_every_adventure() -> None:
    """Every verb's block holds only word combinations the rules allow: 49,493 codes, for
    every adventure and every option (the 13.8 billion mixed-radix codes are gone, and so is
    the tail of multi-unit plays: Forced March's and Stealth's units are chosen one at a time,
    `add HEX`)."""
    assert codes.NUM_CODES == 49_493 <= 100_000
    for adventure in ADVENTURES:
        for councils in ("adventure", "intro", "custom"):
            options = {"adventure": adventure, "councils": councils}
            assert GAME.num_action_codes(options) == codes.NUM_CODES
    assert codes.START["add"] == 49_380 and codes.NUM_CODES - 49_380 == 113  # one hex block


def test_issue_23_a_multi_unit_play_names_its_first_unit_then_adds_one_at_a_time() -> None:
    """BL-13.4 (`lore/several.py`): `lore WR05 F4` is in the card's one-hex run, each further
    unit an `add HEX`; a format-3 play of several units has no code (records migrate)."""
    first = codes.encode(PlayLore("WR05", ("F4",)))
    assert codes.START["lore WR05"] <= first < codes.START["lore WR06"]
    assert codes.decode(codes.encode(parse("add G5"))) == parse("add G5")
    for words in (("F4", "A1"), ("C3", "B2", "A1")):
        with pytest.raises(Exception, match="no action the rules allow"):
            codes.encode(PlayLore("WR05", words))


def test_issue_23_every_code_decodes_and_encodes_back() -> None:
    for code in range(codes.NUM_CODES):
        assert codes.encode(codes.decode(code)) == code
    with pytest.raises(Exception, match="no action has the code"):
        codes.decode(codes.NUM_CODES)


@pytest.mark.parametrize(
    "text",
    ["move A1 G1", "battle A1 G1", "rush A1 D1 at E1", "lore WZ06 A1 F1", "lore RG03 A1 C1"],
)
def test_issue_23_actions_the_rules_never_allow_have_no_code(text: str) -> None:
    """D-5: no unit moves 6 hexes; D-8: no weapon reaches 6; BL-10.4: a rush moves at most 2;
    WZ06: Teleport reaches 4 at level 3; RG03: Sidestep steps 1 hex."""
    with pytest.raises(Exception, match="no action the rules allow"):
        codes.encode(parse(text))
    assert codes.MOVE_REACH == 5 and codes.BATTLE_REACH == 5
    assert codes.encode(Move("A1", "F1")) < codes.NUM_CODES


@pytest.mark.parametrize("adventure", ADVENTURES)
def test_issue_23_every_legal_action_of_a_random_game_has_a_stable_code(adventure: str) -> None:
    """Every legal action and chance outcome met in a random game encodes inside the declared
    space, decodes back to itself, and one code never names two texts."""
    game = playout(adventure)
    size = GAME.num_action_codes({"adventure": adventure})
    assert game.meaning and all(0 <= code < size for code in game.meaning)
    for code, text in game.meaning.items():
        assert str(codes.decode(code)) == text


def test_issue_23_codes_mean_the_same_in_every_adventure() -> None:
    meaning: dict[int, str] = {}
    for adventure in ADVENTURES:
        for code, text in playout(adventure).meaning.items():
            assert meaning.setdefault(code, text) == text, (adventure, code, text)
    assert len(meaning) > 1000


@pytest.mark.parametrize("adventure", ADVENTURES)
def test_issue_23_the_legal_mask_is_the_legal_codes(adventure: str) -> None:
    for state in playout(adventure).states:
        mask = state.legal_mask()
        assert mask.dtype == np.int8 and mask.shape == (codes.NUM_CODES,)
        assert int(mask.sum()) == len(state.legal_codes())
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(set(state.legal_codes()))


# -- 2. the observation --------------------------------------------------------------------------
@pytest.mark.parametrize("adventure", ADVENTURES)
def test_issue_23_the_observation_keeps_one_shape_and_comes_from_the_view(adventure: str) -> None:
    shape = GAME.observation_shape({"adventure": adventure})
    assert shape == GAME.observation_shape(None) == (len(PLANE_NAMES) * 113 + len(SCALAR_NAMES),)
    for state in playout(adventure).states:
        for seat in (None, 1, 2):
            tensor = state.observation_tensor(seat)
            assert tensor.dtype == np.float32 and tensor.shape == shape
            assert np.isfinite(tensor).all() and tensor.min() >= 0.0 and tensor.max() <= 6.0
            view = state.view(seat)
            assert np.array_equal(tensor, GAME.observation_from_view(view, seat, state.options))


def test_issue_23_the_observation_shows_the_units_and_the_own_hand_only() -> None:
    state = playout("A04").states[3]
    tensor = state.observation_tensor(1).reshape(-1)
    planes = tensor[: len(PLANE_NAMES) * 113].reshape(len(PLANE_NAMES), 113)
    mine = planes[PLANE_NAMES.index("mine unit")]
    theirs = planes[PLANE_NAMES.index("theirs unit")]
    units = state.view(1)["units"]
    assert mine.sum() == sum(u["side"] == 1 for u in units)
    assert theirs.sum() == sum(u["side"] == 2 for u in units)
    scalars = tensor[len(PLANE_NAMES) * 113 :]
    hand = [
        i
        for i, n in enumerate(SCALAR_NAMES)
        if n.startswith("mine command hand ") and n.split()[-1] in CARD_IDS
    ]
    assert round(float(scalars[hand].sum()) * 10) == len(state.hands[1])
    # the same state seen by North: its own hand, South's only as a count
    north = state.observation_tensor(2)[len(PLANE_NAMES) * 113 :]
    assert round(float(north[hand].sum()) * 10) == len(state.hands[2])


@pytest.mark.parametrize("adventure", ["A02", "A04"])
def test_issue_23_observations_and_information_states_survive_determinization(
    adventure: str,
) -> None:
    """No leak: for each seat, every determinization for it (the other's cards dealt anew)
    gives the same observation and the same information state string."""
    for k, state in enumerate(playout(adventure).states):
        if state.outcome is not None:
            continue
        for seat in (1, 2):
            tensor, text = state.observation_tensor(seat), state.information_state_string(seat)
            other = state.determinize(seat, Rng(k * 7 + seat))
            assert np.array_equal(other.observation_tensor(seat), tensor)
            assert other.information_state_string(seat) == text


# -- 4. the information state ------------------------------------------------------------------
def test_issue_23_the_information_state_recalls_what_the_seat_saw_and_no_more() -> None:
    """Perfect recall: the history of the game as the seat saw it; the other seat's Command
    and Lore draws (BL-15.1, BL-15.2) and every boxed card (BL-14.3) are masked."""
    state = GAME.new({"adventure": "A02"}, 4)
    rng = Rng(9)
    while state.is_chance:
        state.apply(state.sample_chance(rng))
    south = state.information_state_string(1)
    north = state.information_state_string(2)
    for card in state.hands[1]:
        assert f"deal {card}" in south
    assert "deal ?" in south and "deal ?" in north
    assert not any(f"0:deal {c}" in south for c in set(state.hands[2]) - set(state.hands[1]))
    assert "box ?" in south and not re.search(r"box [A-Z]", south + north)
    # two positions with the same view but different pasts differ: the turn that was played
    before = state.information_state_string(1)
    state.apply(state.legal_actions()[0])
    assert state.information_state_string(1) != before


def test_issue_23_the_information_state_is_rendered_incrementally_and_exactly() -> None:
    """The history is rendered only since the last call, and clones share that cache: each
    state's string equals the one rendered from scratch, after its clone went another way."""
    state = GAME.new({"adventure": "A02"}, 6)
    rng = Rng(2)

    def scratch(s: BattleLoreState, seat: int) -> str:
        other = s.clone()
        other._recall = {}
        return other.information_state_string(seat)

    for step in range(400):
        if step % 37 == 0:
            sibling = state.clone()
            for _ in range(5):
                if sibling.is_chance:
                    sibling.apply(sibling.sample_chance(rng))
                else:
                    sibling.apply(sibling.legal_actions()[-1])
            for seat in (1, 2):
                assert sibling.information_state_string(seat) == scratch(sibling, seat)
                assert state.information_state_string(seat) == scratch(state, seat)
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            choices = state.legal_actions()
            state.apply(choices[rng.next_u64() % len(choices)])


# -- 3. length and returns -----------------------------------------------------------------------
@pytest.mark.parametrize("adventure", ADVENTURES)
def test_issue_23_random_games_stay_far_below_the_horizon(adventure: str) -> None:
    game = playout(adventure)
    assert GAME.max_game_length({"adventure": adventure}) == HORIZON
    assert game.steps * 5 <= HORIZON
    final = game.states[-1]
    assert final.outcome is not None
    low, high = GAME.utility_range({"adventure": adventure})
    assert all(low <= r <= high for r in final.returns()) and sorted(final.returns()) == [-1, 1]


# -- the documentation --------------------------------------------------------------------------
EXPANSIONS: dict[str, tuple[str, ...]] = {
    "{CARD}": CARD_IDS,
    "{LORE}": LORE_IDS,
    "{SEAT}": SEATS,
    "{DECISION}": DECISIONS,
    "{WINDOW}": WINDOWS,
    "{FACE}": FACES,
}


def documented(section: str) -> list[str]:
    """The names a table of the doc lists: `| first[-last] | `name {LIST}` | meaning |` rows,
    a {LIST} written out in its order, the indices checked against the rows."""
    names: list[str] = []
    for first, last, pattern in re.findall(r"^\| (\d+)(?:-(\d+))? \| `([^`]+)` \|", section, re.M):
        found = [pattern]
        for key, values in EXPANSIONS.items():
            if key in pattern:
                found = [pattern.replace(key, value) for value in values]
        assert int(first) == len(names) and int(last or first) == len(names) + len(found) - 1, (
            pattern
        )
        names += found
    return names


def test_issue_23_the_doc_names_every_plane_and_scalar_in_order() -> None:
    text = DOC.read_text(encoding="utf-8")
    planes, scalars = text.split("## Observation planes")[1].split("## Observation scalars")
    scalars = scalars.split("\n## ")[0]
    assert documented(planes) == list(PLANE_NAMES)
    assert documented(scalars) == list(SCALAR_NAMES)


def test_issue_23_random_lore_games_choose_units_one_at_a_time() -> None:
    """The A02/A04 playouts meet `add HEX` (BL-13.4, `lore/several.py`), and no legal action
    names more than one unit of Forced March or Stealth."""
    met = {text for adventure in ("A02", "A04") for text in playout(adventure).meaning.values()}
    assert any(text.startswith("add ") for text in met)
    several = [t for t in met if t.startswith(("lore WR05", "lore RG05"))]
    assert several and all(len(t.split()) == 3 for t in several)
