"""The Lore economy (BL-12, D-18, D-19, D-33), casting (BL-13.5, BL-14.4), the play limits
and phases (BL-13.3, BL-13.6, BL-13.7), the refill (BL-15.2, D-35, D-46) and the hand
limit (BL-14.5), with T-27, T-28, T-29, T-33, T-36 and T-37."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bitva.core.errors import IllegalAction
from bitva.games.battlelore.lore.economy import (
    SUPPLY,
    LoreBank,
    PlayedCard,
    Refill,
    casting,
    check_payment,
    check_phase,
    check_timing,
    deck_for_draw,
    end_of_turn_steps,
    excess_cards,
    fits,
    in_force,
    lore_faces,
    new_bank,
    replaces_command,
    start_refill,
)


@dataclass(frozen=True)
class Card:
    id: str
    schools: tuple[str, ...]
    cost: int | None
    phase: str
    reaction: bool


CREEPING_DOOM = Card("WZ04", ("wizard",), 9, "CMD_INSTEAD", False)
BLESSING = Card("CL01", ("cleric",), 2, "BAT_ANY", False)
STRENGTH = Card("WR01", ("warrior",), 2, "BAT_MELEE", False)
DISPEL = Card("WZ05", ("wizard",), None, "LORE_REACT", True)
MASS_DEFENSE = Card("CL03", ("cleric",), 3, "ROLL_AFTER", True)
SANCTUARY = Card("CL06", ("cleric",), 2, "CMD_REACT", True)
FIRE_BOLT = Card("WZ01", ("wizard",), 2, "CMD_INSTEAD", False)


# -- BL-12, D-33: the tokens -----------------------------------------------------------------


def test_d_33_the_supply_is_sixty_and_never_changes() -> None:
    bank = new_bank(2, 2)
    assert SUPPLY == 60 and bank.pool == 56 and bank.supply == 60
    bank, _ = bank.gain(1, 3)
    bank = bank.pay_card(1, 4).pay_pool(2, 1, "freeing a web", "BL-11.9")
    bank, _ = bank.store()
    bank = bank.release(1).refund(1, 2).cleanup()
    assert bank.supply == 60
    assert new_bank(1, 1, supply=10).pool == 8  # the adventure may override the supply
    with pytest.raises(ValueError, match="supply is 3"):
        new_bank(2, 2, supply=3)


def test_bl_12_1_goblets_are_counted_per_seat() -> None:
    bank = LoreBank(pool=10, goblets=(4, 1))
    assert bank.goblet(1) == 4 and bank.goblet(2) == 1


def test_bl_12_2_gains_from_an_empty_pool_give_nothing() -> None:
    bank = LoreBank(pool=0, goblets=(3, 3))
    after, taken = bank.gain(1, 2)
    assert taken == 0 and after == bank
    # BL-13.8: a short pool gives as far as it goes
    after, taken = LoreBank(pool=1, goblets=(0, 0)).gain(2, 3)
    assert taken == 1 and after.goblets == (0, 1) and after.pool == 0


def test_bl_12_2_the_pool_refills_when_tokens_are_paid_into_it_or_at_cleanup() -> None:
    bank = LoreBank(pool=0, goblets=(5, 0))
    bank = bank.pay_card(1, 2)
    assert bank.pool == 0 and bank.on_cards == 2  # on the card until cleanup
    bank = bank.pay_pool(1, 3, "ordering a creature out of its section", "BL-11.2")
    assert bank.pool == 3
    assert bank.cleanup().pool == 5


def test_t_36_empty_pool_rolled_l_gives_no_token_and_nothing_is_stored() -> None:
    bank = LoreBank(pool=0, goblets=(2, 2))
    faces = lore_faces(1)
    assert faces.tokens == 1  # the roller is owed one...
    after, taken = bank.gain(1, faces.tokens)
    assert taken == 0 and after.goblets == (2, 2)  # ...and the empty pool gives nothing
    stored_bank, stored = bank.store()
    assert not stored and stored_bank.stored == 0  # no stacking until cleanup (D-22)


def test_bl_12_3_a_kill_gives_one_token_from_the_pool() -> None:
    bank, taken = LoreBank(pool=5, goblets=(0, 0)).gain(1, 1)
    assert taken == 1 and bank.goblet(1) == 1


# -- BL-12.4, D-18, D-19: the L faces of a roll ------------------------------------------------


def test_bl_12_4_unused_l_gives_the_roller_a_token_each() -> None:
    assert lore_faces(2).tokens == 2
    assert lore_faces(0).tokens == 0


def test_bl_12_4_a_creature_using_an_l_takes_no_token_for_it() -> None:
    faces = lore_faces(2, creature_used=1)
    assert (faces.creature_used, faces.tokens) == (1, 1)
    with pytest.raises(ValueError, match="0 to 2"):
        lore_faces(2, creature_used=3)


def test_d_19_an_l_feeding_effects_gives_no_token() -> None:
    faces = lore_faces(2, keyed_effects=True, creature_used=1)
    assert faces.fed_effects == 2 and faces.tokens == 0


def test_d_18_panic_critical_and_lore_card_dice_give_no_tokens() -> None:
    for kind in ("panic", "critical", "lore_card"):
        assert lore_faces(3, kind=kind).tokens == 0  # type: ignore[arg-type]


def test_bl_5_1_outside_a_lore_adventure_l_is_a_miss() -> None:
    assert lore_faces(2, lore_adventure=False) == lore_faces(0)


# -- BL-13.5, BL-14.4: casting ----------------------------------------------------------------


def test_t_27_creeping_doom_without_a_wizard_costs_twelve_at_level_one() -> None:
    council = {"cleric": 3}
    cast = casting(CREEPING_DOOM, council)
    assert (cast.cost, cast.level, cast.master, cast.surcharge) == (12, 1, None, 3)
    assert check_payment(12, cast) is None
    refused = check_payment(11, cast)
    assert refused is not None and refused.rule == "BL-13.5" and "3 more" in refused.message


def test_t_28_blessing_versus_strength_for_a_lone_cleric_two() -> None:
    council = {"commander": 1, "cleric": 2}
    blessing, strength = casting(BLESSING, council), casting(STRENGTH, council)
    assert (blessing.cost, blessing.level) == (2, 2)
    assert (strength.cost, strength.level) == (5, 1)


def test_bl_14_4_a_multi_school_card_uses_the_highest_matching_master() -> None:
    card = Card("XX01", ("rogue", "warrior"), 2, "CMD_WITH", False)
    cast = casting(card, {"rogue": 1, "warrior": 3, "wizard": 3})
    assert (cast.cost, cast.level, cast.master) == (2, 3, "warrior")
    # the Commander's levels never help a Lore card
    assert casting(card, {"commander": 3}).level == 1


def test_bl_13_5_a_question_mark_cost_is_set_by_the_effect() -> None:
    assert casting(DISPEL, {"wizard": 1}, paid_by_target=4).cost == 4
    assert casting(DISPEL, {"cleric": 1}, paid_by_target=4).cost == 7  # +3 without a Wizard


def test_bl_13_5_payment_goes_onto_the_card_and_to_the_pool_at_cleanup() -> None:
    bank = LoreBank(pool=50, goblets=(5, 5))
    bank = bank.pay_card(1, 2)
    assert bank.goblets == (3, 5) and bank.on_cards == 2 and bank.pool == 50
    assert bank.cleanup().pool == 52 and bank.cleanup().on_cards == 0
    with pytest.raises(IllegalAction, match="goblet holds 3") as refused:
        bank.pay_card(1, 4)
    assert refused.value.rule == "BL-13.5"


def test_t_29_dispel_arithmetic() -> None:
    bank = LoreBank(pool=40, goblets=(5, 6))
    river_rage = PlayedCard("WZ03", seat=2, paid=4, level=1)
    bank = bank.pay_card(2, river_rage.paid)  # North plays River Rage
    dispel = casting(DISPEL, {"wizard": 1}, paid_by_target=river_rage.paid)
    assert dispel.cost == 4
    bank = bank.pay_card(1, dispel.cost)  # South dispels it...
    bank = bank.refund(2, river_rage.paid)  # ...and North's payment goes back
    assert bank.goblets == (1, 6) and bank.on_cards == 4
    assert bank.cleanup().pool == 44  # pool +4 at cleanup


def test_bl_13_8_pickpocket_takes_only_what_the_goblet_holds() -> None:
    bank, moved = LoreBank(pool=10, goblets=(0, 1)).take(2, 2)
    assert moved == 1 and bank.goblets == (1, 0)
    bank, moved = bank.take(1, 1)
    assert moved == 1 and bank.goblets == (0, 1)


# -- BL-13.3, BL-13.6, BL-13.7: when cards may be played --------------------------------------


def test_bl_13_6_one_card_in_your_turn_and_one_in_the_opponent_turn() -> None:
    assert check_timing(FIRE_BOLT, seat=1, active=1, played_this_turn=False) is None
    again = check_timing(BLESSING, seat=1, active=1, played_this_turn=True)
    assert again is not None and again.rule == "BL-13.6" and "own turn" in again.message
    answer = check_timing(MASS_DEFENSE, seat=2, active=1, played_this_turn=False)
    assert answer is None
    twice = check_timing(MASS_DEFENSE, seat=2, active=1, played_this_turn=True)
    assert twice is not None and "opponent's turn" in twice.message


def test_bl_13_6_non_reaction_cards_never_in_the_opponent_turn() -> None:
    found = check_timing(BLESSING, seat=2, active=1, played_this_turn=False)
    assert found is not None and "only reaction cards" in found.message
    # a reaction card may be played in your own turn, in its phase
    assert check_timing(MASS_DEFENSE, seat=1, active=1, played_this_turn=False) is None


def test_bl_13_3_cards_are_played_only_in_their_phase() -> None:
    assert fits("BAT_ANY", "BAT_MELEE") and fits("BAT_ANY", "BAT_RANGED")
    assert fits("BAT_MELEE", "BAT_MELEE") and not fits("BAT_MELEE", "BAT_RANGED")
    assert not fits("BAT_RANGED", "BAT_MELEE")
    assert fits("CMD_WITH", "CMD") and fits("CMD_INSTEAD", "CMD")
    assert not fits("ROLL_AFTER", "ROLL_BEFORE") and not fits("LORE_REACT", "CMD_REACT")
    wrong = check_phase(MASS_DEFENSE, "ROLL_BEFORE")
    assert wrong is not None and wrong.rule == "BL-13.3" and "ROLL_AFTER" in wrong.message


def test_bl_13_3_cmd_react_never_answers_a_card_played_instead() -> None:
    assert check_phase(SANCTUARY, "CMD_REACT") is None
    refused = check_phase(SANCTUARY, "CMD_REACT", after_instead=True)
    assert refused is not None and "instead" in refused.message


def test_bl_13_7_later_cards_beat_earlier_and_stopped_cards_drop_out() -> None:
    played = (
        PlayedCard("WR02", 2, 2, 1),
        PlayedCard("RG02", 1, 2, 1),
        PlayedCard("WZ03", 2, 4, 1, cancelled=True),
    )
    assert [p.card for p in in_force(played)] == ["WR02", "RG02"]
    foiled = (PlayedCard("WR02", 2, 2, 1, foiled=True), PlayedCard("RG02", 1, 2, 1))
    assert [p.card for p in in_force(foiled)] == ["RG02"]


# -- BL-15.2, BL-15.3, D-35, D-46, BL-14.5: the end of the turn --------------------------------


def test_bl_15_2_the_three_refill_options() -> None:
    a, b, c = (start_refill(o) for o in "abc")
    assert isinstance(a, Refill) and (a.to_draw, a.keep, a.tokens) == (2, 1, 0)
    assert isinstance(b, Refill) and (b.to_draw, b.keep, b.tokens) == (1, 1, 1)
    assert isinstance(c, Refill) and (c.to_draw, c.keep, c.tokens) == (0, 0, 2)
    bad = start_refill("d")
    assert not isinstance(bad, Refill) and bad.rule == "BL-15.2"


def test_t_33_option_a_keeps_one_of_two_and_may_not_switch_after_a_card_is_seen() -> None:
    refill = start_refill("a")
    assert isinstance(refill, Refill)
    refill = refill.draw("WZ02")
    switched = refill.switch("c")  # seeing WZ02, the player would rather take tokens
    assert switched.rule == "BL-15.2" and "cannot be changed" in switched.message
    early = refill.check_discard("WZ02")
    assert early is not None and "draw both" in early.message
    refill = refill.draw("WZ06")
    assert refill.to_draw == 0
    with pytest.raises(ValueError, match="no more cards"):
        refill.draw("WZ07")
    assert refill.check_discard("WZ06") is None
    assert refill.check_discard("CL01") is not None
    # Wizard 1 holding 2 and keeping 1 of the 2 drawn: 3 cards, 1 over the limit of 2
    assert excess_cards(2 + refill.keep, {"wizard": 1}) == 1
    option_b = start_refill("b")
    assert isinstance(option_b, Refill) and option_b.check_discard("WZ02") is not None


def test_bl_14_5_discard_excess_at_once() -> None:
    assert excess_cards(3, {"wizard": 2}) == 0
    assert excess_cards(5, {"wizard": 2}) == 2
    assert excess_cards(2, {"commander": 3}) == 1  # D-36: 1 card without a Lore master


def test_d_35_an_empty_lore_deck_is_rebuilt_from_its_discards() -> None:
    assert deck_for_draw(["WZ01"], ["CL01"]) == (False, 1)
    assert deck_for_draw([], ["CL01", "RG02"]) == (True, 2)
    assert deck_for_draw([], []) == (False, 0)  # nothing to draw: as far as it goes


def test_t_37_and_d_46_a_card_instead_skips_only_the_command_draw() -> None:
    assert replaces_command(FIRE_BOLT.phase)
    assert not replaces_command(BLESSING.phase)
    steps = end_of_turn_steps(played_instead=replaces_command(FIRE_BOLT.phase), lore_adventure=True)
    assert steps == ("refill", "cleanup")  # no Command draw; the Lore refill still happens
    assert isinstance(start_refill("b"), Refill)


def test_d_34_end_of_turn_is_command_draw_then_lore_refill_then_cleanup() -> None:
    assert end_of_turn_steps(played_instead=False, lore_adventure=True) == (
        "draw",
        "refill",
        "cleanup",
    )
    assert end_of_turn_steps(played_instead=False, lore_adventure=False) == ("draw", "cleanup")


def test_t_16_a_creature_ordered_out_of_its_section_costs_three_tokens_to_the_pool() -> None:
    bank = LoreBank(pool=40, goblets=(0, 5))
    paid = bank.pay_pool(2, 3, "ordering a creature out of its section", "BL-11.2")
    assert paid.goblets == (0, 2) and paid.pool == 43  # into the pool at once (BL-11.2)
    with pytest.raises(IllegalAction, match="goblet holds 2") as refused:
        paid.pay_pool(2, 3, "ordering a creature out of its section", "BL-11.2")
    assert refused.value.rule == "BL-11.2"
