"""A game of Lords of War in the terminal: humans choose from numbered legal actions with previews
of what a placement eliminates; agents play their moves; the record is saved as the game goes."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from bitva.ai import make_agent
from bitva.games.lords_of_war.lines import Line, lines_after
from bitva.cli.lords_of_war_render import SEAT_STYLE, log_lines, render_screen
from bitva.core.errors import BitvaError
from bitva.core.record import Match
from bitva.core.rng import derive_seed
from bitva.games.lords_of_war.actions import Action, Place
from bitva.games.lords_of_war.state import LordsOfWarState

HELP = """Type the number of a choice, or an action in full: 'Orc Catapult@d2', 'shoot e4',
'arrows', 'berserk d3-d4', 'draw', 'recall d3'. 'b' goes back, 'q' quits (the game so far is
saved with --save)."""


class Quit(Exception):
    pass


def _summary(line: Line, seat: int) -> str:
    kills = [f"{e['card']}@{e['square']}" for e in line.losses(3 - seat)]
    losses = [f"{e['card']}@{e['square']}" for e in line.losses(seat)]
    text = (
        f"kills {', '.join(kills) if kills else '—'}; loses {', '.join(losses) if losses else '—'}"
    )
    if line.shots:
        text += " (shots " + ", ".join(f"{s}→{t}" for s, t in line.shots.items()) + ")"
    if line.result:
        text += (
            " — WINS"
            if line.result.get("winner") == seat
            else (" — draw" if line.result.get("draw") else " — LOSES")
        )
    return text


def _score(line: Line, seat: int) -> tuple[int, int]:
    win = 1 if line.result and line.result.get("winner") == seat else 0
    return win, len(line.losses(3 - seat)) - len(line.losses(seat))


class TerminalGame:
    def __init__(
        self,
        console: Console,
        players: dict[int, str],
        options: dict[str, Any],
        seed: int,
        save: Path | None,
    ) -> None:
        self.console = console
        self.players = players
        self.match = Match("lords-of-war", options, seed)
        self.match.record.players = {str(s): who for s, who in players.items()}
        self.agents = {
            seat: make_agent(who, derive_seed(seed, "agent", seat))
            for seat, who in players.items()
            if who != "human"
        }
        self.save = save
        self.log: list[str] = []
        self.last: set[int] = set()
        self.humans = [seat for seat, who in players.items() if who == "human"]

    @property
    def state(self) -> LordsOfWarState:
        state = self.match.state
        assert isinstance(state, LordsOfWarState)
        return state

    def names(self) -> dict[int, str]:
        return {seat: f"({who})" for seat, who in self.players.items()}

    def run(self) -> None:
        self.console.print(f"[bold]Lords of War[/] — seed {self.match.record.seed}. {HELP}")
        try:
            while self.state.current_player is not None:
                seat = self.state.current_player
                if seat in self.agents:
                    action = self.agents[seat].choose(self.state)
                    self._apply(action, seat)
                else:
                    self._apply(self._human(seat), seat)
        except Quit:
            self.console.print("Game left unfinished.")
        finally:
            self._save()
        viewer = self.humans[0] if len(self.humans) == 1 else None
        self.console.print(
            render_screen(self.state, viewer, self.names(), self.log[-12:], last=self.last)
        )
        outcome = self.state.outcome
        if outcome is not None:
            style = SEAT_STYLE.get(outcome.winner or 0, "bold yellow")
            self.console.print(f"[{style}]{outcome.reason}[/]")
        if self.save:
            self.console.print(f"Record saved to {self.save} (replay: bitva replay {self.save})")

    def _viewer(self) -> int | None:
        """Whose eyes the log is for: the only human, or nobody's secrets in hot-seat."""
        return self.humans[0] if len(self.humans) == 1 else None

    def _apply(self, action: Action, seat: int) -> None:
        events = self.match.apply(action)
        who = self.players[seat]
        lines = log_lines(events, self._viewer())
        if who != "human" and lines:
            lines[0] = f"[{who}] " + lines[0]
        self.log.extend(lines)
        for line in lines:
            self.console.print(
                line, markup=False, style=SEAT_STYLE[seat] if line.startswith(("P", "[")) else ""
            )
        mat = self.state.static.mat
        self.last = {mat.parse(e.data["square"]) for e in events if e.kind == "placed"}
        self.last |= {mat.parse(e.data["to"]) for e in events if e.kind == "moved"}
        self._save()

    def _save(self) -> None:
        if self.save:
            self.match.record.save(self.save)

    # -- the human's decisions ---------------------------------------------------------------
    def _ask(self, prompt: str) -> str:
        answer = self.console.input(f"[bold]{prompt}[/] ").strip()
        if answer.lower() in ("q", "quit", "exit"):
            raise Quit
        if answer.lower() in ("h", "help", "?"):
            self.console.print(HELP)
            return ""
        return answer

    def _typed(self, text: str) -> Action | None:
        try:
            action = self.state.parse_action(text)
        except BitvaError as exc:
            self.console.print(f"[red]{exc}[/]")
            return None
        if action not in self.state.legal_actions():
            from bitva.games.lords_of_war import legality

            message, rule = legality.explain(self.state, action)
            self.console.print(f"[red]{message} ({rule})[/]")
            return None
        return action

    def _human(self, seat: int) -> Action:
        state = self.state
        if len(self.humans) == 2 and state.phase in ("challenge", "deploy"):
            self.console.clear()  # hot-seat: hide the other player's hand before handing over
            self._ask(f"Player {seat}, your turn — press Enter (the other player looks away)")
        if state.phase in ("challenge", "deploy"):
            return self._choose_placement(seat)
        return self._choose_from_list(seat)

    def _choose_placement(self, seat: int) -> Action:
        state = self.state
        by_card: dict[str, list[Place]] = defaultdict(list)
        for action in state.legal_actions():
            assert isinstance(action, Place)
            by_card[action.card].append(action)
        kinds = state.hand_kinds(seat)
        refs = [state.static.kinds[seat][k].ref for k in kinds]
        while True:
            self.console.print(render_screen(state, seat, self.names(), self.log, last=self.last))
            if state.forced_placement:
                self.console.print(
                    "[yellow]No card can make contact: this is a forced placement "
                    "next to an enemy unit, and your hand will be shown (LW-6.5).[/]"
                )
            answer = self._ask(f"P{seat}: card number (1-{len(refs)}) or an action:")
            if not answer:
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(refs):
                ref = refs[int(answer) - 1]
                chosen = self._choose_square(seat, ref, by_card.get(ref, []))
                if chosen is not None:
                    return chosen
                continue
            typed = self._typed(answer)
            if typed is not None:
                return typed

    def _choose_square(self, seat: int, ref: str, options: list[Place]) -> Action | None:
        state = self.state
        mat = state.static.mat
        if not options:
            self.console.print(f"[red]{ref} cannot be placed anywhere now.[/]")
            return None
        if len(options) == 1 and state.phase == "challenge":
            return options[0]
        previews: dict[str, list[Line]] = {}
        for action in options:
            previews[action.square] = list(lines_after(state, action))
        table = Table(title=f"Where {ref} can go")
        for column in ("square", "best outcome", "ways"):
            table.add_column(column)
        highlight = {}
        for square, lines in previews.items():
            best = max(lines, key=lambda line: _score(line, seat))
            table.add_row(square, _summary(best, seat), str(len(lines)))
            kills, losses = len(best.losses(3 - seat)), len(best.losses(seat))
            highlight[mat.parse(square)] = f"+{kills} -{losses}"
        self.console.print(render_screen(state, seat, self.names(), [], highlight, self.last))
        self.console.print(table)
        while True:
            answer = self._ask(f"Square for {ref} (e.g. {options[0].square}), 'b' to go back:")
            if answer.lower() in ("b", "back"):
                return None
            if not answer:
                continue
            try:
                square = mat.name(mat.parse(answer))
            except BitvaError as exc:
                self.console.print(f"[red]{exc}[/]")
                continue
            for action in options:
                if action.square == square:
                    return action
            self.console.print(f"[red]{ref} may not go on {square}.[/]")

    def _choose_from_list(self, seat: int) -> Action:
        state = self.state
        actions = state.legal_actions()
        self.console.print(render_screen(state, seat, self.names(), self.log, last=self.last))
        headline = {
            "shoot": "Ranged unit on {sq}: choose its attack (LW-7.3)",
            "berserk": "Berserker move (LW-11.2)",
            "reinforce": "Reinforce (LW-9.1)",
        }[state.phase]
        square = (
            state.static.mat.name(state.pos[state.pending[0]]) if state.phase == "shoot" else ""
        )
        self.console.print(f"[bold]{headline.format(sq=square)}[/]")
        for number, action in enumerate(actions, start=1):
            self.console.print(f"  {number}. {self._describe(action)}")
        while True:
            answer = self._ask(f"P{seat}: choice (1-{len(actions)}) or an action:")
            if answer.isdigit() and 1 <= int(answer) <= len(actions):
                return actions[int(answer) - 1]
            if answer:
                typed = self._typed(answer)
                if typed is not None:
                    return typed

    def _describe(self, action: Action) -> str:
        state = self.state
        mat = state.static.mat
        text = str(action)
        if text == "draw":
            seat = state.active
            count = min(6 - len(state.hand[seat]), len(state.deck[seat]))
            return f"draw {count} card(s) from your deck ({len(state.deck[seat])} left)"
        if text.startswith(("shoot ", "recall ")):
            square = mat.parse(text.split()[1])
            u = state.board[square]
            card = state.static.card_of(u)
            if text.startswith("shoot"):
                shooter = state.static.card_of(state.pending[0])
                return f"{text}: {card.ref} (defence {card.defence}) takes {shooter.ranged}"
            return f"{text}: take {card.ref} back into your hand"
        if text == "arrows":
            return "arrows: attack with the arrows instead of shooting"
        return text
