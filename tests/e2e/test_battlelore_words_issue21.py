"""Issue 21 point 7, in the browser that shows the words: Czech says "ze" where the next word
needs it ("4 figurky ze 4", not "z 4"; `web/czech.js`, checked number by number against the
Czech words of the numbers), a card name that ends in "!" takes no full stop after it
("Rampage!", not "Rampage!."), and a card a Lore card aims at is named, not its id ("Dispel on
Fire Bolt", not "on WZ01")."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from tests.e2e.conftest import new_page
from tests.e2e.pages import WIDE
from tests.e2e.test_battlelore_web import catalogue, web  # noqa: F401  (the fixture)

# the Czech genitive of each number (what "z" stands before) and the preposition it takes
SAID = {
    0: "z nuly", 1: "z jedné", 2: "ze dvou", 3: "ze tří", 4: "ze čtyř", 5: "z pěti",
    6: "ze šesti", 7: "ze sedmi", 8: "z osmi", 9: "z devíti", 10: "z deseti",
    11: "z jedenácti", 12: "ze dvanácti", 13: "ze třinácti", 14: "ze čtrnácti",
    15: "z patnácti", 16: "ze šestnácti", 17: "ze sedmnácti", 18: "z osmnácti",
    19: "z devatenácti", 20: "ze dvaceti", 23: "ze dvaceti tří", 30: "ze třiceti",
    41: "ze čtyřiceti jedné", 50: "z padesáti", 58: "z padesáti osmi", 60: "ze šedesáti",
    70: "ze sedmdesáti", 80: "z osmdesáti", 99: "z devadesáti devíti", 100: "ze sta",
    150: "ze sto padesáti", 200: "ze dvou set", 500: "z pěti set", 800: "z osmi set",
    1000: "z tisíce", 2000: "ze dvou tisíc", 5000: "z pěti tisíc", 1000000: "z milionu",
}  # fmt: skip

CZECH = """async ([numbers, catalogue]) => {
  const czech = await import("/static/czech.js");
  const i18n = await import("/static/i18n.js");
  const text = await import("/static/games/battlelore/text.js");
  const words = await import("/static/games/battlelore/words.js");
  const moves = await import("/static/games/battlelore/moves.js");
  text.remember({ catalogue, adventure: { victory_banners: 4 } });
  const game = { seats: [{ seat: 1, kind: "human", name: "Ann" },
                         { seat: 2, kind: "human", name: "Bob" }] };
  const out = { numbers: {}, words: {}, lines: {} };
  for (const n of numbers) out.numbers[n] = czech.zOrZe(n);
  for (const w of ["sta", "země", "šesti", "žita", "Sedmihradska", "dvora", "tří", "mne",
                   "všech", "lesa", "pěti", "F4", "s3", "osmi", "hradu", "mnoha"]) {
    out.words[w] = czech.zOrZe(w);
  }
  out.vocalized = czech.vocalize("Útok z F4: 4 figurky z 4, z 7 kostek z 5. Z sedmi");
  for (const lang of ["en", "cs"]) {
    i18n.setLang(lang);
    const of = (n, max) => text.t("panel.of", { now: text.t("panel.figures", { n }), max });
    out.lines[`${lang} panel.of`] = of(4, 4);
    out.lines[`${lang} panel.of 5`] = of(3, 5);
    out.lines[`${lang} lore`] = words.describeEvent(
      { kind: "lore-played", player: 2, card: "WR03", args: [] }, { game, seat: 1 });
    out.lines[`${lang} lore you`] = words.describeEvent(
      { kind: "lore-played", player: 1, card: "WR03", args: [] }, { game, seat: 1 });
    out.lines[`${lang} dispel`] = moves.actionLabel({ catalogue }, "lore WZ05 WZ01");
    out.lines[`${lang} fire bolt`] = moves.actionLabel({ catalogue }, "lore WZ01 F5");
  }
  i18n.setLang("en");
  return out;
}"""


def test_issue_21_7_czech_ze_before_numbers_and_no_stop_after_an_exclamation(
    web: str,  # noqa: F811
    browser: Browser,
    page_errors: list[str],
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(f"{web}/harness")
    found: dict[str, Any] = page.evaluate(CZECH, [list(SAID), catalogue()])
    for n, said in SAID.items():
        assert found["numbers"][str(n)] == said.split()[0], (n, said)
    assert found["words"] == {
        "sta": "ze", "země": "ze", "šesti": "ze", "žita": "ze", "Sedmihradska": "ze",
        "dvora": "ze", "tří": "ze", "mne": "ze", "všech": "ze", "lesa": "z", "pěti": "z",
        "F4": "z", "s3": "z", "osmi": "z", "hradu": "z", "mnoha": "z",
    }  # fmt: skip
    assert found["vocalized"] == "Útok z F4: 4 figurky ze 4, ze 7 kostek z 5. Ze sedmi"
    lines = found["lines"]
    assert lines["cs panel.of"] == "4 figurky ze 4"
    assert lines["cs panel.of 5"] == "3 figurky z 5"
    assert lines["en panel.of"] == "4 figures of 4"
    assert lines["en lore"] == "Bob plays the Lore card Rampage!"
    assert lines["en lore you"] == "You play the Lore card Rampage!"
    assert lines["cs lore"].endswith("Pustošení!") and "!." not in lines["cs lore you"]
    for lang in ("en", "cs"):  # a card among a Lore card's targets by name, never by id
        assert "WZ0" not in lines[f"{lang} dispel"] and "F5" in lines[f"{lang} fire bolt"]
    assert "Dispel" in lines["en dispel"] and "Fire Bolt" in lines["en dispel"]
    page.context.close()
