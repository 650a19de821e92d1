"""Issue 21 leftover of point 7: an engine's refusal sent to the browser names cards as players
read them, never by id: Sniper Elite's "THROWN_STONE" is "Thrown Stone" (SE-6.8), Lords of
War's "Dwarf Impaler#4" is "Dwarf Impaler" (LW-6.1); BattleLore's "PATROL_C" was done before
(`server/games/battlelore.card_names`). The ids stay in the server's log and the records."""

from __future__ import annotations

from pathlib import Path

from bitva.server.games import adapter_for
from tests.server.helpers import auth, friend_game, make_client, read


def test_issue21_se_6_8_a_refusal_names_the_card_not_its_id() -> None:
    words = adapter_for("sniper-elite").player_words
    assert words("THROWN_STONE is not among your equipment") == (
        "Thrown Stone is not among your equipment"
    )
    assert words("use FIELD_DRESSING 2 is not legal now") == "use Field Dressing 2 is not legal now"
    assert words("R1 is not in line of sight") == "R1 is not in line of sight"  # a defender's label


def test_issue21_lw_6_1_a_refusal_names_the_card_without_its_variant_number() -> None:
    words = adapter_for("lords-of-war").player_words
    assert words("player 1 has no card 'Dwarf Impaler#4'") == "player 1 has no card 'Dwarf Impaler'"
    assert words("Orc Deathbringer#1 is not in your hand") == "Orc Deathbringer is not in your hand"


def test_issue21_lw_6_1_the_server_answers_a_refused_placement_by_name(tmp_path: Path) -> None:
    with make_client(tmp_path / "db.sqlite") as client:
        game = friend_game(client, "lords-of-war")
        version = read(client, game.id)["game"]["version"]
        response = client.post(
            f"/api/games/{game.id}/actions",
            headers=auth(game.tokens[1]),
            json={"action": "Dwarf Impaler#4@d3", "version": version},
        )
    assert response.status_code == 409
    assert response.json() == {"error": "player 1 has no card 'Dwarf Impaler'", "rule": "LW-6.1"}
