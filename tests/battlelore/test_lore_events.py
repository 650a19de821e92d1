"""What the front ends narrate when a Lore card changes an attack (5.2: WR02 First Strike, RG03
Sidestep), and that no event of a Lore game reads in the terminal as an internal id, a raw key
or the generic fallback (the browser's words: tests/e2e/test_battlelore_lore_events_web.py)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bitva.cli.games.battlelore import BattleLoreAdapter
from bitva.core import Rng
from bitva.games.battlelore.game import GAME
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import scene, texts
from tests.battlelore.plural_names import plural_name_with_singular_verb

ADAPTER = BattleLoreAdapter.__new__(BattleLoreAdapter)  # only its words are used
# an internal id: a Lore card, a window, a unit type, a decision code; or the generic fallback
RAW = re.compile(
    r"\b(WR|WZ|CL|RG)\d\d\b|\b[A-Z]+_[A-Z_]+\b|\b[hgdc]_[a-z]+_[a-z]+\b|\bP[12] |\bside [12]\b"
)


def line(event: Mapping[str, Any]) -> str | None:
    return ADAPTER.describe_event(event)


def attacked(south_figures: int = 4, north_card: str = "WR02") -> BattleLoreState:
    """South's red foot F4 attacks North's blue foot F5 (supported beside it, its retreat hexes
    free); North holds `north_card` and waits in its ROLL_BEFORE window."""
    state = scene(
        ("h_rf_sword", "F4", 1, south_figures),
        ("h_rf_sword", "B4", 1),  # South keeps a unit: the game goes on
        ("h_bf_sword", "F5", 2),
        ("h_bf_sword", "E5", 2),
        ("h_bf_sword", "G5", 2),
        lore=True,
        goblets=(5, 5),
    )
    state.councils = [{"rogue": 1}, {"warrior": 1, "rogue": 1}]
    state.lore_hands = {1: [], 2: [north_card]}
    play_all(state, "battle F4 F5")
    while state.decision == "react" and state.current_player == 1:
        play_all(state, "pass")
    assert state.window is not None and state.window.window == "ROLL_BEFORE"
    return state


def play_all(state: BattleLoreState, *actions: str) -> list[dict[str, Any]]:
    """The events of the actions, as a spectator sees them."""
    out = []
    for text in actions:
        for event in state.play(state.parse_action(text)):
            out.append(event.for_seat(None))
    return out


def first_strike(state: BattleLoreState) -> list[dict[str, Any]]:
    events = play_all(state, "lore WR02 F5")
    while state.decision == "react":
        events += play_all(state, "pass")
    return events


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [str(e["kind"]) for e in events]


def test_wr02_first_strike_is_said_before_its_battle() -> None:
    state = attacked()
    events = first_strike(state)
    strike = next(e for e in events if e["kind"] == "first-strike")
    assert strike == {"kind": "first-strike", "player": 2, "hex": "F5", "attacker": "F4"}
    assert kinds(events).index("first-strike") < kinds(events).index("melee")
    assert line(strike) == (
        "North strikes first: F5 battles its attacker on F4 before the attack is rolled"
    )


def test_wr02_an_attacker_eliminated_by_the_first_strike_loses_its_attack_in_words() -> None:
    state = attacked(south_figures=1)
    first_strike(state)
    events = play_all(state, "roll R G G")
    cancelled = next(e for e in events if e["kind"] == "attack-cancelled")
    assert cancelled == {
        "kind": "attack-cancelled",
        "player": 1,
        "attacker": "F4",
        "target": "F5",
        "why": "eliminated",
    }
    assert kinds(events).index("eliminated") < kinds(events).index("attack-cancelled")
    assert line(cancelled) == ("The attack from F4 on F5 is cancelled: the attacker is eliminated")


def test_wr02_an_attacker_driven_back_by_the_first_strike_loses_its_attack_in_words() -> None:
    state = attacked()
    first_strike(state)
    events = play_all(state, "roll F G G")
    while state.decision == "retreat":
        events += play_all(state, texts(state)[0])
    cancelled = [e for e in events if e["kind"] == "attack-cancelled"]
    assert [e["why"] for e in cancelled] == ["retreated"]
    assert line(cancelled[0]) == (
        "The attack from F4 on F5 is cancelled: the attacker was driven back"
    )


def test_wr02_when_the_attacker_stands_its_attack_goes_on_and_nothing_is_cancelled() -> None:
    state = attacked()
    first_strike(state)
    events = play_all(state, "roll G G G")
    assert "attack-cancelled" not in kinds(events) and state.decision == "roll"


def test_rg03_sidestep_is_said_with_the_hex_it_steps_to() -> None:
    state = attacked(north_card="RG03")
    choice = next(t for t in texts(state) if t.startswith("lore RG03 F5 "))
    to = choice.split()[-1]
    events = play_all(state, choice)
    while state.decision == "react":
        events += play_all(state, "pass")
    stepped = next(e for e in events if e["kind"] == "sidestepped")
    assert stepped == {"kind": "sidestepped", "player": 2, "from": "F5", "to": to}
    assert line(stepped) == f"North steps aside F5 → {to}: the attack on it is cancelled"
    assert state.battle is None  # the attack is off


def test_every_event_of_random_lore_games_reads_in_plain_words_in_the_terminal() -> None:
    """Seeded random games of A02 and A04: every event gets a line of BattleLore's own words
    (or none, for a Lore window), never an id, a raw key or the generic fallback."""
    seen: set[str] = set()
    for adventure, seed in (("A02", 0), ("A04", 1)):
        state = GAME.new({"adventure": adventure}, seed)
        rng = Rng(seed)
        while state.current_player is not None:
            action = (
                state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
            )
            for event in state.play(action):
                data = event.for_seat(None)
                said = line(data)
                seen.add(str(data["kind"]))
                assert said is not None, data
                assert not RAW.search(said), (data, said)
                assert plural_name_with_singular_verb(said) is None, said
    assert {"lore-played", "window", "melee"} <= seen


def test_the_plural_check_finds_a_plural_name_before_is_and_spares_the_right_phrasing() -> None:
    """The check the words' tests use: a plural unit name before a singular verb is found, the
    phrasings the front ends use are not (a creature's name is singular)."""
    wrong = ["Lancers on F7 is eliminated", "Footmen F4 attacks G5: 3 dice"]
    wrong += ["Battle: Men-at-Arms (F4) attacks F6", "Goblin Riders on F7 retreats"]
    right = ["South loses the Lancers on F7", "Footmen F4 → G5: 3 dice"]
    right += ["Eliminated: Lancers on F7.", "The Giant Spider on F7 is eliminated"]
    assert [line for line in wrong if plural_name_with_singular_verb(line)] == wrong
    assert [line for line in right if plural_name_with_singular_verb(line)] == []


def test_bl_5_3_an_eliminated_unit_reads_right_with_a_plural_or_a_singular_name() -> None:
    """ "South loses the Lancers on F7": the side loses the unit, so that plural unit names
    (every roster unit's) and a creature's singular one both read right."""
    lancers = {"kind": "eliminated", "side": 1, "hex": "F7", "type": "h_bm_lance"}
    spider = {"kind": "eliminated", "side": 2, "hex": "E5", "type": "c_giant_spider"}
    assert line(lancers) == "South loses the Lancers on F7"
    assert line(spider) == "North loses the Giant Spider on E5"
