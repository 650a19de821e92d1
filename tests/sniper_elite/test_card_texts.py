"""The cards' words for the player (content, 11.3, 11.6, SE-1.3): every order and equipment card
carries what it does in English and Czech, validated at load (a card without its text is a load
error naming the file and the field), and the front ends name entry points as a player reads
the map (SE-2.10), never by their ids."""

from __future__ import annotations

from typing import Any

import pytest

from bitva.cli.games.sniper_elite import ADAPTER, round_of
from bitva.cli.games.sniper_elite_words import (
    action_label,
    card_help,
    describe_event,
    entry_words,
    find_card,
    percent,
    question,
)
from bitva.core.errors import ContentError
from bitva.games.sniper_elite.catalogue import (
    EquipmentFile,
    OrdersFile,
    parse_toml,
    shipped_content,
)
from bitva.server.games.sniper_elite import cards

GRAPNEL = """[[equipment]]
id = "GRAPNEL"
name = "Grapnel"
name_cs = "Hák s lanem"
timing = "before_move"
short = { en = "climb without a ladder", cs = "šplhání bez žebříku" }
"""


def test_se_11_6_every_equipment_card_says_what_it_does_in_both_languages() -> None:
    equipment = shipped_content().equipment
    assert len(equipment) == 10 and sum(card.copies for card in equipment) == 12
    for card in equipment:
        for words in (card.text, card.short):
            assert words.en.strip() and words.cs.strip()
        assert card.name_cs and card.name_cs != card.name
        # the timing is said in words (11.5): before the move, before a shot, between actions
        when = {"before_move": "before your move", "before_shot": "before a shot"}
        assert when.get(card.timing, "between your actions") in card.text.en
        assert not any(f"SE-{n}" in card.text.en + card.text.cs for n in range(1, 14))


def test_se_11_3_every_order_card_says_what_it_does_in_both_languages() -> None:
    orders = shipped_content().orders
    assert len(orders) == 15
    for card in orders:
        assert card.text.en.strip() and card.text.cs.strip() and card.name_cs
    # the seed's Czech names where it prints them
    names = {card.id: card.name_cs for card in orders}
    assert names["ENCIRCLEMENT"] == "Obklíčení" and names["LAUNCH_BASE"] == "Odpalovací základna"
    assert names["ON_GUARD"] == "Na stráži"
    kit = {card.id: card.name_cs for card in shipped_content().equipment}
    assert kit["NOISE_MASKING"] == "Maskování hluku" and kit["SILENT_ROUNDS"] == "Tiché náboje"


def test_se_1_3_a_card_without_its_text_is_a_load_error_naming_file_and_field() -> None:
    with pytest.raises(ContentError) as missing:
        parse_toml(GRAPNEL, "equipment.toml", EquipmentFile)
    assert str(missing.value) == "equipment.toml: equipment.0.text: Field required"
    blank = GRAPNEL + 'text = { en = "Use it.", cs = "  " }\n'
    with pytest.raises(ContentError) as empty:
        parse_toml(blank, "equipment.toml", EquipmentFile)
    assert "equipment.toml: equipment.0.text.cs:" in str(empty.value)
    order = '[[order]]\nid = "FLARE"\nname = "Flare"\nname_cs = "Světlice"\n'
    order += 'steps = [{ op = "recon", who = "all" }]\n'
    with pytest.raises(ContentError) as untold:
        parse_toml(order, "orders.toml", OrdersFile)
    assert str(untold.value) == "orders.toml: order.0.text: Field required"


def test_se_6_8_the_terminal_tells_a_card_by_name_or_id() -> None:
    assert find_card("grapnel") == find_card("GRAPNEL") == "GRAPNEL"
    assert find_card("thrown stone") == "THROWN_STONE"
    said = card_help("smoke grenade")
    assert said.startswith("Smoke Grenade, equipment (SE-6.8, 11.6): Use between your actions.")
    assert card_help("Flare").startswith("Flare, an order card (SE-8): Every defender looks")
    assert card_help("parachute").startswith("No card is called 'parachute'. The cards:")


def test_se_6_6_the_loot_pick_says_what_each_card_does() -> None:
    assert action_label({}, "keep GRAPNEL") == "keep Grapnel (climb without a ladder)"


def test_se_2_10_entry_points_are_named_by_area_and_edge_not_by_id() -> None:
    assert entry_words("EK") == "the black entry point (north edge)"
    assert entry_words("ER") == "the red entry point (west edge)"
    assert entry_words("EY") == "the yellow entry point (south edge)"
    assert entry_words("EW") == "the white entry point (east edge)"
    moved = {"kind": "sniper-moved", "from": "EK", "to": "i1", "steps": 3, "rule": "SE-6.2"}
    assert describe_event(moved) == (
        "You step in from the black entry point (north edge) to i1 (3 steps) (SE-6.2)"
    )
    entered = {"kind": "entered", "entry": "EW", "area": "white", "rule": "SE-4.10"}
    assert describe_event(entered) == "You wait at the white entry point (east edge) (SE-4.10)"
    later = {"kind": "sniper-moved", "from": "d5", "to": "d6", "steps": 1, "rule": "SE-6.2"}
    assert describe_event(later) == "You move d5 → d6 (1 step) (SE-6.2)"


def test_se_11_6_the_browser_receives_every_card_in_both_languages() -> None:
    sent = cards()
    assert len(sent) == 25
    assert sent["GRAPNEL"]["name_cs"] == "Hák s lanem" and sent["GRAPNEL"]["short"]
    assert sent["FLARE"]["kind"] == "order" and sent["FLARE"]["text_cs"].startswith("Všichni")
    assert all(card["rule"] for card in sent.values())


def test_se_5_2_the_player_counts_rounds_not_the_engines_two_turns_a_round() -> None:
    """SE-5.2: the sniper's turn and the defenders' turn are two turns (each with its own hit
    cap); the player reads them as one round."""
    assert round_of(1) == round_of(2) == 1 and round_of(3) == 2
    begun = {"kind": "sniper-turn", "turn": 3, "rule": "SE-6.1"}
    assert describe_event(begun) == "— Round 2: your turn — (SE-6.1)"


def test_se_6_1_the_turns_question_names_only_what_is_left_to_do() -> None:
    view = {"decision": "turn", "sniper": "d5", "map": {"entries": {"EK": ["black", "k1"]}}}
    assert question(view, ["shoot", "shoot", "end"]) == "Your turn: shoot, or end it (SE-6.1)"
    every = ["move", "shoot", "loot", "use", "end"]
    said = "Your turn: move, shoot, loot, use equipment, or end it (SE-6.1)"
    assert question(view, every) == said
    assert question(view, ["end"]) == "Your turn: nothing more to do but end it (SE-6.1)"


def test_se_6_5_a_small_chance_to_hit_never_reads_as_none() -> None:
    assert percent(0.004) == "<1%" and percent(0.0) == "0%" and percent(0.686) == "69%"


def test_se_8_8_a_summoned_defender_is_said_to_be_summoned_not_to_walk() -> None:
    """SE-8.8, SE-8.12: a summon or regroup places a defender; a card move walks it (SE-8.9)."""
    events: list[dict[str, Any]] = [
        {"kind": "order-step", "card": "HUNTER_TEAMS", "step": 0, "op": "summon", "rule": "SE-8"},
        {"kind": "defender-moved", "defender": "Y2", "from": "n2", "to": "f2", "rule": "SE-8.10"},
        {"kind": "order-step", "card": "HUNTER_TEAMS", "step": 1, "op": "search", "rule": "SE-8"},
        {"kind": "order-resolved", "card": "ON_GUARD", "rule": "SE-7.4"},
        {"kind": "order-step", "card": "ON_GUARD", "step": 0, "op": "move", "rule": "SE-8"},
        {"kind": "defender-moved", "defender": "R1", "from": "a3", "to": "a5", "rule": "SE-8.10"},
        {"kind": "defender-moved", "defender": "K1", "from": "i2", "to": "c6", "rule": "SE-6.7"},
    ]
    lines = [line for line in ADAPTER.describe_events(events) if "→" in line]
    assert lines == [
        "Y2 is summoned n2 → f2 (SE-8.10)",
        "R1 moves a3 → a5 (SE-8.10)",
        "K1 is summoned i2 → c6 (SE-6.7)",
    ]
