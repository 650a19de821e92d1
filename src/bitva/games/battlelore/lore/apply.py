"""Carrying out the effects of a Lore card (5.2) that act at once: on the battlefield (`on_field`)
and on the tokens and the cards in play (`on_tokens`). The other effects either last the turn
(`lasting`: the state keeps them and asks the combinators of `effects.py`) or belong to a step
of the turn (`LoreDice` rolls, `StrikeFirst`, `RetreatNow`'s cancelled attack, `CancelDice`,
`FewerDice`, `OrderAnywhere`, `DrawCommands`, `FewerOrders`): `step_effect` says which.
"""

from __future__ import annotations

from dataclasses import replace

from bitva.games.battlelore.field.model import Field, Unit
from bitva.games.battlelore.lore.economy import LoreBank, PlayedCard
from bitva.games.battlelore.lore.effects import (
    BoldBonus,
    CancelCard,
    Effect,
    EndMove,
    ExtraDice,
    ExtraMove,
    GainTokens,
    Heal,
    IgnoreStops,
    LoreHits,
    PlaceUnit,
    RemoveMarker,
    RetreatNow,
    SwordHits,
    TakeTokens,
)

LASTING = (ExtraDice, BoldBonus, LoreHits, SwordHits, ExtraMove, IgnoreStops)
_ON_FIELD = (Heal, RemoveMarker, PlaceUnit, EndMove, RetreatNow)
_ON_TOKENS = (GainTokens, TakeTokens, CancelCard)


def lasting(effect: Effect) -> bool:
    """An effect that lasts the turn (until cleanup, BL-15.4)."""
    return isinstance(effect, LASTING)


def step_effect(effect: Effect) -> bool:
    """An effect the turn's steps carry out (a roll, a changed attack, the orders, the draw)."""
    return not isinstance(effect, (*LASTING, *_ON_FIELD, *_ON_TOKENS))


def _unit(field: Field, uid: int) -> Unit | None:
    return field.units[uid] if 0 <= uid < len(field.units) else None


def on_field(field: Field, effect: Effect) -> bool:
    """Carry out a battlefield effect at once; False when it is not one (or its unit is gone:
    BL-13.8, as far as it goes).
    - Heal (CL02): figures back, never above the starting strength;
    - RemoveMarker (CL07): the web or the poison marker comes off;
    - PlaceUnit (WZ06): the unit stands on the hex; this was its move, so its move is over,
      and the arrival terrain applies (a landmark forbids battle, BL-9.1; a forest or landmark
      stops follow-on moves, BL-3.4, D-47);
    - EndMove (RG07): the move ends now; the unit may still battle;
    - RetreatNow (RG03): one retreat step (terrain stops never apply to retreats, BL-3.5)."""
    if not isinstance(effect, _ON_FIELD):
        return False
    unit = _unit(field, effect.unit)
    if unit is None:
        return False
    if isinstance(effect, Heal):
        unit.figures = min(unit.type.figures, unit.figures + effect.figures)
    elif isinstance(effect, RemoveMarker):
        if effect.marker == "web":
            unit.webbed = False
        else:
            unit.poisoned = False
    elif isinstance(effect, PlaceUnit):
        field.move_unit(unit, effect.hex)
        unit.moved = max(unit.moved, 1)
        unit.move_stopped = True
        if field.landmarks[effect.hex] is not None:
            unit.entered_landmark = unit.entered_stop = True
        elif field.terrain[effect.hex] == "forest":
            unit.entered_stop = True
    elif isinstance(effect, EndMove):
        unit.move_stopped = True
    elif effect.hex is not None:
        field.move_unit(unit, effect.hex)
    return True


def on_tokens(
    bank: LoreBank, effect: Effect, played: tuple[PlayedCard, ...]
) -> tuple[LoreBank, tuple[PlayedCard, ...]] | None:
    """Carry out a token or card effect; None when it is not one.
    - GainTokens (WZ02): from the pool, only what it holds (BL-12.2);
    - TakeTokens (RG01): from the opponent's goblet, only what it holds (T-32);
    - CancelCard (WZ05 Dispel: the card is cancelled, its payment back to its owner; RG02 Foil:
      the card is foiled, what resolved stands, no refund): the latest card in force with
      that id and owner."""
    if isinstance(effect, GainTokens):
        return bank.gain(effect.seat, effect.count)[0], played
    if isinstance(effect, TakeTokens):
        return bank.take(effect.source, effect.count)[0], played
    if isinstance(effect, CancelCard):
        stopped = list(played)
        for i in range(len(stopped) - 1, -1, -1):
            card = stopped[i]
            if card.card == effect.card and card.seat == effect.seat and card.in_force:
                if effect.whole:
                    stopped[i] = replace(card, cancelled=True)
                    if effect.refund:
                        bank = bank.refund(card.seat, card.paid)
                else:
                    stopped[i] = replace(card, foiled=True)
                break
        return bank, tuple(stopped)
    return None
