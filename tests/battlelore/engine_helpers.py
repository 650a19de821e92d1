"""Small BattleLore games for the engine's tests: a state at a chosen decision point with only
the units a test names (rules section 7 conventions), hands given, the deck the rest."""

from __future__ import annotations

from bitva.core.rng import Rng
from bitva.games.battlelore.field.board import HEX_COUNT
from bitva.games.battlelore.field.model import Landmark, Terrain
from bitva.games.battlelore.lore.economy import LoreBank
from bitva.games.battlelore.options import BattleLoreOptions
from bitva.games.battlelore.state import BattleLoreState
from bitva.games.battlelore.static import Static
from bitva.games.battlelore.turn.command import DECK, Orders
from tests.battlelore.rules_fixtures import make_field

ANY_FOUR = Orders("TEST", need="any", count=4)


def scene(
    *units: tuple[str, str, int] | tuple[str, str, int, int],
    terrain: dict[str, Terrain] | None = None,
    landmarks: dict[str, Landmark] | None = None,
    lore: bool = False,
    active: int = 1,
    phase: str = "battle",
    ordered: tuple[str, ...] | None = None,
    orders: Orders | None = ANY_FOUR,
    hands: tuple[list[str], list[str]] = ([], []),
    banners: int = 4,
    pool: int = 40,
    goblets: tuple[int, int] = (0, 0),
) -> BattleLoreState:
    """A state at `phase` of `active`'s turn. Units are (type, hex, side[, figures]); those on
    the `ordered` hexes (default: every unit of the active side) are ordered by `orders`."""
    field = make_field(*units, terrain=terrain, landmarks=landmarks, lore=lore)
    types = {u.type.id: u.type for u in field.alive()}
    static = Static(
        BattleLoreOptions(),
        "T",
        "test",
        lore,
        active,
        banners,
        field.terrain,
        field.landmarks,
        tuple((u.type, u.side, u.hex) for u in field.alive()),
        (len(hands[0]), len(hands[1])),
        types,
    )
    state = BattleLoreState(static, Rng(0))
    state.field = field
    chosen = {u.uid for u in field.alive(active)} if ordered is None else set()
    for unit in field.alive():
        from bitva.games.battlelore.field.board import name

        if ordered is not None and name(unit.hex) in ordered:
            chosen.add(unit.uid)
        unit.ordered = unit.uid in chosen
    state.ordered = sorted(chosen)
    state.orders = orders
    state.active = active
    state.phase = phase
    if lore:  # section 7: the pool holds at least 20 tokens
        state.bank = LoreBank(pool, goblets)
    state.hands = {1: list(hands[0]), 2: list(hands[1])}
    deck = dict(DECK)
    for card in hands[0] + hands[1]:
        deck[card] -= 1
    state.deck = {c: n for c, n in deck.items() if n}
    assert len(field.terrain) == HEX_COUNT
    return state


def play(state: BattleLoreState, *actions: str) -> BattleLoreState:
    for action in actions:
        state.apply(action)
    return state


def figures(state: BattleLoreState, hex_name: str) -> int | None:
    from bitva.games.battlelore.field.board import hex_of

    unit = state.field.unit_at(hex_of(hex_name))
    return None if unit is None else unit.figures


def texts(state: BattleLoreState) -> list[str]:
    return [str(a) for a in state.legal_actions()]
