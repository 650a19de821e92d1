"""Age of Sigmar in the browser (issue 22, point 4 "Play"): the game's web module draws the
table in inches with the bases of both sides, a selected unit's Move, 3" and 12" rings; a unit
dragged by the mouse (or, on a phone, tapped to a destination) is previewed by the engine, drawn
red with the violation's words and its rule when illegal, and played when legal; "done" ends the
movement phase. Each shipped setup against the random AI, at 1366x850 by mouse and 390x844 by
touch, in English and Czech. Screenshots go to test-output/e2e/age-of-sigmar-*.png."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

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

MINE = '#prompt[data-mode="mine"]'
TO_SCREEN = """([unit, dx, dy]) => {
  // the client point of the unit's first base, and of that point moved (dx, dy) drawn inches
  const svg = document.querySelector("#aos-table");
  const base = svg.querySelector(`circle.base[data-unit="${unit}"]`);
  const m = svg.getScreenCTM();
  const at = (x, y) => { const p = new DOMPoint(x, y).matrixTransform(m); return [p.x, p.y]; };
  const x = Number(base.getAttribute("cx")), y = Number(base.getAttribute("cy"));
  return [...at(x, y), ...at(x + dx, y + dy)];
}"""


def state_of(page: Page) -> tuple[str, str]:
    step = page.get_attribute("#game", "data-step") or ""
    mode = page.get_attribute("#prompt", "data-mode") or ""
    return step, mode


def to_my_movement(page: Page) -> None:
    """Through the set-up and hero phase (first turn to A, no inspiring) to A's movement."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        step, mode = state_of(page)
        if mode == "mine" and step == "movement":
            return
        if mode == "mine":
            first = page.locator('#prompt button[data-action="first A"]')
            button = first if first.count() else page.locator('#prompt button[data-action="done"]')
            if button.count() and button.first.is_enabled():
                version = page.get_attribute("#game", "data-version")
                button.first.click()
                page.wait_for_function(
                    f"() => document.querySelector('#game').dataset.version !== '{version}'"
                )
                continue
        page.wait_for_timeout(100)
    raise AssertionError(f"never reached A's movement phase: {state_of(page)}")


def my_units(page: Page) -> list[str]:
    units: list[str] = page.eval_on_selector_all(
        "#aos-table g.unit.side-A", "gs => gs.map((g) => g.dataset.unit)"
    )
    return units


def moved(page: Page, unit: str) -> bool:
    answer: bool = page.evaluate(
        "u => [...document.querySelectorAll('#log li')].some((li) => li.textContent.includes(u))",
        unit,
    )
    return answer


def position(page: Page, unit: str) -> tuple[str | None, str | None]:
    base = page.locator(f'#aos-table circle.base[data-unit="{unit}"]').first
    return base.get_attribute("cx"), base.get_attribute("cy")


def drag(page: Page, unit: str, dx: float, dy: float, release: bool = True) -> str:
    """Drag the selected unit by (dx, dy) drawn inches; the verdict's state."""
    x0, y0, x1, y1 = (
        page.evaluate(TO_SCREEN, [unit, 0, 0])[:2] + page.evaluate(TO_SCREEN, [unit, dx, dy])[2:]
    )
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=3)
    page.mouse.move(x1, y1, steps=3)
    page.wait_for_selector('#move-line[data-state="legal"], #move-line[data-state="illegal"]')
    state = page.get_attribute("#move-line", "data-state") or ""
    if release:
        page.mouse.up()
    return state


def select(page: Page, unit: str, touch: bool) -> None:
    base = page.locator(f'#aos-table circle.base[data-unit="{unit}"]').first
    if touch:
        base.tap()
    else:
        base.click()
    page.wait_for_selector(f'#aos-table[data-selected="{unit}"]')
    for ring in ("move", "three", "twelve"):
        assert page.locator(f"#aos-table .ring-{ring} circle").count() > 0, ring
    # AOS-2.3: the enemy units it sees are outlined (on both setups some are in sight)
    seen = page.locator("#aos-table g.unit.side-B.visible, #aos-table g.unit.side-B.in-range")
    assert seen.count() > 0


@pytest.mark.parametrize(
    ("setup", "lang"), [("starter_clash", "en"), ("scenery_and_sorcery", "cs")]
)
def test_aos_6_drag_a_unit_on_a_wide_screen(
    server: ServerProcess,
    browser: Browser,
    page_errors: list[str],
    shots: Path,
    setup: str,
    lang: str,
) -> None:
    """AOS-6.2, GEO-9: a drag beyond Move is refused with the engine's reason and its rule;
    a short one is played; done ends the movement phase."""
    page = new_page(browser, page_errors, lang=lang, viewport=WIDE)
    game = create_game(
        server,
        game="age-of-sigmar",
        options={"battle": setup},
        opponents=[{"kind": "ai", "level": "random"}],
    )
    open_game(page, server, game)
    to_my_movement(page)
    unit = my_units(page)[0]
    select(page, unit, touch=False)
    page.screenshot(path=str(shots / f"age-of-sigmar-{setup}-{lang}-selected.png"))
    # zoom: the buttons, the wheel over the table, a drag on the empty table pans it
    table = page.locator("#aos-table")
    page.click('button[data-zoom="+"]')
    assert table.get_attribute("data-zoom") == "1.5"
    box = table.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + 5, box["y"] + 5)
    page.mouse.wheel(0, -100)
    page.wait_for_function("() => document.querySelector('#aos-table').dataset.zoom === '1.875'")
    view_box = table.get_attribute("viewBox")
    page.mouse.down()
    page.mouse.move(box["x"] + 60, box["y"] + 60, steps=4)
    page.mouse.up()
    assert table.get_attribute("viewBox") != view_box
    page.click('button[data-zoom="⤢"]')
    assert table.get_attribute("data-zoom") == "1"
    # far beyond any Move: refused, with words and the rule in the tooltip
    assert drag(page, unit, 0, -30) == "illegal"
    verdict = page.locator("#move-line .verdict.illegal")
    assert verdict.inner_text().startswith("Not allowed" if lang == "en" else "Nelze")
    assert (verdict.get_attribute("data-rule") or "").strip()
    # in the player's words: the engine's code said with names, never its coordinates
    assert verdict.get_attribute("data-code")
    assert not re.search(r"\d+\.\d{3},\d+\.\d{3}", verdict.inner_text())
    page.screenshot(path=str(shots / f"age-of-sigmar-{setup}-{lang}-illegal.png"))
    page.click("#cancel-move")
    before = position(page, unit)
    version = page.get_attribute("#game", "data-version")
    for dx, dy in ((0, -1.5), (0, 1.5), (1.5, 0), (-1.5, 0), (0, -0.6)):
        if drag(page, unit, dx, dy) == "legal":
            break
        page.click("#cancel-move")
    else:
        raise AssertionError("no short move of the unit was legal")
    page.wait_for_function(f"() => document.querySelector('#game').dataset.version !== '{version}'")
    page.wait_for_function(
        "u => [...document.querySelectorAll('#log li')].some((li) => li.textContent.includes(u))",
        arg=unit,
    )
    assert position(page, unit) != before
    page.screenshot(path=str(shots / f"age-of-sigmar-{setup}-{lang}-moved.png"))
    # the next phase
    page.wait_for_selector(f'{MINE}[data-step="movement"] button[data-action="done"]')
    page.click('#prompt button[data-action="done"]')
    # the step after A's movement (read as it changes: the random AI may reach B's movement at once)
    step = page.wait_for_function(
        "() => { const s = document.querySelector('#game').dataset.step;"
        " return s !== 'movement' && s; }"
    ).json_value()
    assert step and step != "movement"
    assert_no_sideways_scroll(page, f"{setup} {lang} wide")
    page.screenshot(path=str(shots / f"age-of-sigmar-{setup}-{lang}-next-phase.png"))


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_aos_6_a_suggested_way_is_drawn_before_it_is_chosen(
    server: ServerProcess, browser: Browser, page_errors: list[str], shots: Path, lang: str
) -> None:
    """AOS-6.2, AOS-8.3: pointing at a suggested move (or charge move, retreat, pile-in) draws
    each model's way through its points and its base where the way ends; leaving clears it."""
    page = new_page(browser, page_errors, lang=lang, viewport=WIDE)
    game = create_game(
        server,
        game="age-of-sigmar",
        options={"battle": "scenery_and_sorcery"},
        opponents=[{"kind": "ai", "level": "random"}],
    )
    open_game(page, server, game)
    to_my_movement(page)
    button = page.locator(f'{MINE} button[data-action^="move "]').first
    action = button.get_attribute("data-action") or ""
    ways = [
        part.split()[part.split().index(w) + 1 :]
        for part in action.split(";")
        for w in part.split()
        if re.fullmatch(r"m\d+", w)
    ]
    button.hover()
    ghost = page.locator("#aos-table g.ghost.suggested")
    ghost.wait_for()
    assert ghost.get_attribute("data-action") == action
    lines = ghost.locator("polyline")
    assert lines.count() == len(ways) > 0
    first = (lines.first.get_attribute("points") or "").split()
    assert len(first) == len(ways[0])  # every point of the way, start first
    end = ways[0][-1].split(",")
    assert float(ghost.locator("circle").first.get_attribute("cx") or "nan") == float(end[0])
    page.screenshot(path=str(shots / f"age-of-sigmar-suggested-way-{lang}.png"))
    page.mouse.move(5, 5)
    page.wait_for_function("() => !document.querySelector('#aos-table g.ghost.suggested')")


@pytest.mark.parametrize(
    ("setup", "lang"), [("scenery_and_sorcery", "en"), ("starter_clash", "cs")]
)
def test_aos_6_tap_to_move_on_a_phone(
    server: ServerProcess,
    browser: Browser,
    page_errors: list[str],
    shots: Path,
    setup: str,
    lang: str,
) -> None:
    """AOS-6.2 on a phone: tap a unit, tap too far (refused), tap near, confirm; done."""
    page = new_page(browser, page_errors, lang=lang, viewport=PHONE, touch=True)
    game = create_game(
        server,
        game="age-of-sigmar",
        options={"battle": setup},
        opponents=[{"kind": "ai", "level": "random"}],
    )
    open_game(page, server, game)
    to_my_movement(page)
    unit = my_units(page)[0]
    select(page, unit, touch=True)
    assert_no_sideways_scroll(page, f"{setup} {lang} phone")
    page.screenshot(path=str(shots / f"age-of-sigmar-phone-{setup}-{lang}-selected.png"))

    def tap_at(dx: float, dy: float) -> str:
        point: list[Any] = page.evaluate(TO_SCREEN, [unit, dx, dy])
        page.touchscreen.tap(point[2], point[3])
        page.wait_for_selector('#move-line[data-state="legal"], #move-line[data-state="illegal"]')
        return page.get_attribute("#move-line", "data-state") or ""

    page.locator("#aos-table").scroll_into_view_if_needed()
    assert tap_at(-10, -20) == "illegal"  # beyond any Move, on no unit
    page.screenshot(path=str(shots / f"age-of-sigmar-phone-{setup}-{lang}-illegal.png"))
    page.click("#cancel-move")
    before = position(page, unit)
    for dx, dy in ((0, -1.5), (0, 1.5), (1.5, 0), (-1.5, 0)):
        if tap_at(dx, dy) == "legal":
            break
        page.click("#cancel-move")
    else:
        raise AssertionError("no short move of the unit was legal")
    page.click("#confirm-move")
    page.wait_for_function(
        "u => [...document.querySelectorAll('#log li')].some((li) => li.textContent.includes(u))",
        arg=unit,
    )
    assert position(page, unit) != before
    page.screenshot(path=str(shots / f"age-of-sigmar-phone-{setup}-{lang}-moved.png"))
    page.click('#prompt button[data-action="done"]')
    page.wait_for_function("() => document.querySelector('#game').dataset.step !== 'movement'")
    assert_no_sideways_scroll(page, f"{setup} {lang} phone, next phase")
    page.screenshot(
        path=str(shots / f"age-of-sigmar-phone-{setup}-{lang}-next-phase.png"), full_page=True
    )


def test_every_string_renders_in_both_languages_with_counts_1_2_5(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    """Both tables have the same keys; every text renders with no placeholder left, and the
    Czech plural forms follow the count (1 model, 2 modely, 5 modelů)."""
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(server.url)
    rendered = render_all_strings(page, "age-of-sigmar")
    assert rendered["en"] == rendered["cs"]
    for r in rendered["out"]:
        assert "{" not in r["text"] and r["text"].strip(), r
    models = {(r["lang"], r["n"]): r["text"] for r in rendered["out"] if r["key"] == "unit.models"}
    assert models[("cs", 1)] == "1 model"
    assert models[("cs", 2)] == "2 modely"
    assert models[("cs", 5)] == "5 modelů"
    assert models[("en", 2)] == "2 models"


def test_aos_11_2_the_adapter_offers_checked_choices_with_the_calculators_odds() -> None:
    """The server adapter's additions (no browser): every choice passes the engine's check,
    every shooting or melee choice has the calculator's odds (section 5), sight pairs only the
    active side's units with enemy units (AOS-2.3), and a client may name only a shipped
    setup, never a file."""
    from pydantic import ValidationError

    from bitva.core.rng import Rng
    from bitva.games.age_of_sigmar.game import GAME
    from bitva.server.games.age_of_sigmar import ADAPTER

    with pytest.raises(ValidationError):
        ADAPTER.options_model.model_validate({"battle": "/etc/passwd"})
    state = GAME.new({"battle": "scenery_and_sorcery"}, seed=2)
    rng = Rng(5)
    attacks = 0
    for _ in range(400):
        if state.outcome is not None:
            break
        if state.is_chance:
            outcomes = state.chance_outcomes()
            state.apply(outcomes[rng.below(len(outcomes))][0])
            continue
        view = ADAPTER.view(state, state.current_player)
        assert view["choices"], view["step"]
        for text in view["choices"]:
            assert state.check(state.parse_action(text)) is None, text
            if text.startswith(("shoot ", "attack ")) and ";" not in text:  # splits: no odds yet
                attacks += 1
                odds = view["odds"][text]
                assert 0 <= odds["wipe"] <= 1 and odds["mean_damage"] >= 0
        assert sorted(view["territories"]) == ["A", "B"]  # GEO-12
        sides = {u["id"]: u["side"] for u in view["units"]}
        for pair in view["sight"]:
            assert sides[pair["unit"]] == view["active"] != sides[pair["target"]]
        state.apply(view["choices"][rng.below(len(view["choices"]))])
    assert attacks > 0


PIECES = {"Ruined Tower", "Wildwood", "Ruined Wall", "Brass Scree", "Boulders", "Standing Stones"}


@pytest.mark.parametrize(
    ("lang", "viewport", "setup"),
    [("en", WIDE, "open_deployment"), ("cs", PHONE, "rolled_battlefield")],
)
def test_aos_3_2_open_deployment_is_set_up_in_the_browser(
    server: ServerProcess,
    browser: Browser,
    page_errors: list[str],
    shots: Path,
    lang: str,
    viewport: dict[str, int],
    setup: str,
) -> None:
    """AOS-2.5, AOS-3.1 to 3.6 in the browser: the lobby's open deployment leaves the territory
    choice, the set-up unit by unit, the general and the objective to the players; by the
    prompt's buttons (the first offered each time) the human sets up the Stormcast until the
    battle's first hero or movement phase, with both armies on the table. The rolled
    battlefield first rolls its scenery area by area (AOS-2.3, D-35): the log says each roll
    and the table draws the pieces placed."""
    phone = viewport == PHONE
    page = new_page(browser, page_errors, lang=lang, viewport=viewport, touch=phone)
    game = create_game(
        server,
        game="age-of-sigmar",
        options={"battle": setup},
        opponents=[{"kind": "ai", "level": "random"}],
    )
    open_game(page, server, game)
    seen: set[str] = set()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        step, mode = state_of(page)
        if step in ("hero", "movement"):
            break
        if mode != "mine":
            page.wait_for_timeout(100)
            continue
        buttons = page.locator("#prompt button[data-action]:enabled")
        if not buttons.count():
            page.wait_for_timeout(100)
            continue
        action = buttons.first.get_attribute("data-action") or ""
        seen.add(action.split()[0])
        if action.startswith("deploy") and "deploy-shot" not in seen:
            seen.add("deploy-shot")
            # a typed set-up off the table is refused, in the page's language (D-9)
            lord = {"open_deployment": "A2", "rolled_battlefield": "A1"}[setup]  # 1 model
            page.fill("#action-text", f"deploy {lord} m1 -5,-5")
            verdict = page.locator('.text-verdict[data-code="set_up_off_table"]')
            verdict.wait_for()
            words = {"cs": "nestál celý na stole", "en": "would not be wholly on the table"}
            assert words[lang] in verdict.inner_text(), verdict.inner_text()
            page.fill("#action-text", "")
            # the territory's roll-off, the newest dice at the set-up, is named for what it
            # decides, not as the priority roll (later dice push it out of the box)
            dice = page.inner_text("#dice")
            assert ("Hod o území: A" if lang == "cs" else "Territory roll-off: A") in dice, dice
            page.screenshot(path=str(shots / f"age-of-sigmar-{setup.replace('_', '-')}-{lang}.png"))
        version = page.get_attribute("#game", "data-version")
        if phone:
            buttons.first.tap()
        else:
            buttons.first.click()
        page.wait_for_function(
            f"() => document.querySelector('#game').dataset.version !== '{version}'"
        )
    else:
        raise AssertionError(f"the set-up never ended: {state_of(page)}, seen {sorted(seen)}")
    assert "deploy" in seen and "general" in seen, seen
    for side in ("A", "B"):
        assert page.locator(f"#aos-table g.unit.side-{side}").count(), side
    if lang == "cs":
        prompt = page.inner_text("#prompt")
        assert not re.search(r"\b(the|your|unit|set up)\b", prompt), prompt
    assert "undefined" not in page.inner_text("body")
    # the general is named by its unit's name, not by the model's id alone (AOS-3.5)
    general = {
        "en": r"Side A names [A-Z][\w -]+ \(A\d\.\d+\) general",
        "cs": r"jmenuje generálem: \w",
    }
    assert re.search(general[lang], page.inner_text("#log")), page.inner_text("#log")
    if setup == "rolled_battlefield":
        log = page.inner_text("#log")
        assert "area 6 of 6" in log or "oblast 6 z 6" in log, log
        names = page.locator("#aos-table g.feature text.feature-name").all_text_contents()
        assert set(names) <= PIECES, names
    assert_no_sideways_scroll(page, f"{setup} {lang}")
    page.screenshot(path=str(shots / f"age-of-sigmar-{setup.replace('_', '-')}-{lang}-battle.png"))
    assert not page_errors
