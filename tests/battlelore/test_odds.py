"""The odds a player sees before an attack (issue 11 point 5;
`bitva.games.battlelore.analysis.odds`):
every attack the rules allow now has them, with the very dice the game then rolls (the Command
card's and the Lore cards' included, BL-4.4), and a battle back has its own (BL-7.1), in the
terminal's list and the browser's view."""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import bitva
from bitva.cli.games.battlelore import ADAPTER
from bitva.core.registry import get_game
from bitva.games.battlelore.analysis.odds import attack_odds, declared_odds
from bitva.server.games.battlelore import ADAPTER as SERVER

GAME = get_game("battlelore")


def positions(adventure: str, seed: int, decisions: tuple[str, ...]) -> Iterator[Any]:
    """The states of one seeded random game at `decisions`, in order."""
    rng = random.Random(seed)
    state = GAME.new({"adventure": adventure}, seed=seed)
    while state.outcome is None:
        if state.is_chance:
            outcomes = state.chance_outcomes()
            weights = [float(p) for _, p in outcomes]
            state.apply(rng.choices([a for a, _ in outcomes], weights)[0])
            continue
        if state.decision in decisions:
            yield state
        state.apply(rng.choice(state.legal_actions()))


def test_bl_4_4_every_legal_attack_has_odds_with_the_dice_the_game_rolls() -> None:
    """For each legal `battle A B`, the entry's dice are the dice the declared battle holds
    (base dice capped by terrain, plus the Command card's and the Lore cards'), whatever a
    played card allowed (Forward March: a unit that moved further still battles)."""
    checked = 0
    for adventure, seed in (("A01", 1), ("A02", 2), ("A04", 3)):
        for state in positions(adventure, seed, ("battle", "bonus")):
            battles = [a for a in state.legal_actions() if str(a).startswith("battle ")]
            odds = {(o["attacker"], o["target"]): o for o in attack_odds(state)}
            assert len(odds) == len(battles)
            for action in battles:
                _, attacker, target = str(action).split()
                entry = odds[(attacker, target)]
                declared = state.clone()
                declared.apply(action)
                assert declared.battle is not None
                assert entry["dice"] == declared.battle.dice, (adventure, str(action))
                assert entry["kind"] == declared.battle.kind
                assert 0 <= entry["p_eliminated"] <= 1 and 0 <= entry["hit_chance"] <= 1
                checked += 1
    assert checked > 30


def test_bl_7_1_a_battle_back_has_its_odds_in_the_terminal_and_the_browser() -> None:
    for state in positions("A01", 4, ("battle-back",)):
        battle = state.view(state.current_player)["battle"]
        (entry,) = attack_odds(state)
        assert (entry["attacker"], entry["target"]) == (battle["target"], battle["attacker"])
        assert entry["kind"] == "melee"
        label = ADAPTER.action_label(state, state.parse_action("battle-back"))
        assert label.startswith("battle back: ") and "eliminates" in label
        assert SERVER.view(state, state.current_player)["odds"] == [entry]
        other = 3 - state.current_player
        # the battle back's odds are public (the board and the cards played): both seats see them
        assert SERVER.view(state, other)["odds"] == [entry]
        return
    raise AssertionError("no battle back in the game")


def test_bl_13_3_an_attack_waiting_for_its_roll_shows_its_odds_to_both_sides() -> None:
    """In the reaction windows between an attack's declaration and its roll (D-43), both seats
    see its odds with the dice it holds (public: the board and the cards played)."""
    for seed in range(2, 8):
        for state in positions("A02", seed, ("react",)):
            battle = state.view(None).get("battle")
            if not battle or battle["faces"] or battle["special"]:
                continue
            (entry,) = declared_odds(state)
            assert (entry["attacker"], entry["target"]) == (battle["attacker"], battle["target"])
            assert entry["dice"] == battle["dice"] and entry["kind"] == battle["kind"]
            for seat in (1, 2, None):
                assert SERVER.view(state, seat)["odds"] == [entry]
            assert (battle["attacker"], battle["target"]) in ADAPTER.odds(state)
            return
    raise AssertionError("no reaction window before a roll in the games")


def test_the_game_and_the_server_import_nothing_from_the_terminal() -> None:
    """The odds live in the game package, so that the server never imports the terminal's
    package (and its `rich`): no BattleLore game or server module names `bitva.cli`."""
    root = Path(bitva.__file__).parent
    modules = [*(root / "games" / "battlelore").rglob("*.py"), root / "server/games/battlelore.py"]
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.startswith("bitva.cli") for n in names), path.name
    assert len(modules) > 40
