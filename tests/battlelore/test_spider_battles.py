"""The Giant Spider in battle, as whole decisions with forced dice: the worked examples T-01 to
T-16 of section 7 (BL-11, BL-12.4, D-18 to D-25, D-27)."""

from __future__ import annotations

from bitva.games.battlelore.lore.economy import LoreBank
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import figures, play, scene, texts

X = ("h_bf_sword", "F4", 1)
SP = ("c_giant_spider", "F5", 2)


def spider_attacks(
    *extra: tuple[str, str, int] | tuple[str, str, int, int], stored: int = 0, **kw: object
) -> BattleLoreState:
    state = scene(X, SP, *extra, lore=True, active=2, ordered=("F5",), **kw)  # type: ignore[arg-type]
    state.unit_at("F5").stored_lore = stored
    state.bank = LoreBank(40 - stored, state.bank.goblets, 0, stored)
    return state


def attacked_spider(*units: tuple[str, str, int] | tuple[str, str, int, int]) -> BattleLoreState:
    return scene(SP, *units, lore=True, active=1)


def test_t_01_a_stored_lore_token_comes_from_the_pool() -> None:
    state = spider_attacks()
    play(state, "battle F5 F4", "roll R L")
    assert state.decision == "spider" and state.current_player == 2
    assert texts(state) == ["ability web 1", "pass"]
    play(state, "pass")
    assert texts(state) == ["store 0", "store 1"]
    play(state, "store 1")
    assert state.unit_at("F5").stored_lore == 1 and state.bank.pool == 39
    assert state.bank.goblets == (0, 0) and figures(state, "F4") == 4
    assert state.decision == "deal"  # X is not Bold: no battle back


def test_t_02_the_web_turns_the_flag_into_a_hit() -> None:
    state = spider_attacks(("h_bf_sword", "E4", 1), ("h_bf_sword", "G4", 1))
    play(state, "battle F5 F4", "roll F L", "ability web 1")
    x = state.unit_at("F4")
    assert x.webbed and x.figures == 3 and state.bank.goblets == (0, 0)
    assert state.decision == "deal"  # no retreat, no battle back, no token


def test_t_03_without_the_web_a_token_and_a_battle_back() -> None:
    state = spider_attacks(("h_bf_sword", "E4", 1), ("h_bf_sword", "G4", 1))
    play(state, "battle F5 F4", "roll F L", "pass", "store 0")
    assert state.bank.goblets == (0, 1)
    assert state.decision == "flags"
    play(state, "ignore 1", "battle-back")
    assert state.battle is not None and state.battle.dice == 3


def test_t_04_poison_with_a_stored_token_and_a_hit() -> None:
    state = spider_attacks(stored=1)
    x = state.unit_at("F4")
    x.webbed, x.figures = True, 3
    play(state, "battle F5 F4", "roll B L")
    assert "ability poison 1" in texts(state)
    play(state, "ability poison 1")
    assert x.poisoned and x.figures == 2
    assert state.unit_at("F5").stored_lore == 0 and state.bank.pool == 40  # 1 back to the pool
    assert state.bank.goblets == (0, 0)


def test_t_06_goblet_tokens_never_pay_an_ability() -> None:
    state = spider_attacks(goblets=(0, 5))
    play(state, "battle F5 F4", "roll B L")
    assert texts(state) == ["ability web 1", "pass"]  # poison needs 2 creature Lore


def test_t_07_at_the_cap_the_new_lore_goes_to_the_goblet() -> None:
    state = scene(("h_gf_spear", "F4", 1), SP, lore=True, active=2, ordered=("F5",))
    state.unit_at("F5").stored_lore = 2
    play(state, "battle F5 F4", "roll G L", "pass")
    assert figures(state, "F4") == 3 and state.bank.goblets == (0, 1)
    assert state.unit_at("F5").stored_lore == 2
    other = scene(("h_gf_spear", "F4", 1), SP, lore=True, active=2, ordered=("F5",))
    other.unit_at("F5").stored_lore = 2
    play(other, "battle F5 F4", "roll G L", "ability poison 0", "store 1")
    assert other.unit_at("F4").poisoned and other.unit_at("F5").stored_lore == 1


def test_t_08_a_poisoned_unit_loses_a_figure_per_lore() -> None:
    state = scene(
        X, ("h_bf_sword", "G5", 2), ("h_bf_sword", "A1", 1), lore=True, active=2, ordered=("G5",)
    )
    x = state.unit_at("F4")
    x.poisoned, x.figures = True, 3
    play(state, "battle G5 F4", "roll B L L")
    assert figures(state, "F4") is None and state.banners == [0, 1]
    assert state.bank.goblets == (0, 0) and state.decision == "take-ground"


def test_t_09_arrows_bounce_and_the_spider_ignores_a_flag() -> None:
    state = attacked_spider(("h_gf_bow", "F2", 1))
    play(state, "battle F2 F5", "roll G F")
    assert state.decision == "roll" and state.battle is not None and state.battle.dice == 1
    play(state, "roll B")
    assert figures(state, "F5") == 1 and state.decision == "deal"  # ranged: no battle back


def test_t_10_knights_kill_the_spider_with_a_critical() -> None:
    state = attacked_spider(("h_rm_lance", "E4", 1), ("h_bf_sword", "A9", 2))
    play(state, "battle E4 F5", "roll G S F L")
    assert state.battle is not None and state.battle.dice == 2
    play(state, "roll G F")
    assert figures(state, "F5") is None and state.banners == [1, 0]
    assert state.bank.goblets == (2, 0)  # the kill and the `L`
    assert state.decision == "take-ground"


def test_t_11_an_idle_reroll_and_the_spider_battles_back() -> None:
    state = attacked_spider(X)
    play(state, "battle F4 F5", "roll G R R", "roll F")
    assert figures(state, "F5") == 1
    assert state.battle is not None and state.battle.back and state.battle.dice == 2


def test_t_12_the_spider_ignores_one_flag_and_retreats_two_hexes_per_other() -> None:
    state = attacked_spider(("h_rf_sword", "F4", 1))
    play(state, "battle F4 F5", "roll F F R B", "retreat F6", "retreat F7")
    assert figures(state, "F7") == 1 and state.decision == "take-ground"


def test_t_13_trample_clears_the_way() -> None:
    state = attacked_spider(
        ("h_rf_sword", "F4", 1), ("g_gf_brawler", "E6", 2, 2), ("h_gf_spear", "F6", 1, 2)
    )
    play(state, "battle F4 F5", "roll F F R B")
    assert figures(state, "E6") is None and figures(state, "F6") is None
    assert state.banners == [1, 1]
    play(state, "retreat F6", "retreat F7")
    assert figures(state, "F7") == 1


def test_t_14_trample_then_critical_risk_kills() -> None:
    state = attacked_spider(("h_rf_sword", "F4", 1), ("g_bf_sword", "E6", 2))
    from bitva.games.battlelore.field.board import hex_of

    terrain = list(state.field.terrain)
    terrain[hex_of("F6")] = "river"
    state.field.terrain = tuple(terrain)
    play(state, "battle F4 F5", "roll F F R B")
    assert figures(state, "E6") == 2
    assert state.battle is not None and state.battle.special == "risk" and state.battle.dice == 2
    play(state, "roll G R", "roll G")
    assert figures(state, "F5") is None and state.banners == [1, 0] and state.bank.goblets == (1, 0)


def test_t_15_no_exit_risk_survived_and_battle_back() -> None:
    state = scene(("c_giant_spider", "F9", 2), ("h_rf_sword", "F8", 1), lore=True)
    play(state, "battle F8 F9", "roll F F R R", "roll G B", "roll R")
    assert figures(state, "F9") == 1
    assert state.battle is not None and state.battle.back


def test_t_16_bl_11_2_a_creature_out_of_its_section_for_three_tokens() -> None:
    state = scene(
        ("h_bf_sword", "F7", 2), ("c_giant_spider", "I6", 2), ("h_bm_lance", "B8", 2), X,
        lore=True, active=2, phase="command", ordered=(), orders=None,
        hands=([], ["PATROL_C", "MOUNTED_CHARGE"]), goblets=(0, 5),
    )  # fmt: skip
    play(state, "play PATROL_C")
    assert "order I6 pay" in texts(state) and "order F7" in texts(state)
    play(state, "order F7", "order I6 pay")
    assert state.bank.goblets == (0, 2) and state.unit_at("I6").ordered
    poor = scene(
        ("h_bf_sword", "F7", 2), ("c_giant_spider", "I6", 2), X,
        lore=True, active=2, phase="command", ordered=(), orders=None,
        hands=([], ["PATROL_C"]), goblets=(0, 2),
    )  # fmt: skip
    play(poor, "play PATROL_C")
    assert "order I6 pay" not in texts(poor)
    charge = scene(
        ("h_bm_lance", "B8", 2), ("c_giant_spider", "I6", 2), X,
        lore=True, active=2, phase="command", ordered=(), orders=None,
        hands=([], ["MOUNTED_CHARGE"]), goblets=(0, 5),
    )  # fmt: skip
    play(charge, "play MOUNTED_CHARGE")
    assert not any("I6" in t for t in texts(charge))


def test_bl_11_9_a_webbed_unit_is_freed_for_one_token() -> None:
    state = scene(
        X,
        ("h_bf_sword", "F6", 2),
        lore=True,
        phase="command",
        ordered=(),
        orders=None,
        hands=(["PATROL_C"], []),
        goblets=(1, 0),
    )
    state.unit_at("F4").webbed = True
    play(state, "play PATROL_C")
    assert texts(state) == ["free F4", "done"]
    play(state, "free F4")
    assert not state.unit_at("F4").webbed and state.bank.goblets == (0, 0)
    assert state.decision == "move"
