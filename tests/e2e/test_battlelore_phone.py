"""BattleLore on a phone (issue 21 point 6) and the smaller points of the battle box, the turn
line and the touch wording (issue 21 point 7), on the module mounted over the fixture views of
docs/battlelore.md (tests/battlelore/fixtures/views/) with a session that records what is
played, as tests/e2e/test_battlelore_web.py does.

- 6: under 600 px the board shows its coordinates (the rows on both sides, the columns below,
  the empty hexes' names) at a readable size; a log line or the prompt, tapped, highlights on the
  board the hexes it names; the hand wraps (all 9 cards in sight); the battle box names both
  units in full.
- 7: the battle box never shows the dice of the last roll under an attack declared since, and
  at a battle-back decision (BL-7.1) shows the battle back that may come with its odds, to both
  seats; the turn line says whose decision it is; a touch screen says "tap" ("Klepněte").

Screenshots: test-output/battlelore-issue21-*.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import new_page
from tests.e2e.pages import PHONE, WIDE, assert_no_sideways_scroll
from tests.e2e.test_battlelore_web import MOUNT as BASE_MOUNT
from tests.e2e.test_battlelore_web import catalogue, fixture, web

__all__ = ["web"]  # the fixture: the web client's files on a throwaway static server

SHOTS = Path(__file__).resolve().parents[2] / "test-output"


def _with_log(mount_js: str) -> str:
    """test_battlelore_web's mounting, given a log and keeping its session (window.session)."""
    changes = [
        (
            "async ([view, legal, analysis, seat, lang]) => {",
            "async ([view, legal, analysis, seat, lang, log]) => {",
        ),
        ("log: [],", "log,"),
        ("const session = {", "const session = window.session = {"),
    ]
    for old, new in changes:
        assert mount_js.count(old) == 1, old
        mount_js = mount_js.replace(old, new)
    return mount_js


# mounts the module on a view with a log, the seats Ann (South) and the hard computer (North),
# and a session that records what is played (window.played) and can be changed (window.session)
MOUNT = _with_log(BASE_MOUNT)


def mount(
    page: Page,
    url: str,
    name: str,
    legal: list[str],
    seat: int | None,
    lang: str = "en",
    log: list[dict[str, Any]] | None = None,
    **changes: Any,
) -> dict[str, Any]:
    view = {**fixture("views", name), **changes, "catalogue": catalogue()}
    page.goto(f"{url}/harness")
    analysis = fixture("analysis", "analysis-battle")
    page.evaluate(MOUNT, [view, legal, analysis, seat, lang, log or []])
    page.wait_for_selector("#board .hex")
    return view


def text_height(page: Page, selector: str) -> float:
    """The height on screen of the first visible element of `selector` (0 when hidden)."""
    return float(
        page.evaluate(
            """s => { const e = [...document.querySelectorAll(s)]
                        .find((x) => getComputedStyle(x).display !== "none");
                      return e ? e.getBoundingClientRect().height : 0; }""",
            selector,
        )
    )


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"battlelore-issue21-{name}.png"), full_page=True)


# -- point 6: the phone ----------------------------------------------------------------------------
def test_issue21_6_a_phone_board_shows_its_coordinates_large_enough_to_read(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    """390x844 by touch: the row numbers, the column letters and the names of the empty hexes
    are shown, each at least 9 px high (they were hidden under 820 px)."""
    page = new_page(browser, page_errors, viewport=PHONE, touch=True, lang="cs")
    mount(page, web, "a01-south-battle", ["battle F4 F6", "done"], 1, "cs")
    assert page.locator("#board .coord").count() == 9 * 2 + 13
    expect(page.locator("#board .coord").first).to_be_visible()
    assert text_height(page, "#board .coord") >= 9, "the coordinates are too small to read"
    assert text_height(page, "#board .hex:not(.occupied) .hex-name") >= 8
    assert_no_sideways_scroll(page, "BattleLore's board with its coordinates on a phone")
    shoot(page, "phone-coordinates-cs")
    page.context.close()


def test_issue21_6_tapping_a_log_line_or_the_prompt_highlights_the_hexes_it_names(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    """A line says "You move the unit on F4 to F5.": tapped, F4 and F5 are marked on the board;
    tapped again, the marks go. The prompt of a chosen unit names its hex: tapped, that hex."""
    page = new_page(browser, page_errors, viewport=PHONE, touch=True)
    log = [
        {
            "index": 3,
            "seat": 1,
            "events": [{"kind": "moved", "player": 1, "from": "F4", "to": "F5"}],
        }
    ]
    legal = ["move F4 E5", "move F4 F5", "move H3 H4", "done"]
    mount(page, web, "a01-south-battle", legal, 1, log=log, decision="move")
    line = page.locator("#log li", has_text="You move the unit on F4 to F5.")
    expect(line).to_have_class("log-line p1 speaks")
    line.tap()
    marks = page.locator("#board .hl.spoken")
    expect(marks).to_have_count(2)
    assert sorted(marks.evaluate_all("els => els.map((e) => e.dataset.hex)")) == ["F4", "F5"]
    shoot(page, "phone-log-highlight")
    line.tap()
    expect(marks).to_have_count(0)
    page.tap('#board .hex[data-hex="H3"]')  # the unit chosen: the prompt names its hex
    expect(page.locator("#prompt p").first).to_contain_text("H3")
    page.locator("#prompt p").first.tap()
    assert marks.evaluate_all("els => els.map((e) => e.dataset.hex)") == ["H3"]
    assert page.evaluate("window.played") == []
    page.context.close()


NINE_CARDS = {
    "command_hand": [
        "PATROL_C",
        "SCOUT_L",
        "MOUNTED_CHARGE",
        "ATTACK_R",
        "PATROL_L",
        "FORWARD_MARCH",
    ],
    "lore_hand": ["WR01", "WZ02", "CL02"],
}


def test_issue21_6_a_hand_of_nine_cards_wraps_on_a_phone(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    """Nine cards (6 Command, 3 Lore) are all in sight on a 390 px screen: the hand wraps onto
    more rows instead of one sideways row with 2.5 cards showing."""
    page = new_page(browser, page_errors, viewport=PHONE, touch=True, lang="cs")
    view = fixture("views", "a02-north-react")
    sides = {**view["sides"], "2": {**view["sides"]["2"], **NINE_CARDS}}
    mount(page, web, "a02-north-react", ["pass"], 2, "cs", sides=sides, to_act=1)
    cards = page.locator(".hand-card")
    expect(cards).to_have_count(9)
    hand = page.locator("#hand").bounding_box()
    assert hand is not None
    for index in range(9):
        box = cards.nth(index).bounding_box()
        assert box is not None
        assert (
            box["x"] >= hand["x"] - 1 and box["x"] + box["width"] <= hand["x"] + hand["width"] + 1
        ), f"card {index + 1} of 9 is outside the hand's width"
        assert box["y"] + box["height"] <= PHONE["height"], f"card {index + 1} is below the screen"
    sideways = page.evaluate(
        "() => { const e = document.getElementById('hand'); return e.scrollWidth - e.clientWidth; }"
    )
    assert sideways <= 1, f"the hand scrolls sideways by {sideways} px"
    assert_no_sideways_scroll(page, "a hand of 9 cards on a phone")
    shoot(page, "phone-hand-cs")
    page.context.close()


def test_issue21_6_the_battle_box_names_both_units_in_full_on_a_phone(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    """A tapped target's odds: the header names attacker and target with their hexes, nothing
    cut (it was one line with an ellipsis), in Czech, with two of the longest names."""
    page = new_page(browser, page_errors, viewport=PHONE, touch=True, lang="cs")
    legal = ["battle F4 F6", "battle H3 G6", "battle H3 H7", "done"]
    longest = {
        "F4": "d_rf_sword",
        "F6": "h_rm_lance",
    }  # Trpasličí těžcí šermíři, Rytíři (těžká jízda)
    units = [
        {**u, "type": longest.get(u["hex"], u["type"])}
        for u in fixture("views", "a01-south-battle")["units"]
    ]
    odds = fixture("analysis", "analysis-battle")["battles"]
    view = mount(page, web, "a01-south-battle", legal, 1, "cs", odds=odds, units=units)
    page.tap('#board .hex[data-hex="F4"]')
    page.tap('#board .hex[data-hex="F6"]')
    title = page.locator(".battle-title")
    expect(title).to_contain_text("F4")
    expect(title).to_contain_text("F6")
    names = {u["hex"]: u["type"] for u in view["units"]}
    for hex_ in ("F4", "F6"):
        expect(title).to_contain_text(catalogue()["units"][names[hex_]]["name_cs"])
    cut = page.evaluate(
        """() => { const e = document.querySelector(".battle-title");
                   return [e.scrollWidth - e.clientWidth, e.scrollHeight - e.clientHeight]; }"""
    )
    assert cut[0] <= 1 and cut[1] <= 1, f"the battle box's title is cut: {cut}"
    box = page.locator("#battle-box")
    odds = page.locator("#odds")
    expect(odds).to_be_visible()
    outer, inner = box.bounding_box(), odds.bounding_box()
    assert outer is not None and inner is not None
    assert inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 1, "the odds are cut"
    shoot(page, "phone-odds-cs")
    page.context.close()


# -- point 7: the battle box, the turn line, the touch words ---------------------------------------
def test_issue21_7_bl_7_1_the_battle_box_shows_the_battle_back_that_may_come_not_the_last_dice(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    """North's F6 survived South's attack (rolled R F F S): at the battle-back decision the box
    shows F6 → F4 with its odds before any roll, not the dice of the attack it answers; South,
    who waits, sees the same (the server sends a battle back's odds to both seats)."""
    back = {
        "attacker": "F6",
        "target": "F4",
        "kind": "melee",
        "dice": 2,
        "hit_chance": 1 / 3,
        "p_eliminated": 0.0123,
    }
    for seat in (2, 1):
        page = new_page(browser, page_errors, viewport=WIDE)
        mount(
            page,
            web,
            "a01-south-retreat",
            ["battle-back", "pass"],
            seat,
            decision="battle-back",
            odds=[back],
        )
        box = page.locator("#battle-box")
        expect(box).to_contain_text("Possible battle back")
        expect(page.locator(".battle-title")).to_contain_text("F6 →")
        expect(page.locator("#odds")).to_have_text("2 dice · a die hits 33% · eliminates 1%")
        expect(page.locator("#battle-box .die")).to_have_count(0)
        if seat == 2:
            shoot(page, "battle-back-wide")
        page.context.close()
    # once declared, the battle back is an attack like any other, waiting for its roll
    page = new_page(browser, page_errors, viewport=WIDE)
    declared = {
        "attacker": "I5",
        "target": "J4",
        "kind": "melee",
        "dice": 2,
        "faces": [],
        "back": True,
    }
    mount(page, web, "a02-north-react", ["pass"], 1, battle=declared, to_act=1, active=2)
    expect(page.locator(".battle-title")).to_contain_text("Attack:")
    page.context.close()


def test_issue21_7_the_dice_of_the_last_roll_never_show_under_an_attack_declared_since(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    """South's I5 declares an attack on J4 and North may react (a02-north-react): an update
    that brought a roll (G G F) of an earlier attack and then this declaration shows the new
    attack with its odds, never those dice under it."""
    page = new_page(browser, page_errors, viewport=WIDE)
    odds = [
        {
            "attacker": "I5",
            "target": "J4",
            "kind": "melee",
            "dice": 2,
            "hit_chance": 0.5,
            "p_eliminated": 0.25,
        }
    ]
    mount(page, web, "a02-north-react", ["lore WZ02", "pass"], 2, odds=odds, to_act=2, active=1)
    page.evaluate(
        """() => {
          const events = [
            { kind: "melee", attacker: "C4", target: "C5", dice: 3 },
            { kind: "rolled", faces: ["G", "G", "F"] },
            { kind: "melee", attacker: "I5", target: "J4", dice: 2 },
          ];
          const before = window.session.st.view;
          window.screenApi.onUpdate({ steps: [{ events }] }, { before, fast: false });
          window.screenApi.render();
        }"""
    )
    expect(page.locator(".battle-title")).to_contain_text("I5")
    expect(page.locator("#battle-box .die")).to_have_count(0)
    expect(page.locator("#odds")).to_have_text("2 dice · a die hits 50% · eliminates 25%")
    page.context.close()


def test_issue21_7_the_turn_line_names_who_decides(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    """North's turn (the computer's), South (this page) is asked to react: the line names the
    computer's turn and that you decide; before the battle, the seat keeping its Lore cards."""
    page = new_page(browser, page_errors, viewport=WIDE)
    mount(page, web, "a02-north-react", ["pass", "lore WR01"], 1, to_act=1, active=2)
    line = page.locator("#turn-line")
    expect(line).to_contain_text("Computer (hard) · you decide: reaction")
    keep = {"keep": 2, "left": 2}
    mount(
        page,
        web,
        "a02-north-react",
        ["keep WR01", "keep WZ02"],
        2,
        "cs",
        to_act=2,
        active=1,
        decision="keep-lore",
        keep_lore=keep,
    )
    expect(line).to_have_text("Před bitvou · Vy · počáteční karty Lore")
    page.context.close()


def test_issue21_7_a_touch_screen_says_tap_and_a_mouse_says_click(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    """Czech on a phone: "Klepněte na jednotku…"; with a mouse: "Klikněte…"; English likewise
    "Tap" and "Click"."""
    legal = ["battle F4 F6", "battle H3 G6", "done"]
    cases = [
        (PHONE, True, "cs", "Klepněte na jednotku"),
        (WIDE, False, "cs", "Klikněte na jednotku"),
        (PHONE, True, "en", "Tap an ordered unit"),
        (WIDE, False, "en", "Click an ordered unit"),
    ]
    for viewport, touch, lang, words in cases:
        page = new_page(browser, page_errors, viewport=viewport, touch=touch, lang=lang)
        mount(page, web, "a01-south-battle", legal, 1, lang)
        prompt = page.locator("#prompt")
        expect(prompt).to_contain_text(words)
        if touch:
            expect(prompt).not_to_contain_text("lick")
        page.context.close()
