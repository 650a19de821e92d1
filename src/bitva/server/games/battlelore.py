"""The server adapter of BattleLore: the options a client may choose (shipped adventures by id
only: the engine also reads adventure files by path, which a server must never let a client
name), the adventures for the lobby with their names and descriptions in English and Czech, and
the catalogue the browser names units and cards from (sent once by a replay: `shared_view_keys`).

The odds the browser shows before an attack or a battle back are the game's analysis of that
attack as this game will roll it (`bitva.games.battlelore.analysis.odds`, the terminal's too), sent
with the view of the seat about to battle (a battle back's to both seats: the attacker sees
what may come back). The view also says what each of the seat's Lore cards really costs it
(BL-13.5, BL-14.4: 3 more for a school not in its War Council) and, while the starting Lore
cards are kept (BL-14.3), how many the seat keeps and how many are still to choose.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from bitva.core.registry import get_game
from bitva.core.state import State
from bitva.games.battlelore.analysis.odds import attack_odds, declared_odds
from bitva.games.battlelore.catalogue.load import adventure_ids, load_catalogue
from bitva.games.battlelore.lore.council import lore_start
from bitva.games.battlelore.lore.economy import REFILL_CHOICES, casting
from bitva.server.games import GameAdapter


class BattleLoreOptionsIn(BaseModel):
    """The options of a new game: a shipped adventure and its War Councils (section 3,
    BL-14.1, BL-14.6)."""

    model_config = ConfigDict(extra="forbid")

    adventure: str = Field(
        default="A01",
        description="the adventure (section 5.5)",
        json_schema_extra={"enum": list(adventure_ids())},
    )
    councils: Literal["adventure", "intro", "custom"] = Field(
        default="adventure",
        description="War Councils: as the adventure sets them, the intro variant (BL-14.1) or"
        " chosen in secret (BL-14.6)",
    )
    custom_levels: tuple[int, int] = Field(
        default=(6, 6), description="custom councils: the levels of South and North (BL-14.6)"
    )

    @field_validator("adventure")
    @classmethod
    def _shipped(cls, value: str) -> str:
        """An id of a shipped adventure, never a path."""
        key = value.strip().upper()
        if key not in adventure_ids():
            raise ValueError(f"unknown adventure {value!r} (known: {', '.join(adventure_ids())})")
        return key

    @field_validator("custom_levels")
    @classmethod
    def _levels(cls, value: tuple[int, int]) -> tuple[int, int]:
        if any(not 1 <= level <= 10 for level in value):
            raise ValueError("a council's total is 1 to 10 levels (BL-14.6)")
        return value


def adventures() -> list[dict[str, Any]]:
    """The shipped adventures for the lobby: id, names and descriptions in both languages,
    whether they use Lore, the banners that win, the seat that moves first (1 South, 2
    North: section 5.5, the adventure's "first player")."""
    shipped = load_catalogue().adventures
    return [
        {
            "id": ident,
            "name": adventure.name,
            "name_cs": adventure.name_cs,
            "description": adventure.description,
            "description_cs": adventure.description_cs,
            "lore": adventure.lore,
            "victory_banners": adventure.victory_banners,
            "first": 1 if adventure.first_player == "south" else 2,  # the seat that moves first
        }
        for ident, adventure in sorted(shipped.items())
    ]


@cache
def catalogue_json() -> dict[str, Any]:
    """What the browser names things from (`view.catalogue`): units by type (name, weapon,
    movement, melee dice and range: section 2.3) and cards by id, each with its name and text in
    English and Czech (and a Lore card's cost: "?" where the effect sets it), and the Lore
    refill's options with their words (`lore.REFILL_CHOICES`)."""
    catalogue = load_catalogue()
    units: dict[str, dict[str, Any]] = {}
    for ident, unit in catalogue.units.items():
        label = catalogue.labels.get(f"unit:{ident}")
        weapon = catalogue.labels.get(f"weapon:{unit.weapon.id}")
        units[ident] = {
            "name": label.name if label else unit.name,
            "name_cs": label.name_cs if label else unit.name,
            "weapon": weapon.name if weapon else unit.weapon.id,
            "weapon_cs": weapon.name_cs if weapon else unit.weapon.id,
            "move": unit.move_max,  # 2.3: the most hexes it moves
            "move_battle": unit.move_battle,  # and still battles
            "melee": unit.melee_dice,
            "range": unit.weapon.range if unit.weapon.ranged_dice else 0,
        }
    cards: dict[str, dict[str, Any]] = {}
    for ident, command in catalogue.commands.items():
        cards[ident] = {
            "name": command.name,
            "name_cs": command.name_cs,
            "text": command.text,
            "text_cs": command.text_cs,
            "kind": command.kind,
        }
    for ident, lore in catalogue.lore.items():
        cards[ident] = {
            "name": lore.name,
            "name_cs": lore.name_cs,
            "text": lore.text,
            "text_cs": lore.text_cs,
            "kind": "lore",
            "cost": "?" if lore.cost is None else lore.cost,
            "reaction": lore.reaction,
        }
    # the Lore refill's options as the engine's one table words them (BL-15.2, issue 21.1)
    refill = {
        option: {
            "label": choice.label,
            "label_cs": choice.label_cs,
            "cards": choice.cards,
            "keep": choice.keep,
            "tokens": choice.tokens,
        }
        for option, choice in REFILL_CHOICES.items()
    }
    return {"units": units, "cards": cards, "refill": refill}


# where a seat chooses an attack (BL-4, BL-7.4) or whether to battle back (BL-7.1)
ODDS_DECISIONS = ("battle", "bonus", "battle-back")


# a card's id in an engine message: a Lore card ("WZ01") or a Command card ("PATROL_C")
CARD_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*\b")


def card_names(message: str) -> str:
    """An engine message with each card id said by its printed name (issue 21, point 7: no id
    reaches a player).

    >>> card_names("PATROL_C is not in your hand; WZ01 costs 2")
    'Patrol Centre is not in your hand; Fire Bolt costs 2'
    """
    catalogue = load_catalogue()

    def name(match: re.Match[str]) -> str:
        ident = match.group(0)
        card = catalogue.commands.get(ident) or catalogue.lore.get(ident)
        return card.name if card is not None else ident

    return CARD_ID.sub(name, message)


class BattleLoreAdapter(GameAdapter):
    # every step's view names its units and cards: a replay sends the catalogue once
    shared_view_keys = ("catalogue",)

    def player_words(self, message: str) -> str:
        return card_names(message)

    @property
    def options_model(self) -> type[BaseModel]:
        return BattleLoreOptionsIn

    def lobby(self) -> dict[str, Any]:
        return {"adventures": adventures()}

    def view(self, state: State[Any], seat: int | None) -> dict[str, Any]:
        """The seat's view, the catalogue, and for the seat about to battle the odds of each
        attack it may make, or of its battle back (`odds`: `analysis.odds.attack_odds`, the
        game's analysis for the attack as this game will roll it), so that the browser shows
        them with the position, never a moment later; a battle back's odds go to both seats,
        as do the odds of an attack declared and waiting for its roll (its reaction windows).
        They count the board and the cards played, which both sides see: they reveal nothing
        hidden. `lore_costs` and `keep_lore`: see `lore_costs` and `keep_lore`."""
        view = state.view(seat)
        view["catalogue"] = catalogue_json()
        if state.decision in ODDS_DECISIONS:
            if seat is not None and (
                seat == state.current_player or state.decision == "battle-back"
            ):
                view["odds"] = attack_odds(state)
        elif declared := declared_odds(state):  # an attack waiting for its roll: every seat's
            view["odds"] = declared
        if seat in (1, 2) and view.get("adventure", {}).get("lore"):
            view["lore_costs"] = lore_costs(state, seat)
            if state.decision == "keep-lore":
                view["keep_lore"] = keep_lore(state, seat)
        return view


def lore_costs(state: Any, seat: int) -> dict[str, str]:
    """What each Lore card in `seat`'s hand (and among those dealt to it) costs it to play
    (BL-13.5, BL-14.4): the printed cost, 3 more without a master of the card's school in the
    seat's War Council; "?" where the effect sets it ("?+3" without the master)."""
    council = state.councils[seat - 1] or None
    catalogue = load_catalogue().lore
    costs: dict[str, str] = {}
    for ident in [*state.lore_hands[seat], *state.lore_drawn[seat]]:
        card = catalogue.get(ident)
        if card is None:
            continue
        cast = casting(card, council)
        if card.cost is None:
            costs[ident] = "?" if cast.master else f"?+{cast.surcharge}"
        else:
            costs[ident] = str(cast.cost)
    return costs


def keep_lore(state: Any, seat: int) -> dict[str, int]:
    """BL-14.3 step 4: the number of starting Lore cards `seat` keeps of those dealt (2.4:
    its council's top level) and how many it has still to choose."""
    return {
        "keep": lore_start(state.councils[seat - 1] or None).cards,
        "left": int(state.keep_left[seat]),
    }


ADAPTER = BattleLoreAdapter(get_game("battlelore"))
