"""Issue 24, point 1: a game's own commands come from its terminal adapter
(`TerminalAdapter.commands`), which the command line mounts for every game its adapters' lookup
finds; the command line itself names no game (`bitva calc aos` is Age of Sigmar's adapter's)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType

import pytest
import typer

from bitva.cli import main
from bitva.cli.games import adapter_for, game_adapters
from bitva.cli.games.generic import GENERIC, GenericAdapter
from tests.cli.helpers import run


def commands_of(app: typer.Typer) -> set[str]:
    return {info.name or "" for info in app.registered_commands}


def test_calc_aos_is_brought_by_the_age_of_sigmar_adapter() -> None:
    """CALC-1..13, CALC-12's benchmark and the reach analysis (issue 22) are Age of Sigmar's
    commands, under `bitva calc`."""
    adapter = adapter_for("age-of-sigmar")
    assert adapter is not GENERIC
    assert commands_of(adapter.commands["calc"]) == {"aos", "aos-bench", "aos-reach"}
    assert adapter in game_adapters()
    listed = run("calc", "--help")
    assert listed.exit_code == 0
    assert "aos-bench" in listed.output and "Exact combat calculators" in listed.output
    assert "calc" in run("--help").output


def test_games_without_commands_add_none() -> None:
    assert GENERIC.commands == {}
    assert adapter_for("dice-cards") is GENERIC  # the test game has no adapter in bitva
    assert GENERIC not in game_adapters()


coins = typer.Typer(help="Coin calculators.")


@coins.command("coin")
def coin(flips: int = 2) -> None:
    """Chance of all heads."""
    typer.echo(f"all heads: 1/{2**flips}")


@coins.command("play")
def not_play() -> None:
    """A game's command named like a shared one lives in its own group only."""
    typer.echo("the game's own play")


class CoinAdapter(GenericAdapter):
    commands: Mapping[str, typer.Typer] = MappingProxyType(
        {"calc": coins, "coins": coins, "play": coins}
    )


@pytest.fixture
def coin_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """One more game adapter with commands, beside every real one."""
    real = game_adapters()
    monkeypatch.setattr(main, "game_adapters", lambda: [*real, CoinAdapter()])
    main.game_groups.cache_clear()
    yield
    main.game_groups.cache_clear()


@pytest.mark.usefixtures("coin_game")
def test_a_game_adapter_brings_commands_that_join_a_shared_group() -> None:
    """Two games' commands under one group name make one group: `bitva calc coin` beside
    `bitva calc aos`; a group of its own appears in the help."""
    assert run("calc", "coin", "--flips", "3").output.strip() == "all heads: 1/8"
    calc_help = run("calc", "--help").output
    assert "coin" in calc_help and "aos-bench" in calc_help
    assert run("coins", "coin").output.strip() == "all heads: 1/4"
    assert "coins" in run("--help").output


@pytest.mark.usefixtures("coin_game")
def test_a_game_cannot_replace_a_shared_command() -> None:
    """A game's group named `play` does not hide `bitva play`; its commands stay in its groups."""
    assert run("coins", "play").output.strip() == "the game's own play"
    shared = run("play", "--help").output
    assert "Coin calculators" not in shared and "GAME" in shared
