"""Set-up (section 3): the War Councils (the adventure's, the intro variant's, or custom ones
chosen in secret: BL-14.1, BL-14.6), the token pool and starting tokens, the Command hands
dealt as chance; the Lore part follows in `turn/lore_steps.py`."""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from bitva.core.events import Event
from bitva.core.rng import Rng
from bitva.games.battlelore.actions import Council
from bitva.games.battlelore.lore.council import (
    MAX_LEVEL,
    SEATS,
    check_custom_council,
    command_hand,
    intro_start,
    lore_start,
)
from bitva.games.battlelore.lore.economy import new_bank
from bitva.games.battlelore.turn.end import start_deals

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


def begin_setup(state: BattleLoreState, events: list[Event] | None) -> None:
    """Section 3 steps 2 and 4: the pool and each side's starting tokens (2.4, BL-14.1), then
    the Command hands (the side's `command_cards`, else its Commander, BL-14.2), South first."""
    static = state.static
    hands = []
    for i in (0, 1):
        given = static.command_cards[i]
        hands.append(given if given is not None else command_hand(state.councils[i]))
    if static.lore:
        if static.options.councils == "intro":
            starts = [intro_start().tokens + static.token_adjust[i] for i in (0, 1)]
        else:
            starts = [lore_start(state.councils[i], static.token_adjust[i]).tokens for i in (0, 1)]
        state.bank = new_bank(max(starts[0], 0), max(starts[1], 0), static.lore_pool)
    start_deals(state, [1] * hands[0] + [2] * hands[1], "setup", events)


def council_options(total: int) -> list[Council]:
    """BL-14.6, D-37: every council a side may choose: 1 to 3 levels on each seat it fills,
    `total` in all, the Commander included."""
    out = []
    for levels in product(range(MAX_LEVEL + 1), repeat=len(SEATS)):
        if sum(levels) != total:
            continue
        council: dict[str, int] = {seat: n for seat, n in zip(SEATS, levels, strict=True) if n}
        out.append(Council.of(council))
    return out


def legal_councils(state: BattleLoreState) -> list[Council]:
    seat = 1 if state.councils[0] == {} else 2
    total = state.static.options.custom_levels[seat - 1]
    return [a for a in council_options(total) if check_custom_council(a.seats, total) is None]


def choose_council(state: BattleLoreState, action: Council, events: list[Event] | None) -> None:
    """BL-14.6: each side assigns its levels in secret; both are revealed together."""
    seat = 1 if state.councils[0] == {} else 2
    state.councils[seat - 1] = action.seats
    if events is not None:
        events.append(
            Event(
                "council",
                {"player": seat},
                private={"council": " ".join(action.args)},
                private_to=seat,
            )
        )
    if seat == 2:
        if events is not None:
            events.append(
                Event("councils", {"south": state.councils[0], "north": state.councils[1]})
            )
        begin_setup(state, events)


def hidden_council(state: BattleLoreState, seat: int, rng: Rng) -> None:
    """Determinization: a council still secret from `seat` is drawn anew among the legal ones."""
    if state.phase != "council" or seat != 2 or not state.councils[0]:
        return
    options = council_options(state.static.options.custom_levels[0])
    state.councils[0] = options[rng.below(len(options))].seats
