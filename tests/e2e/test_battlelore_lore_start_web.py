"""BattleLore on a real server (issue 21 points 5 and 7): the opening Lore choice says how many
cards to keep (BL-14.3: 2 in A02, 3 in A04) and how many are still to choose; the Lore cards
show what they really cost the seat (BL-13.5, BL-14.4: 3 more for a school not in its War
Council); the new-game form says which side a seat plays and whether it moves first in the
adventure chosen (A02: North moves first). Screenshots: test-output/battlelore-issue21-*.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from bitva.games.battlelore.catalogue.load import load_catalogue
from tests.e2e.conftest import new_page
from tests.e2e.pages import PHONE, WIDE, create_game, open_game
from tests.server.process import ServerProcess

SHOTS = Path(__file__).resolve().parents[2] / "test-output"


def seat_view(server: ServerProcess, game: dict[str, Any]) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {game['token']}"}
    with httpx.Client(base_url=server.url, timeout=30, headers=headers) as http:
        data: dict[str, Any] = http.get(f"/api/games/{game['game']['id']}").json()
    return data


def expected_cost(card_id: str, council: dict[str, int]) -> str:
    """BL-13.5, BL-14.4 counted here apart from the engine: the printed cost, 3 more when no
    school of the card has a master in the council."""
    card = load_catalogue().lore[card_id]
    mastered = any(council.get(school, 0) > 0 for school in card.schools)
    if card.cost is None:
        return "?" if mastered else "?+3"
    return str(card.cost + (0 if mastered else 3))


def keep_lore_page(
    server: ServerProcess,
    browser: Browser,
    errors: list[str],
    adventure: str,
    lang: str,
    phone: bool,
) -> tuple[Page, dict[str, Any]]:
    page = new_page(browser, errors, lang=lang, viewport=PHONE if phone else WIDE, touch=phone)
    game = create_game(
        server,
        game="battlelore",
        options={"adventure": adventure},
        opponents=[{"kind": "ai", "level": "hard"}],
    )
    page.goto(f"{server.url}/static/favicon.svg")
    page.evaluate(f"localStorage.setItem('bitva.lang', '{lang}')")
    open_game(page, server, game)
    page.wait_for_selector('#prompt[data-mode="mine"][data-decision="keep-lore"]')
    return page, game


def check_costs(page: Page, view: dict[str, Any]) -> int:
    """Every Lore card shown costs what the seat pays for it; returns how many cost 3 more."""
    council = view["sides"]["1"]["council"] or {}
    cards = page.locator(".hand-card.lore")
    assert cards.count() >= 1
    extra = 0
    for index in range(cards.count()):
        card = cards.nth(index)
        ident = card.get_attribute("data-card") or ""
        want = expected_cost(ident, council)
        expect(card.locator(".card-cost")).to_have_text(want)
        printed = load_catalogue().lore[ident].cost
        if want not in (str(printed), "?"):
            extra += 1
            expect(card.locator(".card-cost")).to_have_class("card-cost surcharge")
    return extra


def test_issue21_5_bl_14_3_a02_says_keep_2_and_counts_down_with_real_costs_in_czech_on_a_phone(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    """South's council in A02 seats a Cleric and a Wizard: a Rogue or Warrior card dealt to it
    costs 3 more (a new game until one is dealt, at most 5: the deal is random)."""
    for _ in range(5):
        page, game = keep_lore_page(server, browser, page_errors, "A02", "cs", phone=True)
        extra = check_costs(page, seat_view(server, game)["view"])
        if extra:
            break
        page.context.close()
    assert extra, "5 deals without a card of a school missing from the council"
    prompt = page.locator("#prompt")
    expect(prompt).to_contain_text("Ponechte si 2 z rozdaných karet Lore, jednu po druhé.")
    expect(prompt).to_contain_text("Zbývá vybrat 2 karty.")
    expect(page.locator("#turn-line")).to_have_text("Před bitvou · Vy · počáteční karty Lore")
    page.screenshot(
        path=str(SHOTS / "battlelore-issue21-keep-lore-a02-cs-phone.png"), full_page=True
    )
    version = page.get_attribute("#game", "data-version")
    page.locator('[data-action^="keep "]').first.tap()
    page.wait_for_selector(f'#game:not([data-version="{version}"])')
    expect(prompt).to_contain_text("Zbývá vybrat 1 kartu.")
    page.context.close()


def test_issue21_5_bl_14_3_a04_says_keep_3_with_the_costs_of_a_full_council(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    """South's council in A04 seats all four schools: every card at its printed cost."""
    page, game = keep_lore_page(server, browser, page_errors, "A04", "en", phone=False)
    prompt = page.locator("#prompt")
    expect(prompt).to_contain_text("Keep 3 of the Lore cards dealt to you, one at a time.")
    expect(prompt).to_contain_text("3 more to choose.")
    assert check_costs(page, seat_view(server, game)["view"]) == 0
    page.screenshot(path=str(SHOTS / "battlelore-issue21-keep-lore-a04-en.png"))
    page.context.close()


def seat_labels(page: Page) -> list[str]:
    return [page.locator(f'label[for="seat-{seat}"]').inner_text().strip() for seat in (1, 2)]


def test_issue21_7_the_new_game_form_says_the_side_and_who_moves_first_per_adventure(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    """A02 and A03: North moves first; A01 and A04: South (their "first player", section 5.5).
    The seats were "first" and "second", which made the player South when North moves first."""
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(server.url)
    page.select_option("#game-select", "battlelore")
    page.wait_for_selector("#adventure")
    expected = {
        "A01": ["South (moves first)", "North (moves second)"],
        "A02": ["South (moves second)", "North (moves first)"],
        "A04": ["South (moves first)", "North (moves second)"],
    }
    for adventure, labels in expected.items():
        page.select_option("#adventure", adventure)
        expect(page.locator('label[for="seat-1"]')).to_have_text(labels[0])
        assert seat_labels(page) == labels
    page.click('[data-lang="cs"]')
    page.wait_for_selector("#adventure")
    page.select_option("#adventure", "A02")
    expect(page.locator('label[for="seat-1"]')).to_have_text("Jih (táhne druhý)")
    assert seat_labels(page) == ["Jih (táhne druhý)", "Sever (táhne první)"]
    page.screenshot(path=str(SHOTS / "battlelore-issue21-new-game-cs.png"))
    page.context.close()
