"""A whole BattleLore adventure played by clicks, as a person plays it (issue 11 point 5): the
game made in the lobby, every decision by what the page offers (a card and its button, a unit
then a green hex, a unit then a red target whose odds show before the roll, a reaction's
buttons, the Lore cards of A02 and the units a Forced March adds by their green hexes), until
the game-over screen. On a touch screen the first tap on a target shows its odds and the
second attacks.

Slow (`-m slow`): A02 on a phone in Czech against the random AI, two to four minutes. The
same steps play A01 and A02 against `hard` when run by hand (`play_by_clicks`, docs/battlelore.md
"Playing"); the quick default tests (test_battlelore_web.py) end a game through the API and check
its end screen."""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from bitva.games.battlelore.field.board import distance, hex_of
from tests.e2e.clicks import pick_card
from tests.e2e.conftest import new_page
from tests.e2e.pages import PHONE, assert_no_sideways_scroll
from tests.server.process import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-output"
HEX = '#board .hex[data-hex="{}"]'
DECIDE = '#prompt[data-mode="mine"], #game[data-status="over"]'
# what a Czech log must not show: card ids ("WZ01", "PATROL_C"), engine or English words
NOT_CZECH = re.compile(
    r"\b(?:[A-Z]{2}\d{2}|[A-Z]+_[A-Z_]*[LCR]|side [12]|window|the|and|undefined|null)\b"
)


@dataclass
class Play:
    """One game by clicks: the page, its seat's API client (to read what the page offers in
    engine words, so that a choice can be made; every action is then made by clicks), the
    screenshots' names, and what was seen."""

    page: Page
    http: httpx.Client
    game_id: str
    rng: random.Random
    touch: bool
    prefix: str
    seen: set[str] = field(default_factory=set)
    decisions: int = 0

    def shot(self, name: str) -> None:
        """A screenshot the first time `name` happens."""
        if name not in self.seen:
            self.seen.add(name)
            self.page.screenshot(path=str(SHOTS / f"{self.prefix}-{name}.png"))

    def press(self, selector: str) -> None:
        (self.page.tap if self.touch else self.page.click)(selector)

    def version(self) -> int:
        return int(self.page.get_attribute("#game", "data-version") or "-1")


def start_in_the_lobby(page: Page, server: ServerProcess, adventure: str, level: str) -> str:
    """A new game made as a person makes it: BattleLore, the adventure, the computer at
    `level`. Returns its id."""
    page.goto(server.url)
    page.select_option("#game-select", "battlelore")
    page.select_option("#adventure", adventure)
    page.check('input[name="opponent-1"][value="ai"]')
    page.select_option("#level-1", level)
    page.fill("#name", "Eva")
    page.click("#start")
    page.wait_for_selector("#game[data-seat='1']")
    return str(page.get_attribute("#game", "data-game"))


def seat_client(page: Page, server: ServerProcess, game_id: str) -> httpx.Client:
    """The API as this browser's seat (its token from the page's storage)."""
    seats = json.loads(page.evaluate("localStorage.getItem('bitva.seats')"))
    token = seats[game_id]["token"]
    return httpx.Client(
        base_url=server.url, timeout=60, headers={"Authorization": f"Bearer {token}"}
    )


def choose(data: dict[str, Any], rng: random.Random) -> str:
    """A person's choice that seeks the fight: often a Lore card, the attack most likely to
    eliminate (the odds the page shows), every order, the move closest to an enemy."""
    legal: list[str] = data["legal_actions"]
    enemies = [hex_of(u["hex"]) for u in data["view"]["units"] if u["side"] != data["seat"]]

    def closeness(action: str) -> tuple[int, float]:
        to = hex_of(action.split()[2])
        return (-min((distance(to, enemy) for enemy in enemies), default=0), rng.random())

    lore = [a for a in legal if a.startswith("lore ")]
    if lore and rng.random() < 0.6:
        return rng.choice(lore)
    battles = [a for a in legal if a.startswith("battle ")]
    if battles:
        odds = {
            f"battle {o['attacker']} {o['target']}": o["p_eliminated"]
            for o in data["view"].get("odds") or []
        }
        return max(battles, key=lambda a: (odds.get(a, 0.0), rng.random()))
    for verbs in (("order", "free"), ("move",), ("retreat", "pursue", "place", "add"), ("play",)):
        options = [a for a in legal if a.split()[0] in verbs]
        if options and verbs == ("move",):
            return max(options, key=closeness)
        if options:
            return rng.choice(options)
    others = [a for a in legal if a not in ("done", "pass")]
    return rng.choice(others) if others else legal[0]


def click(play: Play, action: str, odds: bool = True) -> None:
    """Make `action` by clicks (taps), with a screenshot of each kind of step the first time;
    `odds`: the page has the odds of this attack (the game's analysis lists it)."""
    page, words = play.page, action.split()
    verb = words[0]
    if verb in ("play", "lore"):
        pick_card(page, words[1], f'#prompt [data-action="{action}"]', play.press)
        if verb == "lore":
            expect(page.locator(".card-text")).not_to_be_empty()
            play.shot("lore-card")
        play.press(f'#prompt [data-action="{action}"]')
    elif verb in ("order", "free", "retreat", "pursue", "place", "add") and len(words) == 2:
        if verb == "order":
            play.shot("order")
        play.press(HEX.format(words[1]))
    elif verb in ("move", "battle") and len(words) == 3:
        play.press(HEX.format(words[1]))
        page.locator("#board .hl.dest, #board .hl.target").first.wait_for()
        if verb == "move":
            play.shot("move")
        else:
            page.wait_for_selector('#game[data-odds="ready"]')
            if play.touch:  # a first tap shows the odds, the second attacks
                play.press(HEX.format(words[2]))
            else:
                page.hover(HEX.format(words[2]))
            if odds:
                expect(page.locator("#odds")).to_contain_text("%")
                play.shot("attack-odds")
        play.press(HEX.format(words[2]))
    elif verb in ("order", "free"):  # a creature out of its section (BL-11.2): its hex, then
        before = play.version()  # the button where the hex offers more than one order
        play.press(HEX.format(words[1]))
        button = page.locator(f'#prompt [data-action="{action}"]')
        deadline = time.monotonic() + 10
        while play.version() == before and not button.count():
            assert time.monotonic() < deadline, f"{action}: neither played nor offered"
            page.wait_for_timeout(50)
        if play.version() == before:
            play.press(f'#prompt [data-action="{action}"]')
    else:
        play.press(f'#prompt [data-action="{action}"]')


def dice_shot(play: Play) -> None:
    """The first dice the page shows as rolled (an attack's roll comes after the reaction
    windows its declaration opens, BL-13.3), once they stop rolling."""
    if "dice" not in play.seen and play.page.locator("#dice .die").count():
        play.page.wait_for_timeout(950)
        if play.page.locator("#dice .die:not(.rolling)").count():
            play.shot("dice")


def play_by_clicks(play: Play, most: int = 1500) -> str:
    """Play this seat's decisions by clicks until the game is over; returns the result line."""
    page = play.page
    waited = (-1, 0.0)  # a version the page has not moved on from, since when
    while True:
        page.wait_for_selector(DECIDE, timeout=120_000)
        dice_shot(play)
        if page.get_attribute("#game", "data-status") == "over":
            break
        data = play.http.get(f"/api/games/{play.game_id}").json()
        version = int(data["game"]["version"])
        legal, decision = data["legal_actions"], data["view"]["decision"]
        behind = version != play.version() or data["game"]["to_move"] != data["seat"]
        if behind or (decision == "react" and legal == ["pass"]):
            # the page has not caught up yet, or it passes by itself (no card can answer)
            if waited[0] != version:
                waited = (version, time.monotonic())
            if time.monotonic() - waited[1] > 20:
                page.screenshot(path=str(SHOTS / f"{play.prefix}-stuck.png"))
                raise AssertionError(f"the page stays at {decision} {legal} (version {version})")
            page.wait_for_timeout(100)
            continue
        if decision in ("react", "refill", "keep-lore"):
            play.shot({"react": "reaction"}.get(decision, decision))
        if play.decisions == 0:
            play.shot("start")
        action = choose(data, play.rng)
        listed = {f"battle {o['attacker']} {o['target']}" for o in data["view"].get("odds") or []}
        click(play, action, action in listed)
        deadline = time.monotonic() + 60
        while play.version() <= version:
            assert time.monotonic() < deadline, f"the game stayed at version {version}"
            page.wait_for_timeout(50)
        dice_shot(play)
        play.decisions += 1
        assert play.decisions < most, "the game does not end"
    page.wait_for_timeout(1500)  # the last roll's dice
    play.shot("end")
    return page.locator("#result").inner_text()


@pytest.mark.slow
def test_a02_to_the_end_by_taps_on_a_phone_in_czech(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    """Section 5.5 A02 (Lore, the Giant Spider, goblins, dwarves), BL-16: played to its end by
    taps in Czech; every kind of step is met, nothing is wider than the screen, the end says
    who won and why."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = new_page(browser, page_errors, lang="cs", viewport=PHONE, touch=True)
    game_id = start_in_the_lobby(page, server, "A02", "random")
    with seat_client(page, server, game_id) as http:
        play = Play(page, http, game_id, random.Random(2), True, "battlelore-slow-a02-cs-phone")
        result = play_by_clicks(play)
    assert result in ("Vyhráli jste!", "Prohráli jste.")
    expect(page.locator("#result-reason")).to_contain_text("vítězn")
    assert {"order", "move", "attack-odds", "dice", "lore-card", "end"} <= play.seen, play.seen
    assert_no_sideways_scroll(page, "the end of A02 on a phone")
    log = page.locator("#log").inner_text()
    assert "window" not in log and "side 1" not in log, "engine words in the Czech log"
    page.context.close()


@pytest.mark.slow
@pytest.mark.parametrize("adventure", ["A02", "A04"])
def test_issue_21_done_when_a_lore_adventure_to_the_end_against_hard_by_taps_in_czech(
    server: ServerProcess, browser: Browser, page_errors: list[str], adventure: str
) -> None:
    """Issue 21 "Done when": A02 and A04 (BL-14.3's opening Lore choice, BL-15.2's refill) played
    to their end against `hard` on a 390x844 touch screen in Czech, by taps; screenshots of the
    opening choice, a refill, an attack's odds, a reaction and the end in test-output/."""
    page = new_page(browser, page_errors, lang="cs", viewport=PHONE, touch=True)
    game_id = start_in_the_lobby(page, server, adventure, "hard")
    prefix = f"battlelore-issue21-{adventure.lower()}-hard-cs-phone"
    with seat_client(page, server, game_id) as http:
        play = Play(page, http, game_id, random.Random(21), True, prefix)
        result = play_by_clicks(play)
    assert result in ("Vyhráli jste!", "Prohráli jste.")
    expect(page.locator("#result-reason")).to_contain_text("vítězn")
    assert {"keep-lore", "move", "attack-odds", "end"} <= play.seen, play.seen
    assert_no_sideways_scroll(page, f"the end of {adventure} on a phone")
    log = page.locator("#log").inner_text()
    (SHOTS / f"{prefix}-log.txt").write_text(log + "\n")
    assert not NOT_CZECH.search(log), NOT_CZECH.search(log)
    page.context.close()
