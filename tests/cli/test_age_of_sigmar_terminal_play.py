"""Age of Sigmar in the terminal, played as a person plays it (issue 22 point 4, "Done when": both
setups fought to the end in the terminal): the charge question says the exact odds of reaching
the likeliest target (AOS-8.2, the reach analysis), the combat question names the units that
may fight (AOS-9.1); and, as slow tests, both setups played to their end against the AI in a
real 80x24 pseudo-terminal read through pyte, by typed commands: the first turn, a move towards
the enemy by a point, runs, shots, charges at the odds the question shows, fights, pile-ins
and attacks. The screens met on the way are kept as text in test-output/terminal/."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from bitva.cli.games.age_of_sigmar_choices import charge_odds, fighters, percent
from bitva.cli.games.age_of_sigmar_commands import question, read_command
from bitva.games.age_of_sigmar.game import GAME
from tests.cli.terminal_session import TerminalSession
from tests.cli.test_age_of_sigmar_terminal import shift, to_movement

SCREENS = Path(__file__).resolve().parents[2] / "test-output" / "terminal"
QUOTED = re.compile(r"'([^']+)'")
START = re.compile(r"^(?:[AB]\d*[: ]|The )")  # where the question begins
INTERNAL = re.compile(r"\b(?:None|Traceback|undefined)\b")


def at_charge(dy: float) -> Any:
    """Setup 1 at A's charge phase, A1 moved `dy` inches towards B1 first."""
    state = GAME.new({"battle": "1"})
    to_movement(state)
    shift(state, "A1", 0, dy)
    for _ in range(3):  # movement, shooting: done
        if state.rt.step == "charge":
            break
        reply = read_command(state, "done")
        assert reply.action is not None, reply.refusal
        state.play(reply.action)
    assert state.rt.step == "charge"
    return state


def test_aos_8_2_the_charge_question_says_the_odds_to_reach_the_likeliest_target() -> None:
    # A1's front at y 9.79 (40 mm bases), B1's at 37.37: 27.6" apart; 18" closer leaves 9.6"
    state = at_charge(18)  # A2, 32" behind, cannot charge (AOS-8.1): not offered
    odds = charge_odds(state)
    assert [(unit, target) for unit, target, _ in odds] == [("A1", "B1")]
    p = odds[0][2]
    assert 0 < p < 1
    words = question(state)
    assert f"'charge A1' ({percent(p)} to reach B1)" in words
    assert words.endswith("or 'done'")


def test_aos_9_1_the_combat_question_names_the_units_that_may_fight() -> None:
    state = GAME.new({"battle": "1"})
    to_movement(state)
    shift(state, "A1", 0, 27)  # A1's bases touch B1's
    state.rt = replace(state.rt, step="combat", phase="combat", picker="A")
    assert fighters(state) == ["A1"]
    assert "'fight A1'" in question(state)


def test_percent_words_near_the_ends() -> None:
    assert [percent(p) for p in (0, 0.004, 0.5833, 0.996, 1)] == [
        "0%",
        "<1%",
        "58%",
        ">99%",
        "100%",
    ]


# -- whole games in a terminal ---------------------------------------------------------------------
@dataclass
class Player:
    """Types a person's commands into one game and keeps the screens met on the way."""

    session: TerminalSession
    stem: str
    rng: random.Random
    kept: set[str] = field(default_factory=set)
    answers: int = 0
    moved: set[str] = field(default_factory=set)
    typed: list[str] = field(default_factory=list)
    enemy: tuple[float, float] = (24.0, 40.0)  # where the enemy stands, as the map shows
    units: list[str] = field(default_factory=list)  # the player's units, as the panel lists them

    def keep(self, name: str) -> None:
        if name not in self.kept:
            self.kept.add(name)
            SCREENS.mkdir(parents=True, exist_ok=True)
            (SCREENS / f"{self.stem}-{name}.txt").write_text(self.session.text + "\n")

    def question(self) -> str:
        """The question's line(s): the rows above the prompt back to the map's last row."""
        rows = self.session.rows
        at = self.session.screen.cursor.y
        start = at - 1
        while start > at - 4 and not START.match(rows[start]):
            start -= 1
        return " ".join(rows[start:at])

    def type(self, text: str) -> None:
        self.typed.append(f"{self.session.cursor_row.split('>')[0]}> {text}")
        if len(self.typed) > 6 and len(set(self.typed[-6:])) == 1 and text != "done":
            self.keep("stuck")
            raise AssertionError(f"{text!r} again and again:\n{self.session.text}")
        before = self.session.frames
        self.session.answer(text)
        try:
            self.session.wait_for(lambda s: s.frames > before and asked(s))
        except AssertionError as exc:  # the last answer ended the battle and the program
            if "the program ended first" not in str(exc) or "battle is over" not in str(exc):
                raise
        self.answers += 1
        assert not INTERNAL.search(self.session.text), self.session.text
        assert all(len(row) <= 80 for row in self.session.rows)

    def decide(self) -> None:
        """One answer to the question on the screen, as a player would give it."""
        asked_now = self.question()
        offered = QUOTED.findall(asked_now)
        cursor = self.session.cursor_row
        if "first A" in asked_now:
            self.keep("first-turn")
            return self.type("first A" if "A>" in cursor else "first B")
        if "'inspire" in asked_now:
            self.keep("hero")
            self.moved.clear()  # a new turn: every unit may move again
            return self.type("done")
        if "to X Y" in asked_now and "run" in asked_now:  # movement
            self.keep("movement")
            unit = next((u for u in self.units if u not in self.moved), None)
            if unit and self.rng.random() < 0.95:
                self.moved.add(unit)
                x, y = self.enemy
                return self.type(f"{unit} to {x:g} {y:g}")
            self.moved.clear()
            return self.type("done")
        if "runs up to" in asked_now:
            return self.type("hold")
        if "'shoot" in asked_now:
            self.keep("shooting")
            return self.type("done")
        if "'charge" in asked_now and "rolled" not in asked_now:
            self.keep("charge-odds")
            chances = [o for o in offered if o.startswith("charge ")]
            if chances and "% to reach" in asked_now and self.rng.random() < 0.8:
                return self.type(chances[0])
            return self.type("done")
        if "rolled" in asked_now and "'charge'" in asked_now:
            self.keep("charge-move")
            if "no charge move of" in self.session.text:  # refused: the roll is short (AOS-8.3)
                self.keep("charge-short")
                return self.type("hold")
            return self.type("charge")
        if "'fight" in asked_now:
            self.keep("combat")
            picks = [o for o in offered if o.startswith("fight ") and o != "fight UNIT"]
            return self.type(picks[0] if picks else "done")
        if "'pile-in'" in asked_now:
            self.keep("pile-in")
            return self.type("pile-in")
        if "attacks:" in asked_now:
            self.keep("attack")
            enemy = "B" if self.session.cursor_row.strip().startswith("A") else "A"
            for n in range(1, 7):  # the first target the engine takes
                before = self.session.text
                self.type(f"{enemy}{n}")
                if self.session.text != before and "attacks:" not in self.question():
                    return None
            return None
        if "'target" in asked_now or "'unbind" in asked_now:
            return self.type("done")
        self.keep("other")
        return self.type("done")


def asked(session: TerminalSession) -> bool:
    return ">" in session.cursor_row or session.process.poll() is not None


@pytest.mark.slow
@pytest.mark.parametrize(("battle", "level"), [("1", "medium"), ("2", "medium")])
def test_issue22_a_battle_played_to_the_end_in_an_80x24_terminal(
    tmp_path: Path, battle: str, level: str
) -> None:
    session = TerminalSession(
        [
            "play",
            "age-of-sigmar",
            "--battle",
            battle,
            "--p1",
            "human",
            "--p2",
            level,
            "--seed",
            "4",
        ],
        tmp_path,
    )
    player = Player(session, f"age-of-sigmar-{battle}-{level}", random.Random(4))
    # the player moves towards the middle of the enemy's army where it is set up (B's models)
    start = GAME.new({"battle": battle})
    enemy = [m.pos for u in start.rt.units if u.side == "B" for m in u.models if m.pos]
    player.units = [u.id for u in start.rt.units if u.side == "A"]
    player.enemy = (
        round(sum(p[0] for p in enemy) / len(enemy)),
        round(sum(p[1] for p in enemy) / len(enemy)),
    )
    try:
        session.wait_for(asked)
        for _ in range(600):
            if session.process.poll() is not None or "battle is over" in session.text.lower():
                break
            if ">" not in session.cursor_row:
                session.wait_for(asked)
                continue
            player.decide()
        player.keep("end")
        text = session.text
        assert "Traceback" not in text
        assert session.process.poll() is not None or "over" in text.lower(), text
    finally:
        session.close()
        SCREENS.mkdir(parents=True, exist_ok=True)
        (SCREENS / f"{player.stem}-typed.txt").write_text("\n".join(player.typed) + "\n")


def test_geo_9c_a_refusal_names_the_model_it_is_about_not_its_centre() -> None:
    state = GAME.new({"battle": "1"})
    to_movement(state)
    # A1.1 at (24, 9) straight down through A2, the Lord-Celestant at (24, 6)
    reply = read_command(state, "move A1 m1 24,9 24,3.5")
    assert reply.refusal is not None
    assert "through the model A2.1" in reply.refusal
    assert "6.000" not in reply.refusal
    assert reply.refusal.endswith("(GEO-9c)")
