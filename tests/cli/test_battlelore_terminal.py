"""BattleLore in the terminal (issue 11 point 5): the hex board drawn from a seat's view
(docs/battlelore.md) with terrain, units as banner colour and figures, the hands, goblets and
the Lore pool, each attack's odds before the roll and the dice as rolled, on a screen that fits
80x24, seen from North's edge by the player who plays North; the analysis as a table sorted by
the chance of eliminating, and as bare JSON.

The views are fixtures written exactly as docs/battlelore.md shows them
(tests/battlelore/fixtures/views/)."""

from __future__ import annotations

import io
import json
import random
import re
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from rich.console import Console

from bitva.cli.games import Screen
from bitva.cli.games.battlelore import ADAPTER, analysis_tables, view_frame
from bitva.cli.games.battlelore_board import board_lines, marker_lines, side_lines
from bitva.cli.games.battlelore_names import card_name, command_title
from bitva.cli.games.battlelore_words import action_label, odds_table, question
from bitva.cli.terminal import TerminalGame
from bitva.core.game import Analysis
from bitva.core.outcome import Outcome
from bitva.core.registry import get_game
from bitva.core.rng import Rng
from bitva.games.battlelore.field.board import distance, hex_of
from tests.battlelore.plural_names import plural_name_with_singular_verb
from tests.cli.helpers import run
from tests.cli.terminal_session import TerminalSession

FIXTURES = Path(__file__).resolve().parents[1] / "battlelore" / "fixtures"
NAMES = {1: "Ann", 2: "Computer (hard)"}


def view(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / "views" / f"{name}.json").read_text())
    return data


def analysis(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / "analysis" / f"{name}.json").read_text())
    return data


def plain(lines: list[Any]) -> list[str]:
    return [line.plain for line in lines]


def screen_for(data: dict[str, Any], actions: list[str], log: list[str] | None = None) -> Screen:
    odds = odds_table(analysis("analysis-battle"))
    menu = [f"{i}. {action_label(data, a, odds)}" for i, a in enumerate(actions, 1)]
    return Screen(NAMES, log or [], heading=question(data), menu=menu)


@pytest.mark.parametrize(
    ("fixture", "seat"),
    [
        ("a01-south-battle", 1),
        ("a01-south-retreat", 1),
        ("a02-north-react", 2),
        ("a02-spectator", None),
    ],
)
def test_a_screen_fits_80x24(fixture: str, seat: int | None) -> None:
    data = view(fixture)
    log = [f"line {n} of the log" for n in range(30)]
    screen = screen_for(data, ["battle F4 F6", "battle H3 G6", "battle H3 H7", "done"], log)
    lines = view_frame(data, seat, screen, (80, 22), "BattleLore · the title", None)
    assert len(lines) <= 22  # 24 less the prompt's two lines
    assert max(line.cell_len for line in lines) <= 80
    text = "\n".join(plain(lines))
    assert "line 29 of the log" in text  # the log's end, as room allows
    assert "done" in text and "? help" in text  # the question is never pushed out


def test_every_hex_is_drawn_with_its_terrain_and_units() -> None:
    data = view("a01-south-battle")
    lines = plain(board_lines(data, 1))
    assert len(lines) == 10  # 9 rows of hexes and the column letters (rules 2.1)
    assert [line.split()[0] for line in lines[:9]] == [str(y) for y in range(9, 0, -1)]
    assert lines[-1].split() == list("ABCDEFGHIJKLM")
    river = lines[4]  # row 5: the brook, its fords and its bridge
    assert river.startswith("5 ") and river.count("≈") >= 30 and "═══" in river
    assert "≈·≈" in river  # a ford
    # units: banner letter (capital mounted), figures, whose (▲ the viewer's, ▼ the other's)
    row4 = lines[5]
    assert "r4▲" in row4 and "b2▲" in row4  # Men-at-Arms F4, Footmen G4 with 2 figures
    assert "B3▼" in lines[1] and "R2▼" in lines[1]  # North's Lancers and Knights on row 8
    assert "∩∩∩" in lines[7] and "♣♣♣" in lines[6]  # a hill (H2) and a forest (D3)


def test_the_units_stand_where_the_view_says() -> None:
    data = view("a01-south-battle")
    lines = plain(board_lines(data, 1))
    for unit in data["units"]:
        letter, y = unit["hex"][0], int(unit["hex"][1:])
        line = lines[9 - y]
        x = "ABCDEFGHIJKLM".index(letter)
        start = 2 + (2 if y % 2 == 0 else 0) + 4 * x + 1
        code = line[start : start + 3]
        assert code[1] == str(unit["figures"]), (unit, line)
        assert code[0].lower() == unit["banner"][0]
        assert code[0].isupper() == (unit["status"] == "mounted")
        assert code[2] == ("▲" if unit["side"] == 1 else "▼")


def test_north_sees_the_board_from_its_own_edge() -> None:
    data = view("a02-north-react")
    lines = plain(board_lines(data, 2))
    assert [line.split()[0] for line in lines[:9]] == [str(y) for y in range(1, 10)]
    assert lines[-1].split() == list("MLKJIHGFEDCBA")  # column M on the left
    spider = next(line for line in lines if line.startswith("5 "))
    assert "*1▲" in spider  # North's own Giant Spider points up for North
    south_row = lines[2]  # row 3, near the top: South's units point down
    assert "▼" in south_row and "▲" not in south_row
    # a spectator sees it from South's edge, South's units up
    assert plain(board_lines(data, None))[0].startswith("9 ")


def test_the_panel_shows_banners_goblets_pool_and_only_the_own_hand() -> None:
    data = view("a02-north-react")
    text = "\n".join(plain(side_lines(data, 2, NAMES)))
    assert "You ⚑ 1/6 · goblet 2" in text  # banners toward the adventure's target
    assert "South ⚑ 2/6 · goblet 3" in text
    assert "5 cards · 2 Lore" in text  # the other side's hands are counts
    assert "Lore pool 49" in text
    assert command_title("PATROL_L") in text and command_title("ATTACK_R") in text
    assert f"✦ {card_name('WR01')}" in text  # Lore cards of the own hand, by name
    watcher = "\n".join(plain(side_lines(view("a02-spectator"), None, NAMES)))
    assert "3 cards · 2 Lore" in watcher and "5 cards · 2 Lore" in watcher
    assert "Patrol" not in watcher and "Your hand" not in watcher


def test_a01_without_lore_shows_no_goblet_or_pool() -> None:
    text = "\n".join(plain(side_lines(view("a01-south-battle"), 1, NAMES)))
    assert "goblet" not in text and "Lore" not in text
    assert "You ⚑ 1/4" in text and "North ⚑ 2/4" in text and "4 cards" in text


def test_an_attack_shows_its_odds_before_the_roll_and_its_dice_after() -> None:
    data = view("a01-south-battle")
    odds = odds_table(analysis("analysis-battle"))
    label = action_label(data, "battle F4 F6", odds)
    assert label == "Men-at-Arms F4 → F6: 4 dice · a die hits 50% · eliminates 69%"
    declared = dict(data, battle={"attacker": "F4", "target": "F6", "kind": "melee", "dice": 4})
    declared["battle"]["faces"] = []
    lines = plain(view_frame(declared, 1, Screen(NAMES), (80, 22), "t", odds))
    assert any("4 dice · a die hits 50% · eliminates 69%" in line for line in lines)
    rolled = plain(view_frame(view("a01-south-retreat"), 1, Screen(NAMES), (80, 22), "t", odds))
    assert any(re.search(r"Rolled: +R +F +F +S", line) for line in rolled)


def test_questions_and_choices_are_plain_words() -> None:
    data = view("a01-south-retreat")
    # the unit's name is no subject of "retreats": "Men-at-Arms" is plural (BL-6.5)
    assert question(data) == "Retreat Men-at-Arms (F6): choose the hex of the next step (BL-6.5)"
    assert action_label(data, "retreat F7") == "retreat to F7"
    assert action_label(data, "ignore 1") == "ignore 1 flag"
    assert action_label(data, "ignore 2") == "ignore 2 flags"
    assert action_label(data, "play PATROL_C") == f"play {command_title('PATROL_C')}"
    assert action_label(data, "order F4 pay").endswith("(3 Lore: a creature out of its section)")
    assert action_label(data, "move F4 F5").endswith("F4 → F5")
    battle = view("a01-south-battle")
    assert command_title("ATTACK_C") in question(dict(battle, decision="order"))


def test_the_analysis_table_is_sorted_by_the_chance_of_eliminating() -> None:
    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(analysis_tables(analysis("analysis-battle"), "position.toml"))
    text = console.export_text()
    assert "position.toml: the attacks South's ordered units may make" in text
    rows = [line for line in text.splitlines() if re.search(r"\d+\.\d%", line)]
    eliminated = [float(re.findall(r"(\d+\.\d)%", row)[-1]) for row in rows]
    assert eliminated == [68.8, 55.6, 0.0]
    assert "F4" in rows[0] and "G6" in rows[1] and "H7" in rows[2]


def test_the_move_step_lists_where_each_unit_may_go() -> None:
    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(analysis_tables(analysis("analysis-move"), "p.toml"))
    text = console.export_text()
    assert "E5, F5, G5" in text and "(cannot move)" in text


def test_the_analysis_json_is_the_object_bare() -> None:
    result = analysis("analysis-battle")
    bare = Analysis("odds", "Odds", "the odds", lambda state, seat: result)
    printed = ADAPTER.analysis_json(bare, result)
    assert json.loads(printed) == result
    assert "\n" not in printed


def test_bl_16_outcomes_are_told_from_their_codes_and_to_the_loser() -> None:
    won = Outcome.win(2, 2, "banners", {"banners": 6}, "BL-16")
    assert ADAPTER.describe_outcome(won) == "North wins: 6 banners (BL-16)"
    assert ADAPTER.outcome_reason(won, 2) == "you gained 6 victory banners (BL-16)"
    assert ADAPTER.outcome_reason(won, 1) == "North gained 6 victory banners (BL-16)"
    assert ADAPTER.outcome_reason(won, None) == "North gained 6 victory banners (BL-16)"


# -- real games ------------------------------------------------------------------------------------
def closing_choice(state: Any, rng: random.Random) -> Any:
    """A choice that seeks the fight (a battle, an order, the move that ends nearest an
    enemy), so that a game reaches battles, retreats and its end in few moves."""
    actions = state.legal_actions()
    texts = [state.action_text(a) for a in actions]
    seat = state.current_player
    enemies = [hex_of(u["hex"]) for u in state.view(seat)["units"] if u["side"] != seat]

    def nearest(text: str) -> int:
        return min((distance(hex_of(text.split()[2]), e) for e in enemies), default=0)

    for verb in ("battle", "order", "move", "retreat", "pursue", "play"):
        found = [i for i, text in enumerate(texts) if text.split()[0] == verb]
        if found and verb == "move":
            return actions[min(found, key=lambda i: (nearest(texts[i]), rng.random()))]
        if found:
            return actions[rng.choice(found)]
    others = [i for i, text in enumerate(texts) if text not in ("done", "pass")]
    return actions[rng.choice(others)] if others else actions[0]


@pytest.mark.parametrize("adventure", ["A01", "A02"])
def test_every_screen_of_a_real_game_fits_80x24(adventure: str) -> None:
    game = get_game("battlelore")
    state = game.new({"adventure": adventure}, seed=3)
    rng, dice = random.Random(3), Rng(3)
    log: list[str] = []
    decisions: set[str] = set()
    for _ in range(3000):
        if state.outcome is not None:
            break
        if state.is_chance:
            log += ADAPTER.describe_events([e.for_seat(1) for e in state.resolve_chance(dice)])
            continue
        seat = state.current_player
        decisions.add(state.decision)
        labels = [ADAPTER.action_label(state, a) for a in state.legal_actions()]
        menu = [f"{i}. {label}" for i, label in enumerate(labels, 1)]
        screen = Screen(NAMES, log, heading=ADAPTER.heading(state, seat), menu=menu)
        lines = ADAPTER.frame(state, seat, screen, (80, 22))
        assert max(line.cell_len for line in lines) <= 80, state.decision
        if len(menu) <= 8:  # a long menu may ask for a taller window; a short one never
            assert len(lines) <= 22, (state.decision, len(lines))
        heading = screen.heading or ""
        assert " " in heading and "(BL-" in heading, heading  # plain words, the rule last
        for said in [heading, *menu, *(line.plain for line in lines)]:
            assert plural_name_with_singular_verb(said) is None, said  # "Lancers ... is"
        events = state.apply(closing_choice(state, rng))
        log += ADAPTER.describe_events([e.for_seat(1) for e in events])
    assert state.outcome is not None, "the game reached its end"
    assert {"command", "order", "move", "battle"} <= decisions
    assert not [line for line in log if "·" in line and ":" in line], "an event without words"
    assert [line for line in log if plural_name_with_singular_verb(line)] == []
    assert any(" loses the " in line for line in log)  # units were eliminated, in these words
    assert ADAPTER.outcome_reason(state.outcome, 1).endswith("(BL-16.1)")


def test_bl_3_a_move_is_a_unit_then_a_hex_numbered_on_the_board(tmp_path: Path) -> None:
    """BL-3: the human picks a unit, then one of the hexes it may reach, numbered on the board
    (a list of every move of every ordered unit would not fit 80x24)."""
    console = Console(file=io.StringIO(), width=80)
    prompts: list[str] = []

    def answer(prompt: str = "") -> str:
        prompts.append(prompt)
        moves = sum("or a hex, 'b'" in p for p in prompts)
        if moves >= 2:
            return "q" if not prompt.startswith("Leave") else "y"
        return "1"

    console.input = answer  # type: ignore[method-assign,assignment]
    game = get_game("battlelore")
    players = {1: "human", 2: "random"}
    TerminalGame(console, game, {"adventure": "A01"}, players, 5, tmp_path / "game.json").run()
    screen = console.file.getvalue()  # type: ignore[attr-defined]
    assert any("a unit (1-" in p for p in prompts)
    assert "where to? The numbers on the board" in screen
    assert re.search(r"◆", screen) and re.search(r" 1 ", screen)
    assert "South moves" in screen  # the move was made


def test_bl_14_6_a_custom_council_is_typed_as_levels(tmp_path: Path) -> None:
    """BL-14.6: the levels by seat are typed (hundreds of councils would not fit a list); a
    council over the agreed total is refused with the reason."""
    console = Console(file=io.StringIO(), width=80)
    answers = iter(["commander=3 cleric=3 wizard=3", "commander=2 cleric=2 wizard=2", "q", "y"])
    console.input = lambda prompt="": next(answers)  # type: ignore[method-assign,assignment,misc]
    options = {"adventure": "A02", "councils": "custom"}
    players = {1: "human", 2: "random"}
    TerminalGame(console, get_game("battlelore"), options, players, 4, tmp_path / "g.json").run()
    screen = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Seat your War Council in secret: 6 levels in all" in screen
    assert "(BL-14.6)" in screen.split("commander=3 cleric=3 wizard=3")[-1]  # refused, and why
    assert "South seats its War Council in secret" in screen


def test_bitva_analyse_battlelore_prints_the_table_and_the_bare_json() -> None:
    """Issue 11's analysis command: a readable table sorted by the chance of eliminating, and
    with --json the object bare on one line."""
    position = str(FIXTURES / "positions" / "two-attacks.toml")
    table = run("analyse", "battlelore", position)
    assert table.exit_code == 0, table.stdout
    rows = [line for line in table.stdout.splitlines() if re.search(r"\d+\.\d%", line)]
    assert "F4" in rows[0] and "70.4%" in rows[0]  # the likeliest kill first
    assert "E3" in rows[1] and "0.0%" in rows[1]
    bare = run("analyse", "battlelore", position, "--json")
    assert bare.exit_code == 0 and len(bare.stdout.strip().splitlines()) == 1
    answer = json.loads(bare.stdout)
    assert answer["active"] == "south" and answer["step"] == "battle" and answer["moves"] == {}
    assert [(b["attacker"], b["target"]) for b in answer["battles"]] == [("E3", "F6"), ("F4", "G5")]


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_bitva_play_battlelore_fits_a_real_80x24_terminal(tmp_path: Path) -> None:
    """`bitva play battlelore` on an 80x24 pseudo-terminal: the board, the panel and each
    question on one screen, never the "make it larger" notice, through the card, the orders
    and a move chosen as a unit and then a numbered hex."""
    save = tmp_path / "game.json"
    args = ["play", "battlelore", "--adventure", "A01", "--p1", "human", "--p2", "random"]
    session = TerminalSession([*args, "--seed", "1", "--save", str(save)], tmp_path / "data")
    try:
        session.wait_for("P1: choice (1-")
        assert "5 ≈≈≈≈" in session.text and "You ⚑ 0/4" in session.text
        for _ in range(12):  # the card, then orders until the units move
            if "a unit (1-" in session.text:
                break
            assert "make it larger" not in session.text, session.text
            session.answer_and_wait("1", "(1-")
        assert "a unit (1-" in session.text
        session.answer_and_wait("1", "or a hex, 'b'")
        assert "where to?" in session.text and "◆" in session.text
        assert "make it larger" not in session.text, session.text
        session.answer("q")
        session.wait_for("Leave the game? (y/n)")
        session.answer("y")
        assert session.wait_for_exit() == 0
    finally:
        session.close()


def test_bl_14_3_cards_drawn_to_choose_from_show_apart_from_the_hand() -> None:
    """BL-14.3, BL-15.1: the cards just drawn (to keep or discard) are listed after the hand,
    marked +; the other side's are never named."""
    data = view("a02-north-react")
    data["sides"]["2"].update({"drawn": ["SCOUT_C"], "lore_drawn": ["WZ01", "CL03"]})
    data["sides"]["1"].update({"drawn": 0, "lore_drawn": 2})
    text = "\n".join(plain(side_lines(data, 2, NAMES)))
    assert f" + {command_title('SCOUT_C')}" in text
    assert f" + ✦ {card_name('WZ01')}" in text and f" + ✦ {card_name('CL03')}" in text
    assert text.count(" + ") == 3


def test_bl_10_4_a_rushing_goblin_is_marked_with_the_hex_it_rushes_at() -> None:
    """The engine's view names the rush target by its hex; the marker line says it."""
    data = view("a02-north-react")
    for unit in data["units"]:
        unit["rush_target"] = None
    rusher = next(u for u in data["units"] if u["hex"] == "E6")
    rusher["rush_target"] = "E3"
    (line,) = marker_lines(data)
    assert "E6 rushes at E3" in line.plain.split("Markers: ")[1].split(", ")


def test_bl_14_5_a_full_hand_is_shown_whole_in_80x24() -> None:
    """Six Command cards and four Lore cards (a level-3 council's hand) beside the board of an
    80x24 window: every card is named, packed several a line where the panel runs short."""
    data = view("a02-north-react")
    own = data["sides"]["2"]
    own["command_hand"] = ["PATROL_L", "ATTACK_R", "FORWARD_MARCH", "VOLLEY", "SCOUT_C", "PINCER"]
    own["lore_hand"] = ["WR01", "WZ02", "WZ01", "CL02"]
    screen = screen_for(data, ["lore WZ02", "pass"], [f"line {n}" for n in range(30)])
    lines = view_frame(data, 2, screen, (80, 22), "BattleLore · the title", None)
    assert len(lines) <= 22 and max(line.cell_len for line in lines) <= 80
    text = " ".join(plain(lines))
    for card in own["command_hand"]:
        assert command_title(card) in text, card
    for card in own["lore_hand"]:
        assert card_name(card) in text, card


def test_d_43_a_reaction_question_says_what_it_answers() -> None:
    """A Lore window in one's own step is no answer to the opponent (BAT_RANGED: your unit
    shoots); the opponent's step is named (ROLL_BEFORE: your unit is attacked)."""
    data = {**view("a02-north-react"), "decision": "react"}
    assert question({**data, "window": "BAT_RANGED"}).startswith("Your unit shoots: you may play")
    assert question({**data, "window": "ROLL_BEFORE"}).startswith("Your unit is attacked")
    assert question({**data, "window": None}).startswith("Your opponent acts")
    assert all(question({**data, "window": w}).endswith("(BL-13.3)") for w in ("CMD_REACT", None))
    assert action_label({**data, "window": "BAT_RANGED"}, "pass") == "go on"
    assert action_label({**data, "window": "ROLL_BEFORE"}, "pass") == "pass"


def test_d_43_a_window_with_only_pass_is_passed_without_asking() -> None:
    """A Lore window opens by public criteria (D-43); where no card of the seat can answer,
    the terminal passes for it, as the browser does; with a card to play it asks."""
    game = get_game("battlelore")
    state = game.new({"adventure": "A02"}, seed=6)
    rng, dice = random.Random(6), Rng(6)
    seen: set[bool] = set()
    while state.outcome is None and len(seen) < 2:
        if state.is_chance:
            state.resolve_chance(dice)
            continue
        if state.decision == "react":
            texts = [state.action_text(a) for a in state.legal_actions()]
            # a printed game (no live screen): no page of the other side's turn first
            game = SimpleNamespace(display=None)
            turn = SimpleNamespace(state=state, seat=state.current_player, game=game)
            chosen = ADAPTER.choose(turn)  # type: ignore[arg-type]
            if texts == ["pass"]:
                assert chosen is not None and state.action_text(chosen) == "pass"
            else:
                assert chosen is None  # the numbered list asks
            seen.add(texts == ["pass"])
        state.apply(rng.choice(state.legal_actions()))
    assert seen == {True, False}


def test_issue21_the_end_line_names_the_side_that_won() -> None:
    """Issue 21 (leftover of point 4): a lost game says which side won, not "Player 2"."""
    from bitva.cli.terminal import end_line

    outcome = Outcome.win(2, 2, "banners")
    assert end_line(outcome, 1, ADAPTER.seat_name) == "You lose: North wins"
    assert end_line(outcome, None, ADAPTER.seat_name) == "North wins"
    assert end_line(outcome, 2, ADAPTER.seat_name) == "You win"
