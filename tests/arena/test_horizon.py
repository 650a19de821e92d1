"""A game whose agents never finish it is stopped at the game's horizon (`max_game_length`), not
played for ever: `simulate` and `tournament` count it as a stopped draw and say so. The test
game's horizon is cut to a few steps so that no game can end by its rules first."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from bitva.arena import simulation
from bitva.arena.standings import summarize
from bitva.arena.tournament import Tournament, run_tournament
from bitva.cli.main import app
from bitva.core.record import verify
from bitva.store.db import make_engine
from bitva.store.tournaments import STOPPED, TournamentStore
from tests.games.dice_cards import DiceCards

HORIZON = 6
runner = CliRunner()


@pytest.fixture
def short_horizon(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(DiceCards, "max_game_length", lambda self, options=None: HORIZON)


def test_a_game_past_its_horizon_is_stopped_with_no_outcome(short_horizon: None) -> None:
    record, moves = simulation.play_timed("dice-cards", {}, 1, 0, {1: "random", 2: "random"})
    assert simulation.stopped(record) and record.outcome is None
    # the last action may bring chance outcomes with it, never another decision
    assert HORIZON <= len(record.actions) < HORIZON + 8
    assert sum(count for count, _, _ in moves.values()) <= HORIZON
    verify(record)  # every step legal: the record is a true, unfinished game


def test_a_game_that_ends_is_not_stopped() -> None:
    record, _ = simulation.play_timed("dice-cards", {}, 1, 0, {1: "random", 2: "random"})
    assert not simulation.stopped(record) and record.outcome is not None


def test_a_tournament_stores_a_stopped_game_as_a_draw(short_horizon: None) -> None:
    spec = Tournament.create("dice-cards", {}, ["random", "ismcts:evaluations=20"], 4, 3)
    games = run_tournament(spec, TournamentStore(make_engine("sqlite://")))
    assert len(games) == 4 and {game.result for game in games} == {STOPPED}
    for game in games:
        assert game.returns == (0.0, 0.0) and game.winners == ()
        assert {game.seat_result(seat) for seat in (1, 2)} == {"draw"}
    summary = summarize(spec.agents, games, resamples=50)
    assert [(s.wins, s.draws, s.losses) for s in summary.standings] == [(0, 4, 0), (0, 4, 0)]


def test_the_commands_say_which_games_were_stopped(short_horizon: None) -> None:
    env = {"COLUMNS": "160"}
    simulate = runner.invoke(app, ["simulate", "dice-cards", "-n", "3", "--json"], env=env)
    assert simulate.exit_code == 0, simulate.output
    data = json.loads(simulate.stdout)
    assert data["stopped"] == 3 and data["draws"] == 3 and sum(data["wins"].values()) == 0
    table = runner.invoke(app, ["simulate", "dice-cards", "-n", "2"], env=env)
    assert "stopped at the game's horizon" in table.stdout
    tournament = runner.invoke(
        app,
        ["tournament", "dice-cards", "--agents", "random,easy", "-n", "2", "--workers", "1"],
        env=env,
    )
    assert tournament.exit_code == 0, tournament.output
    said = " ".join(tournament.output.split())
    assert "2 games were stopped at the game's horizon with no winner and count as draws:" in said
    assert "easy v random (game 0); random v easy (game 1)" in said
