"""The Lore wiring's helpers: carrying out the effects that act at once (lore/apply.py) on the
battlefield (Heal, Purify, Teleport, Snare, Sidestep) and on the tokens and cards in play
(Summon Lore, Pickpocket, Dispel, Foil: T-29, T-30), which effects last the turn or belong to a
step, and what a window offers (lore_cards.lore_actions, cheapest_for_window)."""

from __future__ import annotations

from bitva.games.battlelore.field.board import hex_of
from bitva.games.battlelore.lore.apply import lasting, on_field, on_tokens, step_effect
from bitva.games.battlelore.lore.cards import cheapest_for_window, lore_actions
from bitva.games.battlelore.lore.economy import LoreBank, PlayedCard, in_force
from bitva.games.battlelore.lore.effects import (
    BoldBonus,
    CancelCard,
    EndMove,
    ExtraDice,
    FewerOrders,
    GainTokens,
    Heal,
    IgnoreStops,
    LoreDice,
    OrderAnywhere,
    PlaceUnit,
    RemoveMarker,
    RetreatNow,
    StrikeFirst,
    TakeTokens,
)
from bitva.games.battlelore.lore.targets import Moment
from tests.battlelore.lore_helpers import at, field


def test_cl02_heal_and_cl07_purify_act_on_the_field_at_once() -> None:
    f = field(("h_bf_sword", "F4", 1, 2), ("h_bf_sword", "G4", 1, 3))
    x, y = at(f, "F4"), at(f, "G4")
    x.webbed = x.poisoned = True
    assert on_field(f, Heal(x.uid, 3)) and x.figures == 4  # never above its strength
    assert on_field(f, Heal(y.uid, 1)) and y.figures == 4
    assert on_field(f, RemoveMarker(x.uid, "web")) and not x.webbed and x.poisoned
    assert on_field(f, RemoveMarker(x.uid, "poison")) and not x.poisoned
    assert not on_field(f, GainTokens(1, 2))  # not a battlefield effect


def test_wz06_teleport_is_the_units_move_and_the_arrival_terrain_applies() -> None:
    f = field(("h_bf_sword", "F4", 1), landmarks={"F2": "fortification"}, terrain={"H4": "forest"})
    x = at(f, "F4")
    assert on_field(f, PlaceUnit(x.uid, hex_of("F2")))
    assert f.unit_at(hex_of("F2")) is x and f.at[hex_of("F4")] is None
    assert x.moved and x.move_stopped and x.entered_landmark  # no battle after a landmark
    g = field(("h_bf_sword", "F4", 1), terrain={"H4": "forest"})
    y = at(g, "F4")
    on_field(g, PlaceUnit(y.uid, hex_of("H4")))
    assert y.entered_stop and not y.entered_landmark  # no follow-on moves out of a forest


def test_rg07_snare_and_rg03_sidestep_on_the_field() -> None:
    f = field(("h_bf_sword", "F4", 1), ("h_rf_sword", "F5", 2))
    x, enemy = at(f, "F4"), at(f, "F5")
    assert on_field(f, EndMove(enemy.uid)) and enemy.move_stopped and not enemy.battled
    assert on_field(f, RetreatNow(x.uid, hex_of("F3"))) and x.hex == hex_of("F3")
    assert on_field(f, RetreatNow(x.uid, None)) and x.hex == hex_of("F3")  # nowhere: no effect
    assert not x.entered_stop


def test_t_29_dispel_carried_out_on_the_tokens_and_the_cards() -> None:
    bank = LoreBank(pool=40, goblets=(1, 2), on_cards=8)  # both have paid 4
    played = (PlayedCard("WZ03", 2, 4, 1), PlayedCard("WZ05", 1, 4, 1))
    done = on_tokens(bank, CancelCard("WZ03", 2, whole=True, refund=True), played)
    assert done is not None
    bank, after = done
    assert bank.goblets == (1, 6) and after[0].cancelled and after[1].in_force
    assert bank.cleanup().pool == 44


def test_t_30_foil_carried_out_no_refund() -> None:
    bank = LoreBank(pool=40, goblets=(3, 3), on_cards=4)
    played = (PlayedCard("WR02", 2, 2, 1), PlayedCard("RG02", 1, 2, 1))
    done = on_tokens(bank, CancelCard("WR02", 2, whole=False, refund=False), played)
    assert done is not None
    bank_after, after = done
    assert bank_after == bank and after[0].foiled and not after[0].in_force
    assert [p.card for p in in_force(after)] == ["RG02"]


def test_wz02_and_rg01_tokens_as_far_as_they_go() -> None:
    bank = LoreBank(pool=1, goblets=(0, 1))
    done = on_tokens(bank, GainTokens(1, 2), ())
    assert done is not None and done[0].goblets == (1, 1) and done[0].pool == 0
    done = on_tokens(done[0], TakeTokens(2, 2), ())
    assert done is not None and done[0].goblets == (2, 0)
    assert on_tokens(bank, Heal(0, 1), ()) is None


def test_lasting_and_step_effects_are_told_apart() -> None:
    assert lasting(ExtraDice(0, 1, "any", 1)) and lasting(IgnoreStops((0,), frozenset()))
    assert not lasting(Heal(0, 1))
    assert step_effect(LoreDice(0, 2, frozenset({"helmet", "L"}))) and step_effect(FewerOrders(1))
    assert step_effect(StrikeFirst(0, 1)) and step_effect(OrderAnywhere(2))
    assert not step_effect(GainTokens(1, 1)) and not step_effect(BoldBonus((0,), 1))


# -- what a window offers (lore_cards.lore_actions, cheapest_for_window) ------------------------


def test_bl_13_3_a_window_offers_each_playable_card_with_its_targets_as_action_text() -> None:
    f = field(("h_bf_sword", "F4", 1), ("h_bf_sword", "F6", 2), ordered=("F4",))
    m = Moment(f, 1, 1, 1, goblets=(3, 0))
    hand = ["WZ01", "CL01", "CL01", "WR01"]
    council = {"cleric": 2, "wizard": 1}
    at_command = lore_actions(hand, council, m, "CMD", played_this_turn=False)
    assert [text for _, _, text in at_command] == ["lore WZ01 F6"]
    melee = lore_actions(hand, council, m, "BAT_MELEE", played_this_turn=False)
    # Blessing at Cleric 2 (cost 2); Strength without a Warrior costs 5: not with 3 tokens
    assert [text for _, _, text in melee] == ["lore CL01 F4"]
    assert lore_actions(hand, council, m, "BAT_MELEE", played_this_turn=True) == []
    rich = Moment(f, 1, 1, 1, goblets=(5, 0))
    texts = [
        text
        for _, _, text in lore_actions(hand, council, rich, "BAT_MELEE", played_this_turn=False)
    ]
    assert texts == ["lore CL01 F4", "lore WR01 F4"]


def test_bl_13_6_the_opponent_is_offered_reaction_cards_only() -> None:
    f = field(("h_bf_sword", "F4", 1), ("h_rf_sword", "F5", 2))
    x, enemy = at(f, "F4").uid, at(f, "F5").uid
    m = Moment(f, 2, 1, 1, attacker=x, defender=enemy, melee=True, goblets=(0, 9))
    offered = lore_actions(
        ["WR02", "RG03", "CL01"],
        {"warrior": 1, "rogue": 1},
        m,
        "ROLL_BEFORE",
        played_this_turn=False,
    )
    assert [text for _, _, text in offered] == [
        "lore RG03 F5 E6",
        "lore RG03 F5 F6",
        "lore WR02 F5",
    ]  # not Blessing: never in the opponent's turn


def test_a_window_opens_by_public_criteria_the_cheapest_card_of_its_phase() -> None:
    assert cheapest_for_window("ROLL_AFTER", {"cleric": 1}) == 3  # Mass Defense
    assert cheapest_for_window("ROLL_AFTER", {"wizard": 1}) == 6  # +3 without a Cleric
    assert cheapest_for_window("LORE_REACT", {"rogue": 1}, paid_by_target=4) == 2  # Foil
    assert cheapest_for_window("LORE_REACT", {"wizard": 1}, paid_by_target=1) == 1  # Dispel
    assert cheapest_for_window("ORD_OWN", {"wizard": 1}) is None  # no shipped card (BL-2.5)
