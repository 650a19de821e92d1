"""BL-11.5 with D-25: a creature trampled by a retreating creature loses figures it cannot
lose as wounds: each becomes a critical-risk die, and if it dies its hex opens and the retreat
goes on (D-23). The oracle (tests/battlelore/oracle.py) and the analysis count it so; the state
machine skips a trampled creature (`battle/creature_steps.creature_blocked`: "the only
creature is the spider itself", but each side may field one). Found by the slow oracle test on
random position 20324; kept here as a strict xfail until the game rolls those dice."""

from __future__ import annotations

import pytest

from bitva.games.battlelore.actions import Battle
from tests.battlelore.test_oracle_state import after, state_of


@pytest.mark.xfail(
    strict=True, reason="BL-11.5/D-25: a trampled creature gets no risk dice yet (issue 21 note)"
)
def test_bl_11_5_d_25_a_creature_in_the_way_is_trampled_too() -> None:
    # South's spider on K5 is attacked by North's spear on J5; two flags: it ignores one and
    # retreats 2 hexes (K4, then K3 or L3: North's webbed spider and North's riders)
    state = after(state_of(20324), Battle("J5", "K5"))
    (two_flags,) = [a for a, _ in state.chance_outcomes() if str(a) == "roll F F"]
    events = state.apply(two_flags)
    trampled = {e.data["hex"] for e in events if e.kind == "trampled"}
    assert trampled == {"K3", "L3"}
