"""Issue 21 leftover of point 7: the server's own error messages (docs/server.md "Errors", in
English on the wire) are shown in the page's language: a Czech page says "Nejste na tahu: hraje
hráč 2." where the server wrote "it is not your turn: player 2 is to move"; an engine's refusal,
already in the player's words (cards by name), is shown as it came."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.e2e.conftest import new_page
from tests.e2e.test_battlelore_web import web

__all__ = ["web"]  # the fixture: the web client's files on a throwaway static server

SAID = """async ([lang, messages]) => {
  const i18n = await import("/static/i18n.js");
  i18n.setLang(lang);
  const { serverWords } = await import("/static/server_words.js");
  const { ApiError } = await import("/static/api.js");
  return messages.map((m) => [serverWords(m), new ApiError(m, 409, null).message]);
}"""
MESSAGES = [
    "it is not your turn: player 2 is to move",
    "the game is over",
    "the game has moved on: it is at version 12, the action was chosen at another",
    "too many moves from this address: try again in 3 s",
    "Patrol Centre is not in your hand",
]


def test_issue21_the_servers_messages_in_czech_and_in_english(
    web: str, browser: Browser, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors, lang="cs")
    page.goto(f"{web}/harness")
    czech = page.evaluate(SAID, ["cs", MESSAGES])
    assert [said for said, _ in czech] == [
        "Nejste na tahu: hraje hráč 2.",
        "Hra skončila.",
        "Hra mezitím pokročila (je u tahu 12): podívejte se na ni znovu a zvolte znovu.",
        "Příliš mnoho požadavků: zkuste to znovu za 3 s.",
        "Patrol Centre is not in your hand",  # an engine's refusal: as it came
    ]
    assert all(said == error for said, error in czech)  # what a toast shows (ApiError.message)
    english = page.evaluate(SAID, ["en", MESSAGES[:2]])
    assert [said for said, _ in english] == [
        "It is not your turn: player 2 is to move.",
        "The game is over.",
    ]
    page.context.close()
