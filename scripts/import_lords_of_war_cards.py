"""Turn the public card statistics (../shared/data/lords-of-war/cards.json) into the package's army
TOML files. The Templar and Undead decks are left out: their movement arrows are not in our rules.

    python scripts/import_lords_of_war_cards.py ../shared/data/lords-of-war/cards.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import tomli_w

from bitva.games.lords_of_war.cards import DIRECTIONS

ARMIES = {"orcs": "Orcs", "dwarves": "Dwarves", "elves": "Elves", "lizardmen": "Lizardmen"}
OUT = Path(__file__).resolve().parent.parent / "src/bitva/games/lords_of_war/content/armies"


def convert(card: dict) -> dict:
    out = {
        "name": card["name"],
        "rank": card["rank"],
        "class": card["type"],
        "defence": card["shield"],
        "arrows": {d: v for d, v in zip(DIRECTIONS, card["attacks"], strict=True) if v},
    }
    if "shoots" in card:
        out["ranged"] = {"value": card["shoots"], "targets": card["hits"]}
    if card.get("quantity", 1) != 1:
        out["quantity"] = card["quantity"]
    return out


def main(source: str) -> None:
    data = json.loads(Path(source).read_text(encoding="utf-8"))
    for army, title in ARMIES.items():
        doc = {
            "army": army,
            "title": title,
            "source": "public card statistics (fan player aid krawaller/low, src/units.js)",
            "cards": [convert(card) for card in data[army]],
        }
        (OUT / f"{army}.toml").write_text(tomli_w.dumps(doc), encoding="utf-8")
        print(f"wrote {army}.toml ({len(doc['cards'])} entries)")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/lords-of-war/cards.json")
