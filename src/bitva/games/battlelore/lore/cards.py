"""The 28 distinct Lore cards of section 5.2, as rules the state machine can call: for each
card id, its legal targets at a moment (`targets`), whether a target is legal (`check_target`)
and what playing it does (`effect`, a tuple of `effects.py` data). The school modules hold the
cards; this one gathers them into `LORE_RULES` and checks a whole play (BL-13.3..BL-13.6).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from bitva.core.errors import UnreadableAction, Violation
from bitva.games.battlelore.catalogue.load import load_catalogue
from bitva.games.battlelore.lore.cleric import CLERIC
from bitva.games.battlelore.lore.economy import (
    Casting,
    LoreCardLike,
    Window,
    casting,
    check_payment,
    check_phase,
    check_timing,
    fits,
)
from bitva.games.battlelore.lore.effects import Effect
from bitva.games.battlelore.lore.rogue import ROGUE
from bitva.games.battlelore.lore.targets import LoreRule, Moment, Target, lore_card
from bitva.games.battlelore.lore.warrior import WARRIOR
from bitva.games.battlelore.lore.wizard import WIZARD

LORE_RULES: dict[str, LoreRule] = {rule.card: rule for rule in (*WIZARD, *CLERIC, *WARRIOR, *ROGUE)}


def rule_of(card: str) -> LoreRule:
    try:
        return LORE_RULES[card]
    except KeyError:
        known = "WZ01-07, CL01-07, WR01-07, RG01-07"
        raise UnreadableAction(f"{card!r} is not a Lore card (known: {known})") from None


def targets(card: str, moment: Moment) -> tuple[Target, ...]:
    """Every legal target of `card` at `moment` (empty: it cannot be played now)."""
    return rule_of(card).targets(moment)


def check_target(card: str, moment: Moment, target: Target) -> Violation | None:
    """Why `target` is not a legal target of `card` now (BL-13.4), or None."""
    legal = targets(card, moment)
    if target in legal:
        return None
    if not legal:
        return Violation(f"{card} has no legal target now", "BL-13.4")
    return Violation(f"that is not a legal target of {card}", "BL-13.4")


def effect(card: str, moment: Moment, target: Target) -> tuple[Effect, ...]:
    """What playing `card` on `target` does (the target must be legal)."""
    return rule_of(card).effect(moment, target)


def cost_now(card: LoreCardLike, council: dict[str, int] | None, moment: Moment) -> Casting:
    """The card's casting for a council (BL-13.5, BL-14.4), with a "?" cost set by the moment
    (Dispel: what the card it cancels cost, BL-13.1)."""
    rule = rule_of(card.id)
    paid = rule.variable_cost(moment) if rule.variable_cost else 0
    return casting(card, council, paid)


def check_play(
    card: LoreCardLike,
    council: dict[str, int] | None,
    moment: Moment,
    window: Window,
    *,
    played_this_turn: bool,
    after_instead: bool = False,
) -> Violation | None:
    """Whether `moment.seat` may play `card` now at all, whatever the target: its phase
    (BL-13.3), the play limits (BL-13.6), a legal target (BL-13.4) and the cost (BL-13.5,
    BL-14.4). `moment.level` must be `casting(card, council).level`."""
    found = check_phase(card, window, after_instead=after_instead) or check_timing(
        card, seat=moment.seat, active=moment.active, played_this_turn=played_this_turn
    )
    if found is not None:
        return found
    if not targets(card.id, moment):
        return Violation(f"{card.id} has no legal target now", "BL-13.4")
    return check_payment(moment.goblets[moment.seat - 1], cost_now(card, council, moment))


def lore_actions(
    hand: Iterable[str],
    council: dict[str, int] | None,
    moment: Moment,
    window: Window,
    *,
    played_this_turn: bool,
    after_instead: bool = False,
) -> list[tuple[str, Target, str]]:
    """Every Lore card `moment.seat` may play now from `hand`, with each legal target:
    (card id, target, the action's text `lore CARD WORDS`). `moment.level` is ignored: each
    card is cast at its own level for the council (BL-13.5, BL-14.4)."""
    found: list[tuple[str, Target, str]] = []
    for card_id in sorted(set(hand)):
        card = lore_card(card_id)
        at_level = replace(moment, level=casting(card, council).level)
        why = check_play(
            card,
            council,
            at_level,
            window,
            played_this_turn=played_this_turn,
            after_instead=after_instead,
        )
        if why is not None:
            continue
        for target in targets(card_id, at_level):
            words = target.text(moment.field)
            found.append((card_id, target, f"lore {card_id} {words}".rstrip()))
    return found


def cheapest_for_window(
    window: Window, council: dict[str, int] | None, paid_by_target: int = 0
) -> int | None:
    """The least a card of this window's phases could cost `council` (public: it depends on no
    hand), or None if no card is played there. A reaction window may open by public criteria
    (docs/battlelore.md: the seat holds a Lore card, has not played one this turn, and its
    goblet could pay some card of that phase)."""
    costs = [
        casting(card, council, paid_by_target).cost
        for card in load_catalogue().lore.values()
        if fits(card.phase, window)
    ]
    return min(costs) if costs else None
