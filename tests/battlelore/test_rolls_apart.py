"""Issue 21.4: each roll of a battle under its own header. A goblin's panic roll (BL-10.3) came
after the attack's roll and replaced it in the view, so the terminal showed the panic dice
under "Attack:" as if the attack had rolled them. The view keeps the attack's faces apart from
a later special roll (`attack_faces`, and `rolled`: what the current faces are)."""

from __future__ import annotations

from bitva.cli.games.battlelore_board import battle_lines
from bitva.games.battlelore.battle.current import Battle
from bitva.games.battlelore.position.battle import battle_table, read_battle
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import play, scene, texts


def panicked() -> BattleLoreState:
    """Footmen F4 attack goblins F5 and roll G R F; the goblins flee 2 hexes and panic (BL-10.2,
    BL-10.3): 2 panic dice, G B; Footmen may take ground."""
    state = scene(
        ("h_bf_sword", "F4", 1), ("g_bf_sword", "F5", 2), ("h_bf_sword", "A9", 2), phase="battle"
    )
    play(state, "battle F4 F5", "roll G R F", "retreat F6", "retreat F7")
    assert state.battle is not None and state.battle.special == "panic"
    play(state, "roll G B")
    assert state.decision == "take-ground" and texts(state) == ["take-ground", "pass"]
    return state


def test_bl_10_3_the_panic_roll_does_not_replace_the_attacks_roll_in_the_view() -> None:
    battle = panicked().view(1)["battle"]
    assert battle["attack_faces"] == ["G", "R", "F"]
    assert battle["faces"] == ["G", "B"] and battle["rolled"] == "panic"


def test_bl_10_3_the_terminal_shows_each_roll_under_its_own_header() -> None:
    lines = [line.plain for line in battle_lines(panicked().view(1))]
    assert len(lines) == 2 and lines[0].startswith("Attack: ")  # one line: 80x24 has no room
    attack, panic = lines[1].split("·")
    assert attack.split() == ["Rolled:", "G", "R", "F"]
    assert panic.split() == ["Panic", "roll:", "G", "B"]


def test_bl_10_3_the_rolls_kept_apart_survive_saves_and_positions() -> None:
    battle = panicked().battle
    assert battle is not None
    assert Battle.from_json(battle.to_json()) == battle
    assert read_battle(battle_table(battle)) == battle
