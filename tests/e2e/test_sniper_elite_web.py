"""Sniper Elite in the browser (issue 12 point 5): the game's web module draws the SVG map with
the sniper's sight, the defenders, objectives, doors and ladders; the player enters by an arrow,
moves by clicking a green space, aims at a defender in sight and sees the chance to hit for each
number of tokens before drawing, and the defenders' turn is told step by step on the map, in
English and Czech, at 1366x850 by mouse and 390x844 by touch; the map never moves under the
pointer. Every string of the module renders with counts 1, 2 and 5 in both languages.
Screenshots go to test-output/sniper-elite-*.png."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import new_page
from tests.e2e.pages import (
    PHONE,
    WIDE,
    assert_no_sideways_scroll,
    create_game,
    open_game,
    render_all_strings,
)
from tests.server.process import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-output"
MINE = '#prompt[data-mode="mine"], #game[data-status="over"]'


def test_every_string_renders_in_both_languages_with_counts_1_2_5(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(server.url)
    rendered: list[dict[str, Any]] = render_all_strings(page, "sniper-elite")["out"]
    problems = []
    for r in rendered:
        where, text = f"{r['lang']} {r['key']} (n={r['n']})", r["text"]
        if not text.strip() or "{" in text or "}" in text or "undefined" in text:
            problems.append(f"{where}: {text!r}")
        if re.search(r"\b(SE|D|EX)-\d", text):
            problems.append(f"{where}: a rule number in the words: {text!r}")
        if any("{n}" in form for form in r["forms"]) and r["plural"] is None:
            problems.append(f"{where}: a count without plural forms")
        if r["plural"] is not None:
            wanted = {"one", "few", "other"} if r["lang"] == "cs" else {"one", "other"}
            if not wanted <= set(r["plural"]):
                problems.append(f"{where}: plural forms {r['plural']}")
    assert not problems, "\n".join(problems)
    said = {(r["lang"], r["key"], r["n"]): r["text"] for r in rendered}
    assert said[("cs", "button.tokens", 1)] == "1 žeton: p-1"
    assert said[("cs", "button.tokens", 2)] == "2 žetony: p-2"
    assert said[("cs", "button.tokens", 5)] == "5 žetonů: p-5"
    assert said[("en", "button.tokens", 1)] == "1 token: p-1"
    assert said[("en", "button.tokens", 5)] == "5 tokens: p-5"
    assert said[("cs", "panel.deck", 2)] == "2 karty v balíčku rozkazů"
    assert said[("cs", "ev.hit", 5)] == "Dostali jste 5 zásahů."


def version(page: Page) -> int:
    return int(page.get_attribute("#game", "data-version") or "-1")


def map_box(page: Page) -> tuple[float, float, float, float]:
    box = page.evaluate(
        """() => { const r = document.querySelector('#se-map').getBoundingClientRect();
                   return [r.x + scrollX, r.y + scrollY, r.width, r.height]; }"""
    )
    return (float(box[0]), float(box[1]), float(box[2]), float(box[3]))


def wait_after(page: Page, before: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while version(page) <= before:
        assert time.monotonic() < deadline, f"the game stayed at version {before}"
        page.wait_for_timeout(40)


class Player:
    """Plays the sniper by clicks (or taps): enter by an arrow, move to a green space, aim at
    a defender in sight and draw the number of tokens most likely to hit, or end the turn."""

    def __init__(self, page: Page, touch: bool) -> None:
        self.page, self.touch = page, touch
        self.aimed = False  # a shot was aimed, its odds seen before drawing
        self.animated = False  # a step of the defenders' turn was told on the map
        self.decisions = 0

    def press(self, selector: str) -> None:
        if self.touch:
            self.page.tap(selector)
        else:
            self.page.click(selector)

    def decide(self, end_quickly: bool = False) -> str:
        page = self.page
        page.wait_for_selector(MINE, timeout=60_000)
        if page.get_attribute("#game", "data-status") == "over":
            return "over"
        decision = page.get_attribute("#prompt", "data-decision") or ""
        before, box = version(page), map_box(page)
        self.decisions += 1
        moved = page.locator(".hot .space.hl-move")
        targets = (page.get_attribute("#se-map", "data-targets") or "").split()
        if decision == "entry":
            self.press(".entry.offered >> nth=0")
        elif decision == "turn" and not page.locator('[data-action="end"]').count():
            self.press(f'[data-space="{moved.first.get_attribute("data-space")}"].hl-move')
        elif decision == "turn" and targets and not self.aimed and not end_quickly:
            self.aim(targets)
        elif decision == "turn" and moved.count() and self.decisions % 3 == 1 and not end_quickly:
            self.press(f'[data-space="{moved.last.get_attribute("data-space")}"].hl-move')
        elif decision == "turn":
            self.press('#prompt[data-mode="mine"] [data-action="end"]')
            self.watch_the_defenders()
        else:  # a reward, a card to keep, an objective to put at the bottom: the first
            self.press('#prompt[data-mode="mine"] button.action >> nth=0')
        wait_after(page, before)
        assert map_box(page) == box, "the map moved under the pointer"
        return decision

    def aim(self, targets: list[str]) -> None:
        """The chance to hit for each number of tokens shows before anything is drawn."""
        page = self.page
        best: tuple[float, str] | None = None
        for target in targets:
            self.press(f'[data-figure="{target}"]')
            page.wait_for_selector(f'#shot-box[data-target="{target}"]')
            buttons = page.locator("#shot-box .token-button")
            text = page.inner_text("#shot-box")
            assert target in text and re.search(r"\d+\s?%", text), text
            # Czech writes "69 %" with a no-break space, so the sign never wraps alone
            czech = page.evaluate("document.documentElement.lang") == "cs"
            assert re.search(r"\d+\u00a0%" if czech else r"\d+%", text), text
            for index in range(buttons.count()):
                label = buttons.nth(index).get_attribute("aria-label") or ""
                chance = float(re.findall(r"(\d+)\s?%", label)[-1])
                action = buttons.nth(index).get_attribute("data-action") or ""
                if best is None or chance > best[0]:
                    best = (chance, action)
        assert best is not None
        self.aimed = True
        chosen = best[1].split()[1]
        if page.get_attribute("#shot-box", "data-target") != chosen:
            self.press(f'[data-figure="{chosen}"]')
            page.wait_for_selector(f'#shot-box[data-target="{chosen}"]')
        self.press(f'#shot-box [data-action="{best[1]}"]')

    def watch_the_defenders(self) -> None:
        """The defenders' turn is told on the map step by step (the now line)."""
        try:
            self.page.wait_for_selector("#now-line.active", timeout=4000)
            self.animated = True
        except PlaywrightTimeout:  # a quick game may end before the defenders act
            pass


@pytest.mark.parametrize(
    ("size", "lang", "challenge", "whole"),
    [
        ("wide", "en", "dog", False),
        ("wide", "cs", "radio", False),
        ("phone", "en", "marksman", False),
        ("phone", "cs", "sniper", False),
        # some 30 s: the whole game runs under `-m slow`
        pytest.param("wide", "en", "dog", True, marks=pytest.mark.slow, id="wide-en-dog-whole"),
    ],
)
def test_a_game_by_clicks(
    server: ServerProcess,
    browser: Browser,
    page_errors: list[str],
    size: str,
    lang: str,
    challenge: str,
    whole: bool,
) -> None:
    """Enter, move, aim and shoot with the odds shown first, end turns and watch the defenders;
    with `whole`, the wide English game (Dog Handler: a deck of 7) is played to its end, then
    replayed."""
    touch = size == "phone"
    page = new_page(browser, page_errors, lang=lang, viewport=PHONE if touch else WIDE, touch=touch)
    page.goto(server.url)
    page.evaluate(f"localStorage.setItem('bitva.lang', '{lang}')")
    options = {} if challenge == "none" else {"challenge": challenge}
    game = create_game(server, game="sniper-elite", opponents=[], options=options)
    open_game(page, server, game)
    page.wait_for_selector("#se-map .space")
    words = page.inner_text("#se-panel")
    assert ("Order board" if lang == "en" else "Deska rozkazů") in words
    player = Player(page, touch)
    shot_taken = False
    for turn in range(60 if whole else 8):
        decision = player.decide(end_quickly=player.aimed)
        if decision == "over" or (not whole and player.animated and turn >= 3):
            break
        if player.aimed and not shot_taken:
            shot_taken = True
            page.wait_for_selector(MINE, timeout=60_000)
            page.screenshot(path=str(SHOTS / f"sniper-elite-{size}-{lang}-shot.png"))
        if turn == 3:
            assert_no_sideways_scroll(page, f"{size} {lang}")
    assert player.aimed, "no defender was ever in sight"
    assert player.animated, "the defenders' turn was never told on the map"
    text = page.inner_text("#log")
    assert re.search(r"(Order|Rozkaz): ", text), text
    assert not re.search(r"\b(SE|D)-\d", page.inner_text("#game"))  # rules go to tooltips
    page.screenshot(path=str(SHOTS / f"sniper-elite-{size}-{lang}.png"))
    if whole:
        assert page.get_attribute("#game", "data-status") == "over"
        assert page.inner_text("#result") in ("You win!", "You lose.")
        page.click('[data-action="replay"]')
        page.wait_for_selector("#replay-map .space")
        page.screenshot(path=str(SHOTS / "sniper-elite-replay.png"))
        # the health stack in words, never its tokens' letters; in Czech after the switch
        said = page.inner_text(".replay-panel")
        assert said.startswith("Health: 2 noise, 4 recoil · Last known area: "), said
        page.click('[data-lang="cs"]')
        page.wait_for_function(
            "document.querySelector('.replay-panel').textContent.startsWith('Komínek')"
        )
        said = page.inner_text(".replay-panel")
        start = "Komínek zdraví: 2 žetony hluku, 4 žetony zpětného rázu · Poslední známá oblast: "
        assert said.startswith(start), said
        page.screenshot(path=str(SHOTS / "sniper-elite-replay-cs.png"))


def test_se_10_1_the_lobby_offers_the_challenges_in_czech(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    """SE-10.1: the new-game form names each officer challenge with its level and says what it
    changes (in Czech here); single modifiers may be added; the game starts with them."""
    page = new_page(browser, page_errors, lang="cs", viewport=WIDE)
    page.goto(server.url)
    page.evaluate("localStorage.setItem('bitva.lang', 'cs')")
    page.reload()
    page.wait_for_selector("#new-game")
    page.select_option("#game-select", "sniper-elite")
    page.wait_for_selector("#new-game[data-game='sniper-elite'] #challenge")
    labels = page.locator("#challenge option").all_inner_texts()
    assert "Střelec (těžká)" in labels and "Zdravotník (jednoduchá)" in labels
    page.select_option("#challenge", "marksman")
    assert "zásahů za tah" in page.inner_text("#challenge-about")
    page.click("#modifiers summary")
    page.check('[data-modifier="sniper-recon"]')
    # a modifier's tooltip names its challenge and whether it helps, never its id
    title = page.get_attribute('label.modifier:has([data-modifier="sniper-recon"]) span', "title")
    assert title == "Odstřelovač: nevýhoda"
    page.screenshot(path=str(SHOTS / "sniper-elite-lobby-cs.png"))
    page.click("#start")
    page.wait_for_selector("#game[data-seat='1'] #se-map .space")
    page.wait_for_selector(MINE)
    assert "Deska rozkazů" in page.inner_text("#se-panel")
    # back in the lobby, the game is listed in Czech, and a list without pages says nothing more
    page.goto(f"{server.url}#/")
    page.wait_for_selector("#my-games .game-row")
    assert "Výzva: Střelec · 1 úprava" in page.inner_text("#my-games")
    assert "null" not in page.inner_text("#lobby")


# mounts the module on a real view with a session that records what is played (window.played)
MOUNT = """async ([view, legal, lang]) => {
  const i18n = await import("/static/i18n.js");
  i18n.setLang(lang);
  const mod = (await import("/static/games/sniper-elite/index.js")).default;
  await new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet"; link.href = mod.stylesheet; link.onload = resolve;
    document.head.append(link);
  });
  window.played = [];
  const game = { id: "g1", status: "playing", version: 3, to_move: 1, outcome: null,
                 seats: [{ seat: 1, kind: "human", name: "Ann", joined: true }] };
  const session = {
    st: { id: "g1", seat: 1, view, game, version: 3, legal, analyses: [], log: [],
          connected: true, busy: false, thinking: null, invites: {} },
    play: (action) => { window.played.push(action); },
    analysis: async () => ({}), newInvite: async () => {},
  };
  const root = document.querySelector("main") || document.body;
  root.replaceChildren();
  const ctx = { t: (k) => k, game, seat: 1, mod: { ...mod, own: true } };
  mod.mount(root, session, ctx).render();
}"""


def sniper_view() -> dict[str, Any]:
    """The view at the sniper's turn of scenario EX-3 (the sniper on d6, R1 beside him)."""
    from bitva.core.registry import get_game
    from tests.sniper_elite.test_sniper_turn import EX_3

    state = get_game("sniper-elite").read_position(EX_3, "(test)")
    view: dict[str, Any] = state.view(1)
    return view


CHOICES: list[tuple[str, list[str], list[str], str]] = [
    ("place", ["place c6", "place b5"], ['[data-space="b5"]'], "place b5"),
    (
        "turn",
        ["use THROWN_STONE e5", "use THROWN_STONE c6", "end"],
        ['[data-card="THROWN_STONE"]', '[data-space="c6"]'],
        "use THROWN_STONE c6",
    ),
    (
        "turn",
        ["use FALSE_REPORT black", "end"],
        ['[data-card="FALSE_REPORT"]', '[data-action="use FALSE_REPORT black"]'],
        "use FALSE_REPORT black",
    ),
    (
        "reward",
        ["reward recoil 1", "reward accuracy"],
        ['[data-action="reward accuracy"]'],
        "reward accuracy",
    ),
    (
        "keep",
        ["keep GRAPNEL", "keep BINOCULARS"],
        ['[data-action="keep GRAPNEL"]'],
        "keep GRAPNEL",
    ),
    (
        "turn",
        ["shoot R1 1", "shoot R1 2", "shoot R1 3", "end"],
        ['[data-figure="R1"]', '[data-action="shoot R1 2"]'],
        "shoot R1 2",
    ),
]


def test_each_choice_is_made_by_clicks_on_the_map_or_the_prompt(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    """SE-7.8 a returning defender's space, SE-6.8 equipment aimed at a space or naming an
    area, SE-6.5 a reward and a shot (its chance shown on the button before it is drawn),
    SE-6.6 the loot pick: each by clicks, and exactly that action is played."""
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(server.url)
    for decision, legal, clicks, played in CHOICES:
        view = sniper_view()
        view["decision"] = decision
        page.evaluate(MOUNT, [view, legal, "en"])
        page.wait_for_selector("#se-map .space")
        for selector in clicks:
            page.locator(selector).first.click(force=selector.startswith("[data-space"))
        if played.startswith("shoot"):
            label = page.get_attribute('#shot-box [data-tokens="2"]', "aria-label") or ""
            assert re.fullmatch(r"2 tokens: \d+%", label), label
            assert re.search(r"2 tokens\s+\d+%", page.inner_text("#shot-box"))
        assert page.evaluate("window.played") == [played], decision


WORDS_OF = """async ([events, lang]) => {
  const i18n = await import("/static/i18n.js");
  const words = await import("/static/games/sniper-elite/words.js");
  const text = await import("/static/games/sniper-elite/text.js");
  const meta = await (await fetch("/api/meta")).json();
  const game = (meta.games || []).find((g) => g.name === "sniper-elite");
  text.rememberCards({ meta: game });
  const map = { width: 14, entries: { EK: ["black", "k1"] } };
  text.remember({ map, modifiers: ["sniper-recon"] });
  i18n.setLang(lang);
  const said = words.markSummons(events).map((e) => words.describeEvent(e));
  i18n.setLang("en");
  return said;
}"""
STORY = [
    {"kind": "sniper-moved", "from": "EK", "to": "i1", "steps": 3},
    {"kind": "entered", "entry": "EK", "area": "black"},
    {"kind": "order-step", "card": "DRAGNET", "step": 0, "op": "move"},
    {"kind": "defender-moved", "defender": "R1", "from": "a3", "to": "a5", "rule": "SE-8.9"},
    {"kind": "order-step", "card": "HUNTER_TEAMS", "step": 0, "op": "summon"},
    {"kind": "defender-moved", "defender": "Y2", "from": "n2", "to": "f2", "rule": "SE-8.10"},
    {"kind": "order-step", "card": "FLARE", "step": 0, "op": "recon"},
    {"kind": "order-step", "card": "SUPPRESSIVE_FIRE", "step": 0, "op": "attack"},
    {"kind": "sniper-turn", "turn": 3},
    {"kind": "equipment-used", "card": "FIELD_DRESSING", "param": ["2"]},
]


def test_se_8_13_the_defenders_steps_and_entry_points_are_told_in_words(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    """SE-8.13: each step of an order card is told as who acts and what they do (the recon range
    with the Sniper challenge's +1); SE-2.10: an entry point by its area and edge, never its id;
    SE-5.2: rounds; SE-8.8: a summoned defender is summoned, not walked; in both languages, card
    names from the content."""
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(server.url)
    english = page.evaluate(WORDS_OF, [STORY, "en"])
    assert english == [
        "You step in from the black entry point (north edge) to i1 (3 steps).",
        "You wait at the black entry point (north edge).",
        "Step 1: every defender: move 2 toward the last known area.",
        "R1 moves a3 → a5.",
        "Step 1: for each unguarded probable objective, the defender nearest to it: summoned onto"
        " it.",
        "Y2 is summoned n2 → f2.",
        "Step 1: every defender: look for you within 3 spaces.",
        "Step 1: the defender nearest to you who sees you within 3 spaces: fire at your space.",
        "Round 2: your turn.",
        "You use Field Dressing: 2 recoil into your health.",
    ]
    czech = page.evaluate(WORDS_OF, [STORY, "cs"])
    assert czech == [
        "Vstoupili jste z pole vstupu v černé oblasti (severní okraj) na i1 (3 pole).",
        "Čekáte na poli vstupu v černé oblasti (severní okraj).",
        "Krok 1: všichni obránci – pohyb o 2 pole k poslední známé oblasti.",
        "R1 jde a3 → a5.",
        "Krok 1: u každého nestřeženého pravděpodobného úkolu obránce, který je mu nejblíž –"
        " povolání na jeho pole.",
        "Y2 je povolán n2 → f2.",
        "Krok 1: všichni obránci – průzkum do vzdálenosti 3 polí.",
        "Krok 1: obránce, který je vám nejblíž a vidí vás nejvýše 3 pole daleko – útok na vaše"
        " pole.",
        "Kolo 2: váš tah.",
        "Použili jste kartu Polní obvaz: 2 žetony zpětného rázu do komínku zdraví.",
    ]
    assert not page_errors, page_errors
