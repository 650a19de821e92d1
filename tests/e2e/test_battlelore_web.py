"""BattleLore in the browser (issue 11 point 5): the game's web module draws the SVG hex board
with terrain art and units, the hand, clickable orders, moves and attacks with their odds
before the roll, dice, reaction prompts, in English and Czech, at 1366x850 and at 390x844 by
touch, and the board never moves under the pointer.

The module is first mounted on fixture views written exactly as docs/battlelore.md shows them
(tests/battlelore/fixtures/views/), with a session that records what is played; then a whole
game against the AI is played by clicks on a real server. Screenshots go to
test-output/battlelore-*.png."""

from __future__ import annotations

import functools
import http.server
import json
import random
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.battlelore.plural_names import plural_name_with_singular_verb
from tests.e2e.clicks import pick_card, wait_decision, wait_version_after
from tests.e2e.conftest import new_page
from tests.e2e.pages import (
    PHONE,
    WIDE,
    assert_no_sideways_scroll,
    create_game,
    open_game,
)
from tests.server.process import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "bitva" / "web"
FIXTURES = ROOT / "tests" / "battlelore" / "fixtures"
SHOTS = ROOT / "test-output"
HARNESS = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><link rel="stylesheet" href="/static/app.css"></head>
<body><main id="main"></main></body></html>"""
# mounts the module on a view with a session that records what is played (window.played)
MOUNT = """async ([view, legal, analysis, seat, lang]) => {
  localStorage.setItem("bitva.lang", lang);
  const i18n = await import("/static/i18n.js");
  i18n.setLang(lang);
  const mod = (await import("/static/games/battlelore/index.js")).default;
  await new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet"; link.href = mod.stylesheet; link.onload = resolve;
    document.head.append(link);
  });
  window.played = [];
  // the server adapter sends the odds with the view of the seat about to battle
  const battling = ["battle", "bonus"].includes(view.decision);
  if (seat === view.to_act && battling) view.odds = analysis.battles;
  const game = {
    id: "g1", status: "playing", version: 7, to_move: view.to_act, outcome: null,
    seats: [{ seat: 1, kind: "human", name: "Ann", joined: true },
            { seat: 2, kind: "ai", level: "hard", joined: true }],
  };
  const session = {
    st: { id: "g1", seat, view, game, version: 7, legal: seat === view.to_act ? legal : null,
          analyses: ["odds"], log: [], connected: true, busy: false, thinking: null, invites: {} },
    play: (action) => { window.played.push(action); },
    analysis: async () => ({ version: 7, result: analysis }),
    newInvite: async () => {},
  };
  const ctx = { t: (k, p) => k, game, seat, mod: { ...mod, own: true } };
  const root = document.getElementById("main");
  root.replaceChildren();
  window.screenApi = mod.mount(root, session, ctx);
  window.screenApi.render();
}"""


def fixture(kind: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / kind / f"{name}.json").read_text())
    return data


@functools.cache
def catalogue() -> dict[str, Any]:
    """The names the server sends with every view (its adapter's catalogue)."""
    from bitva.server.games.battlelore import catalogue_json

    return catalogue_json()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        if self.path.startswith("/harness"):
            body = HARNESS.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if self.path.startswith("/static/"):
            self.path = self.path[len("/static") :]
        super().do_GET()


@pytest.fixture(scope="module")
def web() -> Iterator[str]:
    """The web client's files on a throwaway static server (the module needs no game yet)."""
    handler = functools.partial(_Quiet, directory=str(WEB))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


def mount(
    page: Page,
    url: str,
    name: str,
    legal: list[str],
    seat: int | None,
    lang: str = "en",
    **changes: Any,
) -> dict[str, Any]:
    view = {**fixture("views", name), **changes, "catalogue": catalogue()}
    page.goto(f"{url}/harness")
    page.evaluate(MOUNT, [view, legal, fixture("analysis", "analysis-battle"), seat, lang])
    page.wait_for_selector("#board .hex")
    return view


@pytest.fixture(autouse=True)
def _shots_folder() -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)


def board_box(page: Page) -> tuple[float, float, float, float]:
    box = page.locator("#board").bounding_box()
    assert box is not None
    return (box["x"], box["y"], box["width"], box["height"])


def test_the_board_draws_terrain_units_and_odds_before_the_roll(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE)
    legal = ["battle F4 F6", "battle H3 G6", "battle H3 H7", "done"]
    mount(page, web, "a01-south-battle", legal, 1)
    expect(page.locator("#board .hex")).to_have_count(113)  # rules 2.1
    expect(page.locator("#board .terrain-river")).to_have_count(10)
    expect(page.locator("#board .terrain-ford")).to_have_count(2)
    expect(page.locator("#board .terrain-bridge .bridge-deck")).to_have_count(1)
    expect(page.locator("#board .terrain-forest .tree")).to_have_count(6)
    expect(page.locator("#board .unit")).to_have_count(15)
    expect(page.locator("#board .unit.side-1 .figure:not(.lost)")).to_have_count(27)
    expect(page.locator("#prompt")).to_contain_text("Click an ordered unit")
    expect(page.locator(".hand-card")).to_have_count(3)
    # the attacker first, then its targets, each with its chance of eliminating
    page.click('#board .hex[data-hex="F4"]')
    expect(page.locator("#board .hl.target")).to_have_count(1)
    expect(page.locator("#board .badge")).to_have_text("69%")
    page.hover('#board .hex[data-hex="F6"]')
    expect(page.locator("#odds")).to_have_text("4 dice · a die hits 50% · eliminates 69%")
    # the unit under the pointer: Men-at-Arms (red foot, 2.3) with 3 figures of 4
    expect(page.locator("#unit-info")).to_contain_text("3 figures of 4")
    info = page.locator("#unit-info")
    expect(info).to_contain_text("moves 1 hex (1 to battle) · 4 dice in melee")
    before = board_box(page)
    page.screenshot(path=str(SHOTS / "battlelore-fixture-odds.png"))
    page.click('#board .hex[data-hex="F6"]')
    assert page.evaluate("window.played") == ["battle F4 F6"]
    assert board_box(page) == before, "the board moved under the pointer"
    page.click('[data-action="done"]')
    assert page.evaluate("window.played")[-1] == "done"
    page.context.close()


def test_dice_as_rolled_and_a_retreat_by_clicks(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE)
    mount(page, web, "a01-south-retreat", ["retreat F7", "retreat G7"], 2)
    expect(page.locator("#dice .die")).to_have_count(4)
    faces = page.locator("#dice .die").evaluate_all("els => els.map(e => e.dataset.face)")
    assert faces == ["R", "F", "F", "S"]
    expect(page.locator("#prompt")).to_contain_text("click the hex of the next step")
    expect(page.locator("#board .hl.dest")).to_have_count(2)
    page.click('#board .hex[data-hex="G7"]')
    assert page.evaluate("window.played") == ["retreat G7"]
    page.context.close()


def test_bl_7_4_a_bonus_attack_shows_its_odds_while_the_last_battle_is_in_the_view(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    """After ground taken, the battle just won is still the view's `battle`; the target a
    finger taps once shows the bonus attack's odds, the second tap attacks."""
    page = new_page(browser, page_errors, viewport=PHONE, touch=True)
    last = {"attacker": "F4", "target": "F5", "kind": "melee", "dice": 4, "faces": ["R", "R"]}
    mount(page, web, "a01-south-battle", ["battle F4 F6", "pass"], 1, decision="bonus", battle=last)
    page.tap('#board .hex[data-hex="F6"]')
    expect(page.locator("#odds")).to_have_text("4 dice · a die hits 50% · eliminates 69%")
    assert page.evaluate("window.played") == []
    page.tap('#board .hex[data-hex="F6"]')
    assert page.evaluate("window.played") == ["battle F4 F6"]
    page.context.close()


def test_bl_7_1_a_battle_back_shows_its_odds_before_the_roll(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    """North's unit on F6 survived South's attack: the prompt asks whether it battles back
    and shows that attack's dice and odds (the server sends them as `odds`) before any roll."""
    page = new_page(browser, page_errors, viewport=WIDE)
    back = {"attacker": "F6", "target": "F4", "kind": "melee", "dice": 2}
    odds = [{**back, "hit_chance": 1 / 3, "p_eliminated": 0.0123}]
    mount(
        page,
        web,
        "a01-south-retreat",
        ["battle-back", "pass"],
        2,
        decision="battle-back",
        odds=odds,
    )
    expect(page.locator("#prompt")).to_contain_text("battle back")
    expect(page.locator("#odds-back")).to_have_text("2 dice · a die hits 33% · eliminates 1%")
    page.click('[data-action="battle-back"]')
    assert page.evaluate("window.played") == ["battle-back"]
    page.context.close()


def test_north_sees_its_own_edge_and_answers_a_reaction_in_czech(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE, lang="cs")
    view = mount(
        page, web, "a02-north-react", ["lore WZ02", "pass"], 2, "cs", to_act=2, decision="react"
    )
    # North's own edge (row 9) at the bottom
    north = page.locator('#board .hex[data-hex="G9"] .hex-bg').bounding_box()
    south = page.locator('#board .hex[data-hex="G1"] .hex-bg').bounding_box()
    assert north is not None and south is not None and north["y"] > south["y"]
    expect(page.locator("#prompt")).to_contain_text("Soupeř jedná")
    expect(page.locator('[data-action="pass"]')).to_have_text("Nechat být")
    expect(page.locator(".hand-card.lore")).to_have_count(2)
    expect(page.locator(".player.p1 .counts")).to_contain_text("5 velitelských karet")
    expect(page.locator(".player.p1 .counts")).to_contain_text("2 karty Lore")
    expect(page.locator(".player.p1 .counts")).to_contain_text("3 žetony Lore")  # the goblet
    expect(page.locator("#piles")).to_contain_text("Zřídlo Lore: 49 žetonů")  # BL-12
    # a Lore card of the hand: chosen, then played by its button
    page.click('.hand-card[data-card="WZ02"]')
    page.locator(".action.primary").first.click()
    assert page.evaluate("window.played") == ["lore WZ02"]
    assert view["sides"]["1"]["command_hand"] == 5  # the other side's hand is a count
    page.screenshot(path=str(SHOTS / "battlelore-fixture-north-cs.png"))
    page.context.close()


def test_d_43_a_reaction_window_with_no_playable_card_passes_by_itself(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    """North holds no Lore card it could play now: the page passes for it, once."""
    page = new_page(browser, page_errors, viewport=WIDE)
    mount(page, web, "a02-north-react", ["pass"], 2, to_act=2, decision="react")
    page.wait_for_function("() => window.played.length > 0")
    page.wait_for_timeout(1000)
    assert page.evaluate("window.played") == ["pass"]
    page.context.close()


def test_d_43_a_window_of_ones_own_step_says_what_it_is_and_goes_on(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    """North's own move step opens a Lore window (MOV_OWN): the prompt says so, in Czech, and
    passing it is going on."""
    page = new_page(browser, page_errors, viewport=WIDE, lang="cs")
    legal = ["lore WZ02", "pass"]
    mount(
        page, web, "a02-north-react", legal, 2, "cs", to_act=2, decision="react", window="MOV_OWN"
    )
    expect(page.locator("#prompt")).to_contain_text("Než se vaše jednotky pohnou")
    expect(page.locator('[data-action="pass"]')).to_have_text("Pokračovat")
    page.click('[data-action="pass"]')
    assert page.evaluate("window.played") == ["pass"]
    page.context.close()


def test_the_phone_layout_by_touch(web: str, browser: Browser, page_errors: list[str]) -> None:
    page = new_page(browser, page_errors, viewport=PHONE, touch=True)
    legal = ["move F4 E5", "move F4 F5", "move H3 H4", "done"]
    mount(page, web, "a01-south-battle", legal, 1, decision="move")
    assert_no_sideways_scroll(page, "BattleLore on a phone")
    dock = page.locator("#dock").bounding_box()
    assert dock is not None and dock["y"] + dock["height"] <= PHONE["height"] + 1
    before = board_box(page)
    page.tap('#board .hex[data-hex="F4"]')
    expect(page.locator("#board .hl.dest")).to_have_count(2)
    assert board_box(page) == before, "the board moved under the finger"
    page.screenshot(path=str(SHOTS / "battlelore-fixture-phone.png"), full_page=True)
    page.tap('#board .hex[data-hex="F5"]')
    assert page.evaluate("window.played") == ["move F4 F5"]
    page.context.close()


# -- a whole game against the AI on a real server ------------------------------------------------
# a function, not a bare expression: Playwright polls a bare expression through eval, which the
# page's content-security policy forbids (script-src 'self')
SLIDING = (
    "() => document.getAnimations().some((a) => a.effect?.target?.classList?.contains('unit'))"
)


def legal_now(http: httpx.Client, game: dict[str, Any]) -> tuple[int, list[str]]:
    """This seat's version and legal actions, as the server says (what the page has too)."""
    data = http.get(f"/api/games/{game['game']['id']}").json()
    return int(data["game"]["version"]), list(data["legal_actions"] or [])


def choose(legal: list[str], rng: random.Random, seat: int = 1) -> str:
    """A person's choice that seeks the fight: a battle if any, every order, the move that
    goes furthest toward the enemy, a card; "done" or "pass" last."""
    forward = 1 if seat == 1 else -1  # South advances to higher rows (D-4)
    for verbs in (("battle",), ("order",), ("move",), ("retreat", "pursue"), ("play",)):
        options = [a for a in legal if a.split()[0] in verbs]
        if options and verbs == ("move",):
            return max(options, key=lambda a: (forward * int(a.split()[2][1:]), rng.random()))
        if options:
            return rng.choice(options)
    others = [a for a in legal if a not in ("done", "pass")]
    return rng.choice(others) if others else legal[0]


def play_to_the_end(server: ServerProcess, game: dict[str, Any], rng: random.Random) -> None:
    """The rest of the game through the API, this seat choosing as `choose` does."""
    game_id, headers = game["game"]["id"], {"Authorization": f"Bearer {game['token']}"}
    with httpx.Client(base_url=server.url, timeout=30, headers=headers) as http:
        for _ in range(3000):
            data = http.get(f"/api/games/{game_id}").json()
            if data["game"]["outcome"]:
                return
            if data["game"]["to_move"] == data["seat"] and data["legal_actions"]:
                action = choose(data["legal_actions"], rng, data["seat"])
                body = {"action": action, "version": data["game"]["version"]}
                http.post(f"/api/games/{game_id}/actions", json=body)
            else:
                time.sleep(0.01)
    raise AssertionError("the game did not end")


def click(page: Page, action: str, shot: Path | None = None) -> None:
    """Make `action` by clicks: a card then its button, a hex, a unit then a hex (`shot`: a
    picture of the highlighted hexes between the two clicks), a button."""
    words = action.split()
    hex_ = '#board .hex[data-hex="{}"]'
    if words[0] in ("play", "lore"):
        pick_card(page, words[1], f'#prompt [data-action="{action}"]')
        page.click(f'#prompt [data-action="{action}"]')
    elif words[0] in ("order", "retreat", "pursue") and len(words) == 2:
        page.click(hex_.format(words[1]))
    elif words[0] in ("move", "battle") and len(words) == 3:
        page.click(hex_.format(words[1]))
        page.locator("#board .hl.dest, #board .hl.target").first.wait_for()
        if shot is not None:  # the odds of each target before the roll (the game's analysis)
            page.wait_for_selector('#game[data-odds="ready"]')
            expect(page.locator("#board .badge").first).to_contain_text("%")
            page.hover(hex_.format(words[2]))
            expect(page.locator("#odds")).to_contain_text("%")
            page.screenshot(path=str(shot))
        page.click(hex_.format(words[2]))
    else:
        page.click(f'#prompt [data-action="{action}"]')


def test_a_game_against_the_ai_by_clicks(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE)
    game = create_game(
        server,
        game="battlelore",
        options={"adventure": "A01"},
        opponents=[{"kind": "ai", "level": "random"}],
    )
    open_game(page, server, game)
    expect(page.locator("#board .hex")).to_have_count(113)
    rng = random.Random(11)
    seen: set[str] = set()
    headers = {"Authorization": f"Bearer {game['token']}"}
    http = httpx.Client(base_url=server.url, timeout=30, headers=headers)
    for decision in range(24):
        if wait_decision(page) == "over":
            break
        version, legal = legal_now(http, game)
        if version != int(page.get_attribute("#game", "data-version") or -1):
            continue  # the page has not caught up yet
        action = choose(legal, rng)
        verb = action.split()[0]
        first_battle = verb == "battle" and "battle" not in seen
        seen.add(verb)
        first_move = verb == "move" and "moved" not in seen
        click(page, action, SHOTS / "battlelore-game-attack.png" if first_battle else None)
        if first_move:  # the unit slides to its hex
            seen.add("moved")
            page.wait_for_function(SLIDING, timeout=10_000)
        wait_version_after(page, version)
        if decision == 8:
            page.screenshot(path=str(SHOTS / "battlelore-game-english.png"))
            page.click('[data-lang="cs"]')
            expect(page.locator("#turn-line")).to_contain_text("Tah")
        if decision == 15:
            page.set_viewport_size(PHONE)
            page.screenshot(path=str(SHOTS / "battlelore-game-czech-phone.png"), full_page=True)
            assert_no_sideways_scroll(page, "a game on a phone")
        if decision == 21:
            page.set_viewport_size(WIDE)
            page.screenshot(path=str(SHOTS / "battlelore-game-czech.png"))
    http.close()
    assert {"play", "order", "move"} <= seen, seen
    play_to_the_end(server, game, rng)  # the rest through the API, as the clicks chose
    expect(page.locator("#result")).to_be_visible(timeout=30_000)
    assert page.locator("#result").inner_text() in ("Vyhráli jste!", "Prohráli jste.")
    expect(page.locator("#result-reason")).to_contain_text("vítězn")
    page.screenshot(path=str(SHOTS / "battlelore-game-over.png"))
    # the replay steps through the game on the same board
    page.click('[data-action="replay"]')
    page.wait_for_selector("#replay-controls")
    expect(page.locator("#replay-board .hex")).to_have_count(113)
    page.click('[data-action="next"]')
    expect(page.locator(".replay-title")).to_contain_text("Krok 1 z")
    page.screenshot(path=str(SHOTS / "battlelore-replay.png"))
    page.context.close()


RENDER_ALL = """async () => {
  const i18n = await import("/static/i18n.js");
  const { en } = await import("/static/games/battlelore/i18n_en.js");
  const { cs } = await import("/static/games/battlelore/i18n_cs.js");
  const tr = i18n.translator({ en, cs });
  const out = [];
  for (const lang of ["en", "cs"]) {
    i18n.setLang(lang);
    for (const [key, entry] of Object.entries(lang === "en" ? en : cs)) {
      const forms = typeof entry === "object" ? Object.values(entry) : [entry];
      const names = new Set(
        forms.flatMap((f) => [...f.matchAll(/\\{(\\w+)\\}/g)].map((m) => m[1])));
      for (const n of [1, 2, 5]) {
        const params = Object.fromEntries(
          [...names].map((name) => [name, name === "n" ? n : `${name}-${n}`]));
        const plural = typeof entry === "object" ? Object.keys(entry) : null;
        out.push({ lang, key, n, text: tr(key, params), plural, forms });
      }
    }
  }
  const only = (a, b) => Object.keys(a).filter((k) => !(k in b));
  return { out, missing: only(en, cs).concat(only(cs, en)) };
}"""


def test_every_message_in_both_languages_with_counts_1_2_5(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    """Every string of the module in English and Czech: no placeholder left, no rule number in
    the words, a count always with its plural forms (Czech one/few/other), both tables alike."""
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(f"{web}/harness")
    found: dict[str, Any] = page.evaluate(RENDER_ALL)
    assert found["missing"] == []
    problems = []
    for r in found["out"]:
        text, where = r["text"], f"{r['lang']} {r['key']} (n={r['n']})"
        if not text.strip() or "{" in text or "}" in text or "undefined" in text:
            problems.append(f"{where}: {text!r}")
        if re.search(r"\b(BL|D|T)-\d", text) and r["key"] != "result.rule":
            problems.append(f"{where}: a rule number in the words: {text!r}")
        if any("{n}" in form for form in r["forms"]) and r["plural"] is None:
            problems.append(f"{where}: a count without plural forms")
        if r["plural"] is not None:
            wanted = {"one", "few", "other"} if r["lang"] == "cs" else {"one", "other"}
            if not wanted <= set(r["plural"]):
                problems.append(f"{where}: plural forms {r['plural']}")
    assert not problems, "\n".join(problems)
    said = {(r["lang"], r["key"], r["n"]): r["text"] for r in found["out"]}
    assert said[("cs", "panel.cards", 1)] == "1 velitelská karta"
    assert said[("cs", "panel.cards", 2)] == "2 velitelské karty"
    assert said[("cs", "panel.cards", 5)] == "5 velitelských karet"
    assert said[("cs", "odds.dice", 2)] == "2 kostky"
    assert said[("en", "reason.banners_you", 1)] == "You gained 1 victory banner."
    assert said[("cs", "reason.banners_you", 5)] == "Získali jste 5 vítězných praporů."
    # a unit's name ({unit}; a battle's {attacker} and {target}) is plural in English
    # ("Lancers") and no subject of "is"; in Czech it stands beside "jednotka", which agrees
    for r in found["out"]:
        for form in r["forms"]:
            if r["lang"] == "en":
                named = form.replace("{unit}", "Lancers").replace("{hex}", "F7")
                if r["key"].startswith("battle."):
                    named = named.replace("{attacker}", "Lancers F7").replace("{target}", "F5")
                assert plural_name_with_singular_verb(named) is None, (r["key"], named)
            elif "{unit}" in form:
                assert re.search(r"\b[Jj]ednot(?:ka|ky|ku|ce|kou) \{unit\}", form), (r["key"], form)
    page.context.close()


def test_a_friend_game_by_link_in_two_languages(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    """Ann (English) invites Bob (Czech) by link; each plays by clicks from their own edge, and
    neither sees the other's Command cards."""
    ann = new_page(browser, page_errors, viewport=WIDE)
    bob = new_page(browser, page_errors, viewport=WIDE, lang="cs")
    ann.goto(server.url)
    ann.select_option("#game-select", "battlelore")
    ann.select_option("#adventure", "A01")
    ann.check('input[name="opponent-1"][value="friend"]')
    ann.check('input[name="seat"][value="1"]')
    ann.fill("#name", "Ann")
    ann.click("#start")
    url = ann.locator("#join-link").input_value()
    bob.goto(url)
    expect(bob.locator("#join")).to_contain_text("Hrajete za Sever")
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    bob.wait_for_selector("#game[data-seat='2']")
    expect(ann.locator("#prompt")).to_have_attribute("data-mode", "mine")
    expect(ann.locator(".player.p2")).to_contain_text("Bob")
    # Bob sees his own edge (row 9) at the bottom, Ann hers (row 1)
    for page, near, far in ((ann, "G1", "G9"), (bob, "G9", "G1")):
        low = page.locator(f'#board .hex[data-hex="{near}"] .hex-bg').bounding_box()
        high = page.locator(f'#board .hex[data-hex="{far}"] .hex-bg').bounding_box()
        assert low is not None and high is not None and low["y"] > high["y"]
    tokens = {1: game_token(ann, server), 2: game_token(bob, server)}
    game_id = ann.get_attribute("#game", "data-game")
    rng = random.Random(5)
    turns = {1: 0, 2: 0}
    with httpx.Client(base_url=server.url, timeout=30) as http:
        for _ in range(14):
            data = {
                s: http.get(f"/api/games/{game_id}", headers=auth(t)).json()
                for s, t in tokens.items()
            }
            mover = data[1]["game"]["to_move"]
            other = 3 - mover
            # the other side's Command cards are a count, never names (issue 11 point 3)
            assert isinstance(data[mover]["view"]["sides"][str(other)]["command_hand"], int)
            page = ann if mover == 1 else bob
            assert wait_decision(page) == "mine"
            version = int(data[mover]["game"]["version"])
            wait_version(page, version)
            click(page, choose(data[mover]["legal_actions"], rng, mover))
            wait_version_after(page, version)
            turns[mover] += 1
    assert turns[1] and turns[2], turns
    ann.screenshot(path=str(SHOTS / "battlelore-friend-ann.png"))
    bob.screenshot(path=str(SHOTS / "battlelore-friend-bob-cs.png"))
    expect(bob.locator("#turn-line")).to_contain_text("Tah")
    ann.context.close()
    bob.context.close()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def game_token(page: Page, server: ServerProcess) -> str:
    """The seat token this browser keeps for the game on its page."""
    game_id = page.get_attribute("#game", "data-game")
    seats = json.loads(page.evaluate("localStorage.getItem('bitva.seats')"))
    return str(seats[game_id]["token"])


def wait_version(page: Page, version: int) -> None:
    page.wait_for_selector(f'#game[data-version="{version}"]')
