"""Command and orders (BL-2), the Command cards of section 5.1 and their effects, D-27, D-40,
D-42, and the Scout draw (BL-15.1)."""

from __future__ import annotations

from bitva.games.battlelore.field.board import SECTION_OF, hex_of
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import play, scene, texts

SOUTH_WEST_EAST = (
    ("h_bf_sword", "B2", 1),
    ("h_bf_sword", "C2", 1),
    ("h_bf_sword", "K2", 1),
    ("h_bf_sword", "L2", 1),
    ("h_rf_sword", "G2", 1),
    ("h_bf_sword", "F8", 2),
)


def command(*units: tuple[str, str, int], card: str, active: int = 1) -> BattleLoreState:
    hands = ([card], []) if active == 1 else ([], [card])
    state = scene(*units, phase="command", ordered=(), orders=None, hands=hands, active=active)
    play(state, f"play {card}")
    return state


def ordered_hexes(state: BattleLoreState) -> list[str]:
    return sorted(t.split()[1] for t in texts(state) if t.startswith("order "))


def test_bl_2_2_a_section_card_orders_in_its_flank_seen_from_the_active_side() -> None:
    south = command(*SOUTH_WEST_EAST, card="PATROL_L")
    assert ordered_hexes(south) == ["B2", "C2"]  # South's Left is the West
    north = command(
        ("h_bf_sword", "B8", 2), ("h_bf_sword", "L8", 2), ("h_bf_sword", "A1", 1),
        card="PATROL_L", active=2,
    )  # fmt: skip
    assert ordered_hexes(north) == ["L8"]  # North's Left is the East


def test_bl_2_2_a_unit_on_a_shared_hex_counts_for_either_section() -> None:
    assert SECTION_OF[hex_of("E3")] == {"west", "centre"}
    state = command(
        ("h_bf_sword", "E3", 1),
        ("h_bf_sword", "B3", 1),
        ("h_bf_sword", "F9", 2),
        card="BROAD_FRONT",
    )
    play(state, "order E3")
    assert ordered_hexes(state) == ["B3"]  # E3 took the Centre's order, B3 takes the West's


def test_bl_2_2_orders_beyond_the_units_available_are_lost() -> None:
    state = command(
        ("h_bf_sword", "B2", 1), ("h_bf_sword", "L2", 1), ("h_bf_sword", "F9", 2), card="ATTACK_L"
    )
    play(state, "order B2")
    assert state.decision == "move"


def test_bl_2_4_a_unit_takes_one_order_and_done_ends_the_orders() -> None:
    state = command(*SOUTH_WEST_EAST, card="PATROL_L")
    play(state, "order B2")
    assert ordered_hexes(state) == ["C2"]
    play(state, "done")
    assert state.decision == "move" and state.ordered == [0]


def test_bl_2_7_with_nothing_to_order_the_turn_goes_to_the_draw() -> None:
    state = command(("h_bf_sword", "B2", 1), ("h_bf_sword", "F9", 2), card="SCOUT_R")
    assert state.decision == "deal" and state.deal_to == [1, 1]


def test_bl_2_3_mounted_charge_orders_mounted_units_only() -> None:
    state = command(
        ("h_bm_lance", "B2", 1),
        ("h_bf_sword", "C2", 1),
        ("h_bf_sword", "F9", 2),
        card="MOUNTED_CHARGE",
    )
    assert ordered_hexes(state) == ["B2"]


def test_d_40_a_tactic_card_with_no_eligible_unit_orders_one_unit_of_choice() -> None:
    state = command(
        ("h_bf_sword", "B2", 1),
        ("h_bf_sword", "L2", 1),
        ("h_bf_sword", "F9", 2),
        card="MOUNTED_CHARGE",
    )
    assert ordered_hexes(state) == ["B2", "L2"]
    play(state, "order L2")
    assert state.decision == "move"  # one order only


def test_bl_2_3_battle_line_orders_units_next_to_an_ordered_one() -> None:
    state = command(
        ("h_bf_sword", "B2", 1),
        ("h_bf_sword", "C2", 1),
        ("h_bf_sword", "L2", 1),
        ("h_bf_sword", "F9", 2),
        card="BATTLE_LINE",
    )
    play(state, "order B2")
    assert ordered_hexes(state) == ["C2"]


def test_d_42_counter_attack_copies_the_last_card_with_the_flanks_swapped() -> None:
    state = scene(
        ("h_bf_sword", "B2", 1), ("h_bf_sword", "L2", 1), ("h_bf_sword", "L8", 2),
        phase="command", ordered=(), orders=None, hands=(["COUNTER_ATTACK"], []),
    )  # fmt: skip
    from bitva.games.battlelore.turn.command import card_orders

    state.last_orders[2] = card_orders("PATROL_L", 2, None)  # North's Left: the East
    play(state, "play COUNTER_ATTACK")
    assert ordered_hexes(state) == ["L2"]  # the same board section: South's Right
    assert state.orders is not None and state.orders.card == "PATROL_L"


def test_d_42_counter_attack_with_nothing_to_copy_orders_one_unit() -> None:
    state = command(*SOUTH_WEST_EAST, card="COUNTER_ATTACK")
    assert len(ordered_hexes(state)) == 5
    play(state, "order G2")
    assert state.decision == "move"


def test_d_42_a_copied_scout_keeps_its_draw() -> None:
    from bitva.games.battlelore.turn.command import card_orders

    copied = card_orders("COUNTER_ATTACK", 1, card_orders("SCOUT_R", 2, None))
    assert copied.scout and copied.slots == (frozenset({"west"}),)


def test_forward_march_moves_foot_one_hex_further() -> None:
    state = command(("h_rf_sword", "F2", 1), ("h_bf_sword", "F9", 2), card="FORWARD_MARCH")
    play(state, "order F2")
    assert "move F2 F4" in texts(state)  # red foot: 1 + 1


def test_volley_units_do_not_move_and_shoot_with_an_extra_die() -> None:
    state = command(("h_gf_bow", "F2", 1), ("h_bf_sword", "F5", 2), card="VOLLEY")
    play(state, "order F2")
    assert state.decision == "battle"  # no move step for Volley
    play(state, "battle F2 F5")
    assert state.battle is not None and state.battle.dice == 3


def test_mounted_charge_adds_a_die_in_melee() -> None:
    state = command(("h_bm_lance", "F4", 1), ("h_bf_sword", "F5", 2), card="MOUNTED_CHARGE")
    play(state, "order F4", "done", "battle F4 F5")
    assert state.battle is not None and state.battle.dice == 4


def test_bl_15_1_scout_draws_two_and_keeps_one() -> None:
    state = command(("h_bf_sword", "B2", 1), ("h_bf_sword", "F9", 2), card="SCOUT_L")
    play(state, "order B2", "done")  # nothing to battle: the draw
    play(state, "deal PATROL_C", "deal ATTACK_R")
    assert state.decision == "draw-keep"
    assert texts(state) == ["discard ATTACK_R", "discard PATROL_C"]
    play(state, "discard ATTACK_R")
    assert state.hands[1] == ["PATROL_C"] and state.discard == ["SCOUT_L", "ATTACK_R"]
    assert state.active == 2


def test_bl_2_5_units_an_ord_own_card_ordered_move_and_battle_first() -> None:
    state = scene(
        ("h_bf_sword", "B2", 1), ("h_bf_sword", "L2", 1), ("h_bf_sword", "F9", 2),
        phase="move", ordered=("B2", "L2"),
    )  # fmt: skip
    state.first = [state.unit_at("L2").uid]  # as an ORD_OWN card's effect would set it
    assert {t.split()[1] for t in texts(state) if t.startswith("move")} == {"L2"}
    play(state, "move L2 L3")  # L2 has nothing to battle: the Command card's units go on
    assert state.decision == "move" and state.first == []
    assert {t.split()[1] for t in texts(state) if t.startswith("move")} == {"B2"}
