"""Sniper Elite in the terminal, its words (issue 12): what the engine's events and the game's
modifiers mean said in plain words, the rule last: a recon's reach in this game (SE-8.6), a
return beside a taken cross (SE-7.8), noise, why each hit and miss (SE-6.4, SE-6.5, SE-6.9,
D-33, D-34, SE-5.3), the challenge by its name (SE-10.1), an equipment card's choice (SE-6.8),
the defenders' turn on pages that fit the window."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from bitva.arena.simulation import play_game
from bitva.cli.games import Screen
from bitva.cli.games.sniper_elite import ADAPTER, numbers
from bitva.cli.games.sniper_elite_pages import defenders_turn_in, report_pages
from bitva.cli.games.sniper_elite_words import (
    CHALLENGE_NAMES,
    MODIFIER_WORDS,
    action_label,
    card_help,
    card_steps,
    challenge_help,
    challenge_title,
    describe_event,
    question,
    with_card_ids,
)
from bitva.cli.terminal import TerminalGame
from bitva.core.events import Event
from bitva.core.outcome import Outcome
from bitva.core.registry import get_game
from bitva.games.sniper_elite.options import CHALLENGES
from tests.cli.helpers import run

NAMES = {1: "Ann"}


def recon_step(card_id: str) -> dict[str, Any]:
    """The event of an order card's first recon step."""
    steps = get_game("sniper-elite").new({}).content.order(card_id).steps
    index = next(i for i, step in enumerate(steps) if step.op == "recon")
    return {"kind": "order-step", "card": card_id, "step": index, "op": "recon", "rule": "SE-8"}


def test_se_8_6_a_recon_step_says_the_reach_of_this_game() -> None:
    """SE-8.6, SE-10.1 `sniper-recon`: a recon's reach is 2, 3 under the Sniper challenge; the
    log, the defenders' page and `? CARD` say the reach of the game being played, never both."""
    sniper = frozenset({"sniper+", "sniper-loud", "sniper-recon"})
    assert card_steps("FLARE") == ["every defender: look out for you within 2 spaces"]
    assert card_steps("FLARE", sniper) == ["every defender: look out for you within 3 spaces"]
    event = recon_step("FLARE")
    assert ADAPTER.describe_events([event]) == [
        "  step 1: every defender: look out for you within 2 spaces (SE-8)"
    ]
    bound = ADAPTER.bound(get_game("sniper-elite").new({"challenge": "sniper"}, seed=1))
    assert bound.describe_events([event]) == [
        "  step 1: every defender: look out for you within 3 spaces (SE-8)"
    ]
    assert "within 3 spaces" in card_help("flare", sniper).splitlines()[-1]
    assert "Sniper challenge" not in card_help("flare", sniper)
    assert card_help("flare").splitlines()[1:] == [
        "Step by step, in this game:",
        "1. every defender: look out for you within 2 spaces",
    ]


def test_se_7_8_a_return_beside_an_occupied_cross_names_the_defender() -> None:
    """SE-7.8, issue 21 point 9: the log says that the defender comes back to a taken cross
    (the engine tells no trial placement), the question names it and the cross, and the
    player's placement says where it lands."""
    events: list[dict[str, Any]] = [
        {"kind": "defender-returns", "defender": "Y1", "cross": "f13", "rule": "SE-7.8"},
        {"kind": "defender-placed", "defender": "Y1", "to": "f12", "rule": "SE-7.8"},
    ]
    assert ADAPTER.describe_events(events) == [
        "Y1 comes back, but a figure stands on its iron cross f13 (SE-7.8)",
        "Y1 comes back on f12 (SE-7.8)",
    ]
    view = {
        "decision": "place",
        "pending": {"kind": "place", "defender": "Y1", "spaces": ["f12", "e13"]},
        "map": {"crosses": {"yellow": "f13"}},
    }
    assert question(view) == (
        "Y1 comes back, but a figure stands on its iron cross f13: choose the space next to the"
        " cross for Y1 (SE-7.8)"
    )


def test_se_6_5_a_defender_moved_by_the_shots_noise_hears_it() -> None:
    """SE-6.5(5): a noise token drawn moves the nearest defender a step; the log says why."""
    moved = {"kind": "defender-moved", "defender": "Y3", "from": "j10", "to": "j11"}
    assert describe_event({**moved, "rule": "SE-6.5"}) == (
        "Y3 hears the shot and moves j10 → j11 (SE-6.5)"
    )
    assert describe_event({**moved, "rule": "SE-8.9"}) == "Y3 moves j10 → j11 (SE-8.9)"


def test_a_single_choice_is_asked_as_1_not_1_to_1() -> None:
    assert numbers(1) == "1" and numbers(4) == "1-4"


def test_se_9_1_the_end_says_the_round() -> None:
    """The end line says in which round the game ended (turn 19: the sniper's 10th)."""
    won = Outcome.solo(True, "objectives", rule="SE-9.1", score=2, params={"turn": 19})
    assert ADAPTER.describe_outcome(won) == (
        "You win — You completed both objectives in round 10 (SE-9.1)"
    )


def test_se_7_a_long_defenders_turn_is_told_on_pages_that_fit_the_window() -> None:
    """SE-7: a turn of many moves is split into pages of at most 24 lines with the Enter
    prompt, every line kept in order, so the die and the card never scroll out of sight."""
    lines = ["The order die shows 1: the left card (SE-7.2)", "Order: Encirclement (SE-7.4)"]
    lines += [f"K{n % 3 + 1} moves l7 → l8 (SE-8.9)" + " and on" * (n % 12) for n in range(30)]
    pages = report_pages(lines, 80, 24)
    assert len(pages) > 1 and pages[0].startswith(
        f"The defenders' turn, step by step (1 of {len(pages)}):"
    )
    rows = [row for page in pages for row in page.splitlines()[1:]]
    assert all(len(page.splitlines()) <= 23 for page in pages)
    assert max(len(row) for row in rows) <= 80
    assert " ".join(" ".join(rows).split()) == " ".join(" ".join(lines).split())
    (short,) = report_pages(lines[:3], 80, 24)
    assert short.splitlines() == ["The defenders' turn, step by step:", *lines[:3]]


def test_se_10_1_the_challenge_is_named_and_explained_not_given_as_ids() -> None:
    """SE-10.1: the status line names the officer challenge ("Medic challenge"), never the
    modifier ids; `? challenge` says what each modifier changes, its id last."""
    state = get_game("sniper-elite").new({"challenge": "medic"}, seed=1)
    status = ADAPTER.status(state, 1, Screen(NAMES))
    assert "Medic challenge" in status and "medic-" not in status and "+" not in status
    medic = frozenset({"medic+", "medic-noise", "medic-early"})
    assert challenge_help(medic).splitlines() == [
        "This game: the Medic challenge (SE-10.1):",
        "- you start with 3 equipment cards (medic+)",
        "- 1 more noise token in the bag (medic-noise)",
        "- a defender off the board comes back at the start of the defenders' turn, before the"
        " order (medic-early)",
    ]
    assert challenge_title(medic | {"dog-deck"}) == "Medic challenge and 1 more modifier"
    assert challenge_title(frozenset({"sniper+", "dog-deck"})) == "2 modifiers"
    assert challenge_title(frozenset()) == "" and "standard game" in challenge_help(frozenset())
    for challenge, trio in CHALLENGES.items():
        words = challenge_help(frozenset(trio))
        assert CHALLENGE_NAMES[challenge] in words and "_" not in words
        assert all(f"({m})" in words and m in MODIFIER_WORDS for m in trio)


def test_se_6_8_an_equipment_choice_says_what_it_does() -> None:
    """SE-6.8, 11.6: "use Field Dressing on 1" read as a number of what; an area and a space
    as what they change."""
    assert action_label({}, "use FIELD_DRESSING 2") == (
        "use Field Dressing to take 2 recoil from the bag into your health"
    )
    assert action_label({}, "use FALSE_REPORT red") == (
        "use False Report to move the last known area to red"
    )
    assert action_label({}, "use THROWN_STONE e5") == "use Thrown Stone on e5"
    assert action_label({}, "use BINOCULARS") == "use Binoculars"
    used = {"kind": "equipment-used", "card": "FALSE_REPORT", "param": ["red"], "rule": "SE-6.8"}
    assert (
        describe_event(used) == "You use False Report to move the last known area to red (SE-6.8)"
    )


def test_se_8_10_a_step_for_each_probable_objective_moves_toward_its_own_access() -> None:
    """SE-8.10: "for each probable objective, the nearest defender" moves toward *its* access
    space, not toward "each probable objective's" again."""
    assert card_steps("SECURE_ENTRANCES") == [
        "for each probable objective, the nearest defender: move 3 toward its access space"
    ]
    assert card_steps("ROOFTOP_WATCH")[0].endswith("move 3 toward its elevated access space")


def test_se_6_8_an_action_may_name_a_card_as_the_player_reads_it() -> None:
    """'use Thrown Stone e5' is played as 'use THROWN_STONE e5': the help never asks for an id."""
    assert with_card_ids("use thrown stone e5") == "use THROWN_STONE e5"
    assert with_card_ids("use Field Dressing 2") == "use FIELD_DRESSING 2"
    assert with_card_ids("shoot R1 3") == "shoot R1 3"
    assert "THROWN_STONE" not in ADAPTER.help and "Thrown Stone" in ADAPTER.help


def test_d_34_a_scout_challenge_hit_says_which_defender_came_close() -> None:
    """SE-10.1 `scout-close`, D-34: the hit a defender's order move gives by coming onto or next
    to the sniper is told with that defender and the challenge; elsewhere a hit stays plain."""
    events: list[dict[str, Any]] = [
        {"kind": "defender-moved", "defender": "R1", "from": "b6", "to": "c7", "rule": "SE-8.9"},
        {"kind": "hit", "count": 1, "health": "RRNR", "rule": "SE-8.9"},
    ]
    scout = ADAPTER.bound(get_game("sniper-elite").new({"challenge": "scout"}, seed=1))
    assert scout.describe_events(events)[1] == (
        "R1 comes on or beside you (Scout challenge): you take 1 hit: health RRNR (SE-8.9)"
    )
    assert ADAPTER.describe_events(events)[1] == "You take 1 hit: health RRNR (SE-8.9)"
    noise = [{**events[0], "rule": "SE-6.5"}, {**events[1], "rule": "SE-6.5"}]
    assert scout.describe_events(noise)[1] == "You take 1 hit: health RRNR (SE-6.5)"


def test_se_6_5_a_miss_says_why_a_misfire_or_too_few_accuracy() -> None:
    """SE-6.5(3): a miss is told as a misfire (with the drawn value and the limit: 4 under the
    Radio Operator challenge) or as too few accuracy tokens for the range."""
    shot = {"kind": "shot", "target": "R2", "range": 3, "tokens": 6, "rule": "SE-6.5"}
    misfire = {"kind": "tokens-drawn", "tokens": {"A": 3, "N": 2, "R": 1}, "hit": False}
    short = {"kind": "tokens-drawn", "tokens": {"A": 2, "N": 1, "R": 1}, "hit": False}
    assert ADAPTER.describe_events([shot, misfire])[1] == (
        "Drawn: 3 accuracy, 2 noise, 1 recoil: missed: a misfire (noise and recoil add up to 5; 5"
        " or more misfires)"
    )
    assert ADAPTER.describe_events([shot, short])[1] == (
        "Drawn: 2 accuracy, 1 noise, 1 recoil: missed: 2 accuracy, 3 needed at range 3"
    )
    radio = ADAPTER.bound(get_game("sniper-elite").new({"challenge": "radio"}, seed=1))
    assert "misfire" not in radio.describe_events([shot, short])[1]  # worth 3 of 4
    assert radio.describe_events([shot, {**short, "tokens": {"A": 2, "N": 1, "S": 2}}])[1].endswith(
        "missed: a misfire (noise and recoil add up to 4; 4 or more misfires)"
    )


def test_se_6_9_the_end_of_turn_hit_says_why_and_d_33_the_marksman_double() -> None:
    """SE-6.9: the hit at the end of the sniper's turn says a defender is on or next to him;
    `marksman-double` (D-33) says why it is 2."""
    hit = {"kind": "hit", "count": 2, "health": "RRR", "rule": "SE-6.9"}
    marksman = ADAPTER.bound(get_game("sniper-elite").new({"challenge": "marksman"}, seed=1))
    assert marksman.describe_events([hit]) == [
        "A defender on or beside you as your turn ends (Marksman challenge: 2 hits): you take 2"
        " hits: health RRR (SE-6.9)"
    ]
    assert ADAPTER.describe_events([{**hit, "count": 1}]) == [
        "A defender on or beside you as your turn ends: you take 1 hit: health RRR (SE-6.9)"
    ]


def test_se_6_9_the_defenders_page_opens_with_the_end_of_the_sniper_turn() -> None:
    """The page of the defenders' turn starts with the end of the sniper's turn (SE-6.9: the
    hit of a defender beside him), which the map's log would hide behind the page."""
    events = [
        Event("shot", {"target": "K2", "range": 1, "tokens": 3, "rule": "SE-6.5"}),
        Event("hit", {"count": 2, "health": "NRR", "rule": "SE-6.9"}),
        Event("sniper-turn-end", {"rule": "SE-6.9"}),
        Event("defenders-turn", {"turn": 20, "rule": "SE-7"}),
        Event("order-die", {"chevrons": 1, "rule": "SE-7.2"}),
    ]
    assert [e.kind for e in defenders_turn_in(events)] == [
        "hit", "sniper-turn-end", "defenders-turn", "order-die"
    ]  # fmt: skip
    assert defenders_turn_in(events[:3]) == []


def test_se_6_4_a_noticed_move_says_why_and_the_sniper_challenge_loud_move() -> None:
    """SE-6.4: a move's hit says it was noticed inside the last known area; under
    `sniper-loud` (SE-10.1) a 3-step move that moved the area hits too, told as loud."""
    moved = {"kind": "sniper-moved", "from": "j13", "to": "j10", "steps": 3, "rule": "SE-6.2"}
    lka = {"kind": "lka", "area": "white", "was": "red", "rule": "SE-6.4"}
    hit = {"kind": "hit", "count": 1, "health": "RRNRR", "rule": "SE-6.4"}
    assert ADAPTER.describe_events([moved, lka, hit])[2] == (
        "Heard: a 3-step move (Sniper challenge): you take 1 hit: health RRNRR (SE-6.4)"
    )
    assert ADAPTER.describe_events([moved, hit])[1] == (
        "Seen moving in the last known area: you take 1 hit: health RRNRR (SE-6.4)"
    )


def test_se_5_3_a_wounding_hit_says_the_health_runs_out_then_the_wound_rebuilds_it() -> None:
    """SE-5.3: the hit that empties the health is told as such (not with the rebuilt health),
    then the wound with the new health."""
    events: list[dict[str, Any]] = [
        {"kind": "hit", "count": 2, "health": "RRR", "rule": "SE-8.5"},
        {"kind": "wounded", "health": "RRR", "rule": "SE-5.3"},
    ]
    assert ADAPTER.describe_events(events) == [
        "You take 2 hits: your health runs out (SE-8.5)",
        "You are wounded! Health rebuilt: RRR (SE-5.3)",
    ]


def test_se_8_6_a_game_in_the_terminal_tells_its_own_reach() -> None:
    """The play loop binds the adapter to its game: a game under the Sniper challenge words
    every recon step with reach 3, a standard game with 2."""
    game = get_game("sniper-elite")
    console = Console(file=io.StringIO(), width=80)
    for options, reach in (({"challenge": "sniper"}, 3), ({}, 2)):
        played = TerminalGame(console, game, options, {1: "human"}, 5, live=False)
        (line,) = played.adapter.describe_events([recon_step("LOOKOUT")])
        assert f"within {reach} spaces" in line, line


def test_se_4_9_the_objective_to_put_at_the_bottom_names_its_space() -> None:
    """SE-4.9: both objectives of one colour: each choice says where that objective is."""
    view = {"map": {"objectives": {"1": "a3", "2": "f2"}}}
    assert action_label(view, "bottom 2") == "put objective 2 (f2) at the bottom"
    assert action_label({}, "bottom 2") == "put objective 2 at the bottom"


def test_se_10_1_a_replay_tells_the_recon_reach_of_its_own_game(tmp_path: Path) -> None:
    """`bitva replay` binds the words to the record's game as play does: a recon step of a
    Sniper challenge game reaches 3 (SE-8.6, `sniper-recon`)."""
    record = tmp_path / "sniper.json"
    play_game("sniper-elite", {"challenge": "sniper"}, 3, 0, {1: "random"}).save(record)
    result = run("replay", str(record), "--no-step")
    assert result.exit_code == 0, result.output
    recon = [line for line in result.stdout.splitlines() if "look out for you within" in line]
    assert recon and all("within 3" in line for line in recon), recon


@pytest.mark.parametrize(
    ("reward", "said"),
    [
        ("accuracy", "Reward: you add an accuracy token to the bag (SE-6.5)"),
        ("noise", "Reward: you take a noise token from the bag into your health (SE-6.5)"),
        ("recoil 1", "Reward: you take 1 recoil token from the bag into your health (SE-6.5)"),
        ("recoil 2", "Reward: you take 2 recoil tokens from the bag into your health (SE-6.5)"),
    ],
)
def test_se_6_5_issue_21_10_a_reward_is_told_as_a_sentence(reward: str, said: str) -> None:
    """The log tells the reward as what you did, not as the menu's choice ("add an accuracy
    token to the bag")."""
    assert describe_event({"kind": "reward", "reward": reward, "rule": "SE-6.5"}) == said
