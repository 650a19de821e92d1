"""What the BattleLore server adapter adds to a seat's view for the browser (issue 21 points 5
and 7): how many starting Lore cards the seat keeps and has still to choose (BL-14.3), what each
of its Lore cards really costs it (BL-13.5, BL-14.4), and a battle back's odds for both seats
(BL-7.1)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bitva.core.registry import get_game
from bitva.core.state import State
from bitva.games.battlelore.catalogue.load import load_catalogue
from bitva.server.games.battlelore import ADAPTER


def play_until(adventure: str, seed: int, decision: str, limit: int = 4000) -> State[Any]:
    """A game of `adventure` played at random (seeded) until `decision` is asked."""
    game = get_game("battlelore")
    state: State[Any] = game.new(game.options({"adventure": adventure}), seed)
    rng = random.Random(seed)
    for _ in range(limit):
        seat = state.current_player
        assert seat is not None, f"the game ended before a {decision} decision"
        if seat > 0 and state.decision == decision:
            return state
        state.apply(rng.choice(state.legal_actions()) if seat > 0 else state.sample_chance())
    raise AssertionError(f"no {decision} decision in {limit} steps")


def test_issue21_5_bl_14_3_the_view_says_how_many_lore_cards_to_keep_a02_2_a04_3() -> None:
    for adventure, keep in (("A02", 2), ("A04", 3)):
        state = play_until(adventure, 1, "keep-lore")
        seat = state.current_player
        assert seat == 1  # South keeps first
        view = ADAPTER.view(state, seat)
        assert view["keep_lore"] == {"keep": keep, "left": keep}
        state.apply(state.legal_actions()[0])
        assert ADAPTER.view(state, 1)["keep_lore"] == {"keep": keep, "left": keep - 1}


def test_issue21_5_bl_14_4_each_lore_card_costs_3_more_without_its_master() -> None:
    """Counted apart from the engine: the printed cost, 3 more when no school of the card has a
    master in the seat's council ("?" and "?+3" where the effect sets the cost)."""
    lore = load_catalogue().lore
    surcharged = 0
    for seed in range(1, 6):
        state = play_until("A02", seed, "keep-lore")
        view = ADAPTER.view(state, 1)
        council = view["sides"]["1"]["council"]
        dealt = view["sides"]["1"]["lore_drawn"]
        assert sorted(view["lore_costs"]) == sorted(set(dealt))
        for card in dealt:
            mastered = any(council.get(school, 0) > 0 for school in lore[card].schools)
            printed = lore[card].cost
            want = (
                ("?" if printed is None else str(printed))
                if mastered
                else ("?+3" if printed is None else str(printed + 3))
            )
            assert view["lore_costs"][card] == want, (card, council)
            surcharged += not mastered
        assert "lore_costs" not in ADAPTER.view(state, None)  # a spectator holds no cards
    assert surcharged, "no card of a school missing from South's council in 5 deals"


def test_issue21_7_bl_7_1_a_battle_back_has_its_odds_in_both_seats_views() -> None:
    state = play_until("A02", 0, "battle-back")
    battle = ADAPTER.view(state, state.current_player)["battle"]
    for seat in (1, 2):
        odds = ADAPTER.view(state, seat)["odds"]
        assert [(o["attacker"], o["target"]) for o in odds] == [
            (battle["target"], battle["attacker"])
        ]


def test_issue21_7_a_refusal_names_cards_not_ids(tmp_path: Path) -> None:
    """A card played that is not in the hand is refused in the card's printed name: no id such
    as SCOUT_L reaches the browser (BL-2.1)."""
    from tests.server.helpers import auth, friend_game, make_client, read

    with make_client(tmp_path / "games.db") as client:
        game = friend_game(client, "battlelore")
        game_id, token = game.id, game.tokens[1]
        held = {action.split()[1] for action in read(client, game_id, token)["legal_actions"]}
        missing = next(c for c in ("SCOUT_L", "SCOUT_C", "SCOUT_R", "PATROL_L") if c not in held)
        response = client.post(
            f"/api/games/{game_id}/actions",
            headers=auth(token),
            json={"action": f"play {missing}"},
        )
        assert response.status_code == 409, response.text
        error = response.json()["error"]
        title = load_catalogue().commands[missing].name
        assert error == f"{title} is not in your hand", error
