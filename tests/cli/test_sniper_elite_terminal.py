"""Sniper Elite in the terminal (issue 12 point 5): the map drawn from the sniper's view with
areas, types, doors, ladders, objectives, defenders, the sniper and what he can see (SE-2, 11.1),
the panel (health, bag, last known area, probable objectives, the order board, equipment, the
chance to hit each defender for each number of tokens), the defenders' turn narrated step by step
in plain words, on a screen that fits 80x24; a move chosen on the map, a shot with its odds
before the draw; the analysis as a table and as bare JSON; a whole game on a pseudo-terminal."""

from __future__ import annotations

import io
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from bitva.cli.games import Screen
from bitva.cli.games.sniper_elite import (
    ADAPTER,
    _pick,
    choose_listed,
    choose_on_map,
    view_frame,
)
from bitva.cli.games.sniper_elite_map import best_odds, map_lines, panel_lines
from bitva.cli.games.sniper_elite_moves import move_costs, move_refused
from bitva.cli.games.sniper_elite_pages import log_page
from bitva.cli.games.sniper_elite_words import (
    action_label,
    card_steps,
    describe_event,
    question,
)
from bitva.cli.terminal import HumanTurn, TerminalGame
from bitva.core.outcome import Outcome
from bitva.core.registry import get_game
from bitva.core.rng import Rng
from tests.cli.helpers import run
from tests.cli.terminal_session import TerminalSession
from tests.sniper_elite.test_sniper_turn import EX_3

NAMES = {1: "Ann"}


def at_turn(seed: int = 1, options: dict[str, Any] | None = None) -> Any:
    """A new game played to the sniper's first turn (first entry, first objective bottomed)."""
    state = get_game("sniper-elite").new(options or {}, seed=seed)
    dice = Rng(seed)
    while state.decision != "turn":
        if state.is_chance:
            state.resolve_chance(dice)
        else:
            state.apply(state.legal_actions()[0])
    return state


def scenario(text: str) -> Any:
    return get_game("sniper-elite").read_position(text, "(test)")


def seen(event: Any) -> dict[str, Any]:
    """An event as the sniper's seat sees it."""
    data: dict[str, Any] = event.for_seat(1)
    return data


def plain(lines: list[Any]) -> list[str]:
    return [line.plain for line in lines]


def test_se_2_the_map_draws_every_space_with_its_type_area_edges_and_marks() -> None:
    """SE-2.1-2.3, 11.1: a line per row with the column letters on top; types as glyphs, the
    doors (| east, _ south) and ladders (H), objective numbers and iron crosses."""
    view = scenario(EX_3).view(1)
    lines = plain(map_lines(view))
    assert lines[0].split() == list("abcdefghijklmn")
    assert len(lines) == 15
    row = {int(line[:2]): line[3:].ljust(42) for line in lines[1:]}

    def cell(name: str) -> str:
        col = ord(name[0]) - ord("a")
        return row[int(name[1:])][3 * col : 3 * col + 3]

    assert cell("a1")[0] == "~" and cell("g5")[0] == "#" and cell("j3")[0] == "I"
    assert cell("l5") == ".+ "  # black's iron cross
    assert cell("h3")[2] == "|"  # the door h3|i3 on h3's east edge
    assert cell("j4")[1] == "_"  # the door j4/j5 on j4's south edge
    assert cell("f3")[1] == "H" and cell("f11")[2] == "H"  # ladders south and east
    assert cell("e10") == "Y1 " and cell("d6")[:2] == "@@"
    assert cell("i2")[:2] == "K2" and cell("e4")[:2] == "K1"


def test_se_2_9_the_spaces_in_sight_carry_a_tick() -> None:
    """Every plain space (nothing on it, no mark) shows a tick exactly when the sniper sees it;
    a plain space can be seen from d6 and one cannot, on this map."""
    view = scenario(EX_3).view(1)
    lines = [line[3:].ljust(42) for line in plain(map_lines(view))[1:]]
    seen = set(view["visible"])
    ticks = {True: 0, False: 0}
    for row, line in enumerate(lines):
        for col in range(14):
            text = line[3 * col : 3 * col + 2]
            if text[0] in ".:^I~#" and text[1] in " '":
                name = f"{chr(ord('a') + col)}{row + 1}"
                assert (text[1] == "'") == (name in seen), (name, text)
                ticks[name in seen] += 1
    assert ticks[True] > 5 and ticks[False] > 5


def test_the_panel_shows_health_bag_areas_objectives_orders_equipment_and_odds() -> None:
    state = scenario(EX_3)
    view = state.view(1)
    text = "\n".join(plain(panel_lines(view, 40)))
    assert "Health NRRNRR (6) unwounded" in text
    assert "Bag 6A 2N 3R" in text
    assert "Last known area red" in text
    assert "Objectives 3 e6, 9 j10" in text
    assert "›››" in text and "deck" in text
    assert "In sight" in text and " R1 range 1: " in text


def test_se_6_5_the_hit_odds_read_as_the_best_numbers_of_tokens() -> None:
    assert best_odds([0.0, 0.0]) == "no chance"
    hit = [0.1, 0.4, 0.6, 0.5, 0.2, 0.05]
    assert best_odds(hit) == "2:40% 3:60% 4:50% 5:20%"


@pytest.mark.parametrize("seat", [1, None])
def test_a_screen_fits_80x24(seat: int | None) -> None:
    state = at_turn(2)
    menu = [f"{i}. item" for i in range(1, 5)]
    screen = Screen(NAMES, ["line"] * 30, heading=question(state.view(seat)), menu=menu)
    lines = view_frame(state.view(seat), screen, (80, 22), "Sniper Elite")
    assert len(lines) <= 22 and max(line.cell_len for line in lines) <= 80


def test_questions_and_actions_are_plain_words() -> None:
    view = scenario(EX_3).view(1)
    assert question(view).endswith("(SE-6.1)") and question(view).startswith("Your turn")
    assert action_label(view, "move c6 1") == "move to c6 (1 step)"
    assert action_label(view, "shoot R1 2").startswith("shoot R1 drawing 2 tokens: ")
    assert action_label(view, "shoot R1 2").endswith("% to hit")
    assert action_label(view, "use THROWN_STONE e5") == "use Thrown Stone on e5"
    assert action_label(view, "end") == "end your turn"
    entering = "come in at the black entry point (north edge), onto k1"
    assert action_label(view, "enter EK") == entering


def test_se_8_every_order_step_reads_in_plain_words() -> None:
    assert card_steps("DRAGNET") == [
        "every defender: move 2 toward the last known area",
        "the defenders in the last known area: search next to them",
    ]
    for card in get_game("sniper-elite").new({}).content.orders:
        for words in card_steps(card.id):
            assert "_" not in words and words[0].islower(), (card.id, words)


def test_se_7_the_defenders_turn_is_narrated_step_by_step() -> None:
    """SE-7.2-7.7: the die, the card, each step with what it does, each defender moving, the
    hits; the rule last."""
    events: list[dict[str, Any]] = [
        {"kind": "defenders-turn", "turn": 2, "rule": "SE-7"},
        {"kind": "order-die", "chevrons": 1, "rule": "SE-7.2"},
        {"kind": "order-resolved", "card": "DRAGNET", "name": "Dragnet", "rule": "SE-7.4"},
        {"kind": "order-step", "card": "DRAGNET", "step": 0, "op": "move", "rule": "SE-8"},
        {"kind": "defender-moved", "defender": "Y1", "from": "e10", "to": "e11", "rule": "SE-8.9"},
        {"kind": "order-step", "card": "DRAGNET", "step": 1, "op": "search", "rule": "SE-8"},
        {"kind": "found", "defender": "Y1", "how": "search", "rule": "SE-8.5"},
        {"kind": "hit", "count": 1, "health": "NRRNR", "rule": "SE-8.5"},
        {"kind": "order-discarded", "card": "DRAGNET", "rule": "SE-7.5"},
        {"kind": "order-drawn", "face": "down", "rule": "SE-7.7"},
    ]
    lines = ADAPTER.describe_events(events)
    assert lines == [
        "— The defenders' turn — (SE-7)",
        "The order die shows 1: the left card (SE-7.2)",
        "Order: Dragnet (SE-7.4)",
        "  step 1: every defender: move 2 toward the last known area (SE-8)",
        "Y1 moves e10 → e11 (SE-8.9)",
        "  step 2: the defenders in the last known area: search next to them (SE-8)",
        "Y1 finds you, searching (SE-8.5)",
        "You take 1 hit: health NRRNR (SE-8.5)",
        "Dragnet is discarded (SE-7.5)",
        "An order card comes onto the board face down (SE-7.7)",
    ]


def test_outcomes_are_told_from_their_codes() -> None:
    won = Outcome.solo(True, "objectives", rule="SE-9.1", score=2)
    lost = Outcome.solo(False, "deck-empty", rule="SE-7.1", score=1)
    assert ADAPTER.describe_outcome(won) == "You win — You completed both objectives (SE-9.1)"
    assert ADAPTER.outcome_reason(lost, 1) == (
        "The order deck ran out; objectives completed: 1 (SE-7.1)"
    )
    # a person watching an agent play the sniper (no human seat): said of the sniper
    assert ADAPTER.outcome_reason(won, None) == ("The sniper completed both objectives (SE-9.1)")


@pytest.mark.parametrize(
    "challenge", ["none", "medic", "radio", "scout", "dog", "marksman", "sniper"]
)
def test_se_10_every_screen_of_a_real_game_fits_80x24_at_each_challenge(challenge: str) -> None:
    """A random game to the end at each challenge (SE-10.1): every screen at a decision fits
    80x24 and no event falls back to the generic words ("kind: key value")."""
    game = get_game("sniper-elite")
    for seed, options in ((len(challenge), {"challenge": challenge}),):
        state = game.new(options, seed=seed)
        rng, dice = random.Random(seed), Rng(seed)
        log: list[str] = []
        while state.outcome is None:
            if state.is_chance:
                log += ADAPTER.describe_events([seen(e) for e in state.resolve_chance(dice)])
                continue
            heading = ADAPTER.heading(state, 1) or ""
            assert heading.endswith(")") and "(SE-" in heading, heading
            screen = Screen(NAMES, log, heading=heading, menu=["1. a", "2. b", "3. c"])
            lines = ADAPTER.frame(state, 1, screen, (80, 22))
            assert len(lines) <= 22 and max(line.cell_len for line in lines) <= 80
            actions = state.legal_actions()
            quiet = [a for a in actions if not state.action_text(a).startswith("shoot")]
            action = rng.choice(quiet if quiet and rng.random() < 0.7 else actions)
            log += ADAPTER.describe_events([seen(e) for e in state.apply(action)])
        assert not [line for line in log if ": " in line and "_" in line], log
    assert describe_event({"kind": "no-such-event"}) is None  # left to the generic words


def test_analysis_table_and_bare_json(tmp_path: Path) -> None:
    """Issue 12's analysis: a readable table (the chance to hit per tokens drawn as columns,
    moves by fewest steps) and with --json the object bare on one line."""
    position = tmp_path / "ex3.toml"
    position.write_text(EX_3)
    table = run("analyse", "sniper-elite", str(position))
    assert table.exit_code == 0, table.stdout
    assert "the chance to hit by tokens drawn" in table.stdout
    assert "{" not in table.stdout  # no JSON cell
    r1 = next(line for line in table.stdout.splitlines() if "R1" in line and "e6" in line)
    assert "%" in r1
    assert r1.split()[-11:] == [
        "55%",
        "82%",
        "94%",
        "93%",
        "84%",
        "69%",
        "52%",
        "32%",
        "13%",
        "0%",
        "0%",
    ]
    assert "…" not in table.stdout  # nothing cut short at 80 columns
    bare = run("analyse", "sniper-elite", str(position), "--json")
    assert bare.exit_code == 0 and len(bare.stdout.strip().splitlines()) == 1
    answer = json.loads(bare.stdout)
    assert answer["sniper"] == "d6" and answer["lka"] == "red"
    assert set(answer) == {"sniper", "lka", "probable", "moves", "shots"}


def test_se_6_5_a_shot_is_a_target_then_tokens_with_the_odds_shown(tmp_path: Path) -> None:
    """The sniper's turn in the terminal: a move by its number on the map, then a shot whose
    question lists the chance to hit for each number of tokens before anything is drawn."""
    console = Console(file=io.StringIO(), width=80)
    prompts: list[str] = []

    def answer(prompt: str = "") -> str:
        prompts.append(prompt)
        out = console.file.getvalue()  # type: ignore[attr-defined]
        if prompt.startswith("Leave"):
            return "y"
        if "how many tokens" in out.split("You move")[-1] and "You move" in out:
            return "q"  # the tokens' question was shown, with the odds: enough
        if "'b' to go back" in prompt:
            return "1"
        if "You move" not in out:
            return "1"  # the move first
        menu = [line.split(".")[0].strip() for line in out.splitlines() if ". shoot " in line]
        return menu[-1] if menu else "q"

    console.input = answer  # type: ignore[method-assign,assignment]
    game = get_game("sniper-elite")
    TerminalGame(console, game, {}, {1: "human"}, 3, tmp_path / "game.json").run()
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Where to? The numbers on the map" in out
    moved = " ".join(out.split("You move", 1)[1].split())
    assert "how many tokens to draw? Each number with its chance to hit (SE-6.5)" in moved
    assert re.search(r" \d+\. \d+% \d+\. \d+% ", moved)


def test_se_4_10_the_entry_points_are_numbered_on_the_map(tmp_path: Path) -> None:
    """SE-4.10: the entries the player may choose are numbered on the map at their spaces, and
    a number, an entry id or its space chooses."""
    console = Console(file=io.StringIO(), width=80)
    answers = iter(["EW", "q", "y"])
    prompts: list[str] = []

    def answer(prompt: str = "") -> str:
        prompts.append(prompt)
        return next(answers)

    console.input = answer  # type: ignore[method-assign,assignment]
    game = get_game("sniper-elite")
    TerminalGame(console, game, {}, {1: "human"}, 1, tmp_path / "game.json").run()
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Where does the sniper come in? (SE-4.10)" in out
    assert "or a space:" in prompts[0]
    assert "come in at the white entry point (east edge), onto n12" in out
    assert "You wait at the white entry point (east edge) (SE-4.10)" in out


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_bitva_play_sniper_elite_a_whole_game_on_an_80x24_terminal(tmp_path: Path) -> None:
    """`bitva play sniper-elite --challenge dog` on an 80x24 pseudo-terminal, played to the end
    by always taking choice 1 (ending the turn whenever it is offered first): the map, the panel
    and each question on one screen, never the "make it larger" notice."""
    args = ["play", "sniper-elite", "--challenge", "dog", "--seed", "2"]
    session = TerminalSession([*args, "--save", str(tmp_path / "g.json")], tmp_path / "data")
    try:
        session.wait_for("P1:")
        assert "Health NRRNRR" in session.text and "a  b  c" in session.text
        reports = 0
        for _ in range(200):
            if "bitva replay" in session.text:
                break
            assert "make it larger" not in session.text, session.text
            text = session.text
            if "Press Enter to go back" in session.cursor_row:  # the defenders' turn, told
                assert "The defenders' turn, step by step:" in text and "Order: " in text
                reports += 1
                session.answer("")
                session.wait_for(lambda s: "P1:" in s.cursor_row or "bitva replay" in s.text)
                continue
            choice = "1"
            ending = re.search(r"(\d+)\. end your turn", text)
            if ending:  # end at once: the defenders' turns come quickly
                choice = ending.group(1)
            if "'b' to go back" in text:
                choice = "1" if "Where to?" in text else "b"
            session.answer(choice)
            session.wait_for(
                lambda s: (
                    "P1:" in s.cursor_row
                    or "Press Enter" in s.cursor_row
                    or "bitva replay" in s.text
                )
            )
        assert reports, "the defenders' turn was never told step by step"
        assert "You lose" in session.text or "You win" in session.text
        assert "The defenders' turn" in session.raw.decode(errors="replace")
        assert session.wait_for_exit() == 0
    finally:
        session.close()


def test_se_6_8_a_long_hand_of_equipment_takes_two_lines_of_the_panel() -> None:
    hand = ["BINOCULARS", "ENEMY_UNIFORM", "FALSE_REPORT", "FIELD_DRESSING", "GRAPNEL"]
    lines = [line.plain for line in panel_lines({"equipment": {"available": hand}}, 34)]
    kit = lines[lines.index(next(line for line in lines if line.startswith("Kit "))) :][:3]
    assert kit[1].startswith("    ") and all(len(line) <= 34 for line in kit)
    assert kit[2].startswith("    ")
    words = " ".join(kit)
    for name in ("Binoculars", "Enemy Uniform", "False Report", "Field Dressing", "Grapnel"):
        assert name in words


def test_se_4_10_before_the_entry_there_is_no_last_known_area_yet() -> None:
    setting_up = [line.plain for line in panel_lines({"turn": 0, "lka": "white"}, 40)]
    assert "Last known area none yet" in setting_up
    playing = [line.plain for line in panel_lines({"turn": 1, "lka": "black"}, 40)]
    assert "Last known area black" in playing


def test_se_6_4_the_move_question_says_which_moves_cost_a_hit() -> None:
    """SE-6.3, SE-6.4: from the entry (its area the last known one) a 1-step move goes
    unnoticed and 2 or 3 steps cost a hit; the question numbers them as the map does."""
    state = at_turn()
    moves = [a for a in state.legal_actions() if state.action_text(a).startswith("move")]
    steps = [int(state.action_text(a).split()[2]) for a in moves]
    costly = " ".join(str(n) for n, k in enumerate(steps, start=1) if k > 1)
    assert costly and move_costs(state, moves) == f". A hit (marked !): {costly} (SE-6.4)"
    assert state.view(1)["hits_this_turn"] == 0  # measured on copies


class ScriptedTurn(HumanTurn):
    """A human decision answered from a list; each refusal's words kept in `said`."""

    def __init__(self, game: TerminalGame, answers: list[str]) -> None:
        super().__init__(game, 1)
        self.answers, self.said, self.menus = answers, list[str](), list[list[str]]()
        self.prompts = list[str]()

    def ask(self, prompt: str, menu: list[str] | None = None, *_: Any, **__: Any) -> str:
        self.menus.append(list(menu or []))
        self.prompts.append(prompt)
        if self.message:
            self.said.append(self.message)
            self.message = None
        return self.answers.pop(0)


def test_a_number_outside_the_menu_is_refused_in_plain_words() -> None:
    """A number the menu does not hold says which numbers it does, never the action grammar
    ("write move SPACE STEPS, ...")."""
    game = TerminalGame(Console(file=io.StringIO()), get_game("sniper-elite"), {}, {1: "human"}, 3,
                        live=False)  # fmt: skip
    while game.state.decision != "entry":
        if game.state.is_chance:
            game.match.resolve_chance()
        else:
            game.match.play(game.state.legal_actions()[0])
    actions = game.state.legal_actions()
    for choose in (choose_listed, choose_on_map):
        turn = ScriptedTurn(game, ["9", "1"])
        assert choose(turn, "Where?") == actions[0]
        assert turn.said == [f"9 is not one of the choices: type 1-{len(actions)}, or an action"]


def test_se_6_8_a_choice_of_areas_is_taken_by_its_number_or_its_name() -> None:
    """The second question of a card with a choice: an area by its number in the list or by
    name; a number of recoil tokens as it is typed."""
    game = TerminalGame(Console(file=io.StringIO()), get_game("sniper-elite"), {}, {1: "human"}, 3,
                        live=False)  # fmt: skip
    areas = {"red": "A", "yellow": "B"}
    assert _pick(ScriptedTurn(game, ["9", "2"]), "?", ["1. red", "2. yellow"], list(areas),
                 areas, {}) == "B"  # fmt: skip
    assert _pick(ScriptedTurn(game, ["red"]), "?", [], list(areas), areas, {}) == "A"
    recoil = {"1": "one", "2": "two"}
    assert _pick(ScriptedTurn(game, ["2"]), "?", ["1. x", "2. y"], list(recoil), recoil, {}) == (
        "two"
    )


def test_se_6_2_a_space_a_move_cannot_take_says_why() -> None:
    """SE-6.2: a defender's space is refused naming the defender; a space out of reach says how
    far it is (issue 21 point 8); the move question goes on."""
    state = scenario(EX_3)
    assert move_refused(state, "e6") == (
        "R1 stands on e6: you may not enter a defender's space (SE-6.2)"
    )
    assert move_refused(state, "d10") == "d10 is 4 steps away; you can move 3 (SE-6.2)"
    assert move_refused(state, "a9") == "nobody can stand on a9: it is a wall (SE-2.5)"
    game = TerminalGame(Console(file=io.StringIO()), get_game("sniper-elite"), {}, {1: "human"}, 3,
                        live=False)  # fmt: skip
    turn = ScriptedTurn(game, ["e6", "d5"])
    refused = lambda typed: move_refused(state, typed)  # noqa: E731
    assert _pick(turn, "?", [], ["d5"], {"d5": "move"}, {}, refused) == "move"
    assert turn.said == [move_refused(state, "e6")]


def test_the_latest_log_lines_sit_just_above_the_question() -> None:
    """The newest lines of the log are read next to the question; the ones before them beside
    the map, so that the log reads in order from the side to the bottom."""
    state = at_turn()
    log = [f"entry {n:02d} happened" for n in range(40)]
    screen = Screen(NAMES, log, heading="Your turn", menu=["1. end your turn"])
    lines = plain(view_frame(state.view(1), screen, (80, 24), "Sniper Elite"))
    numbers_read = [int(n) for line in lines for n in re.findall(r"entry (\d\d)", line)]
    assert numbers_read == sorted(numbers_read) and numbers_read[-1] == 39
    below = lines.index(next(line for line in lines if line.startswith("Your turn")))
    assert "entry 39" in lines[below - 1]
    beside_the_map = [line for line in lines if re.match(r"^\s?\d+ ", line) and "entry" in line]
    assert beside_the_map and "entry 39" not in " ".join(beside_the_map)


def test_l_shows_the_logs_latest_lines_on_a_page_of_their_own() -> None:
    """The side of the map holds a few log lines: 'l' shows as many of the latest as the window
    holds (what a first objective's summons did, say), then the question comes back."""
    log = [f"line {n}" for n in range(60)]
    page = log_page(log, 80, 24).splitlines()
    assert page[0] == "The log, the latest last:" and page[1:] == log[-22:]
    out = io.StringIO()
    game = TerminalGame(Console(file=out, width=80), get_game("sniper-elite"), {}, {1: "human"}, 3,
                        live=False)  # fmt: skip
    while game.state.decision != "entry":
        if game.state.is_chance:
            game.match.resolve_chance()
        else:
            game.match.play(game.state.legal_actions()[0])
    assert choose_listed(ScriptedTurn(game, ["l", "1"]), "Where?") == game.state.legal_actions()[0]
    assert "The log, the latest last:" in out.getvalue()
    assert "l the log" in plain(view_frame(at_turn().view(1), Screen(NAMES, [], heading="?"),
                                           (80, 24), "Sniper Elite"))[-1]  # fmt: skip


def test_se_6_1_a_turn_of_few_choices_is_asked_as_every_turn_is() -> None:
    """SE-6.1: the sniper's turn is always what to do, then where: with few moves "1" still
    means "move", never a move to the first space at once."""
    game = TerminalGame(Console(file=io.StringIO()), get_game("sniper-elite"), {}, {1: "human"}, 1,
                        live=False)  # fmt: skip
    while game.state.decision != "turn":
        if game.state.is_chance:
            game.match.resolve_chance()
        else:
            game.match.play(game.state.legal_actions()[0])
    moves = [a for a in game.state.legal_actions() if game.state.action_text(a).startswith("move")]
    turn = ScriptedTurn(game, ["1", "1"])
    assert len(game.state.legal_actions()) <= 8
    assert ADAPTER.choose(turn) == moves[0]
    assert turn.menus[0][0] == f"1. move ({len(moves)} spaces)" and turn.menus[1] == []


def test_se_6_8_a_single_number_of_recoil_is_asked_as_1_not_1_to_1() -> None:
    game = TerminalGame(Console(file=io.StringIO()), get_game("sniper-elite"), {}, {1: "human"}, 3,
                        live=False)  # fmt: skip
    turn = ScriptedTurn(game, ["1"])
    assert _pick(turn, "?", ["1. take 1 recoil"], ["1"], {"1": "one"}, {}) == "one"
    assert turn.prompts == ["P1: 1 or a name, 'b' to go back:"]


def test_se_6_5_many_defenders_in_sight_all_keep_their_odds_in_the_panel() -> None:
    """SE-6.5: with more defenders in sight than the panel has lines, they go several to a
    line with their best chance, rather than the last ones being cut off."""
    state = at_turn()
    view = dict(state.view(1))
    hit = [0.1, 0.5, 0.9, 0.4]
    view["in_sight"] = [
        {"defender": d, "range": 2, "hit": hit, "space": "a1"}
        for d in ("R1", "R2", "R3", "K1", "K2", "K3", "Y1", "Y2")
    ]
    lines = plain(view_frame(view, Screen(NAMES, [], heading="?"), (80, 24), "Sniper Elite"))
    text = "\n".join(lines)
    assert all(f"{d} 3:90%" in text for d in ("R1", "K2", "Y2")), text
    assert "…" not in text and max(len(line) for line in lines) <= 80
    assert panel_lines(view, 48)[-1].plain == " Y2 range 2: 1:10% 2:50% 3:90% 4:40%"  # room enough


def test_a_latest_log_line_too_long_for_the_room_shows_its_start() -> None:
    """Where the room below the map is one line and the latest log line needs two, its start
    is shown cut rather than nothing."""
    long = "A defender on or beside you as your turn ends (Marksman challenge: 2 hits): " * 2
    screen = Screen(NAMES, ["earlier", long], heading="?")
    lines = plain(view_frame(at_turn().view(1), screen, (80, 19), "Sniper Elite"))
    assert len(lines) == 19 and lines[-3].startswith("A defender on or beside you")
    assert lines[-3].endswith("…") and len(lines[-3]) <= 80
