"""A game in the terminal, for any game: the play loop of `bitva play`.

A `Match` drives the game, so chance is resolved (and recorded) as play goes; the game's terminal
adapter (`bitva.cli.games`) draws it. Agents play their seats; a human chooses from the numbered
legal actions or types one (or the adapter offers something richer). The log shows every move
and the chance that followed it as the viewer may see it: with one human, as that human; with
several at one screen (hot-seat), in public, and each human's own secrets only on that human's
turn, after the others have been asked to look away. The record is saved after every move.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.text import Text

from bitva.cli.games import Screen, TerminalAdapter, adapter_for
from bitva.core.chance import CHANCE
from bitva.core.errors import BitvaError, NotSupported
from bitva.core.events import Event
from bitva.core.game import Game
from bitva.core.record import Match
from bitva.core.rng import Rng, derive_seed
from bitva.core.state import State

LISTED_CANDIDATES = 12  # actions shown to a human in a game that cannot list them all


class Quit(Exception):
    """The human left the game."""


@dataclass(frozen=True)
class Move:
    """One entry of the log: a seat's action (or the chance before any action) and all the
    events it and the chance after it produced."""

    seat: int
    who: str  # "human", an agent's name, or "" for chance alone
    events: list[Event]


class TerminalGame:
    def __init__(
        self,
        console: Console,
        game: Game[Any, Any],
        options: BaseModel | dict[str, Any] | None,
        players: dict[int, str],
        seed: int,
        save: Path | None = None,
        adapter: TerminalAdapter | None = None,
    ) -> None:
        from bitva.ai import check_plays, make_agent

        for who in players.values():
            if who != "human":
                check_plays(who, game)
        self.console = console
        self.game = game
        self.adapter = adapter or adapter_for(game)
        self.players = players
        self.agents = {
            seat: make_agent(who, derive_seed(seed, "agent", seat))
            for seat, who in players.items()
            if who != "human"
        }
        self.humans = sorted(seat for seat, who in players.items() if who == "human")
        self.match = Match(game, options, seed)
        self.match.record.players = {str(seat): who for seat, who in players.items()}
        self.save = save
        self.rng = Rng(derive_seed(seed, "analyses"))  # determinizations for a human's analyses
        self.moves: list[Move] = []
        self._logs: dict[int | None, tuple[int, list[str]]] = {}
        self.last_human: int | None = None
        opening = [event for step in self.match.steps for event in step.events]
        if opening:  # the set-up's chance (a deal), shown when the game starts
            self.moves.append(Move(CHANCE, "", opening))

    @property
    def state(self) -> State[Any]:
        return self.match.state

    @property
    def viewer(self) -> int | None:
        """Whose eyes the shared screen is for: the only human, or nobody's (hot-seat, or
        agents only)."""
        return self.humans[0] if len(self.humans) == 1 else None

    def names(self) -> dict[int, str]:
        return {seat: f"({who})" for seat, who in self.players.items()}

    # -- the log -------------------------------------------------------------------------------
    def lines(self, move: Move, viewer: int | None) -> list[str]:
        lines = self.adapter.describe_events([event.for_seat(viewer) for event in move.events])
        if move.who not in ("human", "") and lines:
            lines[0] = f"[{move.who}] " + lines[0]
        return lines

    def log(self, viewer: int | None) -> list[str]:
        """The whole log as `viewer` may read it (kept up to date move by move)."""
        done, lines = self._logs.get(viewer, (0, []))
        for move in self.moves[done:]:
            lines += self.lines(move, viewer)
        self._logs[viewer] = (len(self.moves), lines)
        return lines

    def screen(self, viewer: int | None) -> Screen:
        recent = self.moves[-1].events if self.moves else []
        return Screen(self.names(), self.log(viewer), [event.for_seat(viewer) for event in recent])

    def _record(self, move: Move) -> None:
        self.moves.append(move)
        self._print(move)

    def _print(self, move: Move) -> None:
        for line in self.lines(move, self.viewer):
            style = self.adapter.seat_style(move.seat) if line.startswith(("P", "[")) else ""
            self.console.print(line, markup=False, style=style)

    # -- playing -------------------------------------------------------------------------------
    def run(self) -> None:
        record = self.match.record
        self.console.print(
            f"[bold]{escape(self.game.title)}[/] — seed {record.seed}. {escape(self.adapter.help)}"
        )
        for move in self.moves:
            self._print(move)
        try:
            while self.state.current_player is not None:
                if self.state.is_chance:  # a Match resolves chance itself; never wait on it
                    steps = self.match.resolve_chance()
                    self._record(Move(CHANCE, "", [e for step in steps for e in step.events]))
                    continue
                seat = self.state.current_player
                agent = self.agents.get(seat)
                action = agent.choose(self.state) if agent else self._human(seat)
                steps = self.match.play(action)
                self._record(Move(seat, self.players[seat], [e for s in steps for e in s.events]))
                self._save()
        except Quit:
            self.console.print("Game left unfinished.")
        finally:
            self._save()
        viewer = self.viewer
        self.console.print(self.adapter.render(self.state, viewer, self.screen(viewer)))
        outcome = self.state.outcome
        if outcome is not None:
            winner = outcome.winner
            style = self.adapter.seat_style(winner) if winner else "bold yellow"
            self.console.print(Text(self.adapter.describe_outcome(outcome), style=style))
        if self.save:
            self.console.print(
                f"Record saved to {self.save} (replay: bitva replay {self.save})",
                markup=False,
                soft_wrap=True,
            )

    def _save(self) -> None:
        if self.save:
            self.match.record.save(self.save)

    def _human(self, seat: int) -> Any:
        turn = HumanTurn(self, seat)
        if len(self.humans) > 1 and seat != self.last_human:
            self.console.clear()  # hot-seat: hide the last player's secrets before handing over
            turn.ask(f"Player {seat}, your turn — press Enter (the others look away)")
        self.last_human = seat
        action = self.adapter.choose(turn)
        return action if action is not None else turn.choose_from_list()


class HumanTurn:
    """One decision of a human seat: what an adapter's `choose` works with."""

    def __init__(self, game: TerminalGame, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.console = game.console
        self.adapter = game.adapter

    @property
    def state(self) -> State[Any]:
        return self.game.state

    def screen(self) -> Screen:
        """The log and recent events as this seat may see them."""
        return self.game.screen(self.seat)

    def show(self, renderable: RenderableType | str) -> None:
        self.console.print(renderable)

    def error(self, message: str) -> None:
        self.console.print(Text(message, style="red"))

    def show_screen(self) -> None:
        self.show(self.adapter.render(self.state, self.seat, self.screen()))

    def ask(self, prompt: str) -> str:
        """The human's answer; 'q' quits, '?' shows the help and 'a' the analyses (both answer
        ""); the end of the input quits too."""
        try:
            answer = self.console.input(f"[bold]{escape(prompt)}[/] ").strip()
        except EOFError:
            raise Quit from None
        lowered = answer.lower()
        if lowered in ("q", "quit", "exit"):
            raise Quit
        if lowered in ("?", "h", "help"):
            self.show(Text(self.adapter.help))
            return ""
        if lowered == "a" or (lowered.startswith("a ") and lowered[2:].strip() in self.analyses()):
            self.analyse(lowered[2:].strip())
            return ""
        return answer

    def typed(self, text: str) -> Any | None:
        """The action the human typed, or None after saying why it cannot be played."""
        try:
            action = self.state.parse_action(text)
        except BitvaError as exc:
            self.error(str(exc))
            return None
        violation = self.state.check(action)
        if violation is not None:
            self.error(str(violation))
            return None
        return action

    def choose_from_list(self) -> Any:
        """The numbered legal actions (a sample of them in a game that cannot list them all);
        the human answers with a number or an action in full."""
        state = self.state
        try:
            actions = state.legal_actions()
            complete = True
        except NotSupported:
            actions = state.candidate_actions(self.game.rng, LISTED_CANDIDATES)
            complete = False
        self.show_screen()
        heading = self.adapter.heading(state, self.seat)
        if heading:
            self.show(Text(heading, style="bold"))
        if not complete:
            self.show("Some of the legal actions (type any other in full):")
        for number, action in enumerate(actions, start=1):
            self.show(Text(f"  {number}. {self.adapter.action_label(state, action)}"))
        while True:
            answer = self.ask(f"P{self.seat}: choice (1-{len(actions)}) or an action:")
            if answer.isdigit() and 1 <= int(answer) <= len(actions):
                return actions[int(answer) - 1]
            if answer:
                typed = self.typed(answer)
                if typed is not None:
                    return typed

    # -- analyses on request -----------------------------------------------------------------
    def analyses(self) -> dict[str, Any]:
        """The game's analyses offered to this seat now."""
        return {
            name: analysis
            for name, analysis in self.game.game.analyses.items()
            if analysis.offered(self.state, self.seat)
        }

    def analyse(self, name: str) -> None:
        """Run an analysis on what this seat knows (a determinization: nothing leaks)."""
        offered = self.analyses()
        if name not in offered:
            listing = ", ".join(f"'a {n}' ({a.title})" for n, a in offered.items())
            self.show(Text(f"Analyses: {listing}" if listing else "No analysis is offered now."))
            return
        analysis = offered[name]
        state = self.state.determinize(self.seat, self.game.rng)
        result = analysis.run(state, self.seat)
        self.show(self.adapter.render_analysis(analysis, result, state, f"player {self.seat}"))
