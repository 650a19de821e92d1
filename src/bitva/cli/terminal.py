"""A game in the terminal, for any game: the play loop of `bitva play`.

A `Match` drives the game, so chance is resolved (and recorded) as play goes; the game's terminal
adapter (`bitva.cli.games`) draws it and a display (`bitva.cli.terminal_screen`) shows it: one
screen redrawn in place on a terminal, a plain stream anywhere else. Agents play their seats; a
human chooses from the numbered legal actions or types one (or the adapter offers something
richer). The log shows every move and the chance that followed it as the viewer may see it: with
one human, as that human; with several at one screen (hot-seat), in public, and each human's own
secrets only on that human's turn, after the others have been asked to look away.

A human takes back his own last decision with 'u' (`bitva.core.undo`): one at a time, back to
the last roll or draw or the last decision of another seat (against the AI: within his own turn,
before the AI replies), never a decision that showed him something hidden.

The record is saved after every move (`--save`); a human who leaves is asked to confirm, the
record is kept (in the data folder when there was no `--save`) and `bitva play --resume FILE`
replays it and goes on where the game was left, with the same seats.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir
from pydantic import BaseModel
from rich.console import Console, RenderableType
from rich.text import Text

from bitva.cli.games import Screen, TerminalAdapter, adapter_for
from bitva.cli.terminal_screen import Display, LiveDisplay, StreamDisplay, is_live
from bitva.core.chance import CHANCE
from bitva.core.errors import BitvaError, NotSupported
from bitva.core.events import Event
from bitva.core.game import Game, ParameterError
from bitva.core.outcome import Outcome
from bitva.core.record import GameRecord, Match, Step, replay, start, verify
from bitva.core.rng import Rng, derive_seed
from bitva.core.state import State
from bitva.core.undo import Refusal, check, undo

LISTED_CANDIDATES = 12  # actions shown to a human in a game that cannot list them all
GAME_OVER = "game-over"  # the event the end line tells (so the log does not tell it too)


class Quit(Exception):
    """The human left the game."""


class UndoAsked(Exception):
    """The human asked to take back his last decision (and may: `HumanTurn.ask` checked)."""


@dataclass(frozen=True)
class Move:
    """One entry of the log: a seat's action (or the chance before any action) and all the
    events it and the chance after it produced."""

    seat: int
    who: str  # "human", an agent's name, or "" for chance alone
    events: list[Event]


def end_line(outcome: Outcome, viewer: int | None, name: Callable[[int], str] | None = None) -> str:
    """Who won, from the outcome's codes and for `viewer` (the only human at the screen, or
    None), each seat called by `name` (the adapter's `seat_name`; "Player N" without one).

    >>> end_line(Outcome.win(2, 2, "units"), 1), end_line(Outcome.win(2, 2, "units"), 2)
    ('You lose: Player 2 wins', 'You win')
    >>> end_line(Outcome.win(2, 2, "units"), 1, {1: "South", 2: "North"}.__getitem__)
    'You lose: North wins'
    >>> end_line(Outcome.solo(False, "bust"), 1), end_line(Outcome.solo(True, "target"), None)
    ('You lose to the rules', 'Player 1 wins')
    >>> end_line(Outcome.drawn(2, "both-thresholds"), 1)
    'Draw'
    """
    called = name or (lambda seat: f"Player {seat}")
    winners = list(outcome.winners)
    if outcome.result == "win" and winners:
        if viewer in winners:
            others = [called(seat) for seat in winners if seat != viewer]
            return "You win" if not others else f"You and {' and '.join(others)} win"
        names = " and ".join(called(seat) for seat in winners)
        line = f"{names} win" + ("s" if len(winners) == 1 else "")
        return f"You lose: {line}" if viewer is not None else line
    if outcome.result == "draw":
        return "Draw"
    if len(outcome.returns) == 1:  # a solo game: the opponent is the rules themselves
        return "You lose to the rules" if viewer == 1 else f"{called(1)} loses to the rules"
    return "You all lose" if viewer is not None else "Every player loses"


def sentence(text: str) -> str:
    """`text` ended as a sentence: a full stop, unless it ends with a mark of its own (a card
    named "Rampage!" ends "keep Rampage!", never "Rampage!.": issue 21.7)."""
    return text if text.endswith((".", "!", "?", "…")) else f"{text}."


def unfinished_path(record: GameRecord) -> Path:
    """Where a game left without --save is kept: the data folder (BITVA_DATA_DIR if set)."""
    folder = Path(os.environ.get("BITVA_DATA_DIR") or user_data_dir("bitva", appauthor=False))
    return folder / "unfinished" / f"{record.game}-{record.seed}.json"


def resumed_match(game: Game[Any, Any], record: GameRecord) -> Match:
    """A match that goes on from `record`: every step replayed (and checked against its
    digest), the state's chance where the record left it, the record kept as it was."""
    if record.game != game.name:
        raise BitvaError(f"the record is a game of {record.game}, not {game.name}")
    verify(record)  # RecordError names the first step that does not replay
    match = Match(game, record.options, record.seed)
    state, steps = start(record), []
    for step in replay(record):
        state = step.state
        steps.append(Step(step.index, step.seat, step.action, step.events))
    match.state, match.steps, match.record = state, steps, record.model_copy(deep=True)
    return match


def moves_of(steps: list[Step], players: dict[int, str]) -> list[Move]:
    """The log's moves: each seat's step with the chance steps that follow it."""
    moves: list[Move] = []
    for step in steps:
        if step.chance and moves:
            moves[-1].events.extend(step.events)
        elif step.chance:
            moves.append(Move(CHANCE, "", list(step.events)))
        else:
            moves.append(Move(step.seat, players.get(step.seat, ""), list(step.events)))
    return moves


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
        resume: GameRecord | None = None,
        live: bool | None = None,
    ) -> None:
        from bitva.ai import check_plays, make_agent

        for who in players.values():
            if who != "human":
                check_plays(who, game)
        self.console = console
        self.game = game
        self.adapter = adapter or adapter_for(game)
        self.players = players
        self.match = resumed_match(game, resume) if resume else Match(game, options, seed)
        # an adapter whose words depend on this game's options (`bound`) is bound to it
        bound = getattr(self.adapter, "bound", None)
        if callable(bound):
            self.adapter = bound(self.state)
        seed = self.match.record.seed
        played = len(self.match.record.actions)
        later = (played,) if resume else ()  # agents resumed later play on fresh seeds
        self.agents = {
            seat: make_agent(who, derive_seed(seed, "agent", seat, *later))
            for seat, who in players.items()
            if who != "human"
        }
        self.humans = sorted(seat for seat, who in players.items() if who == "human")
        self.match.record.players = {str(seat): who for seat, who in players.items()}
        self.save = save
        self.resumed = played if resume else None
        self.rng = Rng(derive_seed(seed, "analyses", *later))  # a human's analyses
        self.moves = moves_of(self.match.steps, players)
        self._logs: dict[int | None, tuple[int, list[str]]] = {}
        self.last_human: int | None = None
        # the state before each decision since the last chance outcome, by step index (undo
        # takes it instead of replaying the record), and what to tell the next prompt
        self.kept: dict[int, State[Any]] = {}
        self.notice: str | None = None
        live = is_live(console) if live is None else live
        self.display: Display = LiveDisplay(self) if live else StreamDisplay(self)

    @property
    def state(self) -> State[Any]:
        return self.match.state

    @property
    def viewer(self) -> int | None:
        """Whose eyes the shared screen is for: the only human, or nobody's (hot-seat, or
        agents only)."""
        return self.humans[0] if len(self.humans) == 1 else None

    def names(self) -> dict[int, str]:
        return {
            seat: "(you)" if seat == self.viewer else f"({who})"
            for seat, who in self.players.items()
        }

    def title_line(self) -> str:
        """The first line: the game, the seed and, when a human plays, what to type."""
        title = f"{self.game.title} — seed {self.match.record.seed}"
        if self.resumed is not None:
            title += f" — resumed after {self.resumed} steps"
        if not self.humans:
            return title + " — " + " vs ".join(f"P{s} {w}" for s, w in self.players.items())
        return f"{title}. {self.adapter.help}"

    # -- the log -------------------------------------------------------------------------------
    def lines(self, move: Move, viewer: int | None) -> list[str]:
        """The log lines of `move` for `viewer` (the end of the game is the end line's), the
        first tagged with the agent that acted: an adapter's `actor(events)` may say whose act
        the first line tells (a BattleLore move resolves on the other seat's "pass")."""
        events = [event.for_seat(viewer) for event in move.events if event.kind != GAME_OVER]
        lines = self.adapter.describe_events(events)
        who, actor = move.who, getattr(self.adapter, "actor", None)
        seat = actor(events) if callable(actor) and move.who else None
        if seat is not None:
            who = self.players.get(seat, "")
        if who not in ("human", "") and lines:
            lines[0] = f"[{who}] " + lines[0]
        return lines

    def log(self, viewer: int | None) -> list[str]:
        """The whole log as `viewer` may read it (kept up to date move by move)."""
        done, lines = self._logs.get(viewer, (0, []))
        for move in self.moves[done:]:
            lines += self.lines(move, viewer)
        self._logs[viewer] = (len(self.moves), lines)
        return lines

    def recent(self, viewer: int | None) -> list[dict[str, Any]]:
        """The events of the last move as `viewer` sees them."""
        return [event.for_seat(viewer) for event in self.moves[-1].events] if self.moves else []

    def screen(self, viewer: int | None) -> Screen:
        return Screen(self.names(), self.log(viewer), self.recent(viewer))

    def _record(self, move: Move) -> None:
        self.moves.append(move)
        self.display.moved(move)

    # -- playing -------------------------------------------------------------------------------
    def run(self) -> None:
        self.display.start()
        left = False
        try:
            while self.state.current_player is not None:
                if self.state.is_chance:  # a Match resolves chance itself; never wait on it
                    steps = self.match.resolve_chance()
                    self.kept.clear()
                    self._record(Move(CHANCE, "", [e for step in steps for e in step.events]))
                    continue
                seat = self.state.current_player
                agent = self.agents.get(seat)
                if agent:
                    self.display.thinking(seat)
                try:
                    action = agent.choose(self.state) if agent else self._human(seat)
                except UndoAsked:
                    self.take_back(seat)
                    continue
                before = None if agent else self.state.clone()  # a human may undo it
                steps = self.match.play(action)
                self._kept(before, steps)
                self._record(Move(seat, self.players[seat], [e for s in steps for e in s.events]))
                self._save()
        except (Quit, KeyboardInterrupt):
            left = True
        finally:
            self._save(left)
        self.display.finish(self.closing_lines(left))

    # -- undo ----------------------------------------------------------------------------------
    def _kept(self, before: State[Any] | None, steps: list[Step]) -> None:
        """Keep the state before a decision for undo, until chance follows (never undone)."""
        if any(step.chance for step in steps):
            self.kept.clear()
        elif before is not None:
            self.kept[steps[0].index] = before

    def undo_refusal(self, seat: int) -> Refusal | None:
        """Why `seat` may not take back its last decision now (None: it may)."""
        match = self.match
        seats = [step.seat for step in match.steps]
        before = self.kept.get(len(seats) - 1)
        return check(match.record, seats, seat, match.state, before)

    def take_back(self, seat: int) -> None:
        """Undo `seat`'s last decision: the state, record, log and save go back one step."""
        match = self.match
        seats = [step.seat for step in match.steps]
        before = self.kept.pop(len(seats) - 1, None)
        done = undo(match.record, seats, seat, match.state, before)
        match.state, match.record = done.state, done.record
        del match.steps[-1]
        self.moves = moves_of(match.steps, self.players)
        self._logs.clear()
        label = self.adapter.action_label(done.state, done.state.parse_action(done.action))
        self.notice = sentence(f"Taken back: {label}")
        self._save()

    def closing_lines(self, left: bool) -> list[Text]:
        """Who won (or how to go on), and where the record is."""
        lines: list[Text] = []
        outcome = self.state.outcome
        path = self.where_saved(left)
        if outcome is not None:
            viewer = self.viewer
            winner = outcome.winner
            style = self.adapter.seat_style(winner) if winner else "bold yellow"
            reason = self.adapter.outcome_reason(outcome, viewer)
            line = end_line(outcome, viewer, self.adapter.seat_name)
            lines.append(Text(f"{line} — {reason}", style=style))
        elif left and path is not None:
            lines.append(Text("Game left unfinished. Resume it with:", style="bold"))
            lines.append(Text(f"  bitva play --resume {path}"))
        if path is not None and outcome is not None:
            lines.append(Text(f"Record saved to {path} (replay: bitva replay {path})"))
        elif path is not None and not left:
            lines.append(Text(f"Record saved to {path} (resume: bitva play --resume {path})"))
        return lines

    def where_saved(self, left: bool) -> Path | None:
        if self.save is not None:
            return self.save
        if left and self.humans and self.state.outcome is None:
            return unfinished_path(self.match.record)
        return None

    def _save(self, left: bool = False) -> None:
        path = self.where_saved(left)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.match.record.save(path)

    def _human(self, seat: int) -> Any:
        turn = HumanTurn(self, seat)
        if len(self.humans) > 1 and seat != self.last_human:
            who = self.adapter.seat_name(seat)
            turn.ask(f"{who}, your turn — press Enter (the others look away)", hidden=True)
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
        # why the last answer was refused (or what was taken back), shown once
        self.message: str | None = game.notice
        game.notice = None

    @property
    def state(self) -> State[Any]:
        return self.game.state

    def screen(self) -> Screen:
        """The log and recent events as this seat may see them."""
        return self.game.screen(self.seat)

    def error(self, message: str) -> None:
        """Say why an answer was refused (with the next question)."""
        self.message = message

    def show(self, renderable: RenderableType | str) -> None:
        """Something to read that is not the game (an analysis, the help)."""
        self.game.display.page(renderable)

    def ask(
        self,
        prompt: str,
        menu: list[str] | None = None,
        heading: str | None = None,
        marks: dict[str, str] | None = None,
        hidden: bool = False,
    ) -> str:
        """The human's answer to `prompt` under the position, `heading` and the numbered
        `menu`. 'q' leaves (after a confirmation), '?' shows the help and 'a' the analyses
        (both answer ""), 'u' takes back the seat's last decision (or says why it cannot, and
        answers ""); the end of the input leaves too."""
        screen = replace(
            self.screen(),
            heading=heading,
            menu=tuple(menu or ()),
            marks=dict(marks or {}),
            message=self.message,
        )
        self.message = None
        try:
            answer = self.game.display.ask(self.seat, prompt, screen, hidden).strip()
        except EOFError:
            raise Quit from None
        lowered = answer.lower()
        if lowered in ("q", "quit", "exit"):
            self.confirm_leaving(screen)
            return ""
        if lowered in ("?", "h", "help"):
            self.show(Text(self.adapter.help))
            return ""
        if lowered in ("u", "undo"):
            refusal = self.game.undo_refusal(self.seat)
            if refusal is None:
                raise UndoAsked
            self.error(sentence(f"Cannot undo: {refusal}"))
            return ""
        words = answer.split()
        if lowered == "a" or (
            len(words) > 1 and words[0].lower() == "a" and words[1].lower() in self.analyses()
        ):
            self.analyse(words[1].lower() if len(words) > 1 else "", words[2:])
            return ""
        return answer

    def confirm_leaving(self, screen: Screen) -> None:
        """Raise Quit if the human says yes; the message tells how to come back."""
        path = self.game.where_saved(left=True)
        how = f"`bitva play --resume {path}` goes on with it" if path else "nothing is saved"
        screen = replace(screen, message=f"The game is kept: {how}.")
        try:
            answer = self.game.display.ask(self.seat, "Leave the game? (y/n)", screen)
        except EOFError:
            raise Quit from None
        if answer.strip().lower() in ("y", "yes", "q"):
            raise Quit

    def typed(self, text: str) -> Any | None:
        """The action the human typed, or None after saying why it cannot be played. An
        adapter with its own `typed(turn, text)` reads it in the game's words (BattleLore: a
        bare hex, 'l', '? CARD', cards by name in a refusal)."""
        own = getattr(self.adapter, "typed", None)
        if callable(own):
            return own(self, text)
        return self.parsed(text)

    def parsed(self, text: str) -> Any | None:
        """The action `text` writes in the game's grammar, or None after saying why not."""
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
            heading = self.adapter.heading(state, self.seat)
        except NotSupported:
            actions = state.candidate_actions(self.game.rng, LISTED_CANDIDATES)
            heading = "Some of the legal actions (type any other in full):"
        menu = [
            f"{number}. {self.adapter.action_label(state, action)}"
            for number, action in enumerate(actions, start=1)
        ]
        while True:
            prompt = f"P{self.seat}: choice (1-{len(actions)}) or an action:"
            answer = self.ask(prompt, menu, heading)
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

    def analyse(self, name: str, words: Sequence[str] = ()) -> None:
        """Run an analysis on what this seat knows (a determinization: nothing leaks); an
        analysis that takes parameters reads them as `NAME=VALUE` words (`a odds unit=A1`)."""
        offered = self.analyses()
        if name not in offered:
            listing = ", ".join(f"'a {n}' ({a.title})" for n, a in offered.items())
            self.error(f"Analyses: {listing}" if listing else "No analysis is offered now.")
            return
        analysis = offered[name]
        values: dict[str, str] = {}
        for word in words:
            key, sep, value = word.partition("=")
            if not sep or not key:
                self.error(f"cannot read {word!r}: give parameters as NAME=VALUE")
                return
            values[key] = value
        state = self.state.determinize(self.seat, self.game.rng)
        try:
            result = analysis.answer(state, self.seat, values)
        except ParameterError as exc:
            self.error(str(exc))
            return
        self.show(self.adapter.render_analysis(analysis, result, state, f"player {self.seat}"))
