"""What play-testing Sniper Elite in the browser found (issue 21 points 8, 9 and 10), at 1366x850
and 390x844, in English and Czech: a move's hidden cost (SE-6.4) marked on its space, told in
the how-to-play and, when paid, with its reason in the log; a return beside an occupied iron
cross (SE-7.8) told once and asked by the defender's name; the sniper appearing in place, not
sliding in from a corner; defender labels clear of the iron-cross glyph; a reward told as a
sentence; the health chips in the legend. Screenshots go to test-output/sniper-elite-issue21-*."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright._impl._api_structures import Clip
from playwright.sync_api import Browser, Page, ViewportSize

from bitva.core.registry import get_game
from tests.e2e.conftest import new_page
from tests.e2e.pages import PHONE, WIDE
from tests.server.process import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-output"
EVERY_SCREEN = [(WIDE, "en"), (PHONE, "cs"), (WIDE, "cs"), (PHONE, "en")]
E7 = 'sniper = "e7"\nlka = "red"\nobjectives = [3, 9]\n[defenders]\nY3 = "j10"\nK1 = "f7"\n'

# mounts the module on a view with a session that records what is played; window.se keeps the
# session's state and the screen, so that a test can give it the next view (`UPDATE`)
MOUNT = """async ([view, legal, lang]) => {
  const i18n = await import("/static/i18n.js");
  i18n.setLang(lang);
  const mod = (await import("/static/games/sniper-elite/index.js")).default;
  if (!document.querySelector("link[data-se]")) {
    await new Promise((resolve) => {
      const link = document.createElement("link");
      link.rel = "stylesheet"; link.href = mod.stylesheet; link.onload = resolve;
      link.dataset.se = "1";
      document.head.append(link);
    });
  }
  window.played = [];
  const game = { id: "g1", status: "playing", version: 3, to_move: 1, outcome: null,
                 seats: [{ seat: 1, kind: "human", name: "Ann", joined: true }] };
  const st = { id: "g1", seat: 1, view, game, version: 3, legal, analyses: [], log: [],
               connected: true, busy: false, thinking: null, invites: {} };
  const session = { st, play: (action) => { window.played.push(action); },
                    analysis: async () => ({}), newInvite: async () => {} };
  const root = document.querySelector("main") || document.body;
  root.replaceChildren();
  const ctx = { t: (k) => k, game, seat: 1, mod: { ...mod, own: true } };
  const screen = mod.mount(root, session, ctx);
  screen.render();
  window.se = { st, screen };
}"""
UPDATE = """([view, legal]) => {
  Object.assign(window.se.st, { view, legal });
  window.se.st.version += 1;
  window.se.screen.render();
}"""
WORDS = """async ([events, lang, modifiers]) => {
  const i18n = await import("/static/i18n.js");
  const words = await import("/static/games/sniper-elite/words.js");
  const text = await import("/static/games/sniper-elite/text.js");
  text.remember({ map: { width: 14, entries: {} }, modifiers });
  i18n.setLang(lang);
  const items = words.logEvents([{ events, seat: null }]);
  const said = items.map((item) => words.describeEvent(item.event));
  i18n.setLang("en");
  return said;
}"""
HOW_TO_PLAY = """async (lang) => {
  const i18n = await import("/static/i18n.js");
  const mod = (await import("/static/games/sniper-elite/index.js")).default;
  i18n.setLang(lang);
  const text = mod.howToPlay({ t: mod.t });
  i18n.setLang("en");
  return text;
}"""


def view_and_legal(text: str) -> tuple[dict[str, Any], list[str]]:
    state = get_game("sniper-elite").read_position(text, "(test)")
    view: dict[str, Any] = state.view(1)
    return view, [state.action_text(a) for a in state.legal_actions()]


def mounted(browser: Browser, errors: list[str], server: ServerProcess, size: ViewportSize,
            lang: str, text: str = E7) -> Page:  # fmt: skip
    page = new_page(browser, errors, lang=lang, viewport=size, touch=size == PHONE)
    page.goto(server.url)
    view, legal = view_and_legal(text)
    page.evaluate(MOUNT, [view, legal, lang])
    page.wait_for_selector("#se-map .space")
    return page


@pytest.mark.parametrize(
    ("size", "lang"), [(WIDE, "en"), (PHONE, "cs"), (WIDE, "cs"), (PHONE, "en")]
)
def test_se_6_4_issue_21_8_a_move_that_costs_a_hit_is_marked_on_its_space(
    server: ServerProcess, browser: Browser, page_errors: list[str], size: ViewportSize, lang: str
) -> None:
    """From e7 in the red last known area: c7 (2 steps, inside it) costs a hit and is marked as
    such (a tooltip says why); d8 (2 steps into yellow) and e8 (1 step) are plain green; the
    legend says what the mark means."""
    page = mounted(browser, page_errors, server, size, lang)
    assert page.get_attribute('#se-map .hot [data-space="c7"]', "class") == "space hl-move hl-hit"
    assert page.get_attribute('#se-map .hot [data-space="d8"]', "class") == "space hl-move"
    assert page.get_attribute('#se-map .hot [data-space="e8"]', "class") == "space hl-move"
    mark = page.locator('#se-map .cost-mark[data-space="c7"]')
    assert mark.count() == 1
    assert page.locator("#se-map .cost-mark").count() == page.locator(".hot .hl-hit").count()
    legend = page.inner_text("#legend")
    title = page.text_content('#se-map .hot [data-space="c7"] title') or ""
    if lang == "en":
        assert "costs you a hit" in legend
        assert title == "c7: 2 steps inside the last known area are seen: you take a hit."
    else:
        assert "stojí zásah" in legend
        assert title == (
            "c7: pohyb o 2 pole uvnitř poslední známé oblasti je vidět: dostanete zásah."
        )
    page.screenshot(path=str(SHOTS / f"sniper-elite-issue21-move-cost-{size['width']}-{lang}.png"))
    page.locator('#se-map .hot [data-space="c7"]').click(force=True)
    assert page.evaluate("window.played") == ["move c7 2"]


def test_se_6_4_issue_21_8_the_log_says_why_a_move_costs_a_hit(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    """The log gives the reason of a move's hit: seen moving inside the last known area, or
    (Sniper challenge) a 3-step move heard even outside it, in both languages."""
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(server.url)
    seen = [
        {"kind": "sniper-moved", "from": "m7", "to": "n5", "steps": 3, "rule": "SE-6.2"},
        {"kind": "hit", "count": 1, "health": "NRRNR", "rule": "SE-6.4"},
    ]
    loud = [seen[0], {"kind": "lka", "area": "white", "was": "red", "rule": "SE-6.4"}, seen[1]]
    assert page.evaluate(WORDS, [seen, "en", []]) == [
        "You move m7 → n5 (3 steps).",
        "Seen moving in the last known area: you take 1 hit.",
    ]
    assert page.evaluate(WORDS, [seen, "cs", []])[1] == (
        "Viděli vás při pohybu v poslední známé oblasti: dostali jste 1 zásah."
    )
    assert page.evaluate(WORDS, [loud, "en", ["sniper-loud"]])[2] == (
        "Heard moving 3 steps (Sniper challenge): you take 1 hit."
    )
    assert page.evaluate(WORDS, [loud, "cs", ["sniper-loud"]])[2] == (
        "Slyšeli váš pohyb o 3 pole (výzva Odstřelovač): dostali jste 1 zásah."
    )
    for lang in ("en", "cs"):
        how = page.evaluate(HOW_TO_PLAY, lang)
        assert ("costs you a hit" if lang == "en" else "stojí zásah") in how, how


def test_se_7_8_issue_21_9_the_return_is_told_once_and_asked_by_the_defenders_name(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    """SE-7.8: the engine tells the return beside an occupied cross once; the prompt names the
    defender and its cross, in both languages."""
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(server.url)
    events = [
        {"kind": "defender-returns", "defender": "R1", "cross": "b6", "rule": "SE-7.8"},
        {"kind": "defender-placed", "defender": "R1", "to": "c6", "rule": "SE-7.8"},
    ]
    assert page.evaluate(WORDS, [events, "en", []]) == [
        "R1 comes back, but a figure stands on its iron cross b6.",
        "R1 comes back on c6.",
    ]
    assert page.evaluate(WORDS, [events, "cs", []])[0] == (
        "R1 se vrací, ale na jeho železném kříži b6 někdo stojí."
    )
    view, _ = view_and_legal(E7)
    view.update(decision="place", pending={"kind": "place", "defender": "R1",
                                           "spaces": ["b5", "c6"]})  # fmt: skip
    for lang, said in (
        ("en", "R1 comes back, but a figure stands on its iron cross b6: click the space beside"
               " it where R1 stands."),
        ("cs", "R1 se vrací, ale na jeho železném kříži b6 někdo stojí: klikněte na sousední pole,"
               " kam se R1 postaví."),
    ):  # fmt: skip
        page.evaluate(MOUNT, [view, ["place b5", "place c6"], lang])
        assert page.inner_text("#prompt p.strong") == said
        page.screenshot(path=str(SHOTS / f"sniper-elite-issue21-return-1366-{lang}.png"))


@pytest.mark.parametrize(("size", "lang"), [(WIDE, "en"), (PHONE, "cs")])
def test_issue_21_10_the_sniper_appears_in_place_on_his_first_appearance(
    server: ServerProcess, browser: Browser, page_errors: list[str], size: ViewportSize, lang: str
) -> None:
    """The sniper's figure, hidden before the entry, appears where he is, with no slide from the
    map's top-left corner; a later move still glides."""
    view, legal = view_and_legal(E7)
    before = {**view, "sniper": None, "turn": 0, "decision": "entry"}
    page = new_page(browser, page_errors, lang=lang, viewport=size, touch=size == PHONE)
    page.goto(server.url)
    page.evaluate(MOUNT, [before, [], lang])
    page.wait_for_selector("#se-map .space")
    running = """() => document.querySelector('#se-map [data-figure="sniper"]').getAnimations()
      .filter((a) => a.transitionProperty === "transform").length"""
    page.evaluate(UPDATE, [view, legal])
    page.wait_for_timeout(60)
    assert page.evaluate(running) == 0
    moved = {**view, "sniper": "c7"}
    page.evaluate(UPDATE, [moved, []])
    page.wait_for_timeout(60)
    assert page.evaluate(running) == 1


@pytest.mark.parametrize(("size", "lang"), [(WIDE, "en"), (PHONE, "cs")])
def test_issue_21_10_a_defender_on_an_iron_cross_leaves_the_glyph_clear(
    server: ServerProcess, browser: Browser, page_errors: list[str], size: ViewportSize, lang: str
) -> None:
    """A defender standing on an iron cross: the cross glyph sits in the space's corner, its
    centre outside the figure's disc, so that it covers neither the figure's label nor is it
    hidden under the figure."""
    page = mounted(browser, page_errors, server, size, lang, E7 + 'R2 = "b6"\n')
    glyph = page.locator('#se-map .cross[data-space="b6"]').bounding_box()
    label = page.locator('#se-map [data-figure="R2"] .defender-id').bounding_box()
    body = page.locator('#se-map [data-figure="R2"] .defender-body').bounding_box()
    assert glyph and label and body
    gx, gy = glyph["x"] + glyph["width"] / 2, glyph["y"] + glyph["height"] / 2
    bx, by = body["x"] + body["width"] / 2, body["y"] + body["height"] / 2
    radius = body["width"] / 2
    assert ((gx - bx) ** 2 + (gy - by) ** 2) ** 0.5 > radius, (glyph, body)
    lx, ly = label["x"] + label["width"] / 2, label["y"] + label["height"] / 2
    inside = glyph["x"] <= lx <= glyph["x"] + glyph["width"]
    assert not (inside and glyph["y"] <= ly <= glyph["y"] + glyph["height"]), (glyph, label)
    page.screenshot(path=str(SHOTS / f"sniper-elite-issue21-cross-{size['width']}-{lang}.png"))
    near: Clip = {"x": body["x"] - 30, "y": body["y"] - 30, "width": 100, "height": 100}
    close_up = SHOTS / f"sniper-elite-issue21-cross-near-{size['width']}-{lang}.png"
    page.screenshot(path=str(close_up), clip=near)


def test_se_6_5_issue_21_10_a_reward_is_told_as_a_sentence(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    """The log tells a reward as a sentence of its own, not the button's capitalised words."""
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(server.url)
    rewards = [{"kind": "reward", "reward": r, "rule": "SE-6.5"}
               for r in ("accuracy", "noise", "recoil 1", "recoil 2")]  # fmt: skip
    assert page.evaluate(WORDS, [rewards, "en", []]) == [
        "Reward: you add an accuracy token to the bag.",
        "Reward: you take a noise token from the bag into your health.",
        "Reward: you take 1 recoil token from the bag into your health.",
        "Reward: you take 2 recoil tokens from the bag into your health.",
    ]
    assert page.evaluate(WORDS, [rewards, "cs", []]) == [
        "Odměna: přidali jste do pytlíku žeton přesnosti.",
        "Odměna: vzali jste z pytlíku do komínku zdraví žeton hluku.",
        "Odměna: vzali jste z pytlíku do komínku zdraví 1 žeton zpětného rázu.",
        "Odměna: vzali jste z pytlíku do komínku zdraví 2 žetony zpětného rázu.",
    ]


@pytest.mark.parametrize(
    ("size", "lang"), [(WIDE, "en"), (PHONE, "cs"), (WIDE, "cs"), (PHONE, "en")]
)
def test_issue_21_10_the_health_chips_are_in_the_legend(
    server: ServerProcess, browser: Browser, page_errors: list[str], size: ViewportSize, lang: str
) -> None:
    """The legend shows each health chip as the panel draws it, with its token's name."""
    page = mounted(browser, page_errors, server, size, lang)
    chips = {token: page.inner_text(f"#legend .chip.tok-{token}") for token in ("N", "R", "S")}
    legend = page.inner_text("#legend")
    if lang == "en":
        assert chips == {"N": "N", "R": "R", "S": "S"}
        assert "noise" in legend and "recoil" in legend and "suppressor" in legend
    else:
        assert chips == {"N": "H", "R": "Z", "S": "T"}
        assert "hluk" in legend and "zpětný ráz" in legend and "tlumič" in legend
    page.locator("#legend").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"sniper-elite-issue21-legend-{size['width']}-{lang}.png"))
