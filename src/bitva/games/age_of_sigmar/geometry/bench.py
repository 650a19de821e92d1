"""Timing the geometry on setup 2 (issue 22: "the time of one ``check`` of a 20-model unit move").

Run ``python -m bitva.games.age_of_sigmar.geometry.bench``; it prints one line per measurement
(best of five repeats). A command, not a test: the times depend on the machine.
"""

from __future__ import annotations

import timeit
from collections.abc import Callable

from bitva.games.age_of_sigmar.battle import builtin_battle
from bitva.games.age_of_sigmar.geometry.coherency import is_coherent
from bitva.games.age_of_sigmar.geometry.measure import Circle, Point, unit_to_unit
from bitva.games.age_of_sigmar.geometry.paths import check_unit_move
from bitva.games.age_of_sigmar.geometry.pile_in import plan_pile_in
from bitva.games.age_of_sigmar.geometry.sight import sees, units_see


def best(fn: Callable[[], object], number: int) -> float:
    """Seconds per call, the best of five repeats."""
    return min(timeit.repeat(fn, number=number, repeat=5)) / number


def measurements() -> list[tuple[str, float]]:
    battle = builtin_battle("scenery_and_sorcery")
    board = battle.board
    b2 = battle.unit("B2").circles()
    friends = [c for u in battle.army("B") if u.id != "B2" for c in u.circles()]
    enemies = [c for u in battle.army("A") for c in u.circles()]
    moves: list[tuple[int, list[Point]]] = [
        (i, [(c.x, c.y), (c.x + 0.5, c.y - 2.0), (c.x + 0.5, c.y - 4.0)]) for i, c in enumerate(b2)
    ]

    def check() -> object:
        return check_unit_move(
            b2, moves, allowance=6, board=board, friends=friends, enemies=enemies
        )

    if check() is not None:
        raise AssertionError("the benchmark move must be legal")
    a3 = battle.unit("A3").circles()
    judicator, hidden = Circle(36, 20, a3[0].r), Circle(36, 36, b2[0].r)
    close = [Circle(c.x, c.y - 25.0, c.r) for c in b2[:10]]  # front rank 1-4" from A2's line
    a2 = battle.unit("A2").circles()
    return [
        ("check_unit_move: 20 Bloodreavers, 2 segments each, 4 inches", best(check, 50)),
        (
            "units_see: 5 Judicators -> 20 Bloodreavers",
            best(lambda: units_see(a3, b2, board.features), 200),
        ),
        (
            "sees: blocked by the Obelisk (all 81 lines)",
            best(lambda: sees(judicator, hidden, board.features), 50),
        ),
        ("unit_to_unit: 20 x 5 models", best(lambda: unit_to_unit(b2, a3), 500)),
        ("is_coherent: 20 models", best(lambda: is_coherent(b2), 500)),
        (
            "plan_pile_in: 10 models towards 5",
            best(lambda: plan_pile_in(close, board=board, enemies=a2), 5),
        ),
    ]


def main() -> None:
    for label, seconds in measurements():
        print(f"{label:<62} {seconds * 1e3:8.3f} ms")


if __name__ == "__main__":
    main()
