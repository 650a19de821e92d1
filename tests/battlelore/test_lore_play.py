"""The Lore cards played in game positions through whole decisions (`lore CARD WORDS`, D-43),
their dice forced (BL-13.9): the worked examples T-27..T-31, T-37 and each wired card kind."""

from __future__ import annotations

from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import figures, play, scene, texts

SOUTH_F4 = ("h_rf_sword", "F4", 1)  # red foot, South
NORTH_F6 = ("h_bf_sword", "F6", 2)  # blue foot, North
NORTH_FAR = ("h_bf_sword", "A9", 2)


def at_command(
    *units: tuple[str, str, int] | tuple[str, str, int, int],
    councils: tuple[dict[str, int], dict[str, int]],
    lore_hands: tuple[list[str], list[str]],
    goblets: tuple[int, int],
    **more: object,
) -> BattleLoreState:
    """South to play its Command card (PATROL_C in hand) in a Lore game."""
    state = scene(
        *units,
        lore=True,
        phase="command",
        ordered=(),
        orders=None,
        hands=(["PATROL_C"], []),
        goblets=goblets,
        **more,  # type: ignore[arg-type]
    )
    state.councils = [dict(councils[0]), dict(councils[1])]
    state.lore_hands = {1: list(lore_hands[0]), 2: list(lore_hands[1])}
    return state


def test_t_37_fire_bolt_in_place_of_the_command_card_rolls_and_makes_it_retreat() -> None:
    state = at_command(
        SOUTH_F4, NORTH_F6, NORTH_FAR,
        councils=({"wizard": 1}, {}), lore_hands=(["WZ01"], []), goblets=(5, 0),
    )  # fmt: skip
    assert "lore WZ01 F6" in texts(state)  # 2 hexes at level 1 (D-38)
    play(state, "lore WZ01 F6")
    assert state.decision == "roll" and state.battle is not None and state.battle.dice == 2
    play(state, "roll B F")  # the blue helmet hits, the flag makes it retreat (BL-13.9)
    assert figures(state, "F6") == 3 and state.decision == "retreat"
    play(state, "retreat F7")
    assert state.decision == "refill" and state.hands[1] == ["PATROL_C"]  # D-46: no draw
    assert state.bank.goblets == (3, 0)  # WZ01 costs 2; no token for anything rolled


def test_t_27_creeping_doom_without_a_wizard_pays_twelve_and_rolls_two_dice_per_unit() -> None:
    units = (SOUTH_F4, ("h_bf_sword", "F6", 2), ("h_bf_sword", "G6", 2), NORTH_FAR)
    poor = at_command(
        *units, councils=({"cleric": 3}, {}), lore_hands=(["WZ04"], []), goblets=(11, 0)
    )
    assert not any(t.startswith("lore") for t in texts(poor))  # goblet 11: illegal
    state = at_command(
        *units, councils=({"cleric": 3}, {}), lore_hands=(["WZ04"], []), goblets=(12, 0)
    )
    play(state, "lore WZ04 F6")  # F6 and its 6 neighbours: F6 and G6 are in them
    assert state.bank.goblet(1) == 0
    rolled = []
    while state.decision == "roll":
        assert state.battle is not None and state.battle.dice == 2
        rolled.append(state.battle.target)
        play(state, "roll S S")  # swords miss (only helmets and `L` hit)
    assert len(rolled) == 2 and state.decision == "refill"


def test_t_29_dispel_cancels_river_rage_and_refunds_it() -> None:
    state = at_command(
        ("h_rf_sword", "F5", 1), ("h_bf_sword", "C6", 2),
        terrain={"F5": "ford"}, active=2,
        councils=({"wizard": 1}, {"wizard": 1}), lore_hands=(["WZ05"], ["WZ03"]), goblets=(5, 6),
    )  # fmt: skip
    state.active, state.hands = 2, {1: [], 2: ["PATROL_C"]}
    play(state, "lore WZ03 F5")  # North's River Rage: South's unit on the ford
    assert state.bank.goblets == (5, 2) and state.decision == "react"
    assert texts(state) == ["lore WZ05 WZ03", "pass"]
    play(state, "lore WZ05 WZ03")  # Dispel pays what River Rage cost: 4
    assert state.bank.goblets == (1, 6)  # River Rage cancelled, its 4 back to North
    assert state.decision == "command" and figures(state, "F5") == 4
    assert state.lore_played[0].cancelled


def test_t_28_blessing_adds_two_dice_for_a_cleric_two() -> None:
    state = scene(SOUTH_F4, ("h_bf_sword", "F5", 2), lore=True, phase="battle", goblets=(2, 0))
    state.councils = [{"cleric": 2}, {}]
    state.lore_hands = {1: ["CL01"], 2: []}
    play(state, "battle F4 F5")
    assert state.decision == "react" and "lore CL01 F4" in texts(state)
    play(state, "lore CL01 F4")
    assert state.bank.goblet(1) == 0
    assert state.battle is not None and state.battle.dice == 4 + 2


def test_t_31_rampage_against_mass_defense_two_lore_hit_and_give_no_token() -> None:
    state = scene(SOUTH_F4, ("h_bf_sword", "F5", 2), lore=True, phase="battle", goblets=(5, 5))
    state.councils = [{"warrior": 1}, {"cleric": 1}]
    state.lore_hands = {1: ["WR03"], 2: ["CL03"]}
    play(state, "battle F4 F5", "lore WR03 F4")
    while state.decision == "react":  # North's reactions before the roll: none played
        play(state, "pass")
    play(state, "roll B F L L")
    assert state.decision == "react" and state.window is not None
    assert state.window.window == "ROLL_AFTER"
    play(state, "lore CL03 F5")  # Mass Defense L1 cancels the helmet and the flag
    while state.decision == "react":
        play(state, "pass")
    assert figures(state, "F5") == 2  # the two `L` hit
    assert state.bank.goblet(1) == 5 - state.lore_played[0].paid  # no token for those `L`


def test_bl_13_summon_lore_pickpocket_healing_hands_and_purify_at_the_command_step() -> None:
    units = (("h_rf_sword", "F4", 1, 2), NORTH_F6, NORTH_FAR)
    council = {"wizard": 1, "cleric": 1, "rogue": 1}
    played = {}
    for action in ("lore WZ02", "lore RG01", "lore CL02 F4"):
        card = action.split()[1]
        state = at_command(*units, councils=(council, {}), lore_hands=([card], []), goblets=(2, 1))
        play(state, action)
        assert state.decision == "command"
        played[card] = state
        assert texts(state) == ["play PATROL_C"]  # BL-13.6: one card in your own turn
    assert played["WZ02"].bank.goblets == (2 + 2, 1)  # 1 token/level+1 from the pool
    assert played["RG01"].bank.goblets == (2 - 1 + 1, 0)  # 1/level from North's goblet
    assert figures(played["CL02"], "F4") == 3  # 1 figure back at level 1
    webbed = at_command(
        *units, councils=({"cleric": 1}, {}), lore_hands=(["CL07"], []), goblets=(2, 0)
    )
    webbed.unit_at("F4").webbed = True
    play(webbed, "lore CL07 F4 web")
    assert not webbed.unit_at("F4").webbed


def test_bl_2_1_warlords_order_orders_units_anywhere_in_place_of_the_command_card() -> None:
    state = at_command(
        ("h_rf_sword", "A2", 1), ("h_rf_sword", "I2", 1), NORTH_FAR,
        councils=({"warrior": 2}, {}), lore_hands=(["WR06"], []), goblets=(9, 0),
    )  # fmt: skip
    play(state, "lore WR06")
    assert state.instead and state.decision == "order"
    assert {"order A2", "order I2"} <= set(texts(state))
    play(state, "order A2", "order I2")
    assert state.decision == "move"


def test_bl_13_wrath_of_heaven_ignores_flags() -> None:
    state = at_command(
        SOUTH_F4, NORTH_F6, NORTH_FAR,
        councils=({"cleric": 2}, {}), lore_hands=(["CL05"], []), goblets=(9, 0),
    )  # fmt: skip
    play(state, next(t for t in texts(state) if t.startswith("lore CL05 F6")))
    while state.decision == "roll":
        assert state.battle is not None
        play(state, "roll " + " ".join(["F"] * (state.battle.dice - 1) + ["S"]))
    assert figures(state, "F6") == 3 and state.unit_at("F6")  # the `S` hit, flags ignored


def settle(state: BattleLoreState) -> BattleLoreState:
    """Pass every window open now (the other side reacts with nothing)."""
    while state.decision == "react":
        play(state, "pass")
    return state


def moving_scene(hand: str, goblets: tuple[int, int] = (9, 9)) -> BattleLoreState:
    state = scene(
        ("h_bf_sword", "B2", 1), ("h_bm_lance", "E2", 1), ("h_bf_sword", "B4", 2),
        terrain={"B4": "forest", "E3": "ford"}, lore=True, phase="order",
        ordered=(), goblets=goblets,
    )  # fmt: skip
    state.councils = [{"wizard": 1, "warrior": 1, "rogue": 1}, {"rogue": 1}]
    state.lore_hands = {1: [hand], 2: ["RG07"]}
    return state


def test_bl_3_forced_march_and_stealth_before_the_moves() -> None:
    plain = texts(settle(play(moving_scene("WR05"), "order B2", "order E2")))
    state = play(moving_scene("WR05"), "order B2", "order E2")
    assert state.window is not None and state.window.window == "MOV_OWN"
    play(state, "lore WR05 B2")  # +1 hex and still battle
    marched = texts(settle(state))
    assert set(marched) > set(plain) and "move B2 B5" in marched
    stealth = play(moving_scene("RG05"), "order B2", "order E2", "lore RG05 E2")
    assert set(texts(settle(stealth))) >= set(plain)


def test_bl_3_teleport_is_the_units_move() -> None:
    state = moving_scene("WZ06")
    play(state, "order B2", "order E2", "lore WZ06 B2 C4")
    settle(state)
    unit = state.unit_at("C4")
    assert unit.moved and unit.move_stopped
    assert not any(t.startswith("move C4") for t in texts(state))


def test_d_43_snare_ends_a_move_in_the_opponents_window() -> None:
    state = moving_scene("WZ02")
    settle(play(state, "order B2", "order E2"))
    play(state, "move B2 B3")
    assert state.window is not None and state.window.window == "MOV_REACT"
    assert texts(state) == ["lore RG07 B2", "pass"]  # the enemy about to move
    settle(play(state, "lore RG07 B2"))
    assert state.unit_at("B2").moved == 0 and state.decision == "move"
    assert not any(t.startswith("move B2") for t in texts(state))


def battle_scene(
    south_hand: list[str],
    north_hand: list[str],
    *units: tuple[str, str, int] | tuple[str, str, int, int],
) -> BattleLoreState:
    """South's battle step: its units ordered; every seat of both councils at level 1."""
    state = scene(*units, lore=True, phase="battle", goblets=(9, 9))
    council = {"wizard": 1, "cleric": 1, "warrior": 1, "rogue": 1}
    state.councils = [dict(council), dict(council)]
    state.lore_hands = {1: list(south_hand), 2: list(north_hand)}
    return state


def test_bl_4_strength_and_weapon_mastery_at_the_declaration() -> None:
    state = battle_scene(["WR01"], [], SOUTH_F4, ("h_bf_sword", "F5", 2))
    play(state, "battle F4 F5", "lore WR01 F4")
    assert state.battle is not None and state.battle.dice == 4 + 1
    mastery = battle_scene(["WR07"], [], SOUTH_F4, ("h_bf_sword", "F5", 2))
    settle(play(mastery, "battle F4 F5", "lore WR07 F4"))
    play(mastery, "roll S S S S")
    assert figures(mastery, "F5") == 0 or figures(mastery, "F5") is None  # every `S` hits


def test_bl_4_guided_arrows_adds_a_die_to_each_ranged_battle() -> None:
    state = battle_scene(["WZ07"], [], ("h_gf_bow", "F3", 1), ("h_bf_sword", "F6", 2))
    play(state, "battle F3 F6")
    dice = state.battle.dice if state.battle is not None else 0
    play(state, "lore WZ07")
    assert state.battle is not None and state.battle.dice == dice + 1


def test_bl_13_blinding_flash_before_the_roll_and_sidestep_cancels_the_attack() -> None:
    state = battle_scene([], ["CL04"], SOUTH_F4, ("h_bf_sword", "F5", 2))
    play(state, "battle F4 F5")
    assert state.window is not None and state.window.window == "ROLL_BEFORE"
    settle(play(state, "lore CL04 F4"))
    assert state.decision == "roll" and state.battle is not None and state.battle.dice == 4 - 1
    side = battle_scene([], ["RG03"], SOUTH_F4, ("h_bf_sword", "F5", 2))
    play(side, "battle F4 F5")
    step = next(t for t in texts(side) if t.startswith("lore RG03"))
    settle(play(side, step))
    assert side.battle is None and figures(side, "F5") is None  # it stepped back, no roll
    assert side.decision in ("battle", "refill", "deal")


def test_bl_6_1_sanctuary_and_hold_the_line_give_bold_in_the_opponents_turn() -> None:
    for card in ("CL06", "WR04"):
        state = scene(
            ("h_bf_sword", "F5", 1), ("h_bf_sword", "F6", 2), ("h_bf_sword", "A9", 2),
            lore=True, phase="command", ordered=(), orders=None,
            hands=(["PATROL_C"], []), goblets=(9, 9),
        )  # fmt: skip
        state.councils = [{"cleric": 1, "warrior": 1}, {"cleric": 1, "warrior": 1}]
        state.lore_hands = {1: [], 2: [card]}
        play(state, "play PATROL_C")
        assert state.window is not None and state.window.window == "CMD_REACT"
        play(state, next(t for t in texts(state) if t.startswith(f"lore {card}")))
        assert state.lore_effects


def test_bl_2_1_misdirection_takes_an_order_away() -> None:
    state = scene(
        ("h_bf_sword", "E2", 1), ("h_bf_sword", "F2", 1), ("h_bf_sword", "G2", 1),
        ("h_bf_sword", "A9", 2),
        lore=True, phase="command", ordered=(), orders=None,
        hands=(["PATROL_C"], []), goblets=(9, 9),
    )  # fmt: skip
    state.councils = [{"rogue": 1}, {"rogue": 1}]
    state.lore_hands = {1: [], 2: ["RG04"]}
    play(state, "play PATROL_C", "lore RG04")
    settle(state)
    assert state.decision == "order" and state.orders is not None
    ordered = 0
    while state.decision == "order" and "done" in texts(state):
        orders = [t for t in texts(state) if t.startswith("order ")]
        if not orders:
            break
        play(state, orders[0])
        ordered += 1
    assert ordered == max(1, state.orders.size - 1)


def test_bl_15_1_scheming_draws_two_commands_and_keeps_one() -> None:
    state = at_command(
        SOUTH_F4, NORTH_FAR, councils=({"rogue": 1}, {}), lore_hands=(["RG06"], []), goblets=(2, 0)
    )
    play(state, "lore RG06", "play PATROL_C")
    settle(state)
    while state.decision != "deal":
        actions = texts(state)
        play(state, "done" if "done" in actions else actions[0])
    play(state, "deal PATROL_C", "deal ATTACK_C")
    assert state.decision == "draw-keep"


def test_t_30_foil_stops_a_card_before_its_effect() -> None:
    state = battle_scene(["RG02"], ["CL04"], SOUTH_F4, ("h_bf_sword", "F5", 2))
    play(state, "battle F4 F5", "pass", "lore CL04 F4")  # South passes its BAT window
    assert state.window is not None and state.window.window == "LORE_REACT"
    assert texts(state) == ["lore RG02 CL04", "pass"]
    play(state, "lore RG02 CL04")
    assert state.decision == "roll" and state.battle is not None and state.battle.dice == 4
    assert state.lore_played[0].foiled and state.is_chance  # the roll as it was


def test_bl_13_9_river_rage_rolls_against_each_enemy_by_the_water_flags_hit() -> None:
    state = at_command(
        SOUTH_F4, ("h_bf_sword", "C6", 2), ("h_bf_sword", "H6", 2),
        terrain={"C6": "ford", "H6": "bridge"},
        councils=({"wizard": 1}, {}), lore_hands=(["WZ03"], []), goblets=(4, 0),
    )  # fmt: skip
    play(state, "lore WZ03 C6 H6")  # both, no choice
    play(state, "roll F")  # 1 die/level each: the flag is a hit (no retreat)
    play(state, "roll S")  # a sword misses
    assert figures(state, "C6") == 3 and figures(state, "H6") == 4
    assert state.decision == "command"  # CMD_WITH: the Command card is still to come


def test_d_43_the_windows_open_in_order_around_the_orders_and_the_moves() -> None:
    state = scene(
        ("h_bf_sword", "E2", 1), ("h_bf_sword", "E4", 2),
        lore=True, phase="command", ordered=(), orders=None,
        hands=(["PATROL_C"], []), goblets=(9, 9),
    )  # fmt: skip
    council = {"wizard": 1, "cleric": 1, "warrior": 1, "rogue": 1}
    state.councils = [dict(council), dict(council)]
    state.lore_hands = {1: ["WR05"], 2: ["WR04", "RG07"]}
    opened: list[tuple[str, int]] = []
    play(state, "play PATROL_C")
    while len(opened) < 3 and state.decision in ("react", "order", "move"):
        if state.window is not None:
            opened.append((state.window.window, state.window.seat))
            play(state, "pass")
        else:
            play(state, "order E2" if state.decision == "order" else "move E2 D3")
    # no card has ORD_OWN or ORD_REACT, so those windows never open (public criterion)
    assert opened == [("CMD_REACT", 2), ("MOV_OWN", 1), ("MOV_REACT", 2)]
