"""Terminal adapters: how a game looks and is played in the terminal.

The commands know no game: they ask `adapter_for(game)` and talk to what it returns through the
`TerminalAdapter` protocol. A game's own adapter is found by naming convention, never by a list:
the module `bitva.cli.games.<game name with - written _>` (e.g. `my_game.py` for
"my-game") defining `ADAPTER`, or for a game installed from another distribution, the object its
entry point in the group `bitva.terminal` names (`my-game = "my_game.terminal:ADAPTER"`). A game
without one gets `GenericAdapter` (`generic.py`):
its view as a readable tree, the legal actions numbered, events and outcomes described from
their codes. Game adapters usually subclass `GenericAdapter` and override what they draw
better.

An adapter may bring commands of the game's own (`commands`: Typer apps by the name of the `bitva`
group they join, e.g. a calculator under `bitva calc`); the command line mounts those of every
game it knows (`game_adapters()`).

>>> from bitva.cli.games.generic import GenericAdapter
>>> isinstance(adapter_for("no-such-game"), GenericAdapter)
True
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import typer
from rich.console import RenderableType
from rich.text import Text

from bitva.core.errors import BitvaError
from bitva.core.game import Analysis, Game
from bitva.core.outcome import Outcome
from bitva.core.registry import TERMINAL_GROUP, extension, extension_names, known_names
from bitva.core.state import State

if TYPE_CHECKING:
    from bitva.cli.terminal import HumanTurn


Size = tuple[int, int]  # a terminal's (columns, lines)


@dataclass(frozen=True)
class Screen:
    """What the play loop knows beyond the state, for drawing a screen: who plays each seat,
    the log as the viewer may read it (oldest first), and the events of the last move as the
    viewer sees them (so an adapter can mark what just changed).

    While a human decides it also carries the question: a `heading`, the numbered `menu` of
    choices, `marks` (a short note per square or place, e.g. what a placement there would
    win) and a `message` (why the last answer was refused)."""

    names: Mapping[int, str] = field(default_factory=dict)
    log: Sequence[str] = ()
    recent: Sequence[Mapping[str, Any]] = ()
    heading: str | None = None
    menu: Sequence[str] = ()
    marks: Mapping[str, str] = field(default_factory=dict)
    message: str | None = None


class TerminalAdapter(Protocol):
    """How one game is drawn and played in the terminal. Everything an adapter is given about
    a seat is already what that seat may see: events come filtered (`Event.for_seat`), and
    `render` must show `seat`'s secrets only (None: a spectator, or hot-seat onlookers)."""

    help: str  # what a human may type, shown at the start and on '?'
    # the game's own commands: under each `bitva` group name, a Typer app whose commands join
    # that group (`{"calc": app}` makes `bitva calc <command>`); empty for most games
    commands: Mapping[str, typer.Typer]

    def render(self, state: State[Any], seat: int | None, screen: Screen) -> RenderableType:
        """The screen for `seat`: the position as that seat sees it, and the recent log."""
        ...

    def frame(self, state: State[Any], seat: int | None, screen: Screen, size: Size) -> list[Text]:
        """The whole screen above the prompt for a terminal of `size` (columns, lines): the
        position as `seat` sees it, the question (`screen.heading`, `menu`, `marks`,
        `message`) and as much of the log's end as there is room for. One `Text` per line;
        lines that do not fit the size tell the play loop that the window is too small."""
        ...

    def describe_events(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        """Log lines for the events of one move (the seat's action and the chance that
        followed), each event a dict with "kind" and its data."""
        ...

    def describe_outcome(self, outcome: Outcome) -> str:
        """One line for how the game ended, from the outcome's codes (result, reason, params,
        rule), never from prose."""
        ...

    def outcome_reason(self, outcome: Outcome, viewer: int | None) -> str:
        """Why the game ended, for the end line after "You win" / "Player 2 wins": from the
        outcome's codes, worded for `viewer` (None: nobody's side), the rule last."""
        ...

    def seat_style(self, seat: int) -> str:
        """The Rich style of a seat's name and log lines."""
        ...

    def seat_name(self, seat: int) -> str:
        """What a seat is called at the table ("Player 2"; a game with sides names them)."""
        ...

    def action_label(self, state: State[Any], action: Any) -> str:
        """How a legal action reads in the numbered list a human chooses from."""
        ...

    def step_words(self, text: str) -> str:
        """A recorded step's text (an action or a chance outcome) in players' words."""
        ...

    def heading(self, state: State[Any], seat: int) -> str | None:
        """A line above the numbered list (what the decision is about), or None."""
        ...

    def choose(self, turn: HumanTurn) -> Any | None:
        """A richer way for a human to decide (say, a card first, then a square with
        previews); None leaves the decision to the numbered list."""
        ...

    def render_analysis(
        self, analysis: Analysis, result: Mapping[str, Any], state: State[Any], source: str
    ) -> RenderableType:
        """The result of `analysis` on `state` (read from `source`) for `bitva analyse`."""
        ...

    def analysis_json(self, analysis: Analysis, result: Mapping[str, Any]) -> str:
        """The result as the JSON text `bitva analyse --json` prints."""
        ...


_MODULE_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


@functools.cache
def adapter_for(game: Game[Any, Any] | str) -> TerminalAdapter:
    """The terminal adapter of `game`: its own module's `ADAPTER`, or the generic one."""
    from bitva.cli.games.generic import GENERIC

    game_name = game if isinstance(game, str) else game.name
    name = game_name.replace("-", "_")
    if not _MODULE_NAME.match(name) or name == "generic":
        return GENERIC
    module_name = f"{__name__}.{name}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise  # the adapter exists but is broken: say so
        return _installed(game_name) or GENERIC
    adapter: TerminalAdapter = module.ADAPTER
    return adapter


def _installed(game_name: str) -> TerminalAdapter | None:
    """The adapter an installed distribution declares for the game (`bitva.terminal`)."""
    found = extension(TERMINAL_GROUP, game_name)
    if found is None:
        return None
    if not callable(getattr(found, "frame", None)):
        raise BitvaError(f"the {TERMINAL_GROUP} entry point of {game_name} is no terminal adapter")
    adapter: TerminalAdapter = found  # type: ignore[assignment]  # checked above by its members
    return adapter


def game_adapters() -> list[TerminalAdapter]:
    """The adapters of every game the registry knows or an installed distribution gives a
    terminal adapter, each once (the generic one left out)."""
    from bitva.cli.games.generic import GENERIC

    found: list[TerminalAdapter] = []
    for name in sorted({*known_names(), *extension_names(TERMINAL_GROUP)}):
        adapter = adapter_for(name)
        if adapter is not GENERIC and all(adapter is not seen for seen in found):
            found.append(adapter)
    return found


__all__ = ["Screen", "Size", "TerminalAdapter", "adapter_for", "game_adapters"]
