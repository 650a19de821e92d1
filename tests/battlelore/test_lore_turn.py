"""The Lore cards' set-up and the end of a Lore turn (BL-14.3, BL-14.5, BL-15.2, BL-15.3, D-34,
D-35), tokens from rolls (BL-12.2, BL-12.4), and the worked examples T-33, T-34, T-36, T-38."""

from __future__ import annotations

from bitva.core import Rng
from bitva.games.battlelore.game import GAME
from bitva.games.battlelore.lore import deck as lore_deck
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import play, scene, texts


def dealt_a02(seed: int = 3) -> BattleLoreState:
    state = GAME.new({"adventure": "A02"}, seed)
    while state.decision in ("deal", "lore-box"):
        state.apply(state.sample_chance(Rng(seed)))
    return state


def test_t_34_the_a02_deck_and_the_starting_cards() -> None:
    state = dealt_a02()
    assert len(state.hands[1]) == 5 and len(state.hands[2]) == 4
    assert state.decision == "lore-deal" and lore_deck.size(state) == 35
    assert state.bank.goblets == (2, 2) and state.bank.pool == 56
    events = state.apply(state.sample_chance(Rng(1)))
    assert "card" not in events[0].for_seat(2) and "card" in events[0].for_seat(1)
    while state.decision == "lore-deal":
        state.apply(state.sample_chance(Rng(2)))
    assert state.decision == "keep-lore" and state.current_player == 1
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    assert state.current_player == 2
    for _ in range(2):
        state.apply(state.legal_actions()[-1])
    assert lore_deck.size(state) == 31 and state.decision == "command"
    assert len(state.lore_hands[1]) == 2 and len(state.lore_hands[2]) == 2


def refill_scene(**kw: object) -> BattleLoreState:
    state = scene(("h_bf_sword", "B2", 1), ("h_bf_sword", "F9", 2), lore=True, phase="battle", **kw)  # type: ignore[arg-type]
    object.__setattr__(state, "static", _with_council(state, {"wizard": 1}))
    state.councils = [{"wizard": 1}, {}]
    lore_deck.gather(state)
    state.lore_to_box = (0, 0, 0, 0)  # no card boxed: the draws the tests force are in the deck
    return state


def _with_council(state: BattleLoreState, council: dict[str, int]) -> object:
    from dataclasses import replace

    return replace(state.static, councils=(council, {}))


def test_t_33_refill_a_keeps_one_then_the_hand_limit() -> None:
    state = refill_scene()
    state.lore_hands[1] = ["WZ01", "WZ02"]
    play(state, "done", "deal PATROL_C")
    assert state.decision == "refill" and texts(state) == ["refill a", "refill b", "refill c"]
    play(state, "refill a", "lore-deal WZ03")
    assert state.decision == "lore-deal"
    assert "refill b" not in texts(state)  # the option is never switched after a card is seen
    play(state, "lore-deal WZ04")
    assert texts(state) == ["discard WZ03", "discard WZ04"]
    play(state, "discard WZ04")
    assert state.decision == "discard"  # 3 cards, Wizard 1 holds 2 (BL-14.5)
    play(state, "discard WZ01")
    assert state.lore_hands[1] == ["WZ02", "WZ03"] and state.lore_discard == ["WZ04", "WZ01"]
    assert state.active == 2 and state.decision == "command"


def test_bl_15_2_refill_b_and_c_take_tokens() -> None:
    state = refill_scene()
    play(state, "done", "deal PATROL_C", "refill c")
    assert state.bank.goblets == (2, 0) and state.decision == "command"
    other = refill_scene()
    play(other, "done", "deal PATROL_C", "refill b", "lore-deal CL01")
    assert other.bank.goblets == (1, 0) and other.lore_hands[1] == ["CL01"]


def test_bl_15_3_a_card_in_the_opponents_turn_still_refills_at_the_end_of_the_own_next() -> None:
    """BL-15.3 (issue 21.2; the seed: "nedostane možnost k doplnění … až do konce svého
    následujícího kola"): North plays Mass Defense (CL03) in South's turn; South refills at the
    end of that turn, North gets no refill before the end of his own next turn, and then he
    refills as usual."""
    state = scene(
        ("h_bf_sword", "F4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "A9", 2),
        lore=True, phase="battle", hands=(["PATROL_C"], ["PATROL_C"]), goblets=(0, 3),
    )  # fmt: skip
    state.councils = [{"wizard": 1}, {"cleric": 1}]
    state.lore_hands = {1: [], 2: ["CL03"]}
    play(state, "battle F4 F5", "pass", "roll G G G")
    assert state.decision == "react" and "lore CL03 F5" in texts(state)
    play(state, "lore CL03 F5", "deal SCOUT_L")
    assert state.decision == "refill" and state.current_player == 1  # South's own refill
    play(state, "refill c", "play PATROL_C", "done", "deal SCOUT_C")
    assert state.active == 2 and state.decision == "refill"  # the end of North's next turn
    assert texts(state) == ["refill a", "refill b", "refill c"]
    play(state, "refill c")
    assert state.active == 1 and state.decision == "command" and state.bank.goblets[1] == 2


def test_d_35_an_empty_lore_deck_is_rebuilt_from_its_discards() -> None:
    state = refill_scene()
    state.lore_deck = {}
    state.lore_discard = ["WZ05", "CL02"]
    play(state, "done", "deal PATROL_C", "refill b")
    assert state.decision == "lore-deal" and state.lore_discard == []
    assert sorted(str(a) for a, _ in state.chance_outcomes()) == [
        "lore-deal CL02",
        "lore-deal WZ05",
    ]


def test_bl_12_4_an_unused_lore_face_gives_the_roller_a_token() -> None:
    state = scene(
        ("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "A9", 2), lore=True
    )
    play(state, "battle F4 F5", "roll L L G G")
    assert state.bank.goblets == (2, 0) and state.bank.pool == 38


def test_t_36_an_empty_pool_gives_nothing_and_stores_nothing() -> None:
    state = scene(
        ("h_rf_sword", "F4", 1),
        ("c_giant_spider", "F5", 2),
        ("h_bf_sword", "A9", 2),
        lore=True,
        pool=0,
    )
    play(state, "battle F4 F5", "roll L G G G")
    assert state.bank.goblets == (0, 0)
    spider = scene(
        ("h_bf_sword", "F4", 1),
        ("c_giant_spider", "F5", 2),
        lore=True,
        pool=0,
        active=2,
        ordered=("F5",),
    )
    play(spider, "battle F5 F4", "roll L R", "pass")
    assert spider.unit_at("F5").stored_lore == 0 and spider.bank.goblets == (0, 0)


def test_t_38_d_27_in_a_basic_adventure_lore_is_a_miss() -> None:
    state = scene(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "A9", 2))
    play(state, "battle F4 F5", "roll L L L L")
    assert state.bank.goblets == (0, 0) and state.unit_at("F5").figures == 4


def test_bl_9_3_lore_master_landmarks_are_placed_at_set_up_south_first() -> None:
    state = GAME.new({"adventure": "A04"}, 5)
    rng = Rng(5)
    while state.decision in ("deal", "lore-box", "lore-deal", "keep-lore"):
        state.apply(state.sample_chance(rng) if state.is_chance else state.legal_actions()[0])
    assert state.decision == "landmark" and state.current_player == 1
    choice = texts(state)[0]
    play(state, choice)
    assert state.view(None)["landmarks"][choice.split()[1]] == "wizard_tower"
    assert state.decision == "landmark" and state.current_player == 2
    play(state, texts(state)[0])
    assert state.decision == "command" and len(state.landmark_owned) == 2


def test_bl_14_1_the_intro_variant_a_level_1_wizard_each() -> None:
    state = GAME.new({"adventure": "A02", "councils": "intro"}, 2)
    assert state.councils == [{"wizard": 1}, {"wizard": 1}]
    assert state.bank.goblets == (1, 1)
    rng = Rng(2)
    while state.decision in ("deal", "lore-box"):
        state.apply(state.sample_chance(rng))
    assert lore_deck.size(state) == 15  # the 15 Wizard cards
    while state.decision == "lore-deal":
        state.apply(state.sample_chance(rng))
    assert state.keep_left == {1: 1, 2: 1}


def test_bl_14_6_d_37_custom_councils_are_chosen_in_secret() -> None:
    state = GAME.new({"adventure": "A02", "councils": "custom", "custom_levels": "6,4"}, 1)
    assert state.decision == "council" and state.current_player == 1
    assert "council commander=3 wizard=3" in texts(state)
    assert all(sum(int(w.split("=")[1]) for w in a.args) == 6 for a in state.legal_actions())
    play(state, "council commander=2 cleric=2 wizard=2")
    assert state.current_player == 2 and state.view(2)["sides"]["1"]["council"] is None
    assert state.view(1)["sides"]["1"]["council"] == {"commander": 2, "cleric": 2, "wizard": 2}
    play(state, "council commander=1 warrior=3")
    assert state.view(2)["sides"]["1"]["council"] == {"commander": 2, "cleric": 2, "wizard": 2}
    assert state.decision == "deal" and state.deal_to.count(1) == 5 and state.deal_to.count(2) == 4
    assert state.bank.goblets == (2, 3)


def test_bl_15_3_a_save_from_before_issue_21_with_no_refill_still_loads() -> None:
    """Saves written before issue 21 hold the dropped BL-15.3 flag `no_refill`: it loads, and
    means nothing (the state is the same as without it)."""
    from bitva.games.battlelore.deserialize import state_from_json
    from bitva.games.battlelore.serialize import state_to_json

    state = refill_scene()
    old = {**state_to_json(state), "no_refill": [True, False]}
    loaded = state_from_json(old)
    assert state_to_json(loaded) == state_to_json(state) and "no_refill" not in state_to_json(state)
