"""The defenders' turn (SE-7) and the order-card terms (SE-8): EX-5, EX-6, EX-7, EX-11, EX-13c,
EX-14 and the rules they rest on."""

from __future__ import annotations

from bitva.games.sniper_elite.pending import PlaceChoice
from tests.sniper_elite.helpers import data, defenders_turn, kinds, scenario, settle, where

EX_5 = """
sniper = "k7"
lka = "black"
objectives = [6, 8]
[defenders]
K1 = "k5"
K2 = "i2"
K3 = "n5"
R2 = "l8"
Y1 = "e10"
Y3 = "j10"
"""


def test_ex_5_encirclement() -> None:
    state, events = defenders_turn(EX_5, "ENCIRCLEMENT")
    assert data(events, "found") == [
        {"defender": "K1", "how": "recon", "rule": "SE-8.6"},
        {"defender": "R2", "how": "search", "rule": "SE-8.5"},
    ]
    moved = [(e["defender"], e["from"], e["to"]) for e in data(events, "defender-moved")]
    assert moved == [("R2", "l8", "l7"), ("Y1", "e10", "g11"), ("Y3", "j10", "l11")]
    assert state.core.health == list("NRRN")
    assert state.core.bag == {"A": 6, "N": 2, "R": 5, "S": 0}
    assert where(state)["Y2"] == "f13"  # SE-7.8: the return worst for the sniper
    assert where(state)["R1"] is None and where(state)["R3"] is None


def test_se_8_2_d_18_mass_steps_go_nearest_first_then_by_id() -> None:
    _, events = defenders_turn(EX_5, "ENCIRCLEMENT")
    order = [e["defender"] for e in data(events, "defender-moved")]
    assert order == ["R2", "Y1", "Y3"]  # distances to black 1, 4, 3... R2 first


EX_6 = """
sniper = "c6"
lka = "yellow"
objectives = [6, 8]
[defenders]
R1 = "e6"
R2 = "f2"
R3 = "a3"
K1 = "c7"
K2 = "i2"
K3 = "n5"
Y1 = "e10"
Y2 = "c13"
Y3 = "j10"
"""


def test_ex_6_se_8_12_launch_base_coloured_lka() -> None:
    state, events = defenders_turn(EX_6, "LAUNCH_BASE")
    assert state.core.lka == "red"
    moved = [(e["defender"], e["to"]) for e in data(events, "defender-moved")]
    assert moved == [("K2", "d5"), ("Y2", "b7"), ("Y1", "e7"), ("K3", "a4"), ("Y3", "f4")]
    assert where(state)["K1"] == "c7"  # exempt for every mark (SE-5.7)
    hits = [e for e in events if e.kind == "hit" and e.data["rule"] != "SE-6.9"]
    assert hits == []


def test_ex_7_launch_base_white_lka() -> None:
    text = """
sniper = "h11"
objectives = [6, 8]
[defenders]
R1 = "e6"
R2 = "h8"
R3 = "a3"
K1 = "k5"
K2 = "i2"
K3 = "j12"
Y1 = "e10"
Y2 = "c13"
Y3 = "n9"
"""
    state, events = defenders_turn(text, "LAUNCH_BASE")
    assert state.core.lka == "white"
    moved = [(e["defender"], e["from"], e["to"]) for e in data(events, "defender-moved")]
    assert moved == [("R2", "h8", "g8"), ("K1", "k5", "k12"), ("Y3", "n9", "m11")]


def test_ex_11_se_7_3_se_7_4_the_order_board() -> None:
    text = 'die = [3, 1]\nsniper = "a14"\nobjectives = [6, 5]\n[defenders]\nK2 = "n5"\n'
    text += '[orders]\nboard = [["ON_GUARD", "up"], ["PATROL", "up"], ["DRAGNET", "down"]]\n'
    text += 'deck = ["FLARE", "STAND_TO", "CONVERGE", "LOOKOUT", "LOCKDOWN", "ROOFTOP_WATCH", '
    text += '"SENTRY_ROTATION", "SECURE_ENTRANCES", "HUNTER_TEAMS"]\n'
    text += 'box = ["ENCIRCLEMENT", "LAUNCH_BASE", "SUPPRESSIVE_FIRE"]\n'
    state = scenario(text)
    events = state.apply("end")
    events += settle(state, "die 3", "order FLARE")
    assert data(events, "order-flipped")[0]["card"] == "DRAGNET"
    assert data(events, "order-resolved")[0]["card"] == "DRAGNET"
    assert state.discard == ["DRAGNET"]
    assert state.slots == [["ON_GUARD", True], ["PATROL", True], ["FLARE", False]]
    state.apply("end")
    events = settle(state, "die 1", "order STAND_TO")
    assert data(events, "order-resolved")[0]["card"] == "ON_GUARD"
    assert state.slots == [["PATROL", True], ["FLARE", False], ["STAND_TO", True]]
    assert data(events, "order-drawn")[0]["face"] == "up"


def test_se_7_7_a_face_down_draw_is_not_named() -> None:
    text = 'sniper = "a14"\nobjectives = [6, 5]\n[defenders]\nK2 = "n5"\n'
    text += '[orders]\nboard = [["ON_GUARD", "up"], ["PATROL", "up"], ["DRAGNET", "down"]]\n'
    text += 'deck = ["FLARE", "STAND_TO", "CONVERGE", "LOOKOUT", "LOCKDOWN", "ROOFTOP_WATCH", '
    text += '"SENTRY_ROTATION", "SECURE_ENTRANCES", "HUNTER_TEAMS"]\n'
    text += 'box = ["ENCIRCLEMENT", "LAUNCH_BASE", "SUPPRESSIVE_FIRE"]\n'
    state = scenario(text)
    state.apply("end")
    events = settle(state, "die 3", "order FLARE")
    assert data(events, "order-drawn") == [{"face": "down", "rule": "SE-7.7"}]
    assert "FLARE" not in str(state.view(1)) and "FLARE" not in str(state.view(None))


def test_se_7_1_an_empty_order_deck_loses() -> None:
    text = 'sniper = "a14"\nobjectives = [6, 5]\n[defenders]\nK2 = "n5"\n'
    text += '[orders]\nboard = [["ON_GUARD", "up"], ["PATROL", "up"], ["DRAGNET", "down"]]\n'
    text += 'discard = ["FLARE", "STAND_TO", "CONVERGE", "LOOKOUT", "LOCKDOWN", "ROOFTOP_WATCH", '
    text += '"SENTRY_ROTATION", "SECURE_ENTRANCES", "HUNTER_TEAMS"]\n'
    text += 'box = ["ENCIRCLEMENT", "LAUNCH_BASE", "SUPPRESSIVE_FIRE"]\n'
    state = scenario(text)
    state.apply("end")
    assert state.outcome is not None and state.outcome.reason == "deck-empty"
    assert state.outcome.rule == "SE-7.1"


def test_ex_13_c_se_8_8_hunter_teams() -> None:
    text = 'sniper = "a7"\nlka = "red"\nobjectives = [3, 4]\nprobable = [5, 6, 9]\n'
    text += '[defenders]\nK1 = "k5"\n'
    _, events = defenders_turn(text, "HUNTER_TEAMS")
    moved = [(e["defender"], e["to"]) for e in data(events, "defender-moved")]
    assert moved == [("K1", "n5")]  # 6 and 9 get nobody: off-board defenders never move
    assert data(events, "found") == []


def test_ex_14_se_8_10_secure_entrances() -> None:
    text = 'sniper = "a14"\nobjectives = [3, 1]\nprobable = [4, 6, 9]\n'
    text += '[defenders]\nR2 = "h5"\nK1 = "k5"\nK2 = "n7"\nY1 = "g11"\n'
    state, events = defenders_turn(text, "SECURE_ENTRANCES")
    moved = [(e["defender"], e["from"], e["to"]) for e in data(events, "defender-moved")]
    assert moved == [("R2", "h5", "i3"), ("K2", "n7", "l7"), ("Y1", "g11", "i12")]
    assert where(state)["K1"] == "k5"  # spare


def test_se_8_7_d_20_suppressive_fire_attacks_without_an_lka_update() -> None:
    text = 'sniper = "d6"\nlka = "white"\nobjectives = [3, 9]\n[defenders]\nR1 = "d8"\nY3 = "j10"\n'
    state, events = defenders_turn(text, "SUPPRESSIVE_FIRE")
    assert data(events, "attack") == [{"defender": "R1", "rule": "SE-8.7"}]
    assert state.core.hits_taken == 2 and state.core.lka == "white"


def test_se_8_6_recon_needs_los_and_range_and_sniper_recon_adds_one() -> None:
    text = 'sniper = "d6"\nlka = "white"\nobjectives = [3, 9]\n[defenders]\nR1 = "d9"\nY3 = "j10"\n'
    _, events = defenders_turn(text, "FLARE")
    assert data(events, "found") == []  # range 3
    _, events = defenders_turn('modifiers = ["sniper-recon"]\n' + text, "FLARE")
    assert data(events, "found") == [{"defender": "R1", "how": "recon", "rule": "SE-8.6"}]


def test_se_8_5_d_19_every_searcher_hits() -> None:
    text = 'sniper = "d6"\nobjectives = [3, 9]\n[defenders]\nR1 = "d7"\nR2 = "c6"\nY3 = "j10"\n'
    state, events = defenders_turn(text, "STAND_TO")
    assert len(data(events, "found")) == 2 and state.core.lka == "red"


def test_se_8_9_a_defender_may_end_on_the_sniper_without_a_hit() -> None:
    text = 'sniper = "d6"\nlka = "red"\nobjectives = [3, 9]\n[defenders]\nR1 = "d8"\nY3 = "j10"\n'
    state, events = defenders_turn(text, "LOOKOUT")
    assert where(state)["R1"] == "d6"
    assert "hit" not in kinds([e for e in events if e.data.get("rule") == "SE-8.9"])


def test_se_10_1_d_34_scout_close_hits_a_card_move_near_the_sniper() -> None:
    text = 'modifiers = ["scout-close"]\nsniper = "d6"\nlka = "red"\nobjectives = [3, 9]\n'
    text += '[defenders]\nR1 = "a6"\nY3 = "j10"\n'
    state, _ = defenders_turn(text, "LOOKOUT")
    assert where(state)["R1"] == "c6" and state.core.hits_taken == 1
    state, _ = defenders_turn(text.replace('"scout-close"', '"sniper+"'), "LOOKOUT")
    assert where(state)["R1"] == "c6" and state.core.hits_taken == 0


def test_se_7_8_medic_early_returns_before_the_die() -> None:
    _, events = defenders_turn('modifiers = ["medic-early"]\n' + EX_5, "FLARE")
    names = kinds(events)
    assert names.index("defender-placed") < names.index("order-die")


def test_se_7_8_beside_an_occupied_cross_the_player_chooses() -> None:
    text = 'sniper = "b6"\nlka = "red"\nobjectives = [6, 8]\n[defenders]\n'
    text += 'K1 = "k5"\nK2 = "i2"\nK3 = "n5"\nY1 = "e10"\nY2 = "c13"\nY3 = "j10"\n'
    text += 'R2 = "f2"\nR3 = "a3"\n'
    state, _ = defenders_turn(text, "STAND_TO")
    assert state.decision == "place"
    assert [str(a) for a in state.legal_actions()] == [
        "place b5",
        "place c6",
        "place b7",
        "place a6",
    ]
    state.apply("place c6")
    assert where(state)["R1"] == "c6" and state.decision == "turn"


OCCUPIED_RED_CROSS = (
    'sniper = "b6"\nlka = "red"\nobjectives = [6, 8]\n[defenders]\n'
    'K1 = "k5"\nK2 = "i2"\nK3 = "n5"\nY1 = "e10"\nY2 = "c13"\nY3 = "j10"\nR3 = "a3"\n'
)


def test_se_7_8_issue_21_9_a_return_beside_an_occupied_cross_tells_only_what_happens() -> None:
    """Issue 21 point 9: the dispute's trial placement of a defender the player places is never
    told (no `defender-placed` then `defender-removed`); the return is told as the defender
    coming back beside its occupied cross, and the player's placement as where it lands."""
    state, events = defenders_turn(OCCUPIED_RED_CROSS + 'R2 = "f2"\n', "STAND_TO")
    assert isinstance(state.pending, PlaceChoice)
    assert state.pending.defender == "R1"
    moved = [e for e in events if e.data.get("defender") == "R1"]
    assert [e.kind for e in moved] == ["defender-returns"]
    assert moved[0].data == {"defender": "R1", "cross": "b6", "rule": "SE-7.8"}
    placed = state.apply("place c6")
    assert data(placed, "defender-placed") == [{"defender": "R1", "to": "c6", "rule": "SE-7.8"}]
    assert "defender-removed" not in kinds(placed)


def test_se_7_8_issue_21_9_a_tie_between_returns_the_player_places_tells_no_trial() -> None:
    """Issue 21 point 9, SE-5.9: R1 and R2 both off the board, their cross occupied: chance picks
    which returns (a tie), and still no trial placement is told, only the return."""
    state, events = defenders_turn(OCCUPIED_RED_CROSS, "STAND_TO")
    assert "tie" in kinds(events)
    assert isinstance(state.pending, PlaceChoice)
    defender = state.pending.defender
    told = [e.kind for e in events if e.data.get("defender") in ("R1", "R2")]
    assert told == ["defender-returns"]
    assert data(events, "defender-returns")[0]["defender"] == defender
    assert state.core.defenders[defender] is None
