"""Why an action is not legal at a BattleLore decision point, in words the deciding seat may
read, with the rule behind it (`BattleLoreState.check`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.core.errors import Violation
from bitva.games.battlelore.actions import BattleLoreAction, Done, Play, PlayLore
from bitva.games.battlelore.lore.targets import ONE_AT_A_TIME
from bitva.games.battlelore.turn.legal import forced_rush

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState

WHY = {
    "command": ("play a Command card from your hand", "BL-2.1"),
    "order": ("order a unit the card allows, or done", "BL-2.2"),
    "move": ("move an ordered unit that has not moved, or done", "BL-3.1"),
    "battle": ("battle with an ordered unit that may still battle, or done", "BL-4.1"),
    "flags": ("ignore no more flags than the unit's Bold level", "BL-6.3"),
    "retreat": ("retreat into one of the open hexes toward your edge", "BL-6.5"),
    "battle-back": ("battle back or pass", "BL-7.1"),
    "take-ground": ("take ground or pass", "BL-7.2"),
    "pursue": ("pursue into an open adjacent hex or pass", "BL-7.3"),
    "bonus": ("make a bonus attack on an adjacent enemy or pass", "BL-7.4"),
    "draw-keep": ("discard one of the two cards drawn", "BL-15.1"),
    "spider": ("use an ability the roll allows, or pass", "BL-11.6"),
    "keep-lore": ("keep one of the Lore cards dealt to you", "BL-14.3"),
    "refill": ("announce refill a, b or c", "BL-15.2"),
    "react": ("play a Lore card of this phase, or pass", "BL-13.3"),
    "lore-units": ("add a further unit the Lore card may take, or done", "BL-13.4"),
    "council": ("assign 1 to 3 levels to the seats you fill, the agreed total in all", "BL-14.6"),
    "landmark": ("place the landmark on an empty plain hex of your half", "BL-9.3"),
    "lore-keep": ("discard one of the two Lore cards drawn", "BL-15.2"),
    "discard": ("discard a Lore card of your hand", "BL-14.5"),
    "store": ("store no more Lore than the creature's card and the pool allow", "BL-11.7"),
}


def why_illegal(state: BattleLoreState, action: BattleLoreAction) -> Violation:
    """Why `action` is not legal here, in words the deciding seat may read."""
    if isinstance(action, PlayLore) and action.card in ONE_AT_A_TIME and len(action.words) > 1:
        return Violation(  # format 3 named them at once (issue 23, `lore/several.py`)
            f"name {action.card}'s units one at a time: lore {action.card} {action.words[0]},"
            f" then add {action.words[1]}",
            "BL-13.4",
        )
    if action.is_chance:
        return Violation("chance decides that, not a player", "BL-1.2")
    if state.phase == "battle" and isinstance(action, Done) and forced_rush(state):
        return Violation("a rushing goblin must battle its target", "BL-10.4")
    if state.phase == "command" and isinstance(action, Play):
        return Violation(f"{action.card} is not in your hand", "BL-2.1")
    words, rule = WHY.get(state.phase, ("that is not possible now", "BL-1.2"))
    return Violation(f"{action} is not possible now: {words}", rule)
