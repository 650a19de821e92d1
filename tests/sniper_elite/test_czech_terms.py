"""The Czech of Sniper Elite in the Czech rulebook's own terms (SE-1.2: the seed is the Czech solo
rulebook, seed 002). Every Czech string the player reads is checked: the browser module's table
(`web/games/sniper-elite/i18n_cs.js`), the cards' names and texts (`content/*.toml`) and the
officer challenges' names and descriptions (the server adapter). Where the rulebook prints a
term, the words follow it (komínek zdraví, kostička stop, dostat zásah, utržit zranění, útok,
vyvýšené pole, náročný terén, herní plán, jednoduché / střední / těžké výzvy, výhody a
nevýhody); counts use the three Czech plural forms; no English is left in a Czech string."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bitva.games.sniper_elite.catalogue import shipped_content
from bitva.server.games.sniper_elite import CHALLENGE_WORDS

WEB = Path(__file__).resolve().parents[2] / "src" / "bitva" / "web" / "games" / "sniper-elite"
STRING = r'"(?:[^"\\]|\\.)*"'
ENTRY = re.compile(rf'"([\w.+\-]+)":\s*({STRING}|\{{(?:{STRING}|[^}}"])*\}})')
FORM = re.compile(r'(\w+):\s*"((?:[^"\\]|\\.)*)"')


def table(lang: str) -> dict[str, str | dict[str, str]]:
    """The module's strings of one language: a key's text, or its plural forms by name."""
    source = (WEB / f"i18n_{lang}.js").read_text(encoding="utf-8")
    out: dict[str, str | dict[str, str]] = {}
    for key, value in ENTRY.findall(source):
        out[key] = dict(FORM.findall(value)) if value.startswith("{") else value[1:-1]
    return out


def czech_strings() -> list[tuple[str, str]]:
    """(where, text) for every Czech string a player of Sniper Elite reads."""
    out: list[tuple[str, str]] = []
    for key, value in table("cs").items():
        forms = value.items() if isinstance(value, dict) else [("", value)]
        out += [(f"i18n_cs.js {key} {form}".strip(), text) for form, text in forms]
    content = shipped_content()
    named = [(c.id, c.name_cs, c.text.cs) for c in content.orders]
    named += [(c.id, c.name_cs, c.text.cs) for c in content.equipment]
    for cid, name, text in named:
        out += [(f"{cid} name_cs", name), (f"{cid} text.cs", text)]
    out += [(f"{card.id} short.cs", card.short.cs) for card in content.equipment]
    for cid, words in CHALLENGE_WORDS.items():
        out.append((f"{cid} name_cs", words["name_cs"]))
        out.append((f"{cid} description_cs", words["description_cs"]))
    return out


# a wording the rulebook does not use -> the rulebook's term (its line in seed 002)
NOT_THE_RULEBOOKS = {
    # "vytvoř z nich komínek zdraví", "umísti ho dospodu svého komínku zdraví"
    r"\b(do|ze|ve|z|v) zdraví\b|\bdospod (svého )?zdraví": "komínek zdraví",
    # "dostaneš 1 zásah"
    r"\butrpě\w*": "dostat zásah / utržit zranění",
    # "pohyb na pole s náročným terénem"
    r"\bobtížn\w* terén": "náročný terén",
    # "vyvýšené přístupové pole je vyvýšené pole, na jehož okraji je žebřík"
    r"\bvyvýšen\w* míst": "vyvýšené pole",
    # "Je na tvé pole zaútočeno", "Útok"
    r"\bpál[íi]\w*": "útok",
    # "Zdravotník a Radista představují jednoduché výzvy"
    r"\blehk[áé]\b": "jednoduchá výzva",
    # "kostičky stop" (the cubes); the die is "kostka rozkazů"
    r"\bkost(ka|ky|ku|kou)\b(?! rozkazů)": "kostička stop / kostka rozkazů",
    # one cube is "kostička stopy" (issue 21.7); "kostičky stop" are the cubes
    r"\bkostičk(a|u|ou) stop\b": "kostička stopy",
    # "Vyber stranu oboustranného herního plánu", "odeber figurku z herního plánu"
    r"\bmap(a|y|u|ě|ou)\b": "herní plán",
    # "karty vybavení" (the rulebook's main term; "výbava" only in two challenge boxes)
    r"\bv[yý]bav(a|y|u|ou)\b": "vybavení",
}


@pytest.mark.parametrize("wrong", sorted(NOT_THE_RULEBOOKS))
def test_se_1_2_the_czech_uses_the_rulebooks_terms(wrong: str) -> None:
    strings = czech_strings()
    found = [f"{where}: {text!r}" for where, text in strings if re.search(wrong, text, re.I)]
    assert not found, f"say {NOT_THE_RULEBOOKS[wrong]!r}:\n" + "\n".join(found)


def test_se_10_1_the_challenges_and_levels_are_named_as_in_the_rulebook() -> None:
    """The rulebook: "Zdravotník a Radista představují jednoduché výzvy, Zvěd a Psovod střední a
    Střelec a Odstřelovač těžké"; each challenge offers "výhody" and "nevýhody"."""
    names = {cid: words["name_cs"] for cid, words in CHALLENGE_WORDS.items()}
    assert names == {
        "medic": "Zdravotník",
        "radio": "Radista",
        "scout": "Zvěd",
        "dog": "Psovod",
        "marksman": "Střelec",
        "sniper": "Odstřelovač",
    }
    cs = table("cs")
    levels = [cs[f"lobby.level.{level}"] for level in ("easy", "medium", "hard")]
    assert levels == ["jednoduchá", "střední", "těžká"]
    assert cs["lobby.modifiers"] == "Jednotlivé výhody a nevýhody"
    assert cs["lobby.advantage"] == "{challenge}: výhoda"
    assert cs["lobby.disadvantage"] == "{challenge}: nevýhoda"


def test_se_3_1_the_tokens_letters_are_czech_initials() -> None:
    """The health stack's chips: přesnost, hluk, zpětný ráz, tlumič (the token names of SE-3.1
    in the rulebook's words), never the English A/N/R/S."""
    cs = table("cs")
    assert [cs[f"chip.{k}"] for k in "ANRS"] == ["P", "H", "Z", "T"]
    assert [cs[f"token.{k}"]["one"] for k in "ANRS"] == [  # type: ignore[index]
        "{n} žeton přesnosti",
        "{n} žeton hluku",
        "{n} žeton zpětného rázu",
        "{n} žeton tlumiče",
    ]


def test_czech_counts_use_the_three_plural_forms() -> None:
    """1 žeton, 2 žetony, 5 žetonů: every count has its forms one, few and other (never
    "žeton(y)"), and the few and other forms differ where the noun changes."""
    cs = table("cs")
    for key, value in cs.items():
        if isinstance(value, dict):
            assert set(value) == {"one", "few", "other"}, key
        else:
            assert "{n}" not in value, f"{key}: a count without plural forms"
    hacks = [(w, t) for w, t in czech_strings() if re.search(r"\w\((y|ů|e|i|a|ch|mi)\)", t)]
    assert not hacks, hacks
    assert cs["panel.deck"] == {
        "one": "{n} karta v balíčku rozkazů",
        "few": "{n} karty v balíčku rozkazů",
        "other": "{n} karet v balíčku rozkazů",
    }


def test_the_czech_table_has_every_english_key() -> None:
    assert set(table("cs")) == set(table("en"))


ENGLISH = {"the", "and", "of", "you", "your", "token", "tokens", "defender", "defenders", "card"}
ENGLISH |= {"cards", "hit", "hits", "move", "turn", "area", "space", "spaces", "recoil", "noise"}
ENGLISH |= {"accuracy", "order", "objective", "shot", "with", "into", "from", "at", "on"}


def test_no_english_is_left_in_czech_strings() -> None:
    left = []
    for where, text in czech_strings():
        words = {w.lower() for w in re.findall(r"[^\W\d_]+", re.sub(r"\{\w+\}", "", text))}
        if words & ENGLISH:
            left.append(f"{where}: {sorted(words & ENGLISH)} in {text!r}")
    assert not left, "\n".join(left)
