"""The words a player reads (issue 10.5, 10.6), checked in the browser that shows them.

Every message of the shell and of the Lords of War module renders in English and Czech with
counts 1, 2 and 5: no placeholder left, no rule number, a sentence starts with a capital, a
count is always a plural form (Czech: one, few, other). Outcomes and events are told from the
player's point of view with plain card names; a game on the screen shows no rule number or card
id in its text, board text of at least 11 px, symbols with a legend instead of abbreviations,
and score bars that say what they count."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.clicks import decide, wait_decision
from tests.e2e.conftest import new_page
from tests.e2e.pages import PHONE, WIDE, create_game, open_game
from tests.server.process import ServerProcess

TABLES = {"shell": "/static/i18n", "lords-of-war": "/static/games/lords-of-war/i18n"}
SAMPLES = {
    "p": "Ann", "player": "Ann", "owner": "Ann", "name": "Ann", "list": "Ann, Bob",
    "card": "Goblin Shanker", "cards": "Goblin Shanker, Orc Warhog",
}  # fmt: skip
RULE = re.compile(r"\b(LW|D|DC|LJ|AOS)-\d")
CARD_ID = re.compile(r"#\d")

RENDER_ALL = """async ([tables, samples]) => {
  const i18n = await import("/static/i18n.js");
  const out = [];
  for (const [where, base] of Object.entries(tables)) {
    const en = (await import(`${base}_en.js`)).en;
    const cs = (await import(`${base}_cs.js`)).cs;
    const tr = i18n.translator({ en, cs });
    for (const lang of ["en", "cs"]) {
      i18n.setLang(lang);
      const table = lang === "en" ? en : cs;
      for (const [key, entry] of Object.entries(table)) {
        const forms = typeof entry === "object" ? Object.values(entry) : [entry];
        const found = forms.flatMap((f) => [...f.matchAll(/\\{(\\w+)\\}/g)].map((m) => m[1]));
        const plural = typeof entry === "object" ? Object.keys(entry) : null;
        for (const n of [1, 2, 5]) {
          const params = {};
          for (const name of new Set(found)) {
            params[name] = name === "n" ? n : (samples[name] ?? `${name}-${n}`);
          }
          out.push({ where, lang, key, n, text: tr(key, params), plural, forms });
        }
      }
    }
  }
  i18n.setLang("en");
  return out;
}"""


@pytest.fixture(scope="module")
def page(server: ServerProcess, browser: Browser) -> Page:
    errors: list[str] = []
    opened = new_page(browser, errors, viewport=WIDE)
    opened.goto(server.url)
    opened.wait_for_selector("#new-game")
    return opened


def starts_well(text: str) -> bool:
    """Whether a sentence starts with a capital (or a number: "2 karty v ruce.")."""
    found = re.search(r"[^\W_]", text)
    return found is None or found.group(0).isupper() or found.group(0).isdigit()


def test_every_message_renders_in_both_languages_with_counts_1_2_5(page: Page) -> None:
    rendered: list[dict[str, Any]] = page.evaluate(RENDER_ALL, [TABLES, SAMPLES])
    assert len({(r["where"], r["key"]) for r in rendered}) > 150
    problems = []
    for r in rendered:
        text, where = r["text"], f"{r['lang']} {r['where']} {r['key']} (n={r['n']})"
        if not text.strip() or "{" in text or "}" in text or "undefined" in text:
            problems.append(f"{where}: {text!r}")
        if RULE.search(text) and r["key"] != "result.rule":
            problems.append(f"{where}: a rule number in the words: {text!r}")
        if text.rstrip().endswith((".", "!", "?", "…")) and not starts_well(text):
            problems.append(f"{where}: a sentence without a capital: {text!r}")
        if any("{n}" in form for form in r["forms"]) and r["plural"] is None:
            problems.append(f"{where}: a count without plural forms: {r['forms'][0]!r}")
        if r["plural"] is not None:
            wanted = {"one", "few", "other"} if r["lang"] == "cs" else {"one", "other"}
            if not wanted <= set(r["plural"]):
                problems.append(f"{where}: plural forms {r['plural']}, want {sorted(wanted)}")
    assert not problems, "\n".join(problems)
    # the plural form Czech wants: 1 -> one, 2 -> few, 5 -> other
    said = {(r["lang"], r["key"], r["n"]): r["text"] for r in rendered}
    assert said[("cs", "panel.hand_n", 1)] == "1 karta v ruce"
    assert said[("cs", "panel.hand_n", 2)] == "2 karty v ruce"
    assert said[("cs", "panel.hand_n", 5)] == "5 karet v ruce"
    assert said[("cs", "reason.commands_you", 2)] == "Byli vyřazeni 2 nepřátelští velitelé."
    assert said[("cs", "reason.commands_them", 5)] == "Bylo vyřazeno 5 vašich velitelů."
    assert said[("en", "reason.units_you", 1)] == "You eliminated 1 enemy unit."
    assert said[("en", "reason.units_you", 2)] == "You eliminated 2 enemy units."


DESCRIBE = """async ([lang, cases]) => {
  const i18n = await import("/static/i18n.js");
  const low = (await import("/static/games/lords-of-war/index.js")).default;
  i18n.setLang(lang);
  const game = { seats: [
    { seat: 1, kind: "human", name: "", joined: true },
    { seat: 2, kind: "ai", level: "hard", name: "", joined: true },
  ], options: { armies: ["orcs", "dwarves"], advanced: false, borderless: false,
                units_to_win: 20, commands_to_win: 4 } };
  const out = {};
  for (const [name, kind, arg, seat] of cases) {
    const ctx = { game, seat };
    if (kind === "outcome") {
      const said = low.describeOutcome(arg, ctx);
      out[name] = `${said.result} ${said.reason}`;
    } else if (kind === "event") out[name] = low.describeEvent(arg, ctx);
    else if (kind === "options") out[name] = low.describeOptions(game.options, ctx);
    else out[name] = low.seatSide(game, arg, ctx);
  }
  i18n.setLang("en");
  return out;
}"""

LOSS = {"result": "win", "winners": [2], "winner": 2, "reason": "commands",
        "params": {"units": 9, "commands": 4}, "rule": "LW-8.1"}  # fmt: skip
WIN = {"result": "win", "winners": [1], "winner": 1, "reason": "units",
       "params": {"units": 1, "commands": 0}, "rule": "LW-8.1"}  # fmt: skip
CASES = [
    ["loss", "outcome", LOSS, 1],
    ["win", "outcome", WIN, 1],
    ["watch", "outcome", LOSS, None],
    ["again_you", "event", {"kind": "extra-turn", "player": 1}, 1],
    ["again_ai", "event", {"kind": "extra-turn", "player": 2}, 1],
    [
        "placed",
        "event",
        {
            "kind": "placed",
            "player": 1,
            "card": "Goblin Shanker#2",
            "square": "b4",
            "forced": False,
        },
        1,
    ],
    [
        "lost_unit",
        "event",
        {
            "kind": "eliminated",
            "owner": 1,
            "card": "Orc Warhog#1",
            "square": "c5",
            "by": ["c6", "d6"],
        },
        1,
    ],
    ["drew", "event", {"kind": "drew", "player": 2, "count": 2, "deck": 20}, 1],
    ["options", "options", None, 1],
    ["side", "side", 2, 1],
]


def test_outcomes_and_events_from_the_players_point_of_view(page: Page) -> None:
    en: dict[str, str] = page.evaluate(DESCRIBE, ["en", CASES])
    assert en["loss"] == "You lose. Computer (hard) eliminated 4 of your command units."
    assert en["win"] == "You win! You eliminated 1 enemy unit."
    assert en["watch"] == "Computer (hard) wins. The winner eliminated 4 enemy command units."
    assert en["again_you"] == "You play again."
    assert en["again_ai"] == "Computer (hard) plays again."
    assert en["placed"] == "You placed Goblin Shanker on b4."
    assert en["lost_unit"] == "✗ Your Orc Warhog on c5 was eliminated (attacked from c6, d6)."
    assert en["drew"] == "Computer (hard) drew 2 cards."
    assert en["options"] == (
        "Orcs against Dwarves · basic rules · to win: 20 units or 4 command units eliminated"
    )
    assert en["side"] == "Dwarves"
    cs: dict[str, str] = page.evaluate(DESCRIBE, ["cs", CASES])
    assert cs["loss"] == "Prohráli jste. Byli vyřazeni 4 vaši velitelé."
    assert cs["win"] == "Vyhráli jste! Byla vyřazena 1 nepřátelská jednotka."
    assert cs["watch"] == "Vítězí Počítač (těžký). Vítěz vyřadil 4 nepřátelské velitele."
    assert cs["again_you"] == "Hrajete znovu."
    assert cs["again_ai"] == "Počítač (těžký) hraje znovu."
    assert cs["placed"] == "Umístili jste Goblin Shanker na b4."
    assert cs["drew"] == "Počítač (těžký) dobírá 2 karty."
    assert cs["options"] == (
        "Orkové proti Trpaslíkům · základní pravidla · k vítězství: vyřadit 20 jednotek nebo "
        "4 velitele"
    )
    assert cs["side"] == "Trpaslíci"


BOARD_TEXT = """() => [...document.querySelectorAll('#board text')]
  .filter((el) => el.getClientRects().length && getComputedStyle(el).display !== 'none'
                  && el.textContent.trim())
  .map((el) => [el.textContent, parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a])"""


SETTLED = """() => document.getAnimations()
  .every((a) => a.effect.getTiming().iterations === Infinity || a.playState !== 'running')"""


def check_the_screen(page: Page, where: str) -> None:
    page.wait_for_function(SETTLED)  # units that appear or fall are drawn smaller meanwhile
    text = page.inner_text("#main")
    assert not RULE.search(text), f"{where}: a rule number on the screen: {RULE.search(text)}"
    assert not CARD_ID.search(text), f"{where}: a card id on the screen"
    small = [(t, round(px, 1)) for t, px in page.evaluate(BOARD_TEXT) if px < 10.95]
    assert not small, f"{where}: board text under 11 px: {small[:6]}"
    assert page.locator("#board .card-facts").count() == 0  # no "Rec Inf"


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_game_on_the_screen_reads_plainly(
    server: ServerProcess, browser: Browser, shots: Path, page_errors: list[str], lang: str
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE, lang=lang)
    open_game(page, server, create_game(server))
    rng = random.Random(lang)
    for _ in range(4):
        if wait_decision(page) == "over":
            break
        decide(page, rng)
    wait_decision(page)
    check_the_screen(page, f"{lang} 1366x850")
    expect(page.locator(".player .score-title").first).to_have_text(
        "Enemies eliminated:" if lang == "en" else "Vyřazení nepřátelé:"
    )
    expect(page.locator("#legend summary")).to_be_visible()
    page.click("#legend summary")
    expect(page.locator("#legend")).to_contain_text("Recruit" if lang == "en" else "Branec")
    expect(page.locator("#log")).to_contain_text("You placed" if lang == "en" else "Umístili jste")
    page.screenshot(path=str(shots / f"game-{lang}.png"))
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    check_the_screen(page, f"{lang} 390x844")
    page.screenshot(path=str(shots / f"game-{lang}-phone.png"))
    page.screenshot(path=str(shots / f"game-{lang}-phone-full.png"), full_page=True)
    page.context.close()
