"""Forced March (WR05) and Stealth (RG05) choose their units one at a time (issue 23,
`lore/several.py`): `lore WR05 B2`, then the decision "lore-units" offers `add HEX` for each
further unit the card may take (BL-13.4: its target, 5.2: its limit per level) and `done`; the
card is revealed and paid (BL-13.5), the opponent's LORE_REACT window opened (D-43) and its
effect carried out only when the choice is complete."""

from __future__ import annotations

import re

import pytest

from bitva.core.errors import BitvaError, IllegalAction
from bitva.core.rng import Rng
from bitva.games.battlelore import GAME
from bitva.games.battlelore.codes import NUM_CODES, START, decode, encode
from bitva.games.battlelore.deserialize import state_from_json
from bitva.games.battlelore.lore.effects import ExtraMove, IgnoreStops
from bitva.games.battlelore.observation import PLANE_NAMES, SCALAR_NAMES
from bitva.games.battlelore.state import BattleLoreState
from bitva.games.battlelore.turn.command import Orders
from tests.battlelore.engine_helpers import play, scene, texts

FOOT = "h_bf_sword"  # blue foot
MOUNTED = "h_bm_lance"
ANY_FIVE = Orders("TEST", need="any", count=5)


def marching(
    warrior: int = 1, rogue: int = 0, north: tuple[str, ...] = (), goblets: tuple[int, int] = (9, 9)
) -> BattleLoreState:
    """South's MOV_OWN window (D-43) with four foot units and a mounted one ordered (B2 C2 D2
    E2 foot ordered, G2 mounted ordered, I2 foot not ordered), North far away."""
    state = scene(
        (FOOT, "B2", 1), (FOOT, "C2", 1), (FOOT, "D2", 1), (FOOT, "E2", 1),
        (MOUNTED, "G2", 1), (FOOT, "I2", 1), (FOOT, "B8", 2),
        lore=True, phase="order", ordered=(), goblets=goblets, orders=ANY_FIVE,
    )  # fmt: skip
    council = {"warrior": warrior} if warrior else {}
    if rogue:
        council["rogue"] = rogue
    state.councils = [council, {"wizard": 3} if north else {}]
    state.lore_hands = {1: ["WR05", "RG05"], 2: list(north)}
    return play(state, "order B2", "order C2", "order D2", "order E2", "order G2")


def at_window(**kwargs: object) -> BattleLoreState:
    state = marching(**kwargs)  # type: ignore[arg-type]
    assert state.window is not None and state.window.window == "MOV_OWN"
    return state


def test_bl_13_4_a_play_names_its_first_unit_only() -> None:
    state = at_window(warrior=2)
    plays = [t for t in texts(state) if t.startswith("lore WR05")]
    # foot units ordered that have not moved (5.2): not the mounted G2, not I2 (not ordered)
    assert plays == ["lore WR05 B2", "lore WR05 C2", "lore WR05 D2", "lore WR05 E2"]
    assert all(len(t.split()) <= 3 for t in texts(state))
    with pytest.raises(IllegalAction):
        state.apply("lore WR05 B2 C2")  # format 3's whole play is no action any more


def test_bl_13_4_forced_march_offers_the_other_eligible_units_and_done() -> None:
    state = at_window(warrior=2)
    goblet = state.bank.goblet(1)
    play(state, "lore WR05 C2")
    assert state.decision == "lore-units" and state.current_player == 1
    assert texts(state) == ["add B2", "add D2", "add E2", "done"]
    assert state.bank.goblet(1) == goblet and not state.lore_played  # nothing revealed yet
    assert "WR05" in state.lore_hands[1]
    play(state, "add E2")
    assert texts(state) == ["add B2", "add D2", "done"]  # distinct units only
    with pytest.raises(IllegalAction) as raised:
        state.apply("add E2")
    assert raised.value.rule == "BL-13.4"
    with pytest.raises(IllegalAction):
        state.apply("add G2")  # mounted: Forced March takes foot units only


def test_5_2_forced_march_stops_at_its_limit_per_level() -> None:
    """Level 2 (BL-14.4: the Warrior master's level): 1 unit per level + 1 = 3 units; the third
    unit completes the choice without `done`."""
    state = at_window(warrior=2)
    play(state, "lore WR05 B2", "add C2", "add D2")
    assert state.decision != "lore-units" and state.choosing is None
    assert [c.card for c in state.lore_played] == ["WR05"]
    found = [e for e in state.lore_effects if isinstance(e, ExtraMove)]
    assert len(found) == 1 and sorted(found[0].units) == sorted(
        state.unit_at(h).uid for h in ("B2", "C2", "D2")
    )


def test_bl_14_4_a_level_1_warrior_takes_two_units() -> None:
    state = at_window(warrior=1)
    play(state, "lore WR05 D2")
    assert texts(state) == ["add B2", "add C2", "add E2", "done"]
    play(state, "add B2")  # 2 units: the limit at level 1
    assert state.choosing is None and state.lore_played[0].level == 1


def test_bl_13_4_done_ends_the_choice_with_the_units_chosen() -> None:
    state = at_window(warrior=2)
    events = state.apply("lore WR05 E2")
    assert events == []  # the choice steps reveal nothing (BL-13.5 comes at the end)
    play(state, "add B2")
    events = state.apply("done")
    played = [e for e in events if e.kind == "lore-played"]
    # the same event as the whole play made: the units' hexes in their id order
    assert played and played[0].data == {"player": 1, "card": "WR05", "args": ["B2", "E2"]}
    extra = next(e for e in state.lore_effects if isinstance(e, ExtraMove))
    assert sorted(extra.units) == sorted(state.unit_at(h).uid for h in ("B2", "E2"))


def test_d_43_the_lore_react_window_opens_only_once_the_choice_is_complete() -> None:
    state = at_window(warrior=2, north=("WZ05",))
    play(state, "lore WR05 B2")
    assert state.window is not None and state.window.window == "MOV_OWN"
    play(state, "add C2")
    assert state.decision == "lore-units"  # North waits: nothing is revealed yet
    play(state, "done")
    assert state.decision == "react" and state.current_player == 2
    assert state.window is not None and state.window.window == "LORE_REACT"
    assert "lore WZ05 WR05" in texts(state)
    play(state, "pass")
    extra = next(e for e in state.lore_effects if isinstance(e, ExtraMove))
    assert sorted(extra.units) == sorted(state.unit_at(h).uid for h in ("B2", "C2"))


def test_5_2_stealth_takes_one_unit_per_level_of_any_kind() -> None:
    state = at_window(warrior=0, rogue=2)
    plays = [t for t in texts(state) if t.startswith("lore RG05")]
    assert "lore RG05 G2" in plays and "lore RG05 I2" not in plays  # mounted too; not unordered
    play(state, "lore RG05 G2")
    assert texts(state) == ["add B2", "add C2", "add D2", "add E2", "done"]
    play(state, "add C2")  # 2 units at level 2: complete
    stops = next(e for e in state.lore_effects if isinstance(e, IgnoreStops))
    assert sorted(stops.units) == sorted(state.unit_at(h).uid for h in ("C2", "G2"))


def test_5_2_a_level_1_stealth_is_one_unit_and_opens_no_choice() -> None:
    state = at_window(warrior=0, rogue=1)
    play(state, "lore RG05 B2")
    assert state.choosing is None and [c.card for c in state.lore_played] == ["RG05"]


def test_issue_23_the_choice_survives_json_clones_views_and_observations() -> None:
    state = at_window(warrior=3)
    play(state, "lore WR05 C2", "add B2")
    copy = state_from_json(state.to_json())
    assert copy.choosing == state.choosing and texts(copy) == texts(state)
    assert copy.digest() == state.digest()
    clone = state.clone()
    play(clone, "done")
    assert state.choosing is not None and clone.choosing is None  # the clone went on alone
    for seat in (1, 2, None):
        assert state.view(seat)["choosing"] == {"player": 1, "card": "WR05", "hexes": ["C2", "B2"]}
    tensor = state.observation_tensor(2)
    plane = PLANE_NAMES.index("lore chosen") * 113
    assert tensor[plane : plane + 113].sum() == 2.0
    scalar = len(PLANE_NAMES) * 113 + SCALAR_NAMES.index("choosing WR05")
    assert tensor[scalar] == 1.0
    assert tensor[len(PLANE_NAMES) * 113 + SCALAR_NAMES.index("decision lore-units")] == 1.0


def test_issue_23_add_is_one_hex_block_and_every_action_has_a_code() -> None:
    state = at_window(warrior=3)
    play(state, "lore WR05 C2")
    for action in state.legal_actions():
        code = encode(action)
        assert 0 <= code < NUM_CODES and decode(code) == action
    assert encode(state.parse_action("add A1")) == START["add"]
    assert state.legal_mask().sum() == 4  # add B2, D2, E2, done


@pytest.mark.parametrize(
    "options",
    [
        {"adventure": "A01"},
        {"adventure": "A02"},
        {"adventure": "A03"},
        {"adventure": "A04"},
        {"adventure": "A02", "councils": "intro"},
        {"adventure": "A04", "councils": "custom"},
        None,
    ],
)
def test_issue_23_the_code_space_is_one_constant_under_100000(options: object) -> None:
    assert GAME.num_action_codes(options) == NUM_CODES == 49_493 <= 100_000  # type: ignore[arg-type]


def test_bl_13_4_a_position_file_stands_at_the_choice() -> None:
    """A whole-state position (issue 11) keeps the units chosen so far (`choosing`) and the step
    `lore-units`; one that names the step without them is refused. The state: a random game of
    A04 (seed 1) at its first such choice."""
    state = GAME.new({"adventure": "A04"}, 1)
    rng = Rng(1)
    while state.decision != "lore-units":
        assert state.current_player is not None
        state.apply(rng.choice(state.legal_actions()))
    text = GAME.write_position(state)
    assert 'step = "lore-units"' in text and "[position.choosing]" in text
    back = GAME.read_position(text)
    assert back.choosing == state.choosing and texts(back) == texts(state)
    broken = re.sub(r"\[position\.choosing\]\n(?:[^\[\n].*\n)*", "", text)
    assert "choosing" not in broken
    with pytest.raises(BitvaError, match="lore-units"):
        GAME.read_position(broken)


def test_bl_13_4_a_whole_play_of_format_3_is_refused_saying_how_to_play_it_now() -> None:
    state = at_window(warrior=2)
    with pytest.raises(IllegalAction, match="one at a time: lore WR05 B2, then add C2") as raised:
        state.apply("lore WR05 B2 C2")
    assert raised.value.rule == "BL-13.4"
