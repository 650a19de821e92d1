"""The state machine against the independent oracle (tests/battlelore/oracle.py) on the random
positions of `test_oracle.py`: a position read as a game state (`GAME.read_position`) must offer
exactly the oracle's moves at the move step and the oracle's battles at the battle step, and
playing each battle's roll through the game's own decision points - every chance outcome
weighed, the target's owner choosing the flags it ignores and each retreat step to keep its
unit alive, the attacker using no creature ability - must eliminate the target with exactly the
oracle's probability. Battle back and follow-ons are left out, as in the analysis."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bitva.core.errors import NotSupported
from bitva.games.battlelore.actions import Battle, BattleLoreAction
from bitva.games.battlelore.field.board import name
from bitva.games.battlelore.game import GAME
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.oracle import oracle_analyse
from tests.battlelore.test_oracle import random_position

DEFAULT_POSITIONS = 40
SLOW_POSITIONS = 600
ROLL_DECISIONS = ("roll", "flags", "retreat", "spider", "store")


def state_of(seed: int) -> BattleLoreState:
    try:
        return GAME.read_position(random_position(seed), f"random-{seed}.toml")
    except NotSupported:
        pytest.skip("the game reads no position files yet")


def after(state: BattleLoreState, action: BattleLoreAction) -> BattleLoreState:
    child = state.clone()
    child.apply_unchecked(action)
    return child


def eliminated_by_the_roll(state: BattleLoreState, target: int) -> Fraction:
    """The chance that the battle declared in `state` eliminates unit `target` by its roll
    alone: chance weighed, the target's owner minimising, the attacker declining abilities."""
    if state.field.units[target] is None:
        return Fraction(1)
    battle = state.battle
    if state.outcome is not None or battle is None or battle.back:
        return Fraction(0)
    if state.phase not in ROLL_DECISIONS:
        return Fraction(0)
    if state.phase == "roll":
        return sum(
            (
                p * eliminated_by_the_roll(after(state, a), target)
                for a, p in state.chance_outcomes()
            ),
            Fraction(0),
        )
    actions = state.legal_actions()
    if state.phase in ("spider", "store"):  # no ability, nothing stored (issue 11)
        declined = [a for a in actions if a.verb == "pass" or a.args == ("0",)]
        return eliminated_by_the_roll(after(state, declined[0]), target)
    return min(eliminated_by_the_roll(after(state, a), target) for a in actions)


def check(seed: int) -> None:
    state = state_of(seed)
    oracle = oracle_analyse(state.field, state.active, state.phase)
    actions = state.legal_actions()
    where = f"seed {seed}:\n{random_position(seed)}"
    if state.phase == "move":
        moves: dict[str, list[str]] = {}
        for act in actions:
            if act.verb == "move":
                moves.setdefault(act.args[0], []).append(act.args[1])
        expected = {unit: ends for unit, ends in oracle["moves"].items() if ends}
        assert {u: sorted(e) for u, e in moves.items()} == expected, where
        return
    pairs = sorted(act.args for act in actions if act.verb == "battle")
    assert pairs == [(b["attacker"], b["target"]) for b in oracle["battles"]], where
    for battle in oracle["battles"]:
        declared = after(state, Battle(battle["attacker"], battle["target"]))
        assert declared.battle is not None and declared.battle.dice == battle["dice"], where
        target = declared.battle.target
        got = eliminated_by_the_roll(declared, target)
        pair = f"{battle['attacker']}->{battle['target']}"
        assert got == battle["p_eliminated"], (
            f"{pair}: game {got} oracle {battle['p_eliminated']}\n{where}"
        )
        assert name(declared.unit(target).hex) == battle["target"]


@pytest.mark.parametrize("block", range(DEFAULT_POSITIONS // 20))
def test_the_game_offers_and_resolves_what_the_oracle_says(block: int) -> None:
    for seed in range(block * 20, block * 20 + 20):
        check(seed)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(SLOW_POSITIONS // 50))
def test_the_game_agrees_with_the_oracle_on_many_positions(block: int) -> None:
    for seed in range(20_000 + block * 50, 20_000 + block * 50 + 50):
        check(seed)
