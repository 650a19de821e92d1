"""The Lore cards played in real games (5.2, BL-13, D-43): each card of `LORE_RULES` is adapted
to the state machine's `LORE_EFFECTS` protocol (`lore/windows.py`). One source per rule: the
targets and effects are `lore/cards.py`'s; this module only builds the `Moment` a window knows,
writes the targets as action words, and carries the effects out:
- at once: the battlefield (`lore.apply.on_field`), the tokens and cards (`on_tokens`);
- for the turn: `state.lore_effects` (BL-13.7: in the order played; cleanup drops them), which
  the battle and movement steps ask through `effects.py`'s combinators (`in_force`);
- in the step they change: a Lore-card roll (`LoreDice`, chance nodes: `battle/lore_dice.py`),
  the dice of the roll about to be made (`FewerDice`) or just made (`CancelDice`), a Sidestep
  (`RetreatNow`: the target leaves its hex, so the attack is cancelled), the orders
  (`OrderAnywhere` in place of a Command card, BL-2.1; `FewerOrders` through `in_force`), the
  Command draw (`DrawCommands` through `in_force`), First Strike (`StrikeFirst`: a battle
  inside the battle, `battle/current.py`'s `strike_first`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bitva.core.events import Event
from bitva.games.battlelore.battle.current import strike_first
from bitva.games.battlelore.field.board import hex_of, name
from bitva.games.battlelore.field.model import HELMET_OF, Field
from bitva.games.battlelore.lore import effects as lore_effects
from bitva.games.battlelore.lore.apply import lasting, on_field, on_tokens
from bitva.games.battlelore.lore.cards import LORE_RULES, cost_now, effect, targets
from bitva.games.battlelore.lore.economy import Window
from bitva.games.battlelore.lore.effects import (
    CancelDice,
    DrawCommands,
    Effect,
    ExtraDice,
    FewerDice,
    FewerOrders,
    LoreDice,
    OrderAnywhere,
    RetreatNow,
    StrikeFirst,
    cancel_faces,
    dice_after,
    extra_dice,
    orders_after,
)
from bitva.games.battlelore.lore.targets import ONE_AT_A_TIME, Moment, Target, lore_card
from bitva.games.battlelore.lore.windows import LORE_EFFECTS
from bitva.games.battlelore.turn.command import Orders

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState

# the windows whose moment knows the declared battle (BL-13.4: ATTACKING, DEFENDING, ...)
BATTLE_WINDOWS = frozenset(("BAT_MELEE", "BAT_RANGED", "ROLL_BEFORE", "ROLL_AFTER"))
NOT_WIRED: frozenset[str] = frozenset()  # every card of `LORE_RULES` is wired


def moving_unit(state: BattleLoreState) -> int | None:
    """MOV_REACT: the unit about to move (`move F4 F6`, `rush F4 F5 G6`) or moving (`walk
    F4,F5 F6`: it stands on the last hex walked)."""
    if state.window is None:
        return None
    words = state.window.resume.split()
    if len(words) < 2 or words[0] not in ("move", "rush", "walk"):
        return None
    unit = state.field.unit_at(hex_of(words[1].split(",")[-1]))
    return None if unit is None else unit.uid


def moment(
    state: BattleLoreState, seat: int, window: str, level: int, played_before: int | None = None
) -> Moment:
    """What `seat` knows when it plays a card in `window` (docs/battlelore.md, "Playing a
    card", step 1). `played_before`: only the cards played before that index count (a card's
    own effect reads the cards played before it: Dispel, Foil)."""
    battle = state.battle if window in BATTLE_WINDOWS else None
    played = state.lore_played if played_before is None else state.lore_played[:played_before]
    return Moment(
        state.field,
        seat,
        level,
        state.active,
        attacker=None if battle is None else battle.attacker,
        defender=None if battle is None else battle.target,
        melee=None if battle is None else battle.kind == "melee",
        faces=tuple(battle.faces) if battle is not None and window == "ROLL_AFTER" else (),  # type: ignore[arg-type]
        moving=moving_unit(state) if window == "MOV_REACT" else None,
        played=tuple(played),
        goblets=state.bank.goblets,
        pool=state.bank.pool,
    )


def in_force(state: BattleLoreState) -> list[Effect]:
    """The lasting effects of this turn's Lore cards, in the order played (BL-13.7)."""
    return state.lore_effects


class CardPlay:
    """`LORE_EFFECTS`' entry for one card: `lore/cards.py`'s rule in the state machine."""

    def __init__(self, card: str) -> None:
        self.card = card

    def choices(
        self, state: BattleLoreState, seat: int, window: Window, level: int
    ) -> list[tuple[str, ...]]:
        """Every legal target (BL-13.4) written as the action's words; a "?" cost (Dispel) is
        checked here, since it depends on the target (BL-13.1)."""
        at = moment(state, seat, window, level)
        if LORE_RULES[self.card].variable_cost is not None:
            cast = cost_now(lore_card(self.card), state.councils[seat - 1], at)
            if cast.cost > state.bank.goblet(seat):
                return []
        found = [words_of(t, state.field) for t in targets(self.card, at)]
        if self.card in ONE_AT_A_TIME:  # the first unit; the others follow (`lore/several.py`)
            return [words for words in found if len(words) == 1]
        return found

    def play(
        self,
        state: BattleLoreState,
        seat: int,
        window: Window,
        level: int,
        args: tuple[str, ...],
        events: list[Event] | None,
    ) -> None:
        index = _played_index(state, self.card, seat)
        at = moment(state, seat, window, level, played_before=index)
        wanted = _upper(args)
        found_targets = targets(self.card, at)
        target = next(
            (t for t in found_targets if _upper(words_of(t, state.field)) == wanted), None
        )
        if target is None:  # BL-13.8: the target is gone; the card does what it still can
            _emit(events, "lore-fizzled", player=seat, card=self.card)
            return
        if LORE_RULES[self.card].variable_cost is not None:  # BL-13.1: Dispel's "?"
            extra = cost_now(lore_card(self.card), state.councils[seat - 1], at).cost
            extra -= state.lore_played[index].paid
            extra = min(max(extra, 0), state.bank.goblet(seat))
            state.bank = state.bank.pay_card(seat, extra)
            played = state.lore_played[index]
            state.lore_played[index] = replace(played, paid=played.paid + extra)
        for found in effect(self.card, at, target):
            carry_out(state, seat, found, events)


def words_of(target: Target, field: Field) -> tuple[str, ...]:
    """The action's words for a target (at most 4, `actions.LORE_WORDS_MAX`): a section card
    (Sanctuary, Hold the Line) names its section only, the units in it follow from it."""
    if target.section is not None:
        return (target.section,)
    return tuple(target.text(field).split())


def _upper(words: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(w.upper() for w in words)


def _played_index(state: BattleLoreState, card: str, seat: int) -> int:
    for i in range(len(state.lore_played) - 1, -1, -1):
        if state.lore_played[i].card == card and state.lore_played[i].seat == seat:
            return i
    raise AssertionError(f"{card} was not played by seat {seat}")


def _emit(events: list[Event] | None, event: str, **data: object) -> None:
    if events is not None:
        events.append(Event(event, dict(data)))


def _hex_of(state: BattleLoreState, uid: int) -> str | None:
    unit = state.field.units[uid]
    return name(unit.hex) if unit is not None else None


def carry_out(state: BattleLoreState, seat: int, found: Effect, events: list[Event] | None) -> None:
    """One effect of a card (docs/battlelore.md, "Playing a card", step 4)."""
    sidestep = _hex_of(state, found.unit) if isinstance(found, RetreatNow) else None
    if on_field(state.field, found):
        moved_to = _hex_of(state, found.unit) if isinstance(found, RetreatNow) else None
        if sidestep is not None and moved_to is not None and moved_to != sidestep:  # RG03
            _emit(events, "sidestepped", player=seat, to=moved_to, **{"from": sidestep})
        return
    tokens = on_tokens(state.bank, found, tuple(state.lore_played))
    if tokens is not None:
        state.bank, played = tokens
        state.lore_played = list(played)
        return
    if lasting(found) or isinstance(found, (FewerOrders, DrawCommands)):
        state.lore_effects.append(found)
        battle = state.battle  # a BAT window: the battle declared takes the dice at once
        if isinstance(found, ExtraDice) and battle is not None and not battle.faces:
            melee = battle.kind == "melee"
            battle.dice += extra_dice((found,), battle.attacker, battle.side, melee=melee)
    elif isinstance(found, LoreDice):
        state.lore_rolls.append((seat, found))
    elif isinstance(found, FewerDice) and state.battle is not None:
        state.battle.dice = dice_after(state.battle.dice, (found,), found.unit)
    elif isinstance(found, CancelDice) and state.battle is not None:
        target = state.unit(state.battle.target)
        faces = cancel_faces(state.battle.faces, found, HELMET_OF[target.type.banner])  # type: ignore[arg-type]
        _emit(events, "dice-cancelled", player=seat, kept=list(faces))
        state.battle.faces = faces
    elif isinstance(found, StrikeFirst) and state.battle is not None:  # WR02
        striker, attacker = state.unit(found.unit), state.unit(found.attacker)
        _emit(
            events, "first-strike", player=seat, hex=name(striker.hex), attacker=name(attacker.hex)
        )
        strike_first(state, striker, attacker, events)
    elif isinstance(found, OrderAnywhere):  # BL-2.1: in place of the Command card
        state.orders = Orders(card=lore_card("WR06").id, need="any", count=found.count)
    else:
        raise AssertionError(f"{found} is not wired")


def orders_taken(state: BattleLoreState) -> int:
    """Misdirection (RG04): the orders the Command card loses (never below 1, BL-2.1)."""
    if state.orders is None or not state.orders.size:
        return 0
    return state.orders.size - orders_after(state.orders.size, in_force(state))


def schemes(state: BattleLoreState) -> bool:
    """Scheming (RG06): this turn's Command draw is 2 cards, 1 kept, as with Scout (BL-15.1;
    the two do not stack)."""
    return any(isinstance(found, DrawCommands) for found in in_force(state))


# -- the effects in a state's JSON --------------------------------------------------------------
_SETS = frozenset(("hits", "faces", "terrains"))


def effect_to_json(found: Effect | LoreDice) -> dict[str, Any]:
    data: dict[str, Any] = {"effect": type(found).__name__}
    for key in found.__slots__:
        value = getattr(found, key)
        data[key] = sorted(value) if key in _SETS else list(value) if key == "units" else value
    return data


def effect_from_json(data: dict[str, Any]) -> Effect:
    kind = getattr(lore_effects, str(data["effect"]))
    fields = {k: v for k, v in data.items() if k != "effect"}
    for key in _SETS & fields.keys():
        fields[key] = frozenset(fields[key])
    if "units" in fields:
        fields["units"] = tuple(fields["units"])
    return kind(**fields)  # type: ignore[no-any-return]


def register() -> None:
    """Fill the registry (every card but those not wired yet)."""
    for card in LORE_RULES:
        if card not in NOT_WIRED:
            LORE_EFFECTS[card] = CardPlay(card)


register()
