"""Lore windows (BL-13.3, BL-13.5, BL-13.6, D-43) through the `LORE_EFFECTS` registry: with it
empty no window opens; a registered card opens its windows by public criteria only."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bitva.core.events import Event
from bitva.games.battlelore.lore import windows as lore_windows
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import play, scene, texts


class Tokens:
    """A stand-in effect: the caster takes `level` tokens (like Summon Lore)."""

    def choices(
        self, state: BattleLoreState, seat: int, window: str, level: int
    ) -> list[tuple[str, ...]]:
        return [()]

    def play(
        self,
        state: BattleLoreState,
        seat: int,
        window: str,
        level: int,
        args: tuple[str, ...],
        events: list[Event] | None,
    ) -> None:
        state.gain(seat, level, events)


@pytest.fixture
def empty() -> Iterator[None]:
    """The registry as the state machine's tests need it: empty (the real cards come back)."""
    saved = dict(lore_windows.LORE_EFFECTS)
    lore_windows.LORE_EFFECTS.clear()
    yield
    lore_windows.LORE_EFFECTS.clear()
    lore_windows.LORE_EFFECTS.update(saved)


@pytest.fixture
def registered(empty: None) -> Iterator[None]:
    lore_windows.LORE_EFFECTS["WZ02"] = Tokens()
    lore_windows.LORE_EFFECTS["CL04"] = Tokens()
    yield


def lore_scene(
    goblets: tuple[int, int],
    phase: str = "battle",
    hands: tuple[list[str], list[str]] = ([], []),
) -> BattleLoreState:
    units = (("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "A9", 2))
    if phase == "command":
        state = scene(
            *units, lore=True, phase=phase, ordered=(), orders=None, hands=hands, goblets=goblets
        )
    else:
        state = scene(*units, lore=True, phase=phase, hands=hands, goblets=goblets)
    state.councils = [{"wizard": 1, "cleric": 1}, {"cleric": 1}]
    return state


def test_d_43_with_an_empty_registry_no_window_opens(empty: None) -> None:
    state = lore_scene((5, 5))
    state.lore_hands = {1: ["WZ02"], 2: ["CL04"]}
    play(state, "battle F4 F5")
    assert state.decision == "roll"
    assert not any(t.startswith("lore") for t in texts(state))


def test_bl_13_3_a_cmd_with_card_is_played_with_the_command_card(registered: None) -> None:
    state = lore_scene((0, 0), phase="command", hands=(["PATROL_C"], []))
    state.lore_hands = {1: ["WZ02"], 2: []}
    assert texts(state) == ["play PATROL_C", "lore WZ02"]
    play(state, "lore WZ02")
    assert state.bank.goblets == (1, 0) and state.decision == "command"
    assert texts(state) == ["play PATROL_C"]  # BL-13.6: one Lore card in your own turn
    assert state.view(2)["played"]["lore"] == [{"card": "WZ02", "seat": 1, "paid": 0, "level": 1}]


def test_d_43_roll_before_opens_for_the_target_by_public_criteria(registered: None) -> None:
    state = lore_scene((0, 2))
    state.lore_hands = {1: [], 2: ["WZ02"]}  # not a ROLL_BEFORE card, but the window is public
    play(state, "battle F4 F5")
    assert state.decision == "react" and state.current_player == 2
    assert texts(state) == ["pass"]
    play(state, "pass")
    assert state.decision == "roll"
    poor = lore_scene((0, 1))
    poor.lore_hands = {1: [], 2: ["CL04"]}
    play(poor, "battle F4 F5")
    assert poor.decision == "roll"  # the goblet cannot pay for any ROLL_BEFORE card


def test_bl_13_5_a_card_in_the_opponents_turn_and_lore_react(registered: None) -> None:
    state = lore_scene((2, 2))
    state.lore_hands = {1: ["WZ02"], 2: ["CL04"]}
    play(state, "battle F4 F5", "lore CL04")
    assert state.bank.goblets == (2, 1)
    assert state.decision == "roll"  # South's WZ02 is no LORE_REACT card: no window


def test_t_37_d_46_a_cmd_instead_card_skips_the_command_draw_not_the_refill(
    registered: None,
) -> None:
    lore_windows.LORE_EFFECTS["WZ01"] = Tokens()  # stands in for Fire Bolt (CMD_INSTEAD)
    state = lore_scene((2, 0), phase="command", hands=(["PATROL_C"], []))
    state.lore_hands = {1: ["WZ01"], 2: []}
    play(state, "lore WZ01")
    assert state.instead and state.hands[1] == ["PATROL_C"]
    assert state.decision == "refill"  # no `deal`: no Command draw this turn
    play(state, "refill c")
    assert state.active == 2 and state.lore_discard == ["WZ01"] and state.bank.on_cards == 0
    assert state.last_orders[1] is None  # D-42: countering it orders 1 unit of choice


def test_d_43_mov_react_opens_after_each_hex_a_unit_enters(registered: None) -> None:
    lore_windows.LORE_EFFECTS["RG07"] = Tokens()  # stands in for Snare (MOV_REACT)
    state = scene(
        ("h_bm_lance", "B2", 1), ("h_bf_sword", "F9", 2),
        lore=True, phase="move", ordered=("B2",), goblets=(0, 5),
    )  # fmt: skip
    state.councils = [{}, {"rogue": 1}]
    state.lore_hands = {1: [], 2: ["RG07"]}
    play(state, "move B2 B5")  # 3 hexes: a window before, then after the first and the second
    assert state.decision == "react" and state.window is not None
    assert state.window.resume == "move B2 B5"
    play(state, "pass")
    assert state.window is not None and state.window.resume == "walk B2,B3 A4 B5"
    hexes_entered = 0
    while state.decision == "react":
        play(state, "pass")
        hexes_entered += 1
    assert hexes_entered == 2 and state.unit_at("B5").moved == 3
