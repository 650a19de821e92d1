"""The worked examples of rules section 13, one test each (D-2: cards with explicit arrows)."""

from __future__ import annotations

from bitva.games.lords_of_war.lines import analyse
from tests.lords_of_war.helpers import card, eliminated, legal, play, position

# Section 13's cards, written as in the rules: Name(owner, defence, arrows)
MARAUDER_STAR = card("veteran", "infantry", 4, front=1)
DEATHBRINGER = card("regular", "berserk", 2, front=5, front_right=3, front_left=3)
SLUGGER = card("recruit", "infantry", 3, front=3)
SHANKER = card("recruit", "infantry", 3, front=4, front_right=1)
RAVAGER = card("veteran", "infantry", 3, front=3, front_right=2, right=1, front_left=5)
CATAPULT_TARGETS = [[dx, dy] for dx in (-1, 0, 1) for dy in (1, 2, 3)]
CATAPULT = card("veteran", "ranged", 4, ranged=(4, CATAPULT_TARGETS), right=1, left=1)
DWARF_MARAUDER = card("veteran", "infantry", 4, front=4, left=1, front_left=2)


def example_1(**options: object):  # type: ignore[no-untyped-def]
    return position(
        board={"d4": (2, "Marauder*"), "e4": (2, "Dwarf Slugger")},
        hands={1: ["Orc Deathbringer", "Goblin Shanker"]},
        cards={
            "Marauder*": MARAUDER_STAR,
            "Orc Deathbringer": DEATHBRINGER,
            "Dwarf Slugger": SLUGGER,
            "Goblin Shanker": SHANKER,
        },
        **options,
    )


def test_example_1_one_against_one_lw_7_4() -> None:
    state = example_1()
    events = play(state, "Orc Deathbringer@d3")
    # Marauder* receives 5 > 4; the Slugger 3 = 3 survives; the Deathbringer receives 1 <= 2
    assert eliminated(events) == [("d4", 2, "Marauder*")]
    damage = next(e.data["damage"] for e in events if e.kind == "resolution")
    assert damage == {"d3": 1, "d4": 5, "e4": 3}
    assert [state.static.card_of(u).ref for u in state.pile[1]] == ["Marauder*"]  # P1's pile +1


def test_example_1_analyse_answers_it() -> None:
    report = analyse(example_1())
    line = next(
        line
        for line in report["lines"]
        if line["place"] == {"card": "Orc Deathbringer", "square": "d3"}
    )
    assert line == {
        "place": {"card": "Orc Deathbringer", "square": "d3"},
        "shots": {},
        "moves": [],
        "eliminated": [{"square": "d4", "owner": 2, "card": "Marauder*"}],
        "result": None,
    }
    assert report["to_move"] == 1


def test_example_2_two_against_one_lw_7_1() -> None:
    state = position(
        board={"d3": (1, "Goblin Shanker"), "d4": (2, "Marauder*")},
        hands={1: ["Orc Ravager"]},
        cards={
            "Goblin Shanker": SHANKER,
            "Orc Ravager": RAVAGER,
            "Marauder*": card("veteran", "infantry", 4, front=1, front_left=2),
        },
    )
    events = play(state, "Orc Ravager@e3")
    assert eliminated(events) == [("d4", 2, "Marauder*")]
    damage = next(e.data["damage"] for e in events if e.kind == "resolution")
    # 4 (Shanker) + 5 (Ravager) = 9 on d4; the Marauder's front-left (P2) points at e3: 2 <= 3;
    # its front points at d3: the Shanker takes 1 <= 3; the Shanker's front-right (e4) hits nothing
    assert damage == {"d4": 9, "e3": 2, "d3": 1}


def example_3(**extra_board: tuple[int, str]):  # type: ignore[no-untyped-def]
    return position(
        board={"d3": (1, "Goblin Shanker"), "e4": (2, "Dwarf Slugger"), **extra_board},
        hands={1: ["Orc Catapult"]},
        cards={
            "Goblin Shanker": card("recruit", "infantry", 3, front=4, front_left=1),
            "Dwarf Slugger": SLUGGER,
            "Orc Catapult": CATAPULT,
            "Dwarf Spear": card("recruit", "spear", 3, back=1),
        },
    )


def test_example_3_ranged_attack_lw_7_2() -> None:
    state = example_3()
    # the Catapult makes no contact from d2: a support placement next to a friend (LW-6.3)
    assert "Orc Catapult@d2" in legal(state)
    events = play(state, "Orc Catapult@d2")
    # not engaged, one target (e4 at +1,+2) and no arrow on an enemy: it shoots (D-3)
    declared = [e.data for e in events if e.kind == "declared"]
    assert declared == [
        {"player": 1, "square": "d2", "card": "Orc Catapult", "target": "e4", "attack": "ranged"}
    ]
    assert eliminated(events) == [("e4", 2, "Dwarf Slugger")]


def test_example_4_melee_and_ranged_together_lw_7_4() -> None:
    state = position(
        board={"d3": (1, "Orc Deathbringer"), "e4": (2, "Dwarf Marauder")},
        hands={1: ["Orc Catapult"]},
        cards={
            "Orc Deathbringer": DEATHBRINGER,
            "Dwarf Marauder": DWARF_MARAUDER,
            "Orc Catapult": CATAPULT,
        },
    )
    events = play(state, "Orc Catapult@d2")
    damage = next(e.data["damage"] for e in events if e.kind == "resolution")
    assert damage["e4"] == 7  # 3 (front-right arrow) + 4 (shot)
    assert eliminated(events) == [("e4", 2, "Dwarf Marauder")]


def test_example_5_engaged_shooter_uses_its_arrows_lw_7_3() -> None:
    # a P2 unit on d1 whose arrow points at d2: P2's back arrow points +row, from d1 to d2
    state = example_3(d1=(2, "Dwarf Spear"))
    events = play(state, "Orc Catapult@d2")
    assert [e.data["attack"] for e in events if e.kind == "declared"] == []
    assert not any(e.data.get("target") for e in events if e.kind == "declared")
    assert eliminated(events) == []  # the Slugger survives
    damage = next(e.data["damage"] for e in events if e.kind == "resolution")
    assert "e4" not in damage


def test_example_6_recall_after_example_1_lw_9_2() -> None:
    # example 1 with an idle Shanker on a1, so that phase 3 offers a choice and waits
    state = position(
        board={"d4": (2, "Marauder*"), "e4": (2, "Dwarf Slugger"), "a1": (1, "Goblin Shanker")},
        hands={1: ["Orc Deathbringer"]},
        decks={1: ["Goblin Shanker"]},
        cards={
            "Marauder*": MARAUDER_STAR,
            "Orc Deathbringer": DEATHBRINGER,
            "Dwarf Slugger": SLUGGER,
            "Goblin Shanker": SHANKER,
        },
    )
    play(state, "Orc Deathbringer@d3")
    assert state.phase == "reinforce"
    # the Deathbringer was placed this turn and took part; the idle Shanker on a1 may go back
    assert legal(state) == ["draw", "recall a1"]


def test_example_6_shanker_of_example_2_took_part_lw_7_7() -> None:
    state = position(
        board={"d3": (1, "Goblin Shanker"), "d4": (2, "Marauder*"), "a1": (1, "Goblin Shanker")},
        hands={1: ["Orc Ravager"]},
        cards={
            "Goblin Shanker": SHANKER,
            "Orc Ravager": RAVAGER,
            "Marauder*": card("veteran", "infantry", 4, front=1, front_left=2),
        },
    )
    play(state, "Orc Ravager@e3")
    assert state.phase == "reinforce"
    assert "recall d3" not in legal(state)  # it dealt damage to the eliminated Marauder*
    assert "recall a1" in legal(state)


GENERAL_P2 = card("general", "infantry", 4, front=1)
GENERAL_P1 = card("general", "infantry", 1, front=5)


def test_example_7_general_gives_an_extra_turn_lw_8_4() -> None:
    state = position(
        board={"d4": (2, "Krod*")},
        hands={1: ["Orc Deathbringer", "Goblin Shanker"], 2: ["Dwarf Slugger"]},
        cards={
            "Krod*": GENERAL_P2,
            "Orc Deathbringer": DEATHBRINGER,
            "Dwarf Slugger": SLUGGER,
            "Goblin Shanker": SHANKER,
        },
    )
    events = play(state, "Orc Deathbringer@d3")
    assert eliminated(events) == [("d4", 2, "Krod*")]
    assert any(e.kind == "extra-turn-earned" and e.data["player"] == 1 for e in events)
    assert any(e.kind == "extra-turn" for e in events)
    assert state.active == 1 and state.phase == "deploy"  # P1 plays again after phase 3


def test_example_7_both_generals_nobody_plays_again_lw_8_4() -> None:
    state = position(
        board={"d4": (2, "Krod*")},
        hands={1: ["Gonke*", "Goblin Shanker"], 2: ["Dwarf Slugger"]},
        cards={
            "Krod*": card("general", "infantry", 4, front=2),
            "Gonke*": GENERAL_P1,
            "Dwarf Slugger": SLUGGER,
            "Goblin Shanker": SHANKER,
        },
    )
    events = play(state, "Gonke*@d3")
    assert sorted(eliminated(events)) == [("d3", 1, "Gonke*"), ("d4", 2, "Krod*")]
    assert not any(e.kind.startswith("extra-turn") for e in events)
    assert state.owed == [False, False, False]
    assert state.active == 2


def test_example_8_berserker_moves_and_all_attack_again_lw_11_2_lw_11_4() -> None:
    state = example_1(advanced=True)
    events = play(state, "Orc Deathbringer@d3")
    moves = [e.data for e in events if e.kind == "moved"]
    assert moves == [
        {"player": 1, "card": "Orc Deathbringer", "from": "d3", "to": "d4", "rule": "LW-11.2"}
    ]
    resolutions = [e.data for e in events if e.kind == "resolution"]
    assert len(resolutions) == 2
    # from d4 the front-right arrow points at e5: the Slugger on e4 now receives nothing
    assert resolutions[1]["damage"] == {}
    board = {
        state.static.mat.name(sq): state.static.card_of(u).ref for sq, u in state.board.items()
    }
    assert board == {"d4": "Orc Deathbringer", "e4": "Dwarf Slugger"}
    report = analyse(example_1(advanced=True))
    line = next(
        line
        for line in report["lines"]
        if line["place"] == {"card": "Orc Deathbringer", "square": "d3"}
    )
    assert line["moves"] == [{"from": "d3", "to": "d4"}]
    assert line["eliminated"] == [{"square": "d4", "owner": 2, "card": "Marauder*"}]
