"""The melee reach of BattleLore's evaluation with the terrain in the way (`ai/reach.py`,
docs/ai.md "Paths in the threat"): a unit's next-turn attack counts only on enemies it could
reach by a legal move that still lets it battle (BL-3.2 to BL-3.4, BL-9.1)."""

from __future__ import annotations

from typing import Any

from bitva.games.battlelore.ai.heuristics import DEFAULT, Attacks
from bitva.games.battlelore.ai.reach import may_strike
from bitva.games.battlelore.field.board import HEX_COUNT, hex_of, name
from bitva.games.battlelore.field.model import Landmark, Terrain
from tests.battlelore.engine_helpers import scene

ROW_4 = [name(h) for h in range(HEX_COUNT) if name(h)[1:] == "4"]


def _strikes(
    start: str,
    target: str,
    steps: int,
    terrain: dict[str, Terrain] | None = None,
    landmarks: dict[str, Landmark] | None = None,
) -> bool:
    units = (("h_bf_sword", start, 1), ("h_bf_sword", target, 2))
    state = scene(*units, terrain=terrain, landmarks=landmarks)
    return may_strike(state.field, hex_of(start), hex_of(target), steps)


def test_bl_3_2_a_unit_strikes_what_its_move_brings_it_next_to() -> None:
    """On open ground a move of one hex brings a unit next to an enemy two hexes away, not
    three; without a move only its neighbours."""
    assert _strikes("F3", "F5", 1)
    assert not _strikes("F3", "F6", 1)
    assert _strikes("F3", "F6", 2)
    assert _strikes("F4", "F5", 0)
    assert not _strikes("F3", "F5", 0)


def test_bl_3_3_a_river_keeps_the_enemy_across_it_out_of_reach() -> None:
    """A river along row 4 (impassable, BL-3.3): two hexes away across it is out of reach of
    a one-hex move; a ford in it lets the unit through only to stop there (BL-3.4)."""
    river: dict[str, Terrain] = {hex_: "river" for hex_ in ROW_4}
    assert not _strikes("F3", "F5", 1, terrain=river)
    assert not _strikes("F3", "F6", 3, terrain=river)
    ford: dict[str, Terrain] = {**river, "F4": "ford"}
    assert _strikes("F3", "F5", 1, terrain=ford)
    assert not _strikes("F3", "F6", 3, terrain=ford)  # the ford ends the move


def test_bl_3_4_a_forest_ends_the_move_that_enters_it() -> None:
    """Every hex of row 4 a forest: a unit strikes what is next to the forest hex it enters,
    no farther."""
    forest: dict[str, Terrain] = {hex_: "forest" for hex_ in ROW_4}
    assert _strikes("F3", "F5", 2, terrain=forest)
    assert not _strikes("F3", "F6", 2, terrain=forest)
    assert _strikes("F3", "F6", 2)


def test_bl_9_1_a_unit_that_enters_a_landmark_may_not_battle() -> None:
    """A landmark on the only way through: entering it stops the move, and the unit that
    entered it may not battle, so the enemy beyond is out of reach."""
    river: dict[str, Terrain] = {hex_: "river" for hex_ in ROW_4 if hex_ != "F4"}
    assert _strikes("F3", "F5", 1, terrain=river)
    assert not _strikes("F3", "F5", 1, terrain=river, landmarks={"F4": "fortification"})


def test_issue_21_3_the_threat_counts_no_attack_across_a_river() -> None:
    """The evaluation's next-turn threat (`best_from_here`) of a North sword across a river
    from a South one is nothing with `paths`, an attack without."""
    river: dict[str, Terrain] = {hex_: "river" for hex_ in ROW_4}
    state = scene(("h_bf_sword", "F3", 1), ("h_bf_sword", "F5", 2), terrain=river)
    field = state.field
    north, south = field.alive(2)[0], field.alive(1)
    steps = north.type.move_battle
    flat = Attacks(field, DEFAULT.damage, paths=False).best_from_here(north, south, steps)
    walked = Attacks(field, DEFAULT.damage, paths=True).best_from_here(north, south, steps)
    assert flat > 0.0
    assert walked == 0.0


def test_the_table_built_in_one_walk_a_hex_equals_a_walk_per_move_length() -> None:
    """`_build` walks once from each hex and reads every move length off the steps each end
    took; on every shipped adventure's battlefield it gives the table of one walk per length
    (`_ends`, the rule as written)."""
    from bitva.core.record import Match
    from bitva.games.battlelore.ai.reach import MAX_STEPS, _build, _ends
    from bitva.games.battlelore.field.board import NEIGHBOURS

    for adventure in ("A01", "A02", "A03", "A04"):
        state: Any = Match("battlelore", {"adventure": adventure}, 1).state
        field = state.field
        table = _build(field)
        for steps in range(MAX_STEPS + 1):
            for start in range(HEX_COUNT):
                mask = 0
                for end in _ends(field, start, steps):
                    for target in NEIGHBOURS[end]:
                        mask |= 1 << target
                assert table[steps][start] == mask, (adventure, steps, name(start))
