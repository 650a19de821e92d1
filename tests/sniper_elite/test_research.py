"""The research interface of Sniper Elite (issue 23, docs/research/sniper-elite.md): dense codes
declared before a game starts, the observation tensor, the information state string, the
maximum game length and the utility range, checked over random games of every challenge."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from bitva.core.errors import IllegalAction
from bitva.core.rng import Rng, derive_seed
from bitva.games.sniper_elite import GAME, GameState
from bitva.games.sniper_elite.actions import Draw, Order, Shoot, Tie, code_table, decode
from bitva.games.sniper_elite.catalogue import shipped_content
from bitva.games.sniper_elite.limits import max_sniper_turns, max_ties, token_limits
from bitva.games.sniper_elite.model import TOKENS
from bitva.games.sniper_elite.observation import PLANES, SCALARS, plane_size
from bitva.games.sniper_elite.options import CHALLENGES, SniperEliteOptions
from bitva.games.sniper_elite.pending import TieDraw
from tests.sniper_elite.helpers import GEO

OPTIONS: list[dict[str, Any]] = [{"challenge": c} for c in ("none", *CHALLENGES)]
# free modifiers that change the bag or stack (SE-4.7, SE-4.8) and the deck (SE-4.4)
OPTIONS.append({"modifiers": "medic-noise,marksman+,radio+,scout+"})
IDS = [o.get("challenge", "mixed") for o in OPTIONS]
SEEDS = 3
SIZE = 7323


def playout(options: dict[str, Any], seed: int) -> list[GameState]:
    """A random game played by codes (`legal_codes`, `apply_code`, chance drawn from the
    state's own RNG as an environment does): every state, the last one over."""
    state = GAME.new(options, seed)
    rng = Rng(derive_seed(seed, "research"))
    states = [state.clone()]
    while state.outcome is None:
        if state.is_chance:
            code = state.encode_action(state.sample_chance())
        else:
            code = rng.choice(state.legal_codes())
        state.apply_code(code)
        states.append(state.clone())
    return states


@cache
def games(index: int) -> tuple[tuple[GameState, ...], ...]:
    return tuple(tuple(playout(OPTIONS[index], seed)) for seed in range(SEEDS))


def every_state(index: int) -> Iterator[GameState]:
    for states in games(index):
        yield from states


def test_issue_23_the_code_space_is_declared_from_options_alone() -> None:
    """Dense codes: a few thousand, the same for every challenge and whatever form the options
    take (a model, a mapping, None), with no state built; the blocks add up to the whole."""
    table = code_table(GEO, shipped_content())
    assert table.size == SIZE == sum(table.sizes.values())
    for options in [*OPTIONS, None, {}, SniperEliteOptions(challenge="sniper")]:
        assert GAME.num_action_codes(options) == SIZE
    offsets = list(table.offsets.values())
    assert offsets == sorted(offsets) and offsets[0] == 0
    # the draw block spans exactly the tokens the bag can ever hold (limits.token_limits)
    a, n, r, s = token_limits()
    assert table.sizes["draw"] == (a + 1) * (n + 1) * (r + 1) * (s + 1)
    assert table.sizes["shoot"] == 9 * (a + n + r + s)
    assert table.sizes["tie"] == max_ties()


def test_issue_23_codes_decode_to_the_actions_of_their_block_and_back() -> None:
    """Every code of the space decodes to an action whose verb owns that block, and encodes
    back to itself; a code outside the space is refused."""
    table = code_table(GEO, shipped_content())
    verbs = sorted(table.offsets, key=table.offsets.__getitem__)
    for verb in verbs:
        start = table.offsets[verb]
        for code in range(start, start + table.sizes[verb]):
            action = decode(code, GEO, shipped_content())
            assert action.verb == verb
            assert table.codes[action] == code
    state = GAME.new({}, 0)
    for bad in (-1, SIZE):
        with pytest.raises(IllegalAction):
            state.decode_action(bad)
    with pytest.raises(IllegalAction):
        state.encode_action(Shoot("R1", table.max_draw + 1))  # more tokens than can exist


@pytest.mark.parametrize("index", range(len(OPTIONS)), ids=IDS)
def test_issue_23_codes_round_trip_and_the_mask_is_the_legal_codes(index: int) -> None:
    """Over random games of each challenge: every legal action and chance outcome has a code
    in the space, codes are distinct, decode brings the action back, and `legal_mask` is 1
    exactly at the legal codes."""
    for state in every_state(index):
        if state.outcome is not None:
            assert not state.legal_mask().any()
            continue
        actions = state.legal_actions()
        codes = state.legal_codes()
        assert all(0 <= code < SIZE for code in codes)
        assert len(set(codes)) == len(codes)
        assert [state.decode_action(code) for code in codes] == actions
        mask = state.legal_mask()
        assert mask.shape == (SIZE,) and mask.dtype == np.int8
        assert np.flatnonzero(mask).tolist() == sorted(codes)


def test_issue_23_a_code_means_the_same_action_across_challenges() -> None:
    """A code legal in a game of one challenge and in a game of another is the same action
    (read by its text): the table depends on no option."""
    meaning: dict[int, str] = {}
    for index in range(len(OPTIONS)):
        for state in every_state(index):
            if state.outcome is None:
                for action in state.legal_actions():
                    text = str(action)
                    assert meaning.setdefault(state.encode_action(action), text) == text
    assert len(meaning) > 400  # moves, shots, draws, cards, orders: the games went far


@pytest.mark.parametrize("index", range(len(OPTIONS)), ids=IDS)
def test_issue_23_games_stay_within_the_declared_limits(index: int) -> None:
    """`max_game_length` bounds every game, and the bounds it is derived from hold: the bag
    never holds more of a token than `token_limits`, no tie has more results than
    `max_ties`, no game has more sniper turns than `max_sniper_turns` (limits.py)."""
    options = OPTIONS[index]
    bound = GAME.max_game_length(options)
    rules = GAME.options(options).active
    most = token_limits()
    for states in games(index):
        assert states[-1].outcome is not None
        assert len(states) - 1 <= bound
        for state in states:
            assert all(state.core.bag[t] + state.core.health.count(t) <= m
                       for t, m in zip(TOKENS, most, strict=True))  # fmt: skip
            if isinstance(state.pending, TieDraw):
                assert len(state.pending.weights) <= max_ties()
        turns = {s.turn for s in states if s.phase == "sniper"}
        assert len(turns) <= max_sniper_turns(rules)


def test_issue_23_utility_range_is_the_solo_returns() -> None:
    """`Outcome.solo`: +1 a win, -1 a loss; every finished game's return lies in the range."""
    low, high = GAME.utility_range({"challenge": "dog"})
    assert (low, high) == (-1.0, 1.0)
    for index in range(len(OPTIONS)):
        for states in games(index):
            (value,) = states[-1].returns()
            assert value in (low, high)


@pytest.mark.parametrize("index", range(len(OPTIONS)), ids=IDS)
def test_issue_23_the_observation_keeps_its_shape(index: int) -> None:
    """The tensor has the declared shape at every state, for the player and a spectator, with
    finite values; the layout's planes and scalars add up to it."""
    shape = GAME.observation_shape(OPTIONS[index])
    scalars = sum(n for _, n, _ in SCALARS)
    assert shape == (len(PLANES) * plane_size() + scalars,)
    for state in every_state(index):
        for seat in (1, None):
            tensor = state.observation_tensor(seat)
            assert tensor.shape == shape and tensor.dtype == np.float32
            assert np.isfinite(tensor).all() and tensor.min() >= -1.0


def test_issue_23_the_observation_shows_what_the_view_shows() -> None:
    """Planes hold real things: the sniper's space, the defenders', the LKA's spaces."""
    state = next(s for s in every_state(0) if s.decision == "turn" and s.core.sniper >= 0)
    tensor = state.observation_tensor(1)
    planes = tensor[: len(PLANES) * plane_size()].reshape(len(PLANES), plane_size())
    names = [name for name, _ in PLANES]
    assert np.flatnonzero(planes[names.index("sniper")]).tolist() == [state.core.sniper]
    for defender, space in state.core.defenders.items():
        on = np.flatnonzero(planes[names.index(f"defender-{defender}")]).tolist()
        assert on == ([] if space is None else [space])
    lka = [s for s in range(GEO.size) if GEO.areas[s] == state.core.lka]
    assert np.flatnonzero(planes[names.index("lka")]).tolist() == lka


@pytest.mark.parametrize("index", range(len(OPTIONS)), ids=IDS)
def test_issue_23_observation_and_information_state_are_the_same_under_determinization(
    index: int,
) -> None:
    """A determinization re-deals only what the seat cannot see, so its observation tensor and
    its information state string are the seat's own (no leak); the re-deal does change the
    hidden state somewhere."""
    changed = 0
    for states in games(index):
        for state in states[::5]:
            if state.outcome is not None:
                continue
            for k in range(2):
                other = state.determinize(1, Rng(derive_seed(k, index, "deal")))
                changed += other.to_json()["deck"] != state.to_json()["deck"]
                for seat in (1, None):
                    assert np.array_equal(
                        other.observation_tensor(seat), state.observation_tensor(seat)
                    )
                    assert other.information_state_string(seat) == state.information_state_string(
                        seat
                    )
    assert changed


def test_issue_23_the_information_state_has_perfect_recall() -> None:
    """Along a game the information state never repeats (it keeps what the player saw happen,
    not only where the game stands), and an order card boxed or dealt face down is seen as
    `order ?` (SE-3.10): its name is in no information state until it is turned up."""
    states = games(0)[0]
    strings = [s.information_state_string(1) for s in states]
    assert len(set(strings)) == len(strings)
    first = GAME.new({}, 5)
    assert first.decision == "order"  # SE-4.4: an urgent card is boxed unseen
    boxed = first.sample_chance()
    assert isinstance(boxed, Order)
    first.apply(boxed)
    seen = json.loads(first.information_state_string(1))["seen"]
    assert seen == ["order ?"]
    assert boxed.card not in first.information_state_string(1)


def test_issue_23_a_spectator_does_not_see_the_objective_numbers() -> None:
    """SE-3.7: the objective cards are the player's; a spectator's trail hides their numbers."""
    state = GAME.new({}, 2)
    while state.decision != "entry":
        state.apply(state.sample_chance() if state.is_chance else state.legal_actions()[0])
    mine = json.loads(state.information_state_string(1))["seen"]
    theirs = json.loads(state.information_state_string(None))["seen"]
    drawn = [text for text in mine if text.startswith("objective")]
    assert len(drawn) >= 2 and all(text != "objective ?" for text in drawn)
    assert [t for t in theirs if t.startswith("objective")] == ["objective ?"] * len(drawn)


def test_issue_23_chance_outcomes_have_codes() -> None:
    """SE-3.4: draws, ties and order cards are actions with codes like the player's."""
    table = code_table(GEO, shipped_content())
    assert table.codes[Draw(2, 1, 1, 2)] == table.offsets["draw"] + ((2 * 7 + 1) * 8 + 1) * 3 + 2
    assert table.codes[Tie(0)] == table.offsets["tie"]
    assert table.codes[Order("ENCIRCLEMENT")] == table.offsets["order"]


def test_issue_23_the_doc_describes_every_plane_scalar_and_block() -> None:
    """docs/research/sniper-elite.md documents each plane and scalar at its place and each
    verb's block with its first code and size (the layout is the code's, not a copy that
    drifts)."""
    doc = (Path(__file__).parents[2] / "docs" / "research" / "sniper-elite.md").read_text()
    assert f"**{SIZE:,}**" in doc and f"**({len(PLANES) * plane_size() + 270},)**" in doc
    for name, _ in PLANES:
        short = "`-" + name.split("-", 1)[-1] + "`"
        assert f"`{name}`" in doc or short in doc, name
    at = 0
    for name, size, _ in SCALARS:
        assert f"| {at} | {size} | `{name}` |" in doc, name
        at += size
    assert at == 270
    table = code_table(GEO, shipped_content())
    for verb, start in table.offsets.items():
        assert f"| {start} | {table.sizes[verb]:,} |" in doc, verb


def set_up(objectives: list[str], bottom: str) -> GameState:
    """A set-up to the entry with these objective cards drawn and this one put at the bottom
    (SE-4.9); every other chance takes its first outcome."""
    state = GAME.new({}, 0)
    drawn = list(objectives)
    while state.decision != "entry":
        if state.decision == "objective":
            state.apply(drawn.pop(0))
        elif state.decision == "bottom":
            state.apply(bottom)
        else:
            state.apply(state.legal_actions()[0])
    assert not drawn
    return state


def test_issue_23_two_histories_with_one_view_are_two_information_states() -> None:
    """SE-4.9: drawing 1 and 2 (both red) and bottoming 1, or 2 and 3 and bottoming 3, then
    drawing 4 leaves the same view (objectives 2 and 4 held, seven in the deck), but the player
    knows which card lies at the bottom: the information states differ (perfect recall)."""
    one = set_up(["objective 1", "objective 2", "objective 4"], "bottom 1")
    other = set_up(["objective 2", "objective 3", "objective 4"], "bottom 3")
    assert one.view(1) == other.view(1)
    assert one.obj_bottom == [1] and other.obj_bottom == [3]
    assert one.information_state_string(1) != other.information_state_string(1)
