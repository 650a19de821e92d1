"""Sniper Elite in the browser, a whole game at each officer challenge (issue 12, "Done when"):
a person's clicks from the entry arrow to the end: moves toward the objectives on the map, shots
after reading the chance for each number of tokens, rewards, loot and the card kept, objectives
completed, equipment used (aimed at a lit space or named in the prompt), and the defenders' turn
watched on the map. English at 1366x850 by mouse, Czech at 390x844 by touch. Screenshots:
test-output/sniper-elite-<challenge>-<lang>-{start,odds,defenders,end}.png. Slow (about 30 s a
game): `pytest -m slow tests/e2e/test_sniper_elite_challenges.py`; the default suite plays one
whole game in test_sniper_elite_web.py."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from bitva.games.sniper_elite.board import depot
from tests.e2e.conftest import new_page
from tests.e2e.pages import PHONE, WIDE, assert_no_sideways_scroll, create_game, open_game
from tests.e2e.test_sniper_elite_web import MINE, map_box, version, wait_after
from tests.server.process import ServerProcess

SHOTS = Path(__file__).resolve().parents[2] / "test-output"
GAMES = [
    ("none", "en"),
    ("medic", "en"),
    ("radio", "en"),
    ("scout", "cs"),
    ("dog", "cs"),
    ("marksman", "cs"),
    ("sniper", "en"),
]
PROMPT = '#prompt[data-mode="mine"]'
SPACE = re.compile(r"^[a-n]\d+$")
# words that must never reach a player: internal ids of entry points, engine verbs, rule numbers
INTERNAL = re.compile(r"\b(E[RKYW]|SE-\d|D-\d+|NOISE_MASKING|THROWN_STONE|undefined|null)\b")


GEO = depot()


def steps_apart(a: str, b: str) -> int:
    """The path distance a person counts on the map (SE-2.6)."""
    return GEO.dist[GEO.space(a)][GEO.space(b)]


class Person:
    """Plays the sniper as a person would: walk toward an open objective, complete it or loot
    the space under him, use a card now and then, shoot when the odds look good, end the turn
    and watch the defenders. Takes the screenshots on the way."""

    def __init__(self, page: Page, touch: bool, stem: str, seed: int) -> None:
        self.page, self.touch, self.stem = page, touch, stem
        self.rng = random.Random(seed)
        self.done: dict[str, int] = {}  # what was done, by kind
        self.turn_seen = ""
        self.this_turn: set[str] = set()
        self.shots: set[str] = set()

    def snap(self, name: str) -> None:
        if name not in self.shots:
            self.shots.add(name)
            self.page.screenshot(path=str(SHOTS / f"{self.stem}-{name}.png"))

    def press(self, selector: str) -> None:
        target = self.page.locator(selector).first
        if self.touch:
            target.tap(force=selector.startswith("[data-space"))
        else:
            target.click(force=selector.startswith("[data-space"))

    def count(self, selector: str) -> int:
        return self.page.locator(selector).count()

    def did(self, what: str) -> None:
        self.done[what] = self.done.get(what, 0) + 1
        self.this_turn.add(what)

    def open_objectives(self) -> list[str]:
        """The spaces of the sniper's open objectives, read from the panel ("4 on i2")."""
        text = self.page.inner_text("#objectives") if self.count("#objectives") else ""
        return [
            space
            for part in text.split(",")
            for space in re.findall(r"\b([a-n]\d+)\b", part)
            if not re.search(r"\((done|splněn)\)", part)
        ]

    def decide(self) -> str:
        page = self.page
        page.wait_for_selector(MINE, timeout=60_000)
        if page.get_attribute("#game", "data-status") == "over":
            return "over"
        turn = page.inner_text("#turn-line")
        if turn != self.turn_seen:
            self.turn_seen, self.this_turn = turn, set()
        decision = page.get_attribute("#prompt", "data-decision") or ""
        before, box = version(page), map_box(page)
        if decision == "entry":
            arrows = self.count(".entry.offered")
            self.press(f".entry.offered >> nth={self.rng.randrange(arrows)}")
            self.did("entry")
        elif decision == "turn":
            self.turn()
        elif decision == "place":
            self.press(".hot .space.hl-place")
            self.did("place")
        else:  # a reward, the loot pick, the objective to bottom: a person reads and picks
            buttons = self.count(f"{PROMPT} button.action")
            self.press(f"{PROMPT} button.action >> nth={self.rng.randrange(buttons)}")
            self.did(decision)
        wait_after(page, before)
        assert map_box(page) == box, "the map moved under the pointer"
        return decision

    def turn(self) -> None:
        page = self.page
        moves = page.locator(".hot .space.hl-move")
        targets = (page.get_attribute("#se-map", "data-targets") or "").split()
        if not self.count(f'{PROMPT} [data-action="end"]'):  # the first move from the entry
            self.snap("start")
            self.move(moves)
        elif self.count(f'{PROMPT} [data-action="complete"]'):
            self.press(f'{PROMPT} [data-action="complete"]')
            self.did("complete")
        elif self.count(f'{PROMPT} [data-action="loot"]') and "loot" not in self.this_turn:
            self.press(f'{PROMPT} [data-action="loot"]')
            self.did("loot")
        elif self.cards() and "use" not in self.this_turn and self.rng.random() < 0.4:
            self.use_card()
        elif targets and "shoot" not in self.this_turn and self.aim(targets):
            self.did("shoot")
        elif moves.count() and "move" not in self.this_turn:
            self.move(moves)
        else:
            self.press(f'{PROMPT} [data-action="end"]')
            self.did("end")
            try:  # a few steps in: the card, its steps, the figures sliding
                page.wait_for_selector("#now-line.active", timeout=4000)
                page.wait_for_selector(
                    '#now-line[data-kind="defender-moved"], #now-line[data-kind="found"],'
                    ' #now-line[data-kind="hit"]',
                    timeout=3000,
                )
                self.snap("defenders")
                self.did("watched")
            except PlaywrightTimeout:  # the game may end before the defenders act
                pass

    def move(self, moves: object) -> None:
        """To the green space nearest an open objective (a person reads the panel)."""
        spaces = self.page.eval_on_selector_all(
            ".hot .space.hl-move", "cells => cells.map((c) => c.dataset.space)"
        )
        goals = self.open_objectives() or spaces
        best = min(spaces, key=lambda s: (min(steps_apart(s, g) for g in goals), s))
        self.press(f'[data-space="{best}"].hl-move')
        self.did("move")

    def cards(self) -> list[str]:
        found: list[str] = self.page.eval_on_selector_all(
            f"{PROMPT} [data-card], {PROMPT} [data-action^='use ']",
            "els => els.map((e) => e.dataset.card || e.dataset.action)",
        )
        return found

    def use_card(self) -> None:
        page = self.page
        choice = self.rng.choice(self.cards())
        if choice.startswith("use "):  # no target: one click
            self.press(f'{PROMPT} [data-action="{choice}"]')
        else:
            self.press(f'{PROMPT} [data-card="{choice}"]')
            help_text = page.inner_text("#prompt .card-help")
            assert len(help_text) > 20, help_text  # the card says what it does
            self.snap("card")
            if self.count(".hot .space.hl-use"):
                self.press(".hot .space.hl-use")
            else:
                self.press(f'{PROMPT} [data-action^="use {choice} "]')
        self.did("use")

    def aim(self, targets: list[str]) -> bool:
        """Read the odds of each defender in sight; shoot the best if it looks worth it."""
        page = self.page
        best: tuple[float, str, str] | None = None
        for target in targets:
            self.press(f'[data-figure="{target}"]')
            page.wait_for_selector(f'#shot-box[data-target="{target}"]')
            buttons = page.locator("#shot-box .token-button")
            for index in range(buttons.count()):
                label = buttons.nth(index).get_attribute("aria-label") or ""
                chance = float(re.findall(r"(\d+)\s?%", label)[-1])
                action = buttons.nth(index).get_attribute("data-action") or ""
                if best is None or chance > best[0]:
                    best = (chance, action, target)
        if best is None or best[0] < 30:
            if page.get_attribute("#shot-box", "data-target"):  # put the aim down again
                self.press(f'[data-figure="{page.get_attribute("#shot-box", "data-target")}"]')
            self.this_turn.add("shoot")
            return False
        if page.get_attribute("#shot-box", "data-target") != best[2]:
            self.press(f'[data-figure="{best[2]}"]')
            page.wait_for_selector(f'#shot-box[data-target="{best[2]}"]')
        self.snap("odds")
        self.press(f'#shot-box [data-action="{best[1]}"]')
        return True


@pytest.mark.slow
@pytest.mark.parametrize(("challenge", "lang"), GAMES)
def test_se_10_1_a_whole_game_at_each_challenge_by_a_persons_clicks(
    server: ServerProcess, browser: Browser, page_errors: list[str], challenge: str, lang: str
) -> None:
    touch = lang == "cs"
    page = new_page(browser, page_errors, lang=lang, viewport=PHONE if touch else WIDE, touch=touch)
    page.goto(server.url)
    page.evaluate(f"localStorage.setItem('bitva.lang', '{lang}')")
    options = {} if challenge == "none" else {"challenge": challenge}
    game = create_game(server, game="sniper-elite", opponents=[], options=options)
    open_game(page, server, game)
    page.wait_for_selector("#se-map .space")
    person = Person(page, touch, f"sniper-elite-{challenge}-{lang}", seed=len(challenge))
    for _ in range(150):
        if person.decide() == "over":
            break
        words = page.inner_text("#game")
        assert not INTERNAL.search(words), INTERNAL.search(words)
    assert page.get_attribute("#game", "data-status") == "over"
    page.wait_for_selector("#now-line:not(.active)")
    person.snap("end")
    page.locator("#log").screenshot(path=str(SHOTS / f"{person.stem}-log.png"))
    assert_no_sideways_scroll(page, f"{challenge} {lang}")
    assert person.done.get("move") and person.done.get("end")
    result = page.inner_text("#result")
    assert result in (
        ("You win!", "You lose.") if lang == "en" else ("Vyhráli jste!", "Prohráli jste.")
    )
    assert not page_errors, page_errors
