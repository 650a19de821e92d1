"""Setting up in the terminal and the browser's view (AOS-3.1 to AOS-3.7): the typed command
``A1 at X Y`` (a formation centred on the point, checked by the engine), the questions of the
set-up steps, the log's words for every set-up event, and the server's choices at each step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bitva.cli.games.age_of_sigmar_commands import question, read_command
from bitva.cli.games.age_of_sigmar_words import describe_event
from bitva.core.rng import Rng
from bitva.games.age_of_sigmar.battle.position import read_position
from bitva.games.age_of_sigmar.battle.set_up_actions import Deploy
from bitva.games.age_of_sigmar.game import GAME
from bitva.server.games.age_of_sigmar import ADAPTER

EXAMPLE = (
    Path(__file__).resolve().parents[2]
    / "src/bitva/games/age_of_sigmar/content/battles/open_deployment.toml"
)


def at_set_up() -> Any:
    """The example after its landscape rolls and roll-off: B (the winner) to set up first."""
    state = GAME.new({"battle": str(EXAMPLE)}, 1)
    for text in ("dice landscape 3", "dice landscape 4", "roll-off 2 5", "territory low"):
        state.play(state.parse_action(text))
    assert state.rt.step == "deploy" and state.current_player == 2
    return state


def test_aos_3_2_typed_set_up_in_formation_at_a_point() -> None:
    state = at_set_up()
    assert "B sets up a unit: 'B1 at X Y'" in question(state)
    reply = read_command(state, "b1 at 24 40")
    assert isinstance(reply.action, Deploy) and reply.refusal is None
    assert len(reply.action.points) == 10 and state.check(reply.action) is None
    state.play(reply.action)
    too_close = read_command(state, "A1 at 24 12")
    assert too_close.action is None and too_close.refusal is not None
    assert too_close.refusal.endswith("(AOS-3.2)") and "not more than 12" in too_close.refusal
    assert read_command(state, "deploy A2 at 24,6").action is not None
    assert read_command(state, "Z1 at 2 2").refusal == "there is no unit Z1 (AOS-1.2)"


def test_aos_3_set_up_events_are_told_in_words() -> None:
    state = GAME.new({"battle": str(EXAMPLE)}, 2)
    rng = Rng(2)
    lines = []
    while state.rt.phase == "set-up" and state.outcome is None:
        if state.is_chance:
            action = state.sample_chance(rng)
        else:
            assert question(state)
            action = rng.choice(state.candidate_actions(rng, 16))
        for event in state.play(action):
            line = describe_event({"kind": event.kind, **event.data}, {})
            assert line, event
            lines.append(line)
    text = "\n".join(lines)
    assert "Roll-off for the territory" in text and "(AOS-3.2)" in text
    assert "general (AOS-3.5)" in text and "rolls" in text


def test_aos_3_browser_choices_at_every_set_up_step_pass_check() -> None:
    state = GAME.new({"battle": str(EXAMPLE)}, 5)
    rng = Rng(5)
    seen = set()
    while state.rt.phase == "set-up" and state.outcome is None:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        view = ADAPTER.view(state, state.current_player)
        assert view["choices"], state.rt.step
        assert all(state.check(state.parse_action(c)) is None for c in view["choices"])
        assert ADAPTER.view(state, 3 - state.current_player)["choices"] == []
        seen.add(state.rt.step)
        state.apply(rng.choice(state.candidate_actions(rng, 16)))
    assert {"territory", "deploy", "general"} <= seen


def test_aos_3_2_a_battle_file_without_positions_is_set_up_by_the_players() -> None:
    text = EXAMPLE.read_text().replace('[deployment]\nmode = "players"\n', "")
    state = read_position(GAME, text)
    assert state.battle.players_set_up and state.rt.step == "landscape-roll"
