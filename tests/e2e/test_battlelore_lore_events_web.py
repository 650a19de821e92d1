"""The browser's words for the events of Lore cards that change an attack (5.2: WR02 First
Strike, RG03 Sidestep), in English and Czech, to the player concerned and to the other: the
events are the engine's own (tests/battlelore/test_lore_events.py plays them)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser

from tests.battlelore.engine_helpers import texts
from tests.battlelore.test_lore_events import attacked, first_strike, play_all
from tests.e2e.conftest import new_page
from tests.e2e.pages import WIDE
from tests.e2e.test_battlelore_web import catalogue, web  # noqa: F401  (the fixture)

DESCRIBE = """async ([events, catalogue]) => {
  const i18n = await import("/static/i18n.js");
  const words = await import("/static/games/battlelore/words.js");
  const text = await import("/static/games/battlelore/text.js");
  text.remember({ catalogue, adventure: { victory_banners: 4 } });
  const game = { seats: [{ seat: 1, kind: "human", name: "Ann" },
                         { seat: 2, kind: "human", name: "Bob" }] };
  const out = [];
  for (const lang of ["en", "cs"]) {
    i18n.setLang(lang);
    for (const seat of [1, 2]) {
      for (const event of events) {
        const said = words.describeEvent(event, { game, seat });
        out.push({ lang, seat, kind: event.kind, text: said });
      }
    }
  }
  return out;
}"""


def strike_events() -> list[dict[str, Any]]:
    """A First Strike that eliminates its attacker, one that drives it back, and a Sidestep."""
    eliminated = attacked(south_figures=1)
    events = first_strike(eliminated) + play_all(eliminated, "roll R G G")
    driven = attacked()
    first_strike(driven)
    events += play_all(driven, "roll F G G")
    while driven.decision == "retreat":
        events += play_all(driven, texts(driven)[0])
    sidestep = attacked(north_card="RG03")
    events += play_all(sidestep, next(t for t in texts(sidestep) if t.startswith("lore RG03")))
    wanted = ("first-strike", "attack-cancelled", "sidestepped")
    return [e for e in events if e["kind"] in wanted]


def test_first_strike_and_sidestep_read_in_plain_english_and_czech(
    web: str,  # noqa: F811
    browser: Browser,
    page_errors: list[str],
) -> None:
    events = strike_events()
    assert sorted({e["kind"] for e in events}) == [
        "attack-cancelled",
        "first-strike",
        "sidestepped",
    ]
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(f"{web}/harness")
    said = page.evaluate(DESCRIBE, [events, catalogue()])
    for r in said:
        line = r["text"]
        assert line and not re.search(r"[{}]|log\.|undefined|WR02|RG03|first-strike", line), r
        if r["lang"] == "cs":  # no English left inside Czech
            assert not re.search(r"\b(the|attack|strikes|steps|cancelled)\b", line), r
    lines: dict[tuple[str, int, str], list[str]] = {}
    for r in said:
        lines.setdefault((r["lang"], r["seat"], r["kind"]), []).append(r["text"])
    assert lines[("en", 1, "first-strike")][0] == (
        "Bob strikes first: the unit on F5 battles its attacker on F4 before the attack is rolled."
    )
    assert lines[("cs", 2, "first-strike")][0] == (
        "Útočíte jako první: vaše jednotka na F5 udeří na svého útočníka na F4 dřív, než ten hodí."
    )
    assert lines[("cs", 1, "attack-cancelled")] == [
        "Útok z F4 na F5 se ruší: útočící jednotka je zničena.",
        "Útok z F4 na F5 se ruší: útočící jednotka byla zatlačena zpět.",
    ]
    assert lines[("en", 2, "attack-cancelled")] == [
        "The attack from F4 on F5 is cancelled: the attacking unit is eliminated.",
        "The attack from F4 on F5 is cancelled: the attacking unit was driven back.",
    ]
    assert lines[("en", 2, "sidestepped")][0].startswith("You step aside with your unit on F5 to ")
    assert lines[("cs", 1, "sidestepped")][0].startswith("Bob uhýbá jednotkou z F5 na ")
    page.context.close()
